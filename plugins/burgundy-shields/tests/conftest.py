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

import attrs
import pytest

from burgundy import Ruleset, State
from burgundy.components import tile_code
from burgundy.geometry import SPACE_BY_NAME
from burgundy.io import validate_state
from burgundy.pending import Turn
from burgundy.rules.take import remove_from_depot
from burgundy.state import replace
from burgundy.testing import first_turn, take_from_supply, with_dice, with_estate, with_tiles
from burgundy_shields.model import SHIELDS, ShieldState

_RULES: dict[tuple[int, str, bool], Ruleset] = {}


def rules_for(players: int = 2, edition: str = "2019", knowledge: bool = False) -> Ruleset:
    """The shields ruleset, with or without knowledge (cached)."""
    key = (players, edition, knowledge)
    if key not in _RULES:
        variants = ("knowledge", "shields") if knowledge else ("shields",)
        _RULES[key] = Ruleset(players=players, variants=variants, edition=edition)
    return _RULES[key]


def fetch(state: State, name: str) -> State:
    """Make sure one ``name`` hex is in the (main or black) supply, taking it off a depot
    or back from the removed pile if need be."""
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
    if state.removed[code]:
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
    """Replace the hexes of the depots (1-6 and ``black``); the others are cleared."""
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
    seed: int = 0,
    tiles: Mapping[str, str] | None = None,
    their_tiles: Mapping[str, str] | None = None,
    storage: Iterable[str] = (),
    dice: Iterable[int] = (),
    silver: int = 0,
    workers: int = 0,
    goods: tuple[int, ...] = (0, 0, 0, 0, 0, 0),
    sold: tuple[int, ...] = (0, 0, 0, 0, 0, 0),
    depots: Mapping[int, Iterable[str]] | None = None,
    black: Iterable[str] | None = None,
    depot_goods: Mapping[int, tuple[int, ...]] | None = None,
    shields: Mapping[str, int] | None = None,
    their_shields: Mapping[str, int] | None = None,
    shield_depots: Mapping[int, Iterable[int]] | None = None,
    removed_shields: Iterable[int] = (),
    borrow: int | None = None,
    phase: int | None = None,
    last_turn_of_phase: bool = False,
) -> State:
    """A Turn decision of the seat to move (``state.current_player``), with its estate,
    dice, shields and the depots as given. ``their_*`` go to the next seat in play order
    (:func:`other`). Castles under shields must be given in ``tiles`` (d4 holds the start
    castle already)."""
    state = first_turn(rules_for(players, edition, knowledge), seed)
    if phase is not None:
        state = replace(state, phase=phase)
    if last_turn_of_phase:
        last = len(state.order) - 1
        state = replace(state, round=4, turn=last, pending=(Turn(state.order[last]),))
    seat = state.current_player
    them = other(state)
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
    for space, name in (their_tiles or {}).items():
        state = with_tiles(fetch(state, name), them, {space: name})
    state = with_dice(state, seat, *dice)
    pool = [
        p - (new - old)
        for p, new, old in zip(state.goods_pool, goods_totals(state), goods_before, strict=True)
    ]
    state = replace(state, goods_pool=tuple(pool))
    state = set_shields(
        state,
        placed={seat: shields or {}, them: their_shields or {}},
        depots=shield_depots,
        removed=removed_shields,
        borrow=None if borrow is None else {seat: borrow},
    )
    validate_state(state)
    return state


def other(state: State) -> int:
    """The seat after the seat to move in play order (the one ``their_*`` refers to)."""
    seat = state.current_player
    order = state.order
    return order[(order.index(seat) + 1) % len(order)]


def goods_totals(state: State) -> list[int]:
    """Goods by colour outside the face-down pool."""
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


@pytest.fixture(name="set_shields")
def set_shields_fixture() -> Callable[..., State]:
    """The :func:`set_shields` helper."""
    return set_shields


@pytest.fixture(name="other")
def other_fixture() -> Callable[[State], int]:
    """The :func:`other` helper."""
    return other
