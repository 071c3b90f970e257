"""The shields in the pictures (the core's ``burgundy_picture_rows`` hook): a badge for each
shield on a depot's goods space (``"depot"``) and on a duchy's castle (``"space"``), each
estate's shields with their VP (``"estate"``) and, beside the main board, how many lie face
down and which left the game (``"board"``). Each cell's title says what the shield does
(the short text of ``data/shields.json``)."""

from __future__ import annotations

from burgundy.plugin import PictureCell, PictureRow, State
from burgundy_shields.effects import shields
from burgundy_shields.model import DATA, shield_vp


def shield_text(number: int) -> str:
    """What shield ``number`` is, in a line: ``"shield 4 (12 VP): no limit on hex storage"``.

    Examples:
        >>> from burgundy_shields.pictures import shield_text
        >>> shield_text(4)
        'shield 4 (12 VP): no limit on hex storage'
    """
    return f"shield {number} ({shield_vp(number)} VP): {DATA['shields'][str(number)]['short']}"


def _badge(number: int) -> PictureCell:
    return PictureCell(f"#{number}", title=shield_text(number))


def depot_marks(state: State, depot: int) -> tuple[PictureCell, ...]:
    """The shields on numbered depot ``depot``'s goods space (none on the black depot).

    Examples:
        >>> import burgundy
        >>> from burgundy_shields.pictures import depot_marks
        >>> game = burgundy.Game(players=2, variants=("shields",), seed=1)
        >>> [len(depot_marks(game.state, depot)) for depot in range(7)]
        [0, 1, 1, 1, 1, 1, 1]
    """
    if not 1 <= depot <= 6:
        return ()
    return tuple(_badge(number) for number in shields(state).depots[depot - 1])


def space_marks(state: State, estate: int) -> dict[int, PictureCell]:
    """The shields on estate ``estate``'s castles, by space."""
    return {space: _badge(number) for space, number in shields(state).placed[estate]}


def estate_rows(state: State, estate: int) -> tuple[PictureRow, ...]:
    """Estate ``estate``'s shields with their end VP, and the seat whose knowledge tiles
    shield #6 lends it; no row while it has none."""
    current = shields(state)
    cells = [PictureCell(f"#{number} {shield_vp(number)} VP", title=shield_text(number))
             for number in sorted(current.shields_of(estate))]
    lender = current.borrow[estate] if current.borrow else -1
    if lender >= 0:
        cells.append(PictureCell(f"seat {lender}'s knowledge", group=1,
                                 title=f"shield 6: seat {lender}'s knowledge tiles work here"))
    if not cells:
        return ()
    groups = ("", "borrowed") if lender >= 0 else ()
    return (PictureRow("shields", tuple(cells), groups),)


def board_rows(state: State) -> tuple[PictureRow, ...]:
    """How many shields lie face down and which left the game (paid off at a tribute).

    Examples:
        >>> import burgundy
        >>> from burgundy_shields.pictures import board_rows
        >>> game = burgundy.Game(players=2, variants=("shields",), seed=1)
        >>> [cell.text for cell in board_rows(game.state)[0].cells]
        ['12 face down']
    """
    current = shields(state)
    cells = [PictureCell(f"{len(current.supply)} face down", group=0,
                         title="shields not drawn yet: their numbers are hidden")]
    cells += [PictureCell(f"#{number}", group=1, title=shield_text(number))
              for number in current.removed]
    groups = ("", "out of the game") if current.removed else ()
    return (PictureRow("shields", tuple(cells), groups),)
