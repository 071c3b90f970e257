"""The shields variant's hook implementations (entry point ``shields``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from burgundy.plugin import (
    ActionRule,
    Chance,
    Decision,
    EventHandlers,
    IncomeModifiers,
    ObservationSlice,
    PictureRowHooks,
    PlacementModifiers,
    Ruleset,
    ScoringHooks,
    State,
    StorageModifiers,
    VariantInfo,
    hookimpl,
)
from burgundy_shields import __version__, effects, pictures
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
    )


@hookimpl
def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
    """Shields on the depots (chance)."""
    result: Callable[[State], State] = effects.setup(rules)
    return result


@hookimpl
def burgundy_rules(rules: Ruleset) -> Mapping[type, Decision | Chance | ActionRule]:
    """The shields' chance and decisions, and their actions (#16's die and #6's borrowing
    do not answer the decision they are taken in)."""
    return {
        ShieldDraw: Chance(effects.draw_outcomes, effects.resolve_draw),
        ShieldTribute: Decision(effects.tribute_legal),
        ShieldPlacement: Decision(effects.placement_legal, optional=True),
        ShieldGoods: Decision(effects.goods_colour_legal, optional=True),
        TakeShield: ActionRule(effects.apply_take_shield),
        SetDie: ActionRule(effects.apply_set_die, free=True),
        PayTribute: ActionRule(effects.apply_tribute),
        PlaceFromDepot: ActionRule(effects.apply_place_from_depot),
        TakeColour: ActionRule(effects.apply_take_colour),
        Borrow: ActionRule(effects.apply_borrow, free=True),
    }


@hookimpl
def burgundy_extra_actions(rules: Ruleset) -> Callable[..., Any]:
    """The doubles action, #11 and #16."""
    return effects.extra_actions


@hookimpl
def burgundy_events(rules: Ruleset) -> EventHandlers:
    """#16 once per turn (turn start), #14/#15 and the tribute (phase end), #5 (place), #2
    (workers gained)."""
    return {
        "turn_start": effects.reset_turn,
        "phase_end": effects.phase_end,
        "place": effects.on_place,
        "workers_gained": effects.worker_echo,
    }


@hookimpl
def burgundy_storage(rules: Ruleset) -> StorageModifiers:
    """#4 (hex storage)."""
    return {"hexes": effects.storage_capacity}


@hookimpl
def burgundy_income(rules: Ruleset) -> IncomeModifiers:
    """#8 (mine income), #9 and #12 (sale income)."""
    return {"mine": effects.mine_income, "sale": effects.sale_income}


@hookimpl
def burgundy_placement(rules: Ruleset) -> PlacementModifiers:
    """#18 (adjacency)."""
    return {"adjacency": effects.adjacency}


@hookimpl
def burgundy_scoring(rules: Ruleset) -> ScoringHooks:
    """End VP of the shields in the duchy (final), #10 and #13 (terms)."""
    return {"final": effects.final_scoring, "terms": effects.final_terms}


@hookimpl
def burgundy_borrowed_tiles(rules: Ruleset) -> Callable[..., Any]:
    """#6."""
    return effects.borrowed_tiles


@hookimpl
def burgundy_pasture(rules: Ruleset) -> Callable[..., Any]:
    """#1."""
    return effects.pasture


@hookimpl
def burgundy_bonus_tile_value(rules: Ruleset) -> Callable[..., Any]:
    """#7."""
    return effects.bonus_tile_value


@hookimpl
def burgundy_region_size(rules: Ruleset) -> Callable[..., Any]:
    """#17."""
    return effects.region_size


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[..., Any]:
    """Shield conservation."""
    return effects.validate


@hookimpl
def burgundy_picture_rows(rules: Ruleset) -> PictureRowHooks:
    """The shields in the pictures: on the depots and the castles, each estate's, and the
    ones face down or out of the game (:mod:`burgundy_shields.pictures`)."""
    return {
        "depot": pictures.depot_marks,
        "space": pictures.space_marks,
        "estate": pictures.estate_rows,
        "board": pictures.board_rows,
    }


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
