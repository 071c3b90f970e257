"""Positions for rule tests: a seeded game's first turn with hexes, dice, goods and
depots set as a test needs (:func:`build_position`, :func:`with_tiles`, ...), and helpers
that find and play actions by their text form.

Its front door is :mod:`burgundy.testing`, which exports every name here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from burgundy.actions import Action
from burgundy.components import tile_code
from burgundy.game import parse_action
from burgundy.geometry import SPACE_BY_NAME
from burgundy.pending import Turn
from burgundy.rules.income import set_estate, set_seat
from burgundy.rules.place import put_tile
from burgundy.rules.take import remove_from_depot
from burgundy.state import EMPTY, State, replace
from burgundy.testing.conformance import sample_outcome
from burgundy.validation import goods_outside_pool, validate_state
from burgundy.variants import Ruleset


def first_turn(rules: Ruleset, seed: int = 0) -> State:
    """Return the first decision of a turn in a seeded game (chance sampled)."""
    rng = random.Random(seed)
    state = rules.initial_state()
    while not (state.pending and isinstance(state.pending[-1], Turn)):
        if state.is_chance:
            state = state.apply(sample_outcome(state, rng))
        else:
            state = state.apply(state.legal_actions()[0])
    return state


def with_estate(state: State, seat: int, **changes: Any) -> State:
    """Return ``state`` with seat ``seat``'s estate changed (``storage``, ``goods``,
    ``silver``, ``workers``, ...). Tile names are accepted in ``storage``."""
    if "storage" in changes:
        changes["storage"] = tuple(sorted(_code(t) for t in changes["storage"]))
    return set_estate(state, state.seats[seat].estate, **changes)


def with_dice(state: State, seat: int, *dice: int) -> State:
    """Return ``state`` with seat ``seat`` holding ``dice`` as its unused dice."""
    return set_seat(state, seat, dice=tuple(sorted(dice)), rolled=tuple(sorted(dice)))


def with_tiles(state: State, seat: int, tiles: Mapping[str, str | int]) -> State:
    """Return ``state`` with tiles put on seat ``seat``'s duchy, e.g. ``{"e1": "cow3"}``.

    No scoring or effect happens; use it to build a position, then play the action under
    test. The tiles are taken out of the supply so hexes stay conserved.
    """
    index = state.seats[seat].estate
    names = state.rules.engine.boards[state.estates[index].board].space_by_name
    state = take_from_supply(state, *tiles.values())
    for name, tile in tiles.items():
        space = names.get(name)
        if space is None:
            raise ValueError(f"no space {name!r} on the duchy of seat {seat}")
        if state.estates[index].spaces[space] != EMPTY:
            raise ValueError(f"space {name} is covered")
        state = put_tile(state, index, _code(tile), space, from_storage=False)
    return state


def take_from_supply(state: State, *tiles: str | int) -> State:
    """Return ``state`` with ``tiles`` removed from the supply (to give them to someone
    with :func:`with_estate` and keep hexes conserved)."""
    supply = list(state.supply)
    black = list(state.black_supply)
    for tile in tiles:
        code = _code(tile)
        if supply[code] > 0:
            supply[code] -= 1
        elif black[code] > 0:
            black[code] -= 1
        else:
            raise ValueError(f"no {tile} left in the supply")
    return replace(state, supply=tuple(supply), black_supply=tuple(black))


def fetch(state: State, name: str) -> State:
    """Make sure one ``name`` hex is in the (main or black) supply, taking it off a depot if
    the seeded set-up drew it there, or back from the removed pile (knowledge tiles exist
    once each, so a position that needs one must fetch it from wherever it is).

    Raises:
        ValueError: No such hex is left anywhere.
    """
    code = _code(name)
    if state.supply[code] or state.black_supply[code]:
        return state
    for depot in range(7):
        tiles = state.black_depot if depot == 0 else state.depots[depot - 1]
        if code in tiles:
            state = remove_from_depot(state, depot, code)
            return _to_supply(state, code)
    if state.removed[code]:
        removed = list(state.removed)
        removed[code] -= 1
        return _to_supply(replace(state, removed=tuple(removed)), code)
    raise ValueError(f"no {name} left to fetch")


def _to_supply(state: State, code: int) -> State:
    supply = list(state.supply)
    supply[code] += 1
    return replace(state, supply=tuple(supply))


def set_depots(
    state: State,
    depots: Mapping[int, Iterable[str]] | None = None,
    black: Iterable[str] | None = None,
) -> State:
    """Replace the hexes of the given depots (1-6; ``black`` for the black depot); every
    other depot is cleared. Cleared hexes go to the removed pile, new ones are fetched."""
    removed = list(state.removed)
    for tile in (*(t for d in state.depots for t in d), *state.black_depot):
        removed[tile] += 1
    state = replace(state, depots=((),) * 6, black_depot=(), removed=tuple(removed))
    new_depots: list[tuple[int, ...]] = [()] * 6
    for depot, names in (depots or {}).items():
        names = list(names)
        for name in names:
            state = take_from_supply(fetch(state, name), name)
        new_depots[depot - 1] = tuple(sorted(_code(n) for n in names))
    black_names = list(black or ())
    for name in black_names:
        state = take_from_supply(fetch(state, name), name)
    new_black = tuple(sorted(_code(n) for n in black_names))
    return replace(state, depots=tuple(new_depots), black_depot=new_black)


def next_seat(state: State) -> int:
    """The seat after the seat to move in this round's play order."""
    order = state.order
    return order[(order.index(state.current_player) + 1) % len(order)]


