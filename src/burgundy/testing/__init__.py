"""Test helpers and the conformance kit for the core and for variant plugins.

A plugin author checks a variant with a few lines of pytest::

    import pytest
    from burgundy import Ruleset
    from burgundy.testing import check_conformance, check_tampering

    @pytest.mark.parametrize("players", [2, 3, 4])
    @pytest.mark.parametrize("edition", ["2019", "2011"])
    def test_my_variant_conforms(players, edition):
        rules = Ruleset(players=players, variants=("my-variant",), edition=edition)
        check_conformance(rules, seeds=range(3))

    def test_my_variant_refuses_tampered_states():
        check_tampering(Ruleset(players=2, variants=("my-variant",)), examples=100)

:func:`check_conformance` plays seeded random games to the end and checks at every step the
invariants every ruleset must keep (:func:`check_invariants`): hexes and goods conserved,
no negative silver or workers, scores never falling, every legal action applies, an illegal
one raises, chance probabilities sum to one, and JSON round-trips to an equal state; and that
the same seed gives the same game. :func:`check_tampering` changes one field of a variant's
own state or pending items in real mid-game states and requires the loader to refuse it
with a short ``ValueError`` or to give a state that keeps those invariants and plays to the
end (it needs Hypothesis, of the ``test`` extra). A broken check raises
:class:`ConformanceError`, an ``AssertionError`` raised explicitly, so the kit checks just as
much under ``python -O`` (which strips ``assert`` statements). The other helpers build
positions for rule tests.

This module is the kit's front door, and every name is imported from here; it gathers
three modules, by concept: :mod:`burgundy.testing.conformance` (the invariants and the
seeded games), :mod:`burgundy.testing.tampering` (the tamper check) and
:mod:`burgundy.testing.positions` (positions for rule tests and finding actions by text).
"""

from __future__ import annotations

from burgundy.geometry import SPACE_BY_NAME
from burgundy.state import EMPTY
from burgundy.testing.conformance import (
    ConformanceError,
    check_conformance,
    check_invariants,
    playout,
    random_playout,
    sample_outcome,
    transcript_game,
)
from burgundy.testing.positions import (
    build_position,
    fetch,
    find_action,
    first_turn,
    legal_texts,
    next_seat,
    play_texts,
    set_depots,
    take_from_supply,
    with_dice,
    with_estate,
    with_tiles,
)
from burgundy.testing.tampering import (
    CHANGES,
    check_tampered,
    check_tampering,
    tamper,
    tamper_sources,
    tamper_targets,
)

__all__ = [
    "CHANGES",
    "EMPTY",
    "SPACE_BY_NAME",
    "ConformanceError",
    "build_position",
    "check_conformance",
    "check_invariants",
    "check_tampered",
    "check_tampering",
    "fetch",
    "find_action",
    "first_turn",
    "legal_texts",
    "next_seat",
    "play_texts",
    "playout",
    "random_playout",
    "sample_outcome",
    "set_depots",
    "take_from_supply",
    "tamper",
    "tamper_sources",
    "tamper_targets",
    "transcript_game",
    "with_dice",
    "with_estate",
    "with_tiles",
]
