"""What a placed hex does: ships, castles, buildings; mines act at phase end and knowledge
tiles only through the knowledge variant.

Effects that need a choice push a pending decision; building effects that take or sell are
optional and are skipped when nothing can be done (R-EFFECT-OPTIONAL). The legal actions of
those decisions are here too, but for the two that are die actions or placements themselves:
the castle's bonus action (:func:`burgundy.rules.turn.bonus_action_legal`) and the town
hall's placement (:func:`burgundy.rules.place.town_hall_legal`). This module is below
``place`` and ``turn`` (placing a hex starts its effect here), so it imports neither.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

import attrs

from burgundy._data import load
from burgundy.actions import NO_DIE, Action, TakeGoods
from burgundy.components import BUILDING_EFFECTS, TILE_EFFECT, TILES, Colour
from burgundy.errors import brief
from burgundy.hook_values import Income
from burgundy.pending import (
    BonusAction,
    BuildingTake,
    Pending,
    ShipGoods,
    TownHallPlace,
    WarehouseSell,
)
from burgundy.rules.income import gain, push, set_estate
from burgundy.rules.sell import sell_actions
from burgundy.rules.take import ALL_DEPOTS, take_actions
from burgundy.state import State, replace

_BOARD = load("mainboard")
BASE_GOODS_COLOURS: int = int(_BOARD["goods_storage_spaces"])
"""Goods colours a duchy's goods storage holds (3 spaces, one colour each)."""
TRACK_SPACES: int = int(_BOARD["turn_track_spaces"])
"""Spaces of the turn-order track (7: the start space and six more)."""


@attrs.frozen(slots=True)
class BuildingEffect:
    """What placing a building does: one entry of ``tiles.json``'s ``building_effects``,
    read once at import (:data:`BUILDING_EFFECT`).

    Attributes:
        take: The colours of the hex it lets its owner take from a numbered depot
            (carpenter's workshop, church, market), or ``None``.
        sell: Whether it sells one kind of goods (warehouse).
        place: Whether it places one more hex (town hall).
        income: What it gives at once (bank, boarding house, watchtower).
    """

    take: tuple[int, ...] | None
    sell: bool
    place: bool
    income: Income


_EFFECT_KEYS = frozenset({"take", "sell", "place", "silver", "workers", "vp"})


def _building_effect(building: str, spec: dict[str, Any]) -> BuildingEffect:
    """Parse one ``building_effects`` entry; an unknown key is an error, not ignored."""
    unknown = set(spec) - _EFFECT_KEYS
    if unknown:
        raise ValueError(f"building {building!r}: unknown effect keys {sorted(unknown)}")
    take = spec.get("take")
    return BuildingEffect(
        take=None if take is None else tuple(int(Colour.from_label(c)) for c in take),
        sell=bool(spec.get("sell", False)),
        place=bool(spec.get("place", False)),
        income=Income(
            silver=int(spec.get("silver", 0)),
            workers=int(spec.get("workers", 0)),
            vp=int(spec.get("vp", 0)),
        ),
    )


BUILDING_EFFECT: dict[str, BuildingEffect] = {
    building: _building_effect(building, spec) for building, spec in BUILDING_EFFECTS.items()
}
"""The effect of each building type (data file ``tiles.json``, ``building_effects``)."""
BUILDING_TAKE_COLOURS: frozenset[tuple[int, ...]] = frozenset(
    effect.take for effect in BUILDING_EFFECT.values() if effect.take
)
"""The ``colours`` a :class:`~burgundy.pending.BuildingTake` may have: those the buildings
that take give (carpenter's workshop, church, market)."""


def tile_effect(state: State, seat: int, space: int, tile: int) -> State:
    """Start the effect of ``tile`` just placed on ``space`` by seat ``seat``.

    The tile's kind decides (:attr:`~burgundy.components.TileKind.effect`): a kind without
    effect has none; else the first variant whose ``burgundy_tile_effect`` gives one
    decides; else the core's: a ship moves the turn-order marker and takes goods
    (R-SHIP), a castle gives a die action (R-CASTLE), a building its type's effect
    (:func:`building_effect`); a mine, an animal or a knowledge tile, and a variant's own
    effect word, do nothing here.
    """
    effect = TILE_EFFECT[tile]
    if effect is None:
        return state
    for provide in state.rules.engine.tile_effect:
        provided = provide(state, seat, space, tile)
        if provided is not None:
            return provided
    if effect == "ship":
        state = move_turn_marker(state, seat)
        return push(state, ShipGoods(seat))
    if effect == "castle":
        return push(state, BonusAction(seat))
    building = TILES[tile].building
    if effect != "building" or building is None:
        return state
    return building_effect(state, seat, building)


def building_effect(state: State, seat: int, building: str) -> State:
    """Start the effect of building type ``building`` for seat ``seat`` (a variant's tile
    may lend it, as the crane does). Those that take, sell or place push their optional
    decision; the others pay out at once.

    Raises:
        KeyError: ``building`` is no building type of the core.
    """
    effect = BUILDING_EFFECT[building]
    if effect.take is not None:
        return push(state, BuildingTake(seat, effect.take))
    if effect.sell:
        return push(state, WarehouseSell(seat))
    if effect.place:
        return push(state, TownHallPlace(seat))
    return gain(state, seat, effect.income, building)


