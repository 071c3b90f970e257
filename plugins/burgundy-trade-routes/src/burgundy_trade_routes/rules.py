"""The trade routes' rules: the deal, ordering a route, goods onto the route, rewards, the
check of a loaded state and the route's picture rows.

Rule sentences (RU19, "Торговые пути"; TR1-TR3 as docs/rules.md's sources number them) and where
they are:

- TR1 "Each player gets random trade-route cards: 3 with 4 players, 4 with 3, 5 with 2;
  lay them in random order above the board": :func:`setup` (``RouteDraw`` chance per tile;
  ``trade_routes_order="choose"``: ``RouteOrder`` decisions).
- TR2 "When selling, lay the sold tiles one by one, left to right, on the empty spaces of
  the route; a tile whose colour matches the space gives that space's bonus at once":
  :func:`lay_goods` (the ``burgundy_sold_goods`` hook) and :func:`reward_item`.
- TR3 "When no empty space is left, sold goods go to the sold pile as usual":
  :func:`lay_goods` lays at most the empty spaces; the rest lie on the pile.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from burgundy.plugin import (
    BUILDING_EFFECT,
    Action,
    BonusAction,
    BuildingTake,
    Decision,
    Income,
    Pending,
    PictureCell,
    PictureRow,
    Ruleset,
    State,
    WarehouseSell,
    brief,
    gain,
    push,
    replace,
)
from burgundy_trade_routes.model import (
    LayRouteTile,
    RouteDraw,
    RouteOrder,
    RouteReward,
    RouteState,
    TakeReward,
)
from burgundy_trade_routes.tiles import (
    NAME,
    ORDER,
    SPACES_PER_TILE,
    TAKES,
    Reward,
    Route,
    route_of,
    space_of,
)

SOURCE = "trade routes"
"""The ledger source of the VP a route gives."""


def routes(state: State) -> RouteState:
    """The variant's state (routes are read on sales and set-up, not on every decision, so
    the core's lookup serves)."""
    value: RouteState = state.variant_state(NAME)
    return value


def _with_routes(state: State, value: RouteState) -> State:
    return state.with_variant_state(NAME, value)


def _first_seats(state: State) -> list[int]:
    """The lowest seat playing on each estate (it orders the estate's route)."""
    first: dict[int, int] = {}
    for seat, entry in enumerate(state.seats):
        first.setdefault(entry.estate, seat)
    return [first[e] for e in range(len(state.estates))]


# -- set-up (TR1) -----------------------------------------------------------------------------
def setup(rules: Ruleset) -> Callable[[State], State]:
    """The set-up function: the variant's state, a ``RouteDraw`` for each tile each estate
    is dealt (estate 0's first), and with ``trade_routes_order="choose"`` a ``RouteOrder``
    for each estate after the deal (estate 0's first). They come before the start player
    is drawn."""
    route = route_of(rules)

    def deal(state: State) -> State:
        n = len(state.estates)
        empty: tuple[tuple[int, ...], ...] = ((),) * n
        state = _with_routes(state, RouteState(
            undealt=tuple(range(1, len(route.deck) + 1)), hands=empty, rows=empty, goods=empty,
        ))
        draws = [RouteDraw(estate=e) for e in range(n) for _ in range(route.per_player)]
        orders = [RouteOrder(seat) for seat in _first_seats(state)] if route.choose else []
        return push(state, *reversed(orders), *reversed(draws))

    return deal


def draw_outcomes(state: State, item: Pending) -> tuple[tuple[int, float], ...]:
    """Every undealt tile is equally likely."""
    undealt = routes(state).undealt
    return tuple((tile, 1.0 / len(undealt)) for tile in undealt)


def resolve_draw(state: State, item: Pending, tile: int) -> State:
    """Tile ``tile`` goes to the right end of the estate's row (random order) or into its
    hand (the player orders the route)."""
    assert isinstance(item, RouteDraw)
    current = routes(state)
    undealt = tuple(t for t in current.undealt if t != tile)
    if state.rules.options[ORDER] == "choose":
        hands = list(current.hands)
        hands[item.estate] = tuple(sorted((*hands[item.estate], tile)))
        return _with_routes(state, attrs.evolve(current, undealt=undealt, hands=tuple(hands)))
    rows = list(current.rows)
    rows[item.estate] = (*rows[item.estate], tile)
    return _with_routes(state, attrs.evolve(current, undealt=undealt, rows=tuple(rows)))


