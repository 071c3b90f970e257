"""Loading is as strict for the shields' own state and pending items as for the core's
(issue #12): every field present and of its exact type, the shields sorted and conserved,
each pending item at a seat of its kind with its fields in range. Each test matches the
message of the check it is about, so it fails if that check is removed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from burgundy import Ruleset, State, from_json, to_json
from burgundy.geometry import SPACE_BY_NAME
from burgundy.io import MESSAGE_LIMIT
from burgundy.validation import validate_state
from burgundy_shields.model import ShieldState

Doc = dict[str, Any]


def _position(build: Callable[..., State], knowledge: bool = True) -> State:
    """Seat to move: shields 1 (d4) and 7 (a2); the next seat: shield 5 (d4); shield 11
    out of the game; shields 6 and 3 on depots 6 and 2."""
    return build(knowledge=knowledge, dice=(6, 6), tiles={"a2": "castle"},
                 shields={"d4": 1, "a2": 7}, their_shields={"d4": 5}, removed_shields=(11,),
                 shield_depots={6: (6,), 2: (3,)})


def _doc(state: State) -> Doc:
    doc: Doc = json.loads(to_json(state))
    return doc


def _shields(doc: Doc) -> dict[str, Any]:
    shields: dict[str, Any] = next(value for name, value in doc["ext"] if name == "shields")
    return shields


def _rejects(doc: Doc, rules: Ruleset, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment) as info:
        from_json(json.dumps(doc), rules)
    assert len(str(info.value)) <= MESSAGE_LIMIT


def _start(players: int = 2) -> State:
    """The first state of a shields game: the shields' draws onto the depots on top."""
    state = Ruleset(players=players, variants=("shields",)).initial_state()
    assert type(state.pending[-1]).__name__ == "ShieldDraw"
    return state


def test_the_unchanged_documents_load(build: Callable[..., State]) -> None:
    for state in (_position(build), _position(build, knowledge=False), _start()):
        assert from_json(to_json(state), state.rules) == state


@pytest.mark.parametrize("name", ["supply", "depots", "placed", "removed", "borrow", "die_set"])
def test_from_json_rejects_a_missing_field_of_the_shields_state(
    build: Callable[..., State], name: str
) -> None:
    state = _position(build)
    doc = _doc(state)
    del _shields(doc)[name]
    _rejects(doc, state.rules, f"'ext'\\[0\\] \\(shields\\): missing field\\(s\\) \\['{name}'\\]")


def test_from_json_rejects_an_unexpected_field_of_the_shields_state(
    build: Callable[..., State],
) -> None:
    state = _position(build)
    doc = _doc(state)
    _shields(doc)["colour"] = 1
    _rejects(doc, state.rules, "unexpected \\['colour'\\]")


@pytest.mark.parametrize(
    "path", [("supply",), ("depots",), ("depots", 5), ("placed", 0), ("placed", 0, 0),
             ("removed",), ("borrow",)],
)
@pytest.mark.parametrize("value", [{}, "", "12", None])
def test_from_json_rejects_a_non_list_in_the_shields_state(
    build: Callable[..., State], path: tuple[Any, ...], value: Any
) -> None:
    state = _position(build)
    doc = _doc(state)
    where: Any = _shields(doc)
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    _rejects(doc, state.rules, "expected a list")


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda sh: sh.update(die_set=0), "die_set: expected true or false, got 0"),
        (lambda sh: sh["borrow"].__setitem__(0, True), "borrow\\[0\\]: expected an integer"),
        (lambda sh: sh["supply"].__setitem__(0, 2.0), "supply\\[0\\]: expected an integer"),
        (lambda sh: sh["placed"][0].__setitem__(0, [18]), "expected a list of 2, got 1"),
    ],
)
def test_from_json_rejects_a_value_of_the_wrong_type_in_the_shields_state(
    build: Callable[..., State], change: Callable[[dict[str, Any]], None], fragment: str
) -> None:
    state = _position(build)
    doc = _doc(state)
    change(_shields(doc))
    _rejects(doc, state.rules, fragment)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda sh: attrs.evolve(sh, supply=list(sh.supply)), "supply: expected a tuple"),
        (lambda sh: attrs.evolve(sh, die_set=0), "die_set: expected true or false"),
        (lambda sh: attrs.evolve(sh, borrow=(-1.0, -1)), "borrow\\[0\\]: expected an integer"),
        (lambda sh: attrs.evolve(sh, placed=(sh.placed[0], [])), "placed\\[1\\]: expected a tuple"),
        (lambda sh: sh.placed, "expected a ShieldState"),
    ],
)
def test_validate_state_rejects_a_shields_state_of_the_wrong_types(
    build: Callable[..., State], change: Callable[[ShieldState], Any], fragment: str
) -> None:
    """A shields state set without the loader (``with_variant_state``) is typed too."""
    state = _position(build)
    bad = state.with_variant_state("shields", change(state.variant_state("shields")))
    with pytest.raises(ValueError, match=f"ext\\[0\\] \\(shields\\)(.*){fragment}"):
        validate_state(bad)


@pytest.mark.parametrize("name", ["supply", "removed", "depot"])
def test_from_json_rejects_unsorted_shields(build: Callable[..., State], name: str) -> None:
    state = build(players=4, shield_depots={4: (7, 8)}, removed_shields=(11, 12))  # two a depot
    doc = _doc(state)
    shields = _shields(doc)
    values = shields["depots"][3] if name == "depot" else shields[name]
    values.reverse()
    label = "depots\\[3\\]" if name == "depot" else name
    _rejects(doc, state.rules, f"shields: {label} must be sorted")


