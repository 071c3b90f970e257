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
"""A die as an action uses it: its rolled value 1-6, :data:`ANY_DIE` or :data:`NO_DIE`."""
ANY_DIE: Die = 0
"""A die of any value (a castle's bonus action)."""
NO_DIE: Die = -1
"""No die at all (a building's free placement or take)."""
