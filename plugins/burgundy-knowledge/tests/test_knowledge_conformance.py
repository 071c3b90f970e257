"""The conformance kit on the knowledge variant, and the plugin's registration.

``burgundy.testing.check_conformance`` plays seeded random games and checks at every step the
invariants every ruleset keeps (hexes and goods conserved, no negative silver or workers,
scores never falling, every legal action applies, illegal ones raise, distinct action
texts, JSON round-trips, same seed same game). Random games place only a few knowledge
tiles, so the invariants are also checked on games that start with most of the playing
tiles (#1-#14) already in both duchies.
"""

from __future__ import annotations

import pytest

from burgundy import Ruleset
from burgundy.actions import BuyTile
from burgundy.components import TILE_BY_NAME
from burgundy.testing import check_conformance, playout, with_tiles
from burgundy_knowledge.actions import TakeGoodsTwo
from burgundy_knowledge.effects import TILE_DATA

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)


@pytest.mark.parametrize("edition", ["2019", "2011"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit(players, edition):
    rules = Ruleset(players=players, variants=("knowledge",), edition=edition)
    check_conformance(rules, seeds=[players * 10 + 1, players * 10 + 2])


MINE = {"c4": "k5", "b4": "k6", "a4": "k8", "f3": "k12", "g2": "k13", "g3": "k3"}
THEIRS = {"c4": "k1", "b4": "k4", "a4": "k9", "f3": "k10", "g2": "k11", "g3": "k14"}


@pytest.mark.parametrize("edition", ["2019", "2011"])
def test_invariants_with_playing_tiles_in_both_duchies(build, fetch, edition):
    """Random play from the first turn with #1, #3-#6 and #8-#14 in the duchies: every
    state keeps the invariants, and the tiles' own actions (#5, #6) come up."""
    state = build(edition, tiles=MINE, dice=(1, 6), silver=3, workers=3)
    other = next(s for s in range(2) if s != state.current_player)
    for name in THEIRS.values():
        state = fetch(state, name)
    state = with_tiles(state, other, THEIRS)
    states = playout(state, 7, check=True, prefer=(BuyTile, TakeGoodsTwo))
    assert states[-1].is_terminal
    seen = {a.source for s in states for a in s.legal_actions() if isinstance(a, BuyTile)}
    assert seen - {"black"}  # #6's depots come up


def test_variant_registration():
    rules = Ruleset(players=2, variants=("knowledge",))
    assert rules.variants == ("knowledge",)
    assert TakeGoodsTwo in rules.engine.action_types
    assert rules.engine.purchase_offers and rules.engine.purchase_payments  # #6
    assert "knowledge" in Ruleset(players=2).variants  # part of the standard game


def test_tile_data_names_all_26_tiles():
    assert sorted(int(n) for n in TILE_DATA if n.isdigit()) == list(range(1, 27))
    for n in range(1, 27):
        assert f"k{n}" in TILE_BY_NAME
