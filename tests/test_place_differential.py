"""The placements equal the plain rules, position by position.

:func:`burgundy.rules.place.place_actions` finds the spaces a die reaches through value
masks for all tiles at once, asking the die-cost modifiers only where the ring cost falls
short. Here a plain version written from the rules (each space of ``placement_mask``, each
die offered if :func:`~burgundy.rules.dice.die_cost` is at most the seat's workers) must give
the same placements, in many positions of random games of every variant mix of this
repository: the bare game, knowledge (tiles #1 and #8-#12: the building rule and the
die-cost modifiers) and shields (#18: the adjacency rule), each with 0-3 workers and every
kind of die.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from burgundy import Ruleset, State, registry
from burgundy.actions import ANY_DIE, NO_DIE
from burgundy.components import distinct
from burgundy.geometry import bits
from burgundy.rules.dice import PLACE, die_cost
from burgundy.rules.income import set_estate
from burgundy.rules.place import place_actions, placement_mask

Placement = tuple[int, int, int, bool]
"""``(die, tile, space)``."""

RULESETS: tuple[tuple[int, tuple[str, ...], str], ...] = (
    (2, (), "2019"),
    (3, (), "2011"),
    (4, (), "2019"),
    (2, ("knowledge",), "2019"),
    (4, ("knowledge",), "2011"),
    (3, ("shields",), "2019"),
    (2, ("knowledge", "shields"), "2019"),
    (4, ("knowledge", "shields"), "2019"),
)
"""(players, variants, edition): the bare game, each plugin alone and both together."""
GAMES = 2
"""Seeded random games per ruleset."""
EVERY = 7
"""Every how many decisions a position is checked (each seat, every die kind and 0-3 workers)."""


def plain_place_actions(
    state: State, seat: int, dice: tuple[int, ...], any_number: bool = False
) -> set[Placement]:
    """The placements of seat ``seat`` as the rules say them, with no shortcut: a space of
    :func:`placement_mask` for a tile stored by the estate or by the seat itself (``own``),
    with a die whose use costs at most the seat's workers (any die number for the town
    hall)."""
    estate = state.estates[state.seats[seat].estate]
    board = state.rules.engine.boards[estate.board]
    found: set[Placement] = set()
    for storage, own in ((estate.storage, False), (state.seats[seat].storage, True)):
        for tile in distinct(storage):
            for space in bits(placement_mask(state, seat, tile)):
                for die in dice:
                    cost = 0 if any_number else die_cost(
                        state, seat, PLACE, tile, die, board.dice[space]
                    )
                    if cost <= estate.workers:
                        found.add((die, tile, space, own))
    return found


def fast(
    state: State, seat: int, dice: tuple[int, ...], any_number: bool = False
) -> list[Placement]:
    """The placements :func:`place_actions` lists, in its order."""
    return [(a.die, a.tile, a.space, a.own)
            for a in place_actions(state, seat, dice, any_number=any_number)]


def positions(players: int, names: tuple[str, ...], edition: str) -> Iterator[State]:
    """Every ``EVERY``-th decision node of ``GAMES`` seeded random games."""
    rules = Ruleset(players=players, variants=names, edition=edition)
    for seed in range(GAMES):
        rng = random.Random(f"{players}{names}{edition}{seed}")
        state = rules.initial_state()
        decisions = 0
        while not state.is_terminal:
            if state.is_chance:
                state = state.apply(state.sample_outcome(rng))
                continue
            decisions += 1
            if decisions % EVERY == 0:
                yield state
            state = state.apply(rng.choice(state.legal_actions()))


def _check(state: State) -> int:
    """Compare both versions for every seat of ``state``; return how many placements."""
    compared = 0
    for seat in range(len(state.seats)):
        index = state.seats[seat].estate
        rolled = distinct(state.seats[seat].dice)
        for workers in (0, 1, 2, 3):
            position = set_estate(state, index, workers=workers)
            asks: list[tuple[tuple[int, ...], bool]] = [
                ((1, 2, 3, 4, 5, 6), False), ((ANY_DIE,), False), ((NO_DIE,), True),
            ]
            if rolled:
                asks.append((rolled, False))
            for dice, any_number in asks:
                got = fast(position, seat, dice, any_number)
                want = plain_place_actions(position, seat, dice, any_number)
                assert len(got) == len(set(got)), f"a placement listed twice: {got}"
                assert set(got) == want, (
                    f"seat {seat}, workers {workers}, dice {dice}, any number {any_number}: "
                    f"fast only {sorted(set(got) - want)}, plain only {sorted(want - set(got))}"
                )
                compared += len(want)
    return compared


@pytest.mark.parametrize(("players", "names", "edition"), RULESETS)
def test_place_actions_equals_the_plain_rules(
    players: int, names: tuple[str, ...], edition: str
) -> None:
    if not set(names) <= set(registry.available_variants()):
        pytest.skip(f"{names} not installed")
    checked = placements = 0
    for state in positions(players, names, edition):
        placements += _check(state)
        checked += 1
    assert checked >= 20 and placements >= 200  # the games did place hexes


def test_one_building_per_city_drops_exactly_the_regions_holding_the_building() -> None:
    """The rulebook's "a city holds each building type once" as :func:`placement_mask`
    applies it (``_drop_cities_with``, which finds the regions of the spaces the building
    covers): a space stays exactly when no space of its region holds that building, checked
    for every building of every duchy in random positions against that sentence read space
    by space."""
    from burgundy.rules.place import _drop_cities_with

    checked = 0
    for state in positions(2, ("knowledge",), "2019"):
        engine = state.rules.engine
        for estate in state.estates:
            board = engine.boards[estate.board]
            candidates = board.all_spaces & ~estate.filled
            for tile in set(estate.spaces):
                if tile < 0 or not engine.tiles.building_codes >> tile & 1:
                    continue
                want = 0
                for space in bits(candidates):
                    region = board.regions[board.region_of[space]].mask
                    if not any(estate.spaces[s] == tile for s in bits(region)):
                        want |= 1 << space
                assert _drop_cities_with(estate.spaces, board, candidates, tile) == want
                checked += 1
    assert checked >= 50
