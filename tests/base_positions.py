"""Positions of the base game shared by the core rule tests (on pytest's pythonpath).

Unlike :func:`burgundy.testing.set_depots`, which sends cleared hexes to the removed pile,
these helpers put them back into the supply, so a test can take any of them again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from burgundy import Ruleset, State
from burgundy.actions import TakeWorkers
from burgundy.components import tile_code
from burgundy.state import replace
from burgundy.testing import first_turn, sample_outcome, take_from_supply

NO_DEPOTS: dict[int, Iterable[str]] = {d: () for d in range(1, 7)}
"""Every numbered depot empty (for :func:`set_depots_from_supply`)."""


def base_first_turn(
    players: int = 2, seed: int = 0, edition: str = "2019", **options: Any
) -> State:
    """The first decision of a seeded bare base game."""
    rules = Ruleset(players=players, variants=(), edition=edition, options=options)
    return first_turn(rules, seed)


def set_depots_from_supply(
    state: State, numbered: dict[int, Iterable[str]] | None = None,
    black: Iterable[str] | None = None,
) -> State:
    """Set the named depots' hexes (the old ones go back to the supply); depots not named,
    and the black depot when ``black`` is ``None``, keep theirs."""
    supply = list(state.supply)
    black_supply = list(state.black_supply)
    depots = list(state.depots)
    for depot in numbered or {}:
        for tile in depots[depot - 1]:
            supply[tile] += 1
        depots[depot - 1] = ()
    black_depot = state.black_depot
    if black is not None:
        for tile in black_depot:
            black_supply[tile] += 1
        black_depot = ()
    state = replace(
        state, supply=tuple(supply), black_supply=tuple(black_supply), depots=tuple(depots),
        black_depot=black_depot,
    )
    for depot, names in (numbered or {}).items():
        names = list(names)
        state = take_from_supply(state, *names)
        depots[depot - 1] = tuple(sorted(tile_code(n) for n in names))
    if black is not None:
        names = list(black)
        state = take_from_supply(state, *names)
        black_depot = tuple(sorted(tile_code(n) for n in names))
    return replace(state, depots=tuple(depots), black_depot=black_depot)


def empty_depots(state: State) -> State:
    """Put every depot's hexes back into the supply (frees tiles for building positions)."""
    return set_depots_from_supply(state, NO_DEPOTS, ())


def play_to(state: State, stop: type, rng: random.Random) -> State:
    """Play on until the top of the stack is a ``stop``: chance sampled with ``rng``, and at
    each decision the take-workers action (no ship moves the turn order) or else the last
    legal action."""
    while not isinstance(state.pending[-1], stop):
        if state.is_chance:
            state = state.apply(sample_outcome(state, rng))
        else:
            workers = [a for a in state.legal_actions() if isinstance(a, TakeWorkers)]
            state = state.apply(workers[0] if workers else state.legal_actions()[-1])
    return state
