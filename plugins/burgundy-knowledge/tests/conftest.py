"""Position builders for the knowledge-tile tests.

Every position is built from a seeded game (``burgundy.testing.first_turn``) and changed so
that hexes stay conserved: a tile put on a duchy, into storage or onto a depot is first
fetched from wherever the seeded set-up left it (supply, black supply or a depot), and
tiles cleared off a depot go to the removed pile. ``validate_state`` is run on every built
position, so a test never starts from an impossible state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from burgundy import Ruleset, State
from burgundy.testing import build_position, fetch

_RULES: dict[tuple[int, str], Ruleset] = {}


def rules_for(players: int = 2, edition: str = "2019") -> Ruleset:
    """The knowledge ruleset (cached: building a ruleset asks every hook once)."""
    key = (players, edition)
    if key not in _RULES:
        _RULES[key] = Ruleset(players=players, variants=("knowledge",), edition=edition)
    return _RULES[key]


def build(edition: str = "2019", players: int = 2, **position: Any) -> State:
    """A Turn decision of the seat to move on duchy board 1 under the knowledge ruleset;
    ``position`` as for :func:`burgundy.testing.build_position`."""
    return build_position(rules_for(players, edition), **position)


@pytest.fixture(name="build")
def build_fixture() -> Callable[..., State]:
    """The :func:`build` position factory."""
    return build


@pytest.fixture(name="fetch")
def fetch_fixture() -> Callable[[State, str], State]:
    """The :func:`fetch` helper."""
    return fetch
