"""The action space of each action type: the finite keys its actions can have under a
ruleset (what :class:`burgundy.rl.ActionCodec` numbers), in plain Python.

The core's types have theirs in :data:`CORE_SPACES`. Any other action type (a variant's)
declares its own with a classmethod ``action_space(rules) -> Iterable[key]`` listing every
key its actions can have under ``rules``, and, when the key is not the action itself, a
method ``action_key(self) -> key`` (a hashable value); a type whose key is relative to
the state (shields' tribute: which of the seat's shields are kept) sets the class value
``state_key = True`` and defines ``action_key(self, state)``. A key may leave out what a state
determines (knowledge #5's two depots: the colours taken overall; which come from which
depot follows from the depots' goods): the codec decodes an id in a state, and no two
legal actions of a state may share a key. A type with neither falls back to its fields,
each named as in :data:`FIELD_DOMAINS`: the product of their domains. The helpers below
(:func:`tiles_in_play`, :func:`placements`, :func:`colour_sets`, ...) build such spaces.

Two parts of the core's spaces come from what the variants declare on their
:class:`~burgundy.variant_info.VariantInfo`: the purchase's sources (:func:`purchase_sources`:
the black depot and each variant's :attr:`~burgundy.variant_info.VariantInfo.purchase_sources`,
workers 0 up to a source's price where a ``burgundy_purchases["payments"]`` hook is on), and the
loose dice 7-12 in the die actions (:func:`dies`: only where a variant declares
:attr:`~burgundy.variant_info.VariantInfo.loose_dice`, so the base and the standard game's
spaces stay as small as they are).

Examples:
    >>> import burgundy
    >>> from burgundy.actions import TakeWorkers
    >>> keys, key = type_space(burgundy.Ruleset(players=2, variants=()), TakeWorkers)
    >>> len(keys), key(TakeWorkers(3)) == TakeWorkers(3)
    (8, True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

import attrs

from burgundy import actions as act
from burgundy.actions import BLACK_SOURCE
from burgundy.components import TILE_COLOUR
from burgundy.domains import loose_die
from burgundy.geometry import NO_BOARD
from burgundy.rules.order import resolve_first_space
from burgundy.rules.take import PURCHASE_PRICE

if TYPE_CHECKING:
    from burgundy.variants import Ruleset

DIES: tuple[int, ...] = (-1, 0, 1, 2, 3, 4, 5, 6)
"""A die action's ``die``: none (a building's effect), any value (a castle's bonus), 1-6."""
LOOSE_DIES: tuple[int, ...] = tuple(loose_die(v) for v in range(1, 7))
"""The loose dice (7-12, :func:`burgundy.domains.loose_die`): in the die actions' spaces only
of a ruleset with a variant that declares
:attr:`~burgundy.variant_info.VariantInfo.loose_dice`."""
DEPOTS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The numbered depots."""
ALL_DEPOTS: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6)
"""The black depot (0) and the numbered ones."""
GOODS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The goods colours."""


def dies(rules: Ruleset) -> tuple[int, ...]:
    """The dice a die action may name under ``rules``: :data:`DIES`, and the
    :data:`LOOSE_DIES` where a variant can push a
    :class:`~burgundy.pending.LooseDieAction` (its
    :attr:`~burgundy.variant_info.VariantInfo.loose_dice`), so that no other ruleset's space
    grows.

    Examples:
        >>> import burgundy
        >>> len(dies(burgundy.Ruleset(players=2, variants=())))
        8
    """
    if any(info.loose_dice for info in rules.infos):
        return DIES + LOOSE_DIES
    return DIES


def purchase_sources(rules: Ruleset) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """``(source, price, tiles)`` for every source a purchase may come from under
    ``rules``: the black depot (any hex, :data:`~burgundy.rules.take.PURCHASE_PRICE`), then
    each variant's :attr:`~burgundy.variant_info.VariantInfo.purchase_sources` (``tiles`` empty:
    any hex of the ruleset).

    Examples:
        >>> import burgundy
        >>> [s for s, _, _ in purchase_sources(burgundy.Ruleset(players=2, variants=()))]
        ['black']
    """
    prices: dict[str, int] = {BLACK_SOURCE: PURCHASE_PRICE}
    tiles: dict[str, set[int] | None] = {BLACK_SOURCE: None}  # None: any hex
    for info in rules.infos:
        for source in info.purchase_sources:
            prices[source.name] = max(prices.get(source.name, 0), source.price)
            known = tiles.get(source.name, set())
            tiles[source.name] = (
                None if known is None or not source.tiles else known | set(source.tiles)
            )
    return tuple((name, prices[name], tuple(sorted(tiles[name] or ()))) for name in prices)


def _buy_tile(rules: Ruleset) -> list[act.BuyTile]:
    """Each source's hexes, paid with 0 workers, or 0 up to its price where a variant's
    payments (hook ``burgundy_purchases["payments"]``) may let workers pay."""
    pay_with_workers = bool(rules.engine.purchase_payments)
    everything = tiles_in_play(rules)
    return [
        act.BuyTile(tile, source, workers)
        for source, price, tiles in purchase_sources(rules)
        for tile in (tiles or everything)
        for workers in range(price + 1 if pay_with_workers else 1)
    ]


def tiles_in_play(rules: Ruleset) -> tuple[int, ...]:
    """The tile codes of ``rules``: the box's and its variants' (a variant's tile may enter
    the game only later, as solo's black tiles do).

    Examples:
        >>> import burgundy
        >>> len(tiles_in_play(burgundy.Ruleset(players=2, variants=())))
        52
    """
    return tuple(sorted(rules.engine.tiles.codes))


def boards_in_play(rules: Ruleset) -> tuple[str, ...]:
    """The board ids a game of ``rules`` may use: those of the start state, or the deal.

    Examples:
        >>> import burgundy
        >>> boards_in_play(burgundy.Ruleset(players=2, variants=()))
        ('1',)
    """
    start = {estate.board for estate in rules.initial_state().estates} - {NO_BOARD}
    if NO_BOARD in {estate.board for estate in rules.initial_state().estates}:
        start |= set(rules.engine.deal_boards)
    return tuple(sorted(start))


def spaces_in_play(rules: Ruleset) -> tuple[tuple[str, int, frozenset[int]], ...]:
    """``(layout, space, colours)`` for every space of the boards in play: the colours it has
    on some board of that layout.

    Examples:
        >>> import burgundy
        >>> len(spaces_in_play(burgundy.Ruleset(players=2, variants=())))
        37
    """
    colours: dict[tuple[str, int], set[int]] = {}
    for board_id in boards_in_play(rules):
        board = rules.engine.boards[board_id]
        for space, colour in enumerate(board.colours):
            colours.setdefault((board.layout, space), set()).add(int(colour))
    return tuple((layout, space, frozenset(c)) for (layout, space), c in sorted(colours.items()))


def colour_limit(rules: Ruleset) -> int:
    """The most goods colours one estate may hold (3; all 6 where a variant changes it).

    Examples:
        >>> import burgundy
        >>> colour_limit(burgundy.Ruleset(players=2, variants=()))
        3
    """
    return 6 if rules.engine.goods_colour_limit else 3


def colour_sets(rules: Ruleset) -> tuple[tuple[int, ...], ...]:
    """Every set of goods colours one take may give (non-empty, at most the limit).

    Examples:
        >>> import burgundy
        >>> len(colour_sets(burgundy.Ruleset(players=2, variants=())))  # 6 + 15 + 20
        41
    """
    limit = colour_limit(rules)
    return tuple(c for n in range(1, limit + 1) for c in combinations(GOODS, n))


def placements(rules: Ruleset, tiles: Sequence[int]) -> list[tuple[int, int, str]]:
    """``(tile, space, layout)`` pairs a placement may make: a tile on a space of its colour
    (any space where a variant lets tiles on other colours).

    Examples:
        >>> import burgundy
        >>> from burgundy.components import tile_code
        >>> rules = burgundy.Ruleset(players=2, variants=())
        >>> len(placements(rules, [tile_code("bank")]))  # the 12 city spaces of board 1
        12
    """
    anywhere = bool(rules.engine.placement_spaces)
    return [
        (tile, space, layout)
        for layout, space, colours in spaces_in_play(rules)
        for tile in tiles
        if anywhere or int(TILE_COLOUR[tile]) in colours
    ]


def _own(rules: Ruleset) -> bool:
    return bool(rules.engine.seat_storage_capacity)


def _take_tile(rules: Ruleset) -> list[act.TakeTile]:
    tiles = tiles_in_play(rules)
    return [act.TakeTile(d, p, t) for d in dies(rules) for p in DEPOTS for t in tiles]


def _place_tile(rules: Ruleset, cls: type[act.PlaceTile]) -> list[act.PlaceTile]:
    if cls is act.PlaceTileOwn and not _own(rules):
        return []
    pairs = placements(rules, tiles_in_play(rules))
    return [cls(d, t, s, lay) for d in dies(rules) for t, s, lay in pairs]


def _stow(rules: Ruleset, cls: type[act.Stow]) -> list[act.Stow]:
    if cls is act.StowOwn and not _own(rules):
        return []
    return [cls(t) for t in (-1, *tiles_in_play(rules))]


def _choose_space(rules: Ruleset) -> list[act.ChooseSpace]:
    return [act.ChooseSpace(space, layout) for layout, space, _ in spaces_in_play(rules)]


CORE_SPACES: dict[type, Callable[[Ruleset], Iterable[Hashable]]] = {
    act.TakeTile: _take_tile,
    act.PlaceTile: lambda r: _place_tile(r, act.PlaceTile),
    act.SellGoods: lambda r: [act.SellGoods(d, g) for d in dies(r) for g in GOODS],
    act.TakeWorkers: lambda r: [act.TakeWorkers(d) for d in dies(r)],
    act.BuyTile: _buy_tile,
    act.TakeGoods: lambda r: [act.TakeGoods(p, c) for p in DEPOTS for c in colour_sets(r)],
    act.ChooseSpace: _choose_space,
    act.Decline: lambda r: [act.Decline()],
    act.EndTurn: lambda r: [act.EndTurn()],
    act.PlaceTileOwn: lambda r: _place_tile(r, act.PlaceTileOwn),
    act.Stow: lambda r: _stow(r, act.Stow),
    act.StowOwn: lambda r: _stow(r, act.StowOwn),
    act.ResolveFirst: resolve_first_space,
}
"""The spaces of the core's action types (the keys are the actions themselves), in block
order: the order of :data:`burgundy.actions.CORE_ACTIONS` (then
:class:`~burgundy.actions.ResolveFirst`, whose block a ruleset has only where a variant
declares unordered pending types)."""


def _domain_tile(rules: Ruleset) -> tuple[int, ...]:
    return tiles_in_play(rules)


FIELD_DOMAINS: dict[str, Callable[[Ruleset], Sequence[Any]]] = {
    "die": dies,
    "depot": lambda r: ALL_DEPOTS,
    "tile": _domain_tile,
    "discard": lambda r: (-1, *tiles_in_play(r)),
    "goods": lambda r: GOODS,
    "colours": colour_sets,
    "space": lambda r: tuple(range(max(b.size for b in r.engine.boards.values()))),
    "layout": lambda r: tuple(sorted({r.engine.boards[b].layout for b in boards_in_play(r)})),
    "workers": lambda r: tuple(range(7)),
    "target": lambda r: tuple(range(r.players)),
    "seat": lambda r: tuple(range(r.players)),
    "value": lambda r: (1, 2, 3, 4, 5, 6),
    "count": lambda r: tuple(range(1, 100)),
}
"""Domains of the fields a variant's action type may use without declaring a space (the
fallback: the product of its fields' domains)."""


def type_space(
    rules: Ruleset, cls: type
) -> tuple[tuple[Hashable, ...], Callable[..., Hashable]]:
    """The keys of action type ``cls`` under ``rules`` and its key function.

    Raises:
        ValueError: A variant's type declares no space and has a field
            :data:`FIELD_DOMAINS` does not know.

    Examples:
        >>> import burgundy
        >>> from burgundy.actions import SellGoods
        >>> len(type_space(burgundy.Ruleset(players=2, variants=()), SellGoods)[0])  # 8 x 6
        48
    """
    own = getattr(cls, "action_space", None)
    key: Callable[..., Hashable] = getattr(cls, "action_key", None) or identity
    if cls in CORE_SPACES:
        return tuple(CORE_SPACES[cls](rules)), identity
    if own is not None:
        return tuple(own(rules)), key
    fields = attrs.fields(cls) if attrs.has(cls) else ()
    unknown = [f.name for f in fields if f.name not in FIELD_DOMAINS]
    if unknown:
        raise ValueError(
            f"action type {cls.__name__} declares no action_space and its field(s) {unknown} "
            f"have no known domain (known: {sorted(FIELD_DOMAINS)})"
        )
    domains = [FIELD_DOMAINS[f.name](rules) for f in fields]
    return tuple(cls(*values) for values in product(*domains)), identity


def identity(action: Any) -> Hashable:
    """The key of a type whose keys are its actions.

    Examples:
        >>> from burgundy.actions import EndTurn
        >>> identity(EndTurn()) == EndTurn()
        True
    """
    return action  # type: ignore[no-any-return]
