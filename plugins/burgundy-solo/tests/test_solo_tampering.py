"""The solo state loads only when sound (issue #31): the conformance kit's tamper check,
and the classes of broken state it names, each a regression test."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from burgundy import Ruleset, from_json, to_json
from burgundy.testing import check_tampering, first_turn
from burgundy_solo.rules import MAX_SILVER

EXAMPLES = 300
"""Tampered documents the kit tries (derandomized: the same on every run)."""


def rules() -> Ruleset:
    return Ruleset(players=1, variants=("knowledge", "solo"))


def test_tampered_states_are_refused_or_play_to_the_end() -> None:
    check_tampering(rules(), examples=EXAMPLES)


def _doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(to_json(first_turn(rules(), 1)))
    return doc


@pytest.mark.parametrize("silver", [MAX_SILVER + 1, 10**6, 10**30])
def test_silver_beyond_the_action_space_is_refused_at_once(silver: int) -> None:
    """Issue #31 (every number bounded): silver 10**6 loaded and listed 1,000,005 ``buy N
    vp`` actions (the action space documents 1-200); with 10**30 ``from_json`` never
    returned. R-SOLO-TARGET's purchase lists one action per silverling, so the solo estate
    holds at most 200."""
    doc = _doc()
    doc["estates"][0]["silver"] = silver
    start = time.monotonic()
    with pytest.raises(ValueError, match="silver"):
        from_json(json.dumps(doc), rules())
    assert time.monotonic() - start < 5


def test_a_score_at_or_over_the_target_is_refused() -> None:
    """Issue #31 (counts tied to the target), R-SOLO-TARGET: the marker resets on reaching
    the target, so while the game runs the score is below it (99 with target 50 loaded)."""
    doc = _doc()
    seat = doc["seats"][0]
    seat["vp"], seat["ledger"] = 99, [["bought VP", 99]]
    solo = next(value for name, value in doc["ext"] if name == "solo")
    solo["total"] = 99
    with pytest.raises(ValueError, match="at or over the target 50"):
        from_json(json.dumps(doc), rules())


def test_resets_need_the_vp_of_the_targets_reached() -> None:
    """R-SOLO-TARGET: each reset took the target's VP, so the total covers them."""
    doc = _doc()
    solo = next(value for name, value in doc["ext"] if name == "solo")
    solo["resets"], solo["target"], solo["total"] = 1, 45, 10  # 10 of the 50 reached
    with pytest.raises(ValueError, match="below the score marker"):
        from_json(json.dumps(doc), rules())
