"""Route tiles: the reward vocabulary, the printed tiles known, the generated deck, and the
check of the option ``trade_routes_deck``.

A route tile has three spaces; each asks for a goods number (1-6) and shows a reward. A
reward is written as a short text from a closed vocabulary (:data:`REWARD_KINDS`):

=================================  ===========================================================
``silver:N``, ``vp:N``,            N silverlings, VP or workers (N 1-6), received at once
``workers:N``                      (no decision: TR2 "немедленно", R-ROUTE-INCOME)
``extra_action``                   one die action with a die of any value: the castle's bonus
                                   action (R-CASTLE)
``take_building``                  take a building (city) hex from a numbered depot, as the
                                   carpenter's workshop does
``take_castle_mine_knowledge``     take a castle, mine or knowledge hex, as the church does
``take_pasture_river``             take a pasture or river hex, as the market does (no known
                                   tile shows it; the vocabulary has every building's take)
``sell_goods``                     sell one kind of goods, as the warehouse does
=================================  ===========================================================

A deck is a list of 10 to 24 tiles (at least the tiles the player count deals). Each tile
is written either as ``{"name": "T1", "spaces": [[goods, reward], [goods, reward],
[goods, reward]]}`` (the name optional, a space also as ``{"goods": 1, "reward":
"silver:2"}``), or as ``[name, [goods, reward], [goods, reward], [goods, reward]]`` (the
form the ruleset keeps), or as the name of a printed tile this package knows in full
(``"E2019-A"``, ``"E2019-B"``). A tile written out under a printed tile's name must agree
with the printed reading, an unreadable value filled in: ``E2019-C``'s worker count, which
the scan does not show, is read from the box that way. ``"generated"`` stands for
:func:`generated_deck`.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import attrs

from burgundy.plugin import brief

if TYPE_CHECKING:
    from burgundy.plugin import RulesView

DATA: dict[str, Any] = json.loads(
    resources.files("burgundy_trade_routes.data").joinpath("tiles.json").read_text("utf-8")
)
"""The data file: tiles per player, the printed tiles known, the generated deck's inputs."""
TILES_PER_PLAYER: dict[int, int] = {int(k): int(v) for k, v in DATA["tiles_per_player"].items()}
"""Route tiles each player gets, by player count: 5, 4, 3 with 2, 3, 4 players (TR1)."""
SPACES_PER_TILE: int = int(DATA["spaces_per_tile"])
"""Spaces on a route tile (3)."""
NAME = "trade_routes"
"""The variant's name (and the key of its state)."""
DECK = "trade_routes_deck"
"""The option naming the deck."""
ORDER = "trade_routes_order"
"""The option saying who orders a route's tiles: ``"random"`` (chance) or ``"choose"``."""
GENERATED = "generated"
"""The option value of the generated deck."""
MAX_DECK = 24
"""The most tiles a supplied deck may have (twice the printed set)."""
COUNTED: tuple[str, ...] = ("silver", "vp", "workers")
"""Reward kinds with an amount (``silver:2``)."""
AMOUNTS = range(1, 7)
"""The amounts a counted reward may have."""
TAKES: dict[str, str] = {
    "take_building": "carpenter",
    "take_castle_mine_knowledge": "church",
    "take_pasture_river": "market",
}
"""The take rewards and the building whose take effect each one is."""
REWARD_KINDS: dict[str, str] = {
    "silver": "silverlings",
    "vp": "victory points",
    "workers": "workers",
    "extra_action": "one die action with a die of any value (the castle's bonus action)",
    "take_building": "take a building hex from a numbered depot (as the carpenter's workshop)",
    "take_castle_mine_knowledge": "take a castle, mine or knowledge hex (as the church)",
    "take_pasture_river": "take a pasture or river hex (as the market)",
    "sell_goods": "sell one kind of goods (as the warehouse)",
}
"""The closed reward vocabulary: each kind and what it gives."""
_SHORT = {
    "silver": "sv", "vp": "VP", "workers": "wk", "extra_action": "act", "take_building": "bldg",
    "take_castle_mine_knowledge": "c/m/k", "take_pasture_river": "p/r", "sell_goods": "sell",
}
_LABEL = {
    "extra_action": "an extra action (any die value)", "take_building": "take a building",
    "take_castle_mine_knowledge": "take a castle, mine or knowledge tile",
    "take_pasture_river": "take a pasture or river tile", "sell_goods": "sell goods",
}
SOURCES: tuple[str, ...] = ("printed", "generated", "supplied")
"""Where a tile comes from: a printed tile this package knows, the generated deck, or the
caller."""


