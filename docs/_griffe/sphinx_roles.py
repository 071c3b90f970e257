"""Griffe extension for this site: Sphinx-style roles in docstrings become cross-references.

The library's docstrings are Google style but name other objects with Sphinx roles
(``:class:`State```, ``:func:`burgundy_extra_actions```, ``:data:`EMPTY```). mkdocstrings does
not understand roles, so this extension rewrites each one, once the package is loaded:

* a target that resolves (relative to the object, then upwards through its parents, then as
  an absolute path; aliases are followed to the object they name) becomes an *optional*
  autorefs reference to it: a link where the site renders the object, plain code where it
  does not (a module without an API page), so the strict build never meets a dangling link;
* any other target becomes plain code.

It also turns a reStructuredText literal-block marker (a paragraph ending in ``::``) into a
plain colon (the indented block after it is a Markdown code block already), and escapes a
``#`` that starts a line before a number (a docstring ``#1.`` means knowledge tile #1, not
a heading).

The extension is loaded by path from ``mkdocs.yml`` and is part of the docs, not the library.
"""

from __future__ import annotations

import contextlib
import html
import re
from typing import Any

from griffe import Alias, DocstringSectionKind, Extension, GriffeLoader, Module, Object

ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|obj|exc|const):`(~?)([\w.]+)`")
LITERAL_MARKER = re.compile(r"(?<=\S)::(?=\n\s*\n)")
TILE_NUMBER_AT_LINE_START = re.compile(r"^([ \t]*)#(?=\d)", re.MULTILINE)
RENDERED_PACKAGES = ("burgundy", "burgundy_knowledge", "burgundy_shields")
"""Packages whose objects cross-references may name (each is loaded for the other)."""


def _lookup(scope: Object | Alias, parts: list[str]) -> Object | Alias | None:
    current: Object | Alias = scope
    for part in parts:
        try:
            members = current.members
        except Exception:  # an alias that cannot be resolved
            return None
        if part not in members:
            return None
        current = members[part]
    return current


def _canonical(found: Object | Alias) -> str | None:
    try:
        target = found.final_target if isinstance(found, Alias) else found
    except Exception:  # an alias to something outside the loaded packages
        return None
    # Members without a docstring are not rendered (attrs fields are documented in their
    # class's "Attributes" table): link to the nearest documented parent instead.
    while target.docstring is None and target.parent is not None and not target.is_module:
        target = target.parent
    return target.path


class SphinxRoles(Extension):
    """Rewrite Sphinx roles into autorefs cross-references (see the module docstring)."""

    def on_package(self, *, pkg: Module, loader: GriffeLoader, **kwargs: Any) -> None:
        for other in RENDERED_PACKAGES:
            if other != pkg.name and other not in loader.modules_collection:
                with contextlib.suppress(Exception):  # a package that is not installed
                    loader.load(other)
        self._walk(pkg, loader)

    def _walk(self, obj: Object, loader: GriffeLoader) -> None:
        if obj.docstring is not None:
            self._rewrite_docstring(obj, loader)
        for member in obj.members.values():
            if not isinstance(member, Alias) and member.parent is obj:
                self._walk(member, loader)

    def _resolve(self, obj: Object, target: str, loader: GriffeLoader) -> str | None:
        parts = target.lstrip(".").split(".")
        scope: Object | None = obj
        while scope is not None:
            found = _lookup(scope, parts)
            if found is not None:
                return _canonical(found)
            scope = scope.parent
        root = parts[0]
        if root in loader.modules_collection:
            found = _lookup(loader.modules_collection[root], parts[1:])
            if found is not None:
                return _canonical(found)
        return None

    def _text(self, obj: Object, text: str, loader: GriffeLoader) -> str:
        def replace(match: re.Match[str]) -> str:
            short, target = match.group(1), match.group(2)
            shown = target.rsplit(".", 1)[-1] if short else target
            path = self._resolve(obj, target, loader)
            if path is None:
                return f"`{shown}`"
            return (
                f'<autoref identifier="{path}" optional><code>{html.escape(shown)}</code></autoref>'
            )

        text = TILE_NUMBER_AT_LINE_START.sub(r"\1\\#", text)
        return LITERAL_MARKER.sub(":", ROLE.sub(replace, text))

    def _rewrite_docstring(self, obj: Object, loader: GriffeLoader) -> None:
        docstring = obj.docstring
        assert docstring is not None
        if "parsed" not in docstring.__dict__:
            docstring.value = self._text(obj, docstring.value, loader)
            return
        # Another extension (griffe_fieldz) already parsed and changed the sections: edit them.
        for section in docstring.parsed:
            value = section.value
            if isinstance(value, str):
                section.value = self._text(obj, value, loader)
            elif section.kind is DocstringSectionKind.examples:
                section.value = [
                    (kind, self._text(obj, text, loader))
                    if kind is DocstringSectionKind.text
                    else (kind, text)
                    for kind, text in value
                ]
            elif isinstance(value, list):
                for item in value:
                    if isinstance(getattr(item, "description", None), str):
                        item.description = self._text(obj, item.description, loader)
            elif isinstance(getattr(value, "description", None), str):
                value.description = self._text(obj, value.description, loader)
