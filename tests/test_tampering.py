"""The loader's order of checks and the core's capacities (issue #31), and the conformance
kit's tamper check (``burgundy.testing.check_tampering``) on third-party plugins: a sound
one passes, one whose validator misses a reference fails, naming the field."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import burgundy
from burgundy.components import tile_code
from burgundy.testing import ConformanceError, check_tampering, first_turn, tamper
from burgundy.validation import COUNT_LIMIT, MESSAGE_LIMIT

Install = Callable[[str, str], None]


def _doc(rules: burgundy.Ruleset, seed: int = 1) -> dict:  # type: ignore[type-arg]
    return json.loads(burgundy.to_json(first_turn(rules, seed)))


def test_five_stored_hexes_are_refused() -> None:
    """Issue #31 (the core's capacities on load), R-STORAGE: three storage spaces; five
    stored hexes loaded although ``validate_state`` documented storage "in range"."""
    rules = burgundy.Ruleset(players=2, variants=())
    doc = _doc(rules)
    codes = sorted(tile_code(name) for name in ("bank", "mine", "church", "ship", "cow2"))
    for code in codes:
        doc["supply"][code] -= 1
    doc["estates"][0]["storage"] = codes
    with pytest.raises(ValueError, match=r"estates\[0\].storage: 5 hexes in 3 storage spaces"):
        burgundy.from_json(json.dumps(doc), rules)


def test_a_goods_draw_that_would_overfill_the_colours_is_refused() -> None:
    """R-STORAGE's three goods colours: goods draws for an estate (set-up's) pending while
    the estate's colours and the draws add up to more than three could bring a fourth (the
    tamper check found a round goods draw turned into an estate's loading, and the draw
    breaking the limit)."""
    rules = burgundy.Ruleset(players=2, variants=())
    state = rules.initial_state()
    while not any(item.__class__.__name__ == "GoodsDraw" and item.estate == -1
                  for item in state.pending):
        state = state.apply(state.chance_outcomes()[0][0] if state.is_chance
                            else state.legal_actions()[0])
    doc = json.loads(burgundy.to_json(state))
    draws = [item for item in doc["pending"] if item.get("type") == "GoodsDraw"]
    assert len(draws) == 5  # the phase's round goods
    for draw in draws:
        draw["estate"] = 0
    with pytest.raises(ValueError, match="goods draws pending could bring more than 3"):
        burgundy.from_json(json.dumps(doc), rules)


@pytest.mark.parametrize("field", ["silver", "workers"])
def test_counts_are_bounded(field: str) -> None:
    """Issue #31 (every number bounded): the box's silverlings and workers are unlimited,
    but a loaded state holds at most COUNT_LIMIT, so no count makes endless work."""
    rules = burgundy.Ruleset(players=2, variants=())
    doc = _doc(rules)
    doc["estates"][0][field] = 10**30
    with pytest.raises(ValueError, match=f"more than {COUNT_LIMIT} silver or workers"):
        burgundy.from_json(json.dumps(doc), rules)


def test_an_unknown_variant_name_is_echoed_briefly() -> None:
    """Issue #31: a 10 MB variant name gave a 10 MB message."""
    for make in (lambda name: burgundy.Ruleset(players=2, variants=(name,)),
                 lambda name: burgundy.Ruleset.from_dict({"players": 2, "variants": [name]})):
        with pytest.raises(ValueError, match="unknown or uninstalled variant") as info:
            make("x" * 10_000_000)
        assert len(str(info.value)) <= MESSAGE_LIMIT


def test_tamper_changes_one_value_of_each_kind() -> None:
    """Each kind of change is made, and only at the path given."""
    kinds = set()
    for choice in range(12):
        doc = {"ext": [["mine", {"count": 3, "flag": True, "row": [1, 2], "name": "a"}]]}
        for key in ("count", "flag", "row", "name"):
            kinds.add(tamper(doc, ("ext", 0, 1, key), choice)[0])
    assert kinds == {"type", "range", "flag", "entries", "reference"}


def test_the_example_plugin_passes_the_tamper_check(tithe_installed: None) -> None:
    """A third-party plugin (docs/examples/burgundy-tithe) runs the kit's check as a
    first-party one does: its validator keeps its state sound."""
    check_tampering(burgundy.Ruleset(players=2, variants=("tithe",)), examples=150)


BROKEN = '''
import attrs
from burgundy.plugin import Action, ActionRule, Pending, Turn, VariantInfo, hookimpl


@attrs.frozen(slots=True)
class Marks:
    """A mark per seat; the seat to move's is raised by its action."""

    marks: tuple[int, ...]


@attrs.frozen(slots=True)
class Mark(Action):
    def __str__(self):
        return "mark"


@hookimpl
def burgundy_variant():
    return VariantInfo(name="marks", version="0.1.0", summary="A mark per seat.",
                       state_type=Marks, action_types=(Mark,))


@hookimpl
def burgundy_setup(rules):
    return lambda state: state.with_variant_state("marks", Marks((0,) * rules.players))


@hookimpl
def burgundy_extra_actions(rules):
    return lambda state, item: (Mark(),) if isinstance(item, Turn) else ()


@hookimpl
def burgundy_rules(rules):
    def mark(state, seat, action):
        marks = list(state.variant_state("marks").marks)
        marks[seat] += 1  # an entry per seat: only a validator could promise it
        return state.with_variant_state("marks", Marks(tuple(marks)))

    return {Mark: ActionRule(mark, free=True)}
'''
"""A plugin with a state and no validator: a short ``marks`` makes its action raise."""

VALIDATOR = '''

@hookimpl
def burgundy_validate(rules):
    def check(state):
        if len(state.variant_state("marks").marks) != len(state.seats):
            raise ValueError("marks: one mark a seat")
        if any(m < 0 or m > 999 for m in state.variant_state("marks").marks):
            raise ValueError("marks: 0-999 a seat")
    return check
'''


def test_the_tamper_check_finds_a_missing_validator(install_plugin: Install) -> None:
    """A third-party plugin without a validator: the kit finds the tampered state that
    loads and breaks (an entry of ``marks`` dropped), naming the field; with the validator
    it passes."""
    install_plugin("marks", BROKEN)
    with pytest.raises(ConformanceError, match=r"ext\[0\]\[1\]\.marks"):
        check_tampering(burgundy.Ruleset(players=2, variants=("marks",)), examples=150)


def test_the_tamper_check_passes_the_plugin_with_its_validator(install_plugin: Install) -> None:
    install_plugin("marks", BROKEN + VALIDATOR)
    refused = check_tampering(burgundy.Ruleset(players=2, variants=("marks",)), examples=150)
    assert 0 < refused <= 150
