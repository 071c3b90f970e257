"""The outposts' state loads only when sound (issue #31): the conformance kit's tamper
check, and the class of broken state it names, a regression test."""

from __future__ import annotations

import json
import types

import pytest

from burgundy import Ruleset, from_json, to_json
from burgundy.testing import check_tampering
from burgundy_outposts.model import PAIRS

EXAMPLES = 300
"""Tampered documents the kit tries per ruleset (derandomized: the same on every run)."""


@pytest.mark.parametrize("variants", [("outposts",), ("knowledge", "outposts")])
def test_tampered_states_are_refused_or_play_to_the_end(variants: tuple[str, ...]) -> None:
    check_tampering(Ruleset(players=2, variants=variants), examples=EXAMPLES)


def test_a_scored_pair_unmarked_is_refused(outposts: types.SimpleNamespace) -> None:
    """Issue #31 (derived flags both ways), R-OUTPOSTS: each pair scores once, when it is
    linked; un-marking a linked pair loaded and the pair scored again (6 -> 10 VP). The
    rulebook example: row b links the top-left and top-right forts."""
    state = outposts.position(storage=["k19"], tiles=outposts.ROW_B, dice=(4, 2))
    after = outposts.play(state, "place k19 b5 d4")
    seat = state.current_player
    index = after.seats[seat].estate
    assert after.variant_state("outposts").linked[index] == 1 << PAIRS.index((0, 1))
    doc = json.loads(to_json(after))
    ext = next(value for name, value in doc["ext"] if name == "outposts")
    ext["linked"][index] = 0
    with pytest.raises(ValueError, match="a pair linked in the duchy is not marked linked"):
        from_json(json.dumps(doc), after.rules)
