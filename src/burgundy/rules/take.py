"""Taking hexes into storage: the take action, building effects and the purchase.

A taken hex always goes to storage first, never straight into the duchy. With storage full
the take action and the purchase discard a stored hex first (R-STORAGE); building effects
may only when the ``building_take_may_discard`` option says so (R-BUILDING-FULL).

Where the hex goes is decided after the take (:func:`receive`): with one possibility (a free
space of the estate's storage, the usual case) it goes there at once; with more (which
stored hex to discard; team play's own spaces) a :class:`~burgundy.pending.StowTile`
decision follows, answered by :class:`~burgundy.actions.Stow`. A plugin's action that takes
a hex calls :func:`receive` too, and offers its action only where :func:`can_receive`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from burgundy._data import load
from burgundy.actions import BLACK_SOURCE, BuyTile, Stow, StowOwn, TakeTile
from burgundy.components import TILE_COLOUR, distinct
from burgundy.domains import Die, SeatIndex, TileCode
from burgundy.geometry import bits
from burgundy.hook_values import PurchaseOffer as PurchaseOffer  # re-exported: its home before 1.0
from burgundy.pending import Pending, StowTile
from burgundy.rules.dice import TAKE, dice_after, die_cost
from burgundy.rules.income import push, update
from burgundy.state import State, changed

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


def seat_storage_capacity(state: State, seat: SeatIndex) -> int:
    """Return seat ``seat``'s own hex storage spaces (base 0, then the
    ``burgundy_storage["own_hexes"]`` modifiers: team play's 2)."""
    capacity = 0
    for modifier in state.rules.engine.seat_storage_capacity:
        capacity = modifier(state, seat, capacity)
    return capacity


Destination = tuple[int, bool]
"""Where a taken hex goes: ``(discard, own)``: the stored tile discarded first (-1: none)
and whether it is the seat's own storage (else the estate's)."""


def storage_choices(
    state: State, seat: SeatIndex, may_discard: bool = True
) -> tuple[Destination, ...]:
    """Return where a hex taken by seat ``seat`` may go, as ``(discard, own)`` pairs.

    In the base game: the estate's storage, with a discard when it is full
    (:func:`discard_choices`). A seat with spaces of its own (R-TEAM-STORAGE) may put it in
    any free space of the estate's or its own; only with all of them full does it discard,
    from either (never from a partner's own spaces).
    """
    shared = discard_choices(state, seat, may_discard)
    capacity = seat_storage_capacity(state, seat) if state.rules.engine.seat_storage_capacity else 0
    if not capacity:
        return _INTO_ESTATE_ONLY if shared is NO_DISCARD else _shared_choices(shared)
    own = state.seats[seat].storage
    choices: list[Destination] = []
    if shared == NO_DISCARD:
        choices.append(_INTO_ESTATE)
    if len(own) < capacity:
        choices.append(_INTO_OWN)
    if not choices and may_discard:  # every space it can use is full
        choices += [(discard, False) for discard in shared]
        choices += [(discard, True) for discard in distinct(own)]
    return tuple(choices)


@cache
def _shared_choices(discards: tuple[int, ...]) -> tuple[Destination, ...]:
    return tuple((discard, False) for discard in discards)


_INTO_ESTATE: Destination = (-1, False)
_INTO_OWN: Destination = (-1, True)
_INTO_ESTATE_ONLY: tuple[Destination, ...] = (_INTO_ESTATE,)


