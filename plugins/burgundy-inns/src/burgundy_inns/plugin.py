"""The inns' hook implementations (entry point ``inns``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from burgundy.plugin import (
    EventHandlers,
    HeldThings,
    ObservationSlice,
    PictureRowHooks,
    PlacementModifiers,
    PurchaseHooks,
    PurchaseSource,
    Ruleset,
    State,
    TileKind,
    VariantInfo,
    hookimpl,
)
from burgundy_inns import __version__
from burgundy_inns import rules as inn_rules


@hookimpl
def burgundy_variant() -> VariantInfo:
    """The inns: 2019 edition, 2-4 players (not solo: decided on the Inns page)."""
    return VariantInfo(
        name=inn_rules.NAME,
        version=__version__,
        summary="The inns (2019 box): one a phase beside the black depot, +1 region size.",
        order=17,  # before the shields: the inn's +1 comes before shield #17's
        players=(2, 3, 4),
        editions=("2019",),
        state_type=inn_rules.InnState,
        purchase_sources=(PurchaseSource(inn_rules.SOURCE, inn_rules.PRICE, (inn_rules.INN,)),),
        tile_texts={"inn": "inn: bought for 2 silverlings (buy inn inns), placed on an empty "
                           "space of any colour with a die of its number, one per region; its "
                           "completed region scores as one space larger (R-INN)."},
    )


@hookimpl
def burgundy_tiles(rules: Ruleset) -> Iterable[TileKind]:
    """The inn (no colour, no effect)."""
    return (inn_rules.KIND,)


@hookimpl
def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
    """Five inns in the box."""
    return inn_rules.setup(rules)


@hookimpl
def burgundy_events(rules: Ruleset) -> EventHandlers:
    """One inn beside the black depot (phase start)."""
    return {"phase_start": inn_rules.phase_start}


@hookimpl
def burgundy_held(rules: Ruleset) -> HeldThings:
    """The stack and the inns to come (tiles)."""
    return {"tiles": inn_rules.held}


@hookimpl
def burgundy_picture_rows(rules: Ruleset) -> PictureRowHooks:
    """The inns' stack and the inns to come, drawn with the main board (board)."""
    return {"board": inn_rules.board_rows}


@hookimpl
def burgundy_purchases(rules: Ruleset) -> PurchaseHooks:
    """The inn stack as a purchase source (offers)."""
    return {"offers": inn_rules.offers}


@hookimpl
def burgundy_placement(rules: Ruleset) -> PlacementModifiers:
    """Any colour, one per region (spaces)."""
    return {"spaces": inn_rules.inn_spaces}


@hookimpl
def burgundy_region_size(rules: Ruleset) -> Callable[[State, int, int, int], int]:
    """+1 (R-INN, I3; no cap)."""
    return inn_rules.region_size


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[[State], None]:
    """Counts and one inn per region."""
    return inn_rules.validate


@hookimpl
def burgundy_observation_slices(rules: Ruleset) -> tuple[ObservationSlice, ...]:
    """The inns in ``burgundy.rl.observe``: the stack beside the black depot (for sale) and
    the inns still to come, one a phase (the count is known to all). An inn in a duchy or
    a storage is a tile code of the core's slices."""
    return (
        ObservationSlice("stack", 1, lambda state, seat: (inn_rules.inns(state).stack,),
                         shared=True),
        ObservationSlice("to_come", 1, lambda state, seat: (inn_rules.inns(state).to_come,),
                         shared=True),
    )
