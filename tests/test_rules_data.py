"""Rule tests: the game's data (components, board #1, depots, scoring tables), and the data
files themselves: every value in them is read by the code, into a named constant.

Sources: the Spanish rulebook (ES11: component list, "el tablero Nº 1 tiene 4 ciudades:
una de 1 espacio, una de 5 espacios y dos de 3 espacios", depot spaces marked 2/3/4 and the
3-player depot-6 exception), the 2019 rulebook's component list (ZH19 p.1) and the
board scans behind docs/rules.md's "Components" and "Duchy boards".
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import burgundy
from burgundy import Ruleset, geometry
from burgundy import components as comp
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
from burgundy.rules import base, effects, phases, scoring, sell, setup, take, turn
from burgundy.rules.income import Income
from burgundy.rules.scoring import LARGE_BONUS, PHASE_BONUS, SMALL_BONUS, region_vp
from burgundy.rules.sell import SALE_SILVER, SALE_VP
from burgundy.rules.setup import black_depot_size, depot_spaces
from burgundy.testing import first_turn
from depot_oracle import DEPOT_LAYOUT


def _count(supply: tuple[int, ...], name: str) -> int:
    return supply[tile_code(name)]


# -- hex tiles (rulebook component list: ES11 p.2, ZH19 p.1) -------------------------------
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
def test_components_animals_per_species(species: str) -> None:
    """Per species: coloured backs 2, 2, 3, 3, 4 animals; black backs 3 and 4."""
    main, black = base_supply()
    assert set(SPECIES) == {"cow", "pig", "sheep", "chicken"}
    assert [_count(main, f"{species}{n}") for n in (2, 3, 4)] == [2, 2, 1]
    assert [_count(black, f"{species}{n}") for n in (2, 3, 4)] == [0, 1, 1]
    animals = sum(n * (_count(main, f"{species}{n}") + _count(black, f"{species}{n}"))
                  for n in (2, 3, 4))
    assert animals == 21


def test_components_knowledge_26_tiles_black_7_12_14_15_24_25() -> None:
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


# -- board #1 (rulebook p6: cities 5, 3, 3, 1) ---------------------------------------------
def _sizes(colour: Colour) -> list[int]:
    return sorted((r.size for r in board(1).regions if r.colour == colour), reverse=True)


def test_rulebook_board1_has_cities_of_5_3_3_1() -> None:
    assert _sizes(Colour.CITY) == [5, 3, 3, 1]


def test_board1_other_regions() -> None:
    assert _sizes(Colour.RIVER) == [3, 3]
    assert _sizes(Colour.PASTURE) == [5, 1]
    assert _sizes(Colour.CASTLE) == [3, 1]
    assert _sizes(Colour.KNOWLEDGE) == [3, 3]
    assert _sizes(Colour.MINE) == [3]
    assert len(board(1).regions) == 13


def test_board1_colour_counts_and_centre() -> None:
    b = board(1)
    counts = Counter(b.colours)
    assert counts == {
        Colour.CITY: 12, Colour.PASTURE: 6, Colour.RIVER: 6, Colour.KNOWLEDGE: 6,
        Colour.CASTLE: 4, Colour.MINE: 3,
    }
    assert len(b.colours) == 37
    assert SPACE_BY_NAME["d4"] == CENTRE
    assert b.colours[CENTRE] == Colour.CASTLE and b.dice[CENTRE] == 6


def test_board1_die_template() -> None:
    """Die 1 appears 7 times, 2-6 six times each; rows as printed."""
    b = board(1)
    assert Counter(b.dice) == {1: 7, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6}
    row_d = [b.dice[SPACE_BY_NAME[f"d{i}"]] for i in range(1, 8)]
    assert row_d == [6, 1, 2, 6, 5, 4, 1]


def test_board1_named_regions() -> None:
    b = board(1)
    regions = {
        frozenset(SPACE_NAMES[s] for s in bits(r.mask)): (r.colour, r.size) for r in b.regions
    }
    assert regions[frozenset({"e4", "e5", "f4", "f5", "g4"})] == (Colour.CITY, 5)
    assert regions[frozenset({"d5", "d6", "d7"})] == (Colour.RIVER, 3)
    assert regions[frozenset({"e3", "f2", "g1"})] == (Colour.MINE, 3)
    assert regions[frozenset({"e6"})] == (Colour.PASTURE, 1)
    assert regions[frozenset({"c3"})] == (Colour.CITY, 1)


def test_board1_centre_neighbours() -> None:
    b = board(1)
    names = {SPACE_NAMES[s] for s in bits(b.neighbours[CENTRE])}
    assert names == {"c3", "c4", "d3", "d5", "e3", "e4"}


# -- depots (rulebook p3) ------------------------------------------------------------------


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


# -- scoring tables (rulebook p8-9) --------------------------------------------------------
def test_scoring_region_table_and_phase_bonus() -> None:
    assert [region_vp(n) for n in range(1, 9)] == [1, 3, 6, 10, 15, 21, 28, 36]
    assert PHASE_BONUS == (10, 8, 6, 4, 2)


def test_scoring_bonus_tiles_and_sales_by_player_count() -> None:
    assert LARGE_BONUS == {2: 5, 3: 6, 4: 7}
    assert SMALL_BONUS == {2: 2, 3: 3, 4: 4}
    assert SALE_VP == {2: 2, 3: 3, 4: 4}
    assert SALE_SILVER == 1


# -- boards 2-10 (docs/rules.md, "Duchy boards") -------------------------------------------
@pytest.mark.parametrize("number", range(1, 11))
def test_every_board_has_the_shared_die_template(number: int) -> None:
    assert board(number).dice == board(1).dice


@pytest.mark.parametrize("number", range(1, 11))
def test_every_board_has_the_standard_colour_counts(number: int) -> None:
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
def test_region_sizes_of_boards_2_to_10(number: int, colour: Colour, sizes: list[int]) -> None:
    got = sorted((r.size for r in board(number).regions if r.colour == colour), reverse=True)
    assert got == sizes


def test_centre_is_a_castle_only_on_boards_1_2_3_6() -> None:
    assert {n for n in range(1, 11) if board(n).colours[CENTRE] == Colour.CASTLE} == {1, 2, 3, 6}


# -- the data files: every value is read, once, into a named constant (issue #12) ----------
# Keys whose name starts with "_" (``_about``) are comments for readers. A list is one value.
# ``items()``/``values()`` of an object count as reading every entry: the code that iterates
# a table uses all of it (and rejects what it does not know, e.g. building effect keys).

_RECORDER = """
import json