def stored(
    state: State, seat: SeatIndex, tile: TileCode, discard: TileCode, own: bool = False
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The changes that put ``tile`` into seat ``seat``'s storage (its own with ``own``,
    else its estate's), discarding ``discard`` from there first (if >= 0): ``(seat
    changes, estate changes, state changes)``, the last with ``removed`` when discarding."""
    holder = state.seats[seat] if own else state.estates[state.seats[seat].estate]
    storage = list(holder.storage)
    changes: dict[str, Any] = {}
    if discard >= 0:
        storage.remove(discard)
        removed = list(state.removed)
        removed[discard] += 1
        changes["removed"] = tuple(removed)
    storage.append(tile)
    storage.sort()
    if own:
        return {"storage": tuple(storage)}, {}, changes
    return {}, {"storage": tuple(storage)}, changes


def store(
    state: State, seat: SeatIndex, tile: TileCode, discard: TileCode, own: bool = False
) -> State:
    """Put ``tile`` into seat ``seat``'s storage (its own with ``own``), discarding
    ``discard`` first (if >= 0)."""
    seat_changes, estate_changes, changes = stored(state, seat, tile, discard, own)
    return update(state, seat, seat_changes, estate_changes, changes)


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
    return changed(state, depot_without(state, depot, tile))


def can_receive(state: State, seat: SeatIndex, may_discard: bool = True) -> bool:
    """Whether a hex taken by seat ``seat`` has somewhere to go (a free space, or a full
    storage that may be made room in): a take is offered only then."""
    return bool(storage_choices(state, seat, may_discard))


def receive(state: State, seat: SeatIndex, tile: TileCode) -> State:
    """Put taken hex ``tile`` into seat ``seat``'s storage, or ask where it goes.

    With one place for it (:func:`storage_choices`) it goes there now; with more, a
    :class:`~burgundy.pending.StowTile` decision is pushed (the hex is held there) and its
    answer, a :class:`~burgundy.actions.Stow`, stores it (:func:`answer_stow`).

    Args:
        state: The state after the take (the hex is off its depot already).
        seat: The seat taking.
        tile: The tile code taken (offered only where :func:`can_receive`).

    Examples:
        >>> import burgundy
        >>> from burgundy.components import tile_code
        >>> from burgundy.testing import build_position, take_from_supply
        >>> rules = burgundy.Ruleset(players=2, variants=())
        >>> full = build_position(rules, storage=["ship", "mine", "bank"], dice=(2, 5))
        >>> seat = full.current_player
        >>> after = receive(take_from_supply(full, "cow2"), seat, tile_code("cow2"))
        >>> type(after.pending[-1]).__name__, sorted(str(a) for a in after.legal_actions())
        ('StowTile', ['drop bank', 'drop mine', 'drop ship'])
    """
    choices = storage_choices(state, seat)
    if len(choices) == 1:
        discard, own = choices[0]
        return store(state, seat, tile, discard, own)
    return push(state, StowTile(seat, tile))


def stow_legal(state: State, item: Pending) -> tuple[Stow, ...]:
    """The answers of a :class:`~burgundy.pending.StowTile`: one :class:`Stow` (or
    ``StowOwn``) per place the hex may go."""
    assert isinstance(item, StowTile)
    return tuple(
        (stow_own if own else stow)(discard)
        for discard, own in storage_choices(state, item.seat)
    )


def answer_stow(state: State, item: Pending, action: Any) -> State:
    """Apply a :class:`Stow` answering ``item`` (its rule's ``answer``; the item is still on
    top of the stack): the held hex goes where the answer says."""
    assert isinstance(item, StowTile) and isinstance(action, Stow)
    seat_changes, estate_changes, changes = stored(
        state, item.seat, item.tile, action.discard, action.own
    )
    changes["pending"] = state.pending[:-1]
    return update(state, item.seat, seat_changes, estate_changes, changes)


def validate_stow(state: State, item: Pending) -> None:
    """Check a :class:`~burgundy.pending.StowTile` on a loaded stack: its tile is a tile
    code of the ruleset and it really has a choice to make.

    Raises:
        ValueError: What is wrong.
    """
    assert isinstance(item, StowTile)
    codes = state.rules.engine.tiles.codes
    if item.tile not in codes:
        raise ValueError(f"tile {item.tile!r}: not a tile code of this ruleset")
    if len(storage_choices(state, item.seat)) < 2:
        raise ValueError("the held hex has no choice of where it goes")


def take_actions(
    state: State, seat: SeatIndex, die: Die, depots: int,
    colours: tuple[int, ...] | None = None,
    may_discard: bool = True, room: bool | None = None,
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
        room: :func:`can_receive` if already known.
    """
    if room is None:
        room = can_receive(state, seat, may_discard)
    if not room:
        return []
    actions: list[TakeTile] = []
    for depot in DEPOTS_IN[depots]:
        for tile in distinct(state.depots[depot - 1]):
            if colours is None or TILE_COLOUR[tile] in colours:
                actions.append(take_tile(die, depot, tile))
    return actions


