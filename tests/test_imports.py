"""Every module imports on its own, first, in a fresh interpreter.

The modules form layers with no import cycle (the import-linter contracts in
pyproject.toml, run by ``make lint``); this checks that importing any one of them first
works all the same.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import burgundy
import burgundy.rules

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

MODULES = sorted(
    {f"burgundy.{m.name}" for m in pkgutil.iter_modules(burgundy.__path__)}
    | {f"burgundy.rules.{m.name}" for m in pkgutil.iter_modules(burgundy.rules.__path__)}
    - {"burgundy.__main__", "burgundy.rl"}
)
"""The core's modules (``burgundy.rl`` needs its extra: tests/test_rl_codec.py imports its
modules the same way; so does tests/test_web_api.py for ``burgundy.web``'s)."""

EXTRAS = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "torch", "sb3_contrib", "ray",
          "starlette", "uvicorn")
"""Modules of the optional extras (rl, openspiel, learn, rllib, ray, web)."""


def test_import_burgundy_imports_no_extra() -> None:
    """``import burgundy`` (and its command line) never imports an optional extra."""
    code = ("import sys, burgundy, burgundy.cli, burgundy.action_space; "
            f"print([m for m in {EXTRAS!r} if m in sys.modules])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


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


def _layered_modules() -> set[str]:
    """The modules the layers contract of pyproject.toml names (``(x)``: an optional one)."""
    config = tomllib.loads(
        (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    )
    contract = next(
        c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers"
    )
    (container,) = contract["containers"]
    names = set()
    for layer in contract["layers"]:
        for name in layer.replace(":", "|").split("|"):
            names.add(f"{container}.{name.strip().strip('()')}")
    return names


def test_the_layers_name_every_module() -> None:
    """import-linter checks that each top-level module is in a layer (``exhaustive``);
    ``burgundy.rules`` is listed module by module, so this checks its modules are all
    named (a new rules module must be placed in the layers too)."""
    layered = _layered_modules()
    for module in (*MODULES, "burgundy.rl"):
        parts = module.split(".")
        named = any(".".join(parts[:n]) in layered for n in range(2, len(parts) + 1))
        assert named or module == "burgundy.rules", f"{module} is in no layer of pyproject.toml"


def test_the_plugins_front_door_contract_forbids_every_other_core_module() -> None:
    """Issue #29's contract: a plugin imports ``burgundy``, ``burgundy.plugin`` and
    ``burgundy.testing`` only. import-linter cannot say "all but", so the contract lists
    the other top-level modules of the core; a new module of the core must join it."""
    config = tomllib.loads(
        (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    )
    contract = next(
        c for c in config["tool"]["importlinter"]["contracts"]
        if c["id"] == "plugins-front-door"
    )
    top = {
        f"burgundy.{info.name}" for info in pkgutil.iter_modules(burgundy.__path__)
    }
    assert set(contract["forbidden_modules"]) == top - {"burgundy.plugin", "burgundy.testing"}
