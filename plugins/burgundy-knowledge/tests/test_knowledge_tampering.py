"""Knowledge's states load only when sound (issue #31): the conformance kit's tamper check
(the variant has no state of its own; its tiles push the core's pending items, which are
tampered with)."""

from __future__ import annotations

import pytest

from burgundy import Ruleset
from burgundy.testing import check_tampering

EXAMPLES = 300
"""Tampered documents the kit tries per ruleset (derandomized: the same on every run)."""


@pytest.mark.parametrize(("players", "edition"), [(2, "2019"), (3, "2011")])
def test_tampered_states_are_refused_or_play_to_the_end(players: int, edition: str) -> None:
    check_tampering(Ruleset(players=players, variants=("knowledge",), edition=edition),
                    examples=EXAMPLES)
