"""What a state means: the checks every loaded or built state passes, and the
conservation of the game's components.

:func:`validate_state` runs when a :class:`~burgundy.state.State` is constructed (the
ruleset hands it to the engine): after :mod:`burgundy.io` has checked a document's shape,
this checks that the state is a possible position of the ruleset, every field of its type,
every count in range, every pending item sound, every component of the box somewhere
(:func:`component_totals`).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, Union

import attrs

from burgundy.components import CASTLE, TILE_COLOUR
from burgundy.errors import brief
from burgundy.geometry import N_SPACES, NO_BOARD
from burgundy.pending import (
    AUTO_SEAT,
    CHANCE_SEAT,
    BoardDraw,
    GoodsDraw,
    Pending,
    StartCastleChoice,
    StartCastles,
    StartPlayerDraw,
    StowTile,
    Turn,
    check_seat,
)
from burgundy.rules.effects import TRACK_SPACES, goods_colour_limit
from burgundy.rules.setup import GOODS_PER_PHASE
from burgundy.rules.take import seat_storage_capacity, storage_capacity
from burgundy.state import EMPTY, Estate, Seat, State

if TYPE_CHECKING:
    from burgundy.state import EngineView, RulesView

MESSAGE_LIMIT = 300
"""At most this many characters in the message of a ``ValueError`` raised on loading."""

COUNT_LIMIT = 999
"""The most silverlings, workers or VP a seat or estate may hold in a loaded state. The
box's silverlings and workers are unlimited (docs/rules.md); no game comes near this, and
the bound keeps every count, and the work a state's actions take, finite."""


def _cut(message: str, limit: int = MESSAGE_LIMIT) -> str:
    return message if len(message) <= limit else message[: limit - 3] + "..."




_STATE_FIELDS = tuple(
    f for f in attrs.fields(State) if f.name != "rules" and not f.name.startswith("_cache")
)


_HINTS: dict[type, tuple[tuple[str, str, Any], ...]] = {}


def _field_hints(cls: type) -> tuple[tuple[str, str, Any], ...]:
    """``(name, init alias, type)`` of each field of attrs class ``cls`` given to
    ``__init__`` (cached); a type that cannot be resolved is ``Any`` (taken as it is)."""
    found = _HINTS.get(cls)
    if found is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # an annotation naming what its module imports for type checkers
            hints = {}
        found = _HINTS[cls] = tuple(
            (f.name, f.alias, hints.get(f.name, Any)) for f in attrs.fields(cls) if f.init
        )
    return found


def _union_arms(hint: Any) -> tuple[Any, ...] | None:
    """The arms of a union type (``int | None``), or ``None`` if ``hint`` is none."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        return typing.get_args(hint)
    return None


def _tuple_items(hint: Any) -> tuple[Any, ...] | None:
    """The item types of a ``tuple[...]`` hint (``(X, ...)`` when homogeneous), or ``None``."""
    if typing.get_origin(hint) is tuple:
        return typing.get_args(hint)
    return None


_SCALARS: dict[Any, str] = {int: "an integer", bool: "true or false", str: "a string",
                            float: "a number", type(None): "null"}



_STATE_HINTS: dict[str, Any] = {
    "seats": tuple[Seat, ...],
    "estates": tuple[Estate, ...],
    "phase": int,
    "round": int,
    "order": tuple[int, ...],
    "turn": int,
    "track": tuple[tuple[int, ...], ...],
    "white": int,
    "depots": tuple[tuple[int, ...], ...],
    "black_depot": tuple[int, ...],
    "depot_goods": tuple[tuple[int, ...], ...],
    "round_goods": tuple[int, ...],
    "goods_pool": tuple[int, ...],
    "supply": tuple[int, ...],
    "black_supply": tuple[int, ...],
    "removed": tuple[int, ...],
    "bonus_tiles": tuple[int, ...],
    "purchased": bool,
    "pending": tuple[Pending, ...],
}
"""The type of each field of :class:`~burgundy.state.State` but ``rules`` and ``ext`` (the
variants' states, typed by each variant's ``state_type``)."""




@attrs.frozen
class _Facts:
    """What every state of a ruleset shares with its first one (cached on the engine)."""

    ext: tuple[tuple[str, Any], ...]
    estates: tuple[int, ...]  # the estate of each seat
    boards: tuple[str, ...]  # each estate's board (NO_BOARD: dealt by chance)
    tiles: tuple[int, ...]
    goods: tuple[int, ...]
    codes: frozenset[int]  # the codes of the ruleset's tile kinds


def _facts(rules: RulesView) -> _Facts:
    engine = rules.engine
    cached: _Facts | None = engine.caches.get("io.facts")
    if cached is None:
        first = rules.initial_state()
        cached = _Facts(
            ext=first.ext,
            estates=tuple(seat.estate for seat in first.seats),
            boards=tuple(estate.board for estate in first.estates),
            tiles=tuple(_tile_totals(first)),
            goods=tuple(_goods_totals(first)),
            codes=engine.tiles.codes,
        )
        engine.caches["io.facts"] = cached
    return cached




def _fail(message: str) -> NoReturn:
    raise ValueError(_cut(message))


def _check(condition: bool, message: str) -> None:
    if not condition:
        _fail(message)


def _counts(values: tuple[int, ...], where: str, length: int | None = None) -> None:
    _check(all(v >= 0 for v in values), f"{where}: counts must not be negative")
    if length is not None:
        _check(len(values) == length, f"{where}: expected {length} entries, got {len(values)}")


def _codes(values: tuple[int, ...], where: str, codes: frozenset[int]) -> None:
    """``values`` are codes of the ruleset's tile kinds (``codes``), sorted."""
    _check(all(v in codes for v in values), f"{where}: unknown tile code")
    _sorted(values, where)