@attrs.frozen(slots=True)
class Reward:
    """A route space's reward.

    Attributes:
        kind: One of :data:`REWARD_KINDS`.
        amount: The silverlings, VP or workers of a counted kind; 0 otherwise.

    Examples:
        >>> from burgundy_trade_routes.tiles import parse_reward
        >>> reward = parse_reward("silver:2")
        >>> str(reward), reward.label, reward.short
        ('silver:2', '2 silverlings', '2 sv')
        >>> parse_reward("sell_goods").label
        'sell goods'
    """

    kind: str
    amount: int = 0

    def __str__(self) -> str:
        return f"{self.kind}:{self.amount}" if self.kind in COUNTED else self.kind

    @property
    def counted(self) -> bool:
        """Whether it gives silverlings, VP or workers (an income)."""
        return self.kind in COUNTED

    @property
    def label(self) -> str:
        """What the reward gives, in words."""
        if self.kind == "vp":
            return f"{self.amount} VP"
        if self.kind in COUNTED:
            return f"{self.amount} {REWARD_KINDS[self.kind]}"
        return _LABEL[self.kind]

    @property
    def short(self) -> str:
        """A label of at most six characters (the pictures' cells)."""
        short = _SHORT[self.kind]
        return f"{self.amount} {short}" if self.kind in COUNTED else short


@attrs.frozen(slots=True)
class RouteSpace:
    """One space of a route tile.

    Attributes:
        goods: The goods number (1-6, = its colour) the space asks for.
        reward: What a goods tile of that number on it gives.

    Examples:
        >>> from burgundy_trade_routes.tiles import RouteSpace, parse_reward
        >>> RouteSpace(3, parse_reward("vp:4")).reward.label
        '4 VP'
    """

    goods: int
    reward: Reward


@attrs.frozen(slots=True)
class RouteTile:
    """A route tile: a name, three spaces, and where it comes from.

    Attributes:
        name: Its name (``E2019-A`` printed, ``G1`` generated, the caller's otherwise).
        spaces: Its three spaces, left to right.
        source: ``"printed"``, ``"generated"`` or ``"supplied"`` (:data:`SOURCES`).

    Examples:
        >>> from burgundy_trade_routes.tiles import printed_tile
        >>> tile = printed_tile("E2019-B")
        >>> tile.source, [space.goods for space in tile.spaces]
        ('printed', [5, 2, 3])
        >>> tile.notation()
        ('E2019-B', (5, 'sell_goods'), (2, 'take_castle_mine_knowledge'), (3, 'vp:4'))
    """

    name: str
    spaces: tuple[RouteSpace, ...]
    source: str = "supplied"

    def notation(self) -> tuple[Any, ...]:
        """The tile as the option keeps it: ``(name, (goods, reward), ...)``."""
        return (self.name, *((space.goods, str(space.reward)) for space in self.spaces))


def _is_int(value: Any) -> bool:
    return type(value) is int


def parse_reward(text: Any) -> Reward:
    """Read a reward from its text (``"silver:2"``, ``"extra_action"``, ...).

    Raises:
        ValueError: Not a reward of the vocabulary (the message lists it).

    Examples:
        >>> from burgundy_trade_routes.tiles import parse_reward
        >>> parse_reward("vp:4")
        Reward(kind='vp', amount=4)
        >>> parse_reward("gold:9")
        Traceback (most recent call last):
        ...
        ValueError: reward 'gold:9' is none of silver:N, vp:N, workers:N (N 1-6), ...
    """
    if isinstance(text, str):
        kind, colon, amount = text.partition(":")
        if kind in COUNTED and amount.isdigit() and int(amount) in AMOUNTS and amount[0] != "0":
            return Reward(kind, int(amount))
        if kind in REWARD_KINDS and kind not in COUNTED and not colon:
            return Reward(kind)
    others = ", ".join(k for k in REWARD_KINDS if k not in COUNTED)
    raise ValueError(
        f"reward {brief(text, 40)} is none of silver:N, vp:N, workers:N (N 1-6), {others}"
    )


