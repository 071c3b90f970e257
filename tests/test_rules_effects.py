"""Rule tests: what a placed hex does — ships, castles and the eight buildings.

Sources: the Spanish rulebook (ES11) p5 (ship: all goods of any one depot, at most 3
kinds, "Ejemplo: Carla ..."; the turn-order marker one space on, on top of a stack), p6
(castle: "una acción adicional ... como si tuviera un dado extra ... con el resultado por él
elegido"), p7-8 (buildings; "Si un jugador no pudiera usar la ventaja de un edificio ...
puede colocarlo de todas maneras"); the rulings R-SHIP, R-TURNORDER, R-CASTLE, R-TOWNHALL,
R-EFFECT-OPTIONAL, R-BUILDING-FULL (docs/rules.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from base_positions import NO_DEPOTS, base_first_turn, play_to, set_depots_from_supply
from burgundy import Ruleset, State
from burgundy.components import tile_code
from burgundy.geometry import SPACE_BY_NAME
from burgundy.pending import (
    BonusAction,
    BuildingTake,
    ShipGoods,
    TownHallPlace,
    Turn,
    WarehouseSell,
)
from burgundy.rules.scoring import play_order
from burgundy.state import replace
from burgundy.testing import legal_texts as _texts
from burgundy.testing import play_texts as _play
from burgundy.testing import (
    take_from_supply,
    with_dice,
    with_estate,
    with_tiles,
)


# -- helpers --------------------------------------------------------------------------------
def _goods(**by_depot: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Depot goods from keyword arguments ``d2=(counts)``."""
    return tuple(by_depot.get(f"d{d}", (0,) * 6) for d in range(1, 7))


def _position(
    *dice: int, storage: Iterable[str] = (), tiles: dict[str, str] | None = None,
    depots: dict[int, Iterable[str]] | None = None, black: Iterable[str] = (),
    depot_goods: tuple[tuple[int, ...], ...] | None = None, goods: tuple[int, ...] = (0,) * 6,
    silver: int = 0, workers: int = 0, players: int = 2, edition: str = "2019",
    **options: Any,
) -> tuple[State, int]:
    """The mover's first turn with everything that matters fixed."""
    state = base_first_turn(players=players, edition=edition, **options)
    me = state.current_player
    state = set_depots_from_supply(state, {**NO_DEPOTS, **(depots or {})}, black)
    state = replace(state, depot_goods=depot_goods or _goods())
    storage = list(storage)
    state = take_from_supply(state, *storage)
    state = with_estate(state, me, storage=storage, goods=goods, silver=silver, workers=workers)
    if tiles:
        state = with_tiles(state, me, tiles)
    return with_dice(state, me, *dice), me


# -- ship: goods (R-SHIP; rulebook p5) --------------------------------------------------------
def test_r_ship_take_all_goods_of_one_chosen_depot() -> None:
    state, me = _position(
        5, 5, storage=["ship"], depot_goods=_goods(d2=(2, 0, 1, 0, 0, 0), d5=(0, 0, 0, 0, 0, 1))
    )
    state = _play(state, "place ship d5 d5")
    assert isinstance(state.pending[-1], ShipGoods)
    # the depot is free of the die used (5); no decline: the goods are taken
    assert _texts(state) == {"goods 2 1,3", "goods 5 6"}
    state = _play(state, "goods 2 1,3")
    assert state.seat_estate(me).goods == (2, 0, 1, 0, 0, 0)
    assert state.depot_goods == _goods(d5=(0, 0, 0, 0, 0, 1))
    assert isinstance(state.pending[-1], Turn) and state.seats[me].dice == (5,)


def test_rulebook_carla_ship_one_free_slot_two_new_colours_she_chooses() -> None:
    """Carla holds turquoise (1) and one other kind (4); the depot has turquoise, pink (3)
    and brown (5): she takes the turquoise and either the pink or the brown."""
    state, me = _position(
        5, 5, storage=["ship"], goods=(2, 0, 0, 1, 0, 0),
        depot_goods=_goods(d3=(1, 0, 1, 0, 1, 0)),
    )
    state = _play(state, "place ship d5 d5")
    assert _texts(state) == {"goods 3 1,3", "goods 3 1,5"}
    state = _play(state, "goods 3 1,5")
    assert state.seat_estate(me).goods == (3, 0, 0, 1, 1, 0)
    assert state.depot_goods == _goods(d3=(0, 0, 1, 0, 0, 0))  # pink stays