def _sorted(values: tuple[int, ...], where: str) -> None:
    # the rules keep these sorted and rely on it (e.g. components.distinct)
    _check(list(values) == sorted(values), f"{where}: must be sorted")


_Test = Callable[[Any], bool]


class _Conforms:
    """Fast tests of "``value`` is exactly of type ``hint``", one per type, built once per
    engine (:func:`_check_type` then finds what is wrong, and where)."""

    def __init__(self, engine: EngineView) -> None:
        self.pending_types = frozenset(engine.pending_rules)
        self.built: dict[Any, _Test] = {}

    def test(self, hint: Any) -> _Test:
        found = self.built.get(hint)
        if found is None:
            self.built[hint] = lambda value: self.built[hint](value)  # recursive types
            found = self.built[hint] = self.build(hint)
        return found

    def build(self, hint: Any) -> _Test:
        if hint in _SCALARS:
            return lambda value: type(value) is hint
        items = _tuple_items(hint)
        if items is not None:
            if len(items) == 2 and items[1] is Ellipsis:
                if items[0] in _SCALARS:
                    kinds = {items[0]}  # one C-level pass: the set of the items' types
                    return lambda value: type(value) is tuple and (
                        not value or set(map(type, value)) == kinds
                    )
                item = self.test(items[0])
                return lambda value: type(value) is tuple and all(item(v) for v in value)
            tests = [self.test(t) for t in items]
            return lambda value: (
                type(value) is tuple and len(value) == len(tests)
                and all(t(v) for t, v in zip(tests, value, strict=True))
            )
        if hint is Pending:
            known = self.pending_types
            return lambda value: type(value) in known and self.test(type(value))(value)
        if isinstance(hint, type) and attrs.has(hint):
            fields = [(name, self.test(field_hint)) for name, _, field_hint in _field_hints(hint)]
            return lambda value: type(value) is hint and all(
                t(getattr(value, name)) for name, t in fields
            )
        arms = _union_arms(hint)
        if arms is not None:
            tests = [self.test(arm) for arm in arms]
            return lambda value: any(t(value) for t in tests)
        return lambda value: True  # Any, or a type the check does not know


def _conforms(engine: EngineView, hint: Any) -> _Test:
    cached: _Conforms | None = engine.caches.get("io.conforms")
    if cached is None:
        cached = engine.caches["io.conforms"] = _Conforms(engine)
    return cached.test(hint)


def _check_type(value: Any, hint: Any, path: str, engine: EngineView) -> None:
    """Check that ``value`` is exactly of type ``hint`` all the way down: an ``int`` is no
    bool, a tuple no list, an attrs value of its class itself (a pending item of a type of
    the ruleset). Types the check does not know (``Any``, a plugin's own) pass.

    The fast test first; only when it fails, the walk that says where."""
    if not _conforms(engine, hint)(value):
        _find_mismatch(value, hint, path, engine)
        _fail(f"{path}: not of type {brief(hint)}")  # not reached: the walk raises


