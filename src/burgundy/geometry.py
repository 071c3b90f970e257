"""Duchy boards: spaces, neighbours and regions as integer bitmasks.

A duchy has 37 hex spaces in rows of 4, 5, 6, 7, 6, 5, 4. Space ``i`` is bit ``1 << i`` of
every mask; spaces are numbered row by row from the top left. In notation a space is its row
letter (``a`` top .. ``g`` bottom) and its 1-based place in the row: the centre is ``d4``.
Everything a rule asks of the board (free & adjacent & colour & die number) is a mask
intersection.
"""

from __future__ import annotations

from functools import cache, lru_cache

import attrs

from burgundy._data import load
from burgundy.components import Colour

ROW_LENGTHS: tuple[int, ...] = (4, 5, 6, 7, 6, 5, 4)
"""Spaces per row, top to bottom."""
N_SPACES: int = sum(ROW_LENGTHS)
"""Spaces on a standard duchy (37)."""

_LETTER_COLOUR: dict[str, Colour] = {
    letter: Colour.from_label(label) for letter, label in load("boards")["letters"].items()
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
class Board:
    """One duchy board with its precomputed masks.

    Attributes:
        number: Board number in the 2019 numbering (1-10).
        name: A short name for the board.
        confidence: How sure the data is (see the rules reference).
        note: Free text about the board's provenance.
        colours: Colour of each space.
        dice: Die number (1-6) of each space.
        neighbours: Adjacency mask of each space.
        regions: The board's regions.
        region_of: Region index of each space.
        colour_masks: Mask of the spaces of each colour, indexed by :class:`Colour`.
        die_masks: Mask of the spaces with each die number, indexed 0..6 (0 unused).
        value_masks: Mask of the spaces whose die number is in the value mask ``m`` (bit
            ``v`` for number ``v``), indexed by ``m`` (0..127); computed from ``die_masks``.
    """

    number: int
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
    value_masks: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False)

    @value_masks.default
    def _value_masks(self) -> tuple[int, ...]:
        return tuple(
            sum(self.die_masks[v] for v in range(1, 7) if m >> v & 1) for m in range(128)
        )

    @property
    def all_spaces(self) -> int:
        """Mask of every space on the board."""
        return (1 << len(self.colours)) - 1

    def castle_spaces(self) -> tuple[int, ...]:
        """Indices of the castle (dark green) spaces."""
        return bits(self.colour_masks[Colour.CASTLE])


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


def make_board(
    number: int, rows: list[str], dice_rows: list[list[int]], name: str = "",
    confidence: str = "", note: str = "",
) -> Board:
    """Build a :class:`Board` from its colour letters and die numbers.

    Args:
        number: The board number.
        rows: One string per row; letters ``C G S B Y M`` (castle, pasture, river, city,
            knowledge, mine).
        dice_rows: The die number of each space, row by row.
        name: A short name.
        confidence: Provenance note on the data.
        note: Free text.

    Raises:
        ValueError: The rows do not have the shape 4-5-6-7-6-5-4 or hold an unknown letter.
    """
    shapes = {tuple(len(r) for r in rows), tuple(len(r) for r in dice_rows)}
    if shapes != {ROW_LENGTHS}:
        raise ValueError(f"board {number}: rows must have lengths {ROW_LENGTHS}")
    try:
        colours = tuple(_LETTER_COLOUR[ch] for row in rows for ch in row)
    except KeyError as exc:
        raise ValueError(f"board {number}: unknown colour letter {exc.args[0]!r}") from None
    dice = tuple(d for row in dice_rows for d in row)
    if any(not 1 <= d <= 6 for d in dice):
        raise ValueError(f"board {number}: die numbers must be 1-6")
    regions = _regions(colours, NEIGHBOURS)
    region_of = [0] * len(colours)
    for index, region in enumerate(regions):
        for s in bits(region.mask):
            region_of[s] = index
    colour_masks = tuple(
        sum(1 << s for s, c in enumerate(colours) if c == colour) for colour in Colour
    )
    die_masks = tuple(sum(1 << s for s, d in enumerate(dice) if d == n) for n in range(7))
    return Board(
        number, name, confidence, note, colours, dice, NEIGHBOURS, tuple(regions),
        tuple(region_of), colour_masks, die_masks,
    )


@cache
def boards() -> dict[int, Board]:
    """Return the packaged duchy boards 1-10 by number (2019 numbering).

    Boards #4 and #8 are known only in their 2023 rework; their ``confidence`` says so.
    """
    data = load("boards")
    template = data["die_template"]
    return {
        int(number): make_board(
            int(number), entry["rows"], template, entry["name"], entry["confidence"],
            entry["note"],
        )
        for number, entry in data["boards"].items()
    }


def board(number: int) -> Board:
    """Return duchy board ``number`` (1-10).

    Raises:
        ValueError: No such board.
    """
    try:
        return boards()[number]
    except KeyError:
        raise ValueError(f"unknown board {number!r}; valid: {sorted(boards())}") from None
