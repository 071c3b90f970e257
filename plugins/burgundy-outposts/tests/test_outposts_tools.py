"""The plugin's docstring examples run, and the command line plays an outposts game
(issue #15: the pictures with the forts)."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import io
from pathlib import Path

import pytest

from burgundy import cli


@pytest.mark.parametrize("name", ["burgundy_outposts.boards", "burgundy_outposts.rules",
                                  "burgundy_outposts.model", "burgundy.rules.scoring"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    source = Path(module.__file__ or "")
    if source.suffix != ".py":  # compiled (make compiled): doctest cannot see its
        # functions, so the examples of its source's docstrings run in the compiled module
        spec = importlib.util.spec_from_file_location(
            name, source.with_name(name.rsplit(".", 1)[-1] + ".py"))
        assert spec is not None and spec.loader is not None
        plain = importlib.util.module_from_spec(spec)  # (not put in sys.modules)
        spec.loader.exec_module(plain)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        # (module: the functions of the copy name the compiled module as theirs)
        for test in doctest.DocTestFinder().find(plain, name, module, globs=dict(vars(module))):
            runner.run(test)
        result = runner.summarize(verbose=False)
    else:
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_simulate_plays_outposts() -> None:
    args = cli.build_parser().parse_args(
        ["simulate", "--players", "3", "--variants", "knowledge,outposts", "--games", "1",
         "--seed", "2"])
    out, err = io.StringIO(), io.StringIO()
    assert cli.cmd_simulate(args, out=out, err=err) == 0
    assert "1 game, 3 players" in out.getvalue()  # outpost VP count under "other"
