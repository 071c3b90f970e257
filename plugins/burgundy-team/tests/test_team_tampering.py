"""Team play's states load only when sound (issue #31): the conformance kit's tamper check,
and the team's shared storage, which the core checks through the storage hook."""

from __future__ import annotations

import json

import pytest

import burgundy
from burgundy.components import tile_code
from burgundy.testing import check_tampering, first_turn

EXAMPLES = 300
"""Tampered documents the kit tries (derandomized: the same on every run)."""


def test_tampered_states_are_refused_or_play_to_the_end() -> None:
    check_tampering(burgundy.Ruleset(players=4, variants=("team",)), examples=EXAMPLES)


def test_the_shared_storage_holds_two_hexes() -> None:
    """Issue #31 (the core's capacities on load), T8, R-TEAM-STORAGE: the team's two shared
    spaces; three hexes there loaded (``validate_state`` documented storage in range)."""
    rules = burgundy.Ruleset(players=4, variants=("team",))
    doc = json.loads(burgundy.to_json(first_turn(rules, 1)))
    supply = doc["supply"]
    codes = [tile_code(name) for name in ("bank", "mine", "church")]
    for code in codes:
        supply[code] -= 1
    doc["estates"][0]["storage"] = sorted(codes)
    with pytest.raises(ValueError, match=r"estates\[0\].storage: 3 hexes in 2 storage spaces"):
        burgundy.from_json(json.dumps(doc), rules)