def test_from_json_rejects_placed_shields_not_sorted_by_space(
    build: Callable[..., State],
) -> None:
    state = _position(build)
    doc = _doc(state)
    estate = state.seats[state.current_player].estate
    placed = _shields(doc)["placed"][estate]
    assert len(placed) == 2
    placed.reverse()
    _rejects(doc, state.rules, f"shields: estate {estate}'s shields must be sorted by space")


def test_from_json_rejects_a_vanished_shield(build: Callable[..., State]) -> None:
    state = _position(build)
    doc = _doc(state)
    _shields(doc)["supply"].pop()
    _rejects(doc, state.rules, "each of the 18 shields must be in exactly one place")


def test_from_json_rejects_a_duplicated_shield(build: Callable[..., State]) -> None:
    state = _position(build)
    doc = _doc(state)
    _shields(doc)["removed"] = sorted([*_shields(doc)["removed"], 2])
    _rejects(doc, state.rules, "each of the 18 shields must be in exactly one place")


def test_from_json_rejects_a_borrow_without_the_knowledge_variant(
    build: Callable[..., State],
) -> None:
    state = _position(build, knowledge=False)
    doc = _doc(state)
    estate = state.seats[state.current_player].estate
    _shields(doc)["borrow"][estate] = 1 - state.current_player
    _rejects(doc, state.rules, "#6 lends knowledge tiles only with the knowledge variant")


def test_from_json_rejects_a_borrow_from_the_estates_own_seat(
    build: Callable[..., State],
) -> None:
    state = _position(build)
    doc = _doc(state)
    seat = state.current_player
    estate = state.seats[seat].estate
    _shields(doc)["borrow"][estate] = seat
    _rejects(doc, state.rules, f"estate {estate}'s #6 names a seat of its own estate")


@pytest.mark.parametrize("target", [2, -2, 99])
def test_from_json_rejects_a_borrow_from_no_seat(
    build: Callable[..., State], target: int
) -> None:
    state = _position(build)
    doc = _doc(state)
    _shields(doc)["borrow"][0] = target
    _rejects(doc, state.rules, "#6 names no such seat")


# -- the shields' pending items -----------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1, -2])
def test_from_json_rejects_a_shield_draw_given_a_seat(seat: int) -> None:
    state = _start()
    doc = _doc(state)
    doc["pending"][-1]["seat"] = seat
    _rejects(doc, state.rules, f"\\(ShieldDraw\\): seat {seat}: a chance event has seat -1")


@pytest.mark.parametrize("depot", [0, 7, -1])
def test_from_json_rejects_a_shield_draw_onto_no_depot(depot: int) -> None:
    state = _start()
    doc = _doc(state)
    doc["pending"][-1]["depot"] = depot
    _rejects(doc, state.rules, f"\\(ShieldDraw\\): depot {depot}: the depots are 1-6")


def test_from_json_rejects_more_shield_draws_than_shields_face_down() -> None:
    state = _start()
    doc = _doc(state)
    draws = sum(1 for item in doc["pending"] if item["type"] == "ShieldDraw")
    shields = _shields(doc)
    while len(shields["supply"]) >= draws:
        shields["removed"].append(shields["supply"].pop())
    shields["removed"].sort()
    left = len(shields["supply"])
    _rejects(doc, state.rules, f"{draws} shield draws pending with {left} shields face down")


@pytest.mark.parametrize("name", ["ShieldTribute", "ShieldPlacement", "ShieldGoods"])
@pytest.mark.parametrize("seat", [-1, -2, 2])
def test_from_json_rejects_a_shield_decision_at_no_seat(
    build: Callable[..., State], name: str, seat: int
) -> None:
    state = _position(build)
    doc = _doc(state)
    item: dict[str, Any] = {"type": name, "seat": seat}
    if name == "ShieldPlacement":
        item["black"] = False
    doc["pending"].append(item)
    _rejects(doc, state.rules, f"\\({name}\\): seat {seat}: no such seat")


@pytest.mark.parametrize("black", [1, 0, "yes", None])
def test_from_json_rejects_a_shield_placement_black_that_is_no_bool(
    build: Callable[..., State], black: Any
) -> None:
    state = _position(build)
    doc = _doc(state)
    doc["pending"].append({"type": "ShieldPlacement", "seat": 0, "black": black})
    _rejects(doc, state.rules, "\\(ShieldPlacement\\).black: expected true or false")


def test_from_json_rejects_a_shield_placement_missing_black(
    build: Callable[..., State],
) -> None:
    state = _position(build)
    doc = _doc(state)
    doc["pending"].append({"type": "ShieldPlacement", "seat": 0})
    _rejects(doc, state.rules, "\\(ShieldPlacement\\): missing field\\(s\\) \\['black'\\]")


def test_the_shields_pending_types_are_unknown_without_the_variant() -> None:
    rules = Ruleset(players=2, variants=())
    doc = _doc(rules.initial_state())
    doc["pending"].append({"type": "ShieldDraw", "depot": 1, "seat": -1})
    _rejects(doc, rules, "unknown Pending type 'ShieldDraw'")


def test_a_shield_on_a_castle_space_loads(build: Callable[..., State]) -> None:
    """The control of the castle checks in test_shields_io: a2 holds a castle here."""
    state = _position(build)
    placed = dict(state.variant_state("shields").placed[state.seats[state.current_player].estate])
    assert placed[SPACE_BY_NAME["a2"]] == 7
