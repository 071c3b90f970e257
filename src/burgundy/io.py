"""Serialisation: states to JSON and back (cattrs), and state validation.

A state serialises to plain JSON: no pickle, nothing that can run code when loaded. The
ruleset is not part of it; :func:`from_json` takes the ruleset to attach. Loading checks the
shape (cattrs) and then the meaning (:func:`validate_state`), and raises a ``ValueError``
that says what is wrong and where.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs
import cattrs
import cattrs.gen
from cattrs.errors import BaseValidationError

from burgundy.components import CASTLE, N_TILE_KINDS, TILE_COLOUR
from burgundy.pending import Pending, Turn
from burgundy.state import EMPTY, Estate, Seat, State

if TYPE_CHECKING:
    from burgundy.actions import Action
    from burgundy.variants import Ruleset

FORMAT = "burgundy-state"
"""The ``format`` field of a serialised state."""
VERSION = 1
"""The ``version`` field of a serialised state."""


def _strict_int(value: Any, _: type) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _strict_bool(value: Any, _: type) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _strict_str(value: Any, _: type) -> str:
    if type(value) is not str:
        raise ValueError(f"expected a string, got {value!r}")
    return value


def make_converter(types: tuple[type, ...]) -> cattrs.Converter:
    """Return a converter for states and actions; ``types`` are the action and pending
    types that may appear (tagged by class name under ``"type"``)."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, _strict_int)
    converter.register_structure_hook(bool, _strict_bool)
    converter.register_structure_hook(str, _strict_str)
    by_name = {cls.__name__: cls for cls in types}

    def unstructure_tagged(value: Any) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(value).__name__}
        for field in attrs.fields(type(value)):
            data[field.name] = converter.unstructure(getattr(value, field.name))
        return data

    def structure_tagged(data: Any, base: type) -> Any:
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError(f"expected an object with a 'type' field, got {data!r}")
        cls = by_name.get(data["type"])
        if cls is None or not issubclass(cls, base):
            raise ValueError(f"unknown {base.__name__} type {data['type']!r}")
        fields = {k: v for k, v in data.items() if k != "type"}
        return converter.structure(fields, cls)

    for cls in types:
        converter.register_unstructure_hook(cls, unstructure_tagged)
    for base in {cls.__mro__[-2] for cls in types} | {Pending}:
        converter.register_structure_hook(base, structure_tagged)
    for cls in types:
        converter.register_structure_hook(
            cls, cattrs.gen.make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
        )
    return converter


def _converter(rules: Ruleset) -> cattrs.Converter:
    engine = rules.engine
    cached: cattrs.Converter | None = getattr(engine, "_converter", None)
    if cached is None:
        cached = make_converter(engine.action_types + engine.pending_types)
        engine._converter = cached  # type: ignore[attr-defined]
    return cached


_STATE_FIELDS = tuple(
    f for f in attrs.fields(State) if f.name != "rules" and not f.name.startswith("_cache")
)


def state_to_dict(state: State) -> dict[str, Any]:
    """Return ``state`` as a JSON-able dict (without its ruleset)."""
    converter = _converter(state.rules)
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    types = {info.name: info.state_type for info in state.rules.infos}
    for field in _STATE_FIELDS:
        value = getattr(state, field.name)
        if field.name == "ext":
            data["ext"] = [[name, converter.unstructure(v, types.get(name))] for name, v in value]
        elif field.name == "pending":
            data["pending"] = [converter.unstructure(item) for item in value]
        else:
            data[field.name] = converter.unstructure(value)
    return data


def to_json(state: State) -> str:
    """Serialise ``state`` to a JSON text (the ruleset is not included).

    Example:
        >>> import burgundy
        >>> rules = burgundy.Ruleset(players=2, variants=())
        >>> state = rules.initial_state()
        >>> burgundy.from_json(burgundy.to_json(state), rules) == state
        True
    """
    return json.dumps(state_to_dict(state), separators=(",", ":"))