def test_r_ship_three_kinds_held_only_the_held_kinds_are_taken() -> None:
    state, me = _position(
        5, 5, storage=["ship"], goods=(1, 1, 1, 0, 0, 0),
        depot_goods=_goods(d1=(0, 2, 0, 0, 1, 0), d6=(0, 0, 0, 1, 0, 0)),
    )
    state = _play(state, "place ship d5 d5")
    assert _texts(state) == {"goods 1 2"}
    state = _play(state, "goods 1 2")
    assert state.seat_estate(me).goods == (1, 3, 1, 0, 0, 0)
    assert state.depot_goods == _goods(d1=(0, 0, 0, 0, 1, 0), d6=(0, 0, 0, 1, 0, 0))


def test_r_ship_four_new_kinds_three_free_slots() -> None:
    state, _ = _position(5, 5, storage=["ship"], depot_goods=_goods(d4=(1, 1, 0, 1, 0, 1)))
    state = _play(state, "place ship d5 d5")
    assert _texts(state) == {"goods 4 1,2,4", "goods 4 1,2,6", "goods 4 1,4,6", "goods 4 2,4,6"}


def test_r_ship_marker_moves_even_with_no_goods_taken() -> None:
    state, me = _position(
        5, 5, storage=["ship"], goods=(1, 1, 1, 0, 0, 0), depot_goods=_goods(d2=(0, 0, 0, 5, 0, 0))
    )
    other = 1 - me
    assert state.track == ((other, me),)
    state = _play(state, "place ship d5 d5")
    assert isinstance(state.pending[-1], Turn)  # nothing can be taken: no goods decision
    assert state.depot_goods == _goods(d2=(0, 0, 0, 5, 0, 0))
    assert state.track == ((other,), (me,))


# -- ship: turn order (R-TURNORDER; rulebook p5) -------------------------------------------
def test_r_turnorder_marker_goes_on_top_and_the_new_order_starts_next_round() -> None:
    rng = random.Random(0)
    state = base_first_turn(players=3, seed=0)
    a, b, c = state.order
    assert state.track == ((c, b, a),)
    state = replace(state, depot_goods=_goods())
    state = _play(with_dice(state, a, 1, 1), "workers d1", "workers d1")
    # b places a ship: b leaves the tower for the next space
    state = take_from_supply(state, "ship", "ship")
    state = with_estate(state, b, storage=["ship"], workers=0, silver=0)
    state = with_dice(state, b, 5, 1)
    state = _play(state, "place ship d5 d5")
    assert state.track == ((c, a), (b,))
    state = _play(state, "workers d1")
    # the current round is not reordered: c is next
    assert state.current_player == c and state.order == (a, b, c)
    state = with_estate(state, c, storage=["ship"], workers=0, silver=0)
    state = with_dice(state, c, 5, 1)
    state = _play(state, "place ship d5 d5")
    assert state.track == ((a,), (b, c))  # c on top of b
    state = _play(state, "workers d1")
    state = play_to(state, Turn, rng)
    assert state.round == 1
    assert state.order == (c, b, a) == play_order(state.track)
    assert state.current_player == c


def test_r_turnorder_marker_on_the_last_space_stays_on_top_of_it() -> None:
    state, me = _position(5, 5, storage=["ship"])
    other = 1 - me
    state = replace(state, track=((),) * 6 + ((me, other),))
    state = _play(state, "place ship d5 d5")
    assert state.track == ((),) * 6 + ((other, me),)


