"""The docs, docstrings, comments, tests and data notes cite only what a reader can open.

A citation names either a ruling of the project, whose id ``R-...`` has an anchor on the
rules reference (``docs/rules.md#r-storage`` for R-STORAGE), or a rulebook passage by its
printed page, with the source abbreviations that ``docs/rules.md`` defines (``ES11 p.5``).
The checks, over every tracked text file under ``src/``, ``plugins/``, ``docs/``,
``tests/`` and of ``README.md`` and ``CHANGELOG.md``:

* (a) no citation of the project's working material kept outside the repository: the seed
  rule texts (``seed 002``), the research notes (``findings``, ``wave2-rules``,
  ``data-gaps``) and their numbered sections (``§5.8``), the rulings file (``RULINGS``) and
  any path into ``shared/``;
* (b) every ruling id that a file uses has an anchor on ``docs/rules.md``;
* (c) every Markdown link of a page in ``docs/`` to a relative file points at a file or
  folder that exists, and every ``#anchor`` of a link to ``rules.md`` exists there.

Nothing outside the repository is read. This file itself names the forbidden forms, so it
is the one file the scan leaves out.
"""

from __future__ import annotations

import re
import subprocess
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES_PAGE = DOCS / "rules.md"
SCANNED: tuple[str, ...] = ("src", "plugins", "docs", "tests", "README.md", "CHANGELOG.md")
"""The folders and files whose text is checked."""
TEXT_SUFFIXES: frozenset[str] = frozenset(
    {".py", ".md", ".json", ".toml", ".txt", ".yml", ".yaml", ".cfg", ".ini", ".rst"}
)
"""The suffixes of the files read as text (the others are binary or generated)."""
SKIPPED_PARTS: frozenset[str] = frozenset(
    {".git", ".venv", "__pycache__", "site", "build", "dist", ".nox", ".tox"}
)
"""Folders left out when the repository is not a git checkout and the tree is walked."""

FORBIDDEN: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a seed rule text", re.compile(r"\bseeds?\b(?:\s+texts?)?\s+`*\d{3}\b", re.IGNORECASE)),
    ("the research notes", re.compile(r"(?:rules[-_]|data[-_])?findings", re.IGNORECASE)),
    ("the research notes", re.compile(r"\bwave-?2\b|wave2-rules|\bdata-gaps\b", re.IGNORECASE)),
    ("a section of a document outside the repository", re.compile(r"§\s*\d")),
    ("the rulings file", re.compile(r"\bRULINGS\b")),
    ("a path outside the repository", re.compile(r"(?<![\w-])(?:\.\./|/)?shared/")),
)
"""What may not be cited: (what it is, how it is spotted)."""

RULING_ID = re.compile(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
"""A ruling id as the code, tests and pages write it (``R-SHIELD-14-15``)."""
HTML_ID = re.compile(r"""<a\s+[^>]*\bid=["']([^"']+)["']""")
ATTR_ID = re.compile(r"\{[^}\n]*#([\w-]+)[^}\n]*\}")
HEADING = re.compile(r"^#{1,6}[ \t]+(?P<title>.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
FENCE = re.compile(r"^[ \t]*(```|~~~)")
INLINE_LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
IMAGE_LINK = re.compile(r"!\[[^\]\n]*\]\((?P<target>[^)\s]+)\)")
REFERENCE_LINK = re.compile(r"^[ \t]*\[[^\]\n]+\]:[ \t]*(?P<target><[^>]+>|\S+)", re.MULTILINE)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
"""A link target with a scheme (``https:``, ``mailto:``) or a network path: not a file."""


