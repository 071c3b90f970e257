"""A seat's turn: two die actions in any order, at most one purchase, then the turn ends.

The purchase from the black depot may come before, between or after the die actions; in the
2019 edition also in the middle of an action, while an effect's decision is pending.
"""

from __future__ import annotations

from burgundy.actions import Action
from burgundy.pending import Pending, Turn
from burgundy.rules.effects import die_actions
from burgundy.rules.take import purchase_actions
from burgundy.state import State


def turn_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """The die actions of the seat's unused dice and its purchases."""
    dice = tuple(sorted(set(state.seats[item.seat].dice)))
    actions = die_actions(state, item.seat, dice) if dice else []
    actions.extend(purchase_actions(state, item.seat))
    return tuple(actions)


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