# -- the printed tiles ------------------------------------------------------------------------
PRINTED: dict[str, dict[str, Any]] = {tile["name"]: tile for tile in DATA["printed"]}
"""The printed tiles known (the 2019 rulebook's three examples), by name, as in the data
file: ``spaces``, ``source`` and, where a value cannot be read, ``unreadable``."""


def printed_tile(name: str) -> RouteTile:
    """A printed tile this package knows in full, by name.

    Raises:
        ValueError: No printed tile of that name, or one with a value that cannot be read
            (``E2019-C``'s workers): the caller must write it out with the value read
            from the box.

    Examples:
        >>> from burgundy_trade_routes.tiles import printed_tile
        >>> printed_tile("E2019-A").spaces[0].reward.label
        '2 silverlings'
        >>> printed_tile("E2019-C")
        Traceback (most recent call last):
        ...
        ValueError: printed tile 'E2019-C' is not fully known: space 1 gives workers, but ...
    """
    spec = PRINTED.get(name)
    if spec is None:
        raise ValueError(f"no printed tile {brief(name, 40)}; known: {sorted(PRINTED)}")
    if "unreadable" in spec:
        raise ValueError(
            f"printed tile {name!r} is not fully known: {spec['unreadable']}; write it out "
            f"with the count read from your box, e.g. [{name!r}, [3, 'workers:4'], ...]"
        )
    spaces = tuple(RouteSpace(goods, parse_reward(reward)) for goods, reward in spec["spaces"])
    return RouteTile(name, spaces, "printed")


