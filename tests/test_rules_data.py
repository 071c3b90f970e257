"""Rule tests: the game's data (components, board #1, depots, scoring tables).

Sources: the Spanish rulebook (seed 000: component list, "el tablero Nº 1 tiene 4 ciudades:
una de 1 espacio, una de 5 espacios y dos de 3 espacios", depot spaces marked 2/3/4 and the
3-player depot-6 exception), data-findings.md §1-§4.
"""

from __future__ import annotations

from collections import Counter

import pytest

from burgundy import Ruleset
from burgundy.components import (
    BUILDINGS,
    SPECIES,
    TILE_COLOUR,
    TILES,
    Colour,
    base_supply,
    tile_code,
)
from burgundy.geometry import CENTRE, SPACE_BY_NAME, SPACE_NAMES, bits, board
from burgundy.rules.scoring import LARGE_BONUS, PHASE_BONUS, SMALL_BONUS, region_vp
from burgundy.rules.sell import SALE_SILVER, SALE_VP
from burgundy.rules.setup import black_depot_size, depot_spaces
from burgundy.testing import first_turn
from depot_oracle import DEPOT_LAYOUT


def _count(supply: tuple[int, ...], name: str) -> int:
    return supply[tile_code(name)]


# -- hex tiles (rulebook component list; data-findings §3) ----------------------------------
def test_rulebook_components_164_hexes_124_coloured_backs_40_black() -> None:
    main, black = base_supply()
    assert sum(main) + sum(black) == 164
    assert sum(main) == 124
    assert sum(black) == 40


def test_rulebook_components_ships_castles_mines() -> None:
    main, black = base_supply()
    assert (_count(main, "ship"), _count(black, "ship")) == (20, 6)
    assert (_count(main, "castle"), _count(black, "castle")) == (14, 2)
    assert (_count(main, "mine"), _count(black, "mine")) == (10, 2)


def test_rulebook_components_buildings_7_of_each_of_8_types_2_black() -> None:
    main, black = base_supply()
    assert len(BUILDINGS) == 8
    assert set(BUILDINGS) == {
        "warehouse", "watchtower", "carpenter", "church", "market", "boarding-house", "bank",
        "town-hall",
    }
    for building in BUILDINGS:
        assert (_count(main, building), _count(black, building)) == (5, 2), building
    assert sum(_count(main, b) for b in BUILDINGS) == 40
    assert sum(_count(black, b) for b in BUILDINGS) == 16


@pytest.mark.parametrize("species", ["cow", "pig", "sheep", "chicken"])
def test_data_findings_3_3_animals_per_species(species: str) -> None:
    """Per species: coloured backs 2, 2, 3, 3, 4 animals; black backs 3 and 4."""
    main, black = base_supply()
    assert set(SPECIES) == {"cow", "pig", "sheep", "chicken"}
    assert [_count(main, f"{species}{n}") for n in (2, 3, 4)] == [2, 2, 1]
    assert [_count(black, f"{species}{n}") for n in (2, 3, 4)] == [0, 1, 1]
    animals = sum(n * (_count(main, f"{species}{n}") + _count(black, f"{species}{n}"))
                  for n in (2, 3, 4))
    assert animals == 21


def test_data_findings_3_4_knowledge_26_tiles_black_7_12_14_15_24_25() -> None:
    main, black = base_supply()
    black_ids = {k for k in range(1, 30) if _count(black, f"k{k}")}
    main_ids = {k for k in range(1, 30) if _count(main, f"k{k}")}
    assert black_ids == {7, 12, 14, 15, 24, 25}
    assert main_ids == set(range(1, 27)) - black_ids
    for k in range(1, 27):
        assert _count(main, f"k{k}") + _count(black, f"k{k}") == 1
    for k in (27, 28, 29):  # expansion tiles are not in the base supply
        assert _count(main, f"k{k}") + _count(black, f"k{k}") == 0


def test_rulebook_components_colour_totals() -> None:
    """Beige 56, light green 28, yellow 26, dark green 16, grey 12, blue 26 = 164."""
    main, black = base_supply()
    by_colour: Counter[Colour] = Counter()
    for code, n in enumerate(main):
        by_colour[Colour(TILE_COLOUR[code])] += n + black[code]
    assert by_colour == {
        Colour.CITY: 56, Colour.PASTURE: 28, Colour.KNOWLEDGE: 26, Colour.CASTLE: 16,
        Colour.MINE: 12, Colour.RIVER: 26,
    }


