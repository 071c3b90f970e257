"""Malformed or tampered input raises ValueError, never KeyError/AttributeError/IndexError
(issue: from_json, Game.from_record and play(text) fail cleanly)."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import burgundy
from burgundy.testing import random_playout

VALUES: list[Any] = [None, -1, 0, 1, 999, 2**70, 1.5, "x", [], {}, [1], [[1]],
                     {"type": "Turn"}, True]


def mutate(obj: Any, rng: random.Random, depth: int = 0) -> None:
    """Change one value somewhere inside ``obj`` (a parsed JSON document), in place."""
    if isinstance(obj, dict) and obj:
        key = rng.choice(list(obj))
        if rng.random() < 0.4 or depth > 4:
            obj[key] = rng.choice(VALUES)
        else:
            mutate(obj[key], rng, depth + 1)
    elif isinstance(obj, list) and obj:
        index = rng.randrange(len(obj))
        roll = rng.random()
        if roll < 0.2:
            obj.pop(index)
        elif roll < 0.5 or depth > 4:
            obj[index] = rng.choice(VALUES)
        else:
            mutate(obj[index], rng, depth + 1)


@pytest.fixture(scope="module")
def material() -> tuple[burgundy.Ruleset, list[str], dict[str, Any]]:
    rules = burgundy.Ruleset(players=3, variants=tuple(burgundy.available_variants()))
    states = [burgundy.to_json(s) for s in random_playout(rules, 5)[::60]]
    game = burgundy.Game(rules, seed=3)
    for _ in range(40):
        game.play(game.legal_actions()[0])
    return rules, states, game.record()


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rng=st.randoms(use_true_random=False), changes=st.integers(min_value=1, max_value=3))
def test_tampered_states_and_records_raise_value_error(
    material: tuple[burgundy.Ruleset, list[str], dict[str, Any]],
    rng: random.Random,
    changes: int,
) -> None:
    rules, states, record = material
    data = json.loads(rng.choice(states))
    for _ in range(changes):
        mutate(data, rng)
    with contextlib.suppress(ValueError):
        burgundy.from_json(json.dumps(data), rules)
    tampered = json.loads(json.dumps(record))
    for _ in range(changes):
        mutate(tampered, rng)
    with contextlib.suppress(ValueError):
        burgundy.Game.from_record(tampered)


@given(text=st.text(max_size=30))
@settings(max_examples=100, deadline=None)
def test_any_text_is_either_legal_or_a_value_error(text: str) -> None:
    game = burgundy.Game(players=2, variants=(), seed=1)
    before = game.state
    try:
        game.play(text)
    except ValueError:
        assert game.state is before
