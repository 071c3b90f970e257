"""The conformance kit on the shields variant, and the plugin's registration.

``burgundy.testing.check_conformance`` plays seeded random games and checks at every step the
invariants every ruleset keeps (hexes and goods conserved, the 18 shields conserved and on
castles via the plugin's ``validate`` hook, no negative silver or workers, scores never
falling, every legal action applies, illegal ones raise, distinct action texts, JSON
round-trips, same seed same game). Random games take few shields, so the invariants are also
checked on games that start with shields in both duchies and prefer the shields' own actions.
"""

from __future__ import annotations

import pytest

from burgundy import Ruleset
from burgundy.testing import check_conformance, playout
from burgundy_shields.model import ACTION_TYPES, PENDING_TYPES, SetDie, ShieldState

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)


@pytest.mark.parametrize("knowledge", [False, True], ids=["shields", "knowledge+shields"])
@pytest.mark.parametrize("edition", ["2019", "2011"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit(players, edition, knowledge):
    variants = ("knowledge", "shields") if knowledge else ("shields",)
    rules = Ruleset(players=players, variants=variants, edition=edition)
    check_conformance(rules, seeds=[players * 10 + 1, players * 10 + 2])


@pytest.mark.parametrize("knowledge", [False, True])
@pytest.mark.parametrize("edition", ["2019", "2011"])
def test_invariants_with_shields_in_both_duchies(build, edition, knowledge):
    """Random play to the end from a first turn with #5, #14, #15, #16 (and #2 for the other
    seat) placed and one shield on every depot, choosing a shield action whenever one is
    open with probability 0.7: every state keeps the invariants and the shields' own actions
    come up."""
    state = build(
        knowledge=knowledge, edition=edition, dice=(1, 6), silver=3, workers=3,
        tiles={"a2": "castle", "a3": "castle", "b3": "castle"},
        shields={"d4": 16, "a2": 14, "a3": 15, "b3": 5},
        their_tiles={"a2": "castle", "b3": "castle"}, their_shields={"d4": 2, "a2": 3},
        shield_depots={1: (11,), 2: (6,), 3: (18,), 4: (1,), 5: (4,), 6: (8,)},
    )
    states = playout(state, 11, check=True, prefer=ACTION_TYPES, bias=0.7)
    assert states[-1].is_terminal
    seen = {type(a).__name__ for s in states for a in s.legal_actions()}
    assert {"TakeShield", "PayTribute", "PlaceFromDepot", "SetDie"} <= seen
    if knowledge:
        assert "Borrow" in seen


def test_variant_registration():
    rules = Ruleset(players=2, variants=("shields",))
    assert rules.variants == ("shields",)
    assert set(ACTION_TYPES) <= set(rules.engine.action_types)
    assert set(PENDING_TYPES) <= set(rules.engine.pending_types)
    assert SetDie in rules.engine.free_actions
    assert rules.initial_state().variant_state("shields") == ShieldState(
        supply=tuple(range(1, 19)), depots=((),) * 6, placed=((), ()), borrow=(-1, -1)
    )
    both = Ruleset(players=3, variants=("shields", "knowledge"))
    assert both.variants == ("knowledge", "shields")  # fixed order, knowledge first
