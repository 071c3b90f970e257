"""The conformance kit at 4 players with team play (issue #14): both editions, with the
knowledge tiles and with knowledge and shields; random play uses both kinds of storage."""

from __future__ import annotations

import random
import types

import pytest

import burgundy
from burgundy.testing import check_conformance

S = types.SimpleNamespace


@pytest.mark.parametrize("edition", ["2019", "2011"])
@pytest.mark.parametrize("shields", [False, True])
def test_conformance_kit(team: S, edition: str, shields: bool) -> None:
    check_conformance(team.rules(shields=shields, edition=edition), seeds=[1])


def test_own_storage_is_used_in_play(team: S) -> None:
    game = burgundy.Game(team.rules(), seed=4)
    rng = random.Random(4)
    used = False
    while not game.state.is_terminal:
        game.play(rng.choice(game.legal_actions()))
        used = used or any(seat.storage for seat in game.state.seats)
    assert used
    assert len(game.state.winners()) == 2
