"""``burgundy.testing.build_position`` sets up every seat, checks what it is given, and keeps
hexes and goods conserved (the goods pool gives and takes back what the seats hold).
"""

from __future__ import annotations

from typing import Any

import pytest

import burgundy
from burgundy.components import tile_code
from burgundy.geometry import SPACE_BY_NAME
from burgundy.testing import build_position, first_turn, next_seat, play_texts
from burgundy.validation import goods_outside_pool, validate_state

RULES = burgundy.Ruleset(players=2, variants=())
THREE = burgundy.Ruleset(players=3, variants=())
MOVER = first_turn(RULES).current_player
OTHER = 1 - MOVER


def _goods_in_game(state: burgundy.State) -> list[int]:
    return [p + o for p, o in zip(state.goods_pool, goods_outside_pool(state), strict=True)]


def test_the_keyword_arguments_set_up_the_seat_to_move_as_before() -> None:
    start = first_turn(RULES)
    state = build_position(
        RULES, storage=["ship"], tiles={"c4": "k1"}, their_tiles={"d3": "ship"},
        dice=(2, 5), silver=3, workers=4, goods=(1, 0, 2, 0, 0, 0), sold=(0, 1, 0, 0, 0, 0),
    )
    assert state.current_player == MOVER
    mine = state.seat_estate(MOVER)
    assert (mine.silver, mine.workers, mine.goods, mine.sold) == (
        3, 4, (1, 0, 2, 0, 0, 0), (0, 1, 0, 0, 0, 0)
    )
    assert mine.storage == (tile_code("ship"),)
    assert mine.spaces[SPACE_BY_NAME["c4"]] == tile_code("k1")
    assert state.seats[MOVER].dice == (2, 5)
    theirs = state.seat_estate(next_seat(state))
    assert theirs.spaces[SPACE_BY_NAME["d3"]] == tile_code("ship")
    before = start.seat_estate(OTHER)  # what the set-up gave: unchanged but the tile
    assert (theirs.silver, theirs.workers, theirs.goods) == (
        before.silver, before.workers, before.goods
    )


def test_seats_set_up_another_seat_with_every_key() -> None:
    start = first_turn(RULES)
    state = build_position(RULES, dice=(1, 1), seats={OTHER: {
        "tiles": {"c4": "k7", "d3": "ship"}, "storage": ["bank", "cow3"], "silver": 6,
        "workers": 5, "goods": (0, 0, 0, 3, 0, 1), "sold": (2, 0, 0, 0, 0, 0), "dice": (6, 3),
    }})
    validate_state(state)
    theirs = state.seat_estate(OTHER)
    assert theirs.spaces[SPACE_BY_NAME["c4"]] == tile_code("k7")
    assert theirs.spaces[SPACE_BY_NAME["d3"]] == tile_code("ship")
    assert theirs.storage == tuple(sorted((tile_code("bank"), tile_code("cow3"))))
    assert (theirs.silver, theirs.workers) == (6, 5)
    assert (theirs.goods, theirs.sold) == ((0, 0, 0, 3, 0, 1), (2, 0, 0, 0, 0, 0))
    assert state.seats[OTHER].rolled == (3, 6) and state.seats[OTHER].dice == ()
    assert _goods_in_game(state) == _goods_in_game(start) == [7] * 6
    # its turn comes with the dice it was given
    after = play_texts(state, "workers d1", "workers d1")
    assert after.current_player == OTHER
    assert after.seats[OTHER].dice == (3, 6)


def test_a_seat_left_out_keeps_what_the_set_up_gave_it() -> None:
    start = first_turn(RULES)
    state = build_position(RULES, seats={OTHER: {"silver": 4}})
    before, after = start.seat_estate(OTHER), state.seat_estate(OTHER)
    assert after.silver == 4
    assert (after.workers, after.goods, after.storage) == (
        before.workers, before.goods, before.storage
    )
    assert state.seats[OTHER].rolled == start.seats[OTHER].rolled


def test_an_entry_for_the_seat_to_move_is_the_keyword_arguments() -> None:
    position: dict[str, Any] = {
        "tiles": {"c4": "k1"}, "storage": ["ship"], "silver": 2, "workers": 1,
        "goods": (0, 2, 0, 0, 0, 0), "sold": (0, 0, 1, 0, 0, 0), "dice": (4, 6),
    }
    assert build_position(RULES, seats={MOVER: position}) == build_position(RULES, **position)
    mixed = build_position(RULES, silver=2, seats={MOVER: {"workers": 1}})
    assert (mixed.seat_estate(MOVER).silver, mixed.seat_estate(MOVER).workers) == (2, 1)


def test_every_seat_of_a_three_player_game() -> None:
    mover = first_turn(THREE).current_player
    seats = {seat: {"silver": seat + 10, "goods": (seat, 0, 0, 0, 0, 0)} for seat in range(3)}
    seats[mover]["dice"] = (2, 2)
    state = build_position(THREE, seats=seats)
    for seat in range(3):
        assert state.seat_estate(seat).silver == seat + 10
        assert state.seat_estate(seat).goods == (seat, 0, 0, 0, 0, 0)
    assert _goods_in_game(state) == [7] * 6


