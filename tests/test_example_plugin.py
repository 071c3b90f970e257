"""A third-party variant through the real entry-point path (importlib.metadata).

The example plugin in ``docs/examples/burgundy-tithe`` is made discoverable by the
``tithe_installed`` fixture (``tests/conftest.py``), which writes its distribution metadata
onto ``sys.path`` as ``pip install`` would.
"""

from __future__ import annotations

import json

import pytest

import burgundy
from burgundy.testing import check_conformance, first_turn, random_playout


def test_not_installed_means_unknown() -> None:
    assert "tithe" not in burgundy.available_variants()
    with pytest.raises(ValueError, match="'tithe'"):
        burgundy.Ruleset(players=2, variants=("tithe",))


def test_installed_is_listed_but_not_enabled(tithe_installed: None) -> None:
    assert "tithe" in burgundy.available_variants()
    rules = burgundy.Ruleset(players=2, variants=())
    assert rules.variants == ()
    assert all(str(a) != "tithe" for a in first_turn(rules).legal_actions())


def test_tithe_action_state_and_serialisation(tithe_installed: None) -> None:
    rules = burgundy.Ruleset(players=2, variants=("tithe",))
    state = first_turn(rules)
    seat = state.current_player
    assert state.variant_state("tithe").paid == (0, 0)
    tithe = next(a for a in state.legal_actions() if str(a) == "tithe")
    after = state.apply(tithe)
    assert after.scores[seat] == state.scores[seat] + 1
    assert after.seat_estate(seat).silver == state.seat_estate(seat).silver - 1
    assert after.variant_state("tithe").paid[seat] == 1
    assert all(str(a) != "tithe" for a in after.legal_actions())  # once per turn
    data = json.loads(burgundy.to_json(after))
    assert data["ext"] == [["tithe", {"paid": [1, 0] if seat == 0 else [0, 1], "this_turn": True}]]
    assert burgundy.from_json(burgundy.to_json(after), rules) == after


def test_tithe_games_conform_and_replay(tithe_installed: None) -> None:
    rules = burgundy.Ruleset(players=3, variants=("tithe",))
    check_conformance(rules, seeds=[1])
    game = burgundy.Game(rules, seed=5)
    for _ in range(40):
        tithes = [a for a in game.legal_actions() if str(a) == "tithe"]
        game.play(tithes[0] if tithes else game.legal_actions()[0])
    assert burgundy.Game.from_record(game.record()).state == game.state
    assert random_playout(rules, 2)[-1].is_terminal
