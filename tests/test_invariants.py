"""Random legal play keeps the invariants (DESIGN.md, Testing)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import burgundy
from burgundy.state import EMPTY
from burgundy.testing import check_conformance, check_invariants, random_playout

RULESETS = {
    (players, edition): burgundy.Ruleset(players=players, variants=(), edition=edition)
    for players in (2, 3, 4)
    for edition in ("2019", "2011")
}


@pytest.mark.parametrize(("players", "edition"), sorted(RULESETS))
def test_conformance_kit_passes_for_the_base_game(players: int, edition: str) -> None:
    check_conformance(RULESETS[players, edition], seeds=[players])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.sampled_from([2, 3, 4]),
    edition=st.sampled_from(["2019", "2011"]),
    sample=st.integers(min_value=0, max_value=10_000),
)
def test_random_play_keeps_invariants(seed: int, players: int, edition: str, sample: int) -> None:
    states = random_playout(RULESETS[players, edition], seed)
    assert states[-1].is_terminal
    # every state once is too slow for many examples: check a spread of them
    step = max(len(states) // 40, 1)
    for index in range(sample % step, len(states), step):
        check_invariants(states[index], states[index - 1] if index else None)
    check_invariants(states[-1], states[-2])


@settings(max_examples=5, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    options=st.fixed_dictionaries({
        "tiebreak_empty": st.sampled_from(["most", "fewest"]),
        "building_take_may_discard": st.booleans(),
        "boards": st.sampled_from(["standard", "random", (3, 6), (9, 10)]),
        "start_castle": st.sampled_from(["centre", "choose"]),
    }),
)
def test_every_option_plays_to_the_end(seed: int, options: dict[str, object]) -> None:
    rules = burgundy.Ruleset(players=2, variants=(), options=options)
    states = random_playout(rules, seed)
    for state in states[:: max(len(states) // 10, 1)]:
        check_invariants(state)
    assert states[-1].is_terminal
    assert all(e.start >= 0 for e in states[-1].estates)


def test_empty_mask_is_the_uncovered_spaces() -> None:
    for state in random_playout(RULESETS[3, "2019"], 5)[::25]:
        for estate in state.estates:
            uncovered = sum(1 << space for space, tile in enumerate(estate.spaces)
                            if tile == EMPTY)
            assert estate.empty_mask == uncovered
            assert estate.empty_mask.bit_count() == estate.empty_spaces
