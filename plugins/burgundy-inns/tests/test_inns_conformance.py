"""The conformance kit (burgundy.testing) under the inns (issue #17): with knowledge, alone;
one seed each, and one game preferring purchases so that inns are bought and placed. With
knowledge and shields at 2-4 players, with the white castles and the extra hexes:
``burgundy-extra-hexes``' ``test_box2019_together``."""

from __future__ import annotations

import pytest

import burgundy
from burgundy.actions import BuyTile, PlaceTile
from burgundy.testing import check_conformance, playout
from burgundy_inns.rules import INN


@pytest.mark.parametrize(("players", "variants"), [
    (2, ("knowledge",)), (3, ()),
])
def test_conformance(players: int, variants: tuple[str, ...]) -> None:
    rules = burgundy.Ruleset(players=players, variants=(*variants, "inns"))
    check_conformance(rules, seeds=range(1))


def test_inns_are_bought_and_placed_in_random_play() -> None:
    rules = burgundy.Ruleset(players=2, variants=("knowledge", "inns"))
    states = playout(rules.initial_state(), 2, check=True, prefer=(BuyTile, PlaceTile),
                     bias=0.9)
    assert states[-1].is_terminal
    assert any(INN in e.spaces for e in states[-1].estates)