def _find_mismatch(value: Any, hint: Any, path: str, engine: EngineView) -> None:
    """Raise ``ValueError`` naming where ``value`` is not of type ``hint``."""
    if hint in _SCALARS:
        if type(value) is not hint:
            _fail(f"{path}: expected {_SCALARS[hint]}, got {brief(value)}")
        return
    items = _tuple_items(hint)
    if items is not None:
        if type(value) is not tuple:
            _fail(f"{path}: expected a tuple, got {brief(value)}")
        if len(items) == 2 and items[1] is Ellipsis:
            for i, v in enumerate(value):
                _find_mismatch(v, items[0], f"{path}[{i}]", engine)
            return
        if len(value) != len(items):
            _fail(f"{path}: expected a tuple of {len(items)}, got {len(value)} entries")
        for i, (v, t) in enumerate(zip(value, items, strict=True)):
            _find_mismatch(v, t, f"{path}[{i}]", engine)
        return
    if hint is Pending:
        if type(value) not in engine.pending_rules:
            _fail(f"{path}: {brief(value)} is not a pending item of a type of this ruleset")
        hint = type(value)
        path = f"{path} ({type(value).__name__})"
    if isinstance(hint, type) and attrs.has(hint):
        if type(value) is not hint:
            _fail(f"{path}: expected a {hint.__name__}, got {brief(value)}")
        for name, _, field_hint in _field_hints(hint):
            _find_mismatch(getattr(value, name), field_hint, f"{path}.{name}", engine)
        return
    arms = _union_arms(hint)
    if arms is not None:
        errors = []
        for arm in arms:
            try:
                _find_mismatch(value, arm, path, engine)
                return
            except ValueError as exc:
                errors.append(exc)
        raise errors[0]


def validate_state(state: State) -> None:
    """Check that ``state`` is a position its ruleset's game can reach, in shape.

    :func:`~burgundy.io.from_json` runs it on every state it loads; it checks a state built
    any other way too (``attrs.evolve``, a test's position). Checked, in this order:

    - Types: every field holds a value of exactly its type at every level (an ``int`` is
      no ``bool`` or ``float``, a tuple no list, a seat a ``Seat``); the pending items are
      of the ruleset's pending types (core or enabled variant); the variants' states are
      those of the ruleset's variants, in order, each of its variant's ``state_type``.
    - Seats: as many as the ruleset makes, each on its estate; dice 1-6 and sorted, two
      rolled dice (once rolled); VP not negative and the sum of the ledger, which is sorted
      by source with one positive entry a source.
    - Estates: as many as the ruleset makes; each on the ruleset's board, or with boards
      dealt by chance on a distinct board of the deal (or none yet, with nothing placed,
      while its :class:`~burgundy.pending.BoardDraw` is pending); spaces and masks
      (``filled``, ``frontier``, ``kinds``) consistent, tiles on their colours; the start
      castle on a castle, or still to be placed; storage, goods, sold goods and bonus
      tiles in range; silver, workers and VP 0-:data:`COUNT_LIMIT`.
    - The board: phase 0-4, or 5 after round 5 once the game is over; round 0-4; white die
      0-6; the play order a permutation of the seats (empty only before the start player
      is drawn and after the game) and ``turn`` a position in it; the turn-order track
      (each seat once, at most seven spaces, the last one taken); the depots; at most
      five round goods; supplies (a count for each code up to the ruleset's last tile
      kind, ``rules.engine.tiles.supply_length``) and bonus tiles. Every tile code
      anywhere is one of the ruleset's tile kinds (the core's and its variants').
    - Each variant's ``burgundy_validate`` hook, in variant order, on a state whose core
      fields the checks above vouch for (the shields: each shield in one place). A
      variant's check reads the pending items only by their type: their fields are
      checked after it.
    - Capacities, which the variants' modifiers may change (so after their checks): each
      estate's stored hexes at most its storage spaces (R-STORAGE's 3, team play's 2
      shared, shield #4's no limit), each seat's own stored hexes at most its own spaces
      (team play's 2); each estate's goods colours at most its limit, also counting one
      for each goods draw pending for it; the round goods with the round goods draws
      pending at most five.
    - The stack, on a state the checks above vouch for: empty exactly once the game is
      over; every item valid: its seat by its kind (:func:`burgundy.pending.check_seat`:
      chance -1, automatic -2, a decision a seat of the game, then the rule's own check),
      and its own fields (:meth:`burgundy.state.Pending.validate`,
      e.g. a draw's estate or depot space, a roll's seat, a building's colours, the turn's
      seat ``order[turn]``, a variant's item what it is about); a
      :class:`~burgundy.pending.Turn` only at the bottom; the start player draw pending
      exactly while the track is empty.
    - Conservation: the hexes by tile code (supplies, depots, storage, duchies, removed,
      a taken hex held by a :class:`~burgundy.pending.StowTile`)
      and the goods by colour (pool, round spaces, depots, estates, sold) are exactly
      those of the game's start.
    - The top of the stack is where the engine stops: a decision with at least one legal
      action, or a chance event with more than one outcome; never an automatic step.

    Args:
        state: The state to check.

    Raises:
        ValueError: What is wrong, and where (at most :data:`MESSAGE_LIMIT` characters).

    Examples:
        >>> import attrs
        >>> import burgundy
        >>> from burgundy.validation import validate_state
        >>> state = burgundy.Ruleset(players=2, variants=()).initial_state()
        >>> validate_state(state)
        >>> validate_state(attrs.evolve(state, white=True))
        Traceback (most recent call last):
        ...
        ValueError: white: expected an integer, got True
    """
    rules = state.rules
    engine = rules.engine
    facts = _facts(rules)
    for field in _STATE_FIELDS:
        if field.name != "ext":
            _check_type(getattr(state, field.name), _STATE_HINTS[field.name], field.name, engine)
    _check_ext(state, facts)
    n = rules.players
    _check(len(state.seats) == n, f"seats: expected {n}, got {len(state.seats)}")
    _check(
        len(state.estates) == len(facts.boards),
        f"estates: expected {len(facts.boards)}, got {len(state.estates)}",
    )
    for i, seat in enumerate(state.seats):
        _validate_seat(i, seat, facts)
    for i, estate in enumerate(state.estates):
        _validate_estate(state, i, estate, facts)
    _validate_board(state)
    _check_bonus_tiles(state)
    for check in engine.validate:  # the variants' own state, on a sound core state
        try:
            check(state)
        except ValueError as exc:  # a plugin's message, kept short too
            _fail(str(exc))
    _check_storage(state)  # asks the variants' modifiers: after their own checks
    _check_goods_limits(state)
    _validate_stack(state)  # the pending items, on a sound core and variant state
    _check_conservation(state, facts)
    _check_top(state)


