"""The documentation site (``docs/``, ``mkdocs.yml``) stays true to the code.

* Every ``python`` code block of every page runs, so examples cannot rot, both ways the page
  claims: each block runs alone, in a fresh namespace, unless its first line says that it
  continues the blocks above (``# continues the blocks above``); and every page runs in
  order in one namespace, as a reader going down the page would run it. A block whose first
  line is ``# not run`` is skipped. A block built at build time (``exec="on"``) runs alone
  there (markdown-exec gives each its own namespace), so it cannot continue another.
  Snippet includes (``--8<-- "path"``) are expanded as pymdownx.snippets does. The example
  plugin in ``docs/examples/burgundy-tithe`` is made importable through its entry point, as
  ``pip install -e docs/examples/burgundy-tithe`` would, for the pages that use it.
* The hook reference renders every ``burgundy_*`` hook of :mod:`burgundy.hookspecs`: the page
  has the ``::: burgundy.hookspecs`` directive with no filter that drops a hook, and every
  hookspec has a docstring (mkdocstrings skips undocumented objects). Checked without
  building the site.
* The rulings: every ruling id that the code, the plugins, the tests or the pages cite is
  explained on the rules reference (``docs/rules.md``, as a bold ``**R-...**``), and
  :data:`RULING_IDS` lists exactly the rulings explained there. Nothing outside the
  repository is read.
* The concept pages name every option, pending type and action type of the core, the
  knowledge page every tile, the shields page every shield (with its VP) and every action
  and pending type of the variant, the command-line page every subcommand and option, the
  bots page every bot name, and the API reference every public module.
"""

from __future__ import annotations

import inspect
import json
import math
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

