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

Then the enabled variants' own slices (hook ``burgundy_observation_slices``,
:class:`burgundy.variant_info.ObservationSlice`), variant by variant in variant order: its
global slices ``<variant>.<name>``, then for each seat slot k = 0 .. N-1 its per-seat
slices ``seat[k].<variant>.<name>``.

Examples:
    >>> import burgundy
    >>> rules = burgundy.Ruleset(players=2, variants=())
    >>> layout = observation_layout(rules)
    >>> layout[0], observation_size(rules) == sum(size for _, _, size in layout)
    (('phase', 0, 6), True)
"""

from __future__ import annotations

from functools import cache
from threading import get_ident
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import numpy.typing as npt

from burgundy.pending import StowTile

if TYPE_CHECKING:
    from burgundy.state import RulesView, State
    from burgundy.variant_info import ObservationSlice

OBSERVATION_VERSION = 2
"""The version of the layout (a change of slices raises it)."""
SCALES: dict[str, float] = {"vp": 100.0, "silver": 10.0, "workers": 10.0}
"""Divisors of the scalar slices."""

_SEAT_SLICES = ("order", "dice", "vp", "storage", "own_storage", "goods", "sold", "silver",
                "workers", "filled", "duchy", "bonus")


@cache
def _shape(rules: RulesView) -> tuple[int, int, int, int]:
    """``(T, S, P, N)`` of a ruleset."""
    tiles = len(rules.engine.tiles.main)
    spaces = max(board.size for board in rules.engine.boards.values())
    return tiles, spaces, len(rules.engine.pending_types), rules.players


@attrs.frozen
class _Group:
    """One variant's slices (hook ``burgundy_observation_slices``): its global ones, then
    its per-seat ones, which come once per seat slot."""

    variant: str
    globals: tuple[ObservationSlice, ...]
    per_seat: tuple[ObservationSlice, ...]
    uses_state: bool
    globals_size: int
    seat_size: int


@cache
def _groups(rules: RulesView) -> tuple[_Group, ...]:
    """The variants' slices by variant, in variant order."""
    by_variant: dict[str, list[ObservationSlice]] = {}
    for variant, piece in rules.observation_slices:
        by_variant.setdefault(variant, []).append(piece)
    out = []
    for variant, pieces in by_variant.items():
        globals_ = tuple(p for p in pieces if not p.per_seat)
        per_seat = tuple(p for p in pieces if p.per_seat)
        out.append(_Group(variant, globals_, per_seat, any(p.uses_state for p in pieces),
                          sum(p.size for p in globals_), sum(p.size for p in per_seat)))
    return tuple(out)


@cache
def observation_layout(rules: RulesView) -> tuple[tuple[str, int, int], ...]:
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
    for group in _groups(rules):
        sizes += [(f"{group.variant}.{piece.name}", piece.size) for piece in group.globals]
        for k in range(n):
            sizes += [(f"seat[{k}].{group.variant}.{piece.name}", piece.size)
                      for piece in group.per_seat]
    out = []
    start = 0
    for name, size in sizes:
        out.append((name, start, size))
        start += size
    return tuple(out)


def observation_size(rules: RulesView) -> int:
    """The length of :func:`observe`'s vector under ``rules``."""
    _, start, size = observation_layout(rules)[-1]
    return start + size


CACHE_LIMIT = 4096
"""How many entries one of :func:`observe`'s caches holds before it is cleared."""

_Vector = npt.NDArray[np.float32]
_UNSEEN: Any = object()
"""What a view "saw" before its first observation: the same as nothing, so all is written."""


