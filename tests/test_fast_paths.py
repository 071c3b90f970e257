"""The engine's tuned paths equal the plain rules they replace (issue #21).

Each tuned function here is pinned to a plain version written from the rules, over the
positions of random games of several rulesets: a change to either that the other does not
share fails here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations, product

import pytest

from burgundy import Ruleset, State
from burgundy.actions import TakeGoods
from burgundy.components import tile_code
from burgundy.pending import Pending, ShipGoods
from burgundy.registry import example_options
from burgundy.rules import effects
from burgundy.rules.dice import (
    ALL_VALUES,
    PLACE,
    SELL,
    TAKE,
    CostFunction,
    cost_functions,
    cost_with,
    usable_values,
)
from burgundy.rules.income import set_estate

RULESETS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (2, ()),
    (3, ("knowledge",)),
    (4, ("knowledge", "shields")),
)


def positions(players: int, names: tuple[str, ...], games: int = 3) -> Iterator[State]:
    """Every decision node of ``games`` random games."""
    rules = Ruleset(players=players, variants=names, options=example_options(names))
    rng = random.Random(players * 7 + len(names))
    for _ in range(games):
        state = rules.initial_state().resolve_chance(rng)
        while not state.is_terminal:
            yield state
            state = state.apply(rng.choice(state.legal_actions())).resolve_chance(rng)


def plain_goods_choices(state: State, seat: int, depot: int) -> list[tuple[int, ...]]:
    """R-SHIP as written: colours held are always taken; with more new colours than free
    slots, each way of filling them is a choice."""
    index = state.seats[seat].estate
    held = {c + 1 for c, n in enumerate(state.estates[index].goods) if n}
    there = {c + 1 for c, n in enumerate(state.depot_goods[depot - 1]) if n}
    if not there:
        return []
    kept = there & held
    new = sorted(there - held)
    free = max(effects.goods_colour_limit(state, index) - len(held), 0)
    picks = [tuple(new)] if len(new) <= free else list(combinations(new, free))
    return [tuple(sorted(kept | set(p))) for p in picks if kept or p]


def plain_ship_goods_legal(state: State, item: Pending) -> tuple[TakeGoods, ...]:
    return tuple(
        TakeGoods(depot, colours)
        for depot in range(1, 7)
        for colours in plain_goods_choices(state, item.seat, depot)
    )


@pytest.mark.parametrize(("players", "names"), RULESETS)
def test_ship_goods_choices_equal_the_plain_rule(players: int, names: tuple[str, ...]) -> None:
    """R-SHIP: every seat's ship choices at every position, and each depot's colour sets."""
    compared = 0
    for state in positions(players, names):
        for seat in range(players):
            item = ShipGoods(seat)
            assert effects.ship_goods_legal(state, item) == plain_ship_goods_legal(state, item)
            for depot in range(1, 7):
                assert effects.goods_choices(state, seat, depot) == plain_goods_choices(
                    state, seat, depot)
            compared += 1
    assert compared > 300


def plain_usable_values(functions: tuple[CostFunction, ...], kind: str, tile: int, die: int,
                        workers: int) -> int:
    """The values a die reaches, written out: each value whose cost (the ring's, lowered by
    the seat's cost functions, never raised) the workers pay."""
    if die <= 0 or workers >= 3:
        return ALL_VALUES
    mask = 0
    for value in range(1, 7):
        if cost_with(functions, kind, tile, die, value) <= workers:
            mask |= 1 << value
    return mask


def test_usable_values_kept_by_argument_equal_the_plain_reach() -> None:
    """Knowledge #8-#12's cost functions (K-FREE-STEP): every seat's functions at positions
    of random games, every die use, 0-2 workers; asked twice (computed, then kept)."""
    compared = 0
    tiles = (-1, *range(0, 40, 3))
    cost_tiles = [tile_code(f"k{n}") for n in range(8, 13)]
    for number, state in enumerate(positions(2, ("knowledge",), games=1)):
        if number % 10:
            continue
        for seat in range(2):
            index = state.seats[seat].estate
            owned = sum(1 << code for k, code in enumerate(cost_tiles) if (number + seat) >> k & 1)
            kinds = state.estates[index].kinds | owned  # as if those tiles lay in the duchy
            functions = cost_functions(set_estate(state, index, kinds=kinds), seat)
            if not functions:
                continue
            uses = product((TAKE, PLACE, SELL), tiles, range(1, 7), range(3))
            for kind, tile, die, workers in uses:
                expected = plain_usable_values(functions, kind, tile, die, workers)
                for _ in range(2):
                    assert usable_values(functions, kind, tile, die, workers) == expected
                compared += 1
    assert compared > 500
