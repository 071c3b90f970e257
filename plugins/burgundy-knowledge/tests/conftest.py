"""Position builders for the knowledge-tile tests.

Every position is built from a seeded game (``burgundy.testing.first_turn``) and changed so
that hexes stay conserved: a tile put on a duchy, into storage or onto a depot is first
fetched from wherever the seeded set-up left it (supply, black supply or a depot), and
tiles cleared off a depot go to the removed pile. ``validate_state`` is run on every built
position, so a test never starts from an impossible state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import pytest

from burgundy import Ruleset, State
from burgundy.components import tile_code
from burgundy.io import validate_state
from burgundy.pending import Turn
from burgundy.rules.take import remove_from_depot
from burgundy.state import replace
from burgundy.testing import first_turn, take_from_supply, with_dice, with_estate, with_tiles

_RULES: dict[tuple[int, str], Ruleset] = {}


def rules_for(players: int = 2, edition: str = "2019") -> Ruleset:
    """The knowledge ruleset (cached: building a ruleset asks every hook once)."""
    key = (players, edition)
    if key not in _RULES:
        _RULES[key] = Ruleset(players=players, variants=("knowledge",), edition=edition)
    return _RULES[key]


def fetch(state: State, name: str) -> State:
    """Make sure one ``name`` tile is in the (main or black) supply, taking it off a depot
    if the seeded set-up drew it there, or back from the removed pile if :func:`set_depots`
    cleared it (knowledge tiles exist once each)."""
    code = tile_code(name)
    if state.supply[code] or state.black_supply[code]:
        return state
    for depot in range(7):
        tiles = state.black_depot if depot == 0 else state.depots[depot - 1]
        if code in tiles:
            state = remove_from_depot(state, depot, code)
            supply = list(state.supply)
            supply[code] += 1
            return replace(state, supply=tuple(supply))
    if state.removed[code]:  # cleared off a depot by set_depots
        removed, supply = list(state.removed), list(state.supply)
        removed[code] -= 1
        supply[code] += 1
        return replace(state, removed=tuple(removed), supply=tuple(supply))
    raise ValueError(f"no {name} left to fetch")


def set_depots(
    state: State,
    depots: Mapping[int, Iterable[str]] | None = None,
    black: Iterable[str] | None = None,
) -> State:
    """Replace the hexes of the given depots (1-6; ``black`` for the black depot); every
    other depot is cleared. Cleared hexes go to the removed pile."""
    depots = dict(depots or {})
    removed = list(state.removed)
    for tile in (*(t for d in state.depots for t in d), *state.black_depot):
        removed[tile] += 1
    state = replace(state, depots=((),) * 6, black_depot=(), removed=tuple(removed))
    new_depots: list[tuple[int, ...]] = [()] * 6
    for depot, names in depots.items():
        names = list(names)
        for name in names:
            state = take_from_supply(fetch(state, name), name)
        new_depots[depot - 1] = tuple(sorted(tile_code(n) for n in names))
    new_black = tuple(sorted(tile_code(n) for n in (black or ())))
    for name in black or ():
        state = take_from_supply(fetch(state, name), name)
    return replace(state, depots=tuple(new_depots), black_depot=new_black)


def build(
    edition: str = "2019",
    players: int = 2,
    *,
    seed: int = 0,
    tiles: Mapping[str, str] | None = None,
    storage: Iterable[str] = (),
    dice: Iterable[int] = (),
    silver: int = 0,
    workers: int = 0,
    goods: tuple[int, ...] = (0, 0, 0, 0, 0, 0),
    sold: tuple[int, ...] = (0, 0, 0, 0, 0, 0),
    depots: Mapping[int, Iterable[str]] | None = None,
    black: Iterable[str] | None = None,
    depot_goods: Mapping[int, tuple[int, ...]] | None = None,
    phase: int | None = None,
    last_turn_of_phase: bool = False,
) -> State:
    """A Turn decision of the seat to move (``state.current_player``) on duchy board 1
    (start castle on d4), with its estate, dice and the depots as given.

    Args:
        tiles: Hexes already in the seat's duchy, by space (no scoring, no effect).
        storage: Hexes in the seat's storage.
        dice: The seat's unused dice.
        depots: Hexes on numbered depots (all depots are rebuilt when this or ``black``
            is given).
        black: Hexes on the black depot.
        depot_goods: Goods counts by colour on numbered depots (the others get none).
        phase: Phase index 0-4 to play in.
        last_turn_of_phase: Make this the last turn of round 5, so ending it ends the phase.
    """
    state = first_turn(rules_for(players, edition), seed)
    if phase is not None:
        state = replace(state, phase=phase)
    if last_turn_of_phase:
        last = len(state.order) - 1
        state = replace(state, round=4, turn=last, pending=(Turn(state.order[last]),))
    seat = state.current_player
    goods_before = goods_totals(state)
    if depots is not None or black is not None:
        state = set_depots(state, depots, black)
    if depot_goods is not None:
        counts = [(0,) * 6] * 6
        for depot, colours in depot_goods.items():
            counts[depot - 1] = tuple(colours)
        state = replace(state, depot_goods=tuple(counts))
    storage = list(storage)
    for name in storage:
        state = take_from_supply(fetch(state, name), name)
    state = with_estate(
        state, seat, storage=storage, silver=silver, workers=workers, goods=goods, sold=sold
    )
    for space, name in (tiles or {}).items():
        state = with_tiles(fetch(state, name), seat, {space: name})
    state = with_dice(state, seat, *dice)
    # goods given out come from the face-down goods (the pool), so goods stay conserved
    pool = [
        p - (new - old)
        for p, new, old in zip(state.goods_pool, goods_totals(state), goods_before, strict=True)
    ]
    state = replace(state, goods_pool=tuple(pool))
    validate_state(state)
    return state


def goods_totals(state: State) -> list[int]:
    """Goods by colour outside the face-down pool: round spaces, depots, estates."""
    totals = [0] * 6
    for g in state.round_goods:
        totals[g - 1] += 1
    for counts in (*state.depot_goods, *(e.goods for e in state.estates),
                   *(e.sold for e in state.estates)):
        for c, n in enumerate(counts):
            totals[c] += n
    return totals


@pytest.fixture(name="build")
def build_fixture() -> Callable[..., State]:
    """The :func:`build` position factory."""
    return build


@pytest.fixture(name="fetch")
def fetch_fixture() -> Callable[[State, str], State]:
    """The :func:`fetch` helper."""
    return fetch
