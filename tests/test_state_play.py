"""``State.play``: apply and say what was applied, in one search (issue #29: ``Game``
uses the ``State`` API and searches legality once a play)."""

from __future__ import annotations

import attrs
import pytest

import burgundy
from burgundy.testing import first_turn


def test_play_returns_the_listed_instance_for_an_equal_action() -> None:
    state = first_turn(burgundy.Ruleset(players=2, variants=()))
    listed = state.legal_actions()[-1]
    copy = attrs.evolve(listed)
    assert copy is not listed and copy == listed
    applied, after = state.play(copy)
    assert applied is listed and after == state.apply(listed)


def test_play_at_a_chance_node_returns_the_listed_outcome() -> None:
    state = burgundy.Ruleset(players=2, variants=()).initial_state()
    outcome, _ = state.chance_outcomes()[0]
    applied, after = state.play(outcome)
    assert applied is outcome and after == state.apply(outcome)


def test_play_refuses_an_illegal_action() -> None:
    state = first_turn(burgundy.Ruleset(players=2, variants=()))
    with pytest.raises(burgundy.IllegalActionError, match="is not legal"):
        state.play(burgundy.Action())
