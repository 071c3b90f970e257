"""The game's components: colours, hex tiles, goods and the tile supply.

Hex tiles are plain integers (*tile codes*) indexing :data:`TILES`, a catalogue of
:class:`TileKind` records. Tiles of one kind are interchangeable, so a depot, a storage or a
supply is a multiset of codes: a sorted tuple, or a tuple of counts indexed by code.

The catalogue is open: a variant declares kinds of its own, with codes it chooses, through
the hook :func:`~burgundy.hookspecs.burgundy_tiles`, and :func:`register_tiles` adds them
when a ruleset with the variant is built: the one path every kind takes (the core's own,
codes 0-51, at import). A code is a stable identifier; the catalogue is process-wide and
add-only, so :func:`tile_name`, :func:`tile_code` and the action notation work without a
ruleset. Each ruleset knows the kinds it plays with (:class:`RulesetTiles`,
``rules.engine.tiles``).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from enum import IntEnum
from operator import itemgetter

import attrs

from burgundy._data import load
from burgundy._sorted import distinct as distinct  # compiled in the compiled build
from burgundy.errors import brief


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


NO_COLOUR: int = -1
"""The :data:`TILE_COLOUR` entry of a tile of no colour (the solo black tile, an inn): it
goes on no space by itself, only where a variant's ``burgundy_placement["spaces"]`` lets it,
and no depot space draws it. Never an index into a colour table: test ``colour >= 0``."""
CORE_EFFECTS: tuple[str, ...] = ("ship", "castle", "mine", "building", "animal", "knowledge")
"""The kinds of the core's tiles, each also the name of its effect (:attr:`TileKind.effect`):
a ship moves its owner's turn-order marker and takes goods, a castle gives a die action, a
mine silver at each phase end, a building its building type's effect, an animal tile VP for
its pasture; a knowledge tile does what the knowledge variant says."""
TILE_CODE_LIMIT: int = 1024
"""Tile codes are ``0 <= code < TILE_CODE_LIMIT``."""

_NAME_FORM = re.compile(r"[a-z][a-z0-9-]*\Z")  # one word of the notation: "bank", "cow3"


def _default_kind(kind: TileKind) -> str:
    if kind.building is not None:
        return "building"
    if kind.species is not None:
        return "animal"
    if kind.knowledge:
        return "knowledge"
    return kind.name


def _default_effect(kind: TileKind) -> str | None:
    return kind.kind


@attrs.frozen(slots=True)
class TileKind:
    """One kind of hex tile: an entry of the tile catalogue (:data:`TILES`).

    The core's kinds are built from ``tiles.json``; a variant declares its own through the
    hook :func:`~burgundy.hookspecs.burgundy_tiles`, with codes it chooses
    (:data:`RESERVED_TILE_CODES`; a third-party plugin uses codes from 128).

    Attributes:
        code: The tile code (index in :data:`TILES`); stable: it is what states, records
            and saved games hold.
        name: Notation name: ``ship``, ``castle``, ``mine``, a building (``bank``), an animal
            tile (``cow3``), a knowledge tile (``k7``) or a variant's tile (``inn``): lower
            case letters, digits and ``-``, starting with a letter.
        colour: The colour of the tile (and of the spaces it may go on, and of the depot
            spaces that draw it), or ``None`` for a tile of no colour (:data:`NO_COLOUR`).
        building: Building type for building tiles (``bank``; a variant's own, such as a
            white castle, counts for the one-building-per-city rule), else ``None``.
        species: Animal species for animal tiles, else ``None``; a tile with a species
            scores its animals when placed (its pasture's earlier tiles of that species
            too).
        animals: Number of animals shown (animal tiles, at least 1), else 0.
        knowledge: Knowledge tile number (1-29), else 0.
        kind: What the tile is: one of :data:`CORE_EFFECTS` (``ship``, ``castle``, ``mine``,
            ``building``, ``animal``, ``knowledge``) or a variant's own word (``inn``).
            By default ``building`` with a building type, ``animal`` with a species,
            ``knowledge`` with a number, else the name.
        effect: What placing it does: by default its kind (one of :data:`CORE_EFFECTS` is
            the core's effect; a variant's own word is whatever the variant's
            :func:`~burgundy.hookspecs.burgundy_tile_effect` provides), or ``None`` for no
            effect at all: no ship goods, castle action, mine silver, building effect,
            animal VP or knowledge effect. A kind without effect has no building type,
            species or knowledge number either (so nothing that counts those sees it); it
            only covers its space, which counts for its region and its space's colour.

    Raises:
        ValueError: The fields do not make a tile kind (the message says which).

    Examples:
        >>> from burgundy.components import TILES, TileKind, tile_code
        >>> bank = TILES[tile_code("bank")]
        >>> bank.kind, bank.effect, bank.colour.label
        ('building', 'building', 'city')
        >>> inn = TileKind(160, "tavern", None, effect=None)
        >>> inn.kind, inn.effect, inn.colour
        ('tavern', None, None)
    """

    code: int
    name: str
    colour: Colour | None
    building: str | None = None
    species: str | None = None
    animals: int = 0
    knowledge: int = 0
    kind: str = attrs.field(default=attrs.Factory(_default_kind, takes_self=True))
    effect: str | None = attrs.field(default=attrs.Factory(_default_effect, takes_self=True))

    def __attrs_post_init__(self) -> None:
        problem = _kind_problem(self)
        if problem:
            raise ValueError(f"tile kind {self.name!r} (code {self.code!r}): {problem}")

    @property
    def assigned(self) -> bool:
        """Whether a kind holds this code (``False`` for the placeholders :data:`TILES`
        keeps at codes no kind has been registered under)."""
        return bool(self.name)


def _kind_problem(kind: TileKind) -> str:
    """What makes ``kind`` no tile kind, or ``""``."""
    if type(kind.code) is not int or not 0 <= kind.code < TILE_CODE_LIMIT:
        return f"the code must be an integer 0-{TILE_CODE_LIMIT - 1}"
    if type(kind.name) is not str or not _NAME_FORM.match(kind.name):
        return "the name must be lower-case letters, digits and '-', starting with a letter"
    if kind.colour is not None and type(kind.colour) is not Colour:
        return "the colour must be a Colour or None"
    if type(kind.kind) is not str or not _NAME_FORM.match(kind.kind):
        return "the kind must be a word (lower-case letters, digits, '-')"
    if kind.effect is not None and (
        type(kind.effect) is not str or not _NAME_FORM.match(kind.effect)
    ):
        return "the effect must be a word (lower-case letters, digits, '-') or None"
    for field in ("building", "species"):
        value = getattr(kind, field)
        if value is not None and (type(value) is not str or not value):
            return f"the {field} must be a name or None"
    if type(kind.animals) is not int or type(kind.knowledge) is not int:
        return "animals and knowledge must be integers"
    if (kind.species is None) != (kind.animals == 0) or kind.animals < 0:
        return "an animal tile has a species and at least one animal; other tiles neither"
    if kind.knowledge < 0:
        return "the knowledge number must not be negative"
    if kind.effect is None and (kind.building or kind.species or kind.knowledge):
        return (
            "a kind without effect has no building type, species or knowledge number "
            "(they would give it effects)"
        )
    if kind.effect == "building" and kind.building not in BUILDING_EFFECTS:
        return (
            f"effect 'building' is a building type's effect; valid types: "
            f"{sorted(BUILDING_EFFECTS)} (give a type of your own its own effect)"
        )
    if kind.effect == "animal" and kind.species is None:
        return "effect 'animal' needs a species"
    return ""


def _unassigned(code: int) -> TileKind:
    """The placeholder :data:`TILES` keeps at ``code`` until a kind is registered there
    (built around the constructor, which refuses a kind without a name)."""
    kind = object.__new__(TileKind)
    for field, value in (
        ("code", code), ("name", ""), ("colour", None), ("building", None),
        ("species", None), ("animals", 0), ("knowledge", 0), ("kind", ""), ("effect", None),
    ):
        object.__setattr__(kind, field, value)
    return kind

RESERVED_TILE_CODES: dict[str, range] = {
    "core": range(0, 52),
    "solo": range(52, 56),
    "white_castles": range(56, 60),
    "inns": range(60, 64),
    "extra_hexes": range(64, 68),
    "later modules": range(68, 128),
}
"""The tile code ranges of this project: the core's kinds (ship 0, castle 1, mine 2, the
buildings 3-10, the animal tiles 11-22, knowledge tiles #1-#29 23-51, #27-#29 included),
then a range for each planned plugin (solo: the face-down black tile 52; white castles: the
white castle 56, knowledge #29 being the core's ``k29``; inns: the inn 60; the extra hexes:
the crane 64 and the geese 65, #27 and #28 being the core's ``k27``, ``k28``) and 68-127
kept for later modules. Only the variant a range is named for registers codes in it; a
third-party plugin uses codes from 128 to :data:`TILE_CODE_LIMIT` - 1."""
THIRD_PARTY_CODES: range = range(128, TILE_CODE_LIMIT)
"""The tile codes a third-party plugin chooses its kinds' codes from."""

TILES: list[TileKind] = []
"""The tile catalogue, indexed by tile code: every kind registered in this process (the
core's at import, a variant's when a ruleset with it is first built), a placeholder
(:attr:`TileKind.assigned` false) at codes no kind holds. Add-only and shared: the list is
extended in place, so every module that imported it sees the new kinds."""
TILE_BY_NAME: dict[str, int] = {}
"""Tile code by notation name (every registered kind)."""
TILE_COLOUR: list[int] = []
"""Colour index by tile code, :data:`NO_COLOUR` for a tile of no colour or an unassigned
code (a flat list for the hot path, extended in place like :data:`TILES`)."""
TILE_EFFECT: list[str | None] = []
""":attr:`TileKind.effect` by tile code (a flat list for the hot path, extended in place)."""
_SOURCES: dict[int, str] = {}  # who registered each code: "the core" or "variant 'x'"
_REGISTERING = threading.Lock()


def _describe(kind: TileKind, code: int) -> str:
    return f"{kind.name!r} (code {code}, {kind.kind}, registered by {_SOURCES[code]})"


def register_tiles(kinds: Iterable[TileKind], variant: str | None = None) -> tuple[TileKind, ...]:
    """Add tile kinds to the process-wide catalogue (:data:`TILES`, :data:`TILE_BY_NAME`,
    :data:`TILE_COLOUR`, :data:`TILE_EFFECT`); the one path every kind takes, the core's at
    import included.

    Registering a kind that is registered already is a no-op; a different kind under a
    taken code or name is an error, and nothing of ``kinds`` is registered then.

    Args:
        kinds: The kinds.
        variant: The variant that declares them (its hook
            :func:`~burgundy.hookspecs.burgundy_tiles`), ``None`` for the core.

    Returns:
        ``kinds`` as a tuple.

    Raises:
        ValueError: An entry is no :class:`TileKind`; a code lies in a range
            :data:`RESERVED_TILE_CODES` keeps for another variant; a code or name is taken
            by a different kind (the message names both).

    Examples:
        >>> from burgundy.components import TILES, Colour, TileKind, register_tiles
        >>> register_tiles([TILES[0]])[0].name  # the core's ship again: a no-op
        'ship'
        >>> register_tiles([TileKind(1000, "ship", Colour.RIVER)], "fleet")
        Traceback (most recent call last):
        ...
        ValueError: tile name 'ship': variant 'fleet' registers it for code 1000 (ship), but ...
        >>> register_tiles([TileKind(60, "tavern", None)], "fleet")
        Traceback (most recent call last):
        ...
        ValueError: tile code 60: variant 'fleet' registers 'tavern' in the range 'inns' ...
    """
    source = "the core" if variant is None else f"variant {variant!r}"
    try:
        batch = tuple(kinds)
    except TypeError:
        raise ValueError(f"{source}: tile kinds come as an iterable, not {brief(kinds)}") from None
    with _REGISTERING:
        new: dict[int, TileKind] = {}
        names: dict[str, int] = {}
        for kind in batch:
            if not isinstance(kind, TileKind) or not kind.assigned:
                raise ValueError(f"{source}: {brief(kind)} is no TileKind")
            code = kind.code
            owner = next((o for o, r in RESERVED_TILE_CODES.items() if code in r), None)
            if owner is not None and owner != (variant or "core"):
                raise ValueError(
                    f"tile code {code}: {source} registers {kind.name!r} in the range "
                    f"{owner!r} keeps ({RESERVED_TILE_CODES[owner].start}-"
                    f"{RESERVED_TILE_CODES[owner].stop - 1}); a third-party plugin uses "
                    f"codes {THIRD_PARTY_CODES.start}-{THIRD_PARTY_CODES.stop - 1}"
                )
            held = new.get(code)
            if held is None and code < len(TILES) and TILES[code].assigned:
                held = TILES[code]
            if held is not None and held != kind:
                where = _describe(held, code) if code in _SOURCES else (
                    f"{held.name!r} (code {code}, {held.kind}, registered by {source})"
                )
                raise ValueError(
                    f"tile code {code}: {source} registers {kind.name!r} (code {code}, "
                    f"{kind.kind}), but the code holds {where}"
                )
            other = names.get(kind.name, TILE_BY_NAME.get(kind.name))
            if other is not None and other != code:
                where = _describe(TILES[other], other) if other in _SOURCES else (
                    f"{kind.name!r} (code {other}, {new[other].kind}, registered by {source})"
                )
                raise ValueError(
                    f"tile name {kind.name!r}: {source} registers it for code {code} "
                    f"({kind.kind}), but it names {where}"
                )
            new[code] = kind
            names[kind.name] = code
        for code, kind in sorted(new.items()):
            if code in _SOURCES:
                continue  # the same kind again
            while len(TILES) <= code:
                TILES.append(_unassigned(len(TILES)))
                TILE_COLOUR.append(NO_COLOUR)
                TILE_EFFECT.append(None)
            TILES[code] = kind
            TILE_COLOUR[code] = NO_COLOUR if kind.colour is None else int(kind.colour)
            TILE_EFFECT[code] = kind.effect
            TILE_BY_NAME[kind.name] = code
            _SOURCES[code] = source
    return batch


def registered_tiles() -> tuple[TileKind, ...]:
    """Every kind in the catalogue (:data:`TILES` without its placeholders), by code."""
    return tuple(kind for kind in TILES if kind.assigned)


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


BUILDING_EFFECTS: dict[str, dict[str, object]] = _TILE_DATA["building_effects"]
"""The effect of each building type when placed (data file ``tiles.json``)."""
CORE_TILES: tuple[TileKind, ...] = register_tiles(_catalogue())
"""The core's tile kinds, codes 0 to :data:`N_TILE_KINDS` - 1 (registered at import)."""
N_TILE_KINDS: int = len(CORE_TILES)
"""Number of the core's tile codes (a ruleset's supply length, with its variants' kinds, is
``rules.engine.tiles.supply_length``)."""

SHIP: int = TILE_BY_NAME["ship"]
"""Code of the ship tile."""
CASTLE: int = TILE_BY_NAME["castle"]
"""Code of the castle tile."""
MINE: int = TILE_BY_NAME["mine"]
"""Code of the mine tile."""


def _counts_getter(codes: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """A function giving the counts of ``codes`` in a supply, as a tuple (C-level)."""
    if len(codes) > 1:
        return itemgetter(*codes)
    code = codes[0] if codes else -1

    def one(pile: tuple[int, ...]) -> tuple[int, ...]:
        return (pile[code],) if codes else ()

    return one


@attrs.frozen(slots=True, eq=False)
class RulesetTiles:
    """The tile kinds a ruleset plays with, and the tables its rules read
    (``rules.engine.tiles``; built by :func:`ruleset_tiles`).

    Attributes:
        kinds: The enabled kinds by code: the core's and those of the ruleset's variants.
        codes: Their codes.
        supply_length: The length of a state's ``supply``, ``black_supply`` and ``removed``
            (counts by code): the highest enabled code + 1 (:data:`N_TILE_KINDS` without
            variant kinds).
        main: The base game's coloured-back supply, ``supply_length`` counts (a variant's
            kinds at 0: its set-up puts them in).
        black: The base game's black-backed supply, likewise.
        building_codes: Bitmask of the codes of enabled building kinds (a building type:
            the one-building-per-city rule).
        uncoloured_codes: Bitmask of the codes of enabled kinds of no colour.
        mine_codes: The codes of enabled kinds whose effect is ``mine`` (phase-end silver).
        codes_by_colour: The enabled codes of each colour (the depot spaces' draws).
        counts_by_colour: For each colour, a function from a supply to the counts of
            ``codes_by_colour[colour]``.
        codes_by_building: The enabled codes of each building type (the core's eight, a
            variant's own), for :func:`burgundy.rules.scoring.building_count`.
    """

    kinds: tuple[TileKind, ...]
    codes: frozenset[int]
    supply_length: int
    main: tuple[int, ...]
    black: tuple[int, ...]
    building_codes: int
    uncoloured_codes: int
    mine_codes: tuple[int, ...]
    codes_by_colour: tuple[tuple[int, ...], ...]
    counts_by_colour: tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...]
    codes_by_building: dict[str, tuple[int, ...]] = attrs.field(factory=dict)


def ruleset_tiles(extra: Iterable[TileKind] = ()) -> RulesetTiles:
    """Return the tables of a ruleset with the core's kinds and ``extra`` (its variants'
    kinds, registered with :func:`register_tiles`).

    Examples:
        >>> from burgundy.components import N_TILE_KINDS, base_supply, ruleset_tiles
        >>> tiles = ruleset_tiles()
        >>> tiles.supply_length == N_TILE_KINDS, (tiles.main, tiles.black) == base_supply()
        (True, True)
    """
    by_code = {kind.code: kind for kind in CORE_TILES}
    for kind in extra:
        if TILES[kind.code] != kind:
            raise ValueError(f"tile kind {kind.name!r} is not registered (register_tiles)")
        by_code[kind.code] = kind
    kinds = tuple(by_code[code] for code in sorted(by_code))
    length = kinds[-1].code + 1
    pad = (0,) * (length - N_TILE_KINDS)
    main, black = _BASE_SUPPLY
    codes_by_colour = tuple(
        tuple(k.code for k in kinds if k.colour is colour) for colour in COLOURS
    )
    return RulesetTiles(
        kinds=kinds,
        codes=frozenset(by_code),
        supply_length=length,
        main=main + pad,
        black=black + pad,
        building_codes=sum(1 << k.code for k in kinds if k.building is not None),
        uncoloured_codes=sum(1 << k.code for k in kinds if k.colour is None),
        mine_codes=tuple(k.code for k in kinds if k.effect == "mine"),
        codes_by_colour=codes_by_colour,
        counts_by_colour=tuple(_counts_getter(codes) for codes in codes_by_colour),
        codes_by_building={
            building: tuple(k.code for k in kinds if k.building == building)
            for building in dict.fromkeys(k.building for k in kinds if k.building)
        },
    )


def spaces_holding(spaces: tuple[int, ...], code: int) -> list[int]:
    """The spaces of a duchy's ``spaces`` (tile code by space) that hold tile ``code``,
    lowest first: found with ``tuple.count`` and ``tuple.index``, in C, instead of space by
    space (the one-building-per-city rule: 4.3 -> 1.2 µs a call).

    Examples:
        >>> spaces_holding((-1, 5, -1, 5), 5)
        [1, 3]
    """
    found = []
    space = -1
    for _ in range(spaces.count(code)):
        space = spaces.index(code, space + 1)
        found.append(space)
    return found


def tile_name(code: int) -> str:
    """Return the notation name of tile ``code`` (``"bank"``, ``"cow3"``, ``"k7"``, ...).

    Raises:
        ValueError: No kind is registered under ``code``.
    """
    name = TILES[code].name if 0 <= code < len(TILES) else ""
    if not name:
        raise ValueError(f"unknown tile code {brief(code)}")
    return name


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
