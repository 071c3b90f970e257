"""Taking hexes into storage: the take action, building effects and the purchase.

A taken hex always goes to storage first, never straight into the duchy. With storage full
the take action and the purchase discard a stored hex first (R-STORAGE); building effects
may only when the ``building_take_may_discard`` option says so (R-BUILDING-FULL).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from burgundy._data import load
from burgundy.actions import BuyTile, TakeTile
from burgundy.components import TILE_COLOUR, distinct
from burgundy.domains import Die, SeatIndex, TileCode
from burgundy.geometry import bits
from burgundy.rules.dice import TAKE, dice_after, die_cost
from burgundy.rules.income import update
from burgundy.state import State, replace

_BOARD = load("mainboard")
BASE_STORAGE: int = int(_BOARD["hex_storage_spaces"])
"""Hex storage spaces of a duchy (3)."""
PURCHASE_PRICE: int = int(_BOARD["black_purchase_price"])
"""Silverlings for the once-per-turn purchase from the black depot (2)."""


def storage_capacity(state: State, estate: int) -> int:
    """Return estate ``estate``'s hex storage capacity (base 3, then modifiers)."""
    capacity = BASE_STORAGE
    for modifier in state.rules.engine.storage_capacity:
        capacity = modifier(state, estate, capacity)
    return capacity


def discard_choices(state: State, seat: int, may_discard: bool = True) -> tuple[int, ...]:
    """Return the ``discard`` values a take by seat ``seat`` may use.

    ``(-1,)`` when storage has room; the distinct stored tiles when it is full and
    discarding is allowed; ``()`` when it is full and not.
    """
    index = state.seats[seat].estate
    storage = state.estates[index].storage
    if len(storage) < storage_capacity(state, index):
        return NO_DISCARD
    return distinct(storage) if may_discard else ()


def stored(state: State, seat: SeatIndex, tile: TileCode, discard: TileCode) -> dict[str, Any]:
    """State changes that put ``tile`` into seat ``seat``'s storage, discarding ``discard``
    first (if >= 0): ``{"storage": ...}`` plus ``{"removed": ...}`` when discarding."""
    storage = list(state.seat_estate(seat).storage)
    changes: dict[str, Any] = {}
    if discard >= 0:
        storage.remove(discard)
        removed = list(state.removed)
        removed[discard] += 1
        changes["removed"] = tuple(removed)
    storage.append(tile)
    storage.sort()
    changes["storage"] = tuple(storage)
    return changes


def store(state: State, seat: SeatIndex, tile: TileCode, discard: TileCode) -> State:
    """Put ``tile`` into seat ``seat``'s storage, discarding ``discard`` first (if >= 0)."""
    changes = stored(state, seat, tile, discard)
    storage = changes.pop("storage")
    return update(state, seat, estate_changes={"storage": storage}, **changes)


def depot_without(state: State, depot: int, tile: TileCode) -> dict[str, Any]:
    """State changes that take one ``tile`` off depot ``depot`` (0 = black depot)."""
    if depot == 0:
        black = list(state.black_depot)
        black.remove(tile)
        return {"black_depot": tuple(black)}
    depots = list(state.depots)
    tiles = list(depots[depot - 1])
    tiles.remove(tile)
    depots[depot - 1] = tuple(tiles)
    return {"depots": tuple(depots)}


def remove_from_depot(state: State, depot: int, tile: TileCode) -> State:
    """Take one ``tile`` off depot ``depot`` (0 = black depot)."""
    return replace(state, **depot_without(state, depot, tile))


def take_actions(
    state: State, seat: SeatIndex, die: Die, depots: int,
    colours: tuple[int, ...] | None = None,
    may_discard: bool = True, discards: tuple[int, ...] | None = None,
) -> list[TakeTile]:
    """Return the take actions from the numbered depots in a mask, depot by depot.

    Args:
        state: The state.
        seat: The seat taking.
        die: The die used (its rolled value, 0 any, -1 none).
        depots: Mask of the depots to take from: bit ``d`` for depot ``d`` (1-6), e.g. the
            values a die reaches (:func:`~burgundy.rules.dice.usable_values`).
        colours: Only hexes of these colours (building effects), or ``None`` for any.
        may_discard: Whether a full storage may be made room in.
        discards: The :func:`discard_choices` if already known.
    """
    actions: list[TakeTile] = []  # plain loops: faster than product/starmap on these few items
    for depot in bits(depots):
        tiles = state.depots[depot - 1]
        if colours is not None:
            tiles = tuple(t for t in tiles if TILE_COLOUR[t] in colours)
        if not tiles:
            continue
        if discards is None:
            discards = discard_choices(state, seat, may_discard)
        for tile in distinct(tiles):
            for discard in discards:
                actions.append(take_tile(die, depot, tile, discard))
    return actions


ALL_DEPOTS: int = 0b1111110
"""Mask of the six numbered depots (bit ``d`` for depot ``d``)."""
NO_DISCARD: tuple[int, ...] = (-1,)
"""The :func:`discard_choices` of a storage with room: take without discarding."""
take_tile = cache(TakeTile)
"""``TakeTile(die, depot, tile, discard)``, one shared instance per value (actions are
frozen; legal-action generation makes the same ones over and over)."""
buy_tile = cache(BuyTile)
"""``BuyTile(tile, discard)``, one shared instance per value."""


def apply_take(state: State, seat: int, action: TakeTile) -> State:
    """Apply a :class:`TakeTile` by seat ``seat`` (legality already checked)."""
    cost = die_cost(state, seat, TAKE, -1, action.die, action.depot)
    changes = stored(state, seat, action.tile, action.discard)
    estate = {"storage": changes.pop("storage"), "workers": state.seat_estate(seat).workers - cost}
    changes.update(depot_without(state, action.depot, action.tile))
    return update(state, seat, dice_after(state, seat, action.die), estate, **changes)


def can_purchase(state: State, seat: int) -> bool:
    """Whether seat ``seat`` may still make this turn's purchase from the black depot."""
    if state.purchased or not state.black_depot:
        return False
    return state.seat_estate(seat).silver >= PURCHASE_PRICE


def purchase_actions(state: State, seat: int) -> list[BuyTile]:
    """Return the purchases open to seat ``seat`` (none once this turn's is made)."""
    if not can_purchase(state, seat):
        return []
    discards = discard_choices(state, seat)
    return [buy_tile(tile, discard) for tile in distinct(state.black_depot) for discard in discards]


def apply_buy(state: State, seat: int, action: BuyTile) -> State:
    """Apply a :class:`BuyTile` by seat ``seat`` (legality already checked)."""
    changes = stored(state, seat, action.tile, action.discard)
    silver = state.seat_estate(seat).silver - PURCHASE_PRICE
    estate = {"storage": changes.pop("storage"), "silver": silver}
    changes.update(depot_without(state, 0, action.tile))
    return update(state, seat, None, estate, purchased=True, **changes)