_SEAT_KEYS: tuple[str, ...] = ("tiles", "storage", "silver", "workers", "goods", "sold", "dice")
"""The keys of a seat's entry in :func:`build_position`'s ``seats``."""

_NOTHING: dict[str, Any] = {
    "tiles": {}, "storage": (), "silver": 0, "workers": 0,
    "goods": (0, 0, 0, 0, 0, 0), "sold": (0, 0, 0, 0, 0, 0), "dice": (),
}
"""What the seat to move gets for each key that no argument gives."""


def build_position(
    rules: Ruleset,
    *,
    seed: int = 0,
    tiles: Mapping[str, str] | None = None,
    their_tiles: Mapping[str, str] | None = None,
    storage: Iterable[str] = (),
    dice: Iterable[int] = (),
    silver: int = 0,
    workers: int = 0,
    goods: tuple[int, ...] = (0, 0, 0, 0, 0, 0),
    sold: tuple[int, ...] = (0, 0, 0, 0, 0, 0),
    seats: Mapping[int, Mapping[str, Any]] | None = None,
    depots: Mapping[int, Iterable[str]] | None = None,
    black: Iterable[str] | None = None,
    depot_goods: Mapping[int, tuple[int, ...]] | None = None,
    phase: int | None = None,
    last_turn_of_phase: bool = False,
) -> State:
    """Build a position for a rule test: the seat to move (``state.current_player``) at the
    start of its turn in a seeded game, with what is given for it and for any other seat.
    Hexes and goods stay conserved (hexes are fetched from the supply, the depots or the
    removed pile; goods come from and go back to the goods pool), so the position is valid.

    The seat to move gets exactly what the keyword arguments say: what they leave out it
    does not have (no silver, no workers, no goods, no dice). Every other seat keeps what
    the seeded set-up gave it, except what its entry in ``seats`` changes. Which seat moves
    depends on the seed: it is ``first_turn(rules, seed).current_player``.

    Args:
        rules: The ruleset (its boards come from its ``boards`` option; board 1 by default,
            start castle on d4).
        seed: Seed of the game the position starts from.
        tiles: Hexes in the seat's duchy by space (no scoring, no effect), e.g.
            ``{"e1": "k7"}``.
        their_tiles: The same for the next seat in play order (:func:`next_seat`).
        storage: Hexes in the seat's storage.
        dice: The seat's unused dice.
        silver: The seat's silverlings.
        workers: The seat's workers.
        goods: The seat's goods by colour.
        sold: The seat's sold goods by colour.
        seats: What to set for any seat, by seat index: a mapping with any of the keys
            ``"tiles"``, ``"storage"``, ``"silver"``, ``"workers"``, ``"goods"``, ``"sold"``
            (as the arguments of the same names) and ``"dice"`` (for the seat to move its
            unused dice, as ``dice``; for another seat the two dice it rolled this round).
            An entry for the seat to move takes the place of the keyword arguments; a key
            given both ways raises.
        depots: Hexes on numbered depots; given this or ``black``, all depots are rebuilt.
        black: Hexes on the black depot.
        depot_goods: Goods counts by colour on numbered depots (the others get none).
        phase: Phase index 0-4 to play in.
        last_turn_of_phase: Make this the last turn of round 5, so ending it ends the phase.

    Raises:
        ValueError: The position is impossible or the arguments are bad (the message says
            why): an unknown seat or key in ``seats``, a key given twice, a bad count, a
            covered space, a hex none is left of, or more goods of a colour than the game
            has (the message names the colour).

    Examples:
        Benno's cows (rulebook p.6), for the seat to move:

        >>> import burgundy
        >>> from burgundy.testing import build_position, find_action, first_turn
        >>> rules = burgundy.Ruleset(players=2, variants=())
        >>> state = build_position(rules, storage=["cow4"], tiles={"c2": "cow3"}, dice=(2, 5))
        >>> seat = state.current_player
        >>> after = state.apply(find_action(state, "place cow4 b1 d2"))
        >>> after.scores[seat] - state.scores[seat]  # Benno's cows: 4 + 3
        7

        Every seat can be set up; here the seat after the one to move:

        >>> mover = first_turn(rules).current_player
        >>> other = 1 - mover
        >>> state = build_position(rules, dice=(1, 4), seats={
        ...     other: {"silver": 5, "goods": (2, 0, 0, 0, 0, 0), "tiles": {"c4": "k1"}},
        ... })
        >>> state.seat_estate(other).silver, state.seat_estate(other).goods
        (5, (2, 0, 0, 0, 0, 0))

        Mistakes are named:

        >>> build_position(rules, seats={other: {"gold": 1}})
        Traceback (most recent call last):
        ...
        ValueError: seats[...]: unknown key(s) 'gold' (known: tiles, storage, silver, ...)
        >>> build_position(rules, goods=(8, 0, 0, 0, 0, 0))
        Traceback (most recent call last):
        ...
        ValueError: not enough goods of colour 1: the game has 7, and the position puts ...
    """
    state = first_turn(rules, seed)
    if phase is not None:
        state = replace(state, phase=phase)
    if last_turn_of_phase:
        last = len(state.order) - 1
        state = replace(state, round=4, turn=last, pending=(Turn(state.order[last]),))
    mover = state.current_player
    given = {
        "tiles": tiles or {}, "storage": storage, "silver": silver,
        "workers": workers, "goods": goods, "sold": sold, "dice": dice,
    }
    specs = _seat_specs(state, seats, mover, given, next_seat(state), their_tiles or {})
    goods_total = [
        p + o for p, o in zip(state.goods_pool, goods_outside_pool(state), strict=True)
    ]
    if depots is not None or black is not None:
        state = set_depots(state, depots, black)
    if depot_goods is not None:
        counts: list[tuple[int, ...]] = [(0,) * 6] * 6
        for depot, colours in depot_goods.items():
            counts[depot - 1] = _counts(colours, f"depot_goods[{depot!r}]")
        state = replace(state, depot_goods=tuple(counts))
    for seat, spec in specs.items():
        state = _set_up_seat(state, seat, spec, mover=seat == mover)
    return _settle_goods_pool(state, goods_total)