def _check_storage(state: State) -> None:
    """No estate or seat stores more hexes than its storage spaces (R-STORAGE: 3, or what
    the variants' ``burgundy_storage`` modifiers make of it: team play's 2 shared spaces and
    2 of each partner's own, shield #4's no limit; ``"stored_hexes"``: more where spaces
    were lost with hexes on them)."""
    limits = state.rules.engine.stored_hexes_limit
    for i, estate in enumerate(state.estates):
        most = storage_capacity(state, i)
        for limit in limits:  # a variant whose spaces can shrink below what is stored
            most = limit(state, i, most)
        _check(len(estate.storage) <= most,
               f"estates[{i}].storage: {len(estate.storage)} hexes in {most} storage spaces")
    for i, seat in enumerate(state.seats):
        if seat.storage:  # a seat's own storage spaces (team play); none in the base game
            capacity = seat_storage_capacity(state, i)
            _check(
                len(seat.storage) <= capacity,
                f"seats[{i}].storage: more hexes than the seat's own storage spaces "
                f"({capacity})",
            )


def _check_goods_limits(state: State) -> None:
    """No estate holds more goods colours than its limit, counting one more for each goods
    draw pending for it (each may bring a new colour); no more round goods than five with
    those still to be drawn."""
    draws = [0] * len(state.estates)
    to_round = 0
    for item in state.pending:
        if isinstance(item, GoodsDraw):
            if item.estate == -1:
                to_round += 1
            elif 0 <= item.estate < len(draws):  # else its own check names it
                draws[item.estate] += 1
    for i, estate in enumerate(state.estates):
        limit = goods_colour_limit(state, i)
        _check(
            sum(1 for g in estate.goods if g) <= limit,
            f"estates[{i}].goods: more than {limit} colours",
        )
        _check(
            sum(1 for g in estate.goods if g) + draws[i] <= limit,
            f"estates[{i}].goods: {draws[i]} goods draws pending could bring more than "
            f"{limit} colours",
        )
    _check(len(state.round_goods) + to_round <= GOODS_PER_PHASE,
           f"round_goods: more than {GOODS_PER_PHASE} with the goods draws pending")