import burgundy
import burgundy.bots
import burgundy.render
import burgundy.rules
import burgundy.tournament
from burgundy import actions, cli, hookspecs, pending, variants

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# The rulings of the project that this repository implements or records: each is explained on
# docs/rules.md, which is what the repository publishes of them. A ruling added there must be added
# here too.
RULING_IDS: tuple[str, ...] = (
    "R-TIEBREAK",
    "R-BUILDING-FULL",
    "R-TOWNHALL",
    "R-CASTLE",
    "R-EFFECT-OPTIONAL",
    "R-SHIP",
    "R-TURNORDER",
    "R-BONUS",
    "R-STORAGE",
    "R-WHITE",
    "R-DEPOT-EMPTY",
    "R-OUTPOSTS",
    "R-OUTPOSTS-BONUS",
    "R-SHIELD-14-15",
    "R-SOLO-RIVER",
    "R-INN",
    "R-INN-PLACE",
    "R-WHITE-CASTLE",
    "R-EXTRA-HEXES",
    "R-SOLO-COUNT",
    "R-SOLO-REMOVE",
    "R-SOLO-BLACK",
    "R-SOLO-KNOWLEDGE",
    "R-SOLO-COLOUR",
    "R-SOLO-TARGET",
    "R-SOLO-RESULT",
    "R-SOLO-ORDER",
    "R-TEAM-SEATS",
    "R-TEAM-STORAGE",
    "R-TEAM-DUCHY",
    "R-TEAM-RESULT",
    "R-ROUTE",
    "R-ROUTE-DECK",
    "R-ROUTE-DEAL",
    "R-ROUTE-INCOME",
    "R-ROUTE-CHOICE",
    "R-ROUTE-EXTRA",
    "R-ROUTE-NESTED",
    "R-ROUTE-TEAM",
)
CITING_FOLDERS: tuple[str, ...] = ("src", "plugins", "tests", "docs")
"""The folders whose files cite ruling ids (code, plugins, tests, pages)."""
RULING_ID = re.compile(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
EXPLAINED_RULING = re.compile(r"\*\*(R-[A-Z0-9]+(?:-[A-Z0-9]+)*)\*\*")
"""How the rules reference explains a ruling: its id in bold, followed by the ruling."""

# A block markdown-exec runs at build time (``python exec="on" ...``) runs here too.
FENCE_START = re.compile(r"^(?P<indent>[ \t]*)```python(?:[ \t]+exec=\"on\"[^\n]*)?[ \t]*$")
SNIPPET = re.compile(r"^[ \t]*--8<--[ \t]+\"(?P<path>[^\"]+)\"[ \t]*$")
DIRECTIVE = re.compile(r"^:::[ \t]+(?P<identifier>[\w.]+)[ \t]*$")
SKIP_MARK = "# not run"
CONTINUES_MARK = "# continues the blocks above"
"""The first line of a block that needs the page's earlier blocks to have run."""


# -- reading pages --------------------------------------------------------------------------
def _pages() -> list[Path]:
    """Every Markdown page of the site (the example plugin's folder holds no pages)."""
    return sorted(p for p in DOCS.rglob("*.md") if "examples" not in p.relative_to(DOCS).parts)


def _expand_snippet(line: str) -> str:
    """The text a ``--8<-- "path[:start[:end]]"`` line stands for (paths from the repo root)."""
    match = SNIPPET.match(line)
    if match is None:
        return line
    path, *lines = match.group("path").split(":")
    text = (ROOT / path).read_text(encoding="utf-8")
    if lines:
        start = int(lines[0])
        end = int(lines[1]) if len(lines) > 1 else start
        text = "\n".join(text.splitlines()[start - 1 : end])
    return text.rstrip("\n")


def python_blocks(text: str) -> list[tuple[int, str]]:
    """The ``python`` fenced blocks of a page: ``(first line number, code)``, in order."""
    return [(line, code) for line, code, _ in python_blocks_with_fences(text)]


def python_blocks_with_fences(text: str) -> list[tuple[int, str, str]]:
    """The ``python`` fenced blocks of a page: ``(first line number, code, fence line)``."""
    blocks: list[tuple[int, str, str]] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        start = FENCE_START.match(lines[index])
        index += 1
        if start is None:
            continue
        indent = start.group("indent")
        first = index + 1
        body: list[str] = []
        while index < len(lines) and lines[index].strip() != "```":
            line = lines[index]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            index += 1
        index += 1
        code = "\n".join(_expand_snippet(line) for line in body)
        blocks.append((first, code + "\n", lines[first - 2].strip()))
    return blocks


def _page_id(page: Path) -> str:
    return page.relative_to(DOCS).as_posix()


PAGES_WITH_CODE = [p for p in _pages() if python_blocks(p.read_text(encoding="utf-8"))]


def continues(code: str) -> bool:
    """Whether a block says that it continues the page's earlier blocks (its first line)."""
    return code.lstrip().startswith(CONTINUES_MARK)


def _namespace(page: Path) -> dict[str, Any]:
    return {"__name__": f"docs_example_{page.stem.replace('-', '_')}"}


# -- (a) every example runs, both ways the page claims --------------------------------------
@pytest.mark.parametrize("page", PAGES_WITH_CODE, ids=_page_id)
def test_python_examples_run_in_order(page: Path, request: pytest.FixtureRequest) -> None:
    """The page's blocks, in order in one namespace: as a reader going down the page."""
    text = page.read_text(encoding="utf-8")
    if "burgundy_tithe" in text or "burgundy-tithe" in text:
        request.getfixturevalue("tithe_installed")
    namespace = _namespace(page)
    for line, code in python_blocks(text):
        if code.lstrip().startswith(SKIP_MARK):
            continue
        compiled = compile(code, f"{_page_id(page)}:{line}", "exec")
        exec(compiled, namespace)


@pytest.mark.parametrize("page", PAGES_WITH_CODE, ids=_page_id)
def test_python_examples_run_alone(page: Path, request: pytest.FixtureRequest) -> None:
    """Every block that does not say it continues the blocks above runs by itself, in a
    fresh namespace, as a reader who copies just that block would run it."""
    text = page.read_text(encoding="utf-8")
    if "burgundy_tithe" in text or "burgundy-tithe" in text:
        request.getfixturevalue("tithe_installed")
    for index, (line, code, fence) in enumerate(python_blocks_with_fences(text)):
        where = f"{_page_id(page)}:{line}"
        if continues(code):
            assert index > 0, f"{where}: the first block has no blocks above to continue"
            assert 'exec="on"' not in fence or "session=" in fence, (
                f"{where}: a block run at build time runs alone (markdown-exec); it cannot "
                "continue the blocks above"
            )
            continue
        if code.lstrip().startswith(SKIP_MARK):
            continue
        try:
            exec(compile(code, where, "exec"), _namespace(page))
        except NameError as error:
            raise AssertionError(
                f"{where} does not run alone ({error}): make it self-contained, or start it "
                f"with {CONTINUES_MARK!r}"
            ) from error


def test_block_marks_are_read() -> None:
    text = (
        "```python\nx = 1\n```\n"
        f"```python\n{CONTINUES_MARK}\nprint(x)\n```\n"
        '```python exec="on"\nprint(2)\n```\n'
    )
    blocks = python_blocks_with_fences(text)
    assert [continues(code) for _, code, _ in blocks] == [False, True, False]
    assert blocks[2][2] == '```python exec="on"'


def test_block_extraction_handles_indent_snippets_and_skips() -> None:
    text = (
        "```python\nx = 1\n```\n"
        "!!! note\n    ```python\n    y = x + 1\n    ```\n"
        "```python\n# not run\nraise SystemExit\n```\n"
        '```python\n--8<-- "CHANGELOG.md:1:1"\n```\n'
        "```toml\n[x]\n```\n"
    )
    blocks = [code for _, code in python_blocks(text)]
    assert blocks == ["x = 1\n", "y = x + 1\n", "# not run\nraise SystemExit\n", "# Changelog\n"]


# -- (b) the hook reference shows every hook ------------------------------------------------
def _directives(text: str) -> dict[str, dict[str, Any]]:
    """The mkdocstrings ``::: identifier`` directives of a page with their YAML options."""
    found: dict[str, dict[str, Any]] = {}
    lines = text.splitlines()
    for index, line in enumerate(lines):
        match = DIRECTIVE.match(line)
        if match is None:
            continue
        block = []
        for following in lines[index + 1 :]:
            if not following.startswith((" ", "\t")) and following.strip():
                break
            block.append(following)
        parsed = yaml.safe_load("\n".join(block)) if "".join(block).strip() else None
        found[match.group("identifier")] = (parsed or {}).get("options", {}) or {}
    return found


class _YamlLoader(yaml.SafeLoader):
    """A YAML loader that accepts mkdocs' ``!!python/...`` and ``!ENV`` tags as ``None``."""


_YamlLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def _global_python_options() -> dict[str, Any]:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_YamlLoader)
    for plugin in config.get("plugins", []):
        if isinstance(plugin, dict) and "mkdocstrings" in plugin:
            handlers = plugin["mkdocstrings"].get("handlers", {})
            return dict(handlers.get("python", {}).get("options", {}) or {})
    raise AssertionError("mkdocs.yml does not configure the mkdocstrings plugin")


