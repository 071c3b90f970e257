"""A seat's turn: two die actions in any order, at most one purchase, then the turn ends.

The purchase from the black depot may come before, between or after the die actions; in the
2019 edition also in the middle of an action, while an effect's decision is pending.
"""

from __future__ import annotations

from functools import cache

from burgundy._data import load
from burgundy.actions import ANY_DIE, Action, TakeWorkers
from burgundy.components import distinct
from burgundy.domains import loose_die
from burgundy.pending import LooseDieAction, Pending, Turn
from burgundy.rules.dice import (
    TAKE,
    CostFunction,
    cost_functions,
    usable_values,
)
from burgundy.rules.place import place_actions
from burgundy.rules.sell import sell_actions
from burgundy.rules.take import can_receive, purchase_actions, take_actions
from burgundy.state import State

TAKE_WORKERS: int = int(load("mainboard")["take_workers"])
"""Workers the take-workers die action gives (2; variants add through
``burgundy_income["take_workers"]``)."""


def die_actions(
    state: State, seat: int, dice: tuple[int, ...], room: bool | None = None
) -> list[Action]:
    """The four die actions with the given dice (distinct rolled values, or ``(0,)`` for a
    die of any value): take a hex, place a hex, sell goods, take workers. ``room``: the
    seat's :func:`~burgundy.rules.take.can_receive` if known."""
    workers = state.estates[state.seats[seat].estate].workers
    functions: tuple[CostFunction, ...] = ()  # needed only below 3 workers
    if workers < 3 and state.rules.engine.die_cost:
        functions = cost_functions(state, seat)
    if room is None:
        room = can_receive(state, seat)
    actions: list[Action] = []
    for die in dice:  # the depots it can take from
        reach = usable_values(functions, TAKE, -1, die, workers)
        actions += take_actions(state, seat, die, reach, room=room)
    actions += place_actions(state, seat, dice, functions=functions)
    actions += sell_actions(state, seat, dice, functions)
    actions += workers_options(dice)
    return actions


def bonus_action_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """A castle's bonus: any die action with a die of any value (R-CASTLE)."""
    return tuple(die_actions(state, item.seat, (ANY_DIE,)))


def loose_die_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """A :class:`~burgundy.pending.LooseDieAction`: any die action with a die showing its
    value that is not in the hand (workers may change it)."""
    assert isinstance(item, LooseDieAction)
    return tuple(die_actions(state, item.seat, (loose_die(item.value),)))


@cache
def workers_options(dice: tuple[int, ...]) -> tuple[TakeWorkers, ...]:
    """The take-workers actions with the given dice (one shared tuple per dice)."""
    return tuple(TakeWorkers(die) for die in dice)


def turn_legal(state: State, item: Pending) -> list[Action]:
    """The die actions of the seat's unused dice and its purchases (a new list: the engine
    adds the variants' extra actions and End to it)."""
    dice = state.seats[item.seat].dice
    if len(dice) > 1:  # (one die or none: nothing repeats, no call)
        dice = distinct(dice)
    if not dice:
        return list(purchase_actions(state, item.seat))
    room = can_receive(state, item.seat)  # the takes' room is the purchases' too: asked once
    actions = die_actions(state, item.seat, dice, room)
    actions.extend(purchase_actions(state, item.seat, room))
    return actions


def purchase_open(state: State, item: Pending) -> bool:
    """Whether purchases belong to the decision ``item`` besides its own answers.

    On the seat's turn itself, always; inside an effect's decision only in the 2019 edition
    and only for the seat whose turn it is.
    """
    if isinstance(item, Turn):
        return False  # turn_legal lists them
    if state.rules.edition != "2019" or not state.order:
        return False
    turn_seat = state.order[state.turn] if state.turn < len(state.order) else -1
    return item.seat == turn_seat and any(isinstance(p, Turn) for p in state.pending)


def mid_action_purchases(state: State, item: Pending) -> list[Action]:
    """Purchases open inside an effect's decision (2019 edition)."""
    return list(purchase_actions(state, item.seat)) if purchase_open(state, item) else []
