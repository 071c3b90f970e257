"""The public API is snapshotted (issue #29): ``tests/api/public-api.txt`` lists every
public name of the modules the API pages document, and a change that the listing does not
show fails here (``python tools/api_snapshot.py`` writes it; the change then goes in
``CHANGELOG.md``). The same check finds public names without a docstring."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from repo_scripts import load_script

TOOL = Path(__file__).resolve().parent.parent / "tools" / "api_snapshot.py"


def _tool() -> ModuleType:
    return load_script(TOOL, "api_snapshot")


def test_the_public_api_is_the_listed_one() -> None:
    result = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_the_listing_sees_a_changed_signature() -> None:
    """The check would fail: a function's parameters are part of its line."""
    tool = _tool()
    lines = tool.listing().splitlines()
    assert "burgundy.plugin.hookimpl HookimplMarker" in lines
    assert any(line.startswith("burgundy.Ruleset class(players=, variants=, edition=, "
                               "options=)") for line in lines)
    assert any(line.startswith("burgundy.plugin.Decision class(legal, ") for line in lines)


def test_the_check_sees_names_without_a_docstring(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool()
    fake = ModuleType("fake_api", "A module of the API.")

    def bare() -> None:
        pass

    class Documented:
        """A class with a docstring."""

        def method(self) -> None:
            pass

        @property
        def size(self) -> int:
            """A documented property."""
            return 0

    for value in (bare, Documented):
        value.__module__ = "fake_api"
        setattr(fake, value.__name__, value)
    monkeypatch.setitem(sys.modules, "fake_api", fake)
    monkeypatch.setattr(tool, "documented_modules", lambda: ["fake_api"])
    assert tool.undocumented() == ["fake_api.Documented.method", "fake_api.bare"]