def _passes_filters(name: str, filters: list[str] | None) -> bool:
    """Whether mkdocstrings' ``filters`` keep a member called ``name``."""
    if not filters:
        return True
    negative = [f[1:] for f in filters if f.startswith("!")]
    positive = [f for f in filters if not f.startswith("!")]
    if any(re.search(pattern, name) for pattern in negative):
        return False
    return not positive or any(re.search(pattern, name) for pattern in positive)


def _hookspecs() -> dict[str, Any]:
    return {
        name: function
        for name, function in inspect.getmembers(hookspecs, inspect.isfunction)
        if name.startswith("burgundy_") and hasattr(function, "burgundy_spec")
    }


def test_hookspecs_are_found() -> None:
    specs = _hookspecs()
    assert "burgundy_variant" in specs and "burgundy_die_cost" in specs
    assert {f"burgundy_{name}" for name in hookspecs.HOOK_SPECS} == set(specs)
    assert set(hookspecs.COLLECTED_HOOKS) < set(hookspecs.HOOK_SPECS)


def test_hook_reference_renders_every_hook() -> None:
    directives = _directives((DOCS / "hooks.md").read_text(encoding="utf-8"))
    assert "burgundy.hookspecs" in directives, "docs/hooks.md must contain '::: burgundy.hookspecs'"
    options = {**_global_python_options(), **directives["burgundy.hookspecs"]}
    members = options.get("members")
    specs = _hookspecs()
    for name, function in specs.items():
        if isinstance(members, list):
            assert name in members, f"hook {name} is left out by the 'members:' option"
        else:
            assert members is not False, "the 'members:' option hides every hook"
        assert _passes_filters(name, options.get("filters")), f"hook {name} is filtered out"
        assert (inspect.getdoc(function) or "").strip(), f"hook {name} has no docstring"


