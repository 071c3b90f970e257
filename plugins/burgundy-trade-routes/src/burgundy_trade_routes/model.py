"""The trade routes' state, pending items and actions.

Route tiles are named by their **number** in the ruleset's deck, 1 to the deck's size
(:func:`burgundy_trade_routes.tiles.deck_tiles`); a route's **spaces** by their index 0,
1, 2, ... from the left (shown 1-based in the notation: ``reward 4`` is the fourth space).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from burgundy.plugin import CHANCE_SEAT, Action, Pending, brief
from burgundy_trade_routes.tiles import (
    MAX_DECK,
    NAME,
    ORDER,
    SPACES_PER_TILE,
    route_of,
    space_of,
)

if TYPE_CHECKING:
    from burgundy.plugin import Ruleset, State



@attrs.frozen(slots=True)
class RouteState:
    """Where the route tiles and the goods on them are (the variant's state, key
    ``"trade_routes"``).

    Attributes:
        undealt: Numbers of the deck's tiles not dealt (they stay in the box), sorted.
        hands: Per player (seat), the tiles dealt but not yet laid in the row (only with
            ``trade_routes_order="choose"``, during set-up), sorted.
        rows: Per player (seat), their route: the tiles' numbers, left to right (TR1: each
            player's own, also in team play).
        goods: Per player, the goods colour (1-6) on each filled route space, left to right
            (the route fills from the left, so these are its first spaces). These goods
            are also counted in the ``sold`` of the player's estate; the rest of ``sold``
            lies on the sold pile.

    Examples:
        >>> from burgundy_trade_routes.model import RouteState
        >>> RouteState(undealt=(3,), hands=((),), rows=((2, 1),), goods=((4, 4),)).goods[0]
        (4, 4)
    """

    undealt: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    goods: tuple[tuple[int, ...], ...]


def _route_state(state: State) -> RouteState:
    value: RouteState = state.variant_state(NAME)
    return value


def _player_check(state: State, player: int) -> None:
    if not 0 <= player < len(state.seats):
        raise ValueError(f"player {brief(player)}: no such seat (0-{len(state.seats) - 1})")


# -- pending ----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class RouteDraw(Pending):
    """Chance: a route tile from the deck for player ``player`` (TR1: "каждый игрок", each
    player, dealt at random; with ``trade_routes_order="random"`` it goes to the right end
    of the row, so the row's order is random too). Outcome: the tile's number, each undealt
    tile equally likely.

    Attributes:
        player: The seat dealt the tile.
    """

    player: int = 0
    seat: int = CHANCE_SEAT

    def validate(self, state: State) -> None:
        """Also: ``player`` is a seat (the counts of draws are checked by the variant's
        ``validate``)."""
        super().validate(state)
        _player_check(state, self.player)

    def describe_outcome(self, outcome: int) -> str:
        """Text for transcripts: ``"route tile player 1: 7"`` (the tile's deck number)."""
        return f"route tile player {self.player}: {outcome}"


@attrs.frozen(slots=True)
class RouteOrder(Pending):
    """With ``trade_routes_order="choose"``: the seat lays the next tile of its hand at the
    right end of its route (the last one goes by itself)."""

    def validate(self, state: State) -> None:
        """Also: the option is ``"choose"`` and the seat still has tiles to lay."""
        super().validate(state)
        if state.rules.options[ORDER] != "choose":
            raise ValueError("a route is ordered by its player only with "
                             "trade_routes_order='choose'")
        hands = _route_state(state).hands
        draws = sum(1 for p in state.pending
                    if isinstance(p, RouteDraw) and p.player == self.seat)
        if self.seat >= len(hands) or len(hands[self.seat]) + draws < 2:
            raise ValueError("the route has fewer than two tiles left to lay")


@attrs.frozen(slots=True)
class RouteReward(Pending):
    """A route space's extra action, earned by a goods tile of the space's number (TR2): the
    die actions of the castle's bonus action (R-CASTLE), not declined (R-ROUTE-CHOICE).
    Silverlings, VP and workers are received at once, with no decision; the take and sell
    rewards are the core's ``BuildingTake`` and ``WarehouseSell`` decisions.

    Attributes:
        space: The route space (0 = leftmost) whose reward it is.
    """

    space: int = 0

    def validate(self, state: State) -> None:
        """Also: the space holds goods of its own number and shows an extra action."""
        super().validate(state)
        player = self.seat
        current = _route_state(state)
        if player >= min(len(current.goods), len(current.rows)):
            raise ValueError(f"player {player} has no route")
        goods = current.goods[player]
        if not 0 <= self.space < len(goods) or self.space >= SPACES_PER_TILE * len(
            current.rows[player]
        ):
            raise ValueError(f"space {brief(self.space)}: no goods lie on that route space")
        route = route_of(state.rules)
        row = current.rows[player]
        if any(not 1 <= tile <= len(route.deck) for tile in row):
            raise ValueError(f"player {player}'s route has a tile the deck lacks")
        space = space_of(route, row, self.space)
        if goods[self.space] != space.goods:
            raise ValueError(f"space {self.space}: its goods are not of its number")
        if space.reward.kind != "extra_action":
            raise ValueError(f"space {self.space}: its reward is no extra action")


# -- actions ----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class LayRouteTile(Action):
    """Lay tile ``tile`` of your hand at the right end of your route (``trade_routes_order=
    "choose"``).

    Attributes:
        tile: The tile's number in the deck.
    """

    tile: int

    @classmethod
    def action_space(cls, rules: Ruleset) -> list[LayRouteTile]:
        """Any tile of a deck (:mod:`burgundy.action_space`): numbers 0 to 23."""
        return [cls(n) for n in range(MAX_DECK)]

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal (free)."""
        return (f"lay tile {self.tile} of your hand at the right end of your trade route "
                "(trade_routes_order 'choose')")

    def __str__(self) -> str:
        return f"route tile {self.tile}"


PENDING_TYPES = (RouteDraw, RouteOrder, RouteReward)
"""The variant's pending types."""
ACTION_TYPES = (LayRouteTile,)
"""The variant's action types."""