def order_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """Each tile of the hand may go next."""
    hand = routes(state).hands[state.seats[item.seat].estate]
    return tuple(LayRouteTile(tile) for tile in hand)


def apply_lay(state: State, seat: int, action: LayRouteTile) -> State:
    """The tile goes to the right end of the route; the last one of the hand follows by
    itself, otherwise the seat lays the next."""
    current = routes(state)
    estate = state.seats[seat].estate
    hand = tuple(t for t in current.hands[estate] if t != action.tile)
    row = (*current.rows[estate], action.tile)
    if len(hand) == 1:
        row, hand = (*row, hand[0]), ()
    hands = list(current.hands)
    rows = list(current.rows)
    hands[estate], rows[estate] = hand, row
    state = _with_routes(state, attrs.evolve(current, hands=tuple(hands), rows=tuple(rows)))
    return push(state, RouteOrder(seat)) if len(hand) >= 2 else state


# -- goods onto the route (TR2, TR3) ----------------------------------------------------------
def reward_item(seat: int, space: int, reward: Reward) -> Pending:
    """The decision a route space's reward is (R-ROUTE): ``RouteReward`` for silverlings,
    VP, workers and the extra action; the core's ``BuildingTake`` with the carpenter's,
    church's or market's colours for a take (the building rules: numbered depots,
    R-BUILDING-FULL); the core's ``WarehouseSell`` for a sale. All are optional."""
    if reward.kind in TAKES:
        colours = BUILDING_EFFECT[TAKES[reward.kind]].take
        assert colours is not None
        return BuildingTake(seat, colours)
    if reward.kind == "sell_goods":
        return WarehouseSell(seat)
    return RouteReward(seat, space)


def lay_goods(rules: Ruleset) -> Callable[[State, int, int, int], State]:
    """The ``burgundy_sold_goods`` handler: the sold goods go onto the route's empty spaces
    from the left, as many as there are (the rest lie on the sold pile); each one on a space
    of its own number pushes that space's reward, the leftmost on top, so they are answered
    left to right."""
    route = route_of(rules)
    capacity = route.spaces

    def lay(state: State, seat: int, goods: int, count: int) -> State:
        current = routes(state)
        estate = state.seats[seat].estate
        lying = current.goods[estate]
        start = len(lying)
        n = min(count, capacity - start)
        if n <= 0:
            return state
        row = current.rows[estate]
        placed = list(current.goods)
        placed[estate] = lying + (goods,) * n
        state = _with_routes(state, replace(current, goods=tuple(placed)))
        rewards = []
        for index in range(start, start + n):
            space = space_of(route, row, index)
            if space.goods == goods:
                rewards.append(reward_item(seat, index, space.reward))
        return push(state, *reversed(rewards)) if rewards else state

    return lay


def reward_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """An income reward: ``reward N``; an extra action: the castle's bonus action's die
    actions (the core's rule for ``BonusAction``, R-CASTLE). ``decline`` is added by the
    engine (the rule is optional)."""
    assert isinstance(item, RouteReward)
    current = routes(state)
    row = current.rows[state.seats[item.seat].estate]
    reward = space_of(route_of(state.rules), row, item.space).reward
    if reward.counted:
        return (TakeReward(item.space),)
    rule = state.rules.engine.pending_rules[BonusAction]
    assert isinstance(rule, Decision)
    return tuple(rule.legal(state, item))


def apply_take_reward(state: State, seat: int, action: TakeReward) -> State:
    """Gain a space's silverlings, VP (ledger source ``"trade routes"``) or workers."""
    row = routes(state).rows[state.seats[seat].estate]
    reward = space_of(route_of(state.rules), row, action.space).reward
    income = Income(**{"silver" if reward.kind == "silver" else reward.kind: reward.amount})
    return gain(state, seat, income, SOURCE)


