"""Rulesets for the team tests: the first turn of a seeded 4-player team game (board 12a,
start castle on the shared space Ld7)."""

from __future__ import annotations

import types
from typing import Any

import pytest

import burgundy
from burgundy.state import State
from burgundy.testing import first_turn


def team_rules(knowledge: bool = True, shields: bool = False, edition: str = "2019",
               **options: Any) -> burgundy.Ruleset:
    variants = tuple(v for v, on in (("knowledge", knowledge), ("shields", shields),
                                     ("team", True)) if on)
    return burgundy.Ruleset(players=4, variants=variants, edition=edition, options=options)


def start(rules: burgundy.Ruleset | None = None, seed: int = 1) -> State:
    return first_turn(rules or team_rules(), seed)


def partner(state: State, seat: int) -> int:
    return next(s for s in range(4) if s != seat and state.seats[s].estate ==
                state.seats[seat].estate)


@pytest.fixture
def team() -> types.SimpleNamespace:
    return types.SimpleNamespace(rules=team_rules, start=start, partner=partner)
