"""The white castles' states load only when sound (issue #31): the conformance kit's
tamper check (the variant has no state of its own; a white castle pushes the core's loose
die action, which is tampered with with the other pending items)."""

from __future__ import annotations

import pytest

import burgundy
from burgundy.testing import check_tampering

EXAMPLES = 300
"""Tampered documents the kit tries per ruleset (derandomized: the same on every run)."""


@pytest.mark.parametrize("variants", [("white_castles",), ("knowledge", "white_castles")])
def test_tampered_states_are_refused_or_play_to_the_end(variants: tuple[str, ...]) -> None:
    check_tampering(burgundy.Ruleset(players=2, variants=variants), examples=EXAMPLES)
