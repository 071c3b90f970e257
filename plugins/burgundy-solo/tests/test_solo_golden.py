"""Golden seeded solo playthroughs (issue #13): any change of behaviour shows up as a diff.
Each file in ``golden/`` holds a seeded game played by a player who places, trades and
takes rewards whenever it can (else at random): its transcript (every chance outcome and
action), the final progress, ledger and result, and its record. Run
``UPDATE_GOLDEN=1 pytest plugins/burgundy-solo/tests/test_solo_golden.py`` to rewrite them
after an intended change (and review the diff)."""

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
from burgundy_solo.model import PlaceBlackHex, TradeForBlackTile
from burgundy_solo.rules import progress

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("2019", True, {}, 1301),
    ("2011", False, {"solo_board": "13b", "solo_target": 45}, 1302),
]


def play(rules: burgundy.Ruleset, seed: int) -> dict[str, Any]:
    game, lines = transcript_game(rules, seed, (PlaceTile, PlaceBlackHex, TradeForBlackTile))
    final = game.state
    return {
        "ruleset": rules.describe(),
        "transcript": lines,
        "progress": attrs.asdict(progress(final)),
        "goods_out": list(final.variant_state("solo").goods_out),
        "ledger": dict(final.seats[0].ledger),
        "winners": list(final.winners()),
        "record": game.record(),
    }


@pytest.mark.parametrize(("edition", "knowledge", "options", "seed"), CASES)
def test_golden_playthrough(
    solo: types.SimpleNamespace, edition: str, knowledge: bool, options: dict[str, Any],
    seed: int,
) -> None:
    rules = solo.rules(edition, knowledge, **options)
    name = "+".join(rules.variants)
    path = GOLDEN / f"{name}-{edition}-{rules.options['solo_board']}-seed{seed}.json"
    result = play(rules, seed)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    for key in ("ruleset", "transcript", "progress", "goods_out", "ledger", "winners"):
        assert result[key] == expected[key], key
    replayed = burgundy.Game.from_record(expected["record"])
    assert attrs.asdict(progress(replayed.state)) == expected["progress"]


def test_a_golden_game_shows_a_chosen_order() -> None:
    """S18 (R-SOLO-ORDER): the 2019 golden game chooses the order of effects due together
    (``first ...``), and the replayed record reproduces it."""
    path = GOLDEN / "knowledge+solo-2019-13a-seed1301.json"
    golden = json.loads(path.read_text(encoding="utf-8"))
    chosen = [line for line in golden["transcript"] if ": first " in line]
    assert "seat 0: first bonus-action 2" in chosen and len(chosen) >= 5
