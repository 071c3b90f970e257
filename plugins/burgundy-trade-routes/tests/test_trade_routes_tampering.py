"""The trade routes' state loads only when sound (issue #31): the conformance kit's tamper
check."""

from __future__ import annotations

import pytest

from burgundy import Ruleset
from burgundy.testing import check_tampering

EXAMPLES = 300
"""Tampered documents the kit tries per ruleset (derandomized: the same on every run)."""


@pytest.mark.parametrize("order", ["random", "choose"])
def test_tampered_states_are_refused_or_play_to_the_end(order: str) -> None:
    rules = Ruleset(players=2, variants=("trade_routes",),
                    options={"trade_routes_deck": "generated", "trade_routes_order": order})
    check_tampering(rules, examples=EXAMPLES)
