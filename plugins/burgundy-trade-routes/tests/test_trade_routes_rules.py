"""The trade routes' rules, each test naming its sentence or ruling.

Sentences: RU19, "Торговые пути" (numbered as docs/rules.md's sources say):

- TR1 "Each player gets random trade-route cards: 3 with 4 players, 4 with 3, 5 with 2; lay
  them in random order above the board — that is your trade route."
- TR2 "When selling, lay the sold tiles one by one, left to right, on the empty spaces of
  the route. If the tile's colour matches the space's colour, receive that bonus at once."
- TR3 "When no empty space is left, put sold goods in the sold space of the board as usual."

Rulings: R-ROUTE (docs/rules.md) and the ones the docs page decides (R-ROUTE-INCOME,
R-ROUTE-CHOICE, R-ROUTE-NESTED, R-ROUTE-TEAM; docs/variants/trade-routes.md).
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import burgundy
from burgundy import registry
from burgundy.components import tile_code
from burgundy.pending import BonusAction, BuildingTake, Turn, WarehouseSell
from burgundy.rules.effects import BUILDING_EFFECT
from burgundy.rules.income import push
from burgundy.rules.sell import SALE_SILVER, SALE_VP
from burgundy.state import State
from burgundy.testing import find_action, legal_texts
from burgundy.validation import validate_state
from burgundy_trade_routes.model import LayRouteTile, RouteDraw, RouteOrder, RouteReward
from burgundy_trade_routes.rules import SOURCE

DEAL = {2: 5, 3: 4, 4: 3}
"""TR1: tiles per player by player count."""


def _top(state: State) -> Any:
    return state.pending[-1]


def _route_of(tr: types.SimpleNamespace, state: State, seat: int) -> tuple[tuple[int, ...], ...]:
    current = tr.routes(state)
    return current.rows[seat], current.goods[seat]


# -- TR1: the deal ----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_tr1_each_player_is_dealt_5_4_3_tiles_each_draw_a_chance_node(
    tr: types.SimpleNamespace, players: int
) -> None:
    """TR1 "3 with 4 players, 4 with 3, 5 with 2" and R-ROUTE-DEAL: one RouteDraw chance
    node per tile, before the start player is drawn; each undealt tile equally likely
    (1/12, 1/11, ...); the drawn tile goes to the right end of that player's row. (The last
    draw of a 3- or 4-player deal has one tile left: it is dealt without a chance node,
    library (c).)"""
    state = tr.rules_for(players).initial_state()
    draws = 0
    while isinstance(_top(state), RouteDraw):
        item = _top(state)
        undealt = tr.routes(state).undealt
        outcomes = state.chance_outcomes()
        assert state.is_chance and [o for o, _ in outcomes] == list(undealt)
        assert all(math.isclose(p, 1 / len(undealt)) for _, p in outcomes)
        pick = outcomes[(draws * 5) % len(outcomes)][0]
        row_before = tr.routes(state).rows[item.player]
        state = state.apply(pick)
        assert tr.routes(state).rows[item.player][: len(row_before) + 1] == (*row_before, pick)
        draws += 1
    assert draws == DEAL[players] * players - (players > 2)
    assert [len(row) for row in tr.routes(state).rows] == [DEAL[players]] * players
    assert len(tr.routes(state).undealt) == 12 - DEAL[players] * players
    assert not state.track  # the deal comes before the start player draw


def test_tr1_the_random_row_has_exact_probabilities(tr: types.SimpleNamespace) -> None:
    """TR1 "in random order": the row is the order of the draws, so a given row of estate 0
    (2 players) has probability 1/12 * 1/11 * 1/10 * 1/9 * 1/8, and each order of the same
    five tiles is equally likely."""
    state = tr.rules_for(2).initial_state()
    probability = 1.0
    wanted = (7, 3, 12, 1, 9)
    for tile in wanted:
        outcomes = dict(state.chance_outcomes())
        probability *= outcomes[tile]
        state = state.apply(tile)
    assert tr.routes(state).rows[0] == wanted
    assert math.isclose(probability, 1 / (12 * 11 * 10 * 9 * 8))
    reversed_state = tr.rules_for(2).initial_state()
    other = 1.0
    for tile in reversed(wanted):
        other *= dict(reversed_state.chance_outcomes())[tile]
        reversed_state = reversed_state.apply(tile)
    assert math.isclose(other, probability)
    assert tr.routes(reversed_state).rows[0] == tuple(reversed(wanted))


def test_tr1_option_choose_the_player_orders_their_tiles(tr: types.SimpleNamespace) -> None:
    """R-ROUTE "option: the player orders it" (trade_routes_order="choose") and
    R-ROUTE-DEAL: the tiles are still dealt by chance, into a hand; then each estate's
    player, in seat order, lays them left to right, one ``route tile N`` decision per tile
    (the last goes by itself)."""
    rules = tr.rules_for(2, order="choose")
    state = rules.initial_state()
    while isinstance(_top(state), RouteDraw):
        state = state.apply(state.chance_outcomes()[0][0])  # tiles 1-5, then 6-10
    assert tr.routes(state).hands == ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
    assert tr.routes(state).rows == ((), ())
    assert isinstance(_top(state), RouteOrder) and state.current_player == 0
    assert legal_texts(state) == {f"route tile {n}" for n in (1, 2, 3, 4, 5)}
    for tile in (4, 1, 5, 2):
        assert state.current_player == 0
        state = state.apply(LayRouteTile(tile))
    assert tr.routes(state).rows[0] == (4, 1, 5, 2, 3)  # the last one went by itself
    assert state.current_player == 1 and isinstance(_top(state), RouteOrder)
    for tile in (10, 9, 8, 7):
        state = state.apply(LayRouteTile(tile))
    assert tr.routes(state).rows == ((4, 1, 5, 2, 3), (10, 9, 8, 7, 6))
    assert tr.routes(state).hands == ((), ())
    assert not any(isinstance(p, (RouteOrder, RouteDraw)) for p in state.pending)


# -- TR2: goods onto the route ----------------------------------------------------------------
def test_r_route_a_sale_of_3_fills_the_last_2_spaces_the_rest_to_the_pile(
    tr: types.SimpleNamespace,
) -> None:
    """R-ROUTE "a sale of n goods fills the next n empty route spaces left to right, the
    rest go to the sold pile" (TR2, TR3): 13 of 15 spaces taken, a sale of 3 goods 5 fills
    spaces 14-15 and puts one on the pile; all 3 count as sold and earn the income."""
    route = (tr.VP, tr.VP + 1, tr.VP + 2, tr.VP + 3, tr.SAME2)  # VP, F9, F10, F11, SAME2
    lying = (1, 2, 3, 4, 5, 6, 1, 3, 5, 2, 4, 6, 1)
    state = tr.position(tr.rules_for(2, "test"), route=route, route_goods=lying,
                        goods=(0, 0, 0, 0, 3, 0), dice=(5, 6))
    seat = state.current_player
    estate = state.seat_estate(seat)
    after = state.apply(find_action(state, "sell 5 d5"))
    _, goods = _route_of(tr, after, seat)
    assert goods == (*lying, 5, 5)
    new = after.seat_estate(seat)
    assert new.sold[4] == estate.sold[4] + 3            # every sold good counts
    assert sum(new.sold) - len(goods) == 1              # one lies on the pile
    assert after.scores[seat] - state.scores[seat] == 3 * SALE_VP[2]
    assert new.silver == estate.silver + SALE_SILVER
    assert isinstance(_top(after), Turn)                # SAME2 asks for 2: no reward


def test_tr2_a_reward_only_on_a_space_of_the_goods_number(tr: types.SimpleNamespace) -> None:
    """TR2 "if the tile's colour matches the space's colour": goods 1 on VP's first space
    (asks for 1: 4 VP) earn its reward, received at once; goods 6 on it earn nothing."""
    rules = tr.rules_for(2, "test")
    route = (tr.VP, tr.SAME2, tr.WARE, tr.EXTRA, tr.CMK)
    match = tr.position(rules, route=route, goods=(1, 0, 0, 0, 0, 0), dice=(1, 3))
    seat = match.current_player
    after = match.apply(find_action(match, "sell 1 d1"))
    assert isinstance(_top(after), Turn)
    assert after.scores[seat] - match.scores[seat] == SALE_VP[2] + 4
    miss = tr.position(rules, route=route, goods=(0, 0, 0, 0, 0, 1), dice=(6, 3))
    after = miss.apply(find_action(miss, "sell 6 d6"))
    assert _route_of(tr, after, seat)[1] == (6,)
    assert isinstance(_top(after), Turn) and after.scores[seat] - miss.scores[seat] == SALE_VP[2]


def test_tr2_rewards_are_received_at_once_and_only_a_choice_is_a_decision(
    tr: types.SimpleNamespace,
) -> None:
    """TR2 "немедленно получите указанный бонус" (receive the bonus at once), R-ROUTE,
    R-ROUTE-INCOME, R-ROUTE-CHOICE: 3 goods 2 on SAME2 (2: 2 silverlings, 2: take a
    building, 2: 4 VP): the silverlings and the VP (ledger source "trade routes") are
    received with the sale, no decision; the building is a choice (which hex) and the
    carpenter's, whose text says "may" (ES11 p.7 "puede inmediatamente tomar"): a
    ``BuildingTake`` that may be declined."""
    state = tr.position(tr.rules_for(2, "test"), route=(tr.SAME2, tr.VP, tr.WARE, tr.EXTRA,
                        tr.CMK), goods=(0, 3, 0, 0, 0, 0), dice=(2, 5),
                        depots={1: ["bank"]})
    seat = state.current_player
    after = state.apply(find_action(state, "sell 2 d2"))
    assert [type(p).__name__ for p in after.pending[-2:]] == ["Turn", "BuildingTake"]
    assert after.seat_estate(seat).silver == state.seat_estate(seat).silver + SALE_SILVER + 2
    assert after.scores[seat] == state.scores[seat] + 3 * SALE_VP[2] + 4
    assert dict(after.seats[seat].ledger)[SOURCE] == 4
    assert legal_texts(after) >= {"take bank 1", "decline"}
    assert not legal_texts(after, "reward")  # no income decision, no decline of it
    after = after.apply(find_action(after, "decline"))
    assert isinstance(_top(after), Turn)


def test_r_route_income_rewards_give_silver_vp_and_workers(tr: types.SimpleNamespace) -> None:
    """R-ROUTE / R-ROUTE-INCOME: an income reward gives exactly it, at once: 2 silverlings
    (SAME2 space 1), 4 workers (E2019-C space 1 as written out with 4)."""
    rules = tr.rules_for(2, "test")
    state = tr.position(rules, route=(tr.SAME2, 3, tr.VP, tr.WARE, tr.EXTRA),
                        goods=(0, 1, 0, 0, 0, 0), dice=(2, 5))
    seat = state.current_player
    after = state.apply(find_action(state, "sell 2 d2"))
    assert after.seat_estate(seat).silver == state.seat_estate(seat).silver + SALE_SILVER + 2
    assert isinstance(_top(after), Turn)
    state = tr.position(rules, route=(tr.SAME2, 3, tr.VP, tr.WARE, tr.EXTRA),
                        route_goods=(2, 2, 2), goods=(0, 0, 1, 0, 0, 0), dice=(3, 5))
    after = state.apply(find_action(state, "sell 3 d3"))
    assert after.seat_estate(seat).workers == state.seat_estate(seat).workers + 4
    assert isinstance(_top(after), Turn)


def test_r_route_a_warehouse_reward_fills_further_spaces(tr: types.SimpleNamespace) -> None:
    """R-ROUTE "'sell' is the warehouse's sale" and R-ROUTE-NESTED: goods 3 on WARE's first
    space (3: sell goods) push the core's WarehouseSell (declinable: the warehouse's text
    says "may", ES11 p.7 "puede inmediatamente ... vender"); its sale of two goods 4 fills
    the next spaces (4: 2 VP, 4: 3 workers), whose rewards are received at once."""
    state = tr.position(tr.rules_for(2, "test"), route=(tr.WARE, tr.SAME2, tr.VP, tr.EXTRA,
                        tr.CMK), goods=(0, 0, 1, 2, 0, 0), dice=(3, 5))
    seat = state.current_player
    after = state.apply(find_action(state, "sell 3 d3"))
    assert isinstance(_top(after), WarehouseSell)
    assert legal_texts(after) >= {"sell 4", "decline"}
    workers, vp = after.seat_estate(seat).workers, after.scores[seat]
    after = after.apply(find_action(after, "sell 4"))  # the warehouse's sale: no die
    assert _route_of(tr, after, seat)[1] == (3, 4, 4)
    assert after.seat_estate(seat).sold[3] == 2
    assert after.seat_estate(seat).workers == workers + 3
    assert after.scores[seat] == vp + 2 * SALE_VP[2] + 2
    assert isinstance(_top(after), Turn)


def test_r_route_nested_rewards_come_before_the_rest_of_the_first_sale(
    tr: types.SimpleNamespace,
) -> None:
    """R-ROUTE-NESTED and TR2 "немедленно" (at once): two goods 6 on F12 (6: sell goods,
    6: 1 VP, 4: extra action): the 1 VP is received with the sale, the warehouse's sale is
    the decision left; it sells a goods 4 onto the third space, whose extra action comes
    next (not declinable: R-ROUTE-CHOICE)."""
    route = (tr.F12, tr.SAME2, tr.VP, tr.WARE, tr.EXTRA)
    state = tr.position(tr.rules_for(2, "test"), route=route, goods=(0, 0, 0, 1, 0, 2),
                        dice=(6, 5))
    seat = state.current_player
    after = state.apply(find_action(state, "sell 6 d6"))
    assert after.pending[1:] == (WarehouseSell(seat),)
    assert dict(after.seats[seat].ledger)[SOURCE] == 1
    after = after.apply(find_action(after, "sell 4"))
    assert after.pending[1:] == (RouteReward(seat, 2),)
    assert "workers d*" in legal_texts(after) and "decline" not in legal_texts(after)
    after = after.apply(find_action(after, "workers d*"))
    assert isinstance(_top(after), Turn)


def test_r_route_extra_action_is_the_castle_bonus_action(tr: types.SimpleNamespace) -> None:
    """R-ROUTE "'extra action' is R-CASTLE", R-ROUTE-EXTRA and R-ROUTE-CHOICE: goods 5 on
    EXTRA's first space give one die action with a die of any value (``d*``) — the core's
    BonusAction rule — not declinable, as a castle's is not (ES11 p.6: "inmediatamente
    lleva a cabo una acción adicional", at once carries out an extra action)."""
    state = tr.position(tr.rules_for(2, "test"), route=(tr.EXTRA, tr.SAME2, tr.VP, tr.WARE,
                        tr.CMK), goods=(0, 0, 0, 0, 1, 0), dice=(5, 6))
    seat = state.current_player
    after = state.apply(find_action(state, "sell 5 d5"))
    assert _top(after) == RouteReward(seat, 0)
    bonus = BonusAction(seat)
    core = state.rules.engine.pending_rules[BonusAction].legal
    assert core is not None
    texts = legal_texts(after)
    assert {str(a) for a in core(after, bonus)} <= texts
    assert "workers d*" in texts and "decline" not in texts
    workers = after.seat_estate(seat).workers
    after = after.apply(find_action(after, "workers d*"))
    assert after.seat_estate(seat).workers == workers + 2
    assert isinstance(_top(after), Turn) and after.seats[seat].dice == (6,)


