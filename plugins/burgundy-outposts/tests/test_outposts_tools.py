"""The plugin's docstring examples run, and the command line plays an outposts game
(issue #15: the pictures with the forts)."""

from __future__ import annotations

import doctest
import importlib
import io

import pytest

from burgundy import cli


@pytest.mark.parametrize("name", ["burgundy_outposts.boards", "burgundy_outposts.rules",
                                  "burgundy_outposts.model", "burgundy.rules.scoring"])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_simulate_plays_outposts() -> None:
    args = cli.build_parser().parse_args(
        ["simulate", "--players", "3", "--variants", "knowledge,outposts", "--games", "1",
         "--seed", "2"])
    out, err = io.StringIO(), io.StringIO()
    assert cli.cmd_simulate(args, out=out, err=err) == 0
    assert "1 game, 3 players" in out.getvalue()  # outpost VP count under "other"
