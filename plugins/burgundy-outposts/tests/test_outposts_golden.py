"""Golden seeded outposts playthroughs (issue #15): any change of behaviour shows up as a
diff. Each file in ``golden/`` holds a seeded game played by players who place whenever
they can (else at random): its transcript (every chance outcome and action), the outposts'
state and every seat's ledger at the end, the winners and the record. Run
``UPDATE_GOLDEN=1 pytest plugins/burgundy-outposts/tests/test_outposts_golden.py`` to
rewrite them after an intended change (and review the diff)."""

from __future__ import annotations

import json
import os
import types
from pathlib import Path
from typing import Any

import attrs
import pytest

import burgundy
from burgundy.actions import PlaceTile
from burgundy.testing import transcript_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [(3, True, False, 1501), (2, False, True, 1502)]


def play(rules: burgundy.Ruleset, seed: int) -> dict[str, Any]:
    game, lines = transcript_game(rules, seed, (PlaceTile,))
    final = game.state
    return {
        "ruleset": rules.describe(),
        "transcript": lines,
        "outposts": {k: list(v) for k, v in attrs.asdict(final.variant_state("outposts")).items()},
        "ledgers": [dict(seat.ledger) for seat in final.seats],
        "winners": list(final.winners()),
        "record": game.record(),
    }


@pytest.mark.parametrize(("players", "knowledge", "shields", "seed"), CASES)
def test_golden_playthrough(
    outposts: types.SimpleNamespace, players: int, knowledge: bool, shields: bool, seed: int
) -> None:
    rules = outposts.rules(players, knowledge, shields)
    name = "+".join(rules.variants)
    path = GOLDEN / f"{name}-{players}p-seed{seed}.json"
    result = play(rules, seed)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    for key in ("ruleset", "transcript", "outposts", "ledgers", "winners"):
        assert result[key] == expected[key], key
    replayed = burgundy.Game.from_record(expected["record"])
    assert [dict(s.ledger) for s in replayed.state.seats] == expected["ledgers"]
