"""The trade routes' rules: the deal, ordering a route, goods onto the route, rewards, the
check of a loaded state and the route's picture rows.

Rule sentences (RU19, "Торговые пути"; TR1-TR3 as docs/rules.md's sources number them) and where
they are:

- TR1 "Each player gets random trade-route cards: 3 with 4 players, 4 with 3, 5 with 2;
  lay them in random order above the board": :func:`setup` (``RouteDraw`` chance per tile,
  a row per *player*, also in team play; ``trade_routes_order="choose"``: ``RouteOrder``
  decisions).
- TR2 "When selling, lay the sold tiles one by one, left to right, on the empty spaces of
  the route; a tile whose colour matches the space gives that space's bonus at once":
  :func:`lay_goods` (the ``burgundy_sold_goods`` hook: the seller's row; silverlings, VP
  and workers received at once) and :func:`reward_item` (the rewards that are choices).
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


# -- set-up (TR1) -----------------------------------------------------------------------------
def setup(rules: Ruleset) -> Callable[[State], State]:
    """The set-up function: the variant's state, a ``RouteDraw`` for each tile each player
    is dealt (seat 0's first; TR1 "каждый игрок", each player, so in team play each
    partner has a row of their own), and with ``trade_routes_order="choose"`` a
    ``RouteOrder`` for each seat after the deal (seat 0's first). They come before the
    start player is drawn."""
    route = route_of(rules)

    def deal(state: State) -> State:
        n = len(state.seats)
        empty: tuple[tuple[int, ...], ...] = ((),) * n
        state = _with_routes(state, RouteState(
            undealt=tuple(range(1, len(route.deck) + 1)), hands=empty, rows=empty, goods=empty,
        ))
        draws = [RouteDraw(player=k) for k in range(n) for _ in range(route.per_player)]
        orders = [RouteOrder(seat) for seat in range(n)] if route.choose else []
        return push(state, *reversed(orders), *reversed(draws))

    return deal


def draw_outcomes(state: State, item: Pending) -> tuple[tuple[int, float], ...]:
    """Every undealt tile is equally likely."""
    undealt = routes(state).undealt
    return tuple((tile, 1.0 / len(undealt)) for tile in undealt)


def resolve_draw(state: State, item: Pending, tile: int) -> State:
    """Tile ``tile`` goes to the right end of the player's row (random order) or into their
    hand (the player orders the route)."""
    assert isinstance(item, RouteDraw)
    current = routes(state)
    undealt = tuple(t for t in current.undealt if t != tile)
    if state.rules.options[ORDER] == "choose":
        hands = list(current.hands)
        hands[item.player] = tuple(sorted((*hands[item.player], tile)))
        return _with_routes(state, attrs.evolve(current, undealt=undealt, hands=tuple(hands)))
    rows = list(current.rows)
    rows[item.player] = (*rows[item.player], tile)
    return _with_routes(state, attrs.evolve(current, undealt=undealt, rows=tuple(rows)))


def order_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """Each tile of the hand may go next."""
    hand = routes(state).hands[item.seat]
    return tuple(LayRouteTile(tile) for tile in hand)


def apply_lay(state: State, seat: int, action: LayRouteTile) -> State:
    """The tile goes to the right end of the route; the last one of the hand follows by
    itself, otherwise the seat lays the next."""
    current = routes(state)
    hand = tuple(t for t in current.hands[seat] if t != action.tile)
    row = (*current.rows[seat], action.tile)
    if len(hand) == 1:
        row, hand = (*row, hand[0]), ()
    hands = list(current.hands)
    rows = list(current.rows)
    hands[seat], rows[seat] = hand, row
    state = _with_routes(state, attrs.evolve(current, hands=tuple(hands), rows=tuple(rows)))
    return push(state, RouteOrder(seat)) if len(hand) >= 2 else state


# -- goods onto the route (TR2, TR3) ----------------------------------------------------------
def reward_item(seat: int, space: int, reward: Reward) -> Pending:
    """The decision a route space's reward is when the reward itself is a choice (R-ROUTE,
    R-ROUTE-CHOICE): ``RouteReward`` for the extra action (the castle's, R-CASTLE: not
    declined, as a castle's is not); the core's ``BuildingTake`` with the carpenter's,
    church's or market's colours for a take (the building rules: numbered depots,
    R-BUILDING-FULL; optional, as those buildings' "may"); the core's ``WarehouseSell``
    for a sale (optional, as the warehouse's "may"). Silverlings, VP and workers are no
    decision (:func:`lay_goods` gives them at once)."""
    if reward.kind in TAKES:
        colours = BUILDING_EFFECT[TAKES[reward.kind]].take
        assert colours is not None
        return BuildingTake(seat, colours)
    if reward.kind == "sell_goods":
        return WarehouseSell(seat)
    return RouteReward(seat, space)


def lay_goods(rules: Ruleset) -> Callable[[State, int, int, int], State]:
    """The ``burgundy_sold_goods`` handler: the sold goods go onto the seller's route (TR1:
    each player's own; in team play too, whoever's estate the goods came from), on its
    empty spaces from the left, as many as there are (the rest lie on the sold pile). Each
    one on a space of its own number earns that space's reward at once (TR2 "немедленно
    получите указанный бонус"): silverlings, VP and workers are received there and then,
    in the order the goods are laid; a reward that is itself a choice is pushed, the
    leftmost on top, so they are answered left to right."""
    route = route_of(rules)
    capacity = route.spaces

    def lay(state: State, seat: int, goods: int, count: int) -> State:
        current = routes(state)
        lying = current.goods[seat]
        start = len(lying)
        n = min(count, capacity - start)
        if n <= 0:
            return state
        row = current.rows[seat]
        placed = list(current.goods)
        placed[seat] = lying + (goods,) * n
        state = _with_routes(state, replace(current, goods=tuple(placed)))
        rewards = []
        for index in range(start, start + n):
            space = space_of(route, row, index)
            if space.goods != goods:
                continue
            if space.reward.counted:
                state = receive_income(state, seat, space.reward)
            else:
                rewards.append(reward_item(seat, index, space.reward))
        return push(state, *reversed(rewards)) if rewards else state

    return lay


def reward_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """An extra action: the castle's bonus action's die actions (the core's rule for
    ``BonusAction``, R-CASTLE); not optional, as a castle's is not (ES11 p.6: the castle's
    player "inmediatamente lleva a cabo una acción adicional", at once carries out an extra
    action)."""
    assert isinstance(item, RouteReward)
    rule = state.rules.engine.pending_rules[BonusAction]
    assert isinstance(rule, Decision)
    return tuple(rule.legal(state, item))


def receive_income(state: State, seat: int, reward: Reward) -> State:
    """Gain a reward's silverlings, VP (ledger source ``"trade routes"``) or workers: no
    decision, they can only help (TR2 "немедленно получите", receive at once; R-ROUTE)."""
    income = Income(**{"silver" if reward.kind == "silver" else reward.kind: reward.amount})
    return gain(state, seat, income, SOURCE)


# -- validation -------------------------------------------------------------------------------
def validate(state: State) -> None:
    """The trade routes' part of :func:`burgundy.validation.validate_state` (the core has checked
    the state's shape and that the variant's state is a :class:`RouteState` of its types).

    The deck's tiles are each in one place (undealt, in a hand, in a row; undealt and hands
    sorted); each seat has, per tile still to come, a ``RouteDraw`` pending, and with
    random order no hand, with chosen order a ``RouteOrder`` while its row is short; goods
    lie only on complete routes, at most one per space, colours 1-6; and they are sold
    goods: per colour the routes of an estate's seats hold no more than the estate's
    ``sold``, and while each of those routes has an empty space, every sold good of the
    estate lies on them (TR3: the pile gets goods only from a seller whose route is full).

    Raises:
        ValueError: What is wrong.
    """
    current = routes(state)
    route = route_of(state.rules)
    n = len(state.seats)
    if not len(current.hands) == len(current.rows) == len(current.goods) == n:
        raise ValueError("trade routes: one hand, row and goods entry per player expected")
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
    for item in state.pending:  # their own checks come after this one: read them with care
        if isinstance(item, RouteDraw):
            if not 0 <= item.player < n:
                raise ValueError(f"trade routes: a route tile draw for player "
                                 f"{brief(item.player)}: no such seat (0-{n - 1})")
            draws[item.player] += 1
        elif isinstance(item, RouteOrder) and route.choose and 0 <= item.seat < n:
            ordering[item.seat] += 1
    if sum(draws) > len(current.undealt):
        raise ValueError("trade routes: more tile draws pending than tiles undealt")
    for k in range(n):
        hand, row, goods = current.hands[k], current.rows[k], current.goods[k]
        if len(hand) + len(row) + draws[k] != route.per_player:
            raise ValueError(f"trade routes: player {k} must be dealt {route.per_player} tiles "
                             f"(has {len(hand) + len(row)}, {draws[k]} to come)")
        if route.choose:
            if ordering[k] != (len(row) < route.per_player):
                raise ValueError(f"trade routes: player {k}'s route is ordered by them while "
                                 f"it is short, once")
        elif hand or ordering[k]:
            raise ValueError(f"trade routes: player {k} has a hand, but the order is random")
        if goods and len(row) < route.per_player:
            raise ValueError(f"trade routes: goods on player {k}'s route before it is laid")
        if len(goods) > SPACES_PER_TILE * len(row) or not all(1 <= g <= 6 for g in goods):
            raise ValueError(f"trade routes: player {k}'s route holds {brief(goods)}")
    for e, seats in enumerate(state.estate_seats()):
        estate = state.estates[e]
        lying = [g for k in seats for g in current.goods[k]]
        sold = estate.sold
        if any(lying.count(c) > sold[c - 1] for c in range(1, 7)):
            raise ValueError(f"trade routes: estate {e} has more goods on its routes than sold")
        if all(len(current.goods[k]) < route.spaces for k in seats) and sum(sold) != len(lying):
            raise ValueError(f"trade routes: estate {e} has goods on the sold pile while its "
                             f"routes have empty spaces")


# -- pictures ---------------------------------------------------------------------------------
def picture_rows(state: State, estate: int) -> tuple[PictureRow, ...]:
    """The routes of the players of estate ``estate`` as picture rows (one player in most
    games; both partners in team play, each named): a group per tile (named), a cell per
    space with the goods number it asks for, its reward and the goods lying on it; with a
    hand still to lay, a second row. The label says when the deck is generated."""
    route = route_of(state.rules)
    current = routes(state)
    note = " (generated, not the printed tiles)" if route.generated else ""
    seats = state.estate_seats()[estate]
    rows = []
    for k in seats:
        whose = f" of seat {k}" if len(seats) > 1 else ""
        rows.append(_tiles_row(f"trade route{whose}{note}", route, current.rows[k],
                               current.goods[k]))
        if current.hands[k]:
            rows.append(_tiles_row(f"route tiles to lay{whose}{note}", route, current.hands[k],
                                   ()))
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
