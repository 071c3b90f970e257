"""The outposts variant's state."""

from __future__ import annotations

import attrs

NAME = "outposts"
"""The variant's name (its entry point and the key of its state)."""
FORTS = 3
"""Forts beside every outpost board (O1)."""
PAIRS: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (1, 2))
"""The three pairs of forts, by fort index: bit ``k`` of :attr:`OutpostsState.linked` is
pair ``PAIRS[k]``."""
ALL_PAIRS = (1 << len(PAIRS)) - 1
"""The :attr:`OutpostsState.linked` mask of an estate whose three forts are all linked."""
NO_BONUS = -1
"""An estate's entry in :attr:`OutpostsState.bonus` while it has no outpost bonus tile."""


@attrs.frozen(slots=True)
class OutpostsState:
    """The outposts' part of a state (the variant's state, key ``"outposts"``).

    Attributes:
        linked: Per estate, the pairs of forts linked so far (bit ``k``: pair
            :data:`PAIRS` ``[k]``); each scored the phase value once (R-OUTPOSTS).
        bonus: Per estate, the outpost bonus tile it took: 0 the large one, 1 the small
            one, :data:`NO_BONUS` none (R-OUTPOSTS-BONUS; not in ``Estate.bonus``, so
            knowledge #26 does not count it).

    Examples:
        >>> from burgundy_outposts.model import OutpostsState
        >>> OutpostsState(linked=(0, 0), bonus=(-1, -1)).bonus_left
        2
    """

    linked: tuple[int, ...]
    bonus: tuple[int, ...]

    @property
    def bonus_left(self) -> int:
        """Outpost bonus tiles still to be taken (2: both, 1: the small one, 0: none)."""
        return 2 - sum(1 for b in self.bonus if b != NO_BONUS)