def test_r_route_extra_the_routes_extra_action_is_no_castles_for_shield_11(
    tr: types.SimpleNamespace,
) -> None:
    """R-ROUTE-EXTRA: shield #11 lets a castle's bonus action take a shield; the route's
    extra action is not a castle's, so it offers no shield (while a castle's BonusAction in
    the same position does)."""
    rules = tr.rules_for(2, "test", shields=True)
    state = tr.position(rules, route=(tr.EXTRA, tr.SAME2, tr.VP, tr.WARE, tr.CMK),
                        goods=(0, 0, 0, 0, 1, 0), dice=(5, 6))
    seat = state.current_player
    estate = state.seats[seat].estate
    shields = state.variant_state("shields")
    depots = tuple(tuple(n for n in d if n != 11) for d in shields.depots)
    depots = ((*depots[0], 3) if 3 not in sum(depots, ()) else depots[0], *depots[1:])
    taken = set(sum(depots, ())) | {11}
    placed = list(shields.placed)
    placed[estate] = ((state.estates[estate].start, 11),)
    state = state.with_variant_state("shields", attrs.evolve(
        shields, depots=tuple(tuple(sorted(d)) for d in depots), placed=tuple(placed),
        supply=tuple(n for n in range(1, 19) if n not in taken)))
    validate_state(state)
    after = state.apply(find_action(state, "sell 5 d5"))
    assert _top(after) == RouteReward(seat, 0)
    assert not legal_texts(after, "shield ")
    castle = push(after, BonusAction(seat))
    assert legal_texts(castle, "shield ")