def _check_ext(state: State, facts: _Facts) -> None:
    ext = state.ext
    if type(ext) is not tuple:
        _fail(f"ext: expected a tuple, got {brief(ext)}")
    names = [pair[0] if type(pair) is tuple and len(pair) == 2 else None for pair in ext]
    expected = [name for name, _ in facts.ext]
    if names != expected:
        _fail(f"ext: expected the states of variants {expected}, got {brief(names)}")
    types = {info.name: info.state_type for info in state.rules.infos}
    for k, (name, value) in enumerate(ext):
        kind = types.get(name)
        if kind is not None:
            _check_type(value, kind, f"ext[{k}] ({name})", state.rules.engine)


def _validate_seat(i: int, seat: Seat, facts: _Facts) -> None:
    where = f"seats[{i}]"
    _check(seat.estate == facts.estates[i],
           f"{where}.estate: seat {i} plays on estate {facts.estates[i]}")
    _check(all(1 <= d <= 6 for d in seat.dice + seat.rolled), f"{where}: dice must be 1-6")
    _check(len(seat.rolled) in (0, 2) and len(seat.dice) <= 2, f"{where}: two dice a seat")
    _sorted(seat.dice, f"{where}.dice")
    _sorted(seat.rolled, f"{where}.rolled")
    _check(seat.vp >= 0, f"{where}.vp: must not be negative")
    _check(seat.vp <= COUNT_LIMIT, f"{where}.vp: more than {COUNT_LIMIT}")
    sources = [source for source, _ in seat.ledger]
    _check(
        sources == sorted(set(sources)) and all(vp > 0 for _, vp in seat.ledger),
        f"{where}.ledger: entries sorted by source, one a source, each VP positive",
    )
    _check(
        sum(vp for _, vp in seat.ledger) == seat.vp, f"{where}.ledger: does not add up to vp"
    )
    _codes(seat.storage, f"{where}.storage", facts.codes)
    _sorted(seat.storage, f"{where}.storage")


def _validate_estate(state: State, i: int, estate: Estate, facts: _Facts) -> None:
    where = f"estates[{i}]"
    engine = state.rules.engine
    if facts.boards[i] == NO_BOARD:  # dealt by chance
        if estate.board != NO_BOARD and estate.board not in engine.deal_boards:
            _fail(f"{where}.board: {brief(estate.board)} is no board of the deal")
        counts = [e.board for e in state.estates].count
        _check(
            estate.board == NO_BOARD
            or counts(estate.board) <= min(counts(b) for b in engine.deal_boards) + 1,
            f"{where}.board: board {estate.board} dealt again while another is not dealt",
        )
    else:
        if estate.board not in engine.boards:
            _fail(f"{where}.board: unknown board {brief(estate.board)}")
        _check(estate.board == facts.boards[i],
               f"{where}.board: the ruleset puts board {facts.boards[i]} here")
    if estate.board == NO_BOARD:
        _check(len(estate.spaces) == N_SPACES, f"{where}.spaces: wrong length")
        _check(
            any(isinstance(item, BoardDraw) and item.estate == i for item in state.pending),
            f"{where}.board: none dealt, and no draw of it is pending",
        )
        _check(
            all(tile == EMPTY for tile in estate.spaces) and estate.filled == 0
            and estate.frontier == 0 and estate.kinds == 0 and estate.start == -1
            and not estate.bonus,
            f"{where}: nothing is placed before the estate has its board",
        )
    board = engine.boards.get(estate.board)
    if board is not None:
        _check(len(estate.spaces) == len(board.colours), f"{where}.spaces: wrong length")
        filled = 0
        frontier = 0
        kinds = 0
        for s, tile in enumerate(estate.spaces):
            if tile == EMPTY:
                continue
            _check(tile in facts.codes, f"{where}.spaces[{s}]: unknown tile code")
            filled |= 1 << s
            frontier |= board.neighbours[s]
            kinds |= 1 << tile
        _check(estate.filled == filled, f"{where}.filled: does not match the covered spaces")
        _check(estate.frontier == frontier,
               f"{where}.frontier: does not match the covered spaces")
        _check(estate.kinds == kinds, f"{where}.kinds: does not match the covered spaces")
        if not engine.placement_spaces:  # no variant lets tiles on other colours
            for s, tile in enumerate(estate.spaces):
                _check(
                    tile == EMPTY or TILE_COLOUR[tile] == board.colours[s],
                    f"{where}.spaces[{s}]: a tile on a space of another colour",
                )
    _check(
        estate.start == -1
        or (0 <= estate.start < len(estate.spaces) and estate.spaces[estate.start] == CASTLE),
        f"{where}.start: the start castle's space holds no castle",
    )
    _check(
        board is None or estate.start in (-1, board.start) or not board.start_choices
        or bool(board.start_choices >> estate.start & 1),
        f"{where}.start: the start castle is on a space its board does not mark as a start "
        "space",
    )
    if estate.start == -1:
        seats = {s for s, seat in enumerate(state.seats) if seat.estate == i}
        _check(
            any(isinstance(item, StartCastles)
                or (isinstance(item, StartCastleChoice) and item.seat in seats)
                for item in state.pending),
            f"{where}.start: no start castle, and none is still to be placed",
        )
    _check(
        all(0 <= colour < 6 and size in (0, 1) for colour, size in estate.bonus),
        f"{where}.bonus: entries are (colour 0-5, size 0 or 1)",
    )
    _codes(estate.storage, f"{where}.storage", facts.codes)
    _counts(estate.goods, f"{where}.goods", 6)
    _counts(estate.sold, f"{where}.sold", 6)
    _check(estate.silver >= 0 and estate.workers >= 0, f"{where}: negative silver or workers")
    _check(estate.silver <= COUNT_LIMIT and estate.workers <= COUNT_LIMIT,
           f"{where}: more than {COUNT_LIMIT} silver or workers")