class _Plan:
    """Where everything goes, and the caches, for one ruleset (built once per engine).

    How :func:`observe` stays cheap (measured in situ, benchmarks/rl_bench.py's loop, the
    standard 2-player game): states are immutable and a move shares every sub-object it did
    not change (the tuple of a depot's hexes, a seat's dice, an estate's ``spaces``), so
    most of a state's vector is the vector of the state before. The vector is made of the
    header (``phase`` .. ``held``, the one part that depends on the observer), the board
    (``depots`` .. ``round_goods``) and one block per seat (its slot's slices), which go
    into the observer's slots in its order. A *view* (one per thread) keeps the board and
    each seat's block as arrays, with the sub-objects they were written from; each call
    compares each part's source with the last one (``is`` for the tuples and the seat and
    estate objects, ``==`` for the few numbers), writes only the parts that changed, and
    returns ``np.concatenate`` of the header and the blocks (a new array). A part that is
    written comes from a small cache by value (a depot's or a storage's counts by tile code,
    the dice, the goods, the bonus tiles, the header's few numbers) or, for a duchy's
    ``filled`` and ``duchy`` slices, by the identity of the estate's ``spaces`` tuple (the
    entry holds the tuple, so that an ``id`` is never mistaken for a dead object's). Parts
    are written through memoryviews (~70 ns a slice, ~25 ns a number, against ~210 and ~50
    for numpy's setitem). Every cache is a dict cleared when it reaches
    :data:`CACHE_LIMIT` entries.

    In rl_bench.py's loop (the standard 2-player game, against an environment whose
    ``observe`` returns a constant) ``observe`` cost about 37 µs a step when each estate's
    part was rebuilt with numpy scalar writes whenever the estate changed (nearly every
    step), about 25 µs with the parts cached by identity and reassembled with
    ``np.concatenate`` (the board and the mover's slot were still reassembled at most
    steps: ~10 and ~8 µs a time), and about 14 µs now (of which the final concatenate
    ~1.3 µs and the header ~2 µs; the same calls in a tight loop take about a third:
    the engine's work in between leaves the caches of the CPU cold).
    """

    def __init__(self, rules: RulesView) -> None:
        self.tiles, self.spaces, _, self.players = _shape(rules)
        self.size = observation_size(rules)
        at = {name: start for name, start, _ in observation_layout(rules)}
        self.at = at
        self.pending = {cls: i for i, cls in enumerate(rules.engine.pending_types)}
        self.header = at["depots"]
        """The header's size (it starts at 0)."""
        self.board = at["seat[0].order"] - at["depots"]
        """The board's size."""
        start = at["seat[0].order"]
        self.rel = {name: at[f"seat[0].{name}"] - start for name in _SEAT_SLICES}
        """Where each slice of a seat block starts in the block."""
        self.block = self.rel["bonus"] + 6
        """A seat block's size."""
        n = self.players
        eye = np.eye(n + 1, n, k=-1, dtype=np.float32)
        self.places = {place: eye[place + 1].data for place in range(-1, n)}
        """The ``order`` slice of each place (-1: not in the order, all zeros)."""
        self.views: dict[int, _View] = {}
        self.groups = _groups(rules)
        """The variants' slices, by variant."""
        self.extras = self.size - sum(g.globals_size + n * g.seat_size for g in self.groups)
        """Where the variants' slices start (the vector's end without any)."""
        self.reads_state = any(group.uses_state for group in self.groups)
        # caches by value, and the duchies by the identity of ``spaces``
        self.headers: dict[tuple[Any, ...], _Vector] = {}
        self.orders: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.tile_counts: dict[tuple[int, ...], memoryview] = {}
        self.dice: dict[tuple[int, ...], memoryview] = {}
        self.numbers: dict[tuple[int, ...], memoryview] = {}
        self.colour_counts: dict[tuple[int, ...], memoryview] = {}
        self.bonuses: dict[tuple[tuple[int, int], ...], memoryview] = {}
        self.duchies: dict[int, tuple[object, memoryview]] = {}

    def caches(self) -> dict[str, dict[Any, Any]]:
        """Every cache by name (the views too)."""
        return {name: value for name, value in vars(self).items()
                if isinstance(value, dict) and name not in ("at", "pending", "rel", "places")}


class _Part:
    """An array of a view, the memoryview it is written through, and its sources."""

    __slots__ = ("array", "memory", "seen")

    def __init__(self, size: int, sources: int) -> None:
        self.array: _Vector = np.zeros(size, dtype=np.float32)
        self.memory = self.array.data
        self.seen: list[Any] = [_UNSEEN] * sources


