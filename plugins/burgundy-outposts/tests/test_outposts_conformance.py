"""The conformance kit for the outposts (issue #15): 2-4 players, the 2019 edition (the one
whose box holds them; 2011 is refused), knowledge on and off, with shields, with caller
boards; and random play that prefers placements (so forts get linked) keeps every
invariant."""

from __future__ import annotations

import types

import pytest

from burgundy import Ruleset
from burgundy.actions import PlaceTile
from burgundy.testing import check_conformance, playout

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

S = types.SimpleNamespace
ROWS = ["CBBC", "YYYYY", "SGBBSG", "BSBBBGM", "BSBBGM", "CSYGC", "MSGB"]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("knowledge", [True, False])
def test_conformance_kit(outposts: S, players: int, knowledge: bool) -> None:
    check_conformance(outposts.rules(players, knowledge), seeds=[1])


@pytest.mark.parametrize("players", [2, 4])
def test_conformance_kit_with_shields(outposts: S, players: int) -> None:
    check_conformance(outposts.rules(players, shields=True), seeds=[2])


def test_conformance_kit_with_caller_boards(outposts: S) -> None:
    custom = [{"id": "11a", "rows": ROWS[::-1]}, {"id": "11b", "rows": ROWS,
              "forts": {"west": ["d1"], "north": ["a2", "a3"], "east": ["d7", "e6"]}}]
    check_conformance(outposts.rules(3, outpost_custom_boards=custom), seeds=[3])


def test_the_2011_edition_is_refused() -> None:
    with pytest.raises(ValueError, match="2011"):
        Ruleset(players=2, variants=("knowledge", "outposts"), edition="2011")


def _placing_playout(rules: Ruleset, seed: int) -> int:
    """A game whose players place whenever they can (else play at random), checking the
    invariants at every step (:func:`burgundy.testing.playout`); the outposts VP booked."""
    final = playout(rules.initial_state(), seed, check=True, prefer=(PlaceTile,), bias=1.0)[-1]
    return sum(dict(seat.ledger).get("outposts", 0) for seat in final.seats)


def test_invariants_when_placements_are_preferred(outposts: S) -> None:
    booked = sum(_placing_playout(outposts.rules(players), seed)
                 for players, seed in ((2, 11), (3, 12), (4, 13)))
    assert booked > 0  # forts were linked (and so scored) along the way
