"""S18 "Действия и эффекты выполняются в любом порядке" — actions and effects are resolved in
any order (RU19 "Одиночная игра"; R-SOLO-ORDER). When two or more of the effects the solo
rules bring together are due at once, the player chooses which to resolve next: the two
positions of issue #30 (a castle that covers the castle colour; a ship that covers the
river colour), every order offered and each played by the rules.
Positions: the first turn of seed 1 on board 13a, the start castle on A26."""

from __future__ import annotations

import types
from collections.abc import Callable

from burgundy.actions import Action
from burgundy.components import tile_code
from burgundy.pending import BonusAction, BuildingTake, OrderChoice, ShipGoods, Turn
from burgundy.state import State, replace
from burgundy.testing import set_depots
from burgundy.validation import validate_state
from burgundy_solo.model import BlackTrade, ColourReward

S = types.SimpleNamespace


def _kinds(state: State) -> list[str]:
    return [type(p).__name__ for p in state.pending]


def _castle(solo: S, black: list[str]) -> State:
    """The last castle space, A28, to cover (castles on A26, A06, A17): the colour reward
    and the castle's extra action are due together."""
    state = solo.position(
        tiles={"A01": "mine", "A21": "mine", "A27": "k1", "A06": "castle", "A17": "castle"},
        storage=["castle"], dice=(2, 3),
    )
    return solo.play(set_depots(state, {4: ["ship"]}, black), "place castle A28 d2")


def _ship(solo: S, black: list[str]) -> State:
    """The sixth ship (on A30, the other five placed): the colour reward and the ship's
    goods (with the clearing after them) are due together; 5 goods held for the trade."""
    state = solo.position(
        tiles={"A29": "mine", "A00": "ship", "A09": "ship", "A32": "ship", "A15": "ship",
               "A19": "ship"},
        storage=["ship"], dice=(1, 4), goods=(2, 1, 1, 1, 0, 0),
        depot_goods={1: (0, 0, 0, 0, 2, 0), 3: (0, 0, 0, 0, 0, 1)},
    )
    return solo.play(replace(set_depots(state, {}, black), white=1), "place ship A30 d1")


def _decline_or_first(state: State) -> Action:
    legal = state.legal_actions()
    return next((a for a in legal if str(a) == "decline"), legal[0])


def orders(state: State, answer: Callable[[State], Action] = _decline_or_first
           ) -> set[tuple[str, ...]]:
    """Every order in which the effects due in ``state`` are resolved, trying each answer
    of every ``OrderChoice`` and answering each effect with ``answer``; each end position
    is checked (a valid state, back at the turn)."""
    found: set[tuple[str, ...]] = set()

    def walk(state: State, done: tuple[str, ...]) -> None:
        top = state.pending[-1]
        if isinstance(top, Turn):
            validate_state(state)
            found.add(done)
        elif isinstance(top, OrderChoice):
            for action in state.legal_actions():
                walk(state.apply(action), done)
        else:
            walk(state.apply(answer(state)), (*done, type(top).__name__))

    walk(state, ())
    return found


def test_S18_a_covered_castle_colour_leaves_the_reward_and_the_extra_action_to_order(
    solo: S,
) -> None:
    """S18: the third castle placed beside the start castle covers 13a's castles:
    ``[Turn, ColourReward, BonusAction]``; both orders are offered."""
    state = _castle(solo, ["bank"])
    assert _kinds(state) == ["Turn", "ColourReward", "BonusAction", "OrderChoice"]
    assert set(solo.texts(state)) == {"first colour-reward", "first bonus-action"}
    assert orders(state) == {("ColourReward", "BonusAction"), ("BonusAction", "ColourReward")}


def test_S18_the_reward_first_brings_a_hex_the_extra_action_places(solo: S) -> None:
    """S18: the reward first: a market from the black depot, whose take brings a ship, which
    the castle's extra action then places (impossible in the one fixed order)."""
    state = solo.play(_castle(solo, ["market"]), "first colour-reward")
    assert isinstance(state.pending[-1], ColourReward)
    state = solo.play(state, "reward market A25")
    assert set(solo.texts(state)) == {"first building-take", "first bonus-action"}
    state = solo.play(state, "first building-take")
    assert isinstance(state.pending[-1], BuildingTake)
    state = solo.play(state, "take ship 4")
    assert isinstance(state.pending[-1], BonusAction)  # the one left: no choice
    assert "place ship A30 d*" in solo.texts(state)
    state = solo.play(state, "place ship A30 d*")
    assert state.estates[0].spaces[state.rules.engine.boards["13a"].space_by_name["A30"]] == (
        tile_code("ship")
    )
    validate_state(state)


def test_S18_the_extra_action_first_then_the_reward(solo: S) -> None:
    """S18: the other order: the castle's extra action first (workers), then the reward."""
    state = solo.play(solo.play(_castle(solo, ["bank"]), "first bonus-action"), "workers d*")
    assert isinstance(state.pending[-1], ColourReward)
    assert state.estates[0].workers == 2
    state = solo.play(state, "reward bank A25")
    assert isinstance(state.pending[-1], Turn)


def test_S18_a_covered_river_leaves_the_ships_goods_and_the_reward_to_order(solo: S) -> None:
    """S18: the sixth ship covers the river: ``[Turn, ColourReward, ShipClearing,
    ShipGoods]``; the goods (then the clearing, S11 "затем") or the reward first; after the
    goods the trade (S12) and the reward are again in either order."""
    state = _ship(solo, ["bank", "cow2"])
    assert _kinds(state) == ["Turn", "ColourReward", "ShipClearing", "ShipGoods", "OrderChoice"]
    assert set(solo.texts(state)) == {"first colour-reward", "first ship-goods"}
    assert orders(state) == {
        ("ShipGoods", "BlackTrade", "ColourReward"),
        ("ShipGoods", "ColourReward", "BlackTrade"),
        ("ColourReward", "ShipGoods", "BlackTrade"),
    }
    after_goods = solo.play(solo.play(state, "first ship-goods"), "goods 1 5")
    assert after_goods.depot_goods == ((0,) * 6,) * 6  # the clearing went with the goods
    assert set(solo.texts(after_goods)) == {"first colour-reward", "first black-trade"}


def test_S18_the_reward_before_the_trade_can_take_the_hex_the_trade_wanted(solo: S) -> None:
    """S18: the order matters: with one hex on the black depot, whichever of the reward and
    the trade comes first takes it, and the other has nothing left (skipped)."""
    state = _ship(solo, ["bank"])
    assert orders(state) == {
        ("ShipGoods", "BlackTrade", "ColourReward"),  # the trade declined: the reward takes it
        ("ShipGoods", "ColourReward"),  # the reward took the bank: no trade
        ("ColourReward", "ShipGoods"),
    }
    state = solo.play(solo.play(solo.play(state, "first ship-goods"), "goods 1 5"),
                      "first black-trade")
    assert isinstance(state.pending[-1], BlackTrade)
    traded = solo.play(state, "trade bank for goods 11234")
    assert not traded.black_depot and isinstance(traded.pending[-1], Turn)  # reward skipped


def test_S18_one_effect_alone_asks_no_order(solo: S) -> None:
    """S18 needs two effects at once: a ship alone (no colour covered) asks no order."""
    state = solo.position(tiles={"A29": "mine"}, storage=["ship"], dice=(1, 4))
    state = solo.play(state, "place ship A30 d1")
    assert isinstance(state.pending[-1], ShipGoods)
    assert not any(isinstance(p, OrderChoice) for p in state.pending)
