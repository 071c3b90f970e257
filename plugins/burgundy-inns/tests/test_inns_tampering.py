"""The inns' state loads only when sound (issue #31): the conformance kit's tamper check,
and the class of broken state it names, a regression test."""

from __future__ import annotations

import json

import pytest

import burgundy
from burgundy.testing import check_tampering, first_turn

EXAMPLES = 300
"""Tampered documents the kit tries per ruleset (derandomized: the same on every run)."""


@pytest.mark.parametrize("variants", [("inns",), ("knowledge", "shields", "inns")])
def test_tampered_states_are_refused_or_play_to_the_end(variants: tuple[str, ...]) -> None:
    check_tampering(burgundy.Ruleset(players=2, variants=variants), examples=EXAMPLES)


def test_the_inns_in_the_box_follow_the_phase() -> None:
    """Issue #31 (counts tied to the phase), R-INN-PLACE: one inn comes out at each phase
    start; phase A with ``stack=0, to_come=5`` loaded, and the game ended with an inn still
    in the box."""
    rules = burgundy.Ruleset(players=2, variants=("inns",))
    doc = json.loads(burgundy.to_json(first_turn(rules, 1)))
    ext = next(value for name, value in doc["ext"] if name == "inns")
    assert (doc["phase"], ext) == (0, {"stack": 1, "to_come": 4})
    ext["stack"], ext["to_come"] = 0, 5
    with pytest.raises(ValueError, match="5 inns still in the box in phase 1"):
        burgundy.from_json(json.dumps(doc), rules)
