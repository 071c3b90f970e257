"""The game's components: colours, hex tiles, goods and the tile supply.

Hex tiles are plain integers (*tile codes*) indexing :data:`TILES`, a catalogue of
:class:`TileKind` records. Tiles of one kind are interchangeable, so a depot, a storage or a
supply is a multiset of codes: a sorted tuple, or a tuple of counts indexed by code.
"""

from __future__ import annotations

from enum import IntEnum

import attrs

from burgundy._data import load


class Colour(IntEnum):
    """The six hex colours; a tile goes only on a duchy space of its colour."""

    CITY = 0
    """Beige: buildings."""
    PASTURE = 1
    """Light green: animals."""
    RIVER = 2
    """Blue: ships."""
    KNOWLEDGE = 3
    """Yellow: knowledge (monastery) tiles."""
    CASTLE = 4
    """Dark green: castles."""
    MINE = 5
    """Grey: mines."""

    @property
    def label(self) -> str:
        """The lower-case name used in data files and notation (``"city"``, ...)."""
        return self.name.lower()

    @classmethod
    def from_label(cls, label: str) -> Colour:
        """Return the colour named ``label`` (``"city"``, ``"pasture"``, ...).

        Raises:
            ValueError: ``label`` names no colour.
        """
        try:
            return cls[label.upper()]
        except KeyError:
            valid = ", ".join(c.label for c in cls)
            raise ValueError(f"unknown colour {label!r}; valid: {valid}") from None


COLOURS: tuple[Colour, ...] = tuple(Colour)
"""All colours in index order."""

_TILE_DATA = load("tiles")

BUILDINGS: tuple[str, ...] = tuple(_TILE_DATA["buildings"]["order"])
"""The eight building types, in the order of knowledge tiles #16-#23."""
SPECIES: tuple[str, ...] = tuple(_TILE_DATA["animals"]["species"])
"""The four animal species."""
_PER_SPECIES = _TILE_DATA["animals"]["per_species"]
_ANIMALS_MAIN: tuple[int, ...] = tuple(_PER_SPECIES["main"])
"""Animals shown on the coloured-back animal tiles of one species (2, 2, 3, 3, 4)."""
_ANIMALS_BLACK: tuple[int, ...] = tuple(_PER_SPECIES["black"])
"""Animals shown on the black-back animal tiles of one species (3, 4)."""
ANIMAL_COUNTS: tuple[int, ...] = tuple(sorted({*_ANIMALS_MAIN, *_ANIMALS_BLACK}))
"""The animal counts an animal tile can show (2, 3, 4)."""
KNOWLEDGE_IDS: int = int(_TILE_DATA["knowledge"]["reserved_ids"])
"""Knowledge tiles #1..#KNOWLEDGE_IDS have codes (the base game supplies #1-#26)."""


@attrs.frozen(slots=True)
class TileKind:
    """One kind of hex tile.

    Attributes:
        code: The tile code (index in :data:`TILES`).
        name: Notation name: ``ship``, ``castle``, ``mine``, a building (``bank``), an animal
            tile (``cow3``) or a knowledge tile (``k7``).
        colour: The colour of the tile (and of the spaces it may go on).
        building: Building type for city tiles, else ``None``.
        species: Animal species for pasture tiles, else ``None``.
        animals: Number of animals shown (pasture tiles), else 0.
        knowledge: Knowledge tile number (1-29), else 0.
    """

    code: int
    name: str
    colour: Colour
    building: str | None = None
    species: str | None = None
    animals: int = 0
    knowledge: int = 0


def _catalogue() -> tuple[TileKind, ...]:
    kinds: list[TileKind] = []

    def add(name: str, colour: Colour, **extra: object) -> None:
        kinds.append(TileKind(len(kinds), name, colour, **extra))  # type: ignore[arg-type]

    add("ship", Colour.RIVER)
    add("castle", Colour.CASTLE)
    add("mine", Colour.MINE)
    for building in BUILDINGS:
        add(building, Colour.CITY, building=building)
    for species in SPECIES:
        for n in ANIMAL_COUNTS:
            add(f"{species}{n}", Colour.PASTURE, species=species, animals=n)
    for k in range(1, KNOWLEDGE_IDS + 1):
        add(f"k{k}", Colour.KNOWLEDGE, knowledge=k)
    return tuple(kinds)


