"""The shields' state loads only when sound (issue #31): the conformance kit's tamper check,
and the classes of broken state it names, each a regression test."""

from __future__ import annotations

import json
from typing import Any

import pytest

from burgundy import Ruleset, from_json, to_json
from burgundy.pending import StowTile
from burgundy.testing import check_tampering, random_playout
from burgundy.validation import MESSAGE_LIMIT

EXAMPLES = 300
"""Tampered documents the kit tries per ruleset (derandomized: the same on every run)."""


@pytest.mark.parametrize("variants", [("shields",), ("knowledge", "shields")])
def test_tampered_states_are_refused_or_play_to_the_end(variants: tuple[str, ...]) -> None:
    check_tampering(Ruleset(players=3, variants=variants), examples=EXAMPLES)


def _shields(doc: dict[str, Any]) -> dict[str, Any]:
    shields: dict[str, Any] = next(value for name, value in doc["ext"] if name == "shields")
    return shields


def test_a_stow_decision_over_a_broken_shield_table_is_a_value_error() -> None:
    """Issue #31 (the order of the checks): with a StowTile on top and ``placed`` missing
    the mover's estate, loading raised ``IndexError`` (the stow item, which asks the
    shields' storage, was checked before the shields' own state). The variants' state is
    checked first now."""
    rules = Ruleset(players=2, variants=("shields",))
    state = next(s for seed in range(20) for s in random_playout(rules, seed)
                 if s.pending and isinstance(s.pending[-1], StowTile))
    doc = json.loads(to_json(state))
    _shields(doc)["placed"] = _shields(doc)["placed"][:-1]
    with pytest.raises(ValueError, match="shields: six depots and one entry per estate") as info:
        from_json(json.dumps(doc), rules)
    assert len(str(info.value)) <= MESSAGE_LIMIT


def test_a_depot_holds_no_more_shields_than_the_set_up_lays() -> None:
    """Shields page (set-up: 1 shield a depot at 2 players): a second shield moved from the
    face-down ones onto a depot is refused (conservation alone allowed it)."""
    rules = Ruleset(players=2, variants=("shields",))
    state = random_playout(rules, 0)[40]
    doc = json.loads(to_json(state))
    shields = _shields(doc)
    depot = next(d for d, there in enumerate(shields["depots"]) if there)
    moved = shields["supply"].pop(0)
    shields["depots"][depot] = sorted([*shields["depots"][depot], moved])
    with pytest.raises(ValueError, match=f"depot {depot + 1} holds 2 shields"):
        from_json(json.dumps(doc), rules)
