"""Observation vectors: :func:`observe` (float32, a documented layout of named slices).

The function is ``burgundy.rl.observe``; this module is ``burgundy.rl.observation``.

The vector is what seat ``seat`` sees at the table, from its own perspective: the seats come
in clockwise order *starting with the observer* ("seat slot 0" is always the observer).
Nothing hidden is in it: not the face-down hex supplies, not the goods still in the pool,
not any future chance outcome (the next dice, the next hexes). Counts are raw numbers
(tile counts, goods, dice); silverlings, workers and VP are divided by the scales of
:data:`SCALES`. The layout of a ruleset is :func:`observation_layout`: ``(name, start,
size)`` per slice, in order; the size depends on the ruleset (its player count, its tile
codes, its boards and pending types) only.

Slices (``T`` tile codes of the ruleset, ``S`` spaces of its largest board, ``P`` its
pending types, ``N`` players), in order:

=====================  ==========  ===================================================
name                   size        what
=====================  ==========  ===================================================
``phase``              6           phase A-E, or over (one-hot)
``round``              5           round 1-5 (one-hot)
``white``              6           the white die (one-hot; zeros before the first roll)
``pending``            P           the type of the decision or event on top (one-hot)
``to_move``            N           whose decision it is (seat slot, one-hot)
``held``               T           the taken hex whose place is being chosen (StowTile)
``depots``             6 * T       hexes on each numbered depot (counts by tile code)
``black_depot``        T           hexes on the black depot
``depot_goods``        36          goods on each numbered depot (counts by colour)
``round_goods``        6           goods still on the round spaces (counts by colour)
``seat[k].*``          per seat    for seat slot k = 0 .. N-1 (0: the observer):
``  order``            N           its place in this round's play order (one-hot)
``  dice``             6           its unused dice (counts by value)
``  vp``               1           VP / 100
``  storage``          T           its estate's storage (counts by tile code)
``  own_storage``      T           its own storage spaces (team play)
``  goods``            6           unsold goods by colour
``  sold``             6           sold goods by colour
``  silver``           1           silverlings / 10
``  workers``          1           workers / 10
``  filled``           S           covered spaces of its duchy (0/1 by space)
``  duchy``            T           hexes in its duchy (counts by tile code)
``  bonus``            6           bonus tiles won, by colour (1 large, 0.5 small)
=====================  ==========  ===================================================

Examples:
    >>> import burgundy
    >>> rules = burgundy.Ruleset(players=2, variants=())
    >>> layout = observation_layout(rules)
    >>> layout[0], observation_size(rules) == sum(size for _, _, size in layout)
    (('phase', 0, 6), True)
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from burgundy.pending import StowTile

if TYPE_CHECKING:
    from burgundy.state import State
    from burgundy.variants import Ruleset

OBSERVATION_VERSION = 1
"""The version of the layout (a change of slices raises it)."""
SCALES: dict[str, float] = {"vp": 100.0, "silver": 10.0, "workers": 10.0}
"""Divisors of the scalar slices."""

_SEAT_SLICES = ("order", "dice", "vp", "storage", "own_storage", "goods", "sold", "silver",
                "workers", "filled", "duchy", "bonus")


@cache
def _shape(rules: Ruleset) -> tuple[int, int, int, int]:
    """``(T, S, P, N)`` of a ruleset."""
    tiles = len(rules.engine.tiles.main)
    spaces = max(board.size for board in rules.engine.boards.values())
    return tiles, spaces, len(rules.engine.pending_types), rules.players


@cache
def observation_layout(rules: Ruleset) -> tuple[tuple[str, int, int], ...]:
    """``(name, start, size)`` of every slice of :func:`observe`'s vector under ``rules``.

    Examples:
        >>> import burgundy
        >>> names = [n for n, _, _ in observation_layout(burgundy.Ruleset(players=2))]
        >>> names[:4], names[-1]
        (['phase', 'round', 'white', 'pending'], 'seat[1].bonus')
    """
    t, s, p, n = _shape(rules)
    sizes = [("phase", 6), ("round", 5), ("white", 6), ("pending", p), ("to_move", n),
             ("held", t), ("depots", 6 * t), ("black_depot", t), ("depot_goods", 36),
             ("round_goods", 6)]
    per_seat = {"order": n, "dice": 6, "vp": 1, "storage": t, "own_storage": t, "goods": 6,
                "sold": 6, "silver": 1, "workers": 1, "filled": s, "duchy": t, "bonus": 6}
    for k in range(n):
        sizes += [(f"seat[{k}].{name}", per_seat[name]) for name in _SEAT_SLICES]
    out = []
    start = 0
    for name, size in sizes:
        out.append((name, start, size))
        start += size
    return tuple(out)


def observation_size(rules: Ruleset) -> int:
    """The length of :func:`observe`'s vector under ``rules``."""
    _, start, size = observation_layout(rules)[-1]
    return start + size


