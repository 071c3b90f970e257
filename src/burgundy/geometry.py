"""Duchy boards: spaces, neighbours and regions as integer bitmasks.

A board is a value with its own geometry: a number of spaces, a notation name and a picture
position for each, neighbours (printed river links included), regions, castle spaces and
the start castle's space, and a string id (``"1"`` .. ``"10"`` for the duchies of the box;
variants add their own, such as the solo boards ``"13a"``/``"13b"``). Space ``i`` is bit
``1 << i`` of every mask, so everything a rule asks of the board (free & adjacent & colour
& die number) is a mask intersection, whatever its shape.

The duchies of the base game share one *layout*, :data:`STANDARD_LAYOUT`: 37 hex spaces in
rows of 4, 5, 6, 7, 6, 5, 4, numbered row by row from the top left, each named by its row
letter (``a`` top .. ``g`` bottom) and its 1-based place in the row (the centre is ``d4``).
A board of another shape brings its own layout (its space names and positions); the
notation of an action on a space names the space as its board's layout does.
"""

from __future__ import annotations

from functools import cache, lru_cache

import attrs

from burgundy._data import load
from burgundy.components import Colour
from burgundy.errors import brief

ROW_LENGTHS: tuple[int, ...] = (4, 5, 6, 7, 6, 5, 4)
"""Spaces per row, top to bottom."""
N_SPACES: int = sum(ROW_LENGTHS)
"""Spaces on a standard duchy (37)."""

_BOARD_DATA = load("boards")
_LETTER_COLOUR: dict[str, Colour] = {
    letter: Colour.from_label(label) for letter, label in _BOARD_DATA["letters"].items()
}
"""The colour of each letter of a board's rows (``C`` castle, ``G`` pasture, ``S`` river,
``B`` city, ``Y`` knowledge, ``M`` mine; data file ``boards.json``)."""


def _cells() -> tuple[tuple[int, int], ...]:
    """(row, index) of every space in space order."""
    return tuple((row, i) for row, length in enumerate(ROW_LENGTHS) for i in range(length))


CELLS: tuple[tuple[int, int], ...] = _cells()
"""``(row, index in row)`` of each space, both 0-based."""
SPACE_NAMES: tuple[str, ...] = tuple(f"{'abcdefg'[r]}{i + 1}" for r, i in CELLS)
"""Notation name of each space (``a1`` .. ``g4``; ``d4`` is the centre)."""
SPACE_BY_NAME: dict[str, int] = {name: i for i, name in enumerate(SPACE_NAMES)}
"""Space index by notation name."""


def _axial(row: int, index: int) -> tuple[int, int]:
    r = row - 3
    return max(-3, -3 - r) + index, r


def _neighbour_masks() -> tuple[int, ...]:
    where = {_axial(r, i): s for s, (r, i) in enumerate(CELLS)}
    masks = []
    for r, i in CELLS:
        q, rr = _axial(r, i)
        mask = 0
        for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            other = where.get((q + dq, rr + dr))
            if other is not None:
                mask |= 1 << other
        masks.append(mask)
    return tuple(masks)


NEIGHBOURS: tuple[int, ...] = _neighbour_masks()
"""Mask of the spaces adjacent to each space."""
CENTRE: int = SPACE_BY_NAME["d4"]
"""Index of the central space (die 6), the start castle's usual home."""
STANDARD_BOARD: str = str(_BOARD_DATA["standard"])
"""The board every player uses in the basic game (``"1"``; option ``boards="standard"``)."""
NO_BOARD: str = ""
"""``Estate.board`` of an estate whose board is not dealt yet (option ``boards="random"``)."""
STANDARD_LAYOUT: str = "hex37"
"""The layout of the duchies of the base game (the 37-space hexagon)."""
POSITIONS: tuple[tuple[float, float], ...] = tuple(
    (abs(3 - r) * 0.5 + i, float(r)) for r, i in CELLS
)
"""Picture position ``(x, y)`` of each space of the standard layout: x in hex widths from
the left edge of the widest row, y in rows from the top."""

LAYOUT_NAMES: dict[str, tuple[str, ...]] = {STANDARD_LAYOUT: SPACE_NAMES}
"""The space names of every layout known in this process (the standard one and those of the
boards built so far), for the notation of actions. Add-only: a layout id names one list of
spaces."""


