"""The public API is snapshotted (issue #29): ``tests/api/public-api.txt`` lists every
public name of the modules the API pages document, and a change that the listing does not
show fails here (``python tools/api_snapshot.py`` writes it; the change then goes in
``CHANGELOG.md``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

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
