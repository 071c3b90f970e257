"""Every public entry point that takes outside data raises ``ValueError`` (or a subclass)
with a short message for any input at all, and never another exception, a hang or a state
that breaks the invariants (issue #12).

The entry points: ``State.apply``, ``Game.play``, ``parse_action``, ``from_json``,
``Game.from_record``, ``Ruleset(...)`` and ``Ruleset.from_dict``. Each is fed arbitrary
JSON-like data and arbitrary text; records are also tampered with. Every test builds its
own data inside the test (nothing mutable is shared between examples).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import burgundy
from burgundy.game import parse_action
from burgundy.registry import example_options
from burgundy.state import State
from burgundy.validation import validate_state

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

MESSAGE_LIMIT = 500
"""The longest error message any input may produce."""

SCALARS = (
    st.none() | st.booleans() | st.integers() | st.integers(-3, 12)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
    | st.sampled_from(["knowledge", "shields", "2019", "2011", "standard", "random", "Turn"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=5),
    max_leaves=25,
)
"""Arbitrary JSON-like values."""
TEXT = st.text(max_size=40) | st.sampled_from(
    ["end", "decline", "workers d1", "take bank 5 d3", "sell 4", "buy castle", "goods 1 1,2"]
)


def _refuses_cleanly(call: Callable[[], Any]) -> Any:
    """Run ``call``; a ``ValueError`` must have a short message. Return the result or
    ``None`` when it refused."""
    try:
        return call()
    except ValueError as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT, f"a message of {len(str(exc))} characters"
        return None


def _sound(state: State) -> None:
    """A state some entry point accepted: valid, round-trips, answers its calls."""
    validate_state(state)
    assert burgundy.from_json(burgundy.to_json(state), state.rules) == state
    if state.is_chance:
        assert len(state.chance_outcomes()) > 1
    elif not state.is_terminal:
        assert state.legal_actions()


@cache
def _game_record(seed: int) -> str:
    """A record of the first 40 plays of a seeded game with every variant (as JSON text, so
    each example parses its own copy)."""
    every = burgundy.available_variants(players=3)
    game = burgundy.Game(players=3, seed=seed, variants=every, options=example_options(every))
    rng = random.Random(seed)
    for _ in range(40):
        game.play(rng.choice(game.legal_actions()))
    return json.dumps(game.record())


def _positions() -> tuple[State, State]:
    """A decision node and a chance node of a seeded base game."""
    game = burgundy.Game(players=2, variants=(), seed=1)
    decision = game.state
    chance = burgundy.Ruleset(players=2, variants=()).initial_state()
    return decision, chance


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a parsed JSON document."""
    out = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            out += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            out += _paths(inner, (*path, index))
    return out


def _tamper(document: Any, data: st.DataObject) -> Any:
    """Replace one value anywhere in ``document`` (a fresh parse) by an arbitrary one, or
    delete it; return the document (itself replaced when the path is the root)."""
    path = data.draw(st.sampled_from(_paths(document)))
    new = data.draw(JSON)
    if not path:
        return new
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict | list):
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return document


# -- the entry points -----------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(players=JSON, variants=JSON, edition=JSON, options=JSON)
def test_ruleset_takes_any_arguments(players: Any, variants: Any, edition: Any,
                                     options: Any) -> None:
    rules = _refuses_cleanly(lambda: burgundy.Ruleset(
        players=players, variants=variants, edition=edition, options=options
    ))
    if rules is not None:
        assert burgundy.Ruleset.from_dict(rules.to_dict()) == rules


@settings(max_examples=200, deadline=None)
@given(data=JSON)
def test_ruleset_from_dict_takes_any_data(data: Any) -> None:
    rules = _refuses_cleanly(lambda: burgundy.Ruleset.from_dict(data))
    if rules is not None:
        assert burgundy.Ruleset.from_dict(rules.to_dict()) == rules


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_ruleset_from_a_tampered_spec(data: st.DataObject) -> None:
    spec = burgundy.Ruleset(players=3, variants=("knowledge",)).to_dict()
    tampered = _tamper(json.loads(json.dumps(spec)), data)
    _refuses_cleanly(lambda: burgundy.Ruleset.from_dict(tampered))


@settings(max_examples=200, deadline=None)
@given(value=JSON | TEXT)
def test_apply_takes_any_value(value: Any) -> None:
    for state in _positions():
        after = _refuses_cleanly(lambda s=state: s.apply(value))  # type: ignore[misc]
        if after is not None:
            _sound(after)


@settings(max_examples=200, deadline=None)
@given(value=JSON | TEXT)
def test_game_play_takes_any_value_and_leaves_the_game_unchanged_on_refusal(value: Any) -> None:
    game = burgundy.Game(players=2, variants=(), seed=2)
    before, steps = game.state, game.record()["steps"]
    if _refuses_cleanly(lambda: game.play(value)) is None:
        assert game.state is before and game.record()["steps"] == steps
    else:
        _sound(game.state)


@settings(max_examples=300, deadline=None)
@given(text=TEXT)
def test_parse_action_takes_any_text(text: str) -> None:
    state = _positions()[0]
    action = _refuses_cleanly(lambda: parse_action(state, text))
    if action is not None:
        assert action in state.legal_actions() and str(action) == " ".join(text.split())


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=60) | JSON.map(json.dumps))
def test_from_json_takes_any_text(text: str) -> None:
    rules = burgundy.Ruleset(players=2, variants=())
    state = _refuses_cleanly(lambda: burgundy.from_json(text, rules))
    if state is not None:
        _sound(state)


@settings(max_examples=200, deadline=None)
@given(data=JSON)
def test_from_record_takes_any_data(data: Any) -> None:
    game = _refuses_cleanly(lambda: burgundy.Game.from_record(data))
    if game is not None:
        _sound(game.state)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), seed=st.sampled_from([3, 4]), changes=st.integers(1, 3))
def test_tampered_records_replay_or_raise_value_error(
    data: st.DataObject, seed: int, changes: int
) -> None:
    record = json.loads(_game_record(seed))
    for _ in range(changes):
        record = _tamper(record, data)
    game = _refuses_cleanly(lambda: burgundy.Game.from_record(record))
    if game is not None:
        _sound(game.state)
        assert burgundy.Game.from_record(game.record()).state == game.state
