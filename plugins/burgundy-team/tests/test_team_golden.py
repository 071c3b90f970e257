"""Golden seeded team playthroughs (issue #14): any change of behaviour shows up as a diff.
Each file in ``golden/`` holds a seeded random game: its transcript (every chance outcome
and action), the final scores, team scores, winners and ledgers, and its record. Run
``UPDATE_GOLDEN=1 pytest plugins/burgundy-team/tests/test_team_golden.py`` to rewrite them
after an intended change (and review the diff)."""

from __future__ import annotations

import json
import os
import types
from pathlib import Path
from typing import Any

import pytest

import burgundy
from burgundy.testing import transcript_game
from burgundy_team.rules import team_scores

GOLDEN = Path(__file__).parent / "golden"
CASES = [("2019", False, 1401), ("2011", True, 1402)]


def play(rules: burgundy.Ruleset, seed: int) -> dict[str, Any]:
    game, lines = transcript_game(rules, seed)
    final = game.state
    return {
        "ruleset": rules.describe(),
        "transcript": lines,
        "scores": list(final.scores),
        "teams": list(team_scores(final)),
        "winners": list(final.winners()),
        "ledgers": [dict(seat.ledger) for seat in final.seats],
        "record": game.record(),
    }


@pytest.mark.parametrize(("edition", "shields", "seed"), CASES)
def test_golden_playthrough(team: types.SimpleNamespace, edition: str, shields: bool,
                            seed: int) -> None:
    rules = team.rules(shields=shields, edition=edition)
    path = GOLDEN / f"{'+'.join(rules.variants)}-{edition}-4p-seed{seed}.json"
    result = play(rules, seed)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    for key in ("ruleset", "transcript", "scores", "teams", "winners", "ledgers"):
        assert result[key] == expected[key], key
    replayed = burgundy.Game.from_record(expected["record"])
    assert list(replayed.state.scores) == expected["scores"]