ALL_DEPOTS: int = 0b1111110
"""Mask of the six numbered depots (bit ``d`` for depot ``d``)."""
DEPOTS_IN: tuple[tuple[int, ...], ...] = tuple(bits(mask) for mask in range(128))
"""``DEPOTS_IN[mask]``: the depots of a depot mask, lowest first (``bits`` as a table: a
take asks at every decision; measured, 0.1 against 0.7 thousand instructions a call)."""
NO_DISCARD: tuple[int, ...] = (-1,)
"""The :func:`discard_choices` of a storage with room: take without discarding."""
take_tile = cache(TakeTile)
"""``TakeTile(die, depot, tile)``, one shared instance per value (actions are
frozen; legal-action generation makes the same ones over and over)."""
buy_tile = cache(BuyTile)
"""``BuyTile(tile)``, one shared instance per value."""
stow = cache(Stow)
"""``Stow(discard)``, one shared instance per value."""
stow_own = cache(StowOwn)
"""``StowOwn(discard)``, one shared instance per value."""


def apply_take(state: State, seat: int, action: TakeTile) -> State:
    """Apply a :class:`TakeTile` by seat ``seat`` (legality already checked)."""
    cost = die_cost(state, seat, TAKE, -1, action.die, action.depot)
    changes = depot_without(state, action.depot, action.tile)
    estate: dict[str, Any] = {"workers": state.estates[state.seats[seat].estate].workers - cost}
    seat_changes = dice_after(state, seat, action.die)
    choices = storage_choices(state, seat)
    if len(choices) == 1:  # the usual case: one copy of the state
        extra_seat, extra_estate, extra = stored(state, seat, action.tile, *choices[0])
        if seat_changes:
            extra_seat.update(seat_changes)
        extra_estate.update(estate)
        changes.update(extra)
        return update(state, seat, extra_seat, extra_estate, changes)
    changes["pending"] = (*state.pending, StowTile(seat, action.tile))  # push, in the same copy
    return update(state, seat, seat_changes or None, estate, changes)


def depot_offer(state: State, depot: int, price: int = PURCHASE_PRICE) -> PurchaseOffer[State]:
    """The purchase offer of depot ``depot`` (0: the black depot, source ``"black"``; 1-6 a
    numbered depot, source ``"1"``-``"6"``): its hexes, for ``price`` silverlings
    (:data:`PURCHASE_PRICE`)."""
    tiles = state.black_depot if depot == 0 else state.depots[depot - 1]
    return _depot_offer(depot, tiles, price)


@lru_cache(maxsize=4096)
def _depot_offer(
    depot: int, tiles: tuple[TileCode, ...], price: int = PURCHASE_PRICE
) -> PurchaseOffer[State]:
    """One shared offer per depot, hexes and price (offers are asked for at every
    decision)."""
    return PurchaseOffer(_DEPOT_SOURCES[depot], distinct(tiles), _DEPOT_TAKERS[depot], price)


def _depot_taker(depot: int) -> Callable[[State, TileCode], State]:
    return lambda state, tile: remove_from_depot(state, depot, tile)


_DEPOT_SOURCES: tuple[str, ...] = (BLACK_SOURCE, *(str(d) for d in range(1, 7)))
_DEPOT_TAKERS = tuple(_depot_taker(d) for d in range(7))


