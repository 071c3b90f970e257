"""Golden seeded playthroughs of the trade routes: any change of behaviour shows up as a
diff. Each file in ``golden/`` holds a seeded random game (a supplied deck with the player
ordering the routes, and the generated deck): its transcript (every chance outcome and
action), the final routes, scores, winners and ledgers, and its record. Run
``UPDATE_GOLDEN=1 pytest plugins/burgundy-trade-routes/tests/test_trade_routes_golden.py``
to rewrite them after an intended change (and review the diff)."""

from __future__ import annotations

import json
import os
import types
from pathlib import Path
from typing import Any

import pytest

import burgundy
from burgundy.testing import transcript_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("generated", 2, "random", ("knowledge",), 1601),
    ("test", 3, "choose", ("knowledge", "shields"), 1602),
    ("generated", 4, "random", (), 1603),
]


def play(tr: types.SimpleNamespace, deck: str, players: int, order: str,
         others: tuple[str, ...], seed: int) -> dict[str, Any]:
    rules = tr.rules_for(players, deck, order=order, knowledge="knowledge" in others,
                         shields="shields" in others)
    game, lines = transcript_game(rules, seed)
    final = game.state
    routes = final.variant_state("trade_routes")
    return {
        "ruleset": rules.describe(),
        "transcript": lines,
        "routes": {"rows": [list(r) for r in routes.rows],
                   "goods": [list(g) for g in routes.goods],
                   "undealt": list(routes.undealt)},
        "sold": [list(e.sold) for e in final.estates],
        "scores": list(final.scores),
        "winners": list(final.winners()),
        "ledgers": [dict(seat.ledger) for seat in final.seats],
        "record": game.record(),
    }


@pytest.mark.parametrize(("deck", "players", "order", "others", "seed"), CASES)
def test_golden_playthrough(
    tr: types.SimpleNamespace, deck: str, players: int, order: str,
    others: tuple[str, ...], seed: int,
) -> None:
    name = "+".join((*others, "trade_routes"))
    path = GOLDEN / f"{name}-{deck}-{order}-{players}p-seed{seed}.json"
    result = play(tr, deck, players, order, others, seed)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    for key in ("ruleset", "transcript", "routes", "sold", "scores", "winners", "ledgers"):
        assert result[key] == expected[key], key
    replayed = burgundy.Game.from_record(expected["record"])
    assert list(replayed.state.scores) == expected["scores"]
    assert replayed.state.variant_state("trade_routes").goods == tuple(
        tuple(g) for g in expected["routes"]["goods"])