class _Plan:
    """Where everything goes, for one ruleset (built once per engine)."""

    def __init__(self, rules: Ruleset) -> None:
        self.tiles, self.spaces, _, self.players = _shape(rules)
        self.size = observation_size(rules)
        self.at = {name: start for name, start, _ in observation_layout(rules)}
        self.pending = {cls: i for i, cls in enumerate(rules.engine.pending_types)}
        at = self.at
        t = self.tiles
        # one seat slot: where its estate's part starts, relative to the slot's start
        first = at["seat[0].order"]
        self.slot = at["seat[0].bonus"] + 6 - first
        self.slot_start = first
        self.estate_from = at["seat[0].storage"] - first
        self.estate_size = at["seat[0].bonus"] + 6 - at["seat[0].storage"]
        # inside an estate's part: storage T, own storage T (the seat's), goods 6, sold 6,
        # silver 1, workers 1, filled S, duchy T, bonus 6
        self.own_at = t
        self.goods_at = 2 * t
        self.filled_at = 2 * t + 14
        self.duchy_at = 2 * t + 14 + self.spaces
        self.bonus_at = 3 * t + 14 + self.spaces
        # the main board's part: depots, black depot, depot goods, round goods
        self.board_at = at["depots"]
        self.board_size = at["round_goods"] + 6 - at["depots"]


_PLANS: dict[object, _Plan] = {}
_BOARDS: dict[tuple[int, ...], tuple[tuple[object, ...], npt.NDArray[np.float32]]] = {}
"""The main board's part (depots .. round goods), by the identity of the tuples it is made
of (shared between the states of a game while unchanged), bounded."""
_ESTATES: dict[int, tuple[object, npt.NDArray[np.float32]]] = {}
"""Each estate's part of a seat slot, by the estate object (estates are immutable and
shared between the states of a game while unchanged), bounded."""


def _plan(rules: Ruleset) -> _Plan:
    plan = _PLANS.get(rules.engine)
    if plan is None:
        plan = _PLANS[rules.engine] = _Plan(rules)
    return plan


def _board_part(plan: _Plan, state: State) -> npt.NDArray[np.float32]:
    """The slices ``depots`` .. ``round_goods`` of ``state``."""
    parts = (state.depots, state.black_depot, state.depot_goods, state.round_goods)
    key = tuple(map(id, parts))
    known = _BOARDS.get(key)
    if known is not None and all(a is b for a, b in zip(known[0], parts, strict=True)):
        return known[1]
    t = plan.tiles
    part = np.zeros(plan.board_size, dtype=np.float32)
    for d, tiles in enumerate(state.depots):
        for tile in tiles:
            part[d * t + tile] += 1
    for tile in state.black_depot:
        part[6 * t + tile] += 1
    g = 7 * t
    part[g:g + 36] = [n for goods in state.depot_goods for n in goods]
    for colour in state.round_goods:
        part[g + 36 + colour - 1] += 1
    if len(_BOARDS) > 4096:
        _BOARDS.clear()
    _BOARDS[key] = (parts, part)
    return part


