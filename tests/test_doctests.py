"""The examples in the public docstrings run (so they cannot rot).

Every module with examples of the core and of the installed variant plugins (the packages
of the ``burgundy.variants`` entry points) is found: a new module needs no entry here. The
modules of the optional extras ``rl`` and ``web`` run theirs in tests/test_rl_codec.py,
tests/test_rl_openspiel.py and tests/test_web_api.py.

mypyc keeps no docstrings of what it compiles, so in the compiled build the compiled
modules (``burgundy._build.COMPILED_MODULES``) show no examples: the pure build's run of
this file runs them.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.metadata
import pkgutil

import pytest

import burgundy
from burgundy._build import COMPILED_MODULES

EXTRA_PACKAGES = ("burgundy.rl", "burgundy.web")
"""The subpackages of the optional extras, whose own tests run their examples."""


def _modules(package: str) -> list[str]:
    """``package`` and all its modules, but those of :data:`EXTRA_PACKAGES`."""
    names = [package]
    for info in pkgutil.walk_packages(importlib.import_module(package).__path__, f"{package}."):
        if not any(info.name == extra or info.name.startswith(f"{extra}.")
                   for extra in EXTRA_PACKAGES):
            names.append(info.name)
    return names


def _packages() -> list[str]:
    """The core and the top-level package of every installed variant plugin."""
    plugins = {point.value.partition(".")[0].partition(":")[0]
               for point in importlib.metadata.entry_points(group="burgundy.variants")}
    return [burgundy.__name__, *sorted(plugins - {burgundy.__name__})]


def _has_examples(name: str) -> bool:
    module = importlib.import_module(name)
    return any(test.examples for test in doctest.DocTestFinder().find(module))


MODULES = [name for package in _packages() for name in _modules(package) if _has_examples(name)]
"""The modules with examples in their docstrings, of the core and the variant plugins."""


def test_the_modules_with_examples_are_found() -> None:
    # modules known to hold examples: the state model, the CLI, the bots, plugins
    known = ("burgundy.state", "burgundy.actions", "burgundy.cli", "burgundy.bots.expert",
             "burgundy.bots.features", "burgundy.rules.scoring", "burgundy.tournament.run",
             "burgundy_solo.rules", "burgundy_trade_routes.tiles")
    compiled = COMPILED_MODULES if burgundy.COMPILED else ()
    for name in known:
        assert (name in MODULES) == (name not in compiled), name


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
