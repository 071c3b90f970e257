"""Board 12a, built from ``data/boards.json`` (R-TEAM-DUCHY), and a team board given by
the caller (option ``team_board``: side 12b is not known, so it is not shipped).

The left half 12a1 and the right half 12a2 are two 37-space hexagons that share one space:
the last of the left half's middle row is the first of the right half's (the start
castle's, die 1). Together one duchy of 73 spaces; where the halves touch their spaces are
neighbours (rows b, c, e and f meet across the seam), so regions and colours run across.
Spaces are named by half, row and place: ``La1`` .. ``Lg4`` on the left, ``Ra1`` .. ``Rg4``
on the right; the shared space is ``Ld7``.

A caller who has another team board (side 12b) gives it as data, the spaces with their
picture positions (as :func:`burgundy.geometry.board_from_cells` reads them: two spaces are
neighbours when they lie in one row one hex width apart, or in neighbouring rows half a
width apart), and the two castle spaces the team may start on, marked 1 and 6 (T3)::

    {"id": "12b",
     "cells": [{"name": "La1", "colour": "castle", "die": 6, "x": 1.5, "y": 0}, ...],
     "start": ["Ld7", "Rb3"],          # a castle space with die 1 and one with die 6
     "name": "team 12b", "confidence": "read from my box"}      # optional

:func:`team_cells` gives board 12a's spaces in that form, a starting point for a board of
the same outline.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from burgundy.plugin import Board, Cell, Colour, bits, board_from_cells, brief

BOARD_ID = "12a"
"""The team board's id."""
SHARED = "Ld7"
"""The space both halves share: the start castle's."""
ROWS = "abcdefg"
START_DICE = (1, 6)
"""The die numbers of a caller board's two start spaces (T3: "a space numbered 1 or 6")."""
OPTION = "team_board"
"""The option that names the team board: ``"12a"`` or a caller's board (see above)."""

CustomCell = tuple[str, str, int, float, float]
"""A caller board's space as the option keeps it: ``(name, colour, die, x, y)``."""
CustomBoard = tuple[str, str, str, tuple[CustomCell, ...], tuple[str, str]]
"""A caller's team board as option ``team_board`` keeps it: ``(id, name, confidence, cells,
start spaces)``."""
_CELL_KEYS = ("name", "colour", "die", "x", "y")
_BOARD_KEYS = ("id", "name", "confidence", "cells", "start")


