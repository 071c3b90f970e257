"""The outpost boards: the rulebook's example as board ``11x`` (from ``data/boards.json``)
and the caller's own boards (option ``outpost_custom_boards``).

Every outpost board has the standard 37-space layout (its spaces are named ``a1``-``g4``
as on the box's duchies) and three forts printed beside it, each a
:class:`~burgundy.geometry.Landmark` of kind ``"fort"`` with the spaces it touches.

Which of the 2019 box's boards 11a-11f the example is was not legible, and the other five
are not known: they are not shipped, and the special edition's outpost layouts (#23-#30)
are not passed off as them. A caller who has the boards gives them as data::

    {"id": "11a",                                  # not a board id of the ruleset
     "rows": ["CBBC", "YYYYY", "SGBBSG", "BSBBBGM", "BSBBGM", "CSYGC", "MSGB"],
     "dice": [[6, 5, 4, 3], ...],                  # optional: the box's shared die template
     "forts": {"top-left": ["b1", "c1"], ...},     # optional: the printed three positions
     "name": "...", "confidence": "..."}           # optional
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from burgundy.plugin import ROW_LENGTHS, SPACE_BY_NAME, Board, Landmark, brief, make_board
from burgundy.plugin import board as box_board
from burgundy.plugin import boards as box_boards
from burgundy_outposts.model import FORTS

EXAMPLE = "11x"
"""The id of the rulebook's example board (2019 rulebook p12; one of 11a-11f, letter not
legible; equal to the special edition's duchy #23)."""
FORT = "fort"
"""The :attr:`~burgundy.geometry.Landmark.kind` of a fort."""
_LETTERS = frozenset("CGSBYM")
_CENTRE = (3.0, 3.0)  # the picture position of the standard layout's centre, d4

CustomBoard = tuple[str, str, str, tuple[str, ...], tuple[tuple[int, ...], ...],
                    tuple[tuple[str, tuple[str, ...]], ...]]
"""A caller's board as option ``outpost_custom_boards`` keeps it: ``(id, name,
confidence, rows, dice, forts)``, forts as ``(name, space names)``."""


