"""Rule tests: scoring during the game — animals, completed regions, colour bonus tiles, and
selling goods.

Sources: the Spanish rulebook (ES11) p6 ("Ejemplo: Benno añade la loseta de 4 vacas a su
dominio. Recibe 4+3 =7 puntos ... otra loseta de 4 vacas, recibiría 4+4+3 =11"; "Las losetas
que tengan el mismo tipo de animal pero estén en otro pasto no puntúan"), p8 (a completed
region scores 1-36 by size plus 10-2 by phase; the first to cover a colour takes the large
bonus tile, 5/6/7 VP with 2/3/4 players, the second the small one, 2-4 VP, later players
nothing), p9 (selling: all goods of one kind, 1 silverling, 2/3/4 VP per tile); R-BONUS;
docs/rules.md, "Scoring during the game".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from base_positions import base_first_turn, empty_depots
from burgundy import State
from burgundy.components import Colour
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
def _game(players: int = 2, seed: int = 0, **options: Any) -> State:
    """A first turn with every depot's hexes back in the supply (free to build positions)."""
    return empty_depots(base_first_turn(players, seed, **options))


def _setup(
    state: State, seat: int, *dice: int, storage: Iterable[str] = (),
    tiles: dict[str, str] | None = None, **estate: Any,
) -> State:
    """Give ``seat`` dice, stored hexes (from the supply), duchy tiles and estate values.
    No silver and no workers unless given, so no purchase or worker move interferes."""
    storage = list(storage)
    state = take_from_supply(state, *storage)
    estate = {"silver": 0, "workers": 0, **estate}
    state = with_estate(state, seat, storage=storage, **estate)
    if tiles:
        state = with_tiles(state, seat, tiles)
    return with_dice(state, seat, *dice)


def _no_goods_on_depots(state: State) -> State:
    return replace(state, depot_goods=((0,) * 6,) * 6)


def _gain(before: State, after: State, seat: int) -> int:
    return after.scores[seat] - before.scores[seat]


# -- animals (rulebook p6) ------------------------------------------------------------------
def test_rulebook_benno_cows_4_plus_3_is_7_then_4_plus_4_plus_3_is_11() -> None:
    state = _game()
    me = state.current_player
    state = _setup(state, me, 4, 2, storage=["cow4", "cow4"], tiles={"c1": "cow3"})
    first = _play(state, "place cow4 c2 d4")
    assert _gain(state, first, me) == 7
    second = _play(first, "place cow4 b1 d2")
    assert _gain(first, second, me) == 11
    assert second.scores[me] == 18


def test_rulebook_animals_count_in_the_same_pasture_even_if_not_adjacent() -> None:
    """a1 touches neither c1 nor c2, but they are in the same 5-space pasture."""
    state = _game()
    me = state.current_player
    state = _setup(
        state, me, 6, 6, storage=["pig2"], tiles={"c1": "pig3", "b1": "pig4", "c2": "cow2"}
    )
    after = _play(state, "place pig2 a1 d6")
    assert _gain(state, after, me) == 2 + 3 + 4


def test_rulebook_animals_in_another_pasture_or_of_another_species_do_not_count() -> None:
    state = _game()
    me = state.current_player
    state = _setup(
        state, me, 4, 4, storage=["cow4"],
        tiles={"c1": "cow3", "b2": "sheep4", "d5": "ship", "d6": "ship", "e6": "cow4"},
    )
    after = _play(state, "place cow4 c2 d4")
    assert _gain(state, after, me) == 7  # the cows on e6 are in the 1-space pasture


def test_rulebook_animal_tile_completing_a_pasture_scores_both() -> None:
    """e6 is a 1-space pasture: 2 animals + region size 1 (1 VP) + phase A (10 VP)."""
    state = _game()
    me = state.current_player
    state = _setup(state, me, 2, 2, storage=["cow2"], tiles={"d5": "ship", "d6": "ship"})
    after = _play(state, "place cow2 e6 d2")
    assert _gain(state, after, me) == 2 + 1 + 10


# -- completed regions (rulebook p8) -------------------------------------------------------
@pytest.mark.parametrize(("phase", "bonus"), [(0, 10), (1, 8), (2, 6), (3, 4), (4, 2)])
def test_rulebook_region_of_3_scores_6_plus_phase_bonus(phase: int, bonus: int) -> None:
    state = _no_goods_on_depots(replace(_game(), phase=phase))
    me = state.current_player
    state = _setup(state, me, 1, 1, storage=["ship"], tiles={"d5": "ship", "d6": "ship"})
    after = _play(state, "place ship d7 d1")
    assert _gain(state, after, me) == 6 + bonus


@pytest.mark.parametrize(("phase", "bonus"), [(0, 10), (2, 6), (4, 2)])
def test_rulebook_region_of_5_scores_15_plus_phase_bonus(phase: int, bonus: int) -> None:
    state = replace(_game(), phase=phase)
    me = state.current_player
    state = _setup(
        state, me, 3, 3, storage=["warehouse"],
        tiles={"e4": "bank", "e5": "market", "f4": "church", "f5": "carpenter"},
    )
    after = _play(state, "place warehouse g4 d3")
    assert _gain(state, after, me) == 15 + bonus