def register_layout(layout: str, names: tuple[str, ...]) -> None:
    """Make the space names of ``layout`` known to the notation.

    Registering the same names again does nothing.

    Raises:
        ValueError: ``layout`` already names other spaces.
    """
    known = LAYOUT_NAMES.get(layout)
    if known is None:
        LAYOUT_NAMES[layout] = names
    elif known != names:
        raise ValueError(f"layout {layout!r} is already known with other space names")


def space_name(layout: str, space: int) -> str:
    """Return the notation name of space ``space`` of ``layout`` (``"e3"`` on a duchy of
    the standard layout).

    Raises:
        ValueError: No such layout or space.
    """
    names = LAYOUT_NAMES.get(layout)
    if names is None or not 0 <= space < len(names):
        raise ValueError(f"no space {space!r} on layout {layout!r}")
    return names[space]


@lru_cache(maxsize=1 << 16)
def bits(mask: int) -> tuple[int, ...]:
    """Return the space indices set in ``mask``, lowest first (cached: the same masks come
    back again and again)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


@attrs.frozen(slots=True)
class Region:
    """A connected group of same-coloured spaces.

    Attributes:
        colour: The colour of its spaces.
        mask: Bitmask of its spaces.
        size: Number of spaces.
    """

    colour: Colour
    mask: int
    size: int


@attrs.frozen(slots=True)
class Landmark:
    """A feature printed beside a board's spaces that the rules refer to (an outpost
    board's forts): the pictures draw it at its position and name it with the spaces it
    touches; the core's rules never read it.

    Attributes:
        name: Its name (``"top-left"``).
        x: Picture position in hex widths, as :attr:`Board.positions`.
        y: Picture row, as :attr:`Board.positions`.
        touches: Mask of the spaces it touches.
        kind: What it is, for the pictures (``"fort"``).

    Examples:
        >>> from burgundy.geometry import Landmark, board, make_board
        >>> one = board("1")
        >>> rows = ["GCCY", "GGCYB", "GGBYBB", "SSSCSSS", "BBMBBG", "BMYBB", "MYYB"]
        >>> dice = [list(one.dice[a:b]) for a, b in ((0, 4), (4, 9), (9, 15), (15, 22),
        ...         (22, 28), (28, 33), (33, 37))]
        >>> fort = Landmark("top-left", 0.0, 1.0, 1 << 4 | 1 << 9, kind="fort")
        >>> marked = make_board("mine", rows, dice, landmarks=(fort,))
        >>> [marked.names[s] for s in range(marked.size) if fort.touches >> s & 1]
        ['b1', 'c1']
    """

    name: str
    x: float
    y: float
    touches: int
    kind: str = ""


@attrs.frozen(slots=True)
class Board:
    """One duchy board with its precomputed masks.

    Build one with :func:`make_board` (the standard layout) or :func:`board_from_cells`
    (any shape).

    Attributes:
        id: The board's id: ``"1"`` .. ``"10"`` for the duchies of the box (2019 numbering),
            a variant's own id for its boards (``"13a"``).
        name: A short name for the board.
        confidence: How sure the data is (see the rules reference).
        note: Free text about the board's provenance.
        colours: Colour of each space.
        dice: Die number (1-6) of each space.
        neighbours: Adjacency mask of each space (printed links included).
        regions: The board's regions.
        region_of: Region index of each space.
        colour_masks: Mask of the spaces of each colour, indexed by :class:`Colour`.
        die_masks: Mask of the spaces with each die number, indexed 0..6 (0 unused).
        names: Notation name of each space.
        positions: Picture position ``(x, y)`` of each space (x in hex widths, y in rows).
        layout: The id of the board's layout (its names and positions):
            :data:`STANDARD_LAYOUT` for the 37-space hexagon, else the board's own id.
        start: The space of the start castle when it is not chosen (the centre of the
            standard layout), or -1 when the player always chooses a castle space.
        start_choices: Mask of the castle spaces a chosen start castle may go on (a team
            board's two marked spaces, T3); 0: any castle space.
        dealt: Whether the random deal (option ``boards="random"``) may deal it.
        editions: The editions whose box holds it.
        landmarks: Features printed beside the spaces (an outpost board's forts), for the
            pictures.
        value_masks: Mask of the spaces whose die number is in the value mask ``m`` (bit
            ``v`` for number ``v``), indexed by ``m`` (0..127); computed from ``die_masks``.
        region_masks: Mask of each space's region, by space; computed from ``regions`` and
            ``region_of``.
    """

    id: str
    name: str
    confidence: str
    note: str
    colours: tuple[Colour, ...]
    dice: tuple[int, ...]
    neighbours: tuple[int, ...]
    regions: tuple[Region, ...]
    region_of: tuple[int, ...]
    colour_masks: tuple[int, ...]
    die_masks: tuple[int, ...]
    names: tuple[str, ...] = SPACE_NAMES
    positions: tuple[tuple[float, float], ...] = POSITIONS
    layout: str = STANDARD_LAYOUT
    start: int = CENTRE
    start_choices: int = 0
    dealt: bool = True
    editions: tuple[str, ...] = ("2019", "2011")
    landmarks: tuple[Landmark, ...] = ()
    value_masks: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)
    region_masks: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        register_layout(self.layout, self.names)

    @region_masks.default
    def _region_masks(self) -> tuple[int, ...]:
        return tuple(self.regions[region].mask for region in self.region_of)

    @value_masks.default
    def _value_masks(self) -> tuple[int, ...]:
        return tuple(
            sum(self.die_masks[v] for v in range(1, 7) if m >> v & 1) for m in range(128)
        )

    @property
    def all_spaces(self) -> int:
        """Mask of every space on the board."""
        return (1 << len(self.colours)) - 1

    @property
    def size(self) -> int:
        """Number of spaces."""
        return len(self.colours)

    @property
    def space_by_name(self) -> dict[str, int]:
        """Space index by notation name."""
        return {name: i for i, name in enumerate(self.names)}

    def castle_spaces(self) -> tuple[int, ...]:
        """Indices of the castle (dark green) spaces."""
        return bits(self.colour_masks[Colour.CASTLE])

    def start_castle_spaces(self) -> tuple[int, ...]:
        """Indices of the spaces a chosen start castle may go on: the castle spaces, or
        those of :attr:`start_choices` when the board marks some.

        Examples:
            >>> from burgundy.geometry import board
            >>> [board(1).names[s] for s in board(1).start_castle_spaces()]
            ['a2', 'a3', 'b3', 'd4']
        """
        return bits(self.start_choices or self.colour_masks[Colour.CASTLE])


def _regions(colours: tuple[Colour, ...], neighbours: tuple[int, ...]) -> list[Region]:
    seen = 0
    regions = []
    for start in range(len(colours)):
        if seen >> start & 1:
            continue
        colour = colours[start]
        mask = frontier = 1 << start
        while frontier:
            grow = 0
            for s in bits(frontier):
                grow |= neighbours[s]
            grow &= ~mask
            grow = sum(1 << s for s in bits(grow) if colours[s] == colour)
            mask |= grow
            frontier = grow
        seen |= mask
        regions.append(Region(colour, mask, mask.bit_count()))
    return regions


def _build(
    board_id: str, colours: tuple[Colour, ...], dice: tuple[int, ...],
    neighbours: tuple[int, ...], regions: list[Region], **extra: object,
) -> Board:
    """A :class:`Board` from its spaces' colours, dice, neighbours and regions."""
    if any(not 1 <= d <= 6 for d in dice):
        raise ValueError(f"board {board_id!r}: die numbers must be 1-6")
    region_of = [0] * len(colours)
    for index, region in enumerate(regions):
        for s in bits(region.mask):
            region_of[s] = index
    colour_masks = tuple(
        sum(1 << s for s, c in enumerate(colours) if c == colour) for colour in Colour
    )
    die_masks = tuple(sum(1 << s for s, d in enumerate(dice) if d == n) for n in range(7))
    return Board(
        board_id, colours=colours, dice=dice, neighbours=neighbours, regions=tuple(regions),
        region_of=tuple(region_of), colour_masks=colour_masks, die_masks=die_masks,
        **extra,  # type: ignore[arg-type]
    )


def make_board(
    board_id: str, rows: list[str], dice_rows: list[list[int]], name: str = "",
    confidence: str = "", note: str = "", *, dealt: bool = True,
    editions: tuple[str, ...] = ("2019", "2011"), landmarks: tuple[Landmark, ...] = (),
) -> Board:
    """Build a :class:`Board` of the standard layout from its colour letters and dice.

    Args:
        board_id: The board's id (``"1"`` .. ``"10"`` for the box's duchies).
        rows: One string per row; letters ``C G S B Y M`` (castle, pasture, river, city,
            knowledge, mine).
        dice_rows: The die number of each space, row by row.
        name: A short name.
        confidence: Provenance note on the data.
        note: Free text.
        dealt: Whether the random deal of the base game may deal it.
        editions: The editions whose box holds it.
        landmarks: Features printed beside the spaces (:class:`Landmark`).

    Raises:
        ValueError: The rows do not have the shape 4-5-6-7-6-5-4 or hold an unknown letter.

    Examples:
        >>> from burgundy.geometry import ROW_LENGTHS, make_board
        >>> rows = ["GCCY", "GGCYB", "GGBYBB", "SSSCSSS", "BBMBBG", "BMYBB", "MYYB"]
        >>> mine = make_board("mine", rows, [[1] * n for n in ROW_LENGTHS])
        >>> mine.size, mine.names[mine.start], len(mine.regions)
        (37, 'd4', 13)
    """
    shapes = {tuple(len(r) for r in rows), tuple(len(r) for r in dice_rows)}
    if shapes != {ROW_LENGTHS}:
        raise ValueError(f"board {board_id!r}: rows must have lengths {ROW_LENGTHS}")
    try:
        colours = tuple(_LETTER_COLOUR[ch] for row in rows for ch in row)
    except KeyError as exc:
        raise ValueError(
            f"board {board_id!r}: unknown colour letter {exc.args[0]!r}"
        ) from None
    dice = tuple(d for row in dice_rows for d in row)
    return _build(
        board_id, colours, dice, NEIGHBOURS, _regions(colours, NEIGHBOURS), name=name,
        confidence=confidence, note=note, dealt=dealt, editions=editions, landmarks=landmarks,
    )


@attrs.frozen(slots=True)
class Cell:
    """One space of a board of any shape, for :func:`board_from_cells`.

    Attributes:
        name: Its notation name (unique on the board).
        colour: Its colour.
        die: Its die number (1-6).
        x: Horizontal position in hex widths (neighbours in a row are 1 apart, in the next
            row 0.5 to either side).
        y: Row (0 at the top).
        group: The part of the board it lies on (a solo board's territory): spaces of
            different groups are never neighbours except through a link.
    """

    name: str
    colour: Colour
    die: int
    x: float
    y: float
    group: str = ""


def board_from_cells(
    board_id: str,
    cells: list[Cell],
    links: list[tuple[str, str]] | None = None,
    *,
    regions: list[list[str]] | None = None,
    start: str | None = None,
    start_choices: list[str] | None = None,
    name: str = "",
    confidence: str = "",
    note: str = "",
    dealt: bool = False,
) -> Board:
    """Build a :class:`Board` of any shape from its spaces.

    Two spaces of one group are neighbours when they lie in one row 1 apart or in
    neighbouring rows 0.5 apart; each link (a printed river segment, R-SOLO-RIVER) makes its
    two spaces neighbours too. Regions are the connected same-coloured spaces *without* the
    links (a link joins spaces for the adjacency rule, not for scoring) unless ``regions``
    lists them. The board's layout is its own id.

    Args:
        board_id: The board's id (e.g. ``"13a"``).
        cells: The spaces, in space order.
        links: Pairs of space names joined although not adjacent on the grid.
        regions: The regions as lists of space names, when the data gives them (they must
            cover every space once, each of one colour).
        start: The start castle's space when it is not chosen; ``None``: always chosen.
        start_choices: The castle spaces a chosen start castle may go on (``None``: any);
            each must be a castle space.
        name: A short name.
        confidence: Provenance note on the data.
        note: Free text.
        dealt: Whether the random deal of the base game may deal it.

    Raises:
        ValueError: A name repeats, a link or region names no space, a region mixes
            colours or misses a space, a start choice is no castle space, or a die number is
            out of range.

    Examples:
        >>> from burgundy.components import Colour
        >>> from burgundy.geometry import Cell, board_from_cells
        >>> cells = [Cell("A", Colour.CASTLE, 1, 0, 0), Cell("B", Colour.RIVER, 2, 1, 0),
        ...          Cell("C", Colour.RIVER, 3, 0, 0, group="island")]
        >>> tiny = board_from_cells("doc-example", cells, links=[("B", "C")])
        >>> tiny.size, [tiny.names[s] for s in range(3) if tiny.neighbours[1] >> s & 1]
        (3, ['A', 'C'])
        >>> len(tiny.regions)  # the link does not merge the two river spaces
        3
    """
    index = {}
    for i, cell in enumerate(cells):
        if cell.name in index:
            raise ValueError(f"board {board_id!r}: space {cell.name!r} named twice")
        index[cell.name] = i
    masks = [0] * len(cells)
    for i, a in enumerate(cells):
        for j, b in enumerate(cells):
            dx, dy = abs(a.x - b.x), abs(a.y - b.y)
            if i != j and a.group == b.group and (dy, dx) in ((0, 1), (1, 0.5)):
                masks[i] |= 1 << j
    grid = tuple(masks)
    for pair in links or ():
        try:
            one, other = index[pair[0]], index[pair[1]]
        except KeyError as exc:
            raise ValueError(
                f"board {board_id!r}: link to unknown space {exc.args[0]!r}"
            ) from None
        masks[one] |= 1 << other
        masks[other] |= 1 << one
    colours = tuple(cell.colour for cell in cells)
    if regions is None:
        found = _regions(colours, grid)
    else:
        found = []
        covered = 0
        for names in regions:
            try:
                spaces = [index[n] for n in names]
            except KeyError as exc:
                raise ValueError(
                    f"board {board_id!r}: region with unknown space {exc.args[0]!r}"
                ) from None
            mask = sum(1 << s for s in spaces)
            if {colours[s] for s in spaces} != {colours[spaces[0]]} or covered & mask:
                raise ValueError(f"board {board_id!r}: region {names} is not one colour, once")
            covered |= mask
            found.append(Region(colours[spaces[0]], mask, mask.bit_count()))
        if covered != (1 << len(cells)) - 1:
            raise ValueError(f"board {board_id!r}: the regions do not cover every space")
    if start is not None and start not in index:
        raise ValueError(f"board {board_id!r}: start space {start!r} is no space")
    choices = 0
    for choice in start_choices or ():
        if choice not in index or colours[index[choice]] != Colour.CASTLE:
            raise ValueError(f"board {board_id!r}: start choice {choice!r} is no castle space")
        choices |= 1 << index[choice]
    return _build(
        board_id, colours, tuple(cell.die for cell in cells), tuple(masks), found,
        name=name, confidence=confidence, note=note,
        names=tuple(cell.name for cell in cells),
        positions=tuple((float(cell.x), float(cell.y)) for cell in cells),
        layout=board_id, start=-1 if start is None else index[start],
        start_choices=choices, dealt=dealt,
    )


@cache
def boards() -> dict[str, Board]:
    """Return the packaged duchy boards ``"1"`` .. ``"10"`` by id (2019 numbering).

    Boards #4 and #8 are known only in their 2023 rework; their ``confidence`` says so.
    """
    template = _BOARD_DATA["die_template"]
    return {
        str(number): attrs.evolve(
            make_board(
                str(number), entry["rows"], template, entry["name"], entry["confidence"],
                entry["note"],
            ),
            editions=tuple(entry["editions"]),
        )
        for number, entry in _BOARD_DATA["boards"].items()
    }


def board(board_id: str | int) -> Board:
    """Return packaged duchy board ``board_id`` (``"1"`` .. ``"10"``; a number is taken as
    its id).

    Raises:
        ValueError: No such board.

    Examples:
        >>> from burgundy.geometry import board
        >>> board("1").names[board("1").start], board(3) is board("3")
        ('d4', True)
    """
    found = boards().get(str(board_id)) if type(board_id) in (int, str) else None
    if found is None:
        raise ValueError(f"unknown board {brief(board_id)}; valid: {list(boards())}")
    return found
