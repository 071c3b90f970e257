"""MkDocs hook: checks of every rendered page that fail the build (``mkdocs build --strict``
then stops with the page and the text).

* No ``>>>`` outside a code block: a docstring example whose section Google style does not
  read as examples (``Example:`` is an admonition, ``Examples:`` the examples section) shows
  as a garbled block quote; this catches it on any page.

It also drops the module docstring that ``::: burgundy.hookspecs`` renders on the hook
reference (``hooks.md``): the page's own introduction says it, in more words, so the
reader would meet the introduction twice (the docstring stays for ``help()`` and editors).
"""

from __future__ import annotations

import re
from typing import Any

_CODE = re.compile(r"<(pre|code)\b.*?</\1>", re.DOTALL | re.IGNORECASE)
_PROMPT = re.compile(r"(&gt;|>){3}")


def stray_prompts(html: str) -> list[str]:
    """The bits of ``html`` around each ``>>>`` that is not inside ``<pre>`` or ``<code>``."""
    outside = _CODE.sub(" ", html)
    outside = re.sub(r"<script\b.*?</script>", " ", outside, flags=re.DOTALL | re.IGNORECASE)
    text = re.sub(r"<[^>]*>", " ", outside)  # tags themselves never hold a prompt
    return [text[max(0, m.start() - 40) : m.end() + 40].strip()
            for m in _PROMPT.finditer(text)]


_MODULE_DOC = re.compile(
    r'(<a id="burgundy\.hookspecs"></a>\s*<div class="doc doc-contents first">).*?'
    r'(<div class="doc doc-children">)', re.DOTALL)


def drop_module_docstring(html: str) -> str:
    """The hook reference's HTML without the rendered docstring of :mod:`burgundy.hookspecs`
    (its hooks stay)."""
    return _MODULE_DOC.sub(r"\1\n\2", html, count=1)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """The hook reference states its introduction once."""
    if page.file.src_uri == "hooks.md":
        return drop_module_docstring(html)
    return html


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Refuse a page with a ``>>>`` outside a code block."""
    found = stray_prompts(output)
    if found:
        raise ValueError(
            f"{page.file.src_uri}: '>>>' outside a code block (a docstring section "
            f"'Example:' instead of 'Examples:'?): {found[0]!r}"
        )
    return output