# -- the generated deck -----------------------------------------------------------------------
@cache
def generated_deck() -> tuple[RouteTile, ...]:
    """The deck of ``trade_routes_deck="generated"``: generated, not the printed tiles.

    Twelve tiles ``G1``-``G12`` built by a fixed rule from the printed reward kinds (data
    file, ``generated``), so that every game, machine and version gets the same deck:

    - tile ``i`` (0-11), space ``j`` (0-2) asks for goods ``(i mod 6 + 2j + i div 6) mod 6
      + 1``: a tile's three numbers differ, and each number 1-6 is asked for by 6 of the
      36 spaces;
    - it shows reward ``rewards[(3i + j) mod 7]`` of the seven printed kinds (2 silverlings,
      take a building, 4 VP, extra action, workers, take a castle/mine/knowledge hex, sell
      goods): a tile's three rewards differ, and each kind is on 5 spaces (2 silverlings
      on 6). The workers' count, unreadable on the printed tile, is taken as 4.

    Examples:
        >>> from burgundy_trade_routes.tiles import generated_deck
        >>> deck = generated_deck()
        >>> len(deck), deck[0].name, deck[0].source
        (12, 'G1', 'generated')
        >>> [(space.goods, str(space.reward)) for space in deck[0].spaces]
        [(1, 'silver:2'), (3, 'take_building'), (5, 'vp:4')]
    """
    spec = DATA["generated"]
    rewards = [parse_reward(text) for text in spec["rewards"]]
    count = int(spec["tiles"])
    tiles = []
    for i in range(count):
        spaces = tuple(
            RouteSpace((i % 6 + 2 * j + i // 6) % 6 + 1, rewards[(3 * i + j) % len(rewards)])
            for j in range(SPACES_PER_TILE)
        )
        tiles.append(RouteTile(f"G{i + 1}", spaces, GENERATED))
    return tuple(tiles)


# -- the option ---------------------------------------------------------------------------------
NEEDS_DECK = (
    "variant 'trade_routes' needs option 'trade_routes_deck': only 3 of the 12 printed route "
    "tiles are known. Give a list of route tiles, each three spaces of [goods 1-6, reward] "
    "(rewards silver:N, vp:N, workers:N, extra_action, take_building, "
    "take_castle_mine_knowledge, take_pasture_river, sell_goods; the printed E2019-A and "
    "E2019-B by name), e.g. {'name': 'T1', 'spaces': [[1, 'silver:2'], [6, 'vp:4'], "
    "[5, 'sell_goods']]}, or \"generated\" (generated, not the printed tiles). See the "
    "docs."
)
"""The message for a ruleset with trade routes and no deck: both choices, and how to write
a deck."""


def _space(value: Any, where: str) -> tuple[int, str]:
    if isinstance(value, dict) and set(value) == {"goods", "reward"}:
        value = [value["goods"], value["reward"]]
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"{where}: a space is [goods, reward]; got {brief(value, 40)}")
    goods, reward = value
    if not _is_int(goods) or not 1 <= goods <= 6:
        raise ValueError(f"{where}: goods must be a number 1-6; got {brief(goods, 20)}")
    try:
        return goods, str(parse_reward(reward))
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _tile(value: Any, index: int) -> str | tuple[Any, ...]:
    """One deck entry in the form the option keeps: a printed tile's name, or
    ``(name, (goods, reward) x3)``."""
    where = f"option 'trade_routes_deck': tile {index + 1}"
    if isinstance(value, str):
        if value not in PRINTED:
            raise ValueError(f"{where}: no printed tile {brief(value, 40)}; known: "
                             f"{sorted(PRINTED)} (others are written out)")
        try:
            printed_tile(value)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        return value
    if isinstance(value, dict):
        unknown = sorted(brief(k, 20) for k in value if k not in ("name", "spaces"))
        if unknown or "spaces" not in value:
            raise ValueError(f"{where}: a tile is {{'name': ..., 'spaces': [...]}}; got keys "
                             f"{unknown or sorted(brief(k, 20) for k in value)}")
        name, spaces = value.get("name", f"T{index + 1}"), value["spaces"]
    elif isinstance(value, (list, tuple)) and value and isinstance(value[0], str):
        name, spaces = value[0], list(value[1:])
    else:
        raise ValueError(f"{where}: a tile is a printed tile's name, {{'name': ..., 'spaces': "
                         f"[...]}} or [name, space, space, space]; got {brief(value, 40)}")
    if not isinstance(name, str) or not 1 <= len(name) <= 20 or not name.isprintable():
        raise ValueError(f"{where}: a name is a text of 1-20 characters; got {brief(name, 30)}")
    if not isinstance(spaces, (list, tuple)) or len(spaces) != SPACES_PER_TILE:
        raise ValueError(f"{where}: a tile has {SPACES_PER_TILE} spaces; got "
                         f"{brief(spaces, 40)}")
    entry = (name, *(_space(s, f"{where} space {k + 1}") for k, s in enumerate(spaces)))
    if name in PRINTED and not _agrees(entry, PRINTED[name]["spaces"]):
        raise ValueError(f"{where}: {name!r} is a printed tile, read "
                         f"{PRINTED[name]['spaces']} ('?': unreadable); yours differs, so "
                         f"name it otherwise")
    return entry


def _agrees(entry: tuple[Any, ...], printed: list[list[Any]]) -> bool:
    """Whether a written-out tile is the printed one, an unreadable amount (``"workers:?"``)
    filled in."""
    for (goods, reward), (printed_goods, printed_reward) in zip(entry[1:], printed, strict=True):
        kind, _, amount = printed_reward.partition(":")
        if goods != printed_goods or not (
            reward == printed_reward or (amount == "?" and reward.partition(":")[0] == kind)
        ):
            return False
    return True


def check_deck(value: Any, rules: Any) -> Any:
    """The check of option ``trade_routes_deck``: the value in the form the ruleset keeps
    (``"generated"``, or a tuple of printed tiles' names and ``(name, (goods, reward) x3)``
    entries).

    Raises:
        ValueError: No deck (:data:`NEEDS_DECK`), or a bad one (the message names the tile
            and space).

    Examples:
        >>> from types import SimpleNamespace
        >>> from burgundy_trade_routes.tiles import check_deck
        >>> check_deck("generated", SimpleNamespace(players=2))
        'generated'
        >>> check_deck(None, SimpleNamespace(players=2))
        Traceback (most recent call last):
        ...
        ValueError: variant 'trade_routes' needs option 'trade_routes_deck': only 3 of ...
    """
    if value is None:
        raise ValueError(NEEDS_DECK)
    if value == GENERATED and isinstance(value, str):
        return GENERATED
    if not isinstance(value, (list, tuple)):
        raise ValueError(
            f"option 'trade_routes_deck' must be {GENERATED!r} or a list of route tiles; got "
            f"{brief(value)}"
        )
    low = TILES_PER_PLAYER.get(rules.players, 0) * rules.players
    if not low <= len(value) <= MAX_DECK:
        raise ValueError(
            f"option 'trade_routes_deck': {len(value)} tiles; {rules.players} players need "
            f"{low}-{MAX_DECK} (each player is dealt {TILES_PER_PLAYER.get(rules.players)})"
        )
    entries = tuple(_tile(tile, k) for k, tile in enumerate(value))
    names = [entry if isinstance(entry, str) else entry[0] for entry in entries]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"option 'trade_routes_deck': tile names must differ; twice: "
                         f"{brief(twice, 40)}")
    return entries