@cache
def board_data() -> dict[str, Any]:
    """The packaged data of board 12a (``data/boards.json``)."""
    text = resources.files("burgundy_team.data").joinpath("boards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _cells() -> list[Cell]:
    data = board_data()
    cells: list[Cell] = []
    for half, offset in (("L", 0.0), ("R", 6.0)):
        for k, row in enumerate(data["left" if half == "L" else "right"]):
            for i, cell in enumerate(row):
                if half == "R" and k == 3 and i == 0:
                    continue  # the shared space, already the left half's Ld7
                x = offset + abs(3 - k) * 0.5 + i
                cells.append(Cell(f"{half}{ROWS[k]}{i + 1}", Colour.from_label(cell["colour"]),
                                  int(cell["die"]), x, float(k)))
    return cells


@cache
def team_board() -> Board:
    """Return board 12a.

    Examples:
        >>> from burgundy_team.boards import team_board
        >>> board = team_board()
        >>> board.size, board.names[board.start]
        (73, 'Ld7')
    """
    data = board_data()
    return board_from_cells(
        BOARD_ID, _cells(), start=SHARED, name="team 12a", confidence=data["confidence"],
        note=data["note"],
    )


def team_cells() -> list[dict[str, Any]]:
    """Board 12a's spaces in the form of option ``team_board``'s ``cells``.

    Examples:
        >>> from burgundy_team.boards import team_cells
        >>> cells = team_cells()
        >>> len(cells), cells[0]
        (73, {'name': 'La1', 'colour': 'castle', 'die': 6, 'x': 1.5, 'y': 0.0})
    """
    return [{"name": c.name, "colour": c.colour.label, "die": c.die, "x": c.x, "y": c.y}
            for c in _cells()]


def _fail(what: str) -> ValueError:
    return ValueError(f"option {OPTION!r}: {what}"[:200])


def _number(value: Any, what: str) -> float:
    if type(value) not in (int, float) or value != value or abs(value) > 1000:
        raise _fail(f"{what} must be a number; got {brief(value)}")
    return float(value)


def _cell(entry: Any, k: int) -> CustomCell:
    if isinstance(entry, (list, tuple)) and len(entry) == len(_CELL_KEYS):
        entry = dict(zip(_CELL_KEYS, entry, strict=True))
    if not isinstance(entry, Mapping) or set(entry) != set(_CELL_KEYS):
        raise _fail(f"cell {k} must have exactly the keys {', '.join(_CELL_KEYS)}; got "
                    f"{brief(entry)}")
    name = entry["name"]
    if not isinstance(name, str) or not (name[:1].isalpha() and name.isalnum()
                                         and name.isascii() and len(name) <= 8):
        raise _fail(f"cell {k}: 'name' must be up to 8 letters and digits, a letter first; "
                    f"got {brief(name)}")
    colour = entry["colour"]
    if not isinstance(colour, str) or colour.upper() not in Colour.__members__:
        valid = ", ".join(c.label for c in Colour)
        raise _fail(f"cell {name}: unknown colour {brief(colour)}; valid: {valid}")
    die = entry["die"]
    if type(die) is not int or not 1 <= die <= 6:
        raise _fail(f"cell {name}: 'die' must be a number 1-6; got {brief(die)}")
    x, y = _number(entry["x"], f"cell {name}: 'x'"), _number(entry["y"], f"cell {name}: 'y'")
    if (2 * x) % 1 or y % 1:
        raise _fail(f"cell {name}: 'x' must be a multiple of 0.5 and 'y' a whole number "
                    f"(hex widths and rows)")
    return name, colour.lower(), die, x, y


def _custom(value: Any) -> CustomBoard:
    """A caller's board in the form the option keeps (given as a mapping, or already in
    that form, as a record's JSON gives it back)."""
    if isinstance(value, (list, tuple)) and len(value) == len(_BOARD_KEYS):
        value = dict(zip(_BOARD_KEYS, value, strict=True))
    if not isinstance(value, Mapping):
        raise _fail(f"must be '12a' or a board with 'id', 'cells' and 'start'; got "
                    f"{brief(value)}")
    unknown = sorted(set(value) - set(_BOARD_KEYS))
    if unknown:
        raise _fail(f"unknown key {brief(unknown[0])}; valid: {', '.join(_BOARD_KEYS)}")
    board_id = value.get("id")
    if not isinstance(board_id, str) or not board_id.isalnum() or len(board_id) > 12:
        raise _fail(f"'id' must be a short name of letters and digits; got {brief(board_id)}")
    if board_id == BOARD_ID:
        raise _fail(f"id {BOARD_ID!r} is the shipped board's")
    cells_in = value.get("cells")
    if not isinstance(cells_in, (list, tuple)) or not 2 <= len(cells_in) <= 200:
        raise _fail(f"'cells' must be a list of 2-200 spaces; got {brief(cells_in)}")
    cells = tuple(_cell(entry, k) for k, entry in enumerate(cells_in))
    names = [c[0] for c in cells]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise _fail(f"space {brief(twice[0])} named twice")
    places = [(c[3], c[4]) for c in cells]
    if len(set(places)) != len(places):
        raise _fail("two spaces at one position")
    start = value.get("start")
    by_name = {c[0]: c for c in cells}
    if (not isinstance(start, (list, tuple)) or len(start) != 2
            or any(not isinstance(s, str) or s not in by_name for s in start)
            or any(by_name[s][1] != "castle" for s in start)
            or sorted(by_name[s][2] for s in start) != list(START_DICE)):
        raise _fail(f"'start' must name two castle spaces, one with die 1 and one with die "
                    f"6 (T3); got {brief(start)}")
    text = [value.get(key) or "" for key in ("name", "confidence")]
    if any(not isinstance(t, str) for t in text):
        raise _fail("'name' and 'confidence' must be strings")
    kept = (board_id, text[0] or f"team {board_id} (caller's data)",
            text[1] or "given by the caller", cells, (start[0], start[1]))
    board = custom_board(kept)
    reached = frontier = 1
    while frontier:
        grow = 0
        for s in bits(frontier):
            grow |= board.neighbours[s]
        frontier = grow & ~reached
        reached |= frontier
    if reached != board.all_spaces:
        raise _fail(f"space {board.names[(~reached & board.all_spaces).bit_length() - 1]!r} "
                    "touches no other: the spaces must form one board")
    return kept


def check_team_board(value: Any, rules: Any) -> str | CustomBoard:
    """The check of option ``team_board``: ``"12a"`` or a caller's board (see the module
    docstring), kept as a :data:`CustomBoard`.

    Raises:
        ValueError: Neither; the message names the bad key or space.

    Examples:
        >>> from burgundy_team.boards import check_team_board, team_cells
        >>> check_team_board("12a", None)
        '12a'
        >>> cells = team_cells()
        >>> check_team_board({"id": "12b", "cells": cells, "start": ["Ld7", "La1"]}, None)[0]
        '12b'
        >>> check_team_board({"id": "12b", "cells": cells, "start": ["Ld7"]}, None)
        Traceback (most recent call last):
        ...
        ValueError: option 'team_board': 'start' must name two castle spaces, one with die 1 ...
    """
    if value == BOARD_ID:
        return BOARD_ID
    return _custom(value)


@cache
def custom_board(entry: CustomBoard) -> Board:
    """The :class:`~burgundy.geometry.Board` of a caller's team board (as the option keeps
    it): no fixed start, the start castle on one of its two marked spaces.

    Examples:
        >>> from burgundy_team.boards import check_team_board, custom_board, team_cells
        >>> entry = check_team_board(
        ...     {"id": "12b", "cells": team_cells(), "start": ["Ld7", "La1"]}, None)
        >>> board = custom_board(entry)
        >>> board.start, [board.names[s] for s in board.start_castle_spaces()]
        (-1, ['La1', 'Ld7'])
    """
    board_id, name, confidence, cells, start = entry
    return board_from_cells(
        board_id, [Cell(n, Colour.from_label(c), d, x, y) for n, c, d, x, y in cells],
        start_choices=list(start), name=name, confidence=confidence,
        note="a team board given by the caller",
    )