# -- castle (R-CASTLE; rulebook p6) --------------------------------------------------------
def _castle(**kw: Any) -> tuple[State, int]:
    """Castle on b3 (die 6; b3 touches the knowledge tile on c4): the bonus action is due."""
    storage = ["castle", *kw.pop("storage", ())]
    state, me = _position(6, 2, storage=storage, tiles={"c4": "k1"}, **kw)
    state = _play(state, "place castle b3 d6")
    assert isinstance(state.pending[-1], BonusAction)
    return state, me


def test_r_castle_bonus_is_any_die_action_with_any_value() -> None:
    state, me = _castle(
        storage=["mine"], goods=(0, 1, 0, 0, 0, 0), depots={1: ["ship"], 4: ["bank"]},
        black=["market"], silver=2, edition="2011",
    )
    assert state.current_player == me
    # no workers: depots 1 and 4 are far from any die; e3 is a 4, the goods a 2
    assert _texts(state) == {
        "take ship 1 d*", "take bank 4 d*", "place mine e3 d*", "sell 2 d*", "workers d*",
    }


def test_r_castle_bonus_uses_no_die_and_no_workers() -> None:
    state, me = _castle(depots={4: ["bank"]}, workers=1)
    state = _play(state, "take bank 4 d*")
    estate = state.seat_estate(me)
    assert estate.workers == 1
    assert estate.storage == (tile_code("bank"),)
    assert isinstance(state.pending[-1], Turn)
    assert state.seats[me].dice == (2,)


def test_r_castle_bonus_take_workers_gives_two() -> None:
    state, me = _castle()
    state = _play(state, "workers d*")
    assert state.seat_estate(me).workers == 2


def test_r_castle_bonus_is_not_a_purchase() -> None:
    """2019: a purchase may be made during the bonus action, but it does not use it up,
    and the bonus action cannot buy a second hex."""
    state, me = _castle(black=["market", "bank"], silver=4)
    state = _play(state, "buy market")
    assert isinstance(state.pending[-1], BonusAction)
    assert _texts(state, "buy") == set()
    assert _texts(state) == {
        "place market c3 d*", "place market c5 d*", "place market e4 d*", "workers d*",
    }
    state = _play(state, "workers d*")
    assert isinstance(state.pending[-1], Turn)
    assert state.seat_estate(me).silver == 2
    assert state.seat_estate(me).storage == (tile_code("market"),)


def test_r_castle_chains() -> None:
    state, _ = _castle(storage=["castle"])
    state = _play(state, "place castle a2 d*")
    assert isinstance(state.pending[-1], BonusAction)
    assert isinstance(state.pending[-2], Turn)
    assert _texts(state) == {"workers d*"}
    assert state.seats[state.current_player].dice == (2,)


# -- buildings with an immediate income (rulebook p7) -----------------------------------------
@pytest.mark.parametrize(
    ("building", "vp", "silver", "workers"),
    [("watchtower", 4, 0, 0), ("bank", 0, 2, 0), ("boarding-house", 0, 0, 4)],
)
def test_rulebook_watchtower_bank_boarding_house(
    building: str, vp: int, silver: int, workers: int
) -> None:
    state, me = _position(3, 3, storage=[building], silver=1, workers=1)
    after = _play(state, f"place {building} e4 d3")  # e4: part of the 5-space city
    assert isinstance(after.pending[-1], Turn)
    assert after.scores[me] - state.scores[me] == vp
    assert after.seat_estate(me).silver == 1 + silver
    assert after.seat_estate(me).workers == 1 + workers


# -- warehouse (rulebook p7) ----------------------------------------------------------------
def test_rulebook_warehouse_sells_one_kind_without_a_die() -> None:
    state, me = _position(3, 1, storage=["warehouse"], goods=(0, 1, 0, 0, 2, 0))
    state = _play(state, "place warehouse e4 d3")
    assert isinstance(state.pending[-1], WarehouseSell)
    assert _texts(state) == {"sell 2", "sell 5", "decline"}
    after = _play(state, "sell 5")
    assert after.seat_estate(me).goods == (0, 1, 0, 0, 0, 0)
    assert after.seat_estate(me).sold == (0, 0, 0, 0, 2, 0)
    assert after.seat_estate(me).silver == 1
    assert after.scores[me] - state.scores[me] == 2 * 2
    assert after.seats[me].dice == (1,)  # no die used