def test_initial_supply_is_the_base_supply_and_42_goods() -> None:
    """Rulebook component list: 164 hexes by back colour; 42 goods tiles, 7 of each of 6
    colours."""
    state = Ruleset(players=2, variants=()).initial_state()
    assert (state.supply, state.black_supply) == base_supply()
    assert state.goods_pool == (7, 7, 7, 7, 7, 7)
    assert sum(state.goods_pool) == 42


@pytest.mark.parametrize("players", [2, 3, 4])
def test_goods_conserved_at_first_turn(players: int) -> None:
    """Rulebook p2/p4: 3 goods per player, 5 goods tiles for the phase's round spaces, the
    rest face down: 42 in all."""
    state = first_turn(Ruleset(players=players, variants=()), seed=3)
    held = sum(sum(e.goods) for e in state.estates)
    on_depots = sum(sum(d) for d in state.depot_goods)
    assert held == 3 * players
    assert on_depots == 1  # round 1's tile is already on the white die's depot
    assert len(state.round_goods) == 4
    assert held + on_depots + len(state.round_goods) + sum(state.goods_pool) == 42


# -- board #1 (rulebook p6: cities 5, 3, 3, 1; data-findings §1.3) ---------------------------
def _sizes(colour: Colour) -> list[int]:
    return sorted((r.size for r in board(1).regions if r.colour == colour), reverse=True)


def test_rulebook_board1_has_cities_of_5_3_3_1() -> None:
    assert _sizes(Colour.CITY) == [5, 3, 3, 1]


def test_data_findings_1_3_board1_other_regions() -> None:
    assert _sizes(Colour.RIVER) == [3, 3]
    assert _sizes(Colour.PASTURE) == [5, 1]
    assert _sizes(Colour.CASTLE) == [3, 1]
    assert _sizes(Colour.KNOWLEDGE) == [3, 3]
    assert _sizes(Colour.MINE) == [3]
    assert len(board(1).regions) == 13


def test_data_findings_1_3_board1_colour_counts_and_centre() -> None:
    b = board(1)
    counts = Counter(b.colours)
    assert counts == {
        Colour.CITY: 12, Colour.PASTURE: 6, Colour.RIVER: 6, Colour.KNOWLEDGE: 6,
        Colour.CASTLE: 4, Colour.MINE: 3,
    }
    assert len(b.colours) == 37
    assert SPACE_BY_NAME["d4"] == CENTRE
    assert b.colours[CENTRE] == Colour.CASTLE and b.dice[CENTRE] == 6


def test_data_findings_1_2_die_template() -> None:
    """Die 1 appears 7 times, 2-6 six times each; rows as printed."""
    b = board(1)
    assert Counter(b.dice) == {1: 7, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6}
    row_d = [b.dice[SPACE_BY_NAME[f"d{i}"]] for i in range(1, 8)]
    assert row_d == [6, 1, 2, 6, 5, 4, 1]


def test_data_findings_1_3_board1_named_regions() -> None:
    b = board(1)
    regions = {
        frozenset(SPACE_NAMES[s] for s in bits(r.mask)): (r.colour, r.size) for r in b.regions
    }
    assert regions[frozenset({"e4", "e5", "f4", "f5", "g4"})] == (Colour.CITY, 5)
    assert regions[frozenset({"d5", "d6", "d7"})] == (Colour.RIVER, 3)
    assert regions[frozenset({"e3", "f2", "g1"})] == (Colour.MINE, 3)
    assert regions[frozenset({"e6"})] == (Colour.PASTURE, 1)
    assert regions[frozenset({"c3"})] == (Colour.CITY, 1)


def test_data_findings_1_1_centre_neighbours() -> None:
    b = board(1)
    names = {SPACE_NAMES[s] for s in bits(b.neighbours[CENTRE])}
    assert names == {"c3", "c4", "d3", "d5", "e3", "e4"}


# -- depots (rulebook p3; data-findings §2) -------------------------------------------------


def _expected_spaces(players: int, phase: int) -> Counter[tuple[int, int]]:
    out: Counter[tuple[int, int]] = Counter()
    for depot, (two, three, four) in DEPOT_LAYOUT.items():
        labels = list(two)
        if players >= 3:
            labels += three
        if players == 4:
            labels += four
        if players == 3 and depot == 6 and phase in (1, 3):
            labels[labels.index("castle")] = "mine"
        for label in labels:
            out[(depot, int(Colour.from_label(label)))] += 1
    return out


@pytest.mark.parametrize(("players", "spaces"), [(2, 12), (3, 18), (4, 24)])
@pytest.mark.parametrize("phase", range(5))
def test_rulebook_depot_spaces_by_player_count(players: int, spaces: int, phase: int) -> None:
    got = depot_spaces(players, phase)
    assert len(got) == spaces
    assert Counter(got) == _expected_spaces(players, phase)