def _validate_board(state: State) -> None:
    n = state.rules.players
    codes = state.rules.engine.tiles.codes
    _check(0 <= state.phase <= 5 and 0 <= state.round <= 4, "phase/round out of range")
    _check(state.phase < 5 or state.round == 4, "round: the game ends after round 5")
    _check(0 <= state.white <= 6, "white: must be 0-6")
    order = state.order
    if order and sorted(order) != list(range(n)):
        _fail(f"order: a permutation of the seats 0-{n - 1}, got {brief(order)}")
    _check(
        (not order) == (not state.track or state.phase == 5),
        "order: set once the start player is drawn, until the game ends",
    )
    if not (0 <= state.turn < len(order) if order else state.turn == 0):
        _fail(f"turn: {brief(state.turn)} is not a position in the play order")
    marked = sorted(s for stack in state.track for s in stack)
    _check(marked in ([], list(range(n))), "track: every seat exactly once")
    _check(len(state.track) <= TRACK_SPACES and (not state.track or bool(state.track[-1])),
           f"track: at most {TRACK_SPACES} spaces, the last one taken")
    _check(len(state.depots) == 6 and len(state.depot_goods) == 6, "depots: expected 6")
    for d, tiles in enumerate(state.depots):
        _codes(tiles, f"depots[{d}]", codes)
        _counts(state.depot_goods[d], f"depot_goods[{d}]", 6)
    _codes(state.black_depot, "black_depot", codes)
    _check(all(1 <= g <= 6 for g in state.round_goods), "round_goods: colours are 1-6")
    _check(len(state.round_goods) <= 5, "round_goods: at most five")
    _counts(state.goods_pool, "goods_pool", 6)
    length = state.rules.engine.tiles.supply_length  # counts by code: up to the last kind
    _counts(state.supply, "supply", length)
    _counts(state.black_supply, "black_supply", length)
    _counts(state.removed, "removed", length)
    _check(
        len(state.bonus_tiles) == 6 and all(0 <= b <= 2 for b in state.bonus_tiles),
        "bonus_tiles: six counts of 0-2",
    )


def _validate_stack(state: State) -> None:
    _check(
        (not state.pending) == (state.phase == 5),
        "pending: empty exactly once the game is over (phase 5)",
    )
    for k, item in enumerate(state.pending):
        try:
            check_seat(state, item)
            item.validate(state)
        except ValueError as exc:
            _fail(f"pending[{k}] ({type(item).__name__}): {exc}")
    turns = [k for k, item in enumerate(state.pending) if isinstance(item, Turn)]
    _check(turns in ([], [0]), f"pending[{turns[-1] if turns else 0}] (Turn): a turn is only "
           "ever at the bottom of the stack")
    drawing = any(isinstance(item, StartPlayerDraw) for item in state.pending)
    _check(drawing == (not state.track),
           "track: empty exactly while the start player is still to be drawn")