_SLOTS: dict[tuple[int, int, int], tuple[object, object, npt.NDArray[np.float32]]] = {}
"""A seat slot's vector, by its seat and estate objects and its place in the order."""


def _slot(plan: _Plan, who: Any, estates: Any, place: int) -> npt.NDArray[np.float32]:
    """One seat slot: place in the order, dice, VP, then its estate's part and own storage."""
    estate = estates[who.estate]
    key = (id(who), id(estate), place)
    known = _SLOTS.get(key)
    if known is not None and known[0] is who and known[1] is estate:
        return known[2]
    n = plan.players
    vector = np.zeros(plan.slot, dtype=np.float32)
    if place >= 0:
        vector[place] = 1
    for die in who.dice:
        vector[n + die - 1] += 1
    vector[n + 6] = who.vp / SCALES["vp"]
    e0 = plan.estate_from
    vector[e0:e0 + plan.estate_size] = _estate_part(plan, estate)
    for tile in who.storage:
        vector[e0 + plan.own_at + tile] += 1
    if len(_SLOTS) > 4096:
        _SLOTS.clear()
    _SLOTS[key] = (who, estate, vector)
    return vector


def _estate_part(plan: _Plan, estate: Any) -> npt.NDArray[np.float32]:
    """The estate's own slices of a seat slot (storage .. bonus; own storage left 0)."""
    known = _ESTATES.get(id(estate))
    if known is not None and known[0] is estate:
        return known[1]
    part = np.zeros(plan.estate_size, dtype=np.float32)
    for tile in estate.storage:
        part[tile] += 1
    g = plan.goods_at
    part[g:g + 6] = estate.goods
    part[g + 6:g + 12] = estate.sold
    part[g + 12] = estate.silver / SCALES["silver"]
    part[g + 13] = estate.workers / SCALES["workers"]
    filled, duchy = plan.filled_at, plan.duchy_at
    for space, tile in enumerate(estate.spaces):
        if tile >= 0:
            part[filled + space] = 1
            part[duchy + tile] += 1
    for colour, size in estate.bonus:
        part[plan.bonus_at + colour] = 1.0 if size == 0 else 0.5
    if len(_ESTATES) > 4096:
        _ESTATES.clear()
    _ESTATES[id(estate)] = (estate, part)
    return part


def observe(state: State, seat: int) -> npt.NDArray[np.float32]:
    """The observation of seat ``seat`` in ``state`` (see the module's layout).

    Deterministic: the same state and seat give the same vector. Nothing hidden: two states
    that differ only in the face-down supplies or the goods pool give the same vector.

    Args:
        state: Any state (a decision, a chance node, the end).
        seat: The observing seat.

    Raises:
        ValueError: ``seat`` is not a seat of the game.

    Examples:
        >>> import burgundy
        >>> state = burgundy.Game(players=2, seed=1, variants=()).state
        >>> vector = observe(state, 1)
        >>> vector.shape == (observation_size(state.rules),), vector.dtype.name
        (True, 'float32')
    """
    plan = _plan(state.rules)
    n = plan.players
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"seat {seat!r}: not a seat of this game (0-{n - 1})")
    at = plan.at
    out = np.zeros(plan.size, dtype=np.float32)
    ones = [at["phase"] + min(state.phase, 5), at["round"] + min(state.round, 4)]
    if state.white:
        ones.append(at["white"] + state.white - 1)
    if state.pending:
        top = state.pending[-1]
        ones.append(at["pending"] + plan.pending[type(top)])
        if top.seat >= 0:
            ones.append(at["to_move"] + (top.seat - seat) % n)
        if isinstance(top, StowTile):
            ones.append(at["held"] + top.tile)
    out[ones] = 1
    board = plan.board_at
    out[board:board + plan.board_size] = _board_part(plan, state)
    order = state.order
    slot = plan.slot
    start = plan.slot_start
    for k in range(n):
        who = (seat + k) % n
        place = order.index(who) if who in order else -1
        base = start + k * slot
        out[base:base + slot] = _slot(plan, state.seats[who], state.estates, place)
    return out