class _View:
    """The board and the seat blocks last written, per thread (see :class:`_Plan`)."""

    __slots__ = ("blocks", "board", "extras", "parts", "seat_extras", "shared_extras")

    def __init__(self, plan: _Plan) -> None:
        self.board = _Part(plan.board, 4)
        """Sources: depots, black depot, depot goods, round goods."""
        self.blocks = [_Part(plan.block, len(_BLOCK_SOURCES)) for _ in range(plan.players)]
        """Per seat (not per slot: a seat's block is the same whoever observes)."""
        self.extras = [_Part(plan.size - plan.extras, len(plan.groups) + 1)
                       for _ in range(plan.players)]
        """The variants' slices, per observer (their sources: each variant's value, then
        ``state.ext``)."""
        self.seat_extras = [[_Part(group.seat_size, 1) for _ in range(plan.players)]
                            for group in plan.groups]
        """Each variant's per-seat slices, per seat (not per observer: they are the same
        whoever observes; their source: the variant's value)."""
        self.shared_extras = [[_Part(piece.size, 1) for piece in group.globals]
                              for group in plan.groups]
        """Each variant's global slices that are the same for every observer (``shared``),
        filled once per value of the variant."""
        n = plan.players
        self.parts: list[list[_Vector]] = [
            [self.board.array, self.board.array,
             *[self.blocks[(seat + k) % n].array for k in range(n)],
             *([self.extras[seat].array] if plan.groups else [])]
            for seat in range(n)]
        """Per observer, what :func:`observe` joins: the header (set at each call), the
        board, the seat blocks in its slot order, its variants' slices (the arrays are
        written in place, never replaced)."""


_BLOCK_SOURCES = ("seat", "estate", "place", "dice", "vp", "storage", "own_storage", "goods",
                  "sold", "silver", "workers", "spaces", "bonus")
"""What a seat block remembers of its sources, in this order."""
_PLANS: dict[object, _Plan] = {}


def _plan(rules: RulesView) -> _Plan:
    plan = _PLANS.get(rules.engine)
    if plan is None:
        if len(_PLANS) >= 64:
            _PLANS.clear()
        plan = _PLANS[rules.engine] = _Plan(rules)
    return plan


def _new_view(plan: _Plan) -> _View:
    """This thread's view (see :class:`_Plan`)."""
    view: _View = _remember(plan.views, get_ident(), _View(plan))
    return view


