"""What variants add to the pictures: rows of cells drawn with an estate.

A variant implements :func:`burgundy.hookspecs.burgundy_picture_rows` and returns, for an
estate, :class:`PictureRow` values: a label and a row of :class:`PictureCell` values, each a
short text that may be marked with a goods colour and may hold a goods tile. The text
picture prints them under the estate's duchy; the SVG pictures draw them below the duchy
board, one strip per row, the cells of one group (a trade-route tile, say) side by side
in one frame. :func:`estate_rows` collects them for one estate. Rows for the main board
(:func:`burgundy.hookspecs.burgundy_picture_rows`: the inns' stack) are drawn the
same way under it; :func:`board_rows` collects them.

A variant's components that lie on the board's own places are marks, one
:class:`PictureCell` each: on a depot (the ``"depot"`` key: the shields on the goods
spaces; :func:`depot_marks` collects them) and on a duchy's spaces (the ``"space"`` key: a
shield on a castle; :func:`space_marks`). The text picture writes them beside the depot and
under the duchy; the SVG pictures draw them as badges on the depot and on the space's hex.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from burgundy.hook_values import PictureCell as PictureCell  # re-exported: its home before 1.0
from burgundy.hook_values import PictureRow as PictureRow  # re-exported
from burgundy.state import State

_Part = TypeVar("_Part", PictureRow, PictureCell)

__all__ = [
    "PictureCell", "PictureRow", "board_rows", "depot_marks", "estate_rows", "space_marks",
]


def _joined(answers: Iterable[Iterable[_Part]]) -> tuple[_Part, ...]:
    """The variants' answers to one picture hook, one after the other (variant order)."""
    return tuple(item for answer in answers for item in answer)


def estate_rows(state: State, estate: int) -> tuple[PictureRow, ...]:
    """The rows the enabled variants add to estate ``estate``'s pictures, in variant order
    (the answers of the ``burgundy_picture_rows["estate"]`` hook).

    Args:
        state: The game state.
        estate: Index into ``state.estates``.

    Returns:
        The rows; ``()`` when no variant adds any (the base game).

    Examples:
        >>> import burgundy
        >>> from burgundy.render.parts import estate_rows
        >>> estate_rows(burgundy.Ruleset(players=2, variants=()).initial_state(), 0)
        ()
    """
    return _joined(part(state, estate) for part in state.rules.engine.picture_rows)


def board_rows(state: State) -> tuple[PictureRow, ...]:
    """The rows the enabled variants add to the main board's pictures, in variant order
    (the answers of the ``burgundy_picture_rows["board"]`` hook).

    Args:
        state: The game state.

    Returns:
        The rows; ``()`` when no variant adds any (the base game).

    Examples:
        >>> import burgundy
        >>> from burgundy.render.parts import board_rows
        >>> board_rows(burgundy.Ruleset(players=2, variants=()).initial_state())
        ()
    """
    return _joined(part(state) for part in state.rules.engine.board_picture_rows)


def depot_marks(state: State, depot: int) -> tuple[PictureCell, ...]:
    """The marks the enabled variants lay on a depot, in variant order (the answers of the
    ``burgundy_picture_rows["depot"]`` hook).

    Args:
        state: The game state.
        depot: The depot: 1-6 a numbered one, 0 the black depot.

    Returns:
        The marks; ``()`` when no variant lays any (the base game).

    Examples:
        >>> import burgundy
        >>> from burgundy.render.parts import depot_marks
        >>> depot_marks(burgundy.Ruleset(players=2, variants=()).initial_state(), 1)
        ()
    """
    return _joined(part(state, depot) for part in state.rules.engine.depot_marks)


def space_marks(state: State, estate: int) -> dict[int, tuple[PictureCell, ...]]:
    """The marks the enabled variants lay on estate ``estate``'s spaces, by space index,
    each space's in variant order (the answers of the ``burgundy_picture_rows["space"]``
    hook).

    Args:
        state: The game state.
        estate: Index into ``state.estates``.

    Returns:
        The marks of each marked space; ``{}`` when no variant lays any (the base game).

    Examples:
        >>> import burgundy
        >>> from burgundy.render.parts import space_marks
        >>> space_marks(burgundy.Ruleset(players=2, variants=()).initial_state(), 0)
        {}
    """
    marks: dict[int, tuple[PictureCell, ...]] = {}
    for part in state.rules.engine.space_marks:
        for space, cell in part(state, estate).items():
            marks[space] = (*marks.get(space, ()), cell)
    return dict(sorted(marks.items()))