def test_r_route_take_rewards_follow_the_building_rules(tr: types.SimpleNamespace) -> None:
    """R-ROUTE "take-a-hex rewards follow the building rules": CMK's 6: take a castle,
    mine or knowledge hex is the core's BuildingTake with the church's colours, from the
    numbered depots only (never the black one); with the storage full and
    building_take_may_discard off it has no target and is skipped (R-BUILDING-FULL,
    R-EFFECT-OPTIONAL)."""
    rules = tr.rules_for(2, "test")
    route = (tr.CMK, tr.SAME2, tr.VP, tr.WARE, tr.EXTRA)
    state = tr.position(rules, route=route, goods=(0, 0, 0, 0, 0, 1), dice=(6, 2),
                        depots={2: ["mine"], 4: ["castle"]}, black=["church"])
    seat = state.current_player
    after = state.apply(find_action(state, "sell 6 d6"))
    assert _top(after) == BuildingTake(seat, BUILDING_EFFECT["church"].take)
    takes = legal_texts(after, "take ")
    assert takes == {"take mine 2", "take castle 4"}
    full = tr.position(rules, route=route, goods=(0, 0, 0, 0, 0, 1), dice=(6, 2),
                       storage=["bank", "bank", "bank"], depots={2: ["mine"]})
    after = full.apply(find_action(full, "sell 6 d6"))
    assert isinstance(_top(after), Turn)  # no target: skipped