def test_r_effect_optional_warehouse_may_be_declined() -> None:
    state, me = _position(3, 1, storage=["warehouse"], goods=(0, 1, 0, 0, 0, 0))
    state = _play(state, "place warehouse e4 d3", "decline")
    assert isinstance(state.pending[-1], Turn)
    assert state.seat_estate(me).goods == (0, 1, 0, 0, 0, 0)


def test_r_effect_optional_warehouse_without_goods_is_still_placed() -> None:
    state, me = _position(3, 1, storage=["warehouse"])
    state = _play(state, "place warehouse e4 d3")
    assert isinstance(state.pending[-1], Turn)
    assert state.seat_estate(me).spaces[SPACE_BY_NAME["e4"]] == tile_code("warehouse")


# -- carpenter, church, market (rulebook p7; R-BUILDING-FULL; R-EFFECT-OPTIONAL) --------------
_DEPOTS = {
    1: ["bank", "ship"], 2: ["castle", "k3"], 3: ["market", "cow2"], 5: ["mine", "town-hall"],
}
_BLACK = ["church", "pig4", "castle", "ship"]


@pytest.mark.parametrize(
    ("building", "offered"),
    [
        ("carpenter", {"take bank 1", "take market 3", "take town-hall 5"}),
        ("church", {"take castle 2", "take k3 2", "take mine 5"}),
        ("market", {"take ship 1", "take cow2 3"}),
    ],
)
def test_rulebook_buildings_take_a_hex_of_their_colours_from_numbered_depots(
    building: str, offered: set[str]
) -> None:
    state, me = _position(3, 1, storage=[building], depots=_DEPOTS, black=_BLACK)
    state = _play(state, f"place {building} e4 d3")
    assert isinstance(state.pending[-1], BuildingTake)
    assert _texts(state) == offered | {"decline"}  # never the black depot
    choice = sorted(offered)[0]
    after = _play(state, choice)
    tile = choice.split()[1]
    assert after.seat_estate(me).storage == (tile_code(tile),)
    assert isinstance(after.pending[-1], Turn)
    assert after.seats[me].dice == (1,)  # no die used
    assert after.seat_estate(me).workers == 0


def test_r_effect_optional_building_take_may_be_declined() -> None:
    state, me = _position(3, 1, storage=["market"], depots=_DEPOTS)
    state = _play(state, "place market e4 d3", "decline")
    assert isinstance(state.pending[-1], Turn)
    assert state.seat_estate(me).storage == ()
    assert state.depots[0] == tuple(sorted((tile_code("bank"), tile_code("ship"))))


def test_r_effect_optional_no_matching_hex_the_building_is_still_placed() -> None:
    state, me = _position(3, 1, storage=["church"], depots={1: ["ship"], 3: ["bank"]},
                          black=["castle"])
    assert "place church e4 d3" in _texts(state)
    state = _play(state, "place church e4 d3")
    assert isinstance(state.pending[-1], Turn)
    assert state.seat_estate(me).storage == ()


def test_r_building_full_default_effect_is_lost_with_full_storage() -> None:
    state, me = _position(3, 1, storage=["market", "mine", "mine", "k5"], depots=_DEPOTS)
    state = _play(state, "place market e4 d3")
    assert isinstance(state.pending[-1], Turn)  # no decision: nothing can be taken
    assert state.seat_estate(me).storage == tuple(sorted(tile_code(t) for t in
                                                         ("mine", "mine", "k5")))


def test_r_building_full_option_allows_a_discard() -> None:
    state, me = _position(
        3, 1, storage=["market", "mine", "mine", "k5"], depots=_DEPOTS,
        building_take_may_discard=True,
    )
    state = _play(state, "place market e4 d3")
    assert isinstance(state.pending[-1], BuildingTake)
    assert _texts(state) == {"take ship 1", "take cow2 3", "decline"}
    asked = _play(state, "take cow2 3")
    assert _texts(asked) == {"drop mine", "drop k5"}  # the decision after the take
    state = _play(asked, "drop k5")
    assert state.seat_estate(me).storage == tuple(sorted(tile_code(t) for t in
                                                         ("mine", "mine", "cow2")))


