"""The examples in the public docstrings run (so they cannot rot)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "burgundy.variants", "burgundy.io", "burgundy.game", "burgundy.testing", "burgundy.state",
    "burgundy.terminal", "burgundy.render.text", "burgundy.render.html", "burgundy.render.svg",
    "burgundy.components", "burgundy.geometry", "burgundy.bots",
    "burgundy.tournament.spec", "burgundy.tournament.run", "burgundy.tournament.results",
    "burgundy.tournament.summary", "burgundy.tournament.stats",
    "burgundy.tournament.ray_backend", "burgundy.bots.mcts", "burgundy.selfplay",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
