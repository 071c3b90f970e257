"""The shields variant's hook implementations (entry point ``shields``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from burgundy.plugin import (
    Action,
    ObservationSlice,
    Pending,
    PendingRule,
    Ruleset,
    State,
    VariantInfo,
    hookimpl,
)
from burgundy_shields import __version__, effects
from burgundy_shields.model import (
    ACTION_TYPES,
    PENDING_TYPES,
    SHIELDS,
    Borrow,
    PayTribute,
    PlaceFromDepot,
    SetDie,
    ShieldDraw,
    ShieldGoods,
    ShieldPlacement,
    ShieldState,
    ShieldTribute,
    TakeColour,
    TakeShield,
)


@hookimpl
def burgundy_variant() -> VariantInfo:
    """The shields variant: 18 shields, 2-4 players, both editions."""
    return VariantInfo(
        name="shields",
        version=__version__,
        summary="The 18 shields of the 2019 box, taken with doubles.",
        order=20,
        players=(2, 3, 4),  # shields need other players (#2, #6); not in solo
        state_type=ShieldState,
        action_types=ACTION_TYPES,
        pending_types=PENDING_TYPES,
        free_actions=(SetDie, Borrow),
    )


@hookimpl
def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
    """Shields on the depots (chance)."""
    result: Callable[[State], State] = effects.setup(rules)
    return result


@hookimpl
def burgundy_pending_rules(rules: Ruleset) -> Mapping[type[Pending], PendingRule]:
    """The shields' chance and decisions."""
    return {
        ShieldDraw: PendingRule(outcomes=effects.draw_outcomes, resolve=effects.resolve_draw),
        ShieldTribute: PendingRule(legal=effects.tribute_legal),
        ShieldPlacement: PendingRule(legal=effects.placement_legal, optional=True),
        ShieldGoods: PendingRule(legal=effects.goods_colour_legal, optional=True),
    }


@hookimpl
def burgundy_action_handlers(rules: Ruleset) -> Mapping[type[Action], Callable[..., State]]:
    """The shields' actions."""
    return {
        TakeShield: effects.apply_take_shield,
        SetDie: effects.apply_set_die,
        PayTribute: effects.apply_tribute,
        PlaceFromDepot: effects.apply_place_from_depot,
        TakeColour: effects.apply_take_colour,
        Borrow: effects.apply_borrow,
    }


@hookimpl
def burgundy_extra_actions(rules: Ruleset) -> Callable[..., Any]:
    """The doubles action, #11 and #16."""
    return effects.extra_actions


@hookimpl
def burgundy_on_turn_start(rules: Ruleset) -> Callable[..., Any]:
    """#16 once per turn."""
    return effects.reset_turn


@hookimpl
def burgundy_on_phase_end(rules: Ruleset) -> Callable[..., Any]:
    """#14/#15 and the tribute."""
    return effects.phase_end


@hookimpl
def burgundy_on_place(rules: Ruleset) -> Callable[..., Any]:
    """#5."""
    return effects.on_place


@hookimpl
def burgundy_borrowed_tiles(rules: Ruleset) -> Callable[..., Any]:
    """#6."""
    return effects.borrowed_tiles


@hookimpl
def burgundy_pasture(rules: Ruleset) -> Callable[..., Any]:
    """#1."""
    return effects.pasture


@hookimpl
def burgundy_on_workers_gained(rules: Ruleset) -> Callable[..., Any]:
    """#2."""
    return effects.worker_echo


@hookimpl
def burgundy_storage_capacity(rules: Ruleset) -> Callable[..., Any]:
    """#4."""
    return effects.storage_capacity


@hookimpl
def burgundy_bonus_tile_value(rules: Ruleset) -> Callable[..., Any]:
    """#7."""
    return effects.bonus_tile_value


@hookimpl
def burgundy_mine_income(rules: Ruleset) -> Callable[..., Any]:
    """#8."""
    return effects.mine_income


@hookimpl
def burgundy_sale_income(rules: Ruleset) -> Callable[..., Any]:
    """#9, #12."""
    return effects.sale_income


@hookimpl
def burgundy_region_size(rules: Ruleset) -> Callable[..., Any]:
    """#17."""
    return effects.region_size


@hookimpl
def burgundy_adjacency_required(rules: Ruleset) -> Callable[..., Any]:
    """#18."""
    return effects.adjacency


@hookimpl
def burgundy_final_scoring(rules: Ruleset) -> Callable[..., Any]:
    """End VP of the shields in the duchy."""
    return effects.final_scoring


@hookimpl
def burgundy_final_terms(rules: Ruleset) -> Callable[..., Any]:
    """#10, #13."""
    return effects.final_terms


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[..., Any]:
    """Shield conservation."""
    return effects.validate


# -- what the shields show at the table (burgundy.rl.observe) ----------------------------------
def _shields(state: State) -> ShieldState:
    value: ShieldState = state.variant_state("shields")
    return value


_INDEX = {number: i for i, number in enumerate(SHIELDS)}
"""Each shield's place in a 0/1-by-number slice."""


def _by_number(shields: tuple[int, ...]) -> list[int]:
    """0/1 by shield number."""
    out = [0] * len(SHIELDS)
    for number in shields:
        out[_INDEX[number]] = 1
    return out


def _on_depots(state: State, seat: int) -> list[int]:
    """Per numbered depot, 0/1 by shield number: the shields on its goods space."""
    return [bit for shields in _shields(state).depots for bit in _by_number(shields)]


def _removed(state: State, seat: int) -> list[int]:
    """0/1 by shield number: the shields out of the game (paid off at a tribute)."""
    return _by_number(_shields(state).removed)


def _die_set(state: State, seat: int) -> tuple[int]:
    """Whether the seat to move has used shield #16 this turn."""
    return (int(_shields(state).die_set),)


def _placed(state: State, seat: int) -> list[int]:
    """0/1 by shield number: the shields in the seat's duchy."""
    return _by_number(_shields(state).shields_of(state.seats[seat].estate))


def _borrowed(state: State, seat: int) -> list[int]:
    """The seat whose knowledge tiles shield #6 lends this seat's estate, one-hot by how
    many seats clockwise of this one it sits (all 0: none)."""
    n = len(state.seats)
    borrow = _shields(state).borrow
    target = borrow[state.seats[seat].estate] if borrow else -1
    return [int(target >= 0 and (target - seat) % n == k) for k in range(n)]


@hookimpl
def burgundy_observation_slices(rules: Ruleset) -> tuple[ObservationSlice, ...]:
    """The shields in ``burgundy.rl.observe``: on the depots' goods spaces, out of the game,
    #16's die this turn; per seat the shields in its duchy and #6's lender. The face-down
    shields are left out (hidden)."""
    size = len(SHIELDS)
    return (
        ObservationSlice("depots", 6 * size, _on_depots, shared=True),
        ObservationSlice("removed", size, _removed, shared=True),
        ObservationSlice("die_set", 1, _die_set, shared=True),
        ObservationSlice("placed", size, _placed, per_seat=True),
        ObservationSlice("borrow", rules.players, _borrowed, per_seat=True),
    )