# -- reading the repository -----------------------------------------------------------------
def _tracked_files() -> list[Path]:
    """The files under :data:`SCANNED` that git tracks (the tree, outside a git checkout)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--", *SCANNED],
            cwd=ROOT, capture_output=True, check=True, text=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        found: list[Path] = []
        for name in SCANNED:
            path = ROOT / name
            if path.is_file():
                found.append(path)
            elif path.is_dir():
                found.extend(
                    p for p in path.rglob("*")
                    if p.is_file() and not SKIPPED_PARTS.intersection(p.relative_to(ROOT).parts)
                )
        return sorted(found)
    return sorted(ROOT / name for name in listed.split("\0") if name)


def _text_files() -> Iterator[tuple[str, str]]:
    """(repository-relative path, text) of every scanned text file but this one."""
    me = Path(__file__).resolve()
    for path in _tracked_files():
        if path.suffix not in TEXT_SUFFIXES or path.resolve() == me or not path.is_file():
            continue
        yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def _outside_fences(text: str) -> str:
    """The text with the lines of fenced code blocks blanked (line numbers stay)."""
    lines = text.split("\n")
    fence: str | None = None
    for i, line in enumerate(lines):
        match = FENCE.match(line)
        if fence is None and match:
            fence, lines[i] = match.group(1), ""
        elif fence is not None:
            if match and match.group(1) == fence:
                fence = None
            lines[i] = ""
    return "\n".join(lines)


# -- what the checks look for ---------------------------------------------------------------
def _forbidden_citations(text: str) -> list[tuple[int, str, str]]:
    """(line number, what is cited, the matched text) of each forbidden citation in text."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        matches = sorted(
            (match.start(), what, match.group(0))
            for what, pattern in FORBIDDEN
            for match in pattern.finditer(line)
        )
        found.extend((number, what, cited) for _, what, cited in matches)
    return found


def _slug(title: str) -> str:
    """The id that Python-Markdown's ``toc`` extension gives a heading with this title."""
    title = re.sub(r"<[^>]+>", "", title)
    title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    title = re.sub(r"[^\w\s-]", "", title).strip().lower()
    return re.sub(r"[-\s]+", "-", title)


def _anchors(text: str) -> set[str]:
    """The ids a Markdown page defines: HTML ``id``s, ``{#id}`` attributes and headings."""
    text = _outside_fences(text)
    anchors = set(HTML_ID.findall(text)) | set(ATTR_ID.findall(text))
    for match in HEADING.finditer(text):
        title = match.group("title")
        if not ATTR_ID.search(title):
            anchors.add(_slug(title))
    return anchors


def _ruling_anchor(ruling: str) -> str:
    """The anchor of a ruling on the rules reference: ``R-STORAGE`` -> ``r-storage``."""
    return ruling.lower()


def _link_targets(text: str) -> list[tuple[int, str]]:
    """(line number, target) of each Markdown link or image of a page, code left out."""
    text = _outside_fences(text)
    targets = []
    for pattern in (INLINE_LINK, IMAGE_LINK, REFERENCE_LINK):
        for match in pattern.finditer(text):
            target = match.group("target").strip("<>")
            targets.append((text.count("\n", 0, match.start()) + 1, target))
    return sorted(targets)


def _broken_links(page: Path, text: str, rules_anchors: set[str]) -> list[str]:
    """The links of a page in ``docs/`` to a missing file, or to a missing rules anchor."""
    broken = []
    for number, target in _link_targets(text):
        if EXTERNAL.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        resolved = (page.parent / path_part).resolve() if path_part else page.resolve()
        where = f"{page.relative_to(ROOT).as_posix()}:{number}: {target}"
        if not resolved.exists():
            broken.append(f"{where} (no such file)")
        elif anchor and resolved == RULES_PAGE.resolve() and anchor not in rules_anchors:
            broken.append(f"{where} (no such anchor on docs/rules.md)")
    return broken


# -- the checks of the checks ---------------------------------------------------------------
def test_forbidden_forms_are_recognised() -> None:
    """Each forbidden form is found; rulebook pages, ruling ids and code are not."""
    bad = (
        "seed 002; the seed texts 002 and 004; seed ``000`` p6; rules-findings.md §5.8; "
        "findings §2.6; data-findings §3; wave2-rules §6.3.8; data-gaps.md §1; RULINGS.md; "
        "RULINGS editions; shared/reference/x.md; ../shared/data/boards.json; /shared/data; "
        "wave-2 §1.3; def test_data_findings_1_2"
    )
    found = [cited for _, _, cited in _forbidden_citations(bad)]
    assert found == [
        "seed 002", "seed texts 002", "seed ``000", "rules-findings", "§5", "findings", "§2",
        "data-findings", "§3", "wave2", "§6", "data-gaps", "§1", "RULINGS", "RULINGS",
        "shared/", "../shared/", "/shared/", "wave-2", "§1", "data_findings",
    ]
    good = (
        "ES11 p.6 (rulebook p6); R-STORAGE; rules.md#r-storage; Game(rules, seed=11); "
        "seed 7; the team's shared spaces; two shared storage spaces; burgundy_shared/x.py; "
        "the rulings of this library"
    )
    assert _forbidden_citations(good) == []


