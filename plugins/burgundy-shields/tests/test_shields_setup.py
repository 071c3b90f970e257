"""Shield set-up by player count, drawn as explicit chance; depot shields never refilled.

Source: docs/variants/shields.md, set-up (SE-ZH, RU19, SE-TTS ``GameBoard.lua``): the 18
shields are shuffled face down, then laid face up on the numbered depots' goods spaces:
2 players one per depot; 3 players one on depots 1/3/5 and two on 2/4/6; 4 players two per
depot. Unused shields go back to the box; depot shields are never refilled.
"""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from burgundy import Ruleset
from burgundy.pending import Turn
from burgundy.testing import find_action, random_playout
from burgundy_shields.model import SHIELDS, ShieldDraw, ShieldState

COUNTS = {2: [1, 1, 1, 1, 1, 1], 3: [1, 2, 1, 2, 1, 2], 4: [2, 2, 2, 2, 2, 2]}
"""Shields page: shields per depot 1-6 by player count."""


def _shields(state) -> ShieldState:
    value: ShieldState = state.variant_state("shields")
    return value


@pytest.mark.parametrize("knowledge", [False, True])
@pytest.mark.parametrize("edition", ["2019", "2011"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_lays_out_shields_by_player_count_as_chance(players, edition, knowledge):
    """Shields page set-up: every draw is a chance node, uniform over the face-down shields; the
    drawn shield lands on the depot the draw is for; the counts per depot follow the player
    count; the rest stay face down (out of play)."""
    variants = ("knowledge", "shields") if knowledge else ("shields",)
    state = Ruleset(players=players, variants=variants, edition=edition).initial_state()
    assert _shields(state).supply == SHIELDS
    assert all(d == () for d in _shields(state).depots)
    draws = 0
    while isinstance(state.pending[-1], ShieldDraw):
        item = state.pending[-1]
        assert state.is_chance and state.legal_actions() == ()
        supply = _shields(state).supply
        outcomes = state.chance_outcomes()
        assert [o for o, _ in outcomes] == list(supply)
        assert all(math.isclose(p, 1 / len(supply)) for _, p in outcomes)
        # pick a different position in the supply each time (first, last, middle ...)
        pick = outcomes[(draws * 7) % len(outcomes)][0]
        state = state.apply(pick)
        assert pick in _shields(state).depots[item.depot - 1]
        assert pick not in _shields(state).supply
        draws += 1
    assert draws == sum(COUNTS[players])
    current = _shields(state)
    assert [len(d) for d in current.depots] == COUNTS[players]
    assert len(current.supply) == 18 - sum(COUNTS[players])
    assert current.placed == ((),) * players and current.removed == ()


def test_setup_draws_are_each_equally_likely_at_every_step():
    """Shields page "shuffle face down": after some shields are drawn, each remaining one is
    equally likely (1/17, 1/16, ...), and drawn ones can no longer come up."""
    state = Ruleset(players=2, variants=("shields",)).initial_state()
    first = state.chance_outcomes()
    assert len(first) == 18 and math.isclose(first[0][1], 1 / 18)
    state = state.apply(13)
    second = state.chance_outcomes()
    assert 13 not in [o for o, _ in second]
    assert len(second) == 17 and all(math.isclose(p, 1 / 17) for _, p in second)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_depot_shields_never_refilled_over_a_whole_game(players):
    """Shields page: depot shields are never refilled: once set-up is over, the face-down supply
    never changes and no depot ever gains a shield (across all five phase set-ups)."""
    rules = Ruleset(players=players, variants=("shields",))
    states = random_playout(rules, seed=players)
    after_setup = [s for s in states if not any(isinstance(p, ShieldDraw) for p in s.pending)]
    supply = _shields(after_setup[0]).supply
    assert len(supply) == 18 - sum(COUNTS[players])
    phases = set()
    for before, after in pairwise(after_setup):
        phases.add(after.phase)
        assert _shields(after).supply == supply
        for old, new in zip(_shields(before).depots, _shields(after).depots, strict=True):
            assert set(new) <= set(old), "a depot gained a shield"
    assert phases >= {0, 1, 2, 3, 4}


def test_phase_start_keeps_depot_shields_and_draws_none(build):
    """Shields page: the phase set-up refills the depots' hexes but not their shields: a shield left
    on depot 4 at the end of phase A is still there in phase B, the other depots stay empty
    and nothing is drawn from the face-down shields."""
    state = build(dice=(1, 2), shield_depots={4: (7,)}, last_turn_of_phase=True)
    supply = _shields(state).supply
    state = state.apply(find_action(state, "workers d1"))
    state = state.apply(find_action(state, "workers d2"))
    assert state.phase == 1
    assert not any(isinstance(p, ShieldDraw) for p in state.pending)
    # resolve the phase B set-up chance (hex and goods draws) up to the first turn
    while not isinstance(state.pending[-1], Turn):
        state = state.apply(state.chance_outcomes()[0][0])
    assert state.phase == 1
    assert _shields(state).depots == ((), (), (), (7,), (), ())
    assert _shields(state).supply == supply
