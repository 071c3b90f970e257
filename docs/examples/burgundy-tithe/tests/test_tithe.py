import pytest

import burgundy
from burgundy.testing import check_conformance, check_tampering


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("edition", ["2019", "2011"])
@pytest.mark.parametrize("variants", [("tithe",), ("knowledge", "tithe")])
def test_tithe_conforms(players, edition, variants):
    rules = burgundy.Ruleset(players=players, variants=variants, edition=edition)
    check_conformance(rules, seeds=range(2))


def test_tithe_refuses_tampered_states():
    """The kit's tamper check: the tithe's state, changed one field at a time, loads as a
    short ValueError or as a sound state that plays to the end."""
    check_tampering(burgundy.Ruleset(players=2, variants=("tithe",)), examples=150)