class Recorded(dict):
    \"\"\"A JSON object that notes the path of every key read from it in ``seen``.\"\"\"

    def __init__(self, items, path, seen):
        super().__init__(items)
        self.path = path
        self.seen = seen

    def __getitem__(self, key):
        value = super().__getitem__(key)
        self.seen.add(self.path + (key,))
        return value

    def get(self, key, default=None):
        return self[key] if key in self else default

    def items(self):
        return [(key, self[key]) for key in self.keys()]

    def values(self):
        return [self[key] for key in self.keys()]


def wrap(value, path, seen):
    if isinstance(value, dict):
        return Recorded({k: wrap(v, path + (k,), seen) for k, v in value.items()}, path, seen)
    return value


def key_paths(value, path=()):
    if isinstance(value, dict):
        for key, child in value.items():
            if not key.startswith("_"):
                yield path + (key,)
                yield from key_paths(child, path + (key,))


def unread(document, seen):
    return sorted("/".join(p) for p in key_paths(document) if p not in seen)
"""

_AUDIT = _RECORDER + """
import importlib
import pkgutil
import sys
from pathlib import Path

texts = {Path(name).read_text(encoding="utf-8"): name for name in sys.argv[1:]}
seen = {name: set() for name in texts.values()}
documents = {}
plain_loads = json.loads


