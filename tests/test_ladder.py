"""``make ladder`` (issue #35): ``benchmarks/ladder.py`` plays its matches with the
tournament runner, goes on with a match played with fewer games, and writes the table of
win rates and Elo that docs/bots.md shows."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from burgundy.tournament import read_results
from repo_scripts import load_script

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "ladder.py"


def _ladder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    module = load_script(SCRIPT, "ladder")
    monkeypatch.setattr(module, "HERE", tmp_path)
    matches = (module.Match("std-2p-greedy-random", 2, ("greedy", "random"), 4),
               module.Match("solo-random", 1, ("random",), 2, ("knowledge", "solo")))
    monkeypatch.setattr(module, "MATCHES", matches)
    return module


def test_the_ladder_plays_resumes_and_tabulates(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    ladder = _ladder(tmp_path, monkeypatch)
    assert ladder.main(["--only", "std-2p-greedy-random", "--games", "2", "--jobs", "1"]) == 0
    path = tmp_path / "std-2p-greedy-random.jsonl"
    spec, results = read_results(path)
    assert spec.games == 2 and len(results) == 2
    # the full match goes on from the two games played: they stay as they were
    assert ladder.main(["--only", "std-2p-greedy-random", "--jobs", "1"]) == 0
    spec, more = read_results(path)
    assert spec.games == 4 and more[:2] == results and len(more) == 4
    assert ladder.main(["--only", "solo-random", "--jobs", "1"]) == 0
    table = (tmp_path / "table.md").read_text(encoding="utf-8")
    greedy = sum(1 / len(r["winners"]) for r in more for s in r["winners"]
                 if r["seats"][s] == "greedy")
    assert f"| std-2p-greedy-random | 4 | `greedy` | {100 * greedy / 4:.0f} (" in table
    assert "| solo-random | 2 | `random` |" in table
    assert "Elo over the two-player games" in table
    elo = {line.split("`")[1]: int(line.split("|")[2]) for line in table.splitlines()
           if line.startswith("| `")}
    assert elo["greedy"] > 0 > elo["random"]  # greedy beats random (it wins every game)


def test_a_match_that_is_not_the_ladders_is_refused(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    ladder = _ladder(tmp_path, monkeypatch)
    assert ladder.main(["--only", "std-2p-greedy-random", "--games", "1", "--jobs", "1"]) == 0
    monkeypatch.setattr(ladder, "MATCHES", (ladder.Match("std-2p-greedy-random", 2,
                                                         ("random", "greedy"), 4),))
    with pytest.raises(ValueError, match="holds another match"):
        ladder.main(["--only", "std-2p-greedy-random", "--jobs", "1"])
    with pytest.raises(SystemExit):
        ladder.main(["--only", "nothing"])
