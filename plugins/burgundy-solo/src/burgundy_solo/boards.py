"""The solo boards 13a and 13b, built from ``data/boards.json`` (R-SOLO-RIVER).

Each board is a :class:`~burgundy.geometry.Board` of its own layout: its spaces are named
as the data names them (``A00``-``A36`` on 13a, ``B01``-``B37`` on 13b), each territory is
a group of hex-adjacent spaces, the printed river segments are links (neighbours for the
adjacency rule, never merging regions), and the regions are the data's. No start space:
the start castle goes on a castle space the player chooses (S3/P2).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from burgundy.plugin import Board, Cell, Colour, board_from_cells, brief

BOARD_IDS: tuple[str, ...] = ("13a", "13b")
"""The solo boards: 13a (beginners, the default) and 13b (advanced; the 2018 promo's side B)."""
ARTS: tuple[str, ...] = ("2019", "2018")
"""The board art editions: the 2019 box (default) and the 2018 promo; they differ in one die
of 13a (space A19: 3 in 2019, 1 in 2018)."""


@cache
def board_data() -> dict[str, Any]:
    """The packaged data of both boards (``data/boards.json``), by board id."""
    text = resources.files("burgundy_solo.data").joinpath("boards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)["boards"]
    return data


def _cells(entry: dict[str, Any], art: str) -> list[Cell]:
    """The board's spaces in data order, with the art's dice."""
    dice = {change["id"]: change["die"] for change in entry["art"].get(art, ())}
    cells = []
    for territory, spec in entry["territories"].items():
        origin_x, origin_y = spec["origin"]
        for row, cells_of_row in enumerate(spec["rows"]):
            for cell in cells_of_row:
                cells.append(Cell(
                    cell["id"], Colour.from_label(cell["colour"]),
                    dice.get(cell["id"], cell["die"]),
                    origin_x + cell["x"] / 2, origin_y + row, group=territory,
                ))
    return cells


def _whole_river(cells: list[Cell], links: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The links with every two ship spaces of one river joined (option ``solo_whole_river``):
    ship spaces connected through the printed segments all become neighbours."""
    ships = {cell.name for cell in cells if cell.colour == Colour.RIVER}
    parent = {cell.name: cell.name for cell in cells}

    def root(name: str) -> str:
        while parent[name] != name:
            name = parent[name]
        return name

    for a, b in links:
        parent[root(a)] = root(b)
    joined = list(links)
    by_river: dict[str, list[str]] = {}
    for name in sorted(ships):
        by_river.setdefault(root(name), []).append(name)
    for names in by_river.values():
        joined += [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    return joined


@cache
def solo_board(board_id: str, art: str = "2019", whole_river: bool = False) -> Board:
    """Return solo board ``board_id`` (``"13a"`` or ``"13b"``) in board art ``art``.

    Args:
        board_id: ``"13a"`` or ``"13b"``.
        art: ``"2019"`` or ``"2018"`` (:data:`ARTS`).
        whole_river: Join every two ship spaces of one river (option ``solo_whole_river``).

    Raises:
        ValueError: No such board or art.

    Examples:
        >>> from burgundy_solo.boards import solo_board
        >>> board = solo_board("13a")
        >>> board.size, len(board.castle_spaces()), board.start
        (37, 4, -1)
        >>> board.dice[board.space_by_name["A19"]], solo_board("13a", "2018").dice[
        ...     board.space_by_name["A19"]]
        (3, 1)
    """
    entries = board_data()
    if board_id not in entries:
        raise ValueError(f"no solo board {brief(board_id)}; valid: {list(BOARD_IDS)}")
    if art not in ARTS:
        raise ValueError(f"no solo board art {brief(art)}; valid: {list(ARTS)}")
    entry = entries[board_id]
    cells = _cells(entry, art)
    links = [(a, b) for a, b in entry["river_links"]]
    if whole_river:
        links = _whole_river(cells, links)
    return board_from_cells(
        board_id, cells, links, regions=entry["regions"], name=entry["name"],
        confidence=entry["confidence"], note=entry["edition"],
    )
