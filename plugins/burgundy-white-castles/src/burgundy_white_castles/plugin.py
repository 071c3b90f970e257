"""The white castles' hook implementations (entry point ``white_castles``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from burgundy.plugin import Ruleset, ScoringHooks, State, TileKind, VariantInfo, hookimpl
from burgundy_white_castles import __version__
from burgundy_white_castles import rules as wc


@hookimpl
def burgundy_variant() -> VariantInfo:
    """The white castles: 2019 edition only, any player count."""
    return VariantInfo(
        name=wc.NAME,
        version=__version__,
        summary="The white castles (2019 box): 8 buildings with the white die's action, #29.",
        order=50,
        editions=("2019",),
        loose_dice=True,  # a white castle's action: a die action with the white die
        tile_texts={
            "white-castle": "white castle: a building on a city space; placed, one die action "
                            "(take, place, sell or take workers) with the white die's value "
                            "(its die is v<value>: take bank 5 v5); not a castle.",
            "k29": "knowledge tile #29: End: 4 VP per white castle in the duchy.",
        },
    )


@hookimpl
def burgundy_tiles(rules: Ruleset) -> Iterable[TileKind]:
    """The white castle (a beige building of its own type)."""
    return (wc.KIND,)


@hookimpl
def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
    """6 beige and 2 black white castles, #29 into the yellow supply."""
    return wc.setup(rules)


@hookimpl
def burgundy_tile_effect(rules: Ruleset) -> Callable[[State, int, int, int], State | None]:
    """The white die's action when a white castle is placed."""
    return wc.white_castle_effect


@hookimpl
def burgundy_scoring(rules: Ruleset) -> ScoringHooks:
    """#29 (tile: at game end; when placed in the solo module)."""
    return {"tile": wc.k29_score}
