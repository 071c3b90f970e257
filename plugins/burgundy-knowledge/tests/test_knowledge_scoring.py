"""Knowledge tiles #15-#26: the final-scoring tiles, by edition.

Sources: the Spanish 2011 rulebook ("ES11") pp. 10-11: #15 Dario sold 4 red,
3 violet, 3 pink and 1 orange goods → 4 colours × 3 = 12 VP, and with #25 the same goods give
11 VP; #16-#23 Benno with #17 (watchtower) and #22 (bank), 2 watchtowers and 4 banks →
8 + 16 = 24 VP; #24 Anna with cows, chickens and sheep → 3 × 4 = 12 VP; #26 2 VP per bonus
tile. The editions table (docs/rules.md#editions): #15 is 3 VP per colour in 2011 and 2 VP in 2019;
#26 is 2 VP per bonus tile in 2011 and 3 VP in 2019. docs/variants/knowledge.md: the building of
each of #16-#23 (SE-TTS mapping) and "tiles in storage never count".

The terms are read from ``burgundy.rules.scoring.final_terms`` on built positions; the last
tests play the end of phase E and check the terms reach the score track.
"""

from __future__ import annotations

import pytest

from burgundy.rules.scoring import final_terms
from burgundy.testing import find_action, with_estate

DARIO_SOLD = (4, 3, 3, 1, 0, 0)
"""ES11 #15: 4 red, 3 violet, 3 pink, 1 orange (which die numbers they are does not matter)."""


def _term(state, number, seat=None):
    seat = state.current_player if seat is None else seat
    return final_terms(state, seat).get(f"knowledge #{number}", 0)


# -- #15 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "vp"), [("2011", 12), ("2019", 8)])
def test_k15_dario_sold_four_colours(build, edition, vp):
    """ES11 #15 (Dario: 4 colours × 3 = 12 VP) and the editions table (docs/rules.md#editions)
    (#15: 2011 3 VP per colour, 2019 2 VP)."""
    state = build(edition, tiles={"c4": "k15"}, sold=DARIO_SOLD)
    assert _term(state, 15) == vp


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_k15_unsold_goods_are_ignored(build, edition):
    """ES11 #15: "las losetas sin vender se ignoran"."""
    per_colour = {"2011": 3, "2019": 2}[edition]
    state = build(edition, tiles={"c4": "k15"}, sold=(0, 2, 0, 0, 0, 0), goods=(3, 0, 0, 0, 4, 1))
    assert _term(state, 15) == per_colour


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_k15_nothing_sold_nothing_scored(build, edition):
    assert _term(build(edition, tiles={"c4": "k15"}), 15) == 0


# -- #16-#23 ------------------------------------------------------------------------------------

BUILDING_OF = {
    16: "warehouse", 17: "watchtower", 18: "carpenter", 19: "church",
    20: "market", 21: "boarding-house", 22: "bank", 23: "town-hall",
}
"""SE-TTS: 17 = watchtower and 22 = bank fixed by ES11's example."""

CITY_SPACES = ("c3", "c5", "e2", "f4")
"""One space in each of board 1's four cities."""


@pytest.mark.parametrize("edition", ["2011", "2019"])
@pytest.mark.parametrize("number", sorted(BUILDING_OF))
@pytest.mark.parametrize("count", [0, 1, 3])
def test_k16_to_k23_four_vp_per_pictured_building(build, edition, number, count):
    """ES11 #16-#23: 4 VP per building of the pictured type in the duchy. The other
    building types do not count (one of each other type is placed too)."""
    building = BUILDING_OF[number]
    tiles = {"g2": f"k{number}"}
    tiles.update({space: building for space in CITY_SPACES[:count]})
    others = [b for b in BUILDING_OF.values() if b != building][:3]
    tiles.update(dict(zip(("e5", "b5", "f1"), others, strict=True)))
    state = build(edition, tiles=tiles)
    assert _term(state, number) == 4 * count


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_k17_k22_benno_two_watchtowers_four_banks(build, edition):
    """ES11 #16-#23: Benno has #17 (watchtower) and #22 (bank), 2 watchtowers and 4 banks:
    (2 × 4) + (4 × 4) = 24 VP."""
    tiles = {"g2": "k17", "g3": "k22", "e1": "watchtower", "e4": "watchtower"}
    tiles.update({space: "bank" for space in CITY_SPACES})
    state = build(edition, tiles=tiles)
    assert _term(state, 17) == 8
    assert _term(state, 22) == 16
    assert _term(state, 17) + _term(state, 22) == 24


# -- #24 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_k24_anna_three_species(build, edition):
    """ES11 #24: Anna has 1 cow tile, 1 chicken tile and 3 sheep tiles: 3 × 4 = 12 VP."""
    tiles = {
        "c4": "k24", "a1": "cow2", "b1": "chicken3",
        "b2": "sheep2", "c1": "sheep3", "c2": "sheep4",
    }
    assert _term(build(edition, tiles=tiles), 24) == 12


@pytest.mark.parametrize(
    ("animals", "vp"),
    [((), 0), (("pig4",), 4), (("pig4", "pig2", "pig3"), 4),
     (("cow2", "pig2", "sheep2", "chicken2"), 16)],
)
def test_k24_counts_species_not_tiles(build, animals, vp):
    """docs/variants/knowledge.md, #24: 4 VP per different livestock type (chickens count)."""
    tiles = {"c4": "k24", **dict(zip(("a1", "b1", "b2", "c1"), animals, strict=False))}
    assert _term(build(tiles=tiles), 24) == vp