def describe_deck(value: Any) -> str:
    """The note :meth:`burgundy.Ruleset.describe` shows on the deck.

    Examples:
        >>> from burgundy_trade_routes.tiles import describe_deck
        >>> describe_deck("generated")
        'trade-route deck: generated, not the printed tiles'
        >>> describe_deck(("E2019-A", ("T2", (1, "vp:4"), (2, "vp:4"), (3, "vp:4"))))
        'trade-route deck: 2 tiles supplied (1 printed)'
    """
    if value == GENERATED:
        return "trade-route deck: generated, not the printed tiles"
    if not isinstance(value, tuple):
        return ""
    printed = sum(1 for entry in value if isinstance(entry, str) or entry[0] in PRINTED)
    return f"trade-route deck: {len(value)} tiles supplied ({printed} printed)"


@cache
def deck_tiles(value: Any) -> tuple[RouteTile, ...]:
    """The tiles of a checked option value (:func:`check_deck`), in deck order: tile
    number ``k`` (1-based) is ``deck_tiles(value)[k - 1]``.

    Examples:
        >>> from burgundy_trade_routes.tiles import deck_tiles
        >>> [tile.name for tile in deck_tiles(("E2019-A", "E2019-B"))]
        ['E2019-A', 'E2019-B']
    """
    if value == GENERATED:
        return generated_deck()
    tiles = []
    for entry in value:
        if isinstance(entry, str):
            tiles.append(printed_tile(entry))
        else:
            name, *spaces = entry
            tiles.append(RouteTile(
                name, tuple(RouteSpace(g, parse_reward(r)) for g, r in spaces),
                "printed" if name in PRINTED else "supplied",
            ))
    return tuple(tiles)


# -- a ruleset's routes ------------------------------------------------------------------------
@attrs.frozen(slots=True)
class Route:
    """What a ruleset's trade routes are made of (compiled once per ruleset).

    Attributes:
        deck: The deck's tiles; tile number ``k`` is ``deck[k - 1]``.
        per_player: Tiles in each estate's route (5, 4, 3 with 2, 3, 4 players).
        choose: Whether the players order their routes (``trade_routes_order="choose"``).
        generated: Whether the deck is the generated one (the pictures say so).
    """

    deck: tuple[RouteTile, ...]
    per_player: int
    choose: bool
    generated: bool

    @property
    def spaces(self) -> int:
        """Spaces in each estate's route."""
        return self.per_player * SPACES_PER_TILE


@cache
def _route(deck: Any, players: int, order: str) -> Route:
    return Route(deck_tiles(deck), TILES_PER_PLAYER[players], order == "choose",
                 deck == GENERATED)


def route_of(rules: RulesView) -> Route:
    """The compiled :class:`Route` of a ruleset with trade routes.

    Examples:
        >>> import burgundy
        >>> from burgundy_trade_routes.rules import route_of
        >>> rules = burgundy.Ruleset(players=3, variants=("trade_routes",),
        ...                          options={"trade_routes_deck": "generated"})
        >>> route = route_of(rules)
        >>> len(route.deck), route.per_player, route.spaces, route.generated
        (12, 4, 12, True)
    """
    return _route(rules.options[DECK], rules.players, rules.options[ORDER])


def space_of(route: Route, row: tuple[int, ...], index: int) -> RouteSpace:
    """Space ``index`` (0 = leftmost) of the route whose tiles are ``row``."""
    return route.deck[row[index // SPACES_PER_TILE] - 1].spaces[index % SPACES_PER_TILE]