def _seat_specs(
    state: State,
    seats: Mapping[int, Mapping[str, Any]] | None,
    mover: int,
    given: dict[str, Any],
    them: int,
    their_tiles: Mapping[str, str],
) -> dict[int, dict[str, Any]]:
    """What :func:`build_position` sets for each seat, checked: the seat to move gets every
    key (the keyword arguments, then its ``seats`` entry), the others their entries."""
    n = len(state.seats)
    seats = {} if seats is None else seats
    if not isinstance(seats, Mapping):
        raise ValueError(f"seats: a mapping of seat index to what to set, not {seats!r}")
    unknown_seats = [s for s in seats if not (_is_count(s) and s < n)]
    if unknown_seats:
        raise ValueError(
            f"seats: no seat {', '.join(repr(s) for s in unknown_seats)} in a {n}-player "
            f"game (seats 0-{n - 1})"
        )
    specs: dict[int, dict[str, Any]] = {}
    for seat, entry in seats.items():
        if not isinstance(entry, Mapping):
            raise ValueError(f"seats[{seat}]: a mapping of what to set, not {entry!r}")
        unknown = [k for k in entry if k not in _SEAT_KEYS]
        if unknown:
            raise ValueError(
                f"seats[{seat}]: unknown key(s) {', '.join(repr(k) for k in unknown)} "
                f"(known: {', '.join(_SEAT_KEYS)})"
            )
        specs[seat] = _checked(
            entry, _entry_label(seat), mover=seat == mover, names=_space_names(state, seat)
        )
    given = _checked(given, lambda key: f"{key}=", mover=True, names=_space_names(state, mover))
    mine = specs.setdefault(mover, {})
    for key, value in given.items():
        if key in mine:
            if not _is_nothing(key, value):
                raise ValueError(
                    f"seat {mover}'s {key!r} is given twice: as {key}= and in seats[{mover}]"
                )
        else:
            mine[key] = value
    if their_tiles:
        theirs = specs.setdefault(them, {})
        if "tiles" in theirs:
            raise ValueError(
                f"seat {them}'s 'tiles' are given twice: as their_tiles= and in seats[{them}]"
            )
        theirs["tiles"] = _checked(
            {"tiles": their_tiles}, lambda key: "their_tiles=", mover=False,
            names=_space_names(state, them),
        )["tiles"]
    owners: dict[tuple[int, str], int] = {}
    for seat, spec in specs.items():
        for key in spec:
            if key == "dice":
                continue
            where = (state.seats[seat].estate, key)
            if owners.setdefault(where, seat) != seat:
                raise ValueError(
                    f"seats {owners[where]} and {seat} share estate {where[0]}: give its "
                    f"{key!r} once"
                )
    return specs