def test_filter_check_itself() -> None:
    assert _passes_filters("burgundy_die_cost", ["!^_"])
    assert not _passes_filters("_private", ["!^_"])
    assert not _passes_filters("burgundy_die_cost", ["!die"])
    assert not _passes_filters("burgundy_die_cost", ["^on_"])


# -- (c) every ruling is explained ----------------------------------------------------------
def _explained_rulings(text: str) -> set[str]:
    """The ruling ids a page explains (``**R-...**``)."""
    return set(EXPLAINED_RULING.findall(text))


def _cited_rulings() -> dict[str, list[str]]:
    """Every ruling id cited in the repository's code, plugins, tests and pages, with the
    files that cite it (build output, caches and hidden folders left out)."""
    cited: dict[str, list[str]] = {}
    for folder in CITING_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            parts = path.relative_to(ROOT).parts
            if not path.is_file() or any(
                p.startswith(".") or p == "__pycache__" or p.endswith(".egg-info") for p in parts
            ):
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue  # not a text file
            for ruling in set(RULING_ID.findall(text)):
                cited.setdefault(ruling, []).append("/".join(parts))
    return cited


def test_ruling_extraction_finds_explanations_and_citations() -> None:
    text = (
        "**R-SHIELD-14-15** — shields #14 and #15 ...\n"
        "1. **R-SHIP** — the player takes ...\n"
        "(R-TOWNHALL, R-EFFECT-OPTIONAL); not a ruling: R-… or BR-X or R-x.\n"
    )
    assert _explained_rulings(text) == {"R-SHIELD-14-15", "R-SHIP"}
    assert set(RULING_ID.findall(text)) == {
        "R-SHIELD-14-15", "R-SHIP", "R-TOWNHALL", "R-EFFECT-OPTIONAL"
    }


def test_the_scan_finds_the_citations_of_code_plugins_and_tests() -> None:
    """A scan that found nothing would pass every check below."""
    cited = _cited_rulings()
    files = {path for paths in cited.values() for path in paths}
    for folder in ("src/burgundy/", "plugins/burgundy-knowledge/", "plugins/burgundy-shields/",
                   "tests/", "docs/"):
        assert any(f.startswith(folder) for f in files), f"no ruling cited under {folder}"
    assert "src/burgundy/rules/scoring.py" in cited["R-TIEBREAK"]


def test_ruling_ids_are_the_rulings_the_rules_reference_explains() -> None:
    explained = _explained_rulings((DOCS / "rules.md").read_text(encoding="utf-8"))
    assert len(set(RULING_IDS)) == len(RULING_IDS), "RULING_IDS lists a ruling twice"
    assert set(RULING_IDS) == explained, (
        f"docs/rules.md explains {sorted(explained - set(RULING_IDS))} that RULING_IDS lacks; "
        f"RULING_IDS has {sorted(set(RULING_IDS) - explained)} that docs/rules.md does not "
        "explain (as **R-...**)"
    )


