"""The conformance kit on the trade routes: 2-4 players, with a supplied deck and with
``"generated"``, alone and with the knowledge tiles and the shields; and random play that
prefers sales, so routes fill and rewards come up, keeps every invariant."""

from __future__ import annotations

import types

import pytest

from burgundy import Ruleset
from burgundy.actions import SellGoods
from burgundy.testing import check_conformance, playout
from burgundy_trade_routes.model import ACTION_TYPES, PENDING_TYPES, RouteState

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

MIXES = {"alone": {}, "knowledge+shields": {"knowledge": True, "shields": True}}


@pytest.mark.parametrize("mix", sorted(MIXES))
@pytest.mark.parametrize("deck", ["test", "generated"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_kit(tr: types.SimpleNamespace, players: int, deck: str, mix: str) -> None:
    rules = tr.rules_for(players, deck, **MIXES[mix])
    check_conformance(rules, seeds=[players * 10 + 1])


@pytest.mark.parametrize(("players", "edition"), [(2, "2011"), (3, "2019"), (4, "2011")])
def test_conformance_with_chosen_order_and_the_knowledge_tiles(
    tr: types.SimpleNamespace, players: int, edition: str
) -> None:
    rules = tr.rules_for(players, "test", order="choose", knowledge=True, edition=edition)
    check_conformance(rules, seeds=[players])


@pytest.mark.parametrize("deck", ["test", "generated"])
@pytest.mark.parametrize("players", [2, 4])
def test_invariants_when_sales_are_preferred(
    tr: types.SimpleNamespace, players: int, deck: str
) -> None:
    """Random play choosing a sale with probability 0.95 whenever one is legal, three
    seeded games: every state keeps the invariants; routes fill and their VP rewards are
    received at once, booked to "trade routes" (R-ROUTE: no decision)."""
    rules = tr.rules_for(players, deck, knowledge=True)
    filled, booked = 0, 0
    for seed in range(3):
        states = playout(rules.initial_state(), seed, check=True, prefer=(SellGoods,),
                         bias=0.95)
        last = states[-1]
        assert last.is_terminal
        filled = max(filled, *(len(g) for g in last.variant_state("trade_routes").goods))
        booked += sum(dict(seat.ledger).get("trade routes", 0) for seat in last.seats)
    assert filled >= 8
    assert booked > 0 or deck == "generated"  # the test deck has VP on every tile


def test_variant_registration() -> None:
    rules = Ruleset(players=2, variants=("trade_routes",),
                    options={"trade_routes_deck": "generated"})
    assert rules.variants == ("trade_routes",)
    assert set(ACTION_TYPES) <= set(rules.engine.action_types)
    assert set(PENDING_TYPES) <= set(rules.engine.pending_types)
    assert rules.options["trade_routes_order"] == "random"
    state = rules.initial_state()
    assert state.variant_state("trade_routes") == RouteState(
        undealt=tuple(range(1, 13)), hands=((), ()), rows=((), ()), goods=((), ()))
    every = Ruleset(players=3, variants=("trade_routes", "shields", "knowledge"),
                    options={"trade_routes_deck": "generated"})
    assert every.variants == ("knowledge", "shields", "trade_routes")  # order 10, 20, 30
