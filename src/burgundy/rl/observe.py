"""Observation vectors: :func:`observe` (float32, a documented layout of named slices).

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
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

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


@cache
def _starts(rules: Ruleset) -> dict[str, int]:
    return {name: start for name, start, _ in observation_layout(rules)}


@cache
def _pending_index(rules: Ruleset) -> dict[type, int]:
    return {cls: i for i, cls in enumerate(rules.engine.pending_types)}


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
    rules = state.rules
    t, _, _, n = _shape(rules)
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"seat {seat!r}: not a seat of this game (0-{n - 1})")
    at = _starts(rules)
    out = np.zeros(observation_size(rules), dtype=np.float32)
    out[at["phase"] + min(state.phase, 5)] = 1
    out[at["round"] + min(state.round, 4)] = 1
    if state.white:
        out[at["white"] + state.white - 1] = 1
    if state.pending:
        top = state.pending[-1]
        out[at["pending"] + _pending_index(rules)[type(top)]] = 1
        if top.seat >= 0:
            out[at["to_move"] + (top.seat - seat) % n] = 1
        held = getattr(top, "tile", None)
        if type(top).__name__ == "StowTile" and isinstance(held, int):
            out[at["held"] + held] = 1
    depots = at["depots"]
    for d, tiles in enumerate(state.depots):
        for tile in tiles:
            out[depots + d * t + tile] += 1
    for tile in state.black_depot:
        out[at["black_depot"] + tile] += 1
    out[at["depot_goods"]:at["depot_goods"] + 36] = np.ravel(state.depot_goods)
    for colour in state.round_goods:
        out[at["round_goods"] + colour - 1] += 1
    place = {who: i for i, who in enumerate(state.order)}
    for k in range(n):
        who = (seat + k) % n
        p = state.seats[who]
        e = state.estates[p.estate]
        pre = f"seat[{k}]."
        if who in place:
            out[at[pre + "order"] + place[who]] = 1
        for die in p.dice:
            out[at[pre + "dice"] + die - 1] += 1
        out[at[pre + "vp"]] = p.vp / SCALES["vp"]
        for tile in e.storage:
            out[at[pre + "storage"] + tile] += 1
        for tile in p.storage:
            out[at[pre + "own_storage"] + tile] += 1
        g = at[pre + "goods"]
        out[g:g + 6] = e.goods
        g = at[pre + "sold"]
        out[g:g + 6] = e.sold
        out[at[pre + "silver"]] = e.silver / SCALES["silver"]
        out[at[pre + "workers"]] = e.workers / SCALES["workers"]
        f = at[pre + "filled"]
        d = at[pre + "duchy"]
        for space, tile in enumerate(e.spaces):
            if tile >= 0:
                out[f + space] = 1
                out[d + tile] += 1
        for colour, size in e.bonus:
            out[at[pre + "bonus"] + colour] = 1.0 if size == 0 else 0.5
    return out
