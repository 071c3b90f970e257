"""The extra hexes' state loads only when sound (issue #31): the conformance kit's tamper
check, and the classes of broken state it found, each a regression test."""

from __future__ import annotations

import json

import pytest

import burgundy
from burgundy.testing import build_position, check_tampering, play_texts
from burgundy_extra_hexes.model import CraneChoice, GeeseChoice

EXAMPLES = 300
"""Tampered documents the kit tries (derandomized: the same on every run)."""


def rules(*variants: str) -> burgundy.Ruleset:
    return burgundy.Ruleset(players=2, variants=(*variants, "extra_hexes"))


@pytest.mark.parametrize("variants", [(), ("knowledge", "white_castles")])
def test_tampered_states_are_refused_or_play_to_the_end(variants: tuple[str, ...]) -> None:
    check_tampering(rules(*variants), examples=EXAMPLES)


def _document(state: burgundy.State) -> dict:  # type: ignore[type-arg]
    return json.loads(burgundy.to_json(state))


def _load(document: dict) -> burgundy.State:  # type: ignore[type-arg]
    return burgundy.from_json(json.dumps(document), rules())


def test_a_crane_decision_whose_space_holds_no_crane_is_refused() -> None:
    """Issue #31 (a pending item names a space that does not hold what it is about): a
    CraneChoice on another space loaded, and its first action raised from inside the
    effect (``tuple.index(x): x not in tuple``)."""
    state = play_texts(build_position(rules(), storage=["crane"], dice=(3, 3)),
                       "place crane c3 d3")
    assert isinstance(state.pending[-1], CraneChoice)
    document = _document(state)
    document["pending"][-1]["space"] = 0  # a1: no crane there
    with pytest.raises(ValueError, match=r"\(CraneChoice\): space 0: holds no crane"):
        _load(document)


def test_a_geese_decision_whose_space_holds_no_geese_is_refused() -> None:
    """Issue #31, as for the crane: the geese's decision names the geese's space."""
    state = build_position(rules(), storage=["geese", "pig2"], dice=(2, 6),
                           tiles={"c3": "bank", "c2": "cow3", "b2": "sheep4"})
    state = play_texts(state, "place geese b1 d2")
    assert isinstance(state.pending[-1], GeeseChoice)
    document = _document(state)
    document["pending"][-1]["space"] += 1
    with pytest.raises(ValueError, match="holds no geese"):
        _load(document)


def test_crane_as_is_never_kept_in_a_state() -> None:
    """Issue #31 (a derived value set only where the rules set it): ``crane_as`` is set
    only on the copies the final scoring compares; "watchtower" in a loaded state changed
    the final scores."""
    document = _document(build_position(rules()))
    document["ext"][0][1]["crane_as"][0] = "watchtower"
    with pytest.raises(ValueError, match="crane_as 'watchtower'"):
        _load(document)
