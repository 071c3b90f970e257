"""Every module imports on its own, first, in a fresh interpreter.

The modules form layers with no import cycle (the import-linter contracts in
pyproject.toml, run by ``make lint``); this checks that importing any one of them first
works all the same.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import burgundy
import burgundy.rules

MODULES = sorted(
    {f"burgundy.{m.name}" for m in pkgutil.iter_modules(burgundy.__path__)}
    | {f"burgundy.rules.{m.name}" for m in pkgutil.iter_modules(burgundy.rules.__path__)}
    - {"burgundy.__main__"}
)


def test_the_list_covers_the_rules_modules() -> None:
    assert {"burgundy.rules.turn", "burgundy.rules.place", "burgundy.rules.effects"} <= set(
        MODULES
    )


@pytest.mark.parametrize("module", MODULES)
def test_module_imports_first(module: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", f"import {module}"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
