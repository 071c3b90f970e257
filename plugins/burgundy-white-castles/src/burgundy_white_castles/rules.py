"""The white castles' rules: the tile kind, its supply, its effect and knowledge #29.

The component counts are from the 2019 rulebook (ZH19: 6 beige-backed,
2 black-backed, #29 yellow-backed; the 6/2 split of the backs rests on one source, medium
confidence). Nothing else of the module is a printed component.
"""

from __future__ import annotations

from collections.abc import Callable

from burgundy.plugin import (
    TILE_BY_NAME,
    Colour,
    LooseDieAction,
    Ruleset,
    State,
    TileKind,
    building_count,
    push,
    replace,
)

NAME = "white_castles"
"""The variant's name (its entry point)."""
WHITE_CASTLE = 56
"""Tile code of the white castle (the first of the codes the core keeps for this module)."""
BUILDING = "white-castle"
"""The white castle's building type: one per city (R-WHITE-CASTLE); #29 counts it."""
KIND = TileKind(WHITE_CASTLE, "white-castle", Colour.CITY, building=BUILDING,
                effect="white-castle")
"""The white castle's tile kind: a beige building whose effect is the white die's action."""
K29 = TILE_BY_NAME["k29"]
"""Tile code of knowledge tile #29 (one of the core's codes)."""
BEIGE = 6
"""White castles with a beige back: they go into the supply the city depot spaces draw from."""
BLACK = 2
"""White castles with a black back: into the black supply."""
K29_VP = 4
"""Knowledge #29: VP per white castle in the duchy at game end."""


def setup(rules: Ruleset) -> Callable[[State], State]:
    """The 8 white castles and #29 into their supplies (W1)."""

    def put(state: State) -> State:
        supply = list(state.supply)
        black = list(state.black_supply)
        supply[WHITE_CASTLE] += BEIGE
        black[WHITE_CASTLE] += BLACK
        supply[K29] += 1
        return replace(state, supply=tuple(supply), black_supply=tuple(black))

    return put


def white_castle_effect(state: State, seat: int, space: int, tile: int) -> State | None:
    """A white castle just placed: one die action (take, place, sell, take workers) with
    the white die's current value, which workers may change, spending no die of the hand
    (R-WHITE-CASTLE, W3). Placed outside a turn (a town hall, shields #14/#15 at a phase
    end) the white die still shows this round's value. ``None`` for any other tile."""
    if tile != WHITE_CASTLE:
        return None
    if not 1 <= state.white <= 6:  # no white die rolled (never in a round): no action
        return state
    return push(state, LooseDieAction(seat, state.white))


def k29_score(state: State, seat: int, code: int) -> dict[str, int]:
    """Knowledge #29: 4 VP per white castle in the duchy (counted by the core's
    :func:`~burgundy.rules.scoring.building_count`, so the crane may stand in for one),
    for a seat the tile works for; ``{}`` for any other tile (W4)."""
    if code != K29:
        return {}
    count = building_count(state, state.seats[seat].estate, BUILDING)
    return {"knowledge #29": K29_VP * count}
