"""Rounds, turns and phase ends.

Each round: the start player rolls the white die, everyone rolls their two dice, the round's
goods go to the white die's depot (R-WHITE), then each seat takes a turn in turn order. After
five rounds the phase ends: mines pay, and the next phase is laid out; after phase E the
final scoring ends the game.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from burgundy._data import load
from burgundy.components import MINE
from burgundy.hook_values import Income
from burgundy.pending import (
    BeginTurns,
    DiceRoll,
    Pending,
    PhaseEnd,
    PhaseIncome,
    PhaseStart,
    RoundStart,
    Turn,
    WhiteRoll,
)
from burgundy.rules.income import gain, push, set_seat, update
from burgundy.rules.scoring import final_scoring, first_seat_of_estates, play_order
from burgundy.state import Seat, State, changed, copier, replace

_BOARD = load("mainboard")
PHASE_NAMES: tuple[str, ...] = tuple(_BOARD["phases"])
"""The phases' letters, ``("A", "B", "C", "D", "E")``; ``state.phase`` indexes them."""
PHASES: int = len(PHASE_NAMES)
"""Phases in a game (5: A-E); ``state.phase == PHASES`` once the game is over."""
ROUNDS_PER_PHASE: int = int(_BOARD["rounds_per_phase"])
"""Rounds in a phase (5)."""
MINE_SILVER: int = int(_BOARD["mine_silver"])
"""Silverlings per mine at a phase end (1)."""


def run_round_start(state: State, item: Pending) -> State:
    """Fix the round's play order from the track, then roll the white die and the dice
    (the step is popped here: ``PendingRule.pops``)."""
    order = play_order(state.track)
    return changed(state, {
        "order": order, "turn": 0, "white": 0,
        "pending": (*state.pending[:-1], *_round_steps(order)),
    })


@cache
def _round_steps(order: tuple[int, ...]) -> tuple[Pending, ...]:
    """What a round starts with, the top last: the white roll, each seat's roll in play
    order, then the first turn."""
    return (BeginTurns(), *(DiceRoll(roller=seat) for seat in reversed(order)), WhiteRoll())


def resolve_white(state: State, item: Pending, outcome: int) -> State:
    """The white die shows ``outcome`` (the roll is popped here: ``PendingRule.pops``)."""
    return _WHITE_ROLLED(state, {"white": outcome, "pending": state.pending[:-1]})


def resolve_dice(state: State, item: Pending, outcome: tuple[int, int]) -> State:
    """Seat ``item.roller``'s dice show ``outcome`` (the roll is popped here)."""
    roller: int = item.roller  # type: ignore[attr-defined]  # a DiceRoll
    return update(
        state, roller, {"rolled": tuple(sorted(outcome)), "dice": ()}, None,
        {"pending": state.pending[:-1]},
    )


# the copy function of a frequent chance step, looked up once
_WHITE_ROLLED = copier(State, "white", "pending")
_WITH_PENDING = copier(State, "pending")


def run_begin_turns(state: State, item: Pending) -> State:
    """The round's goods tile goes to the white die's depot; the first turn starts (the step
    is popped here: ``PendingRule.pops``)."""
    changes: dict[str, Any] = {"pending": state.pending[:-1]}
    if state.round_goods:
        goods, rest = state.round_goods[0], state.round_goods[1:]
        depot_goods = list(state.depot_goods)
        held = list(depot_goods[state.white - 1])
        held[goods - 1] += 1
        depot_goods[state.white - 1] = tuple(held)
        changes["round_goods"] = rest
        changes["depot_goods"] = tuple(depot_goods)
    handlers = state.rules.engine.on_round_start
    if not handlers:
        return start_turn(state, 0, changes)
    state = changed(state, changes)
    for handler in handlers:
        state = handler(state)
    return start_turn(state, 0)


def start_turn(state: State, turn: int, changes: dict[str, Any] | None = None) -> State:
    """Start the turn of ``state.order[turn]``, making ``changes`` (a fresh dict of new
    values by field name; its ``pending`` is the stack the turn goes on, by default the
    state's) in the same copy."""
    seat = state.order[turn]
    seats = list(state.seats)
    seats[seat] = _DICE_IN_HAND(seats[seat], {"dice": seats[seat].rolled})
    if changes is None:
        changes = {}
    below = changes.get("pending", state.pending)
    changes["seats"] = tuple(seats)
    changes["turn"] = turn
    changes["purchased"] = False
    changes["pending"] = (*below, _turn(seat))
    state = changed(state, changes)
    for handler in state.rules.engine.on_turn_start:
        state = handler(state, seat)
    return state


_turn = cache(Turn)  # one shared Turn item per seat (pending items are frozen)
_DICE_IN_HAND = copier(Seat, "dice")


def end_turn(state: State) -> State:
    """End the current turn, whose ``Turn`` is on top of the stack: the next seat's turn,
    the next round or the phase end."""
    seat = state.order[state.turn]
    below = state.pending[:-1]
    if state.seats[seat].dice:
        state = set_seat(state, seat, dice=())
    if state.turn + 1 < len(state.order):
        return start_turn(state, state.turn + 1, {"pending": below})
    if state.round + 1 < ROUNDS_PER_PHASE:
        return changed(state, {"round": state.round + 1, "pending": (*below, _ROUND_START)})
    return _WITH_PENDING(state, {"pending": (*below, _PHASE_END)})


_ROUND_START = RoundStart()  # shared: pending items are frozen values
_PHASE_END = PhaseEnd()


def run_phase_end(state: State, item: Pending) -> State:
    """Phase end: the variants' phase-end events; decisions they push are answered before
    the income (:func:`run_phase_income`)."""
    state = push(state, PhaseIncome())
    for handler in state.rules.engine.on_phase_end:
        state = handler(state)
    return state


def mines(state: State, estate: int) -> int:
    """The mines in estate ``estate``'s duchy: its tiles whose kind's effect is ``mine``
    (the core's mine; not a kind without effect, such as a solo black tile)."""
    spaces = state.estates[estate].spaces
    codes = state.rules.engine.tiles.mine_codes
    if codes == _MINE_ONLY:
        return spaces.count(MINE)
    return sum(spaces.count(code) for code in codes)


_MINE_ONLY = (MINE,)


def run_phase_income(state: State, item: Pending) -> State:
    """Mine income, then the next phase or the final scoring."""
    engine = state.rules.engine
    for estate, seat in sorted(first_seat_of_estates(state).items()):
        income = Income(silver=mines(state, estate) * MINE_SILVER)
        for modifier in engine.mine_income:
            income = modifier(state, estate, income)
        state = gain(state, seat, income, "mines")
    if state.phase + 1 < PHASES:
        return push(replace(state, phase=state.phase + 1, round=0), PhaseStart())
    state = replace(state, phase=PHASES, order=(), turn=0)
    state = final_scoring(state)
    for handler in engine.on_game_end:
        state = handler(state)
    return state