# -- #25 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["2011", "2019"])
def test_k25_dario_eleven_goods_sold(build, edition):
    """ES11 #25: with Dario's goods of #15, #25 gives 11 VP; unsold goods are ignored."""
    state = build(edition, tiles={"c4": "k25"}, sold=DARIO_SOLD, goods=(0, 0, 0, 0, 3, 0))
    assert _term(state, 25) == 11


@pytest.mark.parametrize(("edition", "k15"), [("2011", 12), ("2019", 8)])
def test_k15_and_k25_together_dario(build, edition, k15):
    """ES11 #25 ("siguiendo el ejemplo de la loseta 15"): both tiles score side by side."""
    state = build(edition, tiles={"c4": "k15", "b4": "k25"}, sold=DARIO_SOLD)
    assert (_term(state, 15), _term(state, 25)) == (k15, 11)


# -- #26 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "per_tile"), [("2011", 2), ("2019", 3)])
@pytest.mark.parametrize(
    "bonus", [(), ((0, 0),), ((0, 0), (3, 1)), ((1, 1), (2, 0), (5, 1))]
)
def test_k26_vp_per_bonus_tile_large_or_small(build, edition, per_tile, bonus):
    """ES11 #26 (2 VP per bonus tile, large or small) and the editions table
    (docs/rules.md#editions) (#26: 2011 2 VP, 2019 3 VP)."""
    state = build(edition, tiles={"c4": "k26"})
    state = with_estate(state, state.current_player, bonus=bonus)
    assert _term(state, 26) == per_tile * len(bonus)


@pytest.mark.parametrize(("edition", "per_tile"), [("2011", 2), ("2019", 3)])
def test_k26_counts_a_bonus_tile_won_in_play(build, edition, per_tile):
    """R-BONUS + ES11 #26: covering the last knowledge space wins the large yellow bonus
    tile, which #26 then scores."""
    tiles = {"a4": "k26", "b4": "k16", "f3": "k17", "g2": "k18", "g3": "k19"}
    state = build(edition, tiles=tiles, storage=["k21"], dice=(1, 5))
    assert _term(state, 26) == 0
    state = state.apply(find_action(state, "place k21 c4 d1"))
    assert state.seat_estate(state.current_player).bonus == ((3, 0),)
    assert _term(state, 26) == per_tile


# -- every scoring tile: only in the duchy, only for its owner ----------------------------------

SCORING_SETUP = {
    15: {"sold": DARIO_SOLD},
    16: {"tiles": {"c3": "warehouse"}},
    17: {"tiles": {"c3": "watchtower"}},
    18: {"tiles": {"c3": "carpenter"}},
    19: {"tiles": {"c3": "church"}},
    20: {"tiles": {"c3": "market"}},
    21: {"tiles": {"c3": "boarding-house"}},
    22: {"tiles": {"c3": "bank"}},
    23: {"tiles": {"c3": "town-hall"}},
    24: {"tiles": {"a1": "cow2"}},
    25: {"sold": DARIO_SOLD},
    26: {},
}


def _scoring_position(build, number, *, placed, edition="2019"):
    setup = SCORING_SETUP[number]
    tiles = dict(setup.get("tiles", {}))
    storage = []
    if placed:
        tiles["g2"] = f"k{number}"
    else:
        storage.append(f"k{number}")
    state = build(edition, tiles=tiles, storage=storage, sold=setup.get("sold", (0,) * 6))
    return with_estate(state, state.current_player, bonus=((4, 0),))


@pytest.mark.parametrize("number", range(15, 27))
def test_scoring_tiles_score_only_in_the_duchy(build, number):
    """docs/variants/knowledge.md, timing: end-game tiles score only if they are in the
    duchy at game end; tiles in storage never count."""
    assert _term(_scoring_position(build, number, placed=True), number) > 0
    stored = _scoring_position(build, number, placed=False)
    assert f"knowledge #{number}" not in final_terms(stored, stored.current_player)


@pytest.mark.parametrize("number", range(15, 27))
def test_scoring_tiles_score_for_their_owner_only(build, number):
    state = _scoring_position(build, number, placed=True)
    other = next(s for s in range(len(state.seats)) if s != state.current_player)
    assert _term(state, number, seat=other) == 0


# -- played to the end ----------------------------------------------------------------------


def _finish(build, edition, where, tile, **kw):
    """The last turn of phase E: take workers twice; the game ends and is scored."""
    tiles = {"c4": tile} if where == "duchy" else {}
    storage = [tile] if where == "storage" else []
    state = build(edition, tiles=tiles, storage=storage, dice=(1, 2), phase=4,
                  last_turn_of_phase=True, **kw)
    seat = state.current_player
    for text in ("workers d1", "workers d2"):
        state = state.apply(find_action(state, text))
    assert state.is_terminal
    return state.scores[seat]


@pytest.mark.parametrize(
    ("edition", "tile", "vp"),
    [("2011", "k15", 12), ("2019", "k15", 8), ("2011", "k25", 11), ("2019", "k25", 11)],
)
def test_final_scoring_adds_the_knowledge_terms(build, edition, tile, vp):
    """ES11 pp. 10-11 (#15, #25 with Dario's goods) through the real game end: the score
    track gains the tile's VP when it lies in the duchy, nothing when it is in storage."""
    in_duchy = _finish(build, edition, "duchy", tile, sold=DARIO_SOLD)
    in_storage = _finish(build, edition, "storage", tile, sold=DARIO_SOLD)
    assert in_duchy - in_storage == vp
