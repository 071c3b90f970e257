"""Text pictures of a game for terminals: the main board and each duchy.

A duchy is drawn as its rows of hexes, offset like the printed board (the seven rows of a
duchy of the base game; a board of another shape by its picture positions). An empty space
shows its colour letter and die number in lower case (``c6`` castle, ``g2`` pasture, ``s1``
river, ``b4`` city, ``y3`` knowledge, ``m5`` mine); a covered one shows the tile in upper
case (``SHIP``, ``CAST``, ``MINE``, ``BANK``, ``COW3``, ``K17``, ...).

What the variants add (:mod:`burgundy.render.parts`) is written with the board and the
duchies: the marks on a depot after its line, a ``*`` after a marked space with a line under
the duchy naming its marks, and each row a line of its own (``trade route: ...``).
"""

from __future__ import annotations

from burgundy.components import TILES, Colour, tile_name
from burgundy.geometry import Board, bits
from burgundy.render.parts import (
    PictureCell,
    PictureRow,
    board_rows,
    depot_marks,
    estate_rows,
    space_marks,
)
from burgundy.rules.phases import PHASE_NAMES
from burgundy.state import EMPTY, State

COLOUR_LETTER: dict[Colour, str] = {
    Colour.CASTLE: "c",
    Colour.PASTURE: "g",
    Colour.RIVER: "s",
    Colour.CITY: "b",
    Colour.KNOWLEDGE: "y",
    Colour.MINE: "m",
}
"""Letter of each colour on empty spaces (as in the data files, lower case)."""

SHORT: dict[str, str] = {
    "ship": "SHIP", "castle": "CAST", "mine": "MINE", "warehouse": "WARE",
    "watchtower": "TOWR", "carpenter": "CARP", "church": "CHUR", "market": "MARK",
    "boarding-house": "BOAR", "bank": "BANK", "town-hall": "HALL",
}
"""Four-letter labels of the tiles that have one; knowledge tiles use their name (K17)."""
SPECIES_SHORT: dict[str, str] = {
    "cow": "COW", "pig": "PIG", "sheep": "SHP", "chicken": "CHK", "goose": "GSE",
}
"""Three-letter species labels; the animal count follows (SHP3); a species not listed
shows its first three letters."""
_SPECIES_PLURAL = {"sheep": "sheep", "goose": "geese"}


def species_plural(species: str) -> str:
    """The English plural of an animal species (``sheep``, ``geese``, otherwise an ``s``).

    Examples:
        >>> species_plural("cow"), species_plural("sheep"), species_plural("goose")
        ('cows', 'sheep', 'geese')
    """
    return _SPECIES_PLURAL.get(species, f"{species}s")
PHASES = "".join(PHASE_NAMES)


def tile_label(code: int) -> str:
    """Return the short upper-case label of a tile (at most 4 characters)."""
    kind = TILES[code]
    if kind.species:
        short = SPECIES_SHORT.get(kind.species, kind.species[:3].upper())  # a variant's: GOO2
        return f"{short}{kind.animals}"
    name = tile_name(code)
    return SHORT.get(name, name.upper())[:4]


def duchy_text(
    state: State, estate_index: int, *, coordinates: bool = False, rows: bool = True
) -> str:
    """Return the rows of estate ``estate_index``'s duchy as text.

    The rows follow the board's picture positions: one line per row (its ``y``; a blank line
    for a row the board leaves out), each space as many characters to the right as its
    ``x`` says (a hex width is 6 characters, more when the board's names need it).

    Args:
        state: The game state.
        estate_index: Index into ``state.estates``.
        coordinates: Also write above each row the names of its spaces, as its board names
            them; when every name in a row starts with the letter the row is labelled with,
            only the rest is written: the space under ``4`` in row ``d`` is ``d4``, the name
            actions use (``place ship d4 d3``).
        rows: Also write what the variants add under the duchy (:func:`rows_text`).

    Below the rows, one line per landmark of the board (an outpost board's forts, with
    the spaces each touches), then with ``rows`` one line per space a variant marks (a
    ``*`` follows it in the rows: a shield on a castle) and the rows the variants add
    (:func:`rows_text`: a trade route).

    Examples:
        >>> import burgundy
        >>> state = burgundy.Game(players=2, variants=(), seed=1).state
        >>> print(duchy_text(state, 0, coordinates=True).splitlines()[0].strip())
        1     2     3     4
    """
    estate = state.estates[estate_index]
    board = state.rules.engine.boards.get(estate.board)
    if board is None:
        return "(no board dealt yet)"
    marks = space_marks(state, estate_index) if rows else {}
    lines = _grid_lines(state, estate_index, board, marks, coordinates=coordinates)
    for mark in board.landmarks:  # an outpost board's forts, with the spaces they touch
        touched = " ".join(board.names[s] for s in bits(mark.touches))
        lines.append(f"{mark.kind or 'landmark'} {mark.name}: touches {touched}")
    for space, cells in marks.items():
        lines.append(f"* {board.names[space]}: " + "; ".join(
            f"{_cell_text(cell)} {cell.title}".rstrip() for cell in cells))
    extra = rows_text(state, estate_index) if rows else ""
    if extra:
        lines.append(extra)
    return "\n".join(lines)


