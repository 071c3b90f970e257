"""The trade routes' state serialises (JSON round trip, pickle) and a loaded state is
checked: the core checks its shape (``RouteState`` of exact types), the plugin's
``validate`` hook its meaning — the deck's tiles each in one place, the deal and the
ordering consistent with the stack, and the route goods conserved (they are sold goods:
goods on the route + elsewhere = the game's goods; TR3: none on the pile while the route
has an empty space). A test per check."""

from __future__ import annotations

import json
import pickle
import types
from typing import Any

import attrs
import pytest

import burgundy
from burgundy.rules.income import push, set_estate
from burgundy.state import State, replace
from burgundy.testing import find_action, first_turn
from burgundy.validation import validate_state
from burgundy_trade_routes.model import RouteDraw, RouteOrder, RouteReward


def _round_trips(state: State) -> None:
    text = burgundy.to_json(state)
    assert burgundy.from_json(text, state.rules) == state
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.key == state.key


def _with(state: State, **changes: Any) -> State:
    current = state.variant_state("trade_routes")
    return state.with_variant_state("trade_routes", attrs.evolve(current, **changes))


def _rejects(state: State, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        validate_state(state)


@pytest.fixture(name="sale")
def sale_fixture(tr: types.SimpleNamespace) -> State:
    """A RouteReward (the extra action) pending after a sale of one goods 5 onto EXTRA's
    first space."""
    state = tr.position(tr.rules_for(2, "test"), route=(tr.EXTRA, tr.SAME2, tr.VP, tr.WARE,
                        tr.CMK), goods=(0, 0, 0, 0, 1, 0), dice=(5, 6))
    after = state.apply(find_action(state, "sell 5 d5"))
    assert isinstance(after.pending[-1], RouteReward)
    return after


def test_states_round_trip_at_the_deal_while_ordering_and_with_a_reward_pending(
    tr: types.SimpleNamespace, sale: State,
) -> None:
    dealing = tr.rules_for(3).initial_state()
    _round_trips(dealing)
    ordering = tr.rules_for(2, order="choose").initial_state()
    while isinstance(ordering.pending[-1], RouteDraw):
        ordering = ordering.apply(ordering.chance_outcomes()[0][0])
    assert isinstance(ordering.pending[-1], RouteOrder)
    _round_trips(ordering)
    _round_trips(sale)
    rules = sale.rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    game = burgundy.Game(rules, seed=2)
    assert pickle.loads(pickle.dumps(game)).state == game.state


def test_the_strict_loader_refuses_a_list_where_the_route_state_has_a_tuple(
    sale: State,
) -> None:
    data = json.loads(burgundy.to_json(sale))
    for pair in data["ext"]:
        if pair[0] == "trade_routes":
            pair[1]["rows"] = [[4, 8, 5, 6, 7], "x"]
    with pytest.raises(ValueError, match="trade_routes"):
        burgundy.from_json(json.dumps(data), sale.rules)


@pytest.fixture(name="laid")
def laid_fixture(sale: State) -> State:
    """The same after the reward (workers): the seat's turn."""
    return sale.apply(find_action(sale, "workers d*"))


def test_valid_positions_pass(sale: State) -> None:
    validate_state(sale)


def test_each_tile_in_exactly_one_place(sale: State) -> None:
    rows = sale.variant_state("trade_routes").rows
    _rejects(_with(sale, rows=(rows[0], (*rows[1][:-1], rows[0][0]))),
             "each of the deck's 12 tiles must be in exactly one place")


def test_undealt_and_hands_sorted(sale: State) -> None:
    undealt = sale.variant_state("trade_routes").undealt
    _rejects(_with(sale, undealt=tuple(reversed(undealt))), "must be sorted")


def test_one_entry_per_player(sale: State, laid: State) -> None:
    current = laid.variant_state("trade_routes")
    _rejects(_with(laid, goods=current.goods[:1]), "one hand, row and goods entry per player")
    _rejects(_with(sale, goods=current.goods[:1]), "has no route|one hand, row and goods")


def test_each_player_dealt_its_count(sale: State) -> None:
    current = sale.variant_state("trade_routes")
    rows = (current.rows[0][:-1], current.rows[1])
    _rejects(_with(sale, rows=rows, undealt=tuple(sorted((*current.undealt,
             current.rows[0][-1])))), "must be dealt 5 tiles")


def test_no_hand_with_random_order(sale: State) -> None:
    current = sale.variant_state("trade_routes")
    hands = ((current.undealt[0],), ())
    _rejects(_with(sale, hands=hands, undealt=current.undealt[1:]), "must be dealt 5|a hand")


def test_route_goods_are_sold_goods(sale: State) -> None:
    """Conservation: route goods are counted in ``sold``; a route holding goods the estate
    did not sell is refused."""
    seat = sale.current_player
    goods = list(sale.variant_state("trade_routes").goods)
    goods[seat] = (*goods[seat], 5)
    _rejects(_with(sale, goods=tuple(goods)), "more goods on its routes than sold")


def test_no_goods_on_the_pile_while_the_route_has_room(sale: State) -> None:
    """TR3: goods reach the pile only once the route is full: a sold good neither on the
    route nor ... (sold from the pool, not laid on the route) is refused."""
    seat = sale.current_player
    estate = sale.seats[seat].estate
    sold = list(sale.estates[estate].sold)
    sold[0] += 1
    pool = list(sale.goods_pool)
    pool[0] -= 1
    state = replace(set_estate(sale, estate, sold=tuple(sold)), goods_pool=tuple(pool))
    _rejects(state, "goods on the sold pile while its routes have empty spaces")


def test_goods_colours_and_count(laid: State) -> None:
    seat = laid.current_player
    goods = list(laid.variant_state("trade_routes").goods)
    goods[seat] = (7,)
    _rejects(_with(laid, goods=tuple(goods)), "route holds")


def test_a_reward_stands_on_a_space_of_its_number(sale: State) -> None:
    seat = sale.current_player
    _rejects(replace(sale, pending=(*sale.pending[:-1], RouteReward(seat, 5))),
             "no goods lie on that route space")
    estate = sale.seats[seat].estate
    goods = list(sale.variant_state("trade_routes").goods)
    goods[seat] = (3,)
    sold = [0, 0, 1, 0, 0, 0]
    pool = [p + o - s for p, o, s in zip(sale.goods_pool, sale.estates[estate].sold, sold,
                                         strict=True)]
    state = replace(set_estate(_with(sale, goods=tuple(goods)), estate, sold=tuple(sold)),
                    goods_pool=tuple(pool))
    _rejects(state, "its goods are not of its number")


def test_ordering_only_with_the_option(tr: types.SimpleNamespace) -> None:
    state = first_turn(tr.rules_for(2))
    seat = state.current_player
    _rejects(push(state, RouteOrder(seat)), "trade_routes_order='choose'")


def test_draws_pending_match_the_tiles_to_come(tr: types.SimpleNamespace) -> None:
    state = tr.rules_for(2).initial_state()
    _rejects(push(state, RouteDraw(player=0)), "must be dealt 5 tiles")
    _rejects(replace(state, pending=(*state.pending[:-1], RouteDraw(player=9))),
             "player 9: no such seat")
