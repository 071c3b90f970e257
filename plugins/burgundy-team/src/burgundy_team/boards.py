"""Board 12a, built from ``data/boards.json`` (R-TEAM-DUCHY).

The left half 12a1 and the right half 12a2 are two 37-space hexagons that share one space:
the last of the left half's middle row is the first of the right half's (the start
castle's, die 1). Together one duchy of 73 spaces; where the halves touch their spaces are
neighbours (rows b, c, e and f meet across the seam), so regions and colours run across.
Spaces are named by half, row and place: ``La1`` .. ``Lg4`` on the left, ``Ra1`` .. ``Rg4``
on the right; the shared space is ``Ld7``.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from burgundy.components import Colour
from burgundy.geometry import Board, Cell, board_from_cells

BOARD_ID = "12a"
"""The team board's id."""
SHARED = "Ld7"
"""The space both halves share: the start castle's."""
ROWS = "abcdefg"


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