def _entry_label(seat: int) -> Callable[[str], str]:
    """How an error message names a value of ``seats[seat]``."""
    return lambda key: f"seats[{seat}][{key!r}]"


def _is_nothing(key: str, value: Any) -> bool:
    """Whether a keyword argument of :func:`build_position` was left at its default."""
    if key in ("goods", "sold"):
        return bool(tuple(value) == _NOTHING[key])
    if key in ("tiles", "storage", "dice"):
        return not value
    return bool(value == _NOTHING[key])


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _counts(value: Any, where: str) -> tuple[int, ...]:
    """Six goods counts by colour, checked."""
    try:
        counts = tuple(value)
    except TypeError:
        counts = ()
    if len(counts) != 6 or not all(_is_count(c) for c in counts):
        raise ValueError(f"{where}: six counts of 0 or more (goods 1-6), not {value!r}")
    return counts


def _space_names(state: State, seat: int) -> Mapping[str, int]:
    """The space names of seat ``seat``'s duchy board (the standard ones before a deal)."""
    board = state.rules.engine.boards.get(state.seat_estate(seat).board)
    return SPACE_BY_NAME if board is None else board.space_by_name


def _checked(
    values: Mapping[str, Any], label: Callable[[str], str], *, mover: bool,
    names: Mapping[str, int] = SPACE_BY_NAME,
) -> dict[str, Any]:
    """The values of one seat's set-up, checked and normalised (tuples); ``label(key)``
    names a value in an error message, ``names`` are the seat's board's space names."""
    checked = dict(values)
    for key in ("silver", "workers"):
        if key in checked and not _is_count(checked[key]):
            raise ValueError(f"{label(key)}: a count of 0 or more, not {checked[key]!r}")
    for key in ("goods", "sold"):
        if key in checked:
            checked[key] = _counts(checked[key], label(key))
    if "tiles" in checked:
        tiles = checked["tiles"]
        if not isinstance(tiles, Mapping):
            raise ValueError(f"{label('tiles')}: a mapping of space to hex, not {tiles!r}")
        for space in tiles:
            if space not in names:
                raise ValueError(f"{label('tiles')}: no duchy space {space!r}")
    if "storage" in checked:
        if isinstance(checked["storage"], str):
            raise ValueError(f"{label('storage')}: a list of hexes, not {checked['storage']!r}")
        checked["storage"] = tuple(checked["storage"])
    if "dice" in checked:
        dice = checked["dice"]
        rolled = () if isinstance(dice, str) else tuple(dice)
        count_ok = len(rolled) <= 2 if mover else len(rolled) == 2
        if not count_ok or not all(_is_count(d) and 1 <= d <= 6 for d in rolled):
            wanted = "up to two dice" if mover else "the two dice it rolled"
            raise ValueError(f"{label('dice')}: {wanted}, values 1-6, not {dice!r}")
        checked["dice"] = rolled
    return checked