TILES: tuple[TileKind, ...] = _catalogue()
"""The tile catalogue, indexed by tile code."""
TILE_BY_NAME: dict[str, int] = {kind.name: kind.code for kind in TILES}
"""Tile code by notation name."""
N_TILE_KINDS: int = len(TILES)
"""Number of tile codes."""

SHIP: int = TILE_BY_NAME["ship"]
"""Code of the ship tile."""
CASTLE: int = TILE_BY_NAME["castle"]
"""Code of the castle tile."""
MINE: int = TILE_BY_NAME["mine"]
"""Code of the mine tile."""
TILE_COLOUR: tuple[int, ...] = tuple(int(kind.colour) for kind in TILES)
"""Colour index by tile code (a flat tuple for the hot path)."""


def distinct(values: tuple[int, ...]) -> tuple[int, ...]:
    """Return the distinct values of the sorted tuple ``values``, in order.

    Storages, depots and dice are kept sorted, so this is ``values`` itself unless a value
    repeats (then ``tuple(sorted(set(values)))``). Measured: on the usual two or three
    values this loop takes about half the time of ``tuple(sorted(set(values)))``.
    """
    previous = None
    for value in values:
        if value == previous:
            return tuple(sorted(set(values)))
        previous = value
    return values


def tile_name(code: int) -> str:
    """Return the notation name of tile ``code`` (``"bank"``, ``"cow3"``, ``"k7"``, ...)."""
    return TILES[code].name


def tile_code(name: str) -> int:
    """Return the tile code for a notation name.

    Raises:
        ValueError: ``name`` names no tile.
    """
    try:
        return TILE_BY_NAME[name]
    except KeyError:
        raise ValueError(
            f"unknown tile {name!r}; e.g. ship, castle, mine, bank, cow3, k7"
        ) from None


def _supply() -> tuple[tuple[int, ...], tuple[int, ...]]:
    main = [0] * N_TILE_KINDS
    black = [0] * N_TILE_KINDS
    for key, code in (("ships", SHIP), ("castles", CASTLE), ("mines", MINE)):
        main[code] = int(_TILE_DATA[key]["main"])
        black[code] = int(_TILE_DATA[key]["black"])
    per_type = _TILE_DATA["buildings"]["per_type"]
    for building in BUILDINGS:
        main[TILE_BY_NAME[building]] = int(per_type["main"])
        black[TILE_BY_NAME[building]] = int(per_type["black"])
    for species in SPECIES:
        for n in _ANIMALS_MAIN:
            main[TILE_BY_NAME[f"{species}{n}"]] += 1
        for n in _ANIMALS_BLACK:
            black[TILE_BY_NAME[f"{species}{n}"]] += 1
    black_knowledge = set(_TILE_DATA["knowledge"]["black"])
    for k in range(1, int(_TILE_DATA["knowledge"]["ids"]) + 1):
        (black if k in black_knowledge else main)[TILE_BY_NAME[f"k{k}"]] = 1
    return tuple(main), tuple(black)


_BASE_SUPPLY = _supply()  # read from tiles.json once, at import


def base_supply() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the base game's hex supply as counts by tile code.

    Returns:
        ``(main, black)``: the tiles with coloured backs (drawn onto the numbered depots,
        start castles included) and the black-backed tiles (drawn onto the black depot).
        Together they hold the 164 hexes of the base game.
    """
    return _BASE_SUPPLY


GOODS_COLOURS: int = int(_TILE_DATA["goods"]["colours"])
"""Number of goods colours; a goods tile's colour is the die number 1-6 printed on it."""
ALL_GOODS_COLOURS: tuple[int, ...] = tuple(range(1, GOODS_COLOURS + 1))
"""The goods colours 1-6, in order (goods counts by colour index 0-5 pair with these)."""
GOODS_PER_COLOUR: int = int(_TILE_DATA["goods"]["per_colour"])
"""Goods tiles of each colour (7; 42 in all)."""
BUILDING_EFFECTS: dict[str, dict[str, object]] = _TILE_DATA["building_effects"]
"""The effect of each building type when placed (data file ``tiles.json``)."""
