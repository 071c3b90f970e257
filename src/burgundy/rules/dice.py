"""Dice: what a die may be used as, and what that costs in workers.

Workers change a die by ±1 each, round the ring 6↔1 (rulebook: "changing a 6 to a 1 or a 1
to a 6 also costs a worker"). The cost of using a die showing ``die`` as ``value`` is the
shorter way round; variants change it through ``burgundy_die_cost``.
"""

from __future__ import annotations

from collections.abc import Callable

from burgundy.domains import LOOSE_DIE, Die, SeatIndex, TileCode, die_value
from burgundy.hook_values import DieUse as DieUse  # re-exported: its home before 1.0
from burgundy.rules.income import update
from burgundy.state import State

TAKE = "take"
"""Die use: take a hex from a numbered depot."""
PLACE = "place"
"""Die use: place a hex."""
SELL = "sell"
"""Die use: sell goods."""
WORKERS = "workers"
"""Die use: take workers."""


def ring_steps(die: Die, value: int) -> int:
    """Return the ±1 steps from ``die`` to ``value`` going the shorter way round 1-6 (a
    loose die, :func:`~burgundy.domains.loose_die`, from the value it shows)."""
    d = abs(die_value(die) - value)
    return min(d, 6 - d)


DIE_CODES: int = 2 * LOOSE_DIE + 1
"""Rows of the die tables (:data:`RING`, :data:`REACH`): the dice 0-6 and the loose dice
7-12."""
RING: tuple[tuple[int, ...], ...] = tuple(
    tuple(ring_steps(die, value) for value in range(7))
    for die in range(DIE_CODES)
)
"""``RING[die][value]``: :func:`ring_steps` as a table (index 0 unused), the loose dice
(7-12) as the values they show."""


_USES: dict[tuple[str, int, int, int], DieUse] = {}

CostFunction = Callable[[DieUse, int], int]
"""A seat's die-cost modifier: ``f(use, cost) -> cost`` (see ``burgundy_die_cost``)."""


def cost_functions(state: State, seat: SeatIndex) -> tuple[CostFunction, ...]:
    """Return the die-cost modifiers that apply to seat ``seat`` in ``state``.

    Each ``burgundy_die_cost`` hook gives a function of ``(state, seat)`` that returns a
    cost function for that seat, or ``None`` when it changes nothing for it (the usual
    answer, which keeps the common case a table lookup).
    """
    found = []
    for bind in state.rules.engine.die_cost:
        function = bind(state, seat)
        if function is not None:
            found.append(function)
    return tuple(found)


def _lowered(
    functions: tuple[CostFunction, ...], kind: str, tile: TileCode, die: Die, value: int
) -> int:
    """The ring cost of ``die`` as ``value`` after ``functions``, capped at the ring cost."""
    base = cost = RING[die][value]
    key = (kind, tile, die, value)
    use = _USES.get(key)
    if use is None:
        use = _USES[key] = DieUse(kind, tile, die, value)
    for function in functions:
        cost = function(use, cost)
    return min(cost, base)


def cost_with(
    functions: tuple[CostFunction, ...], kind: str, tile: TileCode, die: Die, value: int
) -> int:
    """Return what using ``die`` as ``value`` costs given a seat's :func:`cost_functions`
    (computed once by a caller that asks about many uses)."""
    if die <= 0:
        return 0
    if not functions or not RING[die][value]:
        return RING[die][value]
    return _lowered(functions, kind, tile, die, value)


def die_cost(
    state: State, seat: SeatIndex, kind: str, tile: TileCode, die: Die, value: int
) -> int:
    """Return the workers seat ``seat`` pays to use ``die`` as ``value``.

    The ring distance, lowered by the ``burgundy_die_cost`` modifiers (never raised: the
    result is capped at the ring distance). A die of any value (``die == 0``) or no die
    (``die == -1``) costs nothing.
    """
    if die <= 0 or not RING[die][value]:
        return 0  # (nothing to lower: the seat's cost functions are not even asked for)
    functions = cost_functions(state, seat) if state.rules.engine.die_cost else ()
    return cost_with(functions, kind, tile, die, value)


def affordable(
    state: State, seat: SeatIndex, kind: str, tile: TileCode, die: Die, value: int,
    workers: int,
) -> bool:
    """Whether seat ``seat`` can pay (with ``workers``) to use ``die`` as ``value``."""
    return die_cost(state, seat, kind, tile, die, value) <= workers


ALL_VALUES: int = 0b1111110
"""Value mask with every die value 1-6 (bit ``v`` for value ``v``)."""

REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << value for value in range(1, 7) if die > 0 and RING[die][value] <= workers)
        for workers in range(4)
    )
    for die in range(DIE_CODES)
)
"""``REACH[die][workers]``: mask of the values (bit ``v`` for value ``v``) a die showing
``die`` reaches with ``workers`` (0-3) workers at ring cost."""


def usable_values(
    functions: tuple[CostFunction, ...], kind: str, tile: TileCode, die: Die, workers: int
) -> int:
    """Return the mask of values (bit ``v`` for value ``v``) ``die`` can be used as.

    Exact on every value: with cost functions, each value the ring does not reach is asked
    about once, and the answer is kept by all the arguments (the functions included).

    Args:
        functions: The seat's :func:`cost_functions`.
        kind: The die use (:data:`TAKE`, :data:`PLACE`, ...).
        tile: The hex placed, or -1.
        die: The die's rolled value (0: any value, -1: no die; both reach every value).
        workers: Workers the seat can pay.

    Examples:
        >>> from burgundy.rules.dice import PLACE, usable_values
        >>> bin(usable_values((), PLACE, -1, 3, 1))  # a 3 with one worker: 2, 3 or 4
        '0b11100'
    """
    if die <= 0 or workers >= 3:
        return ALL_VALUES
    mask = REACH[die][workers]
    if functions:
        key = (functions, kind, tile, die, workers)
        known = _REACHED.get(key)
        if known is not None:
            return known
        for value in range(1, 7):
            if not mask >> value & 1 and _lowered(functions, kind, tile, die, value) <= workers:
                mask |= 1 << value
        if len(_REACHED) >= 16384:
            _REACHED.clear()
        _REACHED[key] = mask
    return mask


_REACHED: dict[tuple[tuple[CostFunction, ...], str, int, int, int], int] = {}
""":func:`usable_values` with cost functions, by all its arguments (a cost function is a
pure function of its arguments: the key holds the functions themselves, so an answer is
never taken for another function's). Bounded. Not keyed by the values a caller needs,
as it once was (consulting only those): it then missed three times as often
(docs/performance.md, "Round three")."""


def dice_after(state: State, seat: SeatIndex, die: Die) -> dict[str, tuple[int, ...]]:
    """Seat changes for using a die of rolled value ``die`` (none for any or no die, nor
    for a loose die: it is not in the hand)."""
    if die <= 0 or die > LOOSE_DIE:
        return {}
    dice = list(state.seats[seat].dice)
    dice.remove(die)
    return {"dice": tuple(dice)}


def use_die(state: State, seat: SeatIndex, die: Die) -> State:
    """Return ``state`` with one die of rolled value ``die`` removed from seat ``seat``.

    A die of any value, no die or a loose die removes nothing.
    """
    changes = dice_after(state, seat, die)
    return update(state, seat, changes) if changes else state
