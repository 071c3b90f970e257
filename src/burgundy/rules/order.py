"""Unordered pending items: the seat chooses which of them to resolve next.

A variant may declare pending types *unordered*
(:attr:`~burgundy.variant_info.VariantInfo.unordered_pending`; the solo module's S18,
"actions and effects are resolved in any order", R-SOLO-ORDER). The stack then holds
*units*: an unordered decision together with the unordered automatic steps directly
beneath it (what it leaves to be done right after it: the solo clearing after a ship's
goods), which move with it. When the top of the stack is an unordered decision and the
units of the same seat directly beneath it make two or more (the *run*, down to the first
item that is neither), the engine pushes an :class:`~burgundy.pending.OrderChoice` on top
(:func:`choice_due`); its answers are one :class:`~burgundy.actions.ResolveFirst` per
unit, which moves that unit to the top with a :class:`~burgundy.pending.ChosenNext`
marker under its decision, so the decision is then resolved as usual. Answering (or
skipping) it removes the marker; whatever it brings joins the rest of the run, and the
next choice is among them all.

Examples:
    >>> from burgundy.rules.order import kind_label
    >>> kind_label("ColourReward"), kind_label("ShipGoods")
    ('colour-reward', 'ship-goods')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from burgundy import actions as act
from burgundy import pending as pen
from burgundy.rules.income import _WITH_PENDING, pop, push

if TYPE_CHECKING:
    from burgundy.state import RulesView, State

MAX_SAME = 4
"""How many units of one pending type a choice names apart (``first building-take 2``
...): the fifth and later of one type in a run are reached once the ones above are
resolved (this bounds the action-id space)."""

_CAPITAL = re.compile(r"(?<!^)(?=[A-Z])")


def kind_label(name: str) -> str:
    """The text a pending type's name has in :class:`~burgundy.actions.ResolveFirst`: its
    words in lower case, joined by ``-``."""
    return _CAPITAL.sub("-", name).lower()


def units(state: State, top: int) -> list[tuple[int, int]]:
    """The run of units of the unordered decision at ``state.pending[top]``: for each unit
    from the top down, ``(start, end)``, the slice of the stack it is (its steps, then its
    decision at ``end - 1``). A unit's decision is an unordered decision of the top
    item's seat; its steps are the unordered automatic steps directly beneath it."""
    pending = state.pending
    engine = state.rules.engine
    unordered, decisions = engine.unordered, engine.decisions
    seat = pending[top].seat
    out: list[tuple[int, int]] = []
    i = top
    while i >= 0:
        head = pending[i]
        if head.seat != seat or type(head) not in unordered or type(head) not in decisions:
            break
        j = i - 1
        while j >= 0 and pending[j].seat == pen.AUTO_SEAT and type(pending[j]) in unordered:
            j -= 1
        out.append((j + 1, i + 1))
        i = j
    return out


def choice_due(state: State) -> bool:
    """Whether the unordered decision on top of ``state``'s stack needs an
    :class:`~burgundy.pending.OrderChoice` first: it was not chosen already (no
    :class:`~burgundy.pending.ChosenNext` beneath it) and its run has two or more units."""
    pending = state.pending
    if len(pending) >= 2 and type(pending[-2]) is pen.ChosenNext:
        return False
    return len(units(state, len(pending) - 1)) >= 2


def push_choice(state: State) -> State:
    """``state`` with an :class:`~burgundy.pending.OrderChoice` of the top item's seat on
    top."""
    return push(state, pen.OrderChoice(state.pending[-1].seat))


def _choices(state: State, top: int) -> list[tuple[act.ResolveFirst, tuple[int, int]]]:
    """Each unit of the run at ``top`` and the action that chooses it (at most
    :data:`MAX_SAME` of one type)."""
    seen: dict[str, int] = {}
    out = []
    for start, end in units(state, top):
        label = kind_label(type(state.pending[end - 1]).__name__)
        nth = seen.get(label, 0)
        seen[label] = nth + 1
        if nth < MAX_SAME:
            out.append((act.ResolveFirst(label, nth), (start, end)))
    return out


def order_legal(state: State, item: pen.Pending) -> tuple[act.Action, ...]:
    """The answers of an :class:`~burgundy.pending.OrderChoice` (on top): one
    :class:`~burgundy.actions.ResolveFirst` per unit of the run beneath it, from the top;
    none (the choice is skipped) when fewer than two are left."""
    top = len(state.pending) - 2
    if top < 0 or type(state.pending[top]) not in state.rules.engine.unordered:
        return ()
    found = _choices(state, top)
    return tuple(action for action, _ in found) if len(found) >= 2 else ()


def apply_resolve_first(state: State, seat: int, action: act.ResolveFirst) -> State:
    """Move the chosen unit to the top (the choice is popped already), with a
    :class:`~burgundy.pending.ChosenNext` beneath its decision."""
    for candidate, (start, end) in _choices(state, len(state.pending) - 1):
        if candidate == action:
            pending = state.pending
            moved = (*pending[start:end - 1], pen.ChosenNext(), pending[end - 1])
            return _WITH_PENDING(state, {"pending": pending[:start] + pending[end:] + moved})
    raise ValueError(f"{action}: no such unordered item is due")  # legal actions only


def drop_chosen(state: State) -> State:
    """``state`` without the :class:`~burgundy.pending.ChosenNext` on top, if one is (the
    engine calls it once the chosen decision above it is popped)."""
    if state.pending and type(state.pending[-1]) is pen.ChosenNext:
        return pop(state)
    return state


def run_chosen(state: State, item: pen.Pending) -> State:
    """A :class:`~burgundy.pending.ChosenNext` that surfaced (its decision was skipped):
    nothing more to do (it is popped already)."""
    return state


def unordered_types(rules: RulesView) -> frozenset[type]:
    """The pending types the ruleset's variants declare unordered.

    Examples:
        >>> import burgundy
        >>> unordered_types(burgundy.Ruleset(players=2, variants=()))
        frozenset()
    """
    return frozenset(t for info in rules.infos for t in info.unordered_pending)


def resolve_first_space(rules: RulesView) -> list[act.ResolveFirst]:
    """Every :class:`~burgundy.actions.ResolveFirst` of ``rules``: each unordered decision
    type's label, :data:`MAX_SAME` times (none without unordered types).

    Examples:
        >>> import burgundy
        >>> len(resolve_first_space(burgundy.Ruleset(players=1, variants=("solo",))))
        36
        >>> resolve_first_space(burgundy.Ruleset(players=2, variants=()))
        []
    """
    engine = rules.engine
    labels = sorted(kind_label(t.__name__) for t in engine.unordered if t in engine.decisions)
    return [act.ResolveFirst(label, nth) for label in labels for nth in range(MAX_SAME)]