def test_every_cited_ruling_is_explained_on_the_rules_reference() -> None:
    explained = _explained_rulings((DOCS / "rules.md").read_text(encoding="utf-8"))
    missing = {
        ruling: files for ruling, files in sorted(_cited_rulings().items())
        if ruling not in explained
    }
    assert not missing, f"cited but not explained on docs/rules.md: {missing}"


# -- the concept pages keep up with the code ------------------------------------------------
def test_concepts_list_every_core_option_with_its_values() -> None:
    text = (DOCS / "concepts.md").read_text(encoding="utf-8")
    for name, spec in variants.CORE_OPTIONS.items():
        assert f"`{name}`" in text, f"option {name} is not documented"
        for value in (spec.choices or ()) + (spec.default,):
            shown = f'`"{value}"`' if isinstance(value, str) else f"`{value}`"
            assert shown in text, f"value {shown} of option {name} is not documented"


def test_concepts_name_every_core_pending_and_action_type() -> None:
    text = (DOCS / "concepts.md").read_text(encoding="utf-8")
    for kind in pending.CORE_PENDING + actions.CORE_ACTIONS:
        assert f"`{kind.__name__}`" in text, f"{kind.__name__} is not in docs/concepts.md"


def test_knowledge_page_covers_every_tile() -> None:
    text = (DOCS / "variants" / "knowledge.md").read_text(encoding="utf-8")
    for number in range(1, 27):
        row = re.compile(rf"^\|\s*#?{number}\b[^|]*\|", re.MULTILINE)
        assert row.search(text), f"knowledge tile #{number} has no row in the tile table"


def test_shields_page_covers_every_shield_with_its_vp() -> None:
    model = pytest.importorskip("burgundy_shields.model")
    text = (DOCS / "variants" / "shields.md").read_text(encoding="utf-8")
    table = re.search(r"^\| # \| Effect \| VP \|.*?(?=\n\n|\Z)", text, re.MULTILINE | re.DOTALL)
    assert table, "docs/variants/shields.md has no '| # | Effect | VP |' table"
    rows: dict[int, list[str]] = {}
    for line in table.group(0).splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        rows[int(cells[0].lstrip("#"))] = cells
    for number in model.SHIELDS:
        assert number in rows, f"shield #{number} has no row in the shield table"
        vp = str(model.shield_vp(number))
        assert rows[number][2] == vp, f"shield #{number}: the VP column should say {vp}"


def test_shields_page_names_every_action_and_pending_type() -> None:
    model = pytest.importorskip("burgundy_shields.model")
    text = (DOCS / "variants" / "shields.md").read_text(encoding="utf-8")
    for kind in model.ACTION_TYPES + model.PENDING_TYPES:
        assert f"`{kind.__name__}`" in text, f"{kind.__name__} is not in docs/variants/shields.md"


def _subcommands() -> dict[str, Any]:
    parser = cli.build_parser()
    for action in parser._actions:
        if action.choices and isinstance(action.choices, dict):
            return dict(action.choices)
    raise AssertionError("the burgundy parser has no subcommands")


def test_cli_page_covers_every_subcommand_and_option() -> None:
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    subcommands = _subcommands()
    assert {"play", "simulate", "watch", "replay", "render", "variants"} <= set(subcommands)
    for name, parser in subcommands.items():
        assert re.search(rf"^## {name}\s*$", text, re.MULTILINE), f"no '## {name}' section"
        assert f"burgundy {name}" in text, f"no example of 'burgundy {name}'"
        for action in parser._actions:
            options = [o for o in action.option_strings if o.startswith("--") and o != "--help"]
            for option in options:
                assert option in text, f"option {option} of 'burgundy {name}' is not documented"


def test_bots_page_names_every_bot() -> None:
    text = (DOCS / "bots.md").read_text(encoding="utf-8")
    for name in burgundy.bots.BOT_NAMES:
        assert f"`{name}`" in text, f"bot name {name!r} is not on docs/bots.md"
    assert re.search(r"^## Measured strength\s*$", text, re.MULTILINE)