def _set_up_seat(state: State, seat: int, spec: dict[str, Any], *, mover: bool) -> State:
    """Give seat ``seat`` what ``spec`` says (hexes fetched; goods settled later)."""
    for name in spec.get("storage", ()):
        state = take_from_supply(fetch(state, name), name)
    estate = {key: spec[key] for key in ("storage", "silver", "workers", "goods", "sold")
              if key in spec}
    if estate:
        state = with_estate(state, seat, **estate)
    for space, name in spec.get("tiles", {}).items():
        state = with_tiles(fetch(state, name), seat, {space: name})
    if "dice" in spec:
        if mover:
            state = with_dice(state, seat, *spec["dice"])
        else:
            state = set_seat(state, seat, dice=(), rolled=tuple(sorted(spec["dice"])))
    return state


def _settle_goods_pool(state: State, totals: list[int]) -> State:
    """Put the goods pool back in step: what the game has of each colour less what the
    position puts outside the pool; then check the whole position."""
    outside = goods_outside_pool(state)
    for colour, (total, out) in enumerate(zip(totals, outside, strict=True), start=1):
        if out > total:
            raise ValueError(
                f"not enough goods of colour {colour}: the game has {total}, and the position "
                f"puts {out} outside the pool (with the seats, on the depots and the round "
                f"spaces)"
            )
    pool = tuple(total - out for total, out in zip(totals, outside, strict=True))
    state = replace(state, goods_pool=pool)
    validate_state(state)
    return state


def legal_texts(state: State, prefix: str = "") -> set[str]:
    """The text forms of ``state``'s legal actions (those starting with ``prefix``)."""
    return {str(a) for a in state.legal_actions() if str(a).startswith(prefix)}


def play_texts(state: State, *texts: str) -> State:
    """Apply the legal actions with these text forms, one after the other.

    Raises:
        IllegalActionError: One of them is not legal when its turn comes.
    """
    for text in texts:
        state = state.apply(find_action(state, text))
    return state


def find_action(state: State, text: str) -> Action:
    """Return the legal action of ``state`` with text form ``text``.

    Raises:
        IllegalActionError: No such legal action.
    """
    return parse_action(state, text)


def _code(tile: str | int) -> int:
    return tile if isinstance(tile, int) else tile_code(tile)
