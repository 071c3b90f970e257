"""The conformance kit (burgundy.testing) under the white castles (issue #17): with
knowledge, alone, and in a solo game (R-SOLO-RESULT:
solo combines with the white castles); one seed each, random play preferring the loose
die's action so that white castles come up. With knowledge and shields at 2-4 players,
with the inns and the extra hexes: ``burgundy-extra-hexes``' ``test_box2019_together``."""

from __future__ import annotations

import pytest

import burgundy
from burgundy.pending import LooseDieAction
from burgundy.testing import check_conformance, playout
from burgundy_white_castles.rules import WHITE_CASTLE


@pytest.mark.parametrize(("players", "variants"), [
    (3, ("knowledge",)), (2, ()), (1, ("knowledge", "solo")),
])
def test_conformance(players: int, variants: tuple[str, ...]) -> None:
    rules = burgundy.Ruleset(players=players, variants=(*variants, "white_castles"))
    check_conformance(rules, seeds=range(1))


def test_white_castles_are_placed_and_act_in_random_play() -> None:
    """Play preferring placements: white castles reach duchies and their action comes up
    (the invariants checked at every step)."""
    from burgundy.actions import PlaceTile, TakeTile

    rules = burgundy.Ruleset(players=2, variants=("knowledge", "white_castles"))
    states = playout(rules.initial_state(), 1, check=True, prefer=(PlaceTile, TakeTile),
                     bias=0.9)
    assert states[-1].is_terminal
    assert any(WHITE_CASTLE in e.spaces for e in states[-1].estates)
    assert any(s.pending and isinstance(s.pending[-1], LooseDieAction) for s in states)