def purchase_offers(state: State, seat: SeatIndex) -> list[PurchaseOffer[State]]:
    """The sources seat ``seat`` may buy from now, before prices and payments: the black
    depot (if it holds a hex), then each variant's offers (``burgundy_purchases["offers"]``),
    in variant order; none once this turn's purchase is made."""
    if state.purchased:
        return []
    offers = [depot_offer(state, 0)] if state.black_depot else []
    for offer in state.rules.engine.purchase_offers:
        offers.extend(offer(state, seat))
    return offers


def purchase_payments(
    state: State, seat: SeatIndex, offer: PurchaseOffer[State]
) -> tuple[int, ...]:
    """The ways seat ``seat`` may pay ``offer``, as the workers paid (the rest in silver):
    ``(0,)`` (silver only) in the base game, then the ``burgundy_purchases["payments"]``
    modifiers (knowledge #6 in 2019: workers instead of silver, mixing allowed)."""
    payments: tuple[int, ...] = _SILVER_ONLY
    for modifier in state.rules.engine.purchase_payments:
        payments = modifier(state, seat, offer, payments)
    return payments


_SILVER_ONLY: tuple[int, ...] = (0,)


def can_purchase(state: State, seat: int) -> bool:
    """Whether seat ``seat`` may still make this turn's purchase from the black depot
    with silverlings."""
    if state.purchased or not state.black_depot:
        return False
    return state.seat_estate(seat).silver >= PURCHASE_PRICE


def purchase_actions(state: State, seat: int, room: bool | None = None) -> list[BuyTile]:
    """Return the purchases open to seat ``seat`` (none once this turn's is made, or while
    the hex would have nowhere to go): offer by offer (:func:`purchase_offers`), payment by
    payment (:func:`purchase_payments`, those the estate can pay), tile by tile. Where the
    hex goes is the decision that follows (:func:`receive`). ``room``: the seat's
    :func:`can_receive` if known."""
    engine = state.rules.engine
    if not (engine.purchase_offers or engine.purchase_payments):  # the base game's own
        if not can_purchase(state, seat) or not (
            can_receive(state, seat) if room is None else room
        ):
            return []
        return [buy_tile(tile) for tile in distinct(state.black_depot)]
    if state.purchased:
        return []
    estate = state.estates[state.seats[seat].estate]
    silver, held = estate.silver, estate.workers
    black = state.black_depot  # purchase_offers, inline (hot path), without the black
    # depot's offer when no payment could afford it (as the loop below would skip it)
    offers = [_depot_offer(0, black)] if black and silver + held >= PURCHASE_PRICE else []
    for provide in engine.purchase_offers:
        more = provide(state, seat)
        if more:
            offers.extend(more)
    if not offers or not (can_receive(state, seat) if room is None else room):
        return []
    modifiers = engine.purchase_payments
    actions: list[BuyTile] = []
    for offer in offers:
        if not offer.tiles or silver + held < offer.price:
            continue  # (every payment is workers paid, the rest in silver: none affordable)
        payments = _SILVER_ONLY
        for modifier in modifiers:
            payments = modifier(state, seat, offer, payments)
        for workers in payments:
            if held < workers or silver < offer.price - workers:
                continue
            for tile in offer.tiles:
                actions.append(buy_tile(tile, offer.source, workers))
    return actions


def apply_buy(state: State, seat: int, action: BuyTile) -> State:
    """Apply a :class:`BuyTile` by seat ``seat`` (legality already checked): the source
    gives up the hex, the seat's estate pays, the turn's purchase is made and the hex goes
    to storage (:func:`receive`: at once, or the decision where)."""
    if action.source == BLACK_SOURCE:
        price = PURCHASE_PRICE
        changes = depot_without(state, 0, action.tile)
    else:
        offer = next(o for o in purchase_offers(state, seat) if o.source == action.source)
        price = offer.price
        state = offer.take(state, action.tile)
        changes = {}
    current = state.estates[state.seats[seat].estate]
    estate: dict[str, Any] = {"silver": current.silver - (price - action.workers)}
    if action.workers:
        estate["workers"] = current.workers - action.workers
    changes["purchased"] = True
    state = update(state, seat, None, estate, changes)
    return receive(state, seat, action.tile)
