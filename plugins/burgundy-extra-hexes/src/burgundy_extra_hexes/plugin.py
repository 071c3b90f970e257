"""The extra hexes' hook implementations (entry point ``extra_hexes``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from burgundy.plugin import (
    Action,
    ActionRule,
    Decision,
    EventHandlers,
    Pending,
    Ruleset,
    State,
    TileKind,
    VariantInfo,
    hookimpl,
)
from burgundy_extra_hexes import __version__
from burgundy_extra_hexes import rules as xr
from burgundy_extra_hexes.model import (
    ACTION_TYPES,
    NAME,
    PENDING_TYPES,
    CraneChoice,
    CraneEffect,
    ExtraState,
    GeeseChoice,
    GeeseSpecies,
    HireWorkers,
)


@hookimpl
def burgundy_variant() -> VariantInfo:
    """The four extra hexes: 2019 edition only, any player count."""
    return VariantInfo(
        name=NAME,
        version=__version__,
        summary="The four extra hexes (2019 box): knowledge #27, #28, the crane, the geese.",
        order=55,
        editions=("2019",),
        state_type=ExtraState,
        action_types=ACTION_TYPES,
        pending_types=PENDING_TYPES,
        tile_texts=TILE_TEXTS,
    )


TILE_TEXTS = {
    "k27": "knowledge tile #27: your turn-order marker goes on top of any stack it shares "
           "(X1).",
    "k28": "knowledge tile #28: on any of your decisions, 'hire' pays 1 silverling for 2 "
           "workers, as often as you like (X2).",
    "crane": "crane: placed, it has the effect of a building type of your choice (crane "
             "bank, ...); at game end it counts as the building type that gives you the most "
             "knowledge VP (X3).",
    "geese": "geese: placed, 2 VP and the VP of the tiles of one other species in their "
             "pasture (geese cow); afterwards every animal tile placed in their pasture "
             "scores 2 VP more (X4).",
}
"""What the four extra hexes do (``? TILE`` in the terminal)."""


@hookimpl
def burgundy_tiles(rules: Ruleset) -> Iterable[TileKind]:
    """The crane and the geese."""
    return xr.KINDS


@hookimpl
def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
    """#27, #28 into the yellow supply; the crane, the geese into the black one."""
    return xr.setup(rules)


@hookimpl
def burgundy_turn_order_move(
    rules: Ruleset,
) -> Callable[[State, int, tuple[tuple[int, ...], ...]], tuple[tuple[int, ...], ...]]:
    """#27."""
    return xr.on_top


@hookimpl
def burgundy_extra_actions(rules: Ruleset) -> Callable[[State, Pending], Iterable[Action]]:
    """#28."""
    return xr.hire_actions


@hookimpl
def burgundy_tile_effect(rules: Ruleset) -> Callable[[State, int, int, int], State | None]:
    """The crane's and the geese's choices."""
    def effect(state: State, seat: int, space: int, tile: int) -> State | None:
        if tile == xr.CRANE:
            return xr.crane_effect(state, seat, space, tile)
        if tile == xr.GEESE:
            return xr.geese_effect(state, seat, space, tile)
        return None

    return effect


@hookimpl
def burgundy_events(rules: Ruleset) -> EventHandlers:
    """The geese's 2 VP for later animal tiles in their pasture (on place)."""
    return {"place": xr.later_animals}


@hookimpl
def burgundy_building_count(rules: Ruleset) -> Callable[[State, int, str, int], int]:
    """The crane's type at game end."""
    return xr.crane_count


@hookimpl
def burgundy_rules(rules: Ruleset) -> Mapping[type, Decision | ActionRule]:
    """The crane's and the geese's choices, and the variant's actions (#28's hire does not
    answer the decision it is taken in)."""
    return {
        CraneChoice: Decision(xr.crane_legal),
        GeeseChoice: Decision(xr.geese_legal),
        CraneEffect: ActionRule(xr.apply_crane),
        GeeseSpecies: ActionRule(xr.apply_geese),
        HireWorkers: ActionRule(xr.apply_hire, free=True),
    }


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[[State], None]:
    """The crane's entries."""
    return xr.validate