# -- ship -----------------------------------------------------------------------------------
def move_turn_marker(state: State, seat: int) -> State:
    """Move seat ``seat``'s turn-order marker one space on, on top of any stack there; on
    the last space it goes on top of that stack (R-TURNORDER: effective next round)."""
    track = [list(stack) for stack in state.track]
    here = next(i for i, stack in enumerate(track) if seat in stack)
    track[here].remove(seat)
    there = min(here + 1, TRACK_SPACES - 1)
    while len(track) <= there:
        track.append([])
    track[there].append(seat)
    new_track = tuple(tuple(stack) for stack in track)
    for modifier in state.rules.engine.turn_order_move:
        new_track = modifier(state, seat, new_track)
    return replace(state, track=new_track)


def goods_colour_limit(state: State, estate: int) -> int:
    """How many goods colours estate ``estate`` may hold (base 3)."""
    limit = BASE_GOODS_COLOURS
    for modifier in state.rules.engine.goods_colour_limit:
        limit = modifier(state, estate, limit)
    return limit


def goods_choices(state: State, seat: int, depot: int) -> list[tuple[int, ...]]:
    """The colour sets seat ``seat`` may take from ``depot`` under the colour limit.

    Colours already held are always taken; if more new colours lie there than free slots,
    each way of filling the free slots is a choice (R-SHIP, rulebook: Carla's ship).
    """
    index = state.seats[seat].estate
    held = _colour_mask(state.estates[index].goods)
    return list(_colour_sets(
        held, _colour_mask(state.depot_goods[depot - 1]), goods_colour_limit(state, index)))


def _colour_mask(goods: tuple[int, ...]) -> int:
    """Bit ``c`` set for each goods colour ``c`` (1-6) of which ``goods`` (counts by colour)
    has any."""
    mask = 0
    for colour, count in enumerate(goods, 1):
        if count:
            mask |= 1 << colour
    return mask


@cache
def _colour_sets(held: int, there: int, limit: int) -> tuple[tuple[int, ...], ...]:
    """:func:`goods_choices` by colour masks (bit ``c`` for colour ``c``): what is held,
    what lies on the depot, and the estate's colour limit. Kept per masks (at most
    64 * 64 * a few limits): a ship's choices came to 38 µs a decision, recomputed for the
    same few masks game after game."""
    colours = [c for c in range(1, 7) if there >> c & 1]
    if not colours:
        return ()
    kept = {c for c in colours if held >> c & 1}
    new = [c for c in colours if not held >> c & 1]
    free = max(limit - held.bit_count(), 0)
    picks = [tuple(new)] if len(new) <= free else list(combinations(new, free))
    return tuple(tuple(sorted(kept | set(p))) for p in picks if kept or p)


def ship_goods_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """The ship's choices: one depot and the colours taken from it."""
    index = state.seats[item.seat].estate
    held = _colour_mask(state.estates[index].goods)
    limit = goods_colour_limit(state, index)
    return tuple(
        take_goods_action(depot, colours)
        for depot, goods in enumerate(state.depot_goods, 1)
        for colours in _colour_sets(held, _colour_mask(goods), limit)
    )


take_goods_action = cache(TakeGoods)
"""``TakeGoods(depot, colours)``, one shared instance per value."""


def take_goods(state: State, seat: int, depot: int, colours: tuple[int, ...]) -> State:
    """Move all goods of ``colours`` from ``depot`` into seat ``seat``'s goods storage."""
    index = state.seats[seat].estate
    estate = state.estates[index]
    depot_goods = [list(d) for d in state.depot_goods]
    goods = list(estate.goods)
    for colour in colours:
        goods[colour - 1] += depot_goods[depot - 1][colour - 1]
        depot_goods[depot - 1][colour - 1] = 0
    state = replace(state, depot_goods=tuple(tuple(d) for d in depot_goods))
    return set_estate(state, index, goods=tuple(goods))


def apply_take_goods(state: State, seat: int, action: TakeGoods) -> State:
    """Apply a :class:`TakeGoods`."""
    return take_goods(state, seat, action.depot, action.colours)


# -- buildings ------------------------------------------------------------------------------
def building_take_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """Carpenter's workshop, church, market: a hex of the named colours from any numbered
    depot (never the black one) into storage."""
    assert isinstance(item, BuildingTake)
    may_discard = bool(state.rules.options["building_take_may_discard"])
    return tuple(take_actions(state, item.seat, NO_DIE, ALL_DEPOTS, item.colours, may_discard))


def validate_building_take(state: State, item: Pending) -> None:
    """Check a :class:`~burgundy.pending.BuildingTake` on a loaded stack (its rule's
    ``validate``): its colours are those of a building that takes.

    Raises:
        ValueError: No building takes these colours.
    """
    assert isinstance(item, BuildingTake)
    if item.colours not in BUILDING_TAKE_COLOURS:
        raise ValueError(
            f"colours {brief(item.colours)}: no building takes these; valid: "
            f"{sorted(BUILDING_TAKE_COLOURS)}"
        )


def warehouse_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """Warehouse: sell one kind of goods, no die needed."""
    return tuple(sell_actions(state, item.seat, (NO_DIE,)))