@pytest.mark.parametrize("phase", range(5))
def test_rulebook_three_players_depot6_castle_is_a_mine_in_phases_b_and_d(phase: int) -> None:
    depot6 = Counter(c for d, c in depot_spaces(3, phase) if d == 6)
    if phase in (1, 3):
        assert depot6 == {Colour.CITY: 1, Colour.PASTURE: 1, Colour.MINE: 1}
    else:
        assert depot6 == {Colour.CITY: 1, Colour.PASTURE: 1, Colour.CASTLE: 1}
    # 2 and 4 players are not affected
    for players in (2, 4):
        assert Colour.MINE not in {c for d, c in depot_spaces(players, phase) if d == 6}


@pytest.mark.parametrize(("players", "size"), [(2, 4), (3, 6), (4, 8)])
def test_rulebook_black_depot_4_to_8_tiles(players: int, size: int) -> None:
    assert black_depot_size(players) == size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rulebook_phase_a_depots_are_laid_out_by_colour(players: int) -> None:
    """The hexes actually drawn onto each depot have the colours of its spaces; the black
    depot gets 4/6/8 black-backed hexes."""
    state = first_turn(Ruleset(players=players, variants=()), seed=11)
    want = _expected_spaces(players, 0)
    got: Counter[tuple[int, int]] = Counter()
    for depot, tiles in enumerate(state.depots, start=1):
        for tile in tiles:
            got[(depot, TILE_COLOUR[tile])] += 1
    assert got == want
    assert len(state.black_depot) == {2: 4, 3: 6, 4: 8}[players]
    _main, black = base_supply()
    for tile in state.black_depot:
        assert black[tile] > 0, TILES[tile].name


# -- scoring tables (data-findings §4) ------------------------------------------------------
def test_data_findings_4_region_table_and_phase_bonus() -> None:
    assert [region_vp(n) for n in range(1, 9)] == [1, 3, 6, 10, 15, 21, 28, 36]
    assert PHASE_BONUS == (10, 8, 6, 4, 2)


def test_data_findings_4_bonus_tiles_and_sales_by_player_count() -> None:
    assert LARGE_BONUS == {2: 5, 3: 6, 4: 7}
    assert SMALL_BONUS == {2: 2, 3: 3, 4: 4}
    assert SALE_VP == {2: 2, 3: 3, 4: 4}
    assert SALE_SILVER == 1


# -- boards 2-10 (data-findings §1.2, §1.4) ---------------------------------------------------
@pytest.mark.parametrize("number", range(1, 11))
def test_data_findings_1_2_every_board_has_the_shared_die_template(number: int) -> None:
    assert board(number).dice == board(1).dice


@pytest.mark.parametrize("number", range(1, 11))
def test_data_findings_1_4_every_board_has_the_standard_colour_counts(number: int) -> None:
    assert Counter(board(number).colours) == {
        Colour.CITY: 12, Colour.PASTURE: 6, Colour.RIVER: 6, Colour.KNOWLEDGE: 6,
        Colour.CASTLE: 4, Colour.MINE: 3,
    }


@pytest.mark.parametrize(
    ("number", "colour", "sizes"),
    [
        (2, Colour.CITY, [5, 3, 2, 2]), (2, Colour.CASTLE, [1, 1, 1, 1]),
        (2, Colour.PASTURE, [4, 2]), (2, Colour.MINE, [1, 1, 1]), (2, Colour.RIVER, [2, 2, 2]),
        (2, Colour.KNOWLEDGE, [3, 2, 1]),
        (3, Colour.KNOWLEDGE, [6]), (3, Colour.CITY, [5, 5, 1, 1]),
        (5, Colour.CITY, [3, 3, 3, 2, 1]),
        (6, Colour.RIVER, [6]), (6, Colour.CITY, [6, 4, 2]),
        (7, Colour.CITY, [7, 3, 2]), (7, Colour.CASTLE, [2, 2]),
        (9, Colour.CITY, [6, 6]),
        (10, Colour.CITY, [8, 2, 2]),
    ],
)
def test_data_findings_1_4_region_sizes(number: int, colour: Colour, sizes: list[int]) -> None:
    got = sorted((r.size for r in board(number).regions if r.colour == colour), reverse=True)
    assert got == sizes


def test_data_findings_1_4_centre_is_a_castle_only_on_boards_1_2_3_6() -> None:
    assert {n for n in range(1, 11) if board(n).colours[CENTRE] == Colour.CASTLE} == {1, 2, 3, 6}