API_MODULES: tuple[str, ...] = (
    "burgundy",
    "burgundy.state",
    "burgundy.actions",
    "burgundy.pending",
    "burgundy.variants",
    "burgundy.game",
    "burgundy.records",
    "burgundy.io",
    "burgundy.testing",
    "burgundy.geometry",
    "burgundy.components",
    "burgundy.errors",
    "burgundy.hookspecs",
    "burgundy.hook_values",
    "burgundy.rules",
    "burgundy.rules.setup",
    "burgundy.rules.phases",
    "burgundy.rules.dice",
    "burgundy.rules.turn",
    "burgundy.rules.take",
    "burgundy.rules.place",
    "burgundy.rules.effects",
    "burgundy.rules.sell",
    "burgundy.rules.scoring",
    "burgundy.rules.income",
    "burgundy.rules.engine",
    "burgundy.cli",
    "burgundy.terminal",
    "burgundy.bots",
    "burgundy.bots.evaluate",
    "burgundy.bots.greedy",
    "burgundy.bots.mcts",
    "burgundy.bots.random_bot",
    "burgundy.tournament",
    "burgundy.tournament.stats",
    "burgundy.tournament.ray_backend",
    "burgundy.selfplay",
    "burgundy.render",
    "burgundy.render.svg",
    "burgundy.render.text",
    "burgundy.render.html",
    "burgundy.render.html",
    "burgundy_knowledge",
    "burgundy_knowledge.plugin",
    "burgundy_knowledge.actions",
    "burgundy_knowledge.effects",
    "burgundy_shields",
    "burgundy_shields.plugin",
    "burgundy_shields.effects",
    "burgundy_shields.model",
    "burgundy_trade_routes",
    "burgundy_trade_routes.plugin",
    "burgundy_trade_routes.tiles",
    "burgundy_trade_routes.model",
    "burgundy_trade_routes.rules",
)
"""Modules the API reference renders (each on its page, hookspecs on the hook reference)."""


def test_api_reference_renders_the_public_modules() -> None:
    documented: set[str] = set()
    for page in _pages():
        documented |= set(_directives(page.read_text(encoding="utf-8")))
    missing = [module for module in API_MODULES if module not in documented]
    assert not missing, f"no page renders {missing}"
    for package in (burgundy.rules, burgundy.bots, burgundy.render, burgundy.tournament):
        modules = {
            f"{package.__name__}.{info.name}"
            for info in pkgutil.iter_modules(package.__path__)
            if not info.name.startswith("_")
        }
        new = sorted(modules - documented)
        assert not new, f"a new {package.__name__} module needs an API page: {new}"


# -- figures the code computes --------------------------------------------------------------
def _codec_size(players: int, variants: tuple[str, ...]) -> int:
    from burgundy.registry import example_options
    from burgundy.rl import ActionCodec

    rules = burgundy.Ruleset(players=players, variants=variants, options=example_options(variants))
    return int(ActionCodec(rules).size)


def _figure(text: str) -> int:
    return int(text.replace(",", ""))


def test_the_changelogs_action_id_figures_are_the_codes() -> None:
    """The changelog cannot run code at build time (it is included into the changelog page as
    it stands): its action-id sizes are checked here, against ``ActionCodec``."""
    pytest.importorskip("numpy")
    from burgundy.variants import every_variant

    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    standard = {_codec_size(n, ("knowledge",)) for n in (2, 3, 4)}
    assert len(standard) == 1, "the standard game's size depends on the player count"
    claims = re.findall(r"([\d,]+) ids for the standard game at any player count", text)
    assert claims, "CHANGELOG.md no longer gives the standard game's size: update this test"
    assert {_figure(c) for c in claims} == standard
    sizes = re.search(r"base ([\d,]+); standard \(knowledge\) ([\d,]+); every variant ([\d,]+)"
                      r"\s+\(2 players\) and ([\d,]+) \(4\)", text)
    assert sizes, "CHANGELOG.md no longer gives the sizes of #18: update this test"
    assert [_figure(n) for n in sizes.groups()] == [
        _codec_size(2, ()), *standard,
        _codec_size(2, every_variant(2)), _codec_size(4, every_variant(4)),
    ]