def _grid_lines(
    state: State, estate_index: int, board: Board, marks: dict[int, tuple[PictureCell, ...]],
    *, coordinates: bool,
) -> list[str]:
    """The duchy's rows of spaces (:func:`duchy_text` before what comes under them)."""
    estate = state.estates[estate_index]
    rows = _text_rows(board)
    shown = {
        space: board.names[space][len(label):] for label, _, spaces in rows for space in spaces
    }
    longest = max((len(text) for text in shown.values()), default=1)
    unit = max(6, longest + 1 + (longest + 1) % 2)  # characters per hex width, even
    left = min((x for x, _ in board.positions), default=0.0)
    margin = max(len(label) for label, _, _ in rows) + 1 if any(r[0] for r in rows) else 0
    lines: list[str] = []
    for k, (label, y, spaces) in enumerate(rows):
        if k:
            lines.extend([""] * max(0, round(y - rows[k - 1][1]) - 1))
        cells = []
        numbers = []
        for space in spaces:
            column = round((board.positions[space][0] - left) * unit)
            tile = estate.spaces[space]
            if tile == EMPTY:
                cell = f"{COLOUR_LETTER[board.colours[space]]}{board.dice[space]}"
            else:
                cell = tile_label(tile)
            if space in marks:
                cell += "*"
            cells.append((column, f"{cell:^4}"))
            name = shown[space]
            numbers.append((column - max(0, len(name) - 4) // 2, f"{name:^4}"))
        if coordinates:
            lines.append((" " * margin + _canvas(numbers)).rstrip())
        lines.append(label.ljust(margin) + _canvas(cells))
    return lines


def _text_rows(board: Board) -> list[tuple[str, float, list[int]]]:
    """The board's rows top to bottom, each as its label, its ``y`` and its spaces left to
    right; the label is the letter every name in the row starts with (``d`` for ``d1`` ..
    ``d7``), when each row has a letter of its own; else no row is labelled and the names
    are shown whole (the solo boards' ``A00`` .. ``A36``)."""
    by_y: dict[float, list[int]] = {}
    for space, (_, y) in enumerate(board.positions):
        by_y.setdefault(y, []).append(space)
    rows = []
    for y in sorted(by_y):
        spaces = sorted(by_y[y], key=lambda s: board.positions[s][0])
        names = [board.names[s] for s in spaces]
        label = names[0][:1]
        if not label.isalpha() or any(len(n) < 2 or n[:1] != label for n in names):
            label = ""
        rows.append((label, y, spaces))
    labels = [label for label, _, _ in rows]
    if "" in labels or len(set(labels)) != len(labels):
        return [("", y, spaces) for _, y, spaces in rows]
    return rows


def _canvas(pieces: list[tuple[int, str]]) -> str:
    """Write each ``(column, text)`` at its column of one line (left to right; a piece
    that would overlap the one before it moves right)."""
    line = ""
    for column, text in sorted(pieces):
        line = line + " " * max(0, column - len(line)) + text
    return line


def seat_summary(state: State, seat: int) -> str:
    """One line on a seat: VP, silver, workers, goods, storage and dice."""
    estate = state.seat_estate(seat)
    goods = " ".join(f"{c + 1}x{n}" for c, n in enumerate(estate.goods) if n) or "-"
    sold = sum(estate.sold)
    storage = " ".join(tile_name(t) for t in estate.storage)
    own = state.seats[seat].storage
    if own:  # a seat's own storage spaces (team play), beside the estate's
        storage = f"{storage or '-'} + own {' '.join(tile_name(t) for t in own)}"
    return (
        f"seat {seat}: {state.seats[seat].vp} VP | silver {estate.silver} | "
        f"workers {estate.workers} | goods {goods} | sold {sold} | "
        f"storage {storage or '-'} | dice {dice_text(state, seat)}"
    )


def dice_text(state: State, seat: int) -> str:
    """A seat's dice this round: the unused ones, then the used ones in brackets
    (``2 [6 used]``; ``*`` is a die of any value, as a castle's bonus gives); ``-`` before
    the roll.

    Examples:
        >>> import burgundy
        >>> game = burgundy.Game(players=2, variants=(), seed=1)
        >>> seat = game.state.current_player
        >>> a, b = game.state.seats[seat].rolled
        >>> dice_text(game.state, seat) == f"{a} {b}"
        True
        >>> dice_text(game.play(f"workers d{a}"), seat) == f"{b} [{a} used]"
        True
    """
    rolled = state.seats[seat].rolled
    position = state.order.index(seat) if seat in state.order else -1
    if 0 <= state.turn < len(state.order) and state.order[state.turn] == seat:
        left = list(state.seats[seat].dice)  # its turn: the dice it has not used yet
    elif 0 <= position < state.turn:
        left = []  # its turn this round is over: every die is used
    else:
        left = list(rolled)  # its turn is still to come
    unused: list[int] = []
    used: list[int] = []
    for value in rolled:
        if value in left:
            left.remove(value)
            unused.append(value)
        else:
            used.append(value)
    unused += left  # dice that were not rolled (a castle's bonus die)
    shown = " ".join("*" if v == 0 else str(v) for v in unused)
    if used:
        shown = f"{shown} [{' '.join(map(str, used))} used]".strip()
    return shown or "-"


def board_text(state: State) -> str:
    """The main board: phase and round, white die, depots, goods, bonus tiles, turn order,
    then the rows variants add (:func:`burgundy.render.parts.board_rows`)."""
    phase = PHASES[state.phase] if state.phase < len(PHASES) else "end"
    lines = [
        f"Phase {phase}, round {min(state.round + 1, 5)} | white die {state.white or '-'} | "
        f"round goods to come {list(state.round_goods)} | order {list(state.order)}"
    ]
    for depot in range(1, 7):
        tiles = ", ".join(tile_name(t) for t in state.depots[depot - 1]) or "-"
        goods = " ".join(
            f"{c + 1}x{n}" for c, n in enumerate(state.depot_goods[depot - 1]) if n
        ) or "-"
        lines.append(f"  depot {depot}: {tiles:48s} goods {goods}{_marks_text(state, depot)}")
    black = ", ".join(tile_name(t) for t in state.black_depot) or "-"
    lines.append(f"  black depot: {black}{_marks_text(state, 0)}")
    bonus = " ".join(
        f"{Colour(c).label}:{'LS'[:n] if n else '-'}" for c, n in enumerate(state.bonus_tiles)
    )
    lines.append(f"  bonus tiles left: {bonus}")
    lines += [_row_line(row) for row in board_rows(state)]
    return "\n".join(lines)


def _marks_text(state: State, depot: int) -> str:
    """The marks variants lay on a depot (:func:`burgundy.render.parts.depot_marks`), as
    cells after two spaces; ``""`` for none."""
    marks = depot_marks(state, depot)
    return "  " + " ".join(_cell_text(cell) for cell in marks) if marks else ""


def _cell_text(cell: PictureCell) -> str:
    mark = f"{cell.goods}:" if cell.goods else ""
    held = f" <{cell.holds}>" if cell.holds else ""
    return f"[{mark}{cell.text}{held}]"


def rows_text(state: State, estate_index: int) -> str:
    """The rows variants add to estate ``estate_index``'s pictures
    (:func:`burgundy.render.parts.estate_rows`), one line each: the label, then each group
    of cells by name; a cell shows ``[goods:text]``, and ``<g>`` for goods ``g`` lying on
    it. ``""`` when no variant adds a row."""
    return "\n".join(_row_line(row) for row in estate_rows(state, estate_index))


def _row_line(row: PictureRow) -> str:
    """One row a variant adds: the label, then each group of cells by name."""
    groups: dict[int, list[str]] = {}
    for cell in row.cells:
        groups.setdefault(cell.group, []).append(_cell_text(cell))
    shown = []
    for group, cells in groups.items():
        name = row.groups[group] if 0 <= group < len(row.groups) else ""
        shown.append(" ".join([name, *cells]) if name else " ".join(cells))
    return f"  {row.label}: {' | '.join(shown) or '-'}"


def state_text(state: State, seats: tuple[int, ...] | None = None) -> str:
    """The board and the duchies of ``seats`` (all by default), with their summaries (and
    what variants add, :func:`duchy_text`)."""
    parts = [board_text(state)]
    for seat in seats if seats is not None else range(len(state.seats)):
        parts.append(seat_summary(state, seat))
        parts.append(duchy_text(state, state.seats[seat].estate))
    return "\n".join(parts)


def describe_tile(code: int) -> str:
    """A sentence on what a tile is (for ``?`` help in the terminal game)."""
    kind = TILES[code]
    if kind.species:
        return (f"{kind.animals} {species_plural(kind.species)}: scores its animals plus "
                "earlier ones of the same species in the pasture")
    if kind.building:
        return f"building '{kind.building}'"
    if kind.knowledge:
        return f"knowledge tile #{kind.knowledge}"
    if kind.effect is None:  # a variant's tile without effect (the solo black tile, an inn)
        return f"{kind.name}: no effect; it covers its space"
    return {"ship": "ship: take the goods of a depot, move up in turn order",
            "castle": "castle: one more die action of any value",
            "mine": "mine: 1 silverling at each phase end"}.get(
                kind.effect, f"{kind.name}: {kind.kind} ({kind.effect})")
