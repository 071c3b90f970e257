"""The rest of the 2019 box together (issue #17): every combination of the white castles,
the inns and the extra hexes with knowledge and shields passes the conformance kit at 2, 3
and 4 players (one seed each, to keep the suite cheap), the extra hexes alone at 2-4 and in
a solo game (R-SOLO-RESULT: solo combines with them); every variant at once plays to the end
through ``burgundy.Game``; and a golden playthrough with all of them: any change of
behaviour is a diff. Run ``UPDATE_GOLDEN=1 pytest plugins/burgundy-extra-hexes/tests`` to
rewrite it after an intended change (and review the diff)."""

from __future__ import annotations

import itertools
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import burgundy
from burgundy.actions import BuyTile, PlaceTile, TakeTile
from burgundy.testing import check_conformance, transcript_game
from burgundy.variants import every_variant

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

BOX = ("white_castles", "inns", "extra_hexes")
COMBINATIONS = [c for n in (1, 2, 3) for c in itertools.combinations(BOX, n)]
GOLDEN = Path(__file__).parent / "golden"
EVERY = ("knowledge", "shields", "white_castles", "inns", "extra_hexes")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("box", COMBINATIONS, ids="+".join)
def test_with_knowledge_and_shields(box: tuple[str, ...], players: int) -> None:
    rules = burgundy.Ruleset(players=players, variants=("knowledge", "shields", *box))
    check_conformance(rules, seeds=range(1))


@pytest.mark.parametrize(("players", "variants"), [
    (2, ()), (3, ("knowledge",)), (4, ("knowledge",)), (1, ("knowledge", "solo")),
])
def test_extra_hexes_conform(players: int, variants: tuple[str, ...]) -> None:
    rules = burgundy.Ruleset(players=players, variants=(*variants, "extra_hexes"))
    check_conformance(rules, seeds=range(1))


def test_every_variant_at_once_plays_to_the_end() -> None:
    """``Game(..., variants=("knowledge", "shields", "white_castles", "inns",
    "extra_hexes"))`` plays to the end; the installed variants list them; the benchmark's
    "every variant" (variants.every_variant) holds them."""
    assert set(BOX) <= set(burgundy.available_variants())
    assert set(BOX) <= set(every_variant(2)) and set(BOX) <= set(every_variant(4))
    game = burgundy.Game(players=4, seed=11, variants=EVERY)
    rng = random.Random(11)
    while not game.state.is_terminal:
        game.play(rng.choice(game.legal_actions()))
    assert len(game.state.winners()) >= 1
    replayed = burgundy.Game.from_record(game.record())
    assert replayed.state == game.state


def play(rules: burgundy.Ruleset, seed: int) -> dict[str, Any]:
    game, lines = transcript_game(rules, seed, prefer=(PlaceTile, TakeTile, BuyTile))
    final = game.state
    return {
        "ruleset": rules.describe(),
        "transcript": lines,
        "scores": list(final.scores),
        "winners": list(final.winners()),
        "ledgers": [dict(seat.ledger) for seat in final.seats],
        "record": game.record(),
    }


def test_golden_playthrough_with_all_of_them() -> None:
    rules = burgundy.Ruleset(players=3, variants=EVERY)
    seed = 1701
    path = GOLDEN / f"{'+'.join(rules.variants)}-2019-3p-seed{seed}.json"
    result = play(rules, seed)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    for key in ("ruleset", "transcript", "scores", "winners", "ledgers"):
        assert result[key] == expected[key], key
    text = "\n".join(result["transcript"])
    for seen in ("white-castle", "inn", " v", "buy inn inns"):
        assert seen in text, seen  # the modules' tiles and actions come up
    replayed = burgundy.Game.from_record(expected["record"])
    assert list(replayed.state.scores) == expected["scores"]