def loads(text, *args, **kwargs):
    document = plain_loads(text, *args, **kwargs)
    name = texts.get(text) if isinstance(text, str) else None
    if name is None:
        return document
    documents[name] = document
    return wrap(document, (), seen[name])


json.loads = loads  # before burgundy is imported: every data file is read through it
import burgundy

for module in pkgutil.walk_packages(burgundy.__path__, "burgundy."):
    importlib.import_module(module.name)
burgundy.geometry.boards()  # the readers that run on first use (cached), not at import
burgundy.bots.expert.expert_weights()
json.loads = plain_loads
print(json.dumps({
    name: unread(documents[name], seen[name]) if name in documents else ["(not loaded)"]
    for name in texts.values()
}))
"""

_CORE_DATA = Path(burgundy.__file__).parent / "data"
_PLUGIN_PACKAGES = ("burgundy_knowledge", "burgundy_shields")


def _document(name: str) -> Any:
    return json.loads((_CORE_DATA / f"{name}.json").read_text(encoding="utf-8"))


def test_the_recorder_reports_a_key_nobody_reads() -> None:
    """The audit's own check: a value read, a table iterated, a value never read."""
    recorder: dict[str, Any] = {}
    exec(_RECORDER, recorder)  # the test's own source text
    document = {"_about": "x", "read": 1, "table": {"a": 1, "b": 2}, "sub": {"x": 1, "y": 2}}
    seen: set[tuple[str, ...]] = set()
    data = recorder["wrap"](document, (), seen)
    assert data["read"] == 1
    assert dict(data["table"].items()) == {"a": 1, "b": 2}
    assert data["sub"].get("x") == 1
    assert recorder["unread"](document, seen) == ["sub/y"]


