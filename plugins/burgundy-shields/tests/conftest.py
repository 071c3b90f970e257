"""Position builders for the shields tests (adapted from the knowledge plugin's conftest).

Every position comes from a seeded game (``burgundy.testing.first_turn``) on duchy board 1
(start castle on d4) and is changed so that hexes, goods and the 18 shields stay conserved:
a hex put on a duchy, into storage or onto a depot is first fetched from wherever the seeded
set-up left it; shields not placed or on a depot go back to the face-down supply.
``validate_state`` (which runs the shields' own ``validate`` hook) checks every built
position, so a test never starts from an impossible state.

Board 1 (letter = colour, digit = die number; C castle, G pasture, S river, B city,
Y knowledge, M mine)::

    a: G6 C5 C4 Y3
    b: G2 G1 C6 Y5 B4
    c: G5 G4 B3 Y1 B2 B3
    d: S6 S1 S2 C6 S5 S4 S1
    e: B2 B5 M4 B3 B1 G2
    f: B6 M1 Y2 B5 B6
    g: M3 Y4 Y1 B3

Castle spaces: a2, a3, b3 (one castle region) and d4. Neighbours of d4: c3, c4, d3, d5, e3,
e4. Regions used below: pasture a1 b1 b2 c1 c2 (5) and e6 (1); river d1 d2 d3 (3); mine
e3 f2 g1 (3, the whole mine colour).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs
import pytest

from burgundy import Ruleset, State
from burgundy.geometry import SPACE_BY_NAME
from burgundy.testing import build_position, fetch, next_seat
from burgundy.validation import validate_state
from burgundy_shields.model import SHIELDS, ShieldState

_RULES: dict[tuple[int, str, bool], Ruleset] = {}


def rules_for(players: int = 2, edition: str = "2019", knowledge: bool = False) -> Ruleset:
    """The shields ruleset, with or without knowledge (cached)."""
    key = (players, edition, knowledge)
    if key not in _RULES:
        variants = ("knowledge", "shields") if knowledge else ("shields",)
        _RULES[key] = Ruleset(players=players, variants=variants, edition=edition)
    return _RULES[key]


def set_shields(
    state: State,
    placed: Mapping[int, Mapping[str, int]] | None = None,
    depots: Mapping[int, Iterable[int]] | None = None,
    removed: Iterable[int] = (),
    borrow: Mapping[int, int] | None = None,
) -> State:
    """Rebuild the shields' state.

    Args:
        placed: Per seat, shields on castle spaces, e.g. ``{0: {"d4": 7}}``.
        depots: Shields on depots 1-6 (the others get none); ``None`` keeps the seeded
            depots, minus shields placed or removed here.
        removed: Shields out of the game.
        borrow: Per seat, the seat shield #6 borrows from.
    """
    current: ShieldState = state.variant_state("shields")
    placed = placed or {}
    removed = tuple(sorted(removed))
    n = len(state.estates)
    per_estate: list[tuple[tuple[int, int], ...]] = [()] * n
    for seat, spaces in placed.items():
        index = state.seats[seat].estate
        per_estate[index] = tuple(sorted((SPACE_BY_NAME[s], k) for s, k in spaces.items()))
    used = {k for pairs in per_estate for _, k in pairs} | set(removed)
    if depots is None:
        depot_shields = tuple(tuple(k for k in d if k not in used) for d in current.depots)
    else:
        depot_shields = tuple(tuple(sorted(depots.get(d, ()))) for d in range(1, 7))
    used |= {k for d in depot_shields for k in d}
    borrow_list = [-1] * n
    for seat, target in (borrow or {}).items():
        borrow_list[state.seats[seat].estate] = target
    value = attrs.evolve(
        current,
        supply=tuple(k for k in SHIELDS if k not in used),
        depots=depot_shields,
        placed=tuple(per_estate),
        removed=removed,
        borrow=tuple(borrow_list),
        die_set=False,
    )
    state = state.with_variant_state("shields", value)
    validate_state(state)
    return state


def build(
    *,
    players: int = 2,
    edition: str = "2019",
    knowledge: bool = False,
    shields: Mapping[str, int] | None = None,
    their_shields: Mapping[str, int] | None = None,
    shield_depots: Mapping[int, Iterable[int]] | None = None,
    removed_shields: Iterable[int] = (),
    borrow: int | None = None,
    **position: Any,
) -> State:
    """A Turn decision of the seat to move (``state.current_player``), with its shields and
    ``position`` as for :func:`burgundy.testing.build_position` (``their_*`` go to the next
    seat in play order). Castles under shields must be given in ``tiles`` (d4 holds the
    start castle already)."""
    state = build_position(rules_for(players, edition, knowledge), **position)
    seat = state.current_player
    them = next_seat(state)
    return set_shields(
        state,
        placed={seat: shields or {}, them: their_shields or {}},
        depots=shield_depots,
        removed=removed_shields,
        borrow=None if borrow is None else {seat: borrow},
    )


@pytest.fixture(name="build")
def build_fixture() -> Callable[..., State]:
    """The :func:`build` position factory."""
    return build


@pytest.fixture(name="fetch")
def fetch_fixture() -> Callable[[State, str], State]:
    """The :func:`fetch` helper."""
    return fetch


@pytest.fixture(name="set_shields")
def set_shields_fixture() -> Callable[..., State]:
    """The :func:`set_shields` helper."""
    return set_shields


@pytest.fixture(name="other")
def other_fixture() -> Callable[[State], int]:
    """The seat after the seat to move (:func:`burgundy.testing.next_seat`)."""
    return next_seat
