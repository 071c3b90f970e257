"""SVG pictures of a game: the duchies, the main board and the whole table.

Every function returns a complete, standalone SVG document as text, built with
:mod:`xml.etree.ElementTree` (so every piece of text is escaped). The drawings use only
presentation attributes (no ``<style>``, no ``id``), so several of them can sit inline in one
HTML page, such as a Jupyter notebook, without interfering with each other.

* :func:`duchy_svg`: one duchy: its spaces (37 on a duchy of the base game; any number on a
  board of another shape, each at its board's picture position) in their colours with the
  die numbers of the empty ones, the placed tiles with their names, the start castle, thick
  lines around regions, the board's river links; beside it storage, goods, sold goods,
  silverlings, workers, VP, bonus tiles and dice.
* :func:`board_svg`: the main board: the six numbered depots clockwise from the top with
  their hexes and goods, the black depot in the middle, phases, round goods, the white die,
  the bonus tiles left, the turn-order track, the play order and the scores.
* :func:`state_svg`: the board above and every duchy below it; :func:`repr_svg` is the same
  picture, meant for ``State._repr_svg_``.

Elements a test or a tool may look for carry a ``class``: ``space`` (a duchy space polygon;
its ``data-space`` is the space's name on its board), ``river-link`` (a line between the
centres of two spaces that are neighbours without touching, such as a solo board's islands),
``tile`` (a tile group; its ``data-tile`` is the tile name and its ``label`` text shows it;
a stored hex's also has ``data-storage``: its slot, or ``SEAT:SLOT`` in a seat's own
storage), ``depot`` (a depot group; its ``data-depot`` is the depot, ``0`` the black one),
``die-number`` (the die number of an empty space), ``score``, ``picture-row``
and ``picture-cell`` (a row a variant adds below a duchy or the main board,
:mod:`burgundy.render.parts`, and its cells), ``mark`` (a variant's mark on a depot or a
duchy space: a shield; its ``data-depot`` or ``data-space`` says where).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import NamedTuple

from burgundy.actions import BuyTile
from burgundy.components import TILE_COLOUR, Colour, tile_name
from burgundy.geometry import POSITIONS, SPACE_NAMES, Board, bits
from burgundy.geometry import board as standard_board
from burgundy.render.parts import (
    PictureCell,
    PictureRow,
    board_rows,
    depot_marks,
    estate_rows,
    space_marks,
)
from burgundy.render.result import result_text
from burgundy.rules.effects import TRACK_SPACES
from burgundy.rules.phases import PHASE_NAMES, ROUNDS_PER_PHASE
from burgundy.rules.scoring import LARGE_BONUS, PHASE_BONUS, SMALL_BONUS, play_order
from burgundy.rules.setup import black_depot_size, depot_spaces
from burgundy.state import EMPTY, TERMINAL, Estate, State

__all__ = [
    "GOODS_FILL",
    "SEAT_FILL",
    "SPACE_FILL",
    "TILE_FILL",
    "board_svg",
    "duchy_svg",
    "repr_svg",
    "state_svg",
]

SVG_NS = "http://www.w3.org/2000/svg"
"""The SVG namespace of every document made here."""
FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
"""The font family of all text."""

SPACE_FILL: dict[Colour, str] = {
    Colour.CASTLE: "#5f9a6b",
    Colour.PASTURE: "#c2e59a",
    Colour.RIVER: "#a9d4f2",
    Colour.CITY: "#efe1c3",
    Colour.KNOWLEDGE: "#f7e487",
    Colour.MINE: "#c6c6c6",
}
"""Fill of an empty duchy space (and of a depot space) by colour: the printed board's tones."""
TILE_FILL: dict[Colour, str] = {
    Colour.CASTLE: "#1f5a33",
    Colour.PASTURE: "#4f8f22",
    Colour.RIVER: "#1d64a8",
    Colour.CITY: "#9c6a2c",
    Colour.KNOWLEDGE: "#b58a00",
    Colour.MINE: "#4f4f4f",
}
"""Fill of a hex tile by colour: a deeper tone of its space, with white lettering."""
GOODS_FILL: tuple[str, ...] = ("#129a9a", "#7a3fa3", "#e478b4", "#d22f2f", "#8a5a2e", "#f08a1c")
"""Fill of goods 1-6 (index 0 = goods 1): teal, purple, pink, red, brown, orange."""
SEAT_FILL: tuple[str, ...] = ("#2f6fdb", "#d0312d", "#d99a00", "#3a3f4b", "#8e44ad", "#138d75")
"""Marker colour of each seat (P1, P2, ...)."""

_INK = "#222222"
_NO_COLOUR_TILE = "#2b2b2b"  # a tile of no colour (a variant's: the solo black tile, an inn)
_NO_COLOUR_SPACE = "#d9d9d9"  # the depot space such a tile lies on
_MUTED = "#6b6b6b"
_PAPER = "#fbf8f1"
_UNKNOWN_FILL = "#dddddd"
_PHASES = "".join(PHASE_NAMES)
_DEPOT_GOODS_SHOWN = 6  # more goods on a depot are drawn one square per colour, with counts
_ROUNDS = ROUNDS_PER_PHASE
_TRACK_SPACES = TRACK_SPACES
_SQRT3 = math.sqrt(3.0)
_LINE_BREAKS: dict[str, tuple[str, ...]] = {
    "warehouse": ("ware", "house"),
    "watchtower": ("watch", "tower"),
    "carpenter": ("carpen-", "ter"),
}
_PENDING_LABEL: dict[str, str] = {
    "StartPlayerDraw": "choosing the start player",
    "BoardDraw": "dealing the duchies",
    "GoodsDraw": "drawing goods",
    "HexDraw": "laying out the hexes",
    "WhiteRoll": "rolling the white die",
    "DiceRoll": "rolling dice",
    "Turn": "turn",
    "StartCastleChoice": "placing the start castle",
    "ShipGoods": "taking goods (ship)",
    "BonusAction": "castle bonus action",
    "BuildingTake": "taking a hex (building)",
    "WarehouseSell": "selling (warehouse)",
    "TownHallPlace": "placing a hex (town hall)",
    "OrderChoice": "choosing which effect first",
}
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}

# Duchy geometry: pointy-top hexes of circumradius _R, rows 1.5 _R apart.
_R = 28.0
_HW = _SQRT3 * _R
_PAD = 12.0
_HEADER = 38.0
_HEX_AREA_W = 2 * _PAD + 7 * _HW
_PANEL_W = 236.0
_HEX_AREA_H = 2 * _PAD + 6 * 1.5 * _R + 2 * _R
DUCHY_WIDTH: float = _HEX_AREA_W + _PANEL_W
"""Width of :func:`duchy_svg`'s picture of a duchy of the standard layout in user units (a
larger board makes it wider; a smaller one sits in the middle of the same space)."""
DUCHY_HEIGHT: float = _HEADER + _HEX_AREA_H
"""Height of :func:`duchy_svg`'s picture of a duchy of the standard layout in user units,
without the rows variants add (a taller board makes it higher)."""
_GAP = 14.0
BOARD_WIDTH: float = 2 * DUCHY_WIDTH + _GAP
"""Width of :func:`board_svg`'s picture in user units (and of :func:`state_svg`'s, unless
its duchies need more)."""
BOARD_HEIGHT: float = 640.0
"""Height of :func:`board_svg`'s picture in user units."""
# The rows a variant adds below a duchy or the board (burgundy.render.parts): a label, then
# lines of cells sized to their text, a group's cells side by side in one frame.
_ROW_LABEL = 20.0  # the label above the first line of cells
_ROW_LINE = 54.0  # a line of cells: the cell, its group's name under it, a gap
_CELL_HEIGHT = 36.0
_CELL_FONT = 12.0
_CELL_MIN = 40.0  # the narrowest cell
_GROUP_GAP = 10.0
_MARK_FILL = "#7b2430"  # a mark's badge (a shield on a depot or a castle)
# Edge j of a hex runs between corners j and j + 1; its neighbour lies at (drow, dcolumn) in
# half-hex-width columns.
_EDGE_STEP: tuple[tuple[int, int], ...] = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))
_LINK_FILL = "#1d64a8"  # a river link between two spaces that do not touch