def test_goods_come_from_the_pool_and_go_back_to_it() -> None:
    start = first_turn(RULES)
    state = build_position(RULES, goods=(2, 0, 0, 0, 0, 0), seats={OTHER: {"goods": (0,) * 6}})
    returned = [a + b for a, b in zip(start.seat_estate(MOVER).goods,
                                      start.seat_estate(OTHER).goods, strict=True)]
    expected = [p + r for p, r in zip(start.goods_pool, returned, strict=True)]
    expected[0] -= 2
    assert list(state.goods_pool) == expected


@pytest.mark.parametrize("colour", [1, 2, 3, 4, 5, 6])
def test_too_many_goods_name_the_colour_the_pool_cannot_give(colour: int) -> None:
    goods = tuple(8 if c == colour else 0 for c in range(1, 7))
    with pytest.raises(ValueError, match=rf"not enough goods of colour {colour}: the game has 7"):
        build_position(RULES, goods=goods)
    with pytest.raises(ValueError, match=rf"not enough goods of colour {colour}\b"):
        build_position(RULES, seats={OTHER: {"sold": goods}})
    five = tuple(5 if c == colour else 0 for c in range(1, 7))
    with pytest.raises(ValueError, match=rf"not enough goods of colour {colour}\b"):
        build_position(RULES, goods=five, seats={OTHER: {"goods": five}})  # 10 of 7


def test_the_last_goods_of_a_colour_can_be_taken() -> None:
    start = first_turn(RULES)
    colour = 1
    elsewhere = 7 - start.goods_pool[colour - 1] - start.seat_estate(MOVER).goods[colour - 1]
    state = build_position(RULES, goods=(7 - elsewhere, 0, 0, 0, 0, 0))
    assert state.goods_pool[0] == 0


@pytest.mark.parametrize(
    ("seats", "fragment"),
    [
        ({5: {}}, "no seat 5 in a 2-player game"),
        ({-1: {}}, "no seat -1"),
        ({True: {}}, "no seat True"),
        ({"0": {}}, "no seat '0'"),
        ({OTHER: {"gold": 1, "vp": 2}}, "unknown key(s) 'gold', 'vp' (known: tiles"),
        ({OTHER: {"silver": -1}}, "['silver']: a count of 0 or more"),
        ({OTHER: {"workers": 1.5}}, "['workers']: a count of 0 or more"),
        ({OTHER: {"goods": (1, 2)}}, "['goods']: six counts"),
        ({OTHER: {"sold": (0, 0, 0, 0, 0, -1)}}, "['sold']: six counts"),
        ({OTHER: {"dice": (3,)}}, "['dice']: the two dice it rolled"),
        ({OTHER: {"dice": (3, 7)}}, "['dice']: the two dice it rolled"),
        ({MOVER: {"dice": (1, 2, 3)}}, "['dice']: up to two dice"),
        ({OTHER: {"tiles": {"z9": "ship"}}}, "no duchy space 'z9'"),
        ({OTHER: {"tiles": {"d4": "ship"}}}, "space d4 is covered"),
        ({OTHER: {"storage": "ship"}}, "['storage']: a list of hexes"),
        ({OTHER: {"storage": ["dragon"]}}, "unknown tile 'dragon'"),
        ({OTHER: []}, f"seats[{OTHER}]: a mapping"),
    ],
)
def test_bad_seats_raise_value_error_naming_them(seats: Any, fragment: str) -> None:
    with pytest.raises(ValueError) as raised:
        build_position(RULES, seats=seats)
    assert fragment in str(raised.value)


@pytest.mark.parametrize(
    ("position", "fragment"),
    [
        ({"silver": 3, "seats": {MOVER: {"silver": 4}}}, f"seat {MOVER}'s 'silver' is given twice"),
        ({"tiles": {"c4": "k1"}, "seats": {MOVER: {"tiles": {}}}}, "'tiles' is given twice"),
        ({"their_tiles": {"c4": "k1"}, "seats": {OTHER: {"tiles": {"d3": "ship"}}}},
         f"seat {OTHER}'s 'tiles' are given twice"),
        ({"goods": (1, 2)}, "goods=: six counts"),
        ({"storage": "ship"}, "storage=: a list of hexes"),
        ({"dice": (0, 1)}, "dice=: up to two dice"),
        ({"their_tiles": {"q1": "ship"}}, "their_tiles=: no duchy space 'q1'"),
        ({"seats": [(OTHER, {})]}, "seats: a mapping"),
    ],
)
def test_a_key_given_twice_or_badly_raises(position: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ValueError) as raised:
        build_position(RULES, **position)
    assert fragment in str(raised.value)
