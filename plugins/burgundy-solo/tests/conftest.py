"""Rulesets and positions for the solo tests.

Positions come from :func:`burgundy.testing.build_position` (a seeded solo game's first turn,
start castle on A26 for seed 1) with what a test needs; the solo state is changed with
:func:`solo_at`. Every position stays valid (hexes and goods conserved).
"""

from __future__ import annotations

import types
from typing import Any

import attrs
import pytest

import burgundy
from burgundy.state import State
from burgundy.testing import build_position
from burgundy_solo.model import NAME

VARIANTS = ("knowledge", "solo")
SEED = 1
"""The seed of the positions: the start castle lies on A26 (13a)."""


def solo_rules(edition: str = "2019", knowledge: bool = True, **options: Any) -> burgundy.Ruleset:
    """A solo ruleset (knowledge on by default) with ``options``."""
    variants = VARIANTS if knowledge else ("solo",)
    return burgundy.Ruleset(players=1, variants=variants, edition=edition, options=options)


def position(rules: burgundy.Ruleset | None = None, **spec: Any) -> State:
    """The first turn of seed :data:`SEED` with ``spec`` (``build_position``'s keywords)."""
    return build_position(rules or solo_rules(), seed=SEED, **spec)


def solo_at(state: State, **changes: Any) -> State:
    """``state`` with the solo state's ``changes``."""
    return state.with_variant_state(NAME, attrs.evolve(state.variant_state(NAME), **changes))


def texts(state: State, prefix: str = "") -> list[str]:
    """The legal actions' texts that start with ``prefix``."""
    return [str(a) for a in state.legal_actions() if str(a).startswith(prefix)]


def play(state: State, text: str) -> State:
    """Apply the legal action with text ``text``."""
    for action in state.legal_actions():
        if str(action) == text:
            return state.apply(action)
    raise AssertionError(f"{text!r} is not legal; legal: {texts(state)}")


@pytest.fixture
def solo() -> types.SimpleNamespace:
    """The helpers above, for the tests (conftest modules are not imported by name)."""
    return types.SimpleNamespace(
        rules=solo_rules, position=position, solo_at=solo_at, texts=texts, play=play
    )
