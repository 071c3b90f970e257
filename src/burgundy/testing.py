"""Test helpers and the conformance kit for the core and for variant plugins.

A plugin author checks a variant with a few lines of pytest::

    import pytest
    from burgundy import Ruleset
    from burgundy.testing import check_conformance

    @pytest.mark.parametrize("players", [2, 3, 4])
    @pytest.mark.parametrize("edition", ["2019", "2011"])
    def test_my_variant_conforms(players, edition):
        rules = Ruleset(players=players, variants=("my-variant",), edition=edition)
        check_conformance(rules, seeds=range(3))

:func:`check_conformance` plays seeded random games to the end and checks at every step the
invariants every ruleset must keep (:func:`check_invariants`): hexes and goods conserved,
no negative silver or workers, scores never falling, every legal action applies, an illegal
one raises, chance probabilities sum to one, and JSON round-trips to an equal state; and that
the same seed gives the same game. The other helpers build positions for rule tests.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from typing import Any

from burgundy.actions import Action
from burgundy.components import tile_code
from burgundy.errors import IllegalActionError
from burgundy.geometry import SPACE_BY_NAME
from burgundy.io import from_json, goods_outside_pool, to_json, validate_state
from burgundy.pending import Turn
from burgundy.rules.income import set_estate, set_seat
from burgundy.state import EMPTY, State, replace
from burgundy.variants import Ruleset


class _Illegal(Action):
    """An action type no ruleset knows, to check that illegal actions raise."""

    def __str__(self) -> str:
        return "illegal"


def sample_outcome(state: State, rng: random.Random) -> Any:
    """Pick a chance outcome of ``state`` with its probability."""
    outcomes = state.chance_outcomes()
    return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]


def random_playout(
    rules: Ruleset, seed: int, *, check: bool = False, max_steps: int = 100_000
) -> list[State]:
    """Play one game with uniformly random legal actions and sampled chance.

    Args:
        rules: The ruleset.
        seed: Seed of the RNG choosing actions and outcomes.
        check: Check :func:`check_invariants` at every step (slow).
        max_steps: Give up (``AssertionError``) after this many steps.

    Returns:
        Every state of the game, the first (set-up) to the last (terminal).
    """
    return playout(rules.initial_state(), seed, check=check, max_steps=max_steps)


def playout(
    start: State,
    seed: int,
    *,
    check: bool = False,
    prefer: tuple[type, ...] = (),
    bias: float = 0.5,
    max_steps: int = 100_000,
) -> list[State]:
    """Play from ``start`` to the end with random legal actions and sampled chance.

    Args:
        start: The state to play from (a built position, say).
        seed: Seed of the RNG choosing actions and outcomes.
        check: Check :func:`check_invariants` at every step (slow).
        prefer: Action types to favour (a variant's own actions, so they come up).
        bias: Probability of choosing among the preferred actions when some are legal.
        max_steps: Give up (``AssertionError``) after this many steps.

    Returns:
        Every state from ``start`` to the terminal one.
    """
    rng = random.Random(seed)
    state = start
    states = [state]
    for _ in range(max_steps):
        if check:
            check_invariants(state, states[-2] if len(states) > 1 else None)
        if state.is_terminal:
            return states
        if state.is_chance:
            state = state.apply(sample_outcome(state, rng))
        else:
            legal = state.legal_actions()
            preferred = [a for a in legal if isinstance(a, prefer)] if prefer else []
            pool = preferred if preferred and rng.random() < bias else legal
            state = state.apply(rng.choice(pool))
        states.append(state)
    raise AssertionError(f"game did not end within {max_steps} steps")


def check_invariants(state: State, previous: State | None = None) -> None:
    """Assert the invariants every state of every ruleset keeps.

    Raises:
        AssertionError: An invariant is broken (the message says which).
    """
    try:
        validate_state(state)
    except ValueError as exc:
        raise AssertionError(f"invalid state: {exc}") from exc
    if previous is not None:
        for seat, (old, new) in enumerate(zip(previous.scores, state.scores, strict=True)):
            assert new >= old, f"seat {seat}'s score fell from {old} to {new}"
    assert from_json(to_json(state), state.rules) == state, "JSON round-trip changed the state"
    if state.is_terminal:
        assert state.legal_actions() == () and state.chance_outcomes() == ()
        assert state.winners(), "a finished game has winners"
        return
    if state.is_chance:
        outcomes = state.chance_outcomes()
        assert len(outcomes) > 1, "single-outcome chance nodes are resolved by the engine"
        assert math.isclose(sum(p for _, p in outcomes), 1.0), "probabilities must sum to 1"
        assert state.legal_actions() == ()
        return
    legal = state.legal_actions()
    assert legal, "a decision node has legal actions"
    assert len(set(legal)) == len(legal), "legal actions are distinct"
    texts = [str(a) for a in legal]
    assert len(set(texts)) == len(texts), "legal actions have distinct text forms"
    for action in legal:
        state.apply(action)
    try:
        state.apply(_Illegal())
    except IllegalActionError:
        pass
    else:
        raise AssertionError("an illegal action was accepted")


def check_conformance(rules: Ruleset, seeds: Iterable[int] = range(2)) -> None:
    """Play a seeded random game per seed, checking invariants at every step, and check
    that replaying a seed gives the same game.

    Raises:
        AssertionError: A broken invariant or a non-deterministic game.
    """
    for seed in seeds:
        states = random_playout(rules, seed, check=True)
        assert states[-1].is_terminal
        again = random_playout(rules, seed)
        assert [s.key for s in again] == [s.key for s in states], "same seed, different game"


# -- building positions ---------------------------------------------------------------------
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
    from burgundy.rules.place import put_tile

    index = state.seats[seat].estate
    state = take_from_supply(state, *tiles.values())
    for name, tile in tiles.items():
        space = SPACE_BY_NAME[name]
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
    from burgundy.rules.take import remove_from_depot

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
    depots: Mapping[int, Iterable[str]] | None = None,
    black: Iterable[str] | None = None,
    depot_goods: Mapping[int, tuple[int, ...]] | None = None,
    phase: int | None = None,
    last_turn_of_phase: bool = False,
) -> State:
    """Build a position for a rule test: the seat to move (``state.current_player``) at the
    start of its turn in a seeded game, with what is given. Hexes and goods stay conserved
    (they are fetched from the supply, the depots or the pool), so the position is valid.

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
        depots: Hexes on numbered depots; given this or ``black``, all depots are rebuilt.
        black: Hexes on the black depot.
        depot_goods: Goods counts by colour on numbered depots (the others get none).
        phase: Phase index 0-4 to play in.
        last_turn_of_phase: Make this the last turn of round 5, so ending it ends the phase.

    Raises:
        ValueError: The position is impossible (the message says why).

    Example:
        >>> import burgundy
        >>> from burgundy.testing import build_position
        >>> rules = burgundy.Ruleset(players=2, variants=())
        >>> state = build_position(rules, storage=["cow4"], tiles={"c2": "cow3"}, dice=(2, 5))
        >>> seat = state.current_player
        >>> after = state.apply(find_action(state, "place cow4 b1 d2"))
        >>> after.scores[seat] - state.scores[seat]  # Benno's cows: 4 + 3
        7
    """
    state = first_turn(rules, seed)
    if phase is not None:
        state = replace(state, phase=phase)
    if last_turn_of_phase:
        last = len(state.order) - 1
        state = replace(state, round=4, turn=last, pending=(Turn(state.order[last]),))
    seat = state.current_player
    them = next_seat(state)
    goods_before = goods_outside_pool(state)
    if depots is not None or black is not None:
        state = set_depots(state, depots, black)
    if depot_goods is not None:
        counts: list[tuple[int, ...]] = [(0,) * 6] * 6
        for depot, colours in depot_goods.items():
            counts[depot - 1] = tuple(colours)
        state = replace(state, depot_goods=tuple(counts))
    storage = list(storage)
    for name in storage:
        state = take_from_supply(fetch(state, name), name)
    state = with_estate(
        state, seat, storage=storage, silver=silver, workers=workers, goods=goods, sold=sold
    )
    for who, placed in ((seat, tiles), (them, their_tiles)):
        for space, name in (placed or {}).items():
            state = with_tiles(fetch(state, name), who, {space: name})
    state = with_dice(state, seat, *dice)
    goods_after = goods_outside_pool(state)
    pool = [
        p - (new - old)
        for p, new, old in zip(state.goods_pool, goods_after, goods_before, strict=True)
    ]
    state = replace(state, goods_pool=tuple(pool))
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
    from burgundy.game import parse_action

    return parse_action(state, text)


def _code(tile: str | int) -> int:
    return tile if isinstance(tile, int) else tile_code(tile)
