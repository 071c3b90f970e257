"""The base game as the first plugin: the rules of the core's own action and pending types.

Like pytest's default plugins, this module implements the same hooks a variant does
(``burgundy_rules``), and every :class:`burgundy.Ruleset` registers it before its
variants: :mod:`burgundy.rules.engine` only compiles the answers and dispatches. What a
type does is here, in one table each: the pending types (:data:`PENDING_RULES`: the
decisions, the chance events with their outcomes, the automatic steps) and the action types
(:data:`ACTION_RULES`); ``Decline`` and ``EndTurn`` are the engine's own, as they answer
every decision the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from burgundy import actions as act
from burgundy import pending as pen
from burgundy.hook_values import Income
from burgundy.hookspecs import hookimpl
from burgundy.pending import ActionRule, Chance, Decision, PendingKind, Step, TypeRule
from burgundy.rules import effects, order, phases, setup, take, turn
from burgundy.rules.dice import use_die
from burgundy.rules.income import gain
from burgundy.rules.place import apply_place, town_hall_legal
from burgundy.rules.sell import apply_sell

if TYPE_CHECKING:
    from collections.abc import Mapping

    from burgundy.state import RulesView, State

NAME = "base"
"""The name the base game's plugin is registered under (no variant may have it)."""


def _start_castle_legal(state: State, item: pen.Pending) -> tuple[act.Action, ...]:
    """The castle spaces a seat may put its start castle on (option ``start_castle``)."""
    board = state.rules.engine.boards[state.seat_estate(item.seat).board]
    return tuple(act.ChooseSpace(space, board.layout) for space in board.start_castle_spaces())


def _apply_choose_space(state: State, seat: int, action: act.ChooseSpace) -> State:
    return setup.place_start_castle(state, state.seats[seat].estate, action.space)


_WORKERS_INCOME = Income(workers=turn.TAKE_WORKERS)


def _apply_workers(state: State, seat: int, action: act.TakeWorkers) -> State:
    """The take-workers die action: 2 workers, as the ``"take_workers"`` income modifiers
    say (rulebook p. 6)."""
    state = use_die(state, seat, action.die)
    income = _WORKERS_INCOME
    for modifier in state.rules.engine.take_workers_income:
        income = modifier(state, seat, income)
    return gain(state, seat, income, "take workers")


WHITE_OUTCOMES: tuple[tuple[int, float], ...] = tuple((v, 1 / 6) for v in range(1, 7))
"""The white die's outcomes."""
DICE_OUTCOMES: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)
)
"""A seat's two dice as an unordered pair: doubles 1/36, others 2/36."""


def _white_outcomes(state: State, item: pen.Pending) -> tuple[tuple[int, float], ...]:
    return WHITE_OUTCOMES


def _dice_outcomes(state: State, item: pen.Pending) -> tuple[tuple[tuple[int, int], float], ...]:
    return DICE_OUTCOMES


PENDING_RULES: dict[type, PendingKind] = {
    pen.StartPlayerDraw: Chance(setup.start_player_outcomes, setup.resolve_start_player),
    pen.BoardDraw: Chance(setup.board_outcomes, setup.resolve_board),
    pen.GoodsDraw: Chance(setup.goods_outcomes, setup.resolve_goods, pops=True),
    pen.HexDraw: Chance(
        setup.hex_outcomes, setup.resolve_hex, pops=True, validate=setup.validate_hex_draw
    ),
    pen.WhiteRoll: Chance(_white_outcomes, phases.resolve_white, pops=True),
    pen.DiceRoll: Chance(_dice_outcomes, phases.resolve_dice, pops=True),
    pen.StartCastles: Step(setup.run_start_castles),
    pen.PhaseStart: Step(setup.run_phase_start),
    pen.RoundStart: Step(phases.run_round_start, pops=True),
    pen.BeginTurns: Step(phases.run_begin_turns, pops=True),
    pen.PhaseEnd: Step(phases.run_phase_end),
    pen.PhaseIncome: Step(phases.run_phase_income),
    pen.Turn: Decision(turn.turn_legal),
    pen.StartCastleChoice: Decision(_start_castle_legal),
    pen.ShipGoods: Decision(effects.ship_goods_legal),
    pen.BonusAction: Decision(turn.bonus_action_legal),
    pen.LooseDieAction: Decision(turn.loose_die_legal),
    pen.BuildingTake: Decision(
        effects.building_take_legal, optional=True, validate=effects.validate_building_take
    ),
    pen.WarehouseSell: Decision(effects.warehouse_legal, optional=True),
    pen.TownHallPlace: Decision(town_hall_legal, optional=True, purchase_helps=True),
    pen.StowTile: Decision(
        take.stow_legal, extras=False, answer=take.answer_stow, validate=take.validate_stow
    ),
    pen.OrderChoice: Decision(order.order_legal, extras=False),
    pen.ChosenNext: Step(order.run_chosen),
}
"""The rule of each of the core's pending types."""

ACTION_RULES: dict[type, ActionRule] = {
    act.TakeTile: ActionRule(take.apply_take),
    act.PlaceTile: ActionRule(apply_place),
    act.PlaceTileOwn: ActionRule(apply_place),
    act.SellGoods: ActionRule(apply_sell),
    act.TakeWorkers: ActionRule(_apply_workers),
    act.BuyTile: ActionRule(take.apply_buy, free=True),
    act.TakeGoods: ActionRule(effects.apply_take_goods),
    act.ChooseSpace: ActionRule(_apply_choose_space),
    act.ResolveFirst: ActionRule(order.apply_resolve_first),
}
"""The rule of each of the core's action types (``Decline`` and ``EndTurn`` are the
engine's own). A purchase is free: the decision it is made in stays pending."""


@hookimpl
def burgundy_rules(rules: RulesView) -> Mapping[type, TypeRule]:
    """The base game's types and their rules (:data:`PENDING_RULES`, :data:`ACTION_RULES`).

    Examples:
        >>> import burgundy
        >>> from burgundy.pending import Turn
        >>> from burgundy.rules import base
        >>> type(base.burgundy_rules(burgundy.Ruleset(variants=()))[Turn]).__name__
        'Decision'
    """
    table: dict[type, Any] = {**PENDING_RULES, **ACTION_RULES}
    return table
