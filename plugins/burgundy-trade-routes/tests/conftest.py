"""Rulesets and position builders for the trade-routes tests.

``TEST_DECK`` is a deck supplied the way a caller would (the two printed tiles known in full
by name, the third written out with a worker count, and tiles made up for the tests: they
are test data, not printed tiles). Positions come from
:func:`burgundy.testing.build_position` (a seeded game's first turn) with the mover's route
set to chosen tiles and goods; the sold goods are taken from the goods pool, so every
position is valid (``validate_state`` runs on each, the plugin's ``validate`` included).
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

from burgundy import Ruleset, State
from burgundy.rules.income import set_estate
from burgundy.state import replace
from burgundy.testing import build_position
from burgundy.validation import validate_state
from burgundy_trade_routes.model import RouteState

TEST_DECK: list[Any] = [
    "E2019-A",                                                                  # 1
    "E2019-B",                                                                  # 2
    ["E2019-C", [3, "workers:4"], [5, "take_castle_mine_knowledge"], [2, "extra_action"]],
    {"name": "SAME2", "spaces": [[2, "silver:2"], [2, "take_building"], [2, "vp:4"]]},
    {"name": "WARE", "spaces": [[3, "sell_goods"], [4, "vp:2"], [4, "workers:3"]]},  # 5
    {"name": "EXTRA", "spaces": [[5, "extra_action"], [1, "vp:1"], [6, "silver:1"]]},
    {"name": "CMK", "spaces": [[6, "take_castle_mine_knowledge"], [6, "take_pasture_river"],
                               [1, "workers:2"]]},                              # 7
    {"name": "VP", "spaces": [[1, "vp:4"], [2, "vp:4"], [3, "vp:4"]]},          # 8
    {"name": "F9", "spaces": [[4, "vp:1"], [5, "vp:1"], [6, "vp:1"]]},
    {"name": "F10", "spaces": [[1, "silver:1"], [3, "silver:1"], [5, "silver:1"]]},
    {"name": "F11", "spaces": [[2, "workers:1"], [4, "workers:1"], [6, "workers:1"]]},
    {"name": "F12", "spaces": [[6, "sell_goods"], [6, "vp:1"], [4, "extra_action"]]},
]
"""A supplied deck of 12 tiles: tile numbers 1-12 in this order."""
SAME2, WARE, EXTRA, CMK, VP, F12 = 4, 5, 6, 7, 8, 12
"""Deck numbers of the test tiles the rule tests lay in a route."""

_RULES: dict[tuple[Any, ...], Ruleset] = {}


def rules_for(
    players: int = 2, deck: Any = "generated", *, order: str = "random",
    knowledge: bool = False, shields: bool = False, edition: str = "2019", **options: Any,
) -> Ruleset:
    """A trade-routes ruleset (cached): ``deck`` ``"generated"``, ``"test"`` (TEST_DECK) or
    a deck."""
    chosen = TEST_DECK if deck == "test" else deck
    variants = (*(("knowledge",) if knowledge else ()), *(("shields",) if shields else ()),
                "trade_routes")
    key = (players, repr(chosen), order, variants, edition, repr(sorted(options.items())))
    if key not in _RULES:
        _RULES[key] = Ruleset(
            players=players, variants=variants, edition=edition,
            options={"trade_routes_deck": chosen, "trade_routes_order": order, **options},
        )
    return _RULES[key]


def routes(state: State) -> RouteState:
    """The variant's state."""
    value: RouteState = state.variant_state("trade_routes")
    return value


def set_route(
    state: State, estate: int, tiles: Sequence[int] | None = None,
    goods: Sequence[int] = (), pile: Sequence[int] = (0, 0, 0, 0, 0, 0),
) -> State:
    """Estate ``estate``'s route made of ``tiles`` (deck numbers; tiles another route holds
    are swapped for undealt ones), with ``goods`` on its first spaces and ``pile`` (counts
    by colour) on the sold pile; the estate's sold goods are those, taken from the pool."""
    current = routes(state)
    rows = [list(row) for row in current.rows]
    if tiles is not None:
        free = set(current.undealt) | set(rows[estate])
        free -= set(tiles)
        for other, row in enumerate(rows):
            if other == estate:
                continue
            for i, tile in enumerate(row):
                if tile in tiles:
                    row[i] = min(free)
                    free.remove(row[i])
        rows[estate] = list(tiles)
        undealt = tuple(sorted(free))
    else:
        undealt = current.undealt
    placed = list(current.goods)
    placed[estate] = tuple(goods)
    sold = [pile[c] + list(goods).count(c + 1) for c in range(6)]
    old = state.estates[estate].sold
    pool = tuple(p - (s - o) for p, s, o in zip(state.goods_pool, sold, old, strict=True))
    state = set_estate(state, estate, sold=tuple(sold))
    state = replace(state, goods_pool=pool)
    state = state.with_variant_state("trade_routes", attrs.evolve(
        current, undealt=undealt, rows=tuple(tuple(r) for r in rows), goods=tuple(placed),
    ))
    validate_state(state)
    return state


def position(
    rules: Ruleset, *, route: Sequence[int] | None = None, route_goods: Sequence[int] = (),
    pile: Sequence[int] = (0, 0, 0, 0, 0, 0), **build: Any,
) -> State:
    """A Turn decision of the seat to move (``state.current_player``) as
    :func:`burgundy.testing.build_position` builds it (``build``: its arguments but
    ``sold``), with the mover's route made of ``route`` holding ``route_goods`` and
    ``pile`` on its sold pile (:func:`set_route`)."""
    state = build_position(rules, **build)
    estate = state.seats[state.current_player].estate
    return set_route(state, estate, route, route_goods, pile)


@pytest.fixture(name="position")
def position_fixture() -> Callable[..., State]:
    """The :func:`position` factory."""
    return position


@pytest.fixture(name="tr")
def helpers_fixture() -> types.SimpleNamespace:
    """Everything above in one namespace (test modules cannot import this conftest):
    ``tr.rules_for``, ``tr.position``, ``tr.set_route``, ``tr.routes``, ``tr.TEST_DECK`` and
    the test tiles' numbers ``tr.SAME2``, ``tr.WARE``, ``tr.EXTRA``, ``tr.CMK``, ``tr.VP``,
    ``tr.F12``."""
    return types.SimpleNamespace(
        rules_for=rules_for, position=position, set_route=set_route, routes=routes,
        TEST_DECK=TEST_DECK, SAME2=SAME2, WARE=WARE, EXTRA=EXTRA, CMK=CMK, VP=VP, F12=F12,
    )