def _places(plan: _Plan, order: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's place in a play order (-1: none), by the order."""
    places = tuple(order.index(w) if w in order else -1 for w in range(plan.players))
    return _remember(plan.orders, order, places)  # type: ignore[no-any-return]


def _cache_sizes() -> dict[str, int]:
    """Entries per cache (the largest over the plans built so far): the tests check the
    bound."""
    sizes: dict[str, int] = {}
    for plan in _PLANS.values():
        for name, entries in plan.caches().items():
            sizes[name] = max(sizes.get(name, 0), len(entries))
    return sizes


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    """Store ``value`` under ``key``, clearing the cache first when it is full."""
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _header(plan: _Plan, state: State, seat: int) -> _Vector:
    """The slices ``phase`` .. ``held``, by the value of the few numbers they show."""
    if state.pending:
        top = state.pending[-1]
        key: tuple[Any, ...] = (
            state.phase, state.round, state.white, type(top),
            (top.seat - seat) % plan.players if top.seat >= 0 else -1,
            top.tile if isinstance(top, StowTile) else -1,
        )
    else:
        key = (state.phase, state.round, state.white, None, -1, -1)
    part = plan.headers.get(key)
    if part is None:
        phase, round_, white, kind, to_move, held = key
        at = plan.at
        part = np.zeros(plan.header, dtype=np.float32)
        part[at["phase"] + min(phase, 5)] = 1
        part[at["round"] + min(round_, 4)] = 1
        if white:
            part[at["white"] + white - 1] = 1
        if kind is not None:
            part[at["pending"] + plan.pending[kind]] = 1
        if to_move >= 0:
            part[at["to_move"] + to_move] = 1
        if held >= 0:
            part[at["held"] + held] = 1
        _remember(plan.headers, key, part)
    return part


def _tile_counts(plan: _Plan, tiles: tuple[int, ...]) -> memoryview:
    """Counts by tile code (``T``) of a depot's or a storage's hexes, by value."""
    part = plan.tile_counts.get(tiles)
    if part is None:
        counts = np.zeros(plan.tiles, dtype=np.float32)
        for tile in tiles:
            counts[tile] += 1
        part = _remember(plan.tile_counts, tiles, counts.data)
    return part


def _sixes(cache: dict[tuple[int, ...], memoryview], values: tuple[int, ...]) -> memoryview:
    """Counts by value 1-6 (a seat's dice, the goods colours on the round spaces), kept in
    ``cache`` by value."""
    part = cache.get(values)
    if part is None:
        counts = np.zeros(6, dtype=np.float32)
        for value in values:
            counts[value - 1] += 1
        part = _remember(cache, values, counts.data)
    return part


def _numbers(plan: _Plan, values: tuple[int, ...]) -> memoryview:
    """A tuple of counts as it is (goods by colour), by value."""
    part = plan.numbers.get(values)
    if part is None:
        part = _remember(plan.numbers, values, np.array(values, dtype=np.float32).data)
    return part


def _bonus(plan: _Plan, bonus: tuple[tuple[int, int], ...]) -> memoryview:
    """The ``bonus`` slice (1 large, 0.5 small, by colour), by value."""
    part = plan.bonuses.get(bonus)
    if part is None:
        values = np.zeros(6, dtype=np.float32)
        for colour, size in bonus:
            values[colour] = 1.0 if size == 0 else 0.5
        part = _remember(plan.bonuses, bonus, values.data)
    return part


def _duchy(plan: _Plan, spaces: tuple[int, ...]) -> memoryview:
    """The slices ``filled`` (S) and ``duchy`` (T) of an estate, by its ``spaces`` tuple."""
    known = plan.duchies.get(id(spaces))
    if known is not None and known[0] is spaces:
        return known[1]
    s = plan.spaces
    values = [0.0] * (s + plan.tiles)  # a list, then one array: cheaper than setitems
    for space, tile in enumerate(spaces):
        if tile >= 0:
            values[space] = 1.0
            values[s + tile] += 1.0
    part = np.array(values, dtype=np.float32).data
    _remember(plan.duchies, id(spaces), (spaces, part))
    return part


def _update_board(plan: _Plan, board: _Part, state: State) -> None:
    """Write the slices ``depots`` .. ``round_goods`` whose sources changed."""
    out = board.memory
    seen = board.seen
    t = plan.tiles
    depots = state.depots
    if depots is not seen[0]:
        old = seen[0]
        for d, tiles in enumerate(depots):
            if old is _UNSEEN or tiles is not old[d]:
                out[d * t:(d + 1) * t] = _tile_counts(plan, tiles)
        seen[0] = depots
    black = state.black_depot
    if black is not seen[1]:
        out[6 * t:7 * t] = _tile_counts(plan, black)
        seen[1] = black
    goods = state.depot_goods
    if goods is not seen[2]:
        old = seen[2]
        for d, colours in enumerate(goods):
            if old is _UNSEEN or colours is not old[d]:
                out[7 * t + 6 * d:7 * t + 6 * d + 6] = _numbers(plan, colours)
        seen[2] = goods
    rounds = state.round_goods
    if rounds is not seen[3]:
        out[7 * t + 36:7 * t + 42] = _sixes(plan.colour_counts, rounds)
        seen[3] = rounds


def _update_block(plan: _Plan, block: _Part, who: Any, estate: Any, place: int) -> None:
    """Write the slices of a seat block (``order`` .. ``bonus``) whose sources changed."""
    out = block.memory
    seen = block.seen
    rel = plan.rel
    t = plan.tiles
    if place != seen[2]:
        out[0:plan.players] = plan.places[place]
        seen[2] = place
    if who is not seen[0]:
        if who.dice is not seen[3]:
            at = rel["dice"]
            out[at:at + 6] = _sixes(plan.dice, who.dice)
            seen[3] = who.dice
        if who.vp != seen[4]:
            out[rel["vp"]] = who.vp / SCALES["vp"]
            seen[4] = who.vp
        if who.storage is not seen[6]:
            at = rel["own_storage"]
            out[at:at + t] = _tile_counts(plan, who.storage)
            seen[6] = who.storage
        seen[0] = who
    if estate is not seen[1]:
        if estate.storage is not seen[5]:
            at = rel["storage"]
            out[at:at + t] = _tile_counts(plan, estate.storage)
            seen[5] = estate.storage
        if estate.goods is not seen[7]:
            at = rel["goods"]
            out[at:at + 6] = _numbers(plan, estate.goods)
            seen[7] = estate.goods
        if estate.sold is not seen[8]:
            at = rel["sold"]
            out[at:at + 6] = _numbers(plan, estate.sold)
            seen[8] = estate.sold
        if estate.silver != seen[9]:
            out[rel["silver"]] = estate.silver / SCALES["silver"]
            seen[9] = estate.silver
        if estate.workers != seen[10]:
            out[rel["workers"]] = estate.workers / SCALES["workers"]
            seen[10] = estate.workers
        if estate.spaces is not seen[11]:
            at = rel["filled"]
            out[at:at + plan.spaces + t] = _duchy(plan, estate.spaces)
            seen[11] = estate.spaces
        if estate.bonus is not seen[12]:
            at = rel["bonus"]
            out[at:at + 6] = _bonus(plan, estate.bonus)
            seen[12] = estate.bonus
        seen[1] = estate


def _filled(group: _Group, pieces: tuple[ObservationSlice, ...], state: State,
            seat: int) -> memoryview:
    """The numbers of ``pieces`` for ``seat``, as float32, checked against their sizes."""
    numbers: list[float] = []
    for piece in pieces:
        filled = list(piece.fill(state, seat))
        if len(filled) != piece.size:
            raise ValueError(
                f"variant {group.variant!r}: observation slice {piece.name!r} gave "
                f"{len(filled)} numbers, not its size {piece.size}")
        numbers += filled
    return np.array(numbers, dtype=np.float32).data


def _update_extras(plan: _Plan, view: _View, state: State, seat: int) -> _Vector:
    """The variants' slices for observer ``seat``. A variant's are filled again when its
    value in ``state.ext`` is another object than last time (or always, where one of its
    slices reads the state: ``uses_state``): its global slices per observer (once for all
    observers where ``shared``), its per-seat ones once per seat (kept in
    ``view.seat_extras`` for every observer)."""
    part = view.extras[seat]
    seen = part.seen
    if state.ext is seen[-1] and not plan.reads_state:
        return part.array
    values = dict(state.ext)
    out = part.memory
    n = plan.players
    at = 0
    for g, group in enumerate(plan.groups):
        value = values.get(group.variant)
        if group.uses_state or value is not seen[g]:
            start = at
            for p, piece in enumerate(group.globals):
                if piece.shared:  # the same for every observer: filled once per value
                    cached = view.shared_extras[g][p]
                    if group.uses_state or value is not cached.seen[0]:
                        cached.memory[:] = _filled(group, (piece,), state, seat)
                        cached.seen[0] = value
                    out[start:start + piece.size] = cached.memory
                else:
                    out[start:start + piece.size] = _filled(group, (piece,), state, seat)
                start += piece.size
            if group.per_seat:
                start = at + group.globals_size
                size = group.seat_size
                for k in range(n):
                    who = (seat + k) % n
                    cached = view.seat_extras[g][who]
                    if group.uses_state or value is not cached.seen[0]:
                        cached.memory[:] = _filled(group, group.per_seat, state, who)
                        cached.seen[0] = value
                    out[start + k * size:start + (k + 1) * size] = cached.memory
            seen[g] = value
        at += group.globals_size + n * group.seat_size
    seen[-1] = state.ext  # last: a fill that raised leaves the next call to fill again
    return part.array


def observe(state: State, seat: int) -> npt.NDArray[np.float32]:
    """The observation of seat ``seat`` in ``state`` (see the module's layout).

    Deterministic: the same state and seat give the same vector. Nothing hidden: two states
    that differ only in the face-down supplies or the goods pool give the same vector. The
    vector is a new array each call (the caches' arrays are never handed out).

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
    plan = _PLANS.get(state.rules.engine) or _plan(state.rules)
    n = plan.players
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"seat {seat!r}: not a seat of this game (0-{n - 1})")
    view = plan.views.get(get_ident()) or _new_view(plan)
    board = view.board
    seen = board.seen
    if (state.depots is not seen[0] or state.black_depot is not seen[1]
            or state.depot_goods is not seen[2] or state.round_goods is not seen[3]):
        _update_board(plan, board, state)
    places = plan.orders.get(state.order) or _places(plan, state.order)
    estates = state.estates
    blocks = view.blocks
    for who, person in enumerate(state.seats):
        block = blocks[who]
        seen = block.seen
        estate = estates[person.estate]
        place = places[who]
        if person is not seen[0] or estate is not seen[1] or place != seen[2]:
            _update_block(plan, block, person, estate, place)
    if plan.groups:
        _update_extras(plan, view, state, seat)
    parts = view.parts[seat]  # [header, board, the blocks in slot order, the extras]
    parts[0] = _header(plan, state, seat)
    return np.concatenate(parts)