def _check_top(state: State) -> None:
    """The top of the stack is what the engine stops at: a decision with a legal action,
    or a chance event with a choice of outcomes."""
    if not state.pending:
        return
    item = state.pending[-1]
    where = f"pending[{len(state.pending) - 1}] ({type(item).__name__})"
    _check(item.seat != AUTO_SEAT,
           f"{where}: an automatic step is never on top (the engine runs it)")
    if item.seat == CHANCE_SEAT:
        outcomes = state.chance_outcomes()
        _check(len(outcomes) > 1, f"{where}: a chance event on top has more than one outcome "
               f"(the engine resolves the others), this one has {len(outcomes)}")
    else:
        _check(bool(state.legal_actions()), f"{where}: a decision on top with no legal action")


def _check_bonus_tiles(state: State) -> None:
    """Each colour's two bonus tiles are either left or held, the large one going first,
    and only by estates that covered that colour."""
    engine = state.rules.engine
    for colour in range(6):
        held = [
            (index, size)
            for index, estate in enumerate(state.estates)
            for c, size in estate.bonus
            if c == colour
        ]
        sizes = sorted(size for _, size in held)
        _check(
            sizes == [0, 1][: 2 - state.bonus_tiles[colour]],
            f"bonus tiles of colour {colour}: held {sizes} with {state.bonus_tiles[colour]} left",
        )
        for index, _ in held:
            estate = state.estates[index]
            board = engine.boards.get(estate.board)
            _check(
                board is not None and not board.colour_masks[colour] & ~estate.filled,
                f"estates[{index}].bonus: colour {colour} is not covered",
            )


def _tile_totals(state: State) -> list[int]:
    totals = [a + b for a, b in zip(state.supply, state.black_supply, strict=True)]
    for k, n in enumerate(state.removed):
        totals[k] += n
    for tiles in (*state.depots, state.black_depot):
        for t in tiles:
            totals[t] += 1
    for seat in state.seats:
        for t in seat.storage:
            totals[t] += 1
    for estate in state.estates:
        for t in (*estate.storage, *(t for t in estate.spaces if t != EMPTY)):
            totals[t] += 1
    for held in state.rules.engine.held_tiles:
        for t, n in held(state).items():
            totals[t] += n
    for item in state.pending:  # a taken hex waiting for where it goes
        if isinstance(item, StowTile) and 0 <= item.tile < len(totals):
            totals[item.tile] += 1
    return totals


def _goods_totals(state: State) -> list[int]:
    return [a + b for a, b in zip(state.goods_pool, goods_outside_pool(state), strict=True)]


def goods_outside_pool(state: State) -> list[int]:
    """Goods by colour that have been drawn: on round spaces, depots, in estates, sold, and
    those the variants hold (hook ``burgundy_held["goods"]``: out of the game, on their own
    components)."""
    totals = [0] * 6
    for held in state.rules.engine.held_goods:
        for c, n in enumerate(held(state)):
            totals[c] += n
    for g in state.round_goods:
        totals[g - 1] += 1
    for counts in (*state.depot_goods, *(e.goods for e in state.estates),
                   *(e.sold for e in state.estates)):
        for c, n in enumerate(counts):
            totals[c] += n
    return totals


def component_totals(rules: RulesView) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the hex totals by tile code and goods totals by colour a game of ``rules``
    holds (what conservation is checked against)."""
    facts = _facts(rules)
    return facts.tiles, facts.goods


def _check_conservation(state: State, facts: _Facts) -> None:
    _check(tuple(_tile_totals(state)) == facts.tiles, "hexes: not conserved across supply, "
           "depots, storage, duchies and removed")
    goods = _goods_totals(state)
    for colour, (now, start) in enumerate(zip(goods, facts.goods, strict=True), 1):
        if now != start:
            _fail(f"goods: {'more' if now > start else 'fewer'} goods of colour {colour} than "
                  f"the game holds ({now} across the pool, round spaces, depots, estates, "
                  f"sold goods and the variants' goods; the game has {start})")

