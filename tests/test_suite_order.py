"""The suite's own scheduling: the test files marked ``heavy`` run first (conftest.py at the
repository's root), so that ``make test``'s two pytest-xdist workers, handed whole files in
collection order, do not end with one long file on one worker and nothing on the other."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any, cast

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _root_conftest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Item:
    """What the hook reads of a collected test: its closest ``heavy`` marker."""

    def __init__(self, name: str, heavy: bool) -> None:
        self.name = name
        self.heavy = heavy

    def get_closest_marker(self, name: str) -> object | None:
        return pytest.mark.heavy.mark if name == "heavy" and self.heavy else None


def test_heavy_files_come_first_and_each_group_keeps_its_order() -> None:
    items = [_Item("a1", False), _Item("h1", True), _Item("a2", False), _Item("h2", True),
             _Item("a3", False)]
    _root_conftest().pytest_collection_modifyitems(cast(Any, items))
    assert [item.name for item in items] == ["h1", "h2", "a1", "a2", "a3"]


def test_xdist_keeps_the_collection_order_and_the_marker_is_declared() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    ini = options["ini_options"]
    assert "--no-loadscope-reorder" in ini["addopts"].split()
    assert "--strict-markers" in ini["addopts"].split()
    assert any(marker.startswith("heavy:") for marker in ini["markers"])


def test_this_run_collected_heavy_files_first(request: pytest.FixtureRequest) -> None:
    """In the session that runs this test (all of the suite under make test), no heavy test
    comes after a light one."""
    heavy = [item.get_closest_marker("heavy") is not None for item in request.session.items]
    first_light = heavy.index(False)
    assert not any(heavy[first_light:])
