"""Serialisation of the shields' state and its validation.

Sources: the core's contract (``burgundy.io``: ``from_json`` raises ``ValueError`` for a
malformed or impossible state, the message says what) and docs/variants/shields.md: 18 shields,
each in one place; a shield lies on a castle tile; one shield per castle.
"""

from __future__ import annotations

import json

import pytest

from burgundy import from_json, to_json
from burgundy.geometry import SPACE_BY_NAME
from burgundy.testing import find_action
from burgundy.validation import validate_state
from burgundy_shields.model import ShieldState


def _position(build):
    return build(knowledge=True, dice=(6, 6), tiles={"a2": "castle"},
                 shields={"d4": 1, "a2": 7}, their_shields={"d4": 5}, removed_shields=(11,),
                 shield_depots={6: (6,), 2: (3,)})


def _tampered(state, change):
    """The JSON text of ``state`` with ``change(shields_dict)`` applied to its shields."""
    data = json.loads(to_json(state))
    for pair in data["ext"]:
        if pair[0] == "shields":
            change(pair[1])
    return json.dumps(data)


def test_round_trip_with_shields_on_castles(build):
    state = _position(build)
    back = from_json(to_json(state), state.rules)
    assert back == state
    assert back.variant_state("shields") == state.variant_state("shields")
    assert isinstance(back.variant_state("shields"), ShieldState)


def test_round_trip_mid_decision_and_after_a_borrow(build):
    """A state where #6's choice is open, and the borrow itself, survive a round trip."""
    state = _position(build)
    taking = state.apply(find_action(state, "shield 6 6 a2 d6 d6"))
    assert from_json(to_json(taking), taking.rules) == taking
    borrow = next(a for a in taking.legal_actions() if str(a).startswith("borrow"))
    borrowed = taking.apply(borrow)
    assert from_json(to_json(borrowed), borrowed.rules) == borrowed
    assert max(borrowed.variant_state("shields").borrow) >= 0


def test_round_trip_with_die_set(build):
    state = build(dice=(1, 2), shields={"d4": 16})
    turned = state.apply(find_action(state, "set d1 5"))
    assert turned.variant_state("shields").die_set is True
    assert from_json(to_json(turned), turned.rules) == turned


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda sh: sh["depots"][0].append(1), id="duplicated-on-a-depot"),
        pytest.param(lambda sh: sh["supply"].append(7), id="duplicated-in-supply"),
        pytest.param(lambda sh: sh["supply"].remove(2), id="missing-shield"),
        pytest.param(lambda sh: sh["supply"].append(19), id="unknown-shield-19"),
        pytest.param(lambda sh: sh["removed"].append(0), id="unknown-shield-0"),
        pytest.param(lambda sh: sh["borrow"].__setitem__(0, 5), id="borrow-no-such-seat"),
        pytest.param(lambda sh: sh["placed"][0][0].__setitem__(1, "x"), id="not-an-integer"),
        pytest.param(lambda sh: sh.__setitem__("extra", 1), id="unknown-field"),
    ],
)
def test_tampered_shield_state_raises_value_error(build, change):
    state = _position(build)
    with pytest.raises(ValueError):
        from_json(_tampered(state, change), state.rules)


@pytest.mark.parametrize("space", ["a3", "a4", "c4", "e3"])
def test_shield_on_a_non_castle_space_raises_value_error(build, space):
    """Shields page: a shield lies on a castle tile. a3 is an empty castle space; a4, c4 and e3 are
    other colours (c4 empty, e3 holding a mine)."""
    state = build(tiles={"e3": "mine"}, shields={"d4": 1})
    estate = state.seats[state.current_player].estate

    def change(sh):
        sh["supply"].remove(2)
        sh["placed"][estate].append([SPACE_BY_NAME[space], 2])
        sh["placed"][estate].sort()

    with pytest.raises(ValueError, match="castle"):
        from_json(_tampered(state, change), state.rules)


def test_tampered_state_checked_by_validate_state_too(build):
    """The shields' ``validate`` hook runs inside ``validate_state`` (not only on load)."""
    state = build(shields={"d4": 1})
    current = state.variant_state("shields")
    duplicated = ShieldState(
        supply=current.supply, depots=((1,), *current.depots[1:]), placed=current.placed,
        removed=current.removed, borrow=current.borrow,
    )
    with pytest.raises(ValueError):
        validate_state(state.with_variant_state("shields", duplicated))


def test_two_shields_on_one_castle_raise_value_error(build):
    """Shields page "One shield per castle": a state with shields 1 and 2 both on d4 is
    impossible."""
    state = build(shields={"d4": 1})
    estate = state.seats[state.current_player].estate

    def change(sh):
        sh["supply"].remove(2)
        sh["placed"][estate].append([SPACE_BY_NAME["d4"], 2])

    with pytest.raises(ValueError):
        from_json(_tampered(state, change), state.rules)


def test_shield_on_a_space_off_the_board_raises_value_error(build):
    """The load contract: a bad state raises ``ValueError`` (space 99 does not exist)."""
    state = build(shields={"d4": 1})
    estate = state.seats[state.current_player].estate

    def change(sh):
        sh["supply"].remove(2)
        sh["placed"][estate].append([99, 2])

    with pytest.raises(ValueError):
        from_json(_tampered(state, change), state.rules)


def test_placed_for_an_estate_that_does_not_exist_raises_value_error(build):
    state = build(shields={"d4": 1})

    def change(sh):
        sh["supply"].remove(2)
        sh["placed"].append([[SPACE_BY_NAME["d4"], 2]])

    with pytest.raises(ValueError):
        from_json(_tampered(state, change), state.rules)
