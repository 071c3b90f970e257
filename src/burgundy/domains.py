"""Names for the integer domains the engine's signatures use.

Every one is a plain ``int`` at run time (a type alias: no wrapping, no cost); the name says
which integers a parameter takes, so ``placement_mask(state, seat, tile) -> SpaceMask``
reads as what it is.

Examples:
    >>> from burgundy.domains import ANY_DIE, NO_DIE, Die
    >>> die: Die = ANY_DIE
    >>> (die, NO_DIE)
    (0, -1)
"""

from __future__ import annotations

from typing import TypeAlias

TileCode: TypeAlias = int
"""A tile kind's code: its index in the tile catalogue (``burgundy.components.TILES``);
0-51 the core's, variants' from their reserved ranges or 128."""
Space: TypeAlias = int
"""A duchy space: its index on its board (0 .. ``Board.size - 1``)."""
SpaceMask: TypeAlias = int
"""A set of duchy spaces as a bitmask (bit ``s`` for space ``s``)."""
SeatIndex: TypeAlias = int
"""A seat: its index in ``State.seats`` (clockwise from 0)."""
EstateIndex: TypeAlias = int
"""An estate (duchy): its index in ``State.estates``."""
Die: TypeAlias = int
"""A die as an action uses it: its rolled value 1-6 (a die of the seat's hand),
:data:`ANY_DIE`, :data:`NO_DIE`, or ``LOOSE_DIE + v`` (7-12): a die showing ``v`` that is
not in the hand (:func:`loose_die`)."""
ANY_DIE: Die = 0
"""A die of any value (a castle's bonus action)."""
NO_DIE: Die = -1
"""No die at all (a building's free placement or take)."""
LOOSE_DIE: Die = 6
"""Offset of a *loose* die: ``LOOSE_DIE + v`` is a die showing ``v`` (1-6) that is not in
the seat's hand. Workers change it as they change a die of the hand and cost what they
cost there, but using it spends no die of the hand (the white castle's action uses the
white die's value so, R-WHITE-CASTLE)."""


def loose_die(value: int) -> Die:
    """The :data:`Die` of a loose die showing ``value`` (1-6): one not in the hand.

    Examples:
        >>> from burgundy.domains import loose_die, die_value
        >>> loose_die(3), die_value(loose_die(3)), die_value(3)
        (9, 3, 3)
    """
    return LOOSE_DIE + value


def die_value(die: Die) -> int:
    """The value a die shows: its rolled value for a die of the hand, the value of a
    loose die (:func:`loose_die`); 0 for :data:`ANY_DIE`, -1 for :data:`NO_DIE`."""
    return die - LOOSE_DIE if die > LOOSE_DIE else die
