"""Dice: what a die may be used as, and what that costs in workers.

Workers change a die by ±1 each, round the ring 6↔1 (rulebook: "changing a 6 to a 1 or a 1
to a 6 also costs a worker"). The cost of using a die showing ``die`` as ``value`` is the
shorter way round; variants change it through ``burgundy_die_cost``.
"""

from __future__ import annotations

import attrs

from burgundy.actions import ANY_DIE, NO_DIE
from burgundy.state import State

TAKE = "take"
"""Die use: take a hex from a numbered depot."""
PLACE = "place"
"""Die use: place a hex."""
SELL = "sell"
"""Die use: sell goods."""
WORKERS = "workers"
"""Die use: take workers."""


@attrs.frozen(slots=True)
class DieUse:
    """What a die is being used for, passed to ``burgundy_die_cost`` modifiers.

    Attributes:
        kind: ``"take"``, ``"place"``, ``"sell"`` or ``"workers"``.
        tile: The hex placed (tile code); -1 for the other uses.
        die: The die's rolled value (0: any value, -1: no die).
        value: The value it is used as.
    """

    kind: str
    tile: int
    die: int
    value: int


def ring_steps(die: int, value: int) -> int:
    """Return the ±1 steps from ``die`` to ``value`` going the shorter way round 1-6."""
    d = abs(die - value)
    return min(d, 6 - d)


RING: tuple[tuple[int, ...], ...] = tuple(
    tuple(ring_steps(die, value) for value in range(7)) for die in range(7)
)
"""``RING[die][value]``: :func:`ring_steps` as a table (index 0 unused)."""


_USES: dict[tuple[str, int, int, int], DieUse] = {}


def die_cost(state: State, seat: int, kind: str, tile: int, die: int, value: int) -> int:
    """Return the workers seat ``seat`` pays to use ``die`` as ``value``.

    The ring distance, lowered by the ``burgundy_die_cost`` modifiers (never raised: the
    result is capped at the ring distance). A die of any value (``die == 0``) or no die
    (``die == -1``) costs nothing.
    """
    if die in (ANY_DIE, NO_DIE):
        return 0
    base = cost = RING[die][value]
    modifiers = state.rules.engine.die_cost
    if modifiers:
        key = (kind, tile, die, value)
        use = _USES.get(key)
        if use is None:
            use = _USES[key] = DieUse(kind, tile, die, value)
        for modifier in modifiers:
            cost = modifier(state, seat, use, cost)
    return min(cost, base)


def affordable(
    state: State, seat: int, kind: str, tile: int, die: int, value: int, workers: int
) -> bool:
    """Whether seat ``seat`` can pay (with ``workers``) to use ``die`` as ``value``.

    Modifiers only ever lower the cost (it is capped at the ring distance), so the
    modifiers are consulted only when the ring distance alone is too dear.
    """
    if die <= 0 or RING[die][value] <= workers:
        return True
    return bool(state.rules.engine.die_cost) and (
        die_cost(state, seat, kind, tile, die, value) <= workers
    )


def dice_after(state: State, seat: int, die: int) -> dict[str, tuple[int, ...]]:
    """Seat changes for using a die of rolled value ``die`` (none for any or no die)."""
    if die in (ANY_DIE, NO_DIE):
        return {}
    dice = list(state.seats[seat].dice)
    dice.remove(die)
    return {"dice": tuple(dice)}


def use_die(state: State, seat: int, die: int) -> State:
    """Return ``state`` with one die of rolled value ``die`` removed from seat ``seat``.

    A die of any value or no die removes nothing.
    """
    if die in (ANY_DIE, NO_DIE):
        return state
    from burgundy.rules.income import set_seat

    dice = list(state.seats[seat].dice)
    dice.remove(die)
    return set_seat(state, seat, dice=tuple(dice))
