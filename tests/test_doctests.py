"""The examples in the public docstrings run (so they cannot rot).

Every module of the core with examples is found (a new module needs no entry here); the
modules of the optional extras ``rl`` and ``web`` run theirs in tests/test_rl_codec.py,
tests/test_rl_openspiel.py and tests/test_web_api.py.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import burgundy

EXTRA_PACKAGES = ("burgundy.rl", "burgundy.web")
"""The subpackages of the optional extras, whose own tests run their examples."""


def _core_modules() -> list[str]:
    names = ["burgundy"]
    for info in pkgutil.walk_packages(burgundy.__path__, "burgundy."):
        if not any(info.name == extra or info.name.startswith(f"{extra}.")
                   for extra in EXTRA_PACKAGES):
            names.append(info.name)
    return names


def _has_examples(name: str) -> bool:
    module = importlib.import_module(name)
    return any(test.examples for test in doctest.DocTestFinder().find(module))


MODULES = [name for name in _core_modules() if _has_examples(name)]
"""The core's modules with examples in their docstrings."""


def test_the_modules_with_examples_are_found() -> None:
    # modules known to hold examples, from the state model to the bots and the CLI
    for name in ("burgundy.state", "burgundy.actions", "burgundy.cli", "burgundy.bots.expert",
                 "burgundy.bots.features", "burgundy.tournament.run"):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