def test_r_route_take_reward_may_discard_with_the_option(tr: types.SimpleNamespace) -> None:
    """R-BUILDING-FULL's option applies to the route's takes too."""
    rules = tr.rules_for(2, "test", building_take_may_discard=True)
    state = tr.position(rules, route=(tr.CMK, tr.SAME2, tr.VP, tr.WARE, tr.EXTRA),
                        goods=(0, 0, 0, 0, 0, 1), dice=(6, 2),
                        storage=["bank", "bank", "bank"], depots={2: ["mine"]})
    after = state.apply(find_action(state, "sell 6 d6"))
    assert "take mine 2" in legal_texts(after)
    taken = after.apply(find_action(after, "take mine 2"))
    # one kind stored: dropping a bank is the only choice, so it is made at once
    assert sorted(taken.seat_estate(after.current_player).storage) == sorted(
        tile_code(t) for t in ("bank", "bank", "mine"))
    assert taken.removed[tile_code("bank")] == after.removed[tile_code("bank")] + 1


@pytest.mark.parametrize(("edition", "open_"), [("2019", True), ("2011", False)])
def test_2019_mid_action_purchase_during_a_reward(
    tr: types.SimpleNamespace, edition: str, open_: bool
) -> None:
    """The 2019 purchase in the middle of an action (the editions table of docs/rules.md; library
    (g)) is open while a route reward is pending; in 2011 it is not."""
    rules = tr.rules_for(2, "test", edition=edition)
    state = tr.position(rules, route=(tr.EXTRA, tr.SAME2, tr.VP, tr.WARE, tr.CMK),
                        goods=(0, 0, 0, 0, 1, 0), dice=(5, 6), silver=2, black=["bank"])
    after = state.apply(find_action(state, "sell 5 d5"))
    assert isinstance(_top(after), RouteReward)
    assert ("buy bank" in legal_texts(after)) is open_
    if open_:
        bought = after.apply(find_action(after, "buy bank"))
        assert isinstance(_top(bought), RouteReward)  # the reward is still to take
        assert bought.purchased