def test_every_core_data_value_is_read_at_import(tmp_path: Path) -> None:
    """Importing burgundy (and building the boards) reads every key of every file in
    ``burgundy/data``: a value that nothing reads would be a rule the data seems to set
    but the code ignores. Audited on the pure sources (a copy without the compiled
    modules, when ``make compiled`` put them in place): compiled code reads a dict without
    calling the recorder's ``__getitem__``, and both builds read the same data."""
    files = sorted(str(path) for path in _CORE_DATA.glob("*.json"))
    assert len(files) == 4
    shutil.copytree(_CORE_DATA.parent, tmp_path / "burgundy",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    out = subprocess.run(
        [sys.executable, "-c", _AUDIT, *files], capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    ).stdout
    unread = {Path(name).name: keys for name, keys in json.loads(out).items() if keys}
    assert unread == {}


def _names_in_code(package: str) -> set[str]:
    """The string literals of a package's modules, docstrings left out."""
    names: set[str] = set()
    for file in resources.files(package).iterdir():
        if not file.name.endswith(".py"):
            continue
        tree = ast.parse(file.read_text(encoding="utf-8"))
        docstrings = {
            id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        names |= {
            node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings
        }
    return names


def _key_names(value: Any) -> set[str]:
    if not isinstance(value, dict):
        return set()
    names = {key for key in value if not key.startswith("_")}
    for child in value.values():
        names |= _key_names(child)
    return names


@pytest.mark.parametrize("package", _PLUGIN_PACKAGES)
def test_every_plugin_data_key_is_named_in_its_code(package: str) -> None:
    """The plugins read their data when an effect happens, not all at import, so this
    check is by name: every key of the plugin's data files appears as a string in its
    code. Numbered keys (tile and shield numbers, player counts, editions) are looked up by
    a computed number and are checked by the plugins' own tests."""
    data = resources.files(f"{package}.data")
    code = _names_in_code(package)
    for file in data.iterdir():
        if file.name.endswith(".json"):
            keys = _key_names(json.loads(file.read_text(encoding="utf-8")))
            unread = sorted(k for k in keys if not k.isdigit() and k not in code)
            assert unread == [], file.name


def _at(name: str, path: str) -> Any:
    value = _document(name)
    for key in path.split("/"):
        value = value[key]
    return value


def _as_data(value: Any) -> Any:
    """A constant written as JSON would write it: tuples as lists, keys as strings."""
    if isinstance(value, tuple):
        return [_as_data(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _as_data(v) for k, v in value.items()}
    return value


def _by_label(letters: dict[str, str]) -> dict[str, Colour]:
    return {letter: Colour.from_label(label) for letter, label in letters.items()}


_CONSTANTS: list[tuple[str, Any, str, str, Callable[[Any], Any] | None]] = [
    ("setup.START_SILVER", setup.START_SILVER, "mainboard", "start_silver", None),
    ("setup.START_WORKERS", setup.START_WORKERS, "mainboard", "start_workers_by_order", None),
    ("setup.START_GOODS", setup.START_GOODS, "mainboard", "goods_per_player", None),
    ("setup.GOODS_PER_PHASE", setup.GOODS_PER_PHASE, "mainboard", "goods_per_phase", None),
    ("setup.BLACK_DEPOT_SIZE", setup.BLACK_DEPOT_SIZE, "mainboard", "black_depot_size", None),
    ("setup.DEPOTS", setup.DEPOTS, "mainboard", "depots", len),
    ("phases.PHASE_NAMES", phases.PHASE_NAMES, "mainboard", "phases", None),
    ("phases.PHASES", phases.PHASES, "mainboard", "phases", len),
    ("phases.ROUNDS_PER_PHASE", phases.ROUNDS_PER_PHASE, "mainboard", "rounds_per_phase", None),
    ("phases.MINE_SILVER", phases.MINE_SILVER, "mainboard", "mine_silver", None),
    ("take.BASE_STORAGE", take.BASE_STORAGE, "mainboard", "hex_storage_spaces", None),
    ("take.PURCHASE_PRICE", take.PURCHASE_PRICE, "mainboard", "black_purchase_price", None),
    ("effects.BASE_GOODS_COLOURS", effects.BASE_GOODS_COLOURS, "mainboard",
     "goods_storage_spaces", None),
    ("effects.TRACK_SPACES", effects.TRACK_SPACES, "mainboard", "turn_track_spaces", None),
    ("turn.TAKE_WORKERS", turn.TAKE_WORKERS, "mainboard", "take_workers", None),
    ("base._WORKERS_INCOME", base._WORKERS_INCOME, "mainboard", "take_workers",
     lambda n: Income(workers=n)),
    ("scoring.REGION_VP", scoring.REGION_VP, "mainboard", "region_vp_by_size", None),
    ("scoring.PHASE_BONUS", scoring.PHASE_BONUS, "mainboard", "phase_bonus", None),
    ("scoring.LARGE_BONUS", scoring.LARGE_BONUS, "mainboard", "colour_bonus/large", None),
    ("scoring.SMALL_BONUS", scoring.SMALL_BONUS, "mainboard", "colour_bonus/small", None),
    ("scoring.BONUS_TILES_PER_COLOUR", scoring.BONUS_TILES_PER_COLOUR, "mainboard",
     "colour_bonus", len),
    ("scoring.FINAL_VP_PER_GOOD", scoring.FINAL_VP_PER_GOOD, "mainboard", "final/vp_per_good",
     None),
    ("scoring.FINAL_VP_PER_SILVER", scoring.FINAL_VP_PER_SILVER, "mainboard",
     "final/vp_per_silver", None),
    ("scoring.FINAL_WORKERS_PER_VP", scoring.FINAL_WORKERS_PER_VP, "mainboard",
     "final/workers_per_vp", None),
    ("sell.SALE_SILVER", sell.SALE_SILVER, "mainboard", "sale_silver", None),
    ("sell.SALE_VP", sell.SALE_VP, "mainboard", "sale_vp_per_good", None),
    ("components.BUILDINGS", comp.BUILDINGS, "tiles", "buildings/order", None),
    ("components.SPECIES", comp.SPECIES, "tiles", "animals/species", None),
    ("components.KNOWLEDGE_IDS", comp.KNOWLEDGE_IDS, "tiles", "knowledge/reserved_ids", None),
    ("components.GOODS_COLOURS", comp.GOODS_COLOURS, "tiles", "goods/colours", None),
    ("components.GOODS_PER_COLOUR", comp.GOODS_PER_COLOUR, "tiles", "goods/per_colour", None),
    ("components.ANIMAL_COUNTS", comp.ANIMAL_COUNTS, "tiles", "animals/per_species",
     lambda backs: tuple(sorted({n for counts in backs.values() for n in counts}))),
    ("geometry._LETTER_COLOUR", geometry._LETTER_COLOUR, "boards", "letters", _by_label),
]


@pytest.mark.parametrize(
    ("constant", "name", "path", "convert"),
    [pytest.param(value, name, path, convert, id=label)
     for label, value, name, path, convert in _CONSTANTS],
)
def test_rule_constant_equals_its_data_value(
    constant: Any, name: str, path: str, convert: Callable[[Any], Any] | None
) -> None:
    data = _at(name, path)
    if convert is not None:
        assert constant == convert(data)
    else:
        assert _as_data(constant) == data


def test_building_effects_are_the_data() -> None:
    """``effects.BUILDING_EFFECT`` is ``tiles.json``'s ``building_effects``, parsed."""
    data = _at("tiles", "building_effects")
    assert set(effects.BUILDING_EFFECT) == set(BUILDINGS) == set(data)
    for building, spec in data.items():
        effect = effects.BUILDING_EFFECT[building]
        take_colours = spec.get("take")
        assert effect.take == (
            None if take_colours is None else tuple(Colour.from_label(c) for c in take_colours)
        )
        assert (effect.sell, effect.place) == (spec.get("sell", False), spec.get("place", False))
        assert effect.income == Income(
            silver=spec.get("silver", 0), workers=spec.get("workers", 0), vp=spec.get("vp", 0)
        )


def test_rulebook_rule_numbers() -> None:
    """The rulebook's numbers, written out independently of the data: 5 phases A-E of 5
    rounds; the take-workers action gives 2; the purchase costs 2; a mine pays 1 a phase;
    3 hex storage spaces, 3 goods spaces; a 7-space turn track; at the end 1 VP per good
    and per silverling, 1 VP per 2 workers; start: 1 silverling, workers 1-4 by turn order,
    3 goods; 5 goods a phase; 2 bonus tiles of each colour."""
    assert (phases.PHASE_NAMES, phases.ROUNDS_PER_PHASE) == (("A", "B", "C", "D", "E"), 5)
    assert (turn.TAKE_WORKERS, take.PURCHASE_PRICE, phases.MINE_SILVER) == (2, 2, 1)
    assert (take.BASE_STORAGE, effects.BASE_GOODS_COLOURS, effects.TRACK_SPACES) == (3, 3, 7)
    assert (
        scoring.FINAL_VP_PER_GOOD, scoring.FINAL_VP_PER_SILVER, scoring.FINAL_WORKERS_PER_VP
    ) == (1, 1, 2)
    assert (setup.START_SILVER, setup.START_WORKERS, setup.START_GOODS) == (1, (1, 2, 3, 4), 3)
    assert (setup.GOODS_PER_PHASE, scoring.BONUS_TILES_PER_COLOUR) == (5, 2)


def test_data_tables_agree_with_each_other() -> None:
    """One phase bonus per phase; the 3-player exception names a phase, a depot and a mark-3
    space that exist; start workers for up to 4 seats; goods enough for the set-up."""
    board_data = _document("mainboard")
    assert len(scoring.PHASE_BONUS) == phases.PHASES
    exception = board_data["three_player_exception"]
    assert set(exception["phases_as_mine"]) <= set(phases.PHASE_NAMES)
    assert exception["space_colour"] in board_data["depots"][str(exception["depot"])]["3"]
    assert len(setup.START_WORKERS) == max(setup.BLACK_DEPOT_SIZE)
    needed = 4 * setup.START_GOODS + phases.PHASES * setup.GOODS_PER_PHASE
    assert needed <= comp.GOODS_COLOURS * comp.GOODS_PER_COLOUR