# -- low-level drawing ---------------------------------------------------------------------
def _num(value: float) -> str:
    """Format a coordinate compactly (at most two decimals)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _add(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    """Append an element; ``class_`` becomes ``class`` and ``_`` in names becomes ``-``."""
    attrib: dict[str, str] = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        attrib[name] = _num(value) if isinstance(value, float) else str(value)
    element = ET.SubElement(parent, tag, attrib)
    if text is not None:
        element.text = text
    return element


def _title(parent: ET.Element, text: str) -> None:
    """Give ``parent`` a tooltip."""
    _add(parent, "title", text)


def _text(
    parent: ET.Element, x: float, y: float, text: str, *, size: float = 11.0,
    anchor: str = "middle", fill: str = _INK, weight: str | None = None,
    class_: str | None = None, opacity: float | None = None,
) -> ET.Element:
    """Write ``text`` with its middle at height ``y`` (x per ``anchor``)."""
    return _add(
        parent, "text", text, x=x, y=y + 0.36 * size, font_size=size, text_anchor=anchor,
        fill=fill, font_weight=weight, class_=class_, opacity=opacity,
    )


def _hex_points(cx: float, cy: float, r: float) -> str:
    """Corner list of a pointy-top hex (corner j at angle 60j - 30 degrees, y down)."""
    return " ".join(
        f"{_num(cx + r * math.cos(math.radians(60 * j - 30)))},"
        f"{_num(cy + r * math.sin(math.radians(60 * j - 30)))}"
        for j in range(6)
    )


def _corner(cx: float, cy: float, r: float, j: int) -> tuple[float, float]:
    angle = math.radians(60 * j - 30)
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def _die(
    parent: ET.Element, x: float, y: float, size: float, value: int, *, fill: str = "#ffffff",
    pip: str = _INK, opacity: float | None = None, title: str | None = None,
) -> None:
    """Draw a die face with top-left corner ``(x, y)``; value 0 shows a question mark."""
    group = _add(parent, "g", class_="die", opacity=opacity)
    if title:
        _title(group, title)
    _add(
        group, "rect", x=x, y=y, width=size, height=size, rx=size * 0.18, fill=fill,
        stroke="#555555", stroke_width=1.0,
    )
    cx, cy = x + size / 2, y + size / 2
    if value not in _PIPS:
        _text(group, cx, cy, "?", size=size * 0.6, fill=pip, weight="bold")
        return
    step = size * 0.27
    for dx, dy in _PIPS[value]:
        _add(group, "circle", cx=cx + dx * step, cy=cy + dy * step, r=size * 0.09, fill=pip)


def _goods(
    parent: ET.Element, x: float, y: float, size: float, colour: int, *, faded: bool = False
) -> None:
    """Draw goods tile ``colour`` (1-6) as a rounded square centred at ``(x, y)``."""
    group = _add(parent, "g", class_="goods", opacity=0.22 if faded else None)
    _title(group, f"goods {colour}")
    fill = GOODS_FILL[(colour - 1) % len(GOODS_FILL)]
    _add(
        group, "rect", x=x - size / 2, y=y - size / 2, width=size, height=size, rx=size * 0.2,
        fill=fill, stroke="#ffffff", stroke_width=1.2,
    )
    _text(group, x, y, str(colour), size=size * 0.62, fill="#ffffff", weight="bold")


def _label_lines(name: str) -> tuple[str, ...]:
    """Split a tile name into the lines written on it (joined: the name less any ``-``)."""
    if name in _LINE_BREAKS:
        return _LINE_BREAKS[name]
    if "-" in name:
        return tuple(name.split("-"))  # boarding-house, town-hall: one word a line
    if len(name) > 6 and name[-1].isdigit() and name[:-1].isalpha():
        return (name[:-1], name[-1])  # chicken2: the species over the number of animals
    return (name,)


def _tile(
    parent: ET.Element, cx: float, cy: float, r: float, code: int, *, note: str = "",
    start: bool = False,
) -> ET.Element:
    """Draw hex tile ``code`` centred at ``(cx, cy)`` with its name written on it."""
    name = tile_name(code)
    index = TILE_COLOUR[code]
    colour = Colour(index) if index >= 0 else None  # a variant's tile may have no colour
    group = _add(parent, "g", class_="tile", data_tile=name)
    colour_name = colour.label if colour is not None else "no colour"
    _title(group, f"{name} ({colour_name}){' - ' + note if note else ''}")
    _add(
        group, "polygon", points=_hex_points(cx, cy, r),
        fill=TILE_FILL[colour] if colour is not None else _NO_COLOUR_TILE,
        stroke="#f4c430" if start else "#ffffff", stroke_width=3.0 if start else 1.3,
        stroke_linejoin="round",
    )
    lines = _label_lines(name)
    longest = max(len(line) for line in lines)
    size = min(0.44 * r, 1.66 * r / (0.62 * longest))
    label = _add(
        group, "text", x=cx, font_size=size, text_anchor="middle", fill="#ffffff",
        font_weight="bold", class_="label",
    )
    top = cy - (len(lines) - 1) * size * 0.55 - (0.22 * r if start else 0.0)
    for index, line in enumerate(lines):
        _add(label, "tspan", line, x=cx, y=top + index * size * 1.1 + 0.36 * size)
    if start:
        _text(group, cx, cy + 0.42 * r, "start", size=0.3 * r, fill="#f4c430", weight="bold")
    return group


def _seat_name(seat: int) -> str:
    """A seat's name, as the CLI and the API number seats: ``seat 0``, ``seat 1``, ..."""
    return f"seat {seat}"


def _seat_fill(seat: int) -> str:
    return SEAT_FILL[seat % len(SEAT_FILL)]


def _marker(parent: ET.Element, x: float, y: float, r: float, seat: int) -> None:
    """A seat's round marker with its name."""
    group = _add(parent, "g", class_="marker")
    _title(group, _seat_name(seat))
    _add(group, "circle", cx=x, cy=y, r=r, fill=_seat_fill(seat), stroke="#ffffff",
         stroke_width=1.5)
    _text(group, x, y, str(seat), size=r * 0.85, fill="#ffffff", weight="bold")


def _svg_root(width: float, height: float, title: str) -> ET.Element:
    root = ET.Element("svg", {
        "xmlns": SVG_NS, "version": "1.1", "width": _num(width), "height": _num(height),
        "viewBox": f"0 0 {_num(width)} {_num(height)}", "font-family": FONT,
    })
    _title(root, title)
    return root


