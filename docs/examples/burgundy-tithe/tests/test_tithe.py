import pytest

import burgundy
from burgundy.testing import check_conformance


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("edition", ["2019", "2011"])
@pytest.mark.parametrize("variants", [("tithe",), ("knowledge", "tithe")])
def test_tithe_conforms(players, edition, variants):
    rules = burgundy.Ruleset(players=players, variants=variants, edition=edition)
    check_conformance(rules, seeds=range(2))
