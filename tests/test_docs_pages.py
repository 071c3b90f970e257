"""The documentation as a reader meets it (issue #19): no ``>>>`` outside a code block on
a rendered page (the build's hook, ``docs/_hooks/checks.py``, refuses it; checked here on
samples), pictures drawn at build time on the home page, getting started and every variant
page, the tutorial's folder tree matching its example, ``Examples:`` sections only.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
checks = load_script(DOCS / "_hooks" / "checks.py", "docs_checks")

PICTURE = re.compile(r'^```python exec="on" html="on"\n(?:.*\n)*?print\(state_svg\(', re.M)


def test_a_prompt_outside_a_code_block_is_found() -> None:
    assert checks.stray_prompts("<p>Example:</p><blockquote>&gt;&gt;&gt; x = 1</blockquote>")
    assert checks.stray_prompts("<p>&gt;&gt;&gt; 1 + 1</p>")
    assert not checks.stray_prompts('<pre><code><span>&gt;&gt;&gt;</span> 1</code></pre>')
    assert not checks.stray_prompts("<p>use <code>&gt;&gt;&gt;</code> prompts</p>")


def test_the_hook_refuses_such_a_page() -> None:
    class Page:
        class file:  # the shape mkdocs passes
            src_uri = "api/x.md"

    with pytest.raises(ValueError, match=r"api/x\.md: '>>>' outside a code block"):
        checks.on_post_page("<p>&gt;&gt;&gt; x</p>", Page(), None)
    assert checks.on_post_page("<pre>&gt;&gt;&gt; x</pre>", Page(), None)


def test_the_build_runs_the_hook() -> None:
    text = (ROOT / "mkdocs.yml").read_text()
    assert "hooks:\n  - docs/_hooks/checks.py" in text and "- markdown-exec" in text


@pytest.mark.parametrize(
    "page",
    ["index.md", "getting-started.md", *sorted(
        p.relative_to(DOCS).as_posix() for p in (DOCS / "variants").glob("*.md"))],
)
def test_pages_show_a_picture_drawn_at_build_time(page: str) -> None:
    assert PICTURE.search((DOCS / page).read_text()), f"{page} shows no picture"


def test_the_tutorial_tree_is_the_example_folder() -> None:
    text = (DOCS / "writing-plugins.md").read_text()
    tree = text[text.index("```text\nburgundy-tithe/"):]
    tree = tree[: tree.index("```", 8)]
    named = set(re.findall(r"([\w.-]+\.(?:py|toml))\b", tree))
    example = DOCS / "examples" / "burgundy-tithe"
    files = {p.name for p in example.rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and not p.name.endswith(".pyc")}
    assert named == files


def test_docstrings_say_examples_not_example() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("src", "plugins")
        for path in (ROOT / folder).rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.strip() == "Example:"
    ]
    assert not found, f"'Example:' is an admonition in Google style; write 'Examples:': {found}"


def test_the_hook_reference_drops_the_module_docstring_only() -> None:
    html = ('<p>intro</p><a id="burgundy.hookspecs"></a>\n<div class="doc doc-contents first">'
            '<p>The hook surface for variants</p><div class="doc doc-children"><h2>'
            'burgundy_die_cost</h2></div></div>')
    out = checks.drop_module_docstring(html)
    assert "The hook surface" not in out and "burgundy_die_cost" in out and "intro" in out


def test_make_learn_writes_outside_the_tracked_tree() -> None:
    """`make learn` (docs/examples/learn.py with no arguments) writes its curve and results
    under .venv/, which git ignores: it never overwrites the page's tracked picture."""
    pytest.importorskip("gymnasium")
    learn = load_script(DOCS / "examples" / "learn.py", "docs_learn")
    # torch and sb3-contrib are imported by main() only
    defaults = learn.build_parser().parse_args([])
    for path in (defaults.picture, defaults.results):
        assert Path(path).resolve().relative_to(ROOT).parts[0] == ".venv", path
    assert ".venv/" in (ROOT / ".gitignore").read_text().splitlines()
    recipe = (ROOT / "Makefile").read_text().split("\nlearn:")[1].split("\n\n")[0]
    assert "learn.py $(LEARN_ARGS)" in recipe and "--picture" not in recipe
    text = " ".join((DOCS / "learning.md").read_text().split())
    assert f"every {defaults.every:,} steps it plays {defaults.eval_games} games" in text
    assert f"(seed {defaults.seed}, {defaults.steps:,} steps," in text  # the run shown: defaults


def test_the_learning_page_says_to_run_torch_on_one_thread() -> None:
    text = (DOCS / "learning.md").read_text()
    assert "torch.set_num_threads(1)" in text
    assert "torch.set_num_threads(1)" in (DOCS / "examples" / "learn.py").read_text()
