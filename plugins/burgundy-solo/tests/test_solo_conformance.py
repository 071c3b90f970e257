"""The conformance kit at one player (issue #13): both editions, with and without the
knowledge tiles, both boards and the options; and random play that prefers placements
(so colours get covered, the target is reached and black tiles are traded) keeps every
invariant."""

from __future__ import annotations

import random
import types

import pytest

from burgundy import Ruleset
from burgundy.actions import PlaceTile
from burgundy.testing import check_conformance, check_invariants
from burgundy_solo.model import PlaceBlackHex, TradeForBlackTile

S = types.SimpleNamespace


@pytest.mark.parametrize("edition", ["2019", "2011"])
@pytest.mark.parametrize("knowledge", [True, False])
def test_conformance_kit(solo: S, edition: str, knowledge: bool) -> None:
    check_conformance(solo.rules(edition, knowledge), seeds=[1, 2])


@pytest.mark.parametrize(
    "options",
    [{"solo_board": "13b"}, {"solo_board_art": "2018", "solo_target": 45},
     {"solo_whole_river": True, "solo_target": 55}],
)
def test_conformance_kit_with_options(solo: S, options: dict[str, object]) -> None:
    check_conformance(solo.rules(**options), seeds=[3])


def _placing_playout(rules: Ruleset, seed: int) -> dict[str, int]:
    """A game whose player places, trades and takes rewards whenever it can (else plays at
    random), checking the invariants at every step; what it did, by action type."""
    rng = random.Random(seed)
    state = rules.initial_state()
    previous = None
    done: dict[str, int] = {}
    while not state.is_terminal:
        check_invariants(state, previous)
        previous = state
        if state.is_chance:
            state = state.apply(state.sample_outcome(rng))
            continue
        legal = state.legal_actions()
        wanted = [a for a in legal if isinstance(a, (PlaceTile, PlaceBlackHex,
                                                     TradeForBlackTile))]
        action = rng.choice(wanted or legal)
        done[type(action).__name__] = done.get(type(action).__name__, 0) + 1
        state = state.apply(action)
    check_invariants(state, previous)
    return done


def test_invariants_when_placements_are_preferred(solo: S) -> None:
    totals: dict[str, int] = {}
    for seed in range(6):
        for name, n in _placing_playout(solo.rules(), seed).items():
            totals[name] = totals.get(name, 0) + n
    assert totals.get("PlaceTile", 0) > 60  # the games did place (and so the rest came up)