_SLICE_ROW = re.compile(r"^\| (`[^|]+`) \| ([^|]+) \| [^|]*\|$", re.MULTILINE)


def _documented_slices(text: str) -> dict[str, str]:
    """The observation tables of docs/learning.md: slice name (``seat[k]`` for every slot)
    -> its documented size (``6``, ``6·T``, ``21 per route space``, ...)."""
    documented: dict[str, str] = {}
    for names, sizes in _SLICE_ROW.findall(text):
        name_list = re.findall(r"`([^`]+)`", names)
        size_list = [size.strip() for size in sizes.split(",")]
        if len(size_list) == 1:
            size_list *= len(name_list)
        assert len(size_list) == len(name_list), f"row {names!r}: a size for each name"
        documented.update(zip(name_list, size_list, strict=True))
    return documented


def test_the_learning_pages_observation_sizes_are_the_codes() -> None:
    """Every slice size in the observation tables of docs/learning.md, with ``T``, ``S``,
    ``P`` and ``N`` as the page defines them, against ``observation_layout``."""
    pytest.importorskip("numpy")
    from burgundy.registry import example_options
    from burgundy.rl import OBSERVATION_VERSION, observation_layout
    from burgundy.variants import every_variant

    text = (DOCS / "learning.md").read_text(encoding="utf-8")
    text = text[text.index("\n## Observations\n"):]
    text = text[: text.index("\n## ", 5)]  # the section's tables only
    assert f"Layout version (`OBSERVATION_VERSION`): {OBSERVATION_VERSION}." in " ".join(
        text.split())
    documented = _documented_slices(text)
    assert {"phase", "seat[k].bonus", "shields.depots", "solo.track"} <= set(documented)
    checked: set[str] = set()
    for players, names in ((3, every_variant(3)), (4, ("knowledge", "team")),
                           (1, ("knowledge", "solo"))):
        rules = burgundy.Ruleset(players=players, variants=names, options=example_options(names))
        sizes = {re.sub(r"\[\d+\]", "[k]", name): size
                 for name, _, size in observation_layout(rules)}
        symbols = {"T": sizes["held"], "S": sizes["seat[k].filled"], "P": sizes["pending"],
                   "N": players}
        for name, size in sizes.items():
            if name not in documented:
                continue
            claim = documented[name]
            per = re.fullmatch(r"(\d+) per [\w ]+", claim)
            if per:
                assert size % int(per.group(1)) == 0, f"{name}: {size} is not {claim}"
            elif claim != "deck size":  # the trade-route deck the options give
                expected = math.prod(symbols[f] if f in symbols else int(f)
                                     for f in claim.split("·"))
                assert size == expected, f"{name}: the page says {claim}, the code {size}"
            checked.add(name)
    assert set(documented) <= checked, f"no such slice: {sorted(set(documented) - checked)}"


def _shown_defaults(default: Any) -> tuple[str, ...]:
    """How a variant page may give an option's default in its option table's row."""
    if default is None:
        return ("`None` (default)", "**no default**")
    if isinstance(default, tuple) and not default:
        return ("(default none)",)
    if isinstance(default, bool):
        return (f"`{default}` (default)",)
    shown = json.dumps(default)
    return (f"`{shown}` (default)", f"default `{shown}`", f"(default {shown})")


