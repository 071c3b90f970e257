"""The conformance kit itself (``burgundy.testing``) catches broken rules, also under
``python -O``.

``python -O`` strips ``assert`` statements, so a kit that checked with them would pass every
broken ruleset there. Its checks raise :class:`burgundy.testing.ConformanceError` explicitly:
each case below breaks one invariant on purpose (a rule monkeypatched into ``State``, or a
state made wrong by hand) and runs the kit in a fresh ``python -O``
interpreter, which must report that very invariant.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import burgundy
from burgundy.rules.income import set_seat
from burgundy.testing import ConformanceError, check_invariants, first_turn

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent(
    '''
    """Break one invariant (sys.argv[1]) and run the conformance kit on it."""
    import itertools
    import sys

    import burgundy
    from burgundy.rules.income import set_seat
    from burgundy.state import State, replace
    from burgundy.testing import ConformanceError, check_conformance, check_invariants, first_turn

    if __debug__:
        sys.exit("this check must run under python -O")
    try:
        assert False, "stripped"
    except AssertionError:
        sys.exit("assert statements still run: not optimised")

    case = sys.argv[1]
    rules = burgundy.Ruleset(players=2, variants=())
    apply, outcomes, legal = State.apply, State.chance_outcomes, State.legal_actions


    def score_falls(state, action):
        """A rule that takes a VP back from every seat that has any, at every step."""
        state = apply(state, action)
        for seat, vp in enumerate(state.scores):
            if vp > 0:  # one VP off the ledger's largest entry, so the ledger still adds up
                ledger = dict(state.seats[seat].ledger)
                source = max(ledger, key=ledger.__getitem__)
                ledger[source] -= 1
                entries = tuple(sorted((k, v) for k, v in ledger.items() if v > 0))
                state = set_seat(state, seat, vp=vp - 1, ledger=entries)
        return state


    def hexes_vanish(state, action):
        """A rule that loses a hex of the supply at every step."""
        state = apply(state, action)
        supply = list(state.supply)
        supply[supply.index(max(supply))] -= 1
        return replace(state, supply=tuple(supply))


    def probabilities_short(state):
        """Chance outcomes whose probabilities sum to 0.9."""
        return tuple((o, p * 0.9) for o, p in outcomes(state))


    calls = itertools.count()


    def legal_in_any_order(state):
        """Legal actions in a different order on every other call: not reproducible."""
        found = legal(state)
        return found[::-1] if next(calls) % 2 else found


    try:
        if case == "score-falls-state":
            state = first_turn(rules)
            check_invariants(state, set_seat(state, 0, vp=5, ledger=(("other", 5),)))
        else:
            if case == "score-falls":
                State.apply = score_falls
            elif case == "hexes-vanish":
                State.apply = hexes_vanish
            elif case == "probabilities":
                State.chance_outcomes = probabilities_short
            elif case == "not-reproducible":
                State.legal_actions = legal_in_any_order
            else:
                sys.exit(f"unknown case {case}")
            check_conformance(rules, seeds=[0])
    except ConformanceError as error:
        print(f"ConformanceError: {error}")
        sys.exit(0)
    print("the kit found nothing")
    sys.exit(1)
    '''
)


def _run_optimised(tmp_path: Path, case: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "break_one_invariant.py"
    script.write_text(SCRIPT, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-O", str(script), case],
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=False,
    )


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("score-falls-state", "seat 0's score fell from 5 to 0"),
        ("score-falls", "score fell from"),
        ("hexes-vanish", "invalid state"),
        ("probabilities", "probabilities must sum to 1"),
        ("not-reproducible", "seed 0: same seed, different game"),
    ],
)
def test_kit_raises_conformance_error_under_python_O(
    tmp_path: Path, case: str, message: str
) -> None:
    """DESIGN.md (Testing): the kit checks "scores only rise", conservation, probabilities
    and determinism; under ``python -O`` as well, since its checks are no ``assert``s."""
    result = _run_optimised(tmp_path, case)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("ConformanceError: "), result.stdout
    assert message in result.stdout, result.stdout


def test_conformance_error_is_an_assertion_error_with_the_check_in_its_message() -> None:
    assert issubclass(ConformanceError, AssertionError)
    state = first_turn(burgundy.Ruleset(players=2, variants=()))
    before = set_seat(state, 1, vp=3, ledger=(("other", 3),))
    with pytest.raises(ConformanceError, match="seat 1's score fell from 3 to 0"):
        check_invariants(state, before)
    with pytest.raises(AssertionError):  # what callers that expect AssertionError catch
        check_invariants(state, before)
    check_invariants(state, state)  # equal scores are fine


def test_a_json_text_that_reads_back_as_another_state_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit reads every state back from its JSON text and compares (without validating
    what it read a second time: the state it equals was validated): a text that reads back
    as another valid state (here the white die moved on), or as no state at all, is a
    broken invariant."""
    import burgundy.io

    state = first_turn(burgundy.Ruleset(players=2, variants=()))
    check_invariants(state)
    saved = burgundy.io.state_to_dict

    def white_moves_on(state: burgundy.State) -> dict[str, object]:
        return {**saved(state), "white": state.white % 6 + 1}

    monkeypatch.setattr(burgundy.io, "state_to_dict", white_moves_on)
    with pytest.raises(ConformanceError, match="JSON round-trip changed the state"):
        check_invariants(state)

    def white_as_a_flag(state: burgundy.State) -> dict[str, object]:
        return {**saved(state), "white": True}

    monkeypatch.setattr(burgundy.io, "state_to_dict", white_as_a_flag)
    with pytest.raises(ConformanceError, match="JSON round-trip failed: state field 'white': "
                       "expected an integer, got True"):
        check_invariants(state)


def test_no_assert_statement_is_left_in_the_kit() -> None:
    """The kit's checks must not depend on ``assert`` (``python -O`` strips it)."""
    import ast

    modules = sorted((ROOT / "src" / "burgundy" / "testing").glob("*.py"))
    assert len(modules) >= 4  # the front door, conformance, positions, tampering
    for module in modules:
        tree = ast.parse(module.read_text(encoding="utf-8"))
        lines = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assert)]
        assert not lines, f"assert statements in burgundy/testing/{module.name} at {lines}"