def test_rulebook_incomplete_region_scores_nothing() -> None:
    state = _no_goods_on_depots(_game())
    me = state.current_player
    state = _setup(state, me, 5, 4, storage=["ship", "ship"])
    after = _play(state, "place ship d5 d5", "place ship d6 d4")
    assert after.scores == state.scores


# -- colour bonus tiles (rulebook p8; R-BONUS) -----------------------------------------------
@pytest.mark.parametrize(
    ("players", "large", "small"), [(2, 5, 2), (3, 6, 3), (4, 7, 4)]
)
def test_r_bonus_first_large_second_small_later_nothing(
    players: int, large: int, small: int
) -> None:
    """Each seat in turn covers its third mine (a 3-space region: 6 + 10 VP)."""
    state = _game(players=players, seed=1)  # 4 x 3 mines: all 12 of them
    mine = int(Colour.MINE)
    gains = []
    for k in range(players):
        seat = state.current_player
        assert seat == state.order[k]
        state = _setup(state, seat, 3, 1, storage=["mine"], tiles={"e3": "mine", "f2": "mine"})
        after = _play(state, "place mine g1 d3")
        gains.append(_gain(state, after, seat))
        assert after.bonus_tiles[mine] == max(2 - (k + 1), 0)
        bonus = after.seat_estate(seat).bonus
        assert bonus == (((mine, 0),) if k == 0 else ((mine, 1),) if k == 1 else ())
        state = _play(after, "workers d1")
    assert gains == [16 + large, 16 + small] + [16] * (players - 2)
    assert all(b == 2 for c, b in enumerate(state.bonus_tiles) if c != mine)


def test_r_bonus_a_chain_completing_two_colours_earns_both() -> None:
    """The last castle (region of 3 + castle colour) gives a bonus action that places the
    last mine (region of 3 + mine colour)."""
    state = _game()
    me = state.current_player
    state = _setup(
        state, me, 6, 6, storage=["castle", "mine"],
        tiles={"a2": "castle", "a3": "castle", "e3": "mine", "f2": "mine"},
    )
    state = _play(state, "place castle b3 d6")
    assert _gain(_game(), state, me) == 6 + 10 + 5
    state = _play(state, "place mine g1 d*")
    assert state.scores[me] == 2 * (6 + 10 + 5)
    assert sorted(state.seat_estate(me).bonus) == [(int(Colour.CASTLE), 0), (int(Colour.MINE), 0)]


def test_r_bonus_colour_not_complete_gives_no_bonus() -> None:
    state = _no_goods_on_depots(_game())
    me = state.current_player
    state = _setup(
        state, me, 1, 1, storage=["ship"],
        tiles={"d5": "ship", "d6": "ship", "d1": "ship", "d2": "ship"},
    )
    after = _play(state, "place ship d7 d1")
    assert _gain(state, after, me) == 6 + 10  # d3 is still empty: no river bonus
    assert after.bonus_tiles == (2,) * 6


# -- selling goods (rulebook p9) ------------------------------------------------------------
@pytest.mark.parametrize(("players", "per_tile"), [(2, 2), (3, 3), (4, 4)])
def test_rulebook_sell_all_goods_of_the_kind_1_silver_and_vp_per_tile(
    players: int, per_tile: int
) -> None:
    state = _game(players=players)
    me = state.current_player
    state = _setup(state, me, 3, 3, goods=(1, 0, 3, 0, 2, 0), sold=(0, 0, 1, 0, 0, 0))
    assert _texts(state, "sell") == {"sell 3 d3"}  # only kinds held; die 3 = goods 3
    after = _play(state, "sell 3 d3")
    estate = after.seat_estate(me)
    assert estate.goods == (1, 0, 0, 0, 2, 0)
    assert estate.sold == (0, 0, 4, 0, 0, 0)
    assert estate.silver == 1
    assert _gain(state, after, me) == 3 * per_tile


def test_rulebook_one_silver_per_sale_however_many_goods() -> None:
    state = _game()
    me = state.current_player
    state = _setup(state, me, 1, 2, goods=(1, 4, 0, 0, 0, 0))
    after = _play(state, "sell 1 d1", "sell 2 d2")
    assert after.seat_estate(me).silver == 2
    assert after.scores[me] - state.scores[me] == (1 + 4) * 2
    assert after.seat_estate(me).goods == (0,) * 6


def test_rulebook_no_sale_without_goods_of_the_kind() -> None:
    state = _game()
    me = state.current_player
    state = _setup(state, me, 2, 2, goods=(0, 0, 0, 0, 0, 4))
    assert _texts(state, "sell") == set()
    state = with_estate(state, me, workers=2)
    assert _texts(state, "sell") == {"sell 6 d2"}

