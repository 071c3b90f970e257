"""The trade routes' hook implementations (entry point ``trade_routes``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from burgundy.plugin import (
    ActionRule,
    Chance,
    Decision,
    ObservationSlice,
    OptionSpec,
    PictureRowHooks,
    Ruleset,
    State,
    VariantInfo,
    hookimpl,
)
from burgundy_trade_routes import __version__
from burgundy_trade_routes import rules as route
from burgundy_trade_routes.model import (
    ACTION_TYPES,
    PENDING_TYPES,
    LayRouteTile,
    RouteDraw,
    RouteOrder,
    RouteReward,
    RouteState,
)
from burgundy_trade_routes.tiles import (
    DECK,
    GENERATED,
    NAME,
    ORDER,
    REWARD_KINDS,
    SPACES_PER_TILE,
    check_deck,
    describe_deck,
    route_of,
    space_of,
)

SUMMARY = (
    "Trade routes (8th expansion): sold goods earn the rewards of a row of route tiles. "
    "Needs option trade_routes_deck: your tiles (see the docs), or \"generated\" "
    "(generated, not the printed tiles)."
)
"""The variant's one line (``burgundy variants``)."""


@hookimpl
def burgundy_variant() -> VariantInfo:
    """The trade routes: 2-4 players (not solo), both editions, a deck the caller gives."""
    return VariantInfo(
        name=NAME,
        version=__version__,
        summary=SUMMARY,
        order=30,
        players=(2, 3, 4),  # a route needs the player counts TR1 names: not in solo
        options={
            DECK: OptionSpec(
                None, None,
                "the route tiles: a list of tiles (each three [goods 1-6, reward] spaces), "
                "or 'generated' (generated, not the printed tiles); no default",
                check_deck, describe_deck,
                kind="generated, or a JSON list of route tiles",
            ),
            ORDER: OptionSpec(
                "random", ("random", "choose"),
                "'random': each route's tiles lie in random order (chance); 'choose': each "
                "player orders their tiles",
            ),
        },
        state_type=RouteState,
        action_types=ACTION_TYPES,
        pending_types=PENDING_TYPES,
        example_options={DECK: GENERATED},
    )


@hookimpl
def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
    """The deal (and the ordering): one route per player, in team play too (TR1 "каждый
    игрок"; R-ROUTE-TEAM)."""
    return route.setup(rules)


@hookimpl
def burgundy_rules(rules: Ruleset) -> Mapping[type, Chance | Decision | ActionRule]:
    """The deal's chance, the ordering and the extra-action reward (not optional, as a
    castle's); laying a tile of the hand."""
    return {
        RouteDraw: Chance(route.draw_outcomes, route.resolve_draw),
        RouteOrder: Decision(route.order_legal),
        RouteReward: Decision(route.reward_legal),
        LayRouteTile: ActionRule(route.apply_lay),
    }


@hookimpl
def burgundy_sold_goods(rules: Ruleset) -> Callable[[State, int, int, int], State]:
    """Sold goods onto the route (TR2, TR3)."""
    return route.lay_goods(rules)


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[[State], None]:
    """Tiles and route goods conserved and where the rules put them."""
    return route.validate


@hookimpl
def burgundy_picture_rows(rules: Ruleset) -> PictureRowHooks:
    """The route in the text and SVG pictures (under the estate)."""
    return {"estate": route.picture_rows}


# -- what the routes show at the table (burgundy.rl.observe) -----------------------------------
KINDS = tuple(REWARD_KINDS)
"""The reward kinds, in the order of a route space's one-hot."""
SPACE_NUMBERS = 6 + len(KINDS) + 1 + 6
"""Numbers per route space: its goods colour (one-hot), its reward kind (one-hot), the
reward's amount / 10, and the colour of the goods lying on it (one-hot; zeros: none)."""


def observation_slices(rules: Ruleset) -> tuple[ObservationSlice, ...]:
    """Per seat: its route space by space (left to right; the spaces of tiles not laid yet
    are zeros), and the route tiles in its hand (``trade_routes_order="choose"``: dealt
    face up, not laid yet), 0/1 by deck number. The undealt tiles stay hidden."""
    compiled = route_of(rules)
    known: dict[tuple[tuple[int, ...], tuple[int, ...]], list[float]] = {}

    def spaces(state: State, seat: int) -> list[float]:
        current = route.routes(state)
        row, goods = current.rows[seat], current.goods[seat]
        found = known.get((row, goods))
        if found is None:
            if len(known) >= 4096:  # bounded: a route's few states over a game each
                known.clear()
            found = known[row, goods] = route_numbers(row, goods)
        return found

    def route_numbers(row: tuple[int, ...], goods: tuple[int, ...]) -> list[float]:
        out: list[float] = []
        for index in range(compiled.spaces):
            numbers = [0.0] * SPACE_NUMBERS
            if index // SPACES_PER_TILE < len(row):
                space = space_of(compiled, row, index)
                numbers[space.goods - 1] = 1.0
                numbers[6 + KINDS.index(space.reward.kind)] = 1.0
                numbers[6 + len(KINDS)] = space.reward.amount / 10
                if index < len(goods):
                    numbers[7 + len(KINDS) + goods[index] - 1] = 1.0
            out += numbers
        return out

    def hand(state: State, seat: int) -> list[int]:
        tiles = route.routes(state).hands[seat]
        return [int(number in tiles) for number in range(1, len(compiled.deck) + 1)]

    return (
        ObservationSlice("route", compiled.spaces * SPACE_NUMBERS, spaces, per_seat=True),
        ObservationSlice("hand", len(compiled.deck), hand, per_seat=True),
    )


@hookimpl
def burgundy_observation_slices(rules: Ruleset) -> tuple[ObservationSlice, ...]:
    """The routes in ``burgundy.rl.observe`` (:func:`observation_slices`)."""
    return observation_slices(rules)
