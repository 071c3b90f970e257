"""Placing a hex from storage into the duchy.

The space must be empty, of the tile's colour, carry the die's number and touch a covered
space (the first hex therefore goes next to the start castle). A city holds each building
type once. Variants change each of these through hooks. After placing, the hex scores
(animals, completed region, completed colour) and then its effect happens.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from burgundy.actions import NO_DIE, Action, PlaceTile, PlaceTileOwn
from burgundy.components import CORE_TILES, TILE_COLOUR, distinct, spaces_holding
from burgundy.domains import EstateIndex, SeatIndex, Space, SpaceMask, TileCode
from burgundy.geometry import Board, bits
from burgundy.pending import Pending
from burgundy.rules import effects, scoring
from burgundy.rules.dice import (
    ALL_VALUES,
    PLACE,
    CostFunction,
    cost_functions,
    dice_after,
    die_cost,
    usable_values,
)
from burgundy.rules.income import set_estate, update
from burgundy.state import State


def board_of(state: State, estate: EstateIndex) -> Board:
    """Return the duchy board estate ``estate`` plays on."""
    return state.rules.engine.boards[state.estates[estate].board]


def colour_spaces(state: State, seat: SeatIndex, tile: TileCode) -> SpaceMask:
    """Return the mask of the empty spaces ``tile``'s colour lets seat ``seat`` use: those
    of its colour (none for a tile of no colour), then the variants'
    ``burgundy_placement["spaces"]`` (inns, solo black tiles); no adjacency, no building
    rule."""
    engine = state.rules.engine
    estate = state.estates[state.seats[seat].estate]
    colour = TILE_COLOUR[tile]
    mask = 0 if colour < 0 else engine.boards[estate.board].colour_masks[colour] & ~estate.filled
    for modifier in engine.placement_spaces:
        mask = modifier(state, seat, tile, mask)
    return mask


def placement_mask(state: State, seat: SeatIndex, tile: TileCode) -> SpaceMask:
    """Return the mask of spaces where seat ``seat`` may place ``tile``, any die number."""
    engine = state.rules.engine
    index = state.seats[seat].estate
    estate = state.estates[index]
    board = engine.boards[estate.board]
    mask = colour_spaces(state, seat, tile)
    adjacency = True
    for required in engine.adjacency_required:
        adjacency = required(state, index, adjacency)
    if adjacency:
        mask &= estate.frontier
    if mask and estate.kinds >> tile & 1 and engine.tiles.building_codes >> tile & 1:
        one_per_city = True  # the duchy holds this building already
        for applies in engine.one_building_per_city:
            one_per_city = applies(state, index, one_per_city)
        if one_per_city:
            mask = _drop_cities_with(estate.spaces, board, mask, tile)
    return mask


BUILDING_CODES: int = sum(1 << kind.code for kind in CORE_TILES if kind.building)
"""Bitmask of the core's tile codes that are buildings (a ruleset's, with its variants'
building kinds: ``rules.engine.tiles.building_codes``)."""


def _drop_cities_with(spaces: tuple[int, ...], board: Board, mask: int, tile: int) -> int:
    """``mask`` without the spaces whose region holds ``tile`` already: the regions of the
    spaces ``tile`` covers, found from those spaces rather than by asking space by space
    whether its region holds the tile (the faster way: docs/performance.md, "Round
    two")."""
    for space in spaces_holding(spaces, tile):
        mask &= ~board.region_masks[space]
    return mask


def place_actions(
    state: State, seat: int, dice: tuple[int, ...], any_number: bool = False,
    functions: tuple[CostFunction, ...] | None = None,
) -> list[PlaceTile]:
    """Return the placements open to seat ``seat``: from its estate's storage, then from
    its own (``own``, team play).

    Args:
        state: The state.
        seat: The seat placing.
        dice: Distinct rolled values of the usable dice; ``(0,)`` for a die of any value,
            ``(-1,)`` for no die.
        any_number: The die number of the space does not matter (town hall, R-TOWNHALL).
        functions: The seat's :func:`~burgundy.rules.dice.cost_functions` if known.
    """
    estate = state.estates[state.seats[seat].estate]
    storage = estate.storage
    own_storage = state.seats[seat].storage
    actions: list[PlaceTile] = []
    if not storage and not own_storage:
        return actions
    if functions is None:
        functions = cost_functions(state, seat) if state.rules.engine.die_cost else ()
    engine = state.rules.engine
    board = engine.boards[estate.board]
    workers = estate.workers
    ring = []  # (die, the spaces its number reaches at ring cost): the same for every tile
    for die in dice:
        values = ALL_VALUES if any_number else usable_values((), PLACE, -1, die, workers)
        ring.append((die, board.value_masks[values]))
    asks = bool(functions) and not any_number  # cost modifiers may reach further, by tile
    layout = board.layout
    sources = ((storage, place_tile), (own_storage, place_tile_own)) if own_storage else (
        (storage, place_tile),
    )
    for stored, make in sources:  # the estate's storage, then the seat's own (team play)
        for tile in distinct(stored):
            mask = placement_mask(state, seat, tile)
            if not mask:
                continue
            reached = []  # (die, the spaces of mask it reaches)
            for die, spaces in ring:
                if asks and mask & ~spaces:  # the cost modifiers may reach further
                    spaces = board.value_masks[usable_values(functions, PLACE, tile, die, workers)]
                reached.append((die, mask & spaces))
            # plain loops: on these few items they beat map/repeat/sort chains in time
            if len(reached) == 1:
                die, spaces = reached[0]
                for space in bits(spaces):
                    actions.append(make(die, tile, space, layout))
                continue
            union = 0
            for _, spaces in reached:
                union |= spaces
            for space in bits(union):  # space by space, die by die within a space
                for die, spaces in reached:
                    if spaces >> space & 1:
                        actions.append(make(die, tile, space, layout))
    return actions


def town_hall_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """Town hall: place one more hex, any die number, colour and adjacency as usual."""
    return tuple(place_actions(state, item.seat, (NO_DIE,), any_number=True))


place_tile = cache(PlaceTile)
"""``PlaceTile(die, tile, space, layout)``, one shared instance per value."""
place_tile_own = cache(PlaceTileOwn)
"""``PlaceTileOwn(die, tile, space, layout)``, one shared instance per value."""


def apply_place(state: State, seat: int, action: PlaceTile) -> State:
    """Apply a :class:`PlaceTile` by seat ``seat`` (legality already checked).

    Without a die (``die == -1``, the town hall) nothing is paid and no die is used.
    """
    index = state.seats[seat].estate
    board = board_of(state, index)
    cost = die_cost(state, seat, PLACE, action.tile, action.die, board.dice[action.space])
    estate = covered(state, index, action.tile, action.space, from_storage=not action.own)
    estate["workers"] = state.estates[index].workers - cost
    seat_changes = dice_after(state, seat, action.die)
    if action.own:  # from the seat's own storage (team play)
        own = list(state.seats[seat].storage)
        own.remove(action.tile)
        seat_changes = {**seat_changes, "storage": tuple(own)}
    state = update(state, seat, seat_changes, estate)
    return settle_placement(state, seat, action.tile, action.space)


def settle_placement(state: State, seat: SeatIndex, tile: TileCode, space: Space) -> State:
    """What follows a hex just put on ``space``: scoring, ``on_place`` events, its effect.

    Variants that put a hex straight into a duchy (shields #14/#15) call this after
    :func:`put_tile`.
    """
    state = scoring.score_placement(state, seat, space, tile)
    for handler in state.rules.engine.on_place:
        state = handler(state, seat, space, tile)
    return effects.tile_effect(state, seat, space, tile)


def put_tile(
    state: State, estate: EstateIndex, tile: TileCode, space: Space, from_storage: bool
) -> State:
    """Cover ``space`` of estate ``estate`` with ``tile`` (no scoring, no effect)."""
    return set_estate(state, estate, **covered(state, estate, tile, space, from_storage))


def covered(
    state: State, estate: int, tile: int, space: int, from_storage: bool
) -> dict[str, Any]:
    """Estate changes that cover ``space`` with ``tile`` (taken from storage or not)."""
    current = state.estates[estate]
    board = state.rules.engine.boards[current.board]
    spaces = list(current.spaces)
    spaces[space] = tile
    changes: dict[str, object] = {
        "spaces": tuple(spaces),
        "filled": current.filled | 1 << space,
        "frontier": current.frontier | board.neighbours[space],
        "kinds": current.kinds | 1 << tile,
    }
    if from_storage:
        storage = list(current.storage)
        storage.remove(tile)
        changes["storage"] = tuple(storage)
    return changes