def test_variant_pages_give_every_option_with_its_default_and_choices() -> None:
    from burgundy.registry import variant_info

    for name in burgundy.available_variants():
        options = variant_info(name).options
        if not options:
            continue
        page = DOCS / "variants" / f"{name.replace('_', '-')}.md"
        text = page.read_text(encoding="utf-8")
        for option, spec in options.items():
            row = re.search(rf"^\| `{option}` \|.*$", text, re.MULTILINE)
            assert row, f"{page.name}: no row for option {option}"
            shown = _shown_defaults(spec.default)
            assert any(s in row.group(0) for s in shown), (
                f"{page.name}: the row of {option} does not give its default as one of {shown}")
            for choice in spec.choices or ():
                value = f"`{choice}`" if isinstance(choice, bool) else f"`{json.dumps(choice)}`"
                assert value in row.group(0), f"{page.name}: {option} does not list {value}"


def test_counts_the_pages_give_are_the_codes() -> None:
    """Counts written in the prose of the pages (hooks, knowledge tiles, shields), against
    the code: a count that changes must change on the page too."""
    shields = pytest.importorskip("burgundy_shields.model")
    knowledge = pytest.importorskip("burgundy_knowledge.effects")
    hooks = len(hookspecs.HOOK_SPECS)
    claims = [
        ("hooks.md", f"into the {hooks} above"),
        ("index.md", f"all {len(knowledge.CODE)} tiles"),
        ("index.md", f"all {len(shields.SHIELDS)} shields"),
        ("variants/shields.md", f"The {len(shields.SHIELDS)} shields of the 2019 box"),
        ("concepts.md", f"each of the {len(shields.SHIELDS)} shields"),
    ]
    for page, phrase in claims:
        text = " ".join((DOCS / page).read_text(encoding="utf-8").split())
        assert phrase in text, f"docs/{page} should say {phrase!r}"
    changelog = " ".join((ROOT / "CHANGELOG.md").read_text(encoding="utf-8").split())
    assert f"{hooks} hooks in all" in changelog


def test_the_rules_reference_counts_the_hexes_of_the_supply() -> None:
    """The hex counts of docs/rules.md's components, against the supply the set-up deals
    (``base_supply``, read from the core's tile data)."""
    from burgundy.components import (
        COLOURS,
        GOODS_COLOURS,
        GOODS_PER_COLOUR,
        TILE_COLOUR,
        base_supply,
    )

    def by_colour(pile: tuple[int, ...]) -> str:
        counts = [0] * len(COLOURS)
        for code, count in enumerate(pile):
            counts[TILE_COLOUR[code]] += count
        return ", ".join(f"{n} {colour.name.lower()}" for colour, n in zip(COLOURS, counts,
                                                                             strict=True))

    main, black = base_supply()
    text = " ".join((DOCS / "rules.md").read_text(encoding="utf-8").split())
    assert (f"{sum(main) + sum(black)} hexes: {sum(main)} with coloured backs "
            f"({by_colour(main)}) and {sum(black)} with black backs ({by_colour(black)})") in text
    assert (f"{GOODS_COLOURS * GOODS_PER_COLOUR} goods tiles ({GOODS_PER_COLOUR} of each of "
            f"{GOODS_COLOURS} colours") in text


def test_the_bots_page_gives_the_monte_carlo_bots_defaults() -> None:
    parameters = inspect.signature(burgundy.bots.MCTSBot).parameters
    text = (DOCS / "bots.md").read_text(encoding="utf-8")
    for name, parameter in parameters.items():
        row = re.search(rf"^\| `{name}` \| `([^`]+)` \|", text, re.MULTILINE)
        assert row, f"docs/bots.md: no row for MCTSBot's {name}"
        assert row.group(1) == repr(parameter.default), f"docs/bots.md: {name}'s default"
    assert f"{parameters['iterations'].default} iterations per decision" in text


def test_the_web_page_gives_the_servers_search_cap() -> None:
    tables = pytest.importorskip("burgundy.web.tables")
    text = " ".join((DOCS / "web.md").read_text(encoding="utf-8").split())
    cap = tables.MAX_ITERATIONS
    assert f"at most {cap:,} iterations a move here (`mcts:{cap}`" in text