def test_anchors_and_links_are_read_as_mkdocs_renders_them() -> None:
    """Headings, ``{#id}`` and ``<a id>`` anchors are found; code blocks hold no links."""
    page = (
        "# Rules reference\n"
        "## Editions: 2019 and 2011 {#editions}\n"
        "## Rulings of this library\n"
        '- <a id="r-ship"></a>**R-SHIP** — see [storage](#r-storage), [x](x.md "t").\n'
        "![plan](img/plan.png)\n"
        "```python\n"
        "print([1](2))\n"
        "```\n"
        "[ref]: variants/solo.md#rulings\n"
    )
    assert _anchors(page) == {"rules-reference", "editions", "rulings-of-this-library", "r-ship"}
    assert _link_targets(page) == [
        (4, "#r-storage"), (4, "x.md"), (5, "img/plan.png"), (9, "variants/solo.md#rulings")
    ]
    assert _ruling_anchor("R-SHIELD-14-15") == "r-shield-14-15"
    rules_anchors = _anchors(page)
    broken = _broken_links(RULES_PAGE, page, rules_anchors)
    assert broken == [
        "docs/rules.md:4: #r-storage (no such anchor on docs/rules.md)",
        "docs/rules.md:4: x.md (no such file)",
        "docs/rules.md:5: img/plan.png (no such file)",
    ]


def test_the_scan_reads_every_scanned_place() -> None:
    """A scan that read nothing would pass every check below."""
    files = [path for path, _ in _text_files()]
    for place in ("src/burgundy/", "plugins/burgundy-solo/", "docs/", "tests/", "README.md",
                  "CHANGELOG.md"):
        assert any(f.startswith(place) for f in files), f"nothing scanned under {place}"
    assert "tests/test_citations.py" not in files
    assert "docs/rules.md" in files


# -- the checks -----------------------------------------------------------------------------
def test_nothing_cites_material_outside_the_repository() -> None:
    """(a) No seed text, research note, rulings file or ``shared/`` path is cited."""
    found = [
        f"{path}:{number}: {cited!r} ({what})"
        for path, text in _text_files()
        for number, what, cited in _forbidden_citations(text)
    ]
    assert not found, (
        "cite a ruling (R-..., explained on docs/rules.md) or a rulebook page instead of:\n"
        + "\n".join(found)
    )


def test_every_ruling_id_has_an_anchor_on_the_rules_reference() -> None:
    """(b) Each ``R-...`` used anywhere resolves to ``docs/rules.md#r-...``."""
    anchors = _anchors(RULES_PAGE.read_text(encoding="utf-8"))
    missing = sorted(
        f"{path}: {ruling}"
        for path, text in _text_files()
        for ruling in set(RULING_ID.findall(text))
        if _ruling_anchor(ruling) not in anchors
    )
    assert not missing, (
        "give each ruling an anchor on docs/rules.md "
        '(<a id="r-storage"></a>**R-STORAGE** — ...):\n' + "\n".join(missing)
    )


@pytest.mark.parametrize(
    "page", sorted(DOCS.rglob("*.md")), ids=lambda page: page.relative_to(DOCS).as_posix()
)
def test_links_of_the_docs_point_at_what_exists(page: Path) -> None:
    """(c) Relative links go to existing files, and their anchors on rules.md exist."""
    rules_anchors = _anchors(RULES_PAGE.read_text(encoding="utf-8"))
    broken = _broken_links(page, page.read_text(encoding="utf-8"), rules_anchors)
    assert not broken, "\n".join(broken)