# -- validation -------------------------------------------------------------------------------
def validate(state: State) -> None:
    """The trade routes' part of :func:`burgundy.validation.validate_state` (the core has checked
    the state's shape and that the variant's state is a :class:`RouteState` of its types).

    The deck's tiles are each in one place (undealt, in a hand, in a row; undealt and hands
    sorted); each estate has, per tile still to come, a ``RouteDraw`` pending, and with
    random order no hand, with chosen order a ``RouteOrder`` while its row is short; goods
    lie only on complete routes, at most one per space, colours 1-6; and they are sold
    goods: per colour no more than the estate's ``sold``, and while the route has an empty
    space, every sold good of the estate lies on it (TR3: the pile gets goods only once the
    route is full).

    Raises:
        ValueError: What is wrong.
    """
    current = routes(state)
    route = route_of(state.rules)
    n = len(state.estates)
    if not len(current.hands) == len(current.rows) == len(current.goods) == n:
        raise ValueError("trade routes: one hand, row and goods entry per estate expected")
    if list(current.undealt) != sorted(current.undealt) or any(
        list(hand) != sorted(hand) for hand in current.hands
    ):
        raise ValueError("trade routes: the undealt tiles and the hands must be sorted")
    every = [*current.undealt, *(t for h in current.hands for t in h),
             *(t for r in current.rows for t in r)]
    if sorted(every) != list(range(1, len(route.deck) + 1)):
        raise ValueError(f"trade routes: each of the deck's {len(route.deck)} tiles must be in "
                         f"exactly one place")
    draws = [0] * n
    ordering = [0] * n
    players = len(state.seats)
    for item in state.pending:  # their own checks come after this one: read them with care
        if isinstance(item, RouteDraw):
            if not 0 <= item.estate < n:
                raise ValueError(f"trade routes: a route tile draw for estate "
                                 f"{brief(item.estate)}: no such estate (0-{n - 1})")
            draws[item.estate] += 1
        elif isinstance(item, RouteOrder) and route.choose and 0 <= item.seat < players:
            ordering[state.seats[item.seat].estate] += 1
    if sum(draws) > len(current.undealt):
        raise ValueError("trade routes: more tile draws pending than tiles undealt")
    first = _first_seats(state)
    for e in range(n):
        hand, row, goods = current.hands[e], current.rows[e], current.goods[e]
        if len(hand) + len(row) + draws[e] != route.per_player:
            raise ValueError(f"trade routes: estate {e} must be dealt {route.per_player} tiles "
                             f"(has {len(hand) + len(row)}, {draws[e]} to come)")
        if route.choose:
            if ordering[e] != (len(row) < route.per_player):
                raise ValueError(f"trade routes: estate {e}'s route is ordered by seat "
                                 f"{first[e]} while it is short, once")
        elif hand or ordering[e]:
            raise ValueError(f"trade routes: estate {e} has a hand, but the order is random")
        if goods and len(row) < route.per_player:
            raise ValueError(f"trade routes: goods on estate {e}'s route before it is laid")
        if len(goods) > SPACES_PER_TILE * len(row) or not all(1 <= g <= 6 for g in goods):
            raise ValueError(f"trade routes: estate {e}'s route holds {brief(goods)}")
        sold = state.estates[e].sold
        if any(goods.count(c) > sold[c - 1] for c in range(1, 7)):
            raise ValueError(f"trade routes: estate {e} has more goods on its route than sold")
        if len(goods) < route.spaces and sum(sold) != len(goods):
            raise ValueError(f"trade routes: estate {e} has goods on the sold pile while its "
                             f"route has empty spaces")


# -- pictures ---------------------------------------------------------------------------------
def picture_rows(state: State, estate: int) -> tuple[PictureRow, ...]:
    """The route of estate ``estate`` as a picture row: a group per tile (named), a cell per
    space with the goods number it asks for, its reward and the goods lying on it; with a
    hand still to lay, a second row. The label says when the deck is generated."""
    route = route_of(state.rules)
    current = routes(state)
    note = " (generated, not the printed tiles)" if route.generated else ""
    rows = [_tiles_row(f"trade route{note}", route, current.rows[estate], current.goods[estate])]
    if current.hands[estate]:
        rows.append(_tiles_row(f"route tiles to lay{note}", route, current.hands[estate], ()))
    return tuple(rows)


def _tiles_row(label: str, route: Route, tiles: tuple[int, ...],
               goods: tuple[int, ...]) -> PictureRow:
    cells = []
    for position, number in enumerate(tiles):
        tile = route.deck[number - 1]
        for k, space in enumerate(tile.spaces):
            index = position * SPACES_PER_TILE + k
            holds = goods[index] if index < len(goods) else 0
            earned = " (reward earned)" if holds == space.goods else ""
            lying = f"; goods {holds} lies here{earned}" if holds else ""
            cells.append(PictureCell(
                space.reward.short, goods=space.goods, holds=holds, group=position,
                title=f"{tile.name} ({tile.source}) space {k + 1}: goods {space.goods} "
                      f"gives {space.reward.label}{lying}",
            ))
    names = tuple(f"{route.deck[n - 1].name} (#{n})" for n in tiles)
    return PictureRow(label, tuple(cells), names)
