"""An example variant plugin: the tithe.

Once per turn a player may pay 1 silverling to the church for 1 VP, and every sale earns
1 VP more. It shows the whole plugin surface in a few lines: a ``VariantInfo``, a namespaced
variant state (tithes paid per seat), an action type of its own, an extra legal action, the
action's rule, an event handler, an income modifier, a set-up function and the check of
its state on loading (``burgundy_validate``: the conformance kit's tamper check,
``burgundy.testing.check_tampering``, requires one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import attrs

from burgundy.plugin import (
    Action,
    ActionRule,
    EventHandlers,
    Income,
    IncomeModifiers,
    Pending,
    Ruleset,
    State,
    Turn,
    VariantInfo,
    add_silver,
    add_vp,
    hookimpl,
)


@attrs.frozen(slots=True)
class TitheState:
    """Tithes paid by each seat, and whether the seat to move paid this turn."""

    paid: tuple[int, ...]
    this_turn: bool = False


@attrs.frozen(slots=True)
class PayTithe(Action):
    """Pay 1 silverling for 1 VP (once per turn)."""

    def __str__(self) -> str:
        return "tithe"


@hookimpl
def burgundy_variant() -> VariantInfo:
    return VariantInfo(
        name="tithe", version="0.1.0", summary="Pay a silverling for a VP once per turn.",
        state_type=TitheState, action_types=(PayTithe,),
    )


@hookimpl
def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
    return lambda state: state.with_variant_state("tithe", TitheState((0,) * rules.players))


@hookimpl
def burgundy_events(rules: Ruleset) -> EventHandlers:
    def reset(state: State, seat: int) -> State:
        return state.with_variant_state(
            "tithe", attrs.evolve(state.variant_state("tithe"), this_turn=False)
        )

    return {"turn_start": reset}


@hookimpl
def burgundy_extra_actions(rules: Ruleset) -> Callable[[State, Pending], Iterable[Action]]:
    def offer(state: State, item: Pending) -> Iterable[Action]:
        tithe = state.variant_state("tithe")
        if isinstance(item, Turn) and not tithe.this_turn and state.seat_estate(item.seat).silver:
            return (PayTithe(),)
        return ()

    return offer


@hookimpl
def burgundy_rules(rules: Ruleset) -> Mapping[type, ActionRule]:
    def pay(state: State, seat: int, action: PayTithe) -> State:
        tithe = state.variant_state("tithe")
        paid = list(tithe.paid)
        paid[seat] += 1
        state = state.with_variant_state("tithe", TitheState(tuple(paid), this_turn=True))
        return add_vp(add_silver(state, seat, -1), seat, 1, "tithe")

    return {PayTithe: ActionRule(pay, free=True)}


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[[State], None]:
    def check(state: State) -> None:
        tithe = state.variant_state("tithe")
        if len(tithe.paid) != len(state.seats) or any(not 0 <= n <= 999 for n in tithe.paid):
            raise ValueError("tithe: a count of tithes paid, 0-999, for each seat")

    return check


@hookimpl
def burgundy_income(rules: Ruleset) -> IncomeModifiers:
    def sale(state: State, seat: int, goods: int, count: int, income: Income) -> Income:
        return attrs.evolve(income, vp=income.vp + 1)

    return {"sale": sale}