# -- town hall (R-TOWNHALL) ----------------------------------------------------------------
def test_r_townhall_any_die_number_but_colour_and_adjacency() -> None:
    state, _ = _position(3, 3, storage=["town-hall", "ship", "bank", "mine"])
    state = _play(state, "place town-hall e4 d3")
    assert isinstance(state.pending[-1], TownHallPlace)
    # e4 now also opens e5, f4 (city) and f3 (knowledge); no die numbers apply
    assert _texts(state) == {
        "place ship d3", "place ship d5", "place bank c3", "place bank e5", "place bank f4",
        "place mine e3", "decline",
    }


def test_r_townhall_placed_hex_has_its_effect_and_scores() -> None:
    state, me = _position(3, 3, storage=["town-hall", "bank"], silver=0)
    state = _play(state, "place town-hall e4 d3", "place bank c3")
    estate = state.seat_estate(me)
    assert estate.silver == 2  # the bank's effect
    assert state.scores[me] == 1 + 10  # c3 is a 1-space city: completed in phase A
    assert isinstance(state.pending[-1], Turn)
    assert state.seats[me].dice == (3,)
    assert estate.workers == 0


def test_r_townhall_chains_into_a_castle_bonus() -> None:
    state, _ = _position(3, 3, storage=["town-hall", "castle"], tiles={"c4": "k1"})
    state = _play(state, "place town-hall e4 d3", "place castle b3")
    assert isinstance(state.pending[-1], BonusAction)


def test_r_townhall_may_be_declined() -> None:
    state, me = _position(3, 3, storage=["town-hall", "ship"])
    state = _play(state, "place town-hall e4 d3", "decline")
    assert isinstance(state.pending[-1], Turn)
    assert state.seat_estate(me).storage == (tile_code("ship"),)


@pytest.mark.parametrize("storage", [["town-hall"], ["town-hall", "cow2"]])
def test_r_effect_optional_town_hall_with_nothing_placeable_is_skipped(
    storage: list[str],
) -> None:
    """No pasture space touches d4 or e4, so the cows cannot be placed."""
    state, me = _position(3, 3, storage=storage)
    state = _play(state, "place town-hall e4 d3")
    assert isinstance(state.pending[-1], Turn)
    assert state.seat_estate(me).storage == tuple(tile_code(t) for t in storage[1:])


def test_r_townhall_2019_purchase_mid_action_gives_the_town_hall_a_target() -> None:
    """The editions table of docs/rules.md (2019: the purchase also in the middle of an action)
    with R-TOWNHALL: a town hall with nothing placeable waits while a purchase is open; what is
    bought can be placed. In 2011 the effect is skipped (the purchase comes only between
    actions)."""
    from burgundy.testing import build_position, legal_texts, play_texts

    rules = Ruleset(players=2, variants=())
    state = build_position(rules, storage=["town-hall"], dice=(3, 6), silver=2,
                           black=["ship", "bank"])
    state = play_texts(state, "place town-hall e4 d3")
    assert isinstance(state.pending[-1], TownHallPlace)
    assert legal_texts(state) == {"buy ship", "buy bank", "decline"}
    bought = play_texts(state, "buy ship")
    assert legal_texts(bought) == {"place ship d3", "place ship d5", "decline"}
    placed = play_texts(bought, "place ship d3")
    estate = placed.seat_estate(state.current_player)
    assert estate.spaces[SPACE_BY_NAME["d3"]] == tile_code("ship")
    assert estate.storage == ()
    old = Ruleset(players=2, variants=(), edition="2011")
    state = build_position(old, storage=["town-hall"], dice=(3, 6), silver=2,
                           black=["ship", "bank"])
    state = play_texts(state, "place town-hall e4 d3")
    assert isinstance(state.pending[-1], Turn)