def _field_type(name: str) -> Any:
    hints = {
        "seats": tuple[Seat, ...],
        "estates": tuple[Estate, ...],
        "order": tuple[int, ...],
        "track": tuple[tuple[int, ...], ...],
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
    }
    return hints.get(name, int)


def state_from_dict(data: Any, rules: Ruleset) -> State:
    """Build a state from :func:`state_to_dict`'s output and validate it.

    Raises:
        ValueError: The data is malformed or describes an impossible state.
    """
    if not isinstance(data, dict):
        raise ValueError(f"state must be a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"not a {FORMAT} version {VERSION} document")
    expected = {f.name for f in _STATE_FIELDS} | {"format", "version"}
    missing = sorted(expected - set(data))
    extra = sorted(set(data) - expected)
    if missing or extra:
        raise ValueError(f"state fields: missing {missing}, unexpected {extra}")
    converter = _converter(rules)
    types = {info.name: info.state_type for info in rules.infos}
    values: dict[str, Any] = {}
    for field in _STATE_FIELDS:
        raw = data[field.name]
        try:
            if field.name == "pending":
                if not isinstance(raw, list):
                    raise ValueError("expected a list")
                values["pending"] = tuple(converter.structure(i, Pending) for i in raw)
            elif field.name == "ext":
                names = [name for name, _ in _initial_ext(rules)]
                values["ext"] = _structure_ext(converter, raw, types, names)
            else:
                values[field.name] = converter.structure(raw, _field_type(field.name))
        except (BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
            raise ValueError(f"state field {field.name!r}: {_describe(exc)}") from None
    state = State(rules=rules, **values)
    validate_state(state)
    return state


def _structure_ext(
    converter: cattrs.Converter, raw: Any, types: dict[str, type | None], expected: list[str]
) -> tuple[tuple[str, Any], ...]:
    if not isinstance(raw, list):
        raise ValueError("expected a list of [variant, value] pairs")
    names = [pair[0] if isinstance(pair, list) and pair else None for pair in raw]
    if names != expected:
        raise ValueError(f"expected the states of variants {expected}, got {names}")
    out: list[tuple[str, Any]] = []
    for pair in raw:
        kind = types.get(pair[0])
        if len(pair) != 2 or kind is None:
            raise ValueError(f"bad variant state entry {pair!r}")
        out.append((pair[0], converter.structure(pair[1], kind)))
    return tuple(out)


def _initial_ext(rules: Ruleset) -> tuple[tuple[str, Any], ...]:
    """The variant states a game of ``rules`` starts with (what a loaded state must hold)."""
    engine = rules.engine
    cached: tuple[tuple[str, Any], ...] | None = getattr(engine, "_initial_ext", None)
    if cached is None:
        cached = rules.initial_state().ext
        engine._initial_ext = cached  # type: ignore[attr-defined]
    return cached


def _describe(exc: BaseException) -> str:
    if isinstance(exc, BaseValidationError):
        messages = cattrs.transform_error(exc)
        return "; ".join(messages)
    return str(exc)


def from_json(text: str | bytes, rules: Ruleset) -> State:
    """Load a state saved by :func:`to_json`, under ``rules``.

    Raises:
        ValueError: The text is not JSON, is malformed, or describes an impossible state;
            the message says what and where.
    """
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise ValueError(f"not valid JSON: {exc}") from None
    return state_from_dict(data, rules)


# -- actions --------------------------------------------------------------------------------
def action_to_dict(action: Action, rules: Ruleset) -> dict[str, Any]:
    """Return ``action`` as a JSON-able dict tagged with its type name (for front ends that
    send actions over the wire; records use the text form).

    Raises:
        ValueError: The action's type is not known to ``rules`` (core or enabled variant).
    """
    if type(action) not in rules.engine.action_types:
        raise ValueError(f"{type(action).__name__} is not an action of this ruleset")
    data: dict[str, Any] = _converter(rules).unstructure(action)
    return data


def action_from_dict(data: Any, rules: Ruleset) -> Action:
    """Build an action from :func:`action_to_dict`'s output.

    Raises:
        ValueError: Malformed data or an action type unknown to ``rules``.
    """
    from burgundy.actions import Action

    try:
        action: Action = _converter(rules).structure(data, Action)
    except (BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise ValueError(f"bad action: {_describe(exc)}") from None
    return action


# -- validation -----------------------------------------------------------------------------
def _check(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)


def _counts(values: tuple[int, ...], where: str, length: int | None = None) -> None:
    _check(all(v >= 0 for v in values), f"{where}: counts must not be negative")
    if length is not None:
        _check(len(values) == length, f"{where}: expected {length} entries, got {len(values)}")


def _codes(values: tuple[int, ...], where: str) -> None:
    _check(all(0 <= v < N_TILE_KINDS for v in values), f"{where}: unknown tile code")
    _sorted(values, where)


def _sorted(values: tuple[int, ...], where: str) -> None:
    # the rules keep these sorted and rely on it (e.g. components.distinct)
    _check(list(values) == sorted(values), f"{where}: must be sorted")


def validate_state(state: State) -> None:
    """Check that ``state`` is possible under its ruleset.

    Checks ranges (dice, counts, tile codes, seats, boards), the consistency of each duchy
    (covered spaces and masks) and the conservation of hexes and goods.

    Raises:
        ValueError: What is wrong, and where.
    """
    rules = state.rules
    engine = rules.engine
    n = rules.players
    _check(len(state.seats) == n, f"seats: expected {n}, got {len(state.seats)}")
    for i, seat in enumerate(state.seats):
        where = f"seats[{i}]"
        _check(0 <= seat.estate < len(state.estates), f"{where}.estate: no such estate")
        _check(all(1 <= d <= 6 for d in seat.dice + seat.rolled), f"{where}: dice must be 1-6")
        _check(len(seat.rolled) in (0, 2) and len(seat.dice) <= 2, f"{where}: two dice a seat")
        _sorted(seat.dice, f"{where}.dice")
        _sorted(seat.rolled, f"{where}.rolled")
        _check(seat.vp >= 0, f"{where}.vp: must not be negative")
        _check(
            sum(vp for _, vp in seat.ledger) == seat.vp, f"{where}.ledger: does not add up to vp"
        )
        _codes(seat.storage, f"{where}.storage")
    for i, estate in enumerate(state.estates):
        _validate_estate(state, i, estate)
    _check(0 <= state.phase <= 5 and 0 <= state.round <= 4, "phase/round out of range")
    _check(0 <= state.white <= 6, "white: must be 0-6")
    _check(all(0 <= s < n for s in state.order), "order: unknown seat")
    _check(state.turn <= max(len(state.order), 1), "turn: out of range")
    marked = sorted(s for stack in state.track for s in stack)
    _check(marked in ([], list(range(n))), "track: every seat exactly once")
    _check(len(state.depots) == 6 and len(state.depot_goods) == 6, "depots: expected 6")
    for d, tiles in enumerate(state.depots):
        _codes(tiles, f"depots[{d}]")
        _counts(state.depot_goods[d], f"depot_goods[{d}]", 6)
    _codes(state.black_depot, "black_depot")
    _check(all(1 <= g <= 6 for g in state.round_goods), "round_goods: colours are 1-6")
    _counts(state.goods_pool, "goods_pool", 6)
    _counts(state.supply, "supply", N_TILE_KINDS)
    _counts(state.black_supply, "black_supply", N_TILE_KINDS)
    _counts(state.removed, "removed", N_TILE_KINDS)
    _check(
        len(state.bonus_tiles) == 6 and all(0 <= b <= 2 for b in state.bonus_tiles),
        "bonus_tiles: six counts of 0-2",
    )
    for k, item in enumerate(state.pending):
        _check(type(item) in engine.pending_rules, f"pending[{k}]: unknown type")
        _check(-2 <= item.seat < n, f"pending[{k}].seat: no such seat")
        if isinstance(item, Turn):
            _check(
                state.turn < len(state.order) and item.seat == state.order[state.turn],
                f"pending[{k}]: the turn is not the seat's whose turn it is (order/turn)",
            )
    _check_bonus_tiles(state)
    _check_conservation(state)
    for check in engine.validate:
        check(state)


def _validate_estate(state: State, i: int, estate: Estate) -> None:
    where = f"estates[{i}]"
    board = state.rules.engine.boards.get(estate.board)
    if board is None:
        _check(estate.board == 0 and estate.filled == 0, f"{where}.board: unknown board")
        return
    _check(len(estate.spaces) == len(board.colours), f"{where}.spaces: wrong length")
    filled = 0
    frontier = 0
    kinds = 0
    for s, tile in enumerate(estate.spaces):
        if tile == EMPTY:
            continue
        _check(0 <= tile < N_TILE_KINDS, f"{where}.spaces[{s}]: unknown tile code")
        filled |= 1 << s
        frontier |= board.neighbours[s]
        kinds |= 1 << tile
    _check(estate.filled == filled, f"{where}.filled: does not match the covered spaces")
    _check(estate.frontier == frontier, f"{where}.frontier: does not match the covered spaces")
    _check(estate.kinds == kinds, f"{where}.kinds: does not match the covered spaces")
    _check(
        estate.start == -1
        or (0 <= estate.start < len(estate.spaces) and estate.spaces[estate.start] == CASTLE),
        f"{where}.start: the start castle's space holds no castle",
    )
    _check(
        all(0 <= colour < 6 and size in (0, 1) for colour, size in estate.bonus),
        f"{where}.bonus: entries are (colour 0-5, size 0 or 1)",
    )
    if not state.rules.engine.placement_spaces:  # no variant lets tiles on other colours
        for s, tile in enumerate(estate.spaces):
            _check(
                tile == EMPTY or TILE_COLOUR[tile] == board.colours[s],
                f"{where}.spaces[{s}]: a tile on a space of another colour",
            )
    from burgundy.rules.effects import goods_colour_limit

    limit = goods_colour_limit(state, i)
    _check(sum(1 for g in estate.goods if g) <= limit, f"{where}.goods: more than {limit} colours")
    _codes(estate.storage, f"{where}.storage")
    _counts(estate.goods, f"{where}.goods", 6)
    _counts(estate.sold, f"{where}.sold", 6)
    _check(estate.silver >= 0 and estate.workers >= 0, f"{where}: negative silver or workers")


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
    return totals


def _goods_totals(state: State) -> list[int]:
    return [a + b for a, b in zip(state.goods_pool, goods_outside_pool(state), strict=True)]


def goods_outside_pool(state: State) -> list[int]:
    """Goods by colour that have been drawn: on round spaces, depots, in estates, sold."""
    totals = [0] * 6
    for g in state.round_goods:
        totals[g - 1] += 1
    for counts in (*state.depot_goods, *(e.goods for e in state.estates),
                   *(e.sold for e in state.estates)):
        for c, n in enumerate(counts):
            totals[c] += n
    return totals


def component_totals(rules: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the hex totals by tile code and goods totals by colour a game of ``rules``
    holds (what conservation is checked against)."""
    engine = rules.engine
    cached: tuple[tuple[int, ...], tuple[int, ...]] | None = getattr(engine, "_totals", None)
    if cached is None:
        first = rules.initial_state()
        cached = (tuple(_tile_totals(first)), tuple(_goods_totals(first)))
        engine._totals = cached  # type: ignore[attr-defined]
    return cached


def _check_conservation(state: State) -> None:
    tiles, goods = component_totals(state.rules)
    _check(tuple(_tile_totals(state)) == tiles, "hexes: not conserved across supply, depots, "
           "storage, duchies and removed")
    _check(
        all(a <= b for a, b in zip(_goods_totals(state), goods, strict=True)),
        "goods: more goods than the game holds",
    )