@cache
def _data() -> dict[str, Any]:
    text = resources.files("burgundy_outposts.data").joinpath("boards.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def printed_forts() -> dict[str, tuple[str, ...]]:
    """The three fort positions of the example board, as the spaces each touches
    (``boards-extra.json`` ``outpost_forts``, medium confidence); the default of a
    caller's board without ``forts``.

    Examples:
        >>> from burgundy_outposts.boards import printed_forts
        >>> printed_forts()
        {'top-left': ('b1', 'c1'), 'top-right': ('b5', 'c6'), 'bottom': ('g2', 'g3')}
    """
    forts = _data()["boards"][EXAMPLE]["forts"]
    return {name: tuple(spaces) for name, spaces in forts.items()}


def _position(name: str, spaces: tuple[str, ...], board: Board) -> tuple[float, float]:
    """Where fort ``name`` is drawn: the printed position of a fort of that name, else one
    hex width beyond its spaces, away from the centre."""
    printed = _data()["fort_positions"]
    if name in printed and set(spaces) == set(printed_forts().get(name, ())):
        x, y = printed[name]
        return float(x), float(y)
    points = [board.positions[SPACE_BY_NAME[s]] for s in spaces]
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    dx, dy = mx - _CENTRE[0], my - _CENTRE[1]
    length = math.hypot(dx, dy) or 1.0
    return mx + dx / length, my + dy / length


def _build(
    board_id: str, rows: list[str], dice: list[list[int]], forts: Mapping[str, tuple[str, ...]],
    name: str, confidence: str, note: str,
) -> Board:
    plain = make_board(board_id, rows, dice, name, confidence, note)
    marks = tuple(
        Landmark(fort, *_position(fort, spaces, plain),
                 touches=sum(1 << SPACE_BY_NAME[s] for s in spaces), kind=FORT)
        for fort, spaces in forts.items()
    )
    return make_board(board_id, rows, dice, name, confidence, note, dealt=False,
                      editions=("2019",), landmarks=marks)


@cache
def example_board() -> Board:
    """The rulebook's example board ``11x`` with its three forts.

    Examples:
        >>> from burgundy_outposts.boards import example_board
        >>> board = example_board()
        >>> board.id, [m.name for m in board.landmarks], board.dealt
        ('11x', ['top-left', 'top-right', 'bottom'], False)
    """
    entry = _data()["boards"][EXAMPLE]
    return _build(EXAMPLE, entry["rows"], entry["dice"], printed_forts(), entry["name"],
                  entry["confidence"], entry["note"])


def _template() -> list[list[int]]:
    dice = box_board("1").dice
    out, start = [], 0
    for length in ROW_LENGTHS:
        out.append(list(dice[start:start + length]))
        start += length
    return out


def _fail(k: int, what: str) -> ValueError:
    return ValueError(f"option 'outpost_custom_boards': board {k}: {what}"[:200])


def _custom(entry: Any, k: int) -> CustomBoard:
    """One caller board in the form the option keeps (given as a mapping, or already in
    that form, as a record's JSON gives it back)."""
    if isinstance(entry, (list, tuple)) and len(entry) == 6:
        forts = entry[5]
        if (not isinstance(forts, (list, tuple))
                or any(not isinstance(f, (list, tuple)) or len(f) != 2 for f in forts)):
            raise _fail(k, f"forts must be [name, spaces] pairs; got {brief(forts)}")
        entry = dict(zip(("id", "name", "confidence", "rows", "dice"), entry[:5], strict=True),
                     forts={str(f[0]): f[1] for f in forts})
    if not isinstance(entry, Mapping):
        raise _fail(k, f"must be a mapping with 'id' and 'rows'; got {brief(entry)}")
    unknown = sorted(set(entry) - {"id", "rows", "dice", "forts", "name", "confidence"})
    if unknown:
        raise _fail(k, f"unknown key {brief(unknown[0])}; valid: id, rows, dice, forts, "
                       f"name, confidence")
    board_id = entry.get("id")
    if not isinstance(board_id, str) or not board_id.isalnum() or len(board_id) > 12:
        raise _fail(k, f"'id' must be a short name of letters and digits; got {brief(board_id)}")
    if board_id == EXAMPLE or board_id in box_boards():
        raise _fail(k, f"id {brief(board_id)} is taken (the box's boards and {EXAMPLE!r})")
    rows = entry.get("rows")
    if (not isinstance(rows, (list, tuple)) or len(rows) != len(ROW_LENGTHS)
            or any(not isinstance(r, str) or len(r) != n or not set(r) <= _LETTERS
                   for r, n in zip(rows, ROW_LENGTHS, strict=True))):
        raise _fail(k, f"'rows' must be 7 strings of {list(ROW_LENGTHS)} letters of "
                       f"C G S B Y M; got {brief(rows)}")
    dice = entry.get("dice")
    if dice is None:
        dice = _template()
    if (not isinstance(dice, (list, tuple)) or len(dice) != len(ROW_LENGTHS)
            or any(not isinstance(r, (list, tuple)) or len(r) != n
                   or any(type(d) is not int or not 1 <= d <= 6 for d in r)
                   for r, n in zip(dice, ROW_LENGTHS, strict=True))):
        raise _fail(k, f"'dice' must be 7 rows of {list(ROW_LENGTHS)} numbers 1-6; got "
                       f"{brief(dice)}")
    forts = entry.get("forts")
    if forts is None:
        forts = printed_forts()
    if not isinstance(forts, Mapping) or len(forts) != FORTS:
        raise _fail(k, f"'forts' must map {FORTS} fort names to the spaces each touches; "
                       f"got {brief(forts)}")
    kept: list[tuple[str, tuple[str, ...]]] = []
    for fort, spaces in forts.items():
        if (not isinstance(fort, str) or not fort or not isinstance(spaces, (list, tuple))
                or not spaces or any(s not in SPACE_BY_NAME for s in spaces)
                or len(set(spaces)) != len(spaces)):
            raise _fail(k, f"fort {brief(fort)}: give one or more distinct space names "
                           f"(a1-g4); got {brief(spaces)}")
        kept.append((fort, tuple(spaces)))
    text = [entry.get(key, "") for key in ("name", "confidence")]
    if any(not isinstance(t, str) for t in text):
        raise _fail(k, "'name' and 'confidence' must be strings")
    return (board_id, text[0] or f"Outposts {board_id} (caller's data)",
            text[1] or "given by the caller", tuple(rows),
            tuple(tuple(r) for r in dice), tuple(kept))


def check_custom_boards(value: Any, rules: Any) -> tuple[CustomBoard, ...]:
    """The check of option ``outpost_custom_boards``: a list of caller boards (see the
    module docstring), kept as a tuple of :data:`CustomBoard`.

    Raises:
        ValueError: A bad board (the message names it and the bad key) or an id twice.

    Examples:
        >>> from burgundy_outposts.boards import check_custom_boards
        >>> rows = ["CBBC", "YYYYY", "SGBBSG", "BSBBBGM", "BSBBGM", "CSYGC", "MSGB"]
        >>> [b[0] for b in check_custom_boards([{"id": "11a", "rows": rows}], None)]
        ['11a']
        >>> check_custom_boards([{"id": "11a"}], None)
        Traceback (most recent call last):
        ...
        ValueError: option 'outpost_custom_boards': board 0: 'rows' must be 7 strings ...
    """
    if value is None or value == ():
        return ()
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"option 'outpost_custom_boards' must be a list of boards; got "
                         f"{brief(value)}")
    kept = tuple(_custom(entry, k) for k, entry in enumerate(value))
    ids = [b[0] for b in kept]
    twice = sorted({b for b in ids if ids.count(b) > 1})
    if twice:
        raise ValueError(f"option 'outpost_custom_boards': board id {brief(twice[0])} twice")
    return kept


@cache
def custom_board(entry: CustomBoard) -> Board:
    """The :class:`~burgundy.geometry.Board` of a caller's board (as the option keeps it).

    Examples:
        >>> from burgundy_outposts.boards import check_custom_boards, custom_board
        >>> rows = ["CBBC", "YYYYY", "SGBBSG", "BSBBBGM", "BSBBGM", "CSYGC", "MSGB"]
        >>> entry, = check_custom_boards([{"id": "11a", "rows": rows}], None)
        >>> custom_board(entry).confidence
        'given by the caller'
    """
    board_id, name, confidence, rows, dice, forts = entry
    return _build(board_id, list(rows), [list(r) for r in dice], dict(forts), name,
                  confidence, "an outpost board given by the caller")


@cache
def fort_masks(board: Board) -> tuple[int, ...]:
    """The mask of the spaces each fort of ``board`` touches, in fort order.

    Examples:
        >>> from burgundy_outposts.boards import example_board, fort_masks
        >>> len(fort_masks(example_board()))
        3
    """
    return tuple(m.touches for m in board.landmarks if m.kind == FORT)