# -- TR3 ----------------------------------------------------------------------------------------
def test_tr3_with_the_route_full_sales_go_to_the_pile(tr: types.SimpleNamespace) -> None:
    """TR3 "when no empty space is left ... as usual": a full route takes nothing more and
    gives no reward; the goods count as sold."""
    lying = (2, 2, 2, 1, 2, 3, 3, 4, 4, 5, 1, 6, 6, 5, 1)
    state = tr.position(tr.rules_for(2, "test"), route=(tr.SAME2, tr.VP, tr.WARE, tr.EXTRA,
                        tr.CMK), route_goods=lying, goods=(0, 0, 0, 2, 0, 0), dice=(4, 5))
    seat = state.current_player
    after = state.apply(find_action(state, "sell 4 d4"))
    assert _route_of(tr, after, seat)[1] == lying
    assert after.seat_estate(seat).sold[3] == state.seat_estate(seat).sold[3] + 2
    assert isinstance(_top(after), Turn)


# -- knowledge #15 / #25 ----------------------------------------------------------------------
def test_r_route_goods_on_the_route_count_for_knowledge_15_and_25(
    tr: types.SimpleNamespace,
) -> None:
    """R-ROUTE "Route goods count as sold for #15/#25": goods lying on the route are in
    ``Estate.sold``, so #15 (VP per goods colour sold) and #25 (VP per sold goods tile) count
    them: 3 goods 2 sold onto the route, then the end scoring of #15 and #25."""
    from burgundy_knowledge.effects import final_scoring

    rules = tr.rules_for(2, "test", knowledge=True)
    state = tr.position(rules, route=(tr.VP, tr.SAME2, tr.WARE, tr.EXTRA, tr.CMK),
                        goods=(0, 3, 0, 0, 0, 0), dice=(2, 5), tiles={"a4": "k15", "c4": "k25"})
    seat = state.current_player
    after = state.apply(find_action(state, "sell 2 d2"))
    while not isinstance(_top(after), Turn):
        after = after.apply(find_action(after, "decline"))
    assert _route_of(tr, after, seat)[1] == (2, 2, 2)
    assert sum(after.seat_estate(seat).sold) == 3
    terms = final_scoring(after, seat)
    assert terms["knowledge #15"] == 2 * 1  # 2019: 2 VP per colour sold; one colour
    assert terms["knowledge #25"] == 1 * 3  # 1 VP per goods tile sold; all three on the route


# -- solo, team, player counts ----------------------------------------------------------------
def test_r_route_not_in_solo_only_2_to_4_players() -> None:
    """R-ROUTE "Not in solo": the variant plays with 2-4 players; a ruleset of 1 (solo's
    count) is refused."""
    for players in (1, 5):
        with pytest.raises(ValueError, match=r"players must be one of"):
            burgundy.Ruleset(players=players, variants=("trade_routes",),
                             options={"trade_routes_deck": "generated"})
    info = registry.variant_info("trade_routes")
    assert info.players == (2, 3, 4)


def test_position_builder_keeps_the_state_valid(
    tr: types.SimpleNamespace, position: Callable[..., State]
) -> None:
    """The tests' own builder: a route of chosen tiles with goods, from a seeded game."""
    state = position(tr.rules_for(3, "test"), route=(1, 2, 3, 4), route_goods=(1, 5),
                     dice=(1, 2))
    current = tr.routes(state)
    estate = state.seats[state.current_player].estate
    assert current.rows[estate] == (1, 2, 3, 4) and current.goods[estate] == (1, 5)
    assert sorted(current.undealt + tuple(t for r in current.rows for t in r)) == list(
        range(1, 13))