def _serialise(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode")


def _pending_label(name: str) -> str:
    if name in _PENDING_LABEL:
        return _PENDING_LABEL[name]
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


def _winners(state: State) -> tuple[int, ...]:
    """The winning seats once the game is over, else ``()``."""
    if state.current_player != TERMINAL:
        return ()
    try:
        return state.winners()
    except Exception:  # a variant's winner rule may fail on an odd state: a picture shows none
        return ()


def _status(state: State) -> str:
    """Who or what moves next, in words."""
    if state.current_player == TERMINAL:
        try:
            return f"game over \u2014 {result_text(state, short=True)}"
        except Exception:  # a variant's winner rule may fail on an odd state: no result
            return "game over"
    top = state.pending[-1]
    what = _pending_label(type(top).__name__)
    if top.seat >= 0:
        return f"to move: {_seat_name(top.seat)} ({what})"
    return f"chance: {what}"


def _board_of(state: State, estate: Estate) -> Board | None:
    """The estate's duchy board, or ``None`` while it is not dealt (or unknown)."""
    board = state.rules.engine.boards.get(estate.board)
    if board is None or len(board.colours) != len(estate.spaces):
        return None
    return board


# -- duchy ---------------------------------------------------------------------------------
def _grid_key(x: float, y: float) -> tuple[int, int]:
    """A space's place on the hex grid: (row, column) in quarter rows and quarter hex widths
    (neighbours in a row are 4 columns apart, in the next row 4 rows and 2 columns)."""
    return round(4 * y), round(4 * x)


class _Layout(NamedTuple):
    """Where a duchy's spaces are drawn.

    Attributes:
        names: Each space's name.
        keys: Each space's :func:`_grid_key`.
        centres: Each space's centre, from the top left of the hex area.
        width: Width of the hex area (at least the standard duchy's).
        height: Height of the hex area (at least the standard duchy's).
        marks: The centre of each of the board's landmarks (:attr:`Board.landmarks`).
    """

    names: tuple[str, ...]
    keys: tuple[tuple[int, int], ...]
    centres: tuple[tuple[float, float], ...]
    width: float
    height: float
    marks: tuple[tuple[float, float], ...] = ()


def _layout(estate: Estate, board: Board | None) -> _Layout:
    """Place the spaces of ``estate`` at its board's picture positions (x in hex widths, y in
    rows), the standard layout's while the board is not dealt; a board smaller than the
    standard one sits in the middle of the standard duchy's hex area."""
    if board is not None:
        positions, names = board.positions, board.names
    else:
        positions, names = POSITIONS[: len(estate.spaces)], SPACE_NAMES
    marks = [(mark.x, mark.y) for mark in board.landmarks] if board is not None else []
    xs = [x for x, _ in (*positions, *marks)] or [0.0]
    ys = [y for _, y in (*positions, *marks)] or [0.0]
    width = 2 * _PAD + (max(xs) - min(xs) + 1) * _HW
    height = 2 * _PAD + (max(ys) - min(ys)) * 1.5 * _R + 2 * _R
    left = _PAD + _HW / 2 + max(0.0, _HEX_AREA_W - width) / 2 - min(xs) * _HW
    top = _PAD + _R + max(0.0, _HEX_AREA_H - height) / 2 - min(ys) * 1.5 * _R
    return _Layout(
        names=tuple(names[: len(positions)]),
        keys=tuple(_grid_key(x, y) for x, y in positions),
        centres=tuple((left + x * _HW, top + y * 1.5 * _R) for x, y in positions),
        width=max(width, _HEX_AREA_W),
        height=max(height, _HEX_AREA_H),
        marks=tuple((left + x * _HW, top + y * 1.5 * _R) for x, y in marks),
    )


def _duchy_group(state: State, estate_index: int) -> ET.Element:
    """Draw duchy ``estate_index`` in a group framed by its first ``rect``: the board and
    the panel beside it (as high as the higher of the two), the header above and the rows
    variants add below (:func:`_frame_size` reads its size)."""
    estate = state.estates[estate_index]
    board = _board_of(state, estate)
    layout = _layout(estate, board)
    width = layout.width + _PANEL_W
    seats = [i for i, seat in enumerate(state.seats) if seat.estate == estate_index]
    to_move = state.current_player
    group = ET.Element("g", {"class": "duchy", "data-estate": str(estate_index)})
    rows = estate_rows(state, estate_index)

    # frame (its height set once the panel is drawn) and header
    active = to_move in seats
    frame_colour = _seat_fill(to_move) if active else "#b9b2a3"
    frame = _add(
        group, "rect", x=1.0, y=1.0, width=width - 2, height=DUCHY_HEIGHT - 2, rx=10.0,
        fill=_PAPER, stroke=frame_colour, stroke_width=3.0 if active else 1.2,
    )
    x = 16.0
    for seat in seats:
        _marker(group, x, 20.0, 12.0, seat)
        x += 28.0
    owners = " & ".join(_seat_name(s) for s in seats) or f"estate {estate_index + 1}"
    if board is None:
        board_text = "duchy not dealt yet" if not estate.board else f"board {estate.board}"
    else:
        board_text = f"board {board.id}"
        if board.name and board.name != f"Board {board.id}":
            board_text += f" \u00b7 {board.name}"
    title = _add(group, "text", x=x - 4, y=25.5, font_size=15.0, fill=_INK, font_weight="bold")
    title.text = owners
    _add(title, "tspan", board_text, dx=10.0, font_size=12.0, fill=_MUTED, font_weight="normal")
    vp = sum(state.seats[s].vp for s in seats)
    score = _add(group, "g", class_="score")
    _text(score, width - 16, 20.0, f"{vp} VP", size=17.0, anchor="end", weight="bold")
    note = width - 26 - _text_width(f"{vp} VP", 17.0)  # left of the VP, however many digits
    if active:
        _text(group, note, 20.5, "to move", size=11.0, anchor="end",
              fill=_seat_fill(to_move), weight="bold")
    elif any(seat in _winners(state) for seat in seats):
        _text(group, note, 20.5, "\u2605 winner", size=12.0, anchor="end",
              fill="#b8860b", weight="bold")

    _draw_spaces(group, estate, board, layout, 0.0, _HEADER,
                 space_marks(state, estate_index))
    bottom = _draw_panel(group, state, estate, seats, layout.width, _HEADER)
    top = max(_HEADER + layout.height - 8.0, bottom)  # the rows go under board and panel
    _draw_rows(group, rows, top, width)
    frame.set("height", _num(top + 8.0 + _rows_height(rows, width) - 2))
    return group


class _CellBox(NamedTuple):
    """Where a cell of a picture row is drawn: its left, its line's top (from the row's
    top) and its width."""

    x: float
    y: float
    width: float


def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at font ``size`` (DejaVu Sans is about 0.62 em a
    character)."""
    return 0.62 * size * len(text)


def _row_layout(row: PictureRow, span: float) -> tuple[list[_CellBox], float]:
    """The boxes of a row's cells across a picture ``span`` wide, and the row's height.

    Each cell is as wide as its text at :data:`_CELL_FONT` needs; the cells run left to
    right and go on in a new line when the next group does not fit (a group wider than a
    line breaks where it must), so that no text has to shrink."""
    left, right = 16.0, span - 16.0
    cells = row.cells
    widths = [min(right - left, max(_CELL_MIN, _text_width(c.text, _CELL_FONT) + 14.0))
              for c in cells]
    boxes: list[_CellBox] = []
    x, line = left, 0
    for i, cell in enumerate(cells):
        if i and cell.group != cells[i - 1].group:
            x += _GROUP_GAP
            end = next((j for j in range(i, len(cells)) if cells[j].group != cell.group),
                       len(cells))
            if x + sum(widths[i:end]) > right:  # the group goes on in the next line
                x, line = left, line + 1
        if x > left and x + widths[i] > right:
            x, line = left, line + 1
        boxes.append(_CellBox(x, _ROW_LABEL + line * _ROW_LINE, widths[i]))
        x += widths[i]
    return boxes, _ROW_LABEL + (line + 1) * _ROW_LINE


def _rows_height(rows: Sequence[PictureRow], span: float) -> float:
    """The height of the rows variants add, drawn ``span`` wide."""
    return sum(_row_layout(row, span)[1] for row in rows)


def _draw_rows(
    parent: ET.Element, rows: Sequence[PictureRow], top: float, span: float = DUCHY_WIDTH
) -> None:
    """The rows variants add (:mod:`burgundy.render.parts`), one strip each from ``top``
    down across a picture ``span`` wide: the label, then the cells (:func:`_row_layout`),
    a group's cells side by side in one frame, its name under it."""
    y = top
    for k, row in enumerate(rows):
        boxes, height = _row_layout(row, span)
        strip = _add(parent, "g", class_="picture-row", data_row=k)
        _title(strip, row.label)
        _text(strip, 16.0, y + 9, row.label, size=12.0, anchor="start", fill=_MUTED,
              weight="bold")
        cells = row.cells
        for i, (cell, box) in enumerate(zip(cells, boxes, strict=True)):
            if i == 0 or cell.group != cells[i - 1].group or box.y != boxes[i - 1].y:
                end = i + 1  # the group's cells on this line share a frame
                while end < len(cells) and cells[end].group == cell.group and \
                        boxes[end].y == box.y:
                    end += 1
                width = boxes[end - 1].x + boxes[end - 1].width - box.x
                _add(strip, "rect", x=box.x - 3, y=y + box.y - 2, width=width + 3,
                     height=_CELL_HEIGHT + 4, rx=5.0, fill="#efe6cf", stroke="#b9a77a",
                     stroke_width=1.0)
                first = i == 0 or cell.group != cells[i - 1].group
                if first and 0 <= cell.group < len(row.groups) and row.groups[cell.group]:
                    _text(strip, box.x + width / 2, y + box.y + _CELL_HEIGHT + 10,
                          row.groups[cell.group], size=10.5, fill=_MUTED)
            _cell(strip, cell, box.x, y + box.y, box.width)
        y += height


def _cell(parent: ET.Element, cell: PictureCell, x: float, y: float, width: float) -> None:
    """One cell of a picture row: its box (tinted with its goods colour, which it also
    names), its text, and the goods tile lying on it."""
    box = _add(parent, "g", class_="picture-cell")
    if cell.title:
        _title(box, cell.title)
    fill = GOODS_FILL[(cell.goods - 1) % len(GOODS_FILL)] if cell.goods else "#ffffff"
    _add(box, "rect", x=x, y=y, width=width - 3, height=_CELL_HEIGHT, rx=4.0, fill=fill,
         fill_opacity=0.35, stroke=fill if cell.goods else "#b9b2a3", stroke_width=1.2)
    cx = x + (width - 3) / 2
    size = min(_CELL_FONT, (width - 10) / (0.62 * max(len(cell.text), 1)))
    if cell.goods:
        _text(box, cx, y + 9, str(cell.goods), size=10.0, weight="bold")
        _text(box, cx, y + 24, cell.text, size=size)
    else:
        _text(box, cx, y + _CELL_HEIGHT / 2, cell.text, size=size)
    if cell.holds:
        _goods(box, x + width - 10, y + 7, 13.0, cell.holds)


def _badge_width(cell: PictureCell, size: float) -> float:
    """The width of :func:`_badge`'s badge of ``cell`` at font ``size``."""
    return max(1.9 * size, _text_width(cell.text, size) + 8.0)


def _badge(
    parent: ET.Element, cx: float, cy: float, cell: PictureCell, *, size: float = 11.0,
    **where: object,
) -> float:
    """A variant's mark (:mod:`burgundy.render.parts`: a shield) as a badge centred at
    ``(cx, cy)``: its text on its goods colour (a dark red without one); returns its
    width."""
    width = _badge_width(cell, size)
    height = 1.6 * size
    badge = _add(parent, "g", class_="mark")
    for key, value in where.items():  # where the mark lies: data-depot, data-space
        badge.set(key.replace("_", "-"), str(value))
    if cell.title:
        _title(badge, cell.title)
    fill = GOODS_FILL[(cell.goods - 1) % len(GOODS_FILL)] if cell.goods else _MARK_FILL
    _add(badge, "rect", x=cx - width / 2, y=cy - height / 2, width=width, height=height,
         rx=height / 3, fill=fill, stroke="#f4c430", stroke_width=1.4)
    _text(badge, cx, cy, cell.text, size=size, fill="#ffffff", weight="bold")
    return width


def _draw_spaces(
    parent: ET.Element, estate: Estate, board: Board | None, layout: _Layout, left: float,
    top: float, marks: dict[int, tuple[PictureCell, ...]] | None = None,
) -> None:
    """The hex spaces, their die numbers, the river links, the tiles, the marks variants
    lay on spaces (:func:`burgundy.render.parts.space_marks`) and the region borders."""
    marks = marks or {}
    dice = board.dice if board is not None else standard_board(1).dice
    layer = _add(parent, "g", class_="spaces")
    where = {key: space for space, key in enumerate(layout.keys)}
    centres = [(left + x, top + y) for x, y in layout.centres]
    for space, (cx, cy) in enumerate(centres):
        colour = board.colours[space] if board is not None else None
        fill = SPACE_FILL[colour] if colour is not None else _UNKNOWN_FILL
        tile = estate.spaces[space]
        name = layout.names[space]
        cell = _add(layer, "g")
        what = colour.label if colour is not None else "unknown"
        placed = f", {tile_name(tile)}" if tile != EMPTY else ""
        marked = "".join(f"; {m.title or m.text}" for m in marks.get(space, ()))
        _title(cell, f"{name}: {what}, die {dice[space]}{placed}{marked}")
        _add(
            cell, "polygon", class_="space", points=_hex_points(cx, cy, _R), fill=fill,
            stroke="#ffffff", stroke_width=1.0, stroke_opacity=0.9, data_space=name,
        )
        if tile == EMPTY:
            number = _add(cell, "g", class_="die-number")
            _add(number, "rect", x=cx - 8, y=cy - 8, width=16.0, height=16.0, rx=3.5,
                 fill="#ffffff", fill_opacity=0.88, stroke="#7a7a7a", stroke_width=0.7)
            _text(number, cx, cy, str(dice[space]), size=12.0, weight="bold")
    if board is not None:
        _draw_links(parent, board, layout, centres, where)
        _draw_landmarks(parent, board, layout, left, top)
    tiles = _add(parent, "g", class_="tiles")
    for space, (cx, cy) in enumerate(centres):
        tile = estate.spaces[space]
        if tile != EMPTY:
            name = layout.names[space]
            placed_tile = _tile(tiles, cx, cy, _R - 4.5, tile, note=name,
                                start=space == estate.start)
            placed_tile.set("data-space", name)
    # region borders (thick) and the board's edge
    path: list[str] = []
    for space, (cx, cy) in enumerate(centres):
        row, column = layout.keys[space]
        for edge, (drow, dcolumn) in enumerate(_EDGE_STEP):
            other = where.get((row + 4 * drow, column + 2 * dcolumn))
            if other is not None and other < space:
                continue
            if other is not None and (board is None or board.region_of[other]
                                      == board.region_of[space]):
                continue
            (x1, y1), (x2, y2) = _corner(cx, cy, _R, edge), _corner(cx, cy, _R, edge + 1)
            path.append(f"M{_num(x1)} {_num(y1)}L{_num(x2)} {_num(y2)}")
    _add(parent, "path", class_="regions", d="".join(path), fill="none", stroke="#3a3328",
         stroke_width=2.6, stroke_linecap="round")
    if marks:  # a badge at the top right of the hex (right of its name), more below it
        layer = _add(parent, "g", class_="marks")
        for space, cells in marks.items():
            if 0 <= space < len(centres):
                cx, cy = centres[space]
                for k, mark in enumerate(cells):
                    x = cx + 0.28 * _R + _badge_width(mark, 10.0) / 2
                    _badge(layer, x, cy - 0.55 * _R + k * 17.0, mark, size=10.0,
                           data_space=layout.names[space])


def _draw_landmarks(
    parent: ET.Element, board: Board, layout: _Layout, left: float, top: float
) -> None:
    """The board's landmarks (an outpost board's forts) beside its spaces: a tower with
    battlements, titled with its name and the spaces it touches."""
    if not board.landmarks:
        return
    group = _add(parent, "g", class_="landmarks")
    r = 0.55 * _R
    for mark, (cx, cy) in zip(board.landmarks, layout.marks, strict=True):
        cx, cy = left + cx, top + cy
        touched = ", ".join(board.names[s] for s in bits(mark.touches))
        kind = mark.kind or "landmark"
        tower = _add(group, "g", class_="landmark", data_landmark=mark.name)
        _title(tower, f"{kind} {mark.name}: touches {touched}")
        step = r / 2.5
        points = [(cx - r, cy + r), (cx - r, cy - r)]
        for k in range(5):  # the battlements, left to right
            x = cx - r + k * step
            y = cy - r - (step if k % 2 == 0 else 0.0)
            points += [(x, y), (x + step, y)]
        points += [(cx + r, cy - r), (cx + r, cy + r)]
        _add(tower, "polygon", points=" ".join(f"{_num(x)},{_num(y)}" for x, y in points),
             fill="#8d8471", stroke="#3a3328", stroke_width=1.4)
        initials = "".join(word[:1] for word in mark.name.split("-")).upper()[:2]
        _text(tower, cx, cy + 0.25 * r, initials, size=9.0, weight="bold", fill="#ffffff")


def _draw_links(
    parent: ET.Element, board: Board, layout: _Layout, centres: Sequence[tuple[float, float]],
    where: dict[tuple[int, int], int],
) -> None:
    """A line between the centres of every two neighbouring spaces that do not touch on the
    hex grid: the board's printed river links (a solo board's islands), over the spaces and
    under the tiles."""
    links: list[tuple[int, int]] = []
    for space, (row, column) in enumerate(layout.keys):
        touching = {where.get((row + 4 * dr, column + 2 * dc)) for dr, dc in _EDGE_STEP}
        links.extend(
            (space, other) for other in range(space + 1, len(centres))
            if board.neighbours[space] >> other & 1 and other not in touching
        )
    if not links:
        return
    group = _add(parent, "g", class_="river-links")
    clear = 0.62 * _R  # the stroke leaves the die number at either end free
    for one, other in links:
        (x1, y1), (x2, y2) = centres[one], centres[other]
        a, b = layout.names[one], layout.names[other]
        length = math.hypot(x2 - x1, y2 - y1)
        dash = max(0.0, length - 2 * clear)
        line = _add(group, "line", class_="river-link", x1=x1, y1=y1, x2=x2, y2=y2,
                    stroke=_LINK_FILL, stroke_width=6.0, stroke_opacity=0.6,
                    stroke_dasharray=f"{_num(dash)} {_num(2 * clear)}",
                    stroke_dashoffset=dash + clear, data_from=a, data_to=b)
        _title(line, f"river link {a} \u2013 {b}")


def _draw_panel(
    parent: ET.Element, state: State, estate: Estate, seats: Sequence[int], left: float,
    top: float,
) -> float:
    """Storage, goods, sold goods, silver, workers, bonus tiles and dice beside the duchy;
    returns the bottom of what it drew (two seats' own storage make it taller)."""
    panel = _add(parent, "g", class_="panel")
    x0 = left + 4
    y = top + 14

    def heading(text: str, at: float) -> None:
        _text(panel, x0, at, text, size=11.0, anchor="start", fill=_MUTED, weight="bold")

    # storage: three spaces (more if a variant allows it), plus private storage of seats
    heading("storage", y)
    stored = list(estate.storage)
    for slot in range(max(3, len(stored))):
        cx = x0 + 24 + slot * 46.0
        cy = y + 34
        _add(panel, "polygon", points=_hex_points(cx, cy, 24.0), fill="#ebe5d8",
             stroke="#b9b2a3", stroke_width=1.0, stroke_dasharray="3 2")
        if slot < len(stored):
            _tile(panel, cx, cy, 23.0, stored[slot], note="in storage").set(
                "data-storage", str(slot))
    y += 66
    for seat in seats:
        private = state.seats[seat].storage
        if private:
            heading(f"{_seat_name(seat)} storage", y)
            for slot, code in enumerate(private):
                _tile(panel, x0 + 24 + slot * 46.0, y + 34, 23.0, code,
                      note="private storage").set("data-storage", f"{seat}:{slot}")
            y += 66

    def goods_row(label: str, counts: Sequence[int], at: float) -> None:
        heading(label, at)
        for colour, count in enumerate(counts):
            gx = x0 + 14 + colour * 36.0
            _goods(panel, gx, at + 24, 22.0, colour + 1, faded=count == 0)
            if count:
                _text(panel, gx, at + 44, f"\u00d7{count}", size=11.0, weight="bold")

    goods_row(f"goods ({sum(estate.goods)})", estate.goods, y)
    y += 56
    goods_row(f"sold ({sum(estate.sold)})", estate.sold, y)
    y += 64

    # silver, workers
    coin = _add(panel, "g", class_="silver")
    _title(coin, f"{estate.silver} silverlings")
    _add(coin, "circle", cx=x0 + 12, cy=y + 6, r=10.0, fill="#d9dde3", stroke="#8a9099",
         stroke_width=1.5)
    _text(coin, x0 + 12, y + 6, "S", size=10.0, fill="#5b626c", weight="bold")
    _text(coin, x0 + 28, y + 6, f"\u00d7{estate.silver} silver", size=12.0, anchor="start")
    worker = _add(panel, "g", class_="workers")
    _title(worker, f"{estate.workers} workers")
    wx = x0 + 118
    _add(worker, "circle", cx=wx, cy=y, r=4.5, fill="#6d4c2f")
    _add(worker, "path", d=f"M{_num(wx - 8)} {_num(y + 15)}Q{_num(wx)} {_num(y - 2)} "
         f"{_num(wx + 8)} {_num(y + 15)}Z", fill="#6d4c2f")
    _text(worker, wx + 14, y + 6, f"\u00d7{estate.workers} workers", size=12.0,
          anchor="start")
    y += 28

    # bonus tiles won
    heading("bonus tiles", y)
    players = state.rules.value_players
    if not estate.bonus:
        _text(panel, x0 + 80, y, "none yet", size=11.0, anchor="start", fill="#a0a0a0")
    for slot, (colour, size) in enumerate(estate.bonus):
        bx = x0 + 14 + slot * 30.0
        by = y + 24
        _bonus_hex(panel, bx, by, 13.0 if size == 0 else 10.0, Colour(colour), size,
                   LARGE_BONUS.get(players, 0) if size == 0 else SMALL_BONUS.get(players, 0))
    y += 54

    # dice
    heading("dice", y)
    shown = False
    for seat in seats:
        rolled = state.seats[seat].rolled
        if not rolled:
            continue
        left_over = list(state.seats[seat].dice)
        dx = x0 + 40 if shown or len(seats) > 1 else x0
        if len(seats) > 1:
            _text(panel, x0, y + 26, _seat_name(seat), size=11.0, anchor="start")
        for value in rolled:
            unused = value in left_over
            if unused:
                left_over.remove(value)
            _die(panel, dx, y + 12, 26.0, value, opacity=None if unused else 0.3,
                 title=f"die {value}{'' if unused else ' (used)'}")
            dx += 32
        shown = True
        y += 34
    if not shown:
        _text(panel, x0 + 40, y, "not rolled", size=11.0, anchor="start", fill="#a0a0a0")
    return y + 4.0 if shown else y + 10.0  # the last die's bottom, or the text's


def _bonus_hex(
    parent: ET.Element, cx: float, cy: float, r: float, colour: Colour, size: int, vp: int,
    *, taken: bool = False,
) -> None:
    """A colour bonus tile (large: size 0, small: size 1) showing its VP."""
    group = _add(parent, "g", class_="bonus", opacity=0.25 if taken else None)
    kind = "large" if size == 0 else "small"
    _title(group, f"{kind} {colour.label} bonus tile: {vp} VP{' (taken)' if taken else ''}")
    _add(group, "polygon", points=_hex_points(cx, cy, r), fill=TILE_FILL[colour],
         stroke="#f4c430", stroke_width=1.6)
    _text(group, cx, cy, str(vp), size=r * 0.95, fill="#ffffff", weight="bold")


def duchy_svg(state: State, estate_index: int) -> str:
    """Draw one duchy and everything that belongs to it.

    The board's spaces (the 37 of a duchy of the base game, or those of a board of another
    shape at its picture positions, named as that board names them) are coloured by their
    region type; an empty space shows its die number, a covered one the tile's name
    (``bank``, ``cow3``, ``k7``, ...), the start castle ringed in gold. Thick lines run
    around regions; a line joins the centres of two spaces that are neighbours without
    touching (a printed river link). The picture grows to fit a larger board. Beside it:
    storage, goods and sold goods by colour, silverlings, workers, bonus tiles won and the
    dice the seat rolled (used ones faded); the header names the seat(s) playing it and
    their VP. Below the board, the rows variants add
    (:func:`burgundy.render.parts.estate_rows`: a trade route, say), which make the picture
    taller.

    Args:
        state: The game state.
        estate_index: Index into ``state.estates``.

    Returns:
        A standalone SVG document.

    Raises:
        IndexError: No such estate.
    """
    if not 0 <= estate_index < len(state.estates):
        raise IndexError(f"no estate {estate_index}; the game has {len(state.estates)}")
    group = _duchy_group(state, estate_index)
    width, height = _frame_size(group)
    root = _svg_root(width, height, f"duchy {estate_index + 1}")
    root.append(group)
    return _serialise(root)


# -- main board ----------------------------------------------------------------------------
def _honeycomb(n: int, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Centres of ``n`` hexes packed in short offset rows around ``(cx, cy)``."""
    rows = {0: [], 1: [1], 2: [2], 3: [3], 4: [2, 2], 5: [3, 2], 6: [3, 3], 7: [2, 3, 2],
            8: [3, 2, 3]}.get(n)
    if rows is None:
        rows = [3] * (n // 3) + ([n % 3] if n % 3 else [])
    width = _SQRT3 * r
    shifts: list[float] = []
    for i, length in enumerate(rows):
        shift = 0.0
        if i and (length - rows[i - 1]) % 2 == 0:
            shift = shifts[-1] + (width / 2 if shifts[-1] <= 0 else -width / 2)
        shifts.append(shift)
    mean = (max(shifts) + min(shifts)) / 2 if shifts else 0.0
    out: list[tuple[float, float]] = []
    height = (len(rows) - 1) * 1.5 * r
    for i, length in enumerate(rows):
        y = cy - height / 2 + i * 1.5 * r
        for k in range(length):
            out.append((cx + (k - (length - 1) / 2) * width + shifts[i] - mean, y))
    return out


def _depot_slots(state: State, depot: int) -> list[tuple[int, int]]:
    """``(space colour, tile or EMPTY)`` for each hex space of numbered depot ``depot``."""
    try:
        colours = [c for d, c in depot_spaces(state.rules.value_players, min(state.phase, 4))
                   if d == depot]
    except (KeyError, ValueError):
        colours = []
    left = list(state.depots[depot - 1])
    slots: list[tuple[int, int]] = []
    for colour in colours:
        match = next((t for t in left if TILE_COLOUR[t] == colour), None)
        if match is not None:
            left.remove(match)
        slots.append((colour, EMPTY if match is None else match))
    slots.extend((TILE_COLOUR[t], t) for t in left)
    return slots


def _depot(
    parent: ET.Element, state: State, depot: int, cx: float, cy: float, white: bool
) -> None:
    group = _add(parent, "g", class_="depot", data_depot=depot)
    _title(group, f"depot {depot}")
    _add(group, "circle", cx=cx, cy=cy, r=96.0, fill="#efe6cf",
         stroke="#f4c430" if white else "#c9bd9c", stroke_width=4.0 if white else 1.5)
    _die(group, cx - 13, cy - 86, 26.0, depot, title=f"depot {depot}")
    slots = _depot_slots(state, depot)
    r = 25.0
    for (colour, tile), (x, y) in zip(slots, _honeycomb(len(slots), cx, cy - 8, r),
                                      strict=True):
        fill = SPACE_FILL[Colour(colour)] if colour >= 0 else _NO_COLOUR_SPACE
        _add(group, "polygon", points=_hex_points(x, y, r), fill=fill,
             stroke="#ffffff", stroke_width=1.2, opacity=0.75)
        if tile != EMPTY:
            _tile(group, x, y, r - 2.5, tile, note=f"depot {depot}")
    counts = state.depot_goods[depot - 1]
    goods = [c + 1 for c, n in enumerate(counts) for _ in range(n)]
    if goods and len(goods) <= _DEPOT_GOODS_SHOWN:
        step = min(22.0, 120.0 / len(goods))
        gx = cx - (len(goods) - 1) * step / 2
        for k, colour in enumerate(goods):
            _goods(group, gx + k * step, cy + 60, 19.0, colour)
    elif goods:  # many goods: one square per colour with its count (never wider than 6)
        kinds = [(c + 1, n) for c, n in enumerate(counts) if n]
        step = 22.0
        gx = cx - (len(kinds) - 1) * step / 2
        for k, (colour, count) in enumerate(kinds):
            _goods(group, gx + k * step, cy + 56, 17.0, colour)
            _text(group, gx + k * step, cy + 74, f"\u00d7{count}", size=9.0, weight="bold")
    else:
        _text(group, cx, cy + 60, "no goods", size=10.0, fill="#a89f86")
    _depot_marks(group, state, depot, cx, cy - 73.0, 16.0)


def _depot_marks(
    parent: ET.Element, state: State, depot: int, cx: float, cy: float, clear: float
) -> None:
    """The marks variants lay on a depot (:func:`burgundy.render.parts.depot_marks`: the
    shields on its goods space) as badges in a line at height ``cy``, left and right of the
    ``clear`` half-width the depot's number keeps free: the first on the left, the next on
    the right, and so on outwards."""
    sides = [cx - clear, cx + clear]  # the free edge of each side
    for k, cell in enumerate(depot_marks(state, depot)):
        side = k % 2
        width = _badge_width(cell, 12.0)
        at = sides[side] - width / 2 - 3 if side == 0 else sides[side] + width / 2 + 3
        _badge(parent, at, cy, cell, size=12.0, data_depot=depot)
        sides[side] += -(width + 3) if side == 0 else width + 3


def _black_depot(parent: ET.Element, state: State, cx: float, cy: float) -> None:
    group = _add(parent, "g", class_="depot", data_depot=0)
    _title(group, "black depot")
    _add(group, "circle", cx=cx, cy=cy, r=90.0, fill="#2b2b2b", stroke="#111111",
         stroke_width=2.0)
    _text(group, cx, cy - 74, "black depot", size=11.0, fill="#e6e6e6", weight="bold")
    tiles = list(state.black_depot)
    try:
        n = max(black_depot_size(state.rules.value_players), len(tiles))
    except (KeyError, ValueError):
        n = len(tiles)
    r = 23.0
    for k, (x, y) in enumerate(_honeycomb(n, cx, cy + 8, r)):
        _add(group, "polygon", points=_hex_points(x, y, r), fill="#444444", stroke="#666666",
             stroke_width=1.2)
        if k < len(tiles):
            _tile(group, x, y, r - 2.5, tiles[k], note="black depot")
    _depot_marks(group, state, 0, cx, cy - 52.0, 0.0)


def _board_height(state: State) -> float:
    """The main board picture's height: :data:`BOARD_HEIGHT`, and a strip for each row the
    variants add (:func:`burgundy.render.parts.board_rows`)."""
    return BOARD_HEIGHT + _rows_height(board_rows(state), BOARD_WIDTH)


def _board_group(state: State) -> ET.Element:
    """Draw the main board in a group BOARD_WIDTH wide and :func:`_board_height` high."""
    group = ET.Element("g", {"class": "board"})
    rows = board_rows(state)
    _add(group, "rect", x=1.0, y=1.0, width=BOARD_WIDTH - 2,
         height=BOARD_HEIGHT + _rows_height(rows, BOARD_WIDTH) - 2, rx=12.0,
         fill="#f6efdc", stroke="#b9a77a", stroke_width=1.5)
    _draw_rows(group, rows, BOARD_HEIGHT - 8.0, BOARD_WIDTH)
    # depots: 1 at the top, then clockwise; the black depot in the middle
    cx, cy, ring = 330.0, 326.0, 214.0
    _add(group, "circle", cx=cx, cy=cy, r=ring, fill="none", stroke="#d8c9a0",
         stroke_width=18.0, opacity=0.6)
    white = state.white
    for depot in range(1, 7):
        angle = math.radians(-90 + 60 * (depot - 1))
        _depot(group, state, depot, cx + ring * math.cos(angle), cy + ring * math.sin(angle),
               white == depot)
    _black_depot(group, state, cx, cy)
    _board_panel(group, state, 680.0)
    return group


def _board_panel(parent: ET.Element, state: State, x0: float) -> None:
    """Phases, round goods, white die, bonus tiles, turn order and scores."""
    panel = _add(parent, "g", class_="board-panel")
    rules = state.rules
    _text(panel, x0, 28, "The Castles of Burgundy", size=20.0, anchor="start", weight="bold")
    _describe(panel, rules.describe(), x0, BOARD_WIDTH - x0 - 14.0)
    over = state.current_player == TERMINAL
    if over or state.phase >= 5:
        where = "final scoring done" if over else "after phase E"
    else:
        where = f"phase {_PHASES[state.phase]} \u00b7 round {state.round + 1} of {_ROUNDS}"
    _text(panel, x0, 78, f"{where} \u00b7 {_status(state)}", size=13.0, anchor="start",
          weight="bold", class_="status")

    # phases A-E with their region bonus
    y = 100.0
    for k, letter in enumerate(_PHASES):
        bx = x0 + k * 62.0
        current = k == state.phase
        past = k < state.phase
        box = _add(panel, "g", class_="phase", opacity=0.4 if past else None)
        _title(box, f"phase {letter}: completed regions score {PHASE_BONUS[k]} extra")
        _add(box, "rect", x=bx, y=y, width=56.0, height=44.0, rx=6.0,
             fill="#f4c430" if current else "#fffaf0",
             stroke="#8a6d00" if current else "#c9bd9c", stroke_width=2.0 if current else 1.0)
        _text(box, bx + 28, y + 16, letter, size=18.0, weight="bold")
        _text(box, bx + 28, y + 35, f"+{PHASE_BONUS[k]}", size=10.0, fill=_MUTED)

    # round goods and white die
    y = 166.0
    _text(panel, x0, y, "round goods", size=11.0, anchor="start", fill=_MUTED, weight="bold")
    goods = list(state.round_goods)
    slots = max(_ROUNDS, len(goods))
    first = slots - len(goods)
    for k in range(slots):
        gx = x0 + 18 + k * 40.0
        current = k == state.round and state.phase < 5
        _add(panel, "rect", x=gx - 16, y=y + 12, width=32.0, height=32.0, rx=5.0,
             fill="#fffaf0", stroke="#8a6d00" if current else "#c9bd9c",
             stroke_width=2.2 if current else 1.0)
        if k >= first:
            _goods(panel, gx, y + 28, 22.0, goods[k - first])
        _text(panel, gx, y + 54, str(k + 1), size=10.0, fill=_MUTED)
    wx = x0 + 18 + slots * 40.0 + 10
    _text(panel, wx, y, "white die", size=11.0, anchor="start", fill=_MUTED, weight="bold")
    _die(panel, wx + 6, y + 11, 34.0, state.white, fill="#ffffff",
         title=f"white die: {state.white or 'not rolled'}")
    if state.white:
        _text(panel, wx + 48, y + 28, f"round goods \u2192 depot {state.white}", size=10.0,
              anchor="start", fill=_MUTED)

    # bonus tiles left
    y = 246.0
    _text(panel, x0, y, "bonus tiles left", size=11.0, anchor="start", fill=_MUTED,
          weight="bold")
    players = rules.value_players
    for colour in Colour:
        left = state.bonus_tiles[colour] if colour < len(state.bonus_tiles) else 0
        bx = x0 + 20 + int(colour) * 82.0
        _bonus_hex(panel, bx, y + 30, 17.0, colour, 0, LARGE_BONUS.get(players, 0),
                   taken=left < 2)
        _bonus_hex(panel, bx + 32, y + 34, 12.0, colour, 1, SMALL_BONUS.get(players, 0),
                   taken=left < 1)
        _text(panel, bx + 16, y + 60, colour.label, size=9.5, fill=_MUTED)

    # turn-order track
    y = 330.0
    _text(panel, x0, y, "turn order track", size=11.0, anchor="start", fill=_MUTED,
          weight="bold")
    spaces = max(_TRACK_SPACES, len(state.track))
    width = min(62.0, 500.0 / spaces)
    for k in range(spaces):
        tx = x0 + k * width
        _add(panel, "rect", x=tx, y=y + 12, width=width - 6, height=82.0, rx=5.0,
             fill="#fffaf0", stroke="#c9bd9c", stroke_width=1.0)
        stack = state.track[k] if k < len(state.track) else ()
        for level, seat in enumerate(reversed(stack)):  # the top of the stack first
            _marker(panel, tx + (width - 6) / 2, y + 30 + level * 20.0, 10.0, seat)
        _text(panel, tx + (width - 6) / 2, y + 104, str(k + 1), size=10.0, fill=_MUTED)
    _text(panel, x0 + spaces * width + 4, y + 52, "\u2192 first", size=10.0,
          anchor="start", fill=_MUTED)

    # play order of the round
    y = 456.0
    _text(panel, x0, y, "play order", size=11.0, anchor="start", fill=_MUTED, weight="bold")
    order = state.order or play_order(state.track)
    mover = state.current_player
    for k, seat in enumerate(order):
        ox = x0 + 96 + k * 52.0
        if seat == mover:
            _add(panel, "circle", cx=ox, cy=y, r=15.0, fill="none", stroke=_seat_fill(seat),
                 stroke_width=2.5)
        _marker(panel, ox, y, 11.0, seat)
        if k + 1 < len(order):
            _text(panel, ox + 26, y, "\u203a", size=16.0, fill=_MUTED)
    if not order:
        _text(panel, x0 + 96, y, "not drawn yet", size=11.0, anchor="start", fill="#a0a0a0")

    # scores
    y = 488.0
    _text(panel, x0, y, "scores", size=11.0, anchor="start", fill=_MUTED, weight="bold")
    winners = _winners(state)
    top = max([100, *state.scores])
    rows = len(state.seats)
    step = min(26.0, 130.0 / max(rows, 1))
    for seat, vp in enumerate(state.scores):
        sy = y + 20 + seat * step
        row = _add(panel, "g", class_="score", data_seat=seat)
        _title(row, f"{_seat_name(seat)}: {vp} VP")
        _marker(row, x0 + 11, sy, min(10.0, step / 2 - 1), seat)
        _add(row, "rect", x=x0 + 28, y=sy - 7, width=380.0, height=14.0, rx=3.0,
             fill="#ebe3cc")
        _add(row, "rect", x=x0 + 28, y=sy - 7, width=max(2.0, 380.0 * vp / top),
             height=14.0, rx=3.0, fill=_seat_fill(seat))
        star = " \u2605" if seat in winners else ""
        _text(row, x0 + 416, sy, f"{vp} VP{star}", size=13.0, anchor="start", weight="bold")


def _describe(parent: ET.Element, text: str, x0: float, room: float) -> None:
    """The ruleset's line under the board's title: at 12 px when it fits ``room``, else
    smaller in two lines broken at a `` · `` (a long option, such as a generated trade-route
    deck, never runs off the board)."""
    if _text_width(text, 12.0) <= room:
        _text(parent, x0, 52, text, size=12.0, anchor="start", fill=_MUTED)
        return
    parts = text.split(" \u00b7 ")
    first = parts[0]
    rest: list[str] = []  # what goes to the second line
    for part in parts[1:]:
        if not rest and _text_width(f"{first} \u00b7 {part}", 10.5) <= room:
            first = f"{first} \u00b7 {part}"
        else:
            rest.append(part)
    lines = [first, " \u00b7 ".join(rest)] if rest else [first]
    top = 45.0 if rest else 52.0  # two lines around where the one line stands
    for k, line in enumerate(lines):
        size = min(10.5, room / (0.62 * max(len(line), 1)))
        _text(parent, x0, top + 14 * k, line, size=size, anchor="start", fill=_MUTED)


def board_svg(state: State) -> str:
    """Draw the main board.

    The six numbered depots stand in a ring, depot 1 at the top and the others clockwise,
    each with its hex spaces (in their colours; taken ones empty) and its goods; the depot of
    the white die is ringed in gold. The black depot is in the middle. Beside them: the
    phases A-E with their region bonus, the goods still on the round spaces, the white die,
    the bonus tiles left per colour, the turn-order track (the top of each stack drawn
    first), the play order of the round, and each seat's score. Below them, a strip for
    each row the variants add (:func:`burgundy.render.parts.board_rows`: the inns' stack).

    Args:
        state: The game state.

    Returns:
        A standalone SVG document.
    """
    root = _svg_root(BOARD_WIDTH, _board_height(state), "main board")
    root.append(_board_group(state))
    return _serialise(root)


# -- the whole table -----------------------------------------------------------------------
def state_svg(
    state: State, *, coordinates: bool = False, last_move: tuple[int, object] | None = None,
    seats: Sequence[int] | None = None, width: float | None = None, ledger: bool | None = None,
) -> str:
    """Draw the main board with every duchy below it, two to a row.

    Args:
        state: The game state.
        coordinates: Write each space's name (``d4``) on the duchies.
        last_move: ``(seat, action)`` of the move that led here, marked in the seat's colour:
            the space it placed on (an action with a ``space``), the depot it took from (a
            ``depot``; the black depot for a purchase), and named on the board.
        seats: Draw only these seats' duchies (default: every estate's).
        width: The picture's width in pixels (the height follows); default its natural
            size (:data:`BOARD_WIDTH` wide, wider when two duchies side by side need it).
        ledger: Draw each seat's VP ledger (where its points came from) below the duchies;
            default: once the game is over.

    Returns:
        A standalone SVG document.

    Examples:
        >>> import burgundy
        >>> from burgundy.render.svg import state_svg
        >>> game = burgundy.Game(players=2, variants=(), seed=1)
        >>> seat = game.state.current_player
        >>> action = game.legal_actions()[0]
        >>> state = game.play(action)
        >>> picture = state_svg(state, coordinates=True, last_move=(seat, action), width=600)
        >>> picture.startswith("<svg") and 'class="last-move"' in picture
        True
    """
    root = _table(state)
    _decorate(state, root, coordinates=coordinates, last_move=last_move, seats=seats,
              width=width, ledger=state.is_terminal if ledger is None else ledger)
    return _serialise(root)


def _table(state: State) -> ET.Element:
    """The board above and every duchy below it, two to a row (:func:`state_svg` before its
    options)."""
    duchies = [_duchy_group(state, index) for index in range(len(state.estates))]
    width, bottom = _lay_out(duchies, _board_height(state) + _GAP)
    root = _svg_root(width, bottom - _GAP, repr(state))
    root.append(_board_group(state))
    root.extend(duchies)
    return root


def _lay_out(duchies: Sequence[ET.Element], top: float) -> tuple[float, float]:
    """Place ``duchies`` two to a row from ``top`` down, in columns as wide as the widest
    (at least the standard duchy) and each row as high as its highest; return the width
    they and the main board need and the bottom of the last row plus a gap."""
    column = max([DUCHY_WIDTH, *(_frame_size(d)[0] for d in duchies)])
    width = BOARD_WIDTH
    for start in range(0, len(duchies), 2):
        row = duchies[start : start + 2]
        for k, duchy in enumerate(row):
            duchy.set("transform", f"translate({_num(k * (column + _GAP))},{_num(top)})")
        width = max(width, len(row) * (column + _GAP) - _GAP)
        top += max(_frame_size(d)[1] for d in row) + _GAP
    return width, top


def _centre(points: str) -> tuple[float, float, float]:
    """Centre and circumradius of a polygon drawn by :func:`_hex_points`."""
    pairs = [tuple(float(v) for v in p.split(",")) for p in points.split()]
    cx = sum(p[0] for p in pairs) / len(pairs)
    cy = sum(p[1] for p in pairs) / len(pairs)
    return cx, cy, math.hypot(pairs[0][0] - cx, pairs[0][1] - cy)


def _frame_size(duchy: ET.Element) -> tuple[float, float]:
    """Width and height of a drawn duchy (read from its frame)."""
    frame = duchy.find("rect")
    if frame is None:
        return DUCHY_WIDTH, DUCHY_HEIGHT
    return (float(frame.get("width", DUCHY_WIDTH - 2)) + 2,
            float(frame.get("height", DUCHY_HEIGHT - 2)) + 2)


def _decorate(
    state: State, root: ET.Element, *, coordinates: bool, last_move: tuple[int, object] | None,
    seats: Sequence[int] | None, width: float | None, ledger: bool,
) -> None:
    """Apply :func:`state_svg`'s options to the drawn table (found by its classes)."""
    board = root.find("g[@class='board']")
    duchies = root.findall("g[@class='duchy']")
    if board is not None:
        _goods_legend(board, BOARD_WIDTH - 214.0, 104.0)
    mover, action = last_move if last_move is not None else (-1, None)
    for duchy in duchies:
        estate = int(duchy.get("data-estate", "-1"))
        marked = action is not None and 0 <= mover < len(state.seats) and \
            state.seats[mover].estate == estate
        labels = _add(duchy, "g", class_="coordinates") if coordinates else None
        for space in duchy.iter("polygon"):
            if space.get("class") != "space":
                continue
            cx, cy, r = _centre(space.get("points", ""))
            name = space.get("data-space", "")
            if labels is not None:
                _add(labels, "text", name, x=cx, y=cy - 0.5 * r, font_size=8.5,
                     text_anchor="middle", fill="#1b1b1b", stroke="#ffffff",
                     stroke_width=2.2, paint_order="stroke", font_weight="bold")
            if marked and _space_name_of(action, state, estate) == name:
                _add(duchy, "polygon", class_="last-move", points=space.get("points"),
                     fill="none", stroke=_seat_fill(mover), stroke_width=4.5,
                     stroke_linejoin="round")
    if action is not None and board is not None:
        depot = getattr(action, "depot", None)
        if depot is None and isinstance(action, BuyTile):  # into either storage
            # the black depot, a numbered depot (knowledge #6), or none (a variant's source)
            depot = 0 if action.source == "black" else (
                int(action.source) if action.source.isdigit() else None)
        for group in board.iter("g"):
            if group.get("class") == "depot" and isinstance(depot, int) and \
                    group.get("data-depot") == str(depot):
                circle = group.find("circle")
                if circle is not None:
                    _add(group, "circle", class_="last-move", cx=circle.get("cx"),
                         cy=circle.get("cy"), r=float(circle.get("r", "90")) + 5,
                         fill="none", stroke=_seat_fill(mover), stroke_width=5.0)
        note = _add(board, "g", class_="last-move")
        _text(note, 680.0, BOARD_HEIGHT - 18, f"last move: {_seat_name(mover)} \u00b7 {action}",
              size=12.0, anchor="start", fill=_seat_fill(mover), weight="bold")
    if seats is not None:  # only these seats' duchies, laid out anew two to a row
        keep = {state.seats[s].estate for s in seats if 0 <= s < len(state.seats)}
        kept = [d for d in duchies if int(d.get("data-estate", "-1")) in keep]
        for duchy in duchies:
            if duchy not in kept:
                root.remove(duchy)
        duchies = kept
    natural, top = _lay_out(duchies, _board_height(state) + _GAP)
    if ledger:
        top = _ledger(root, state, top, natural) + _GAP
    height = top - _GAP
    root.set("viewBox", f"0 0 {_num(natural)} {_num(height)}")
    scale = (width / natural) if width else 1.0
    root.set("width", _num(natural * scale))
    root.set("height", _num(height * scale))


def _space_name_of(action: object, state: State, estate: int) -> str | None:
    """The name of the space ``action`` put something on, if it names one."""
    space = getattr(action, "space", None)
    if not isinstance(space, int):
        return None
    board = _board_of(state, state.estates[estate])
    names = board.names if board is not None else SPACE_NAMES
    return str(names[space]) if 0 <= space < len(names) else None


_GOODS_NAMES: tuple[str, ...] = ("teal", "purple", "pink", "red", "brown", "orange")


def _goods_legend(parent: ET.Element, x0: float, y0: float) -> None:
    """What the goods colours are: each goods tile with its number (the number actions
    use: ``sell 3 d5``) and its colour's name."""
    legend = _add(parent, "g", class_="goods-legend")
    _title(legend, "goods colours: " + ", ".join(
        f"{n + 1} {name}" for n, name in enumerate(_GOODS_NAMES)))
    _text(legend, x0, y0, "goods", size=11.0, anchor="start", fill=_MUTED, weight="bold")
    for k, name in enumerate(_GOODS_NAMES):
        gx = x0 + 12 + (k % 3) * 66.0
        gy = y0 + 20 + (k // 3) * 24.0
        _goods(legend, gx, gy, 18.0, k + 1)
        _text(legend, gx + 13, gy, name, size=10.0, anchor="start")


def _ledger(root: ET.Element, state: State, top: float, span: float = BOARD_WIDTH) -> float:
    """Each seat's VP ledger as a table ``span`` wide from ``top``; returns its bottom."""
    sources = sorted({source for seat in state.seats for source, _ in seat.ledger})
    rows = len(sources) + 2
    height = 44.0 + rows * 18.0
    group = _add(root, "g", class_="ledger", transform=f"translate(0,{_num(top)})")
    _title(group, "where each seat's VP came from")
    _add(group, "rect", x=1.0, y=1.0, width=span - 2, height=height - 2, rx=10.0,
         fill=_PAPER, stroke="#b9b2a3", stroke_width=1.2)
    over = "final scoring" if state.is_terminal else "VP so far"
    _text(group, 16, 20, f"ledger \u00b7 {over}", size=14.0, anchor="start", weight="bold")
    column = min(160.0, (span - 260.0) / max(len(state.seats), 1))
    winners = _winners(state)
    for seat in range(len(state.seats)):
        x = 240.0 + seat * column
        _marker(group, x, 40, 9.0, seat)
        star = " \u2605" if seat in winners else ""
        _text(group, x + 14, 40, f"{_seat_name(seat)}{star}", size=11.0, anchor="start",
              weight="bold")
    for k, source in enumerate([*sources, "total"]):
        y = 62.0 + k * 18.0
        row = _add(group, "g", class_="ledger-row", data_source=source)
        if k % 2 == 0:
            _add(row, "rect", x=10.0, y=y - 9, width=span - 20, height=18.0,
                 fill="#f1ead8")
        _text(row, 20, y, source, size=11.0, anchor="start",
              weight="bold" if source == "total" else None)
        for seat, entry in enumerate(state.seats):
            vp = entry.vp if source == "total" else dict(entry.ledger).get(source, 0)
            _text(row, 240.0 + seat * column + 40, y, str(vp), size=11.0, anchor="end",
                  weight="bold" if source == "total" else None)
    return top + height


def repr_svg(state: State) -> str:
    """Return :func:`state_svg` of ``state``: the body of ``State._repr_svg_`` for Jupyter.

    Args:
        state: The game state.

    Returns:
        A standalone SVG document.
    """
    return state_svg(state)
