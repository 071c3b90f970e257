"""``burgundy.rl.observe`` against a plain reference build (issue #18): the cached, assembled
vector is byte-identical to one written slice by slice from the layout, for every seat of
every decision and chance node of random games of several variant mixes and 2-4 players;
it is deterministic and its caches stay bounded."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import burgundy
from burgundy.pending import StowTile
from burgundy.registry import example_options
from burgundy.rl import observation as obs
from burgundy.rl import observation_layout, observe
from burgundy.state import State
from burgundy.variants import every_variant


def _observe_plain(state: State, seat: int) -> npt.NDArray[np.float32]:
    """The layout written out one slice at a time, no caches: the reference."""
    rules = state.rules
    n = rules.players
    at = {name: start for name, start, _ in observation_layout(rules)}
    pending = {cls: i for i, cls in enumerate(rules.engine.pending_types)}
    out = np.zeros(obs.observation_size(rules), dtype=np.float32)
    out[at["phase"] + min(state.phase, 5)] = 1
    out[at["round"] + min(state.round, 4)] = 1
    if state.white:
        out[at["white"] + state.white - 1] = 1
    if state.pending:
        top = state.pending[-1]
        out[at["pending"] + pending[type(top)]] = 1
        if top.seat >= 0:
            out[at["to_move"] + (top.seat - seat) % n] = 1
        if isinstance(top, StowTile):
            out[at["held"] + top.tile] = 1
    t = len(rules.engine.tiles.main)
    for d, tiles in enumerate(state.depots):
        for tile in tiles:
            out[at["depots"] + d * t + tile] += 1
    for tile in state.black_depot:
        out[at["black_depot"] + tile] += 1
    for d, goods in enumerate(state.depot_goods):
        for colour, count in enumerate(goods):
            out[at["depot_goods"] + 6 * d + colour] = count
    for colour in state.round_goods:
        out[at["round_goods"] + colour - 1] += 1
    for k in range(n):
        who = (seat + k) % n
        person = state.seats[who]
        estate = state.estates[person.estate]
        p = f"seat[{k}]."
        if who in state.order:
            out[at[p + "order"] + state.order.index(who)] = 1
        for die in person.dice:
            out[at[p + "dice"] + die - 1] += 1
        out[at[p + "vp"]] = person.vp / obs.SCALES["vp"]
        for tile in estate.storage:
            out[at[p + "storage"] + tile] += 1
        for tile in person.storage:
            out[at[p + "own_storage"] + tile] += 1
        out[at[p + "goods"]:at[p + "goods"] + 6] = estate.goods
        out[at[p + "sold"]:at[p + "sold"] + 6] = estate.sold
        out[at[p + "silver"]] = estate.silver / obs.SCALES["silver"]
        out[at[p + "workers"]] = estate.workers / obs.SCALES["workers"]
        for space, tile in enumerate(estate.spaces):
            if tile >= 0:
                out[at[p + "filled"] + space] = 1
                out[at[p + "duchy"] + tile] += 1
        for colour, size in estate.bonus:
            out[at[p + "bonus"] + colour] = 1.0 if size == 0 else 0.5
    _variant_slices_plain(state, seat, at, out)
    return out


def _variant_slices_plain(
    state: State, seat: int, at: dict[str, int], out: npt.NDArray[np.float32]
) -> None:
    """The variants' slices (hook ``burgundy_observation_slices``), one by one."""
    n = state.rules.players
    for variant, piece in state.rules.observation_slices:
        if piece.per_seat:
            for k in range(n):
                start = at[f"seat[{k}].{variant}.{piece.name}"]
                values = list(piece.fill(state, (seat + k) % n))
                assert len(values) == piece.size
                out[start:start + piece.size] = values
        else:
            start = at[f"{variant}.{piece.name}"]
            values = list(piece.fill(state, seat))
            assert len(values) == piece.size
            out[start:start + piece.size] = values


MIXES = [
    (2, ()),
    (2, ("knowledge",)),
    (3, ("knowledge", "shields")),
    (4, ("knowledge", "trade_routes")),
    (2, every_variant(2)),
    (3, every_variant(3)),
    (4, every_variant(4)),
]
"""Base game, the standard game, single variants, and every variant at once."""


def _random_states(players: int, variants: tuple[str, ...], seed: int) -> list[State]:
    """Every state (decisions and chance nodes) of one random game."""
    rules = burgundy.Ruleset(players=players, variants=variants,
                             options=example_options(variants))
    rng = random.Random(seed)
    state = rules.initial_state()
    states = [state]
    while not state.is_terminal:
        if state.is_chance:
            state = state.apply(state.sample_outcome(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize(("players", "variants"), MIXES)
def test_observe_equals_the_plain_build_for_every_seat(
    players: int, variants: tuple[str, ...]
) -> None:
    """Byte-identical to the reference at every state of a random game, for every seat, in
    the order the game is played (the caches warm up as an environment's do) and once more
    backwards (every lookup then hits a cache filled by another state)."""
    states = _random_states(players, variants, seed=players + len(variants))
    for sweep in (states, states[::-1]):
        for state in sweep:
            for seat in range(players):
                fast = observe(state, seat)
                plain = _observe_plain(state, seat)
                assert fast.dtype == np.float32 and fast.shape == plain.shape
                assert fast.tobytes() == plain.tobytes(), _first_difference(state, fast, plain)


def _first_difference(state: State, fast: Any, plain: Any) -> str:
    index = int(np.flatnonzero(fast != plain)[0])
    for name, start, size in observation_layout(state.rules):
        if start <= index < start + size:
            return f"slice {name}[{index - start}]: {fast[index]} != {plain[index]}"
    return f"index {index}"


def test_observe_returns_a_fresh_array_each_call() -> None:
    """Writing into a returned vector changes no later observation (the caches' arrays are
    never handed out)."""
    state = _random_states(2, ("knowledge",), seed=5)[200]
    first = observe(state, 0)
    first[:] = 7.0
    assert observe(state, 0).tobytes() == _observe_plain(state, 0).tobytes()


def test_the_caches_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cache is cleared when it reaches its bound (memory stays bounded over many
    games), and the vectors stay right across the clearings."""
    monkeypatch.setattr(obs, "CACHE_LIMIT", 8)
    obs._PLANS.clear()
    for seed in range(2):
        for state in _random_states(2, ("knowledge",), seed=seed):
            assert observe(state, 1).tobytes() == _observe_plain(state, 1).tobytes()
    sizes = obs._cache_sizes()
    assert set(sizes) >= {"views", "duchies", "headers", "tile_counts", "dice", "numbers"}
    for name, size in sizes.items():
        assert 0 < size <= 8, name


# -- the hook burgundy_observation_slices, with a small test plugin ------------------------
TALLY = '''
import attrs

from burgundy import hookimpl
from burgundy.variant_info import ObservationSlice, VariantInfo


@attrs.frozen
class Tally:
    turns: tuple[int, ...]  # turns started, per seat


@hookimpl
def burgundy_variant():
    return VariantInfo(name="tally", state_type=Tally)


@hookimpl
def burgundy_setup(rules):
    return lambda state: state.with_variant_state("tally", Tally((0,) * rules.players))


@hookimpl
def burgundy_events(rules):
    def count(state, seat):
        turns = list(state.variant_state("tally").turns)
        turns[seat] += 1
        return state.with_variant_state("tally", Tally(tuple(turns)))
    return {"turn_start": count}


@hookimpl
def burgundy_observation_slices(rules):
    return (
        ObservationSlice("total", 1, lambda state, seat: (
            sum(state.variant_state("tally").turns),), shared=True),
        ObservationSlice("me", 1, lambda state, seat: (seat,)),  # the observer
        ObservationSlice("turns", 2, lambda state, seat: (
            state.variant_state("tally").turns[seat], seat == 0), per_seat=True),
        ObservationSlice("silver2", 1, lambda state, seat: (
            state.seat_estate(seat).silver ** 2,), per_seat=True, uses_state=True),
    )
'''


def test_a_variants_slices_come_after_the_cores_and_follow_its_state(
    install_plugin: Callable[[str, str], None],
) -> None:
    """Hook burgundy_observation_slices: the variant's global slices (one the same for every
    observer, ``shared``; one the observer's own), then its per-seat ones for each seat
    slot (own seat first), in the layout after the core's; the vector follows the
    variant's state (called again when its value changes) and, with ``uses_state``, the
    core's (at every observation)."""
    install_plugin("tally", TALLY)
    rules = burgundy.Ruleset(players=3, variants=("knowledge", "tally"))
    names = [name for name, _, _ in observation_layout(rules)]
    core = names.index("seat[2].bonus")
    assert names[core + 1:] == [
        "tally.total", "tally.me", "seat[0].tally.turns", "seat[0].tally.silver2",
        "seat[1].tally.turns", "seat[1].tally.silver2", "seat[2].tally.turns",
        "seat[2].tally.silver2"]
    at = {name: (start, size) for name, start, size in observation_layout(rules)}
    assert obs.observation_size(rules) == at["seat[2].tally.silver2"][0] + 1
    game = burgundy.Game(rules, seed=3)
    rng = random.Random(3)
    totals = set()
    for _ in range(120):
        state = game.state
        turns = state.variant_state("tally").turns
        for seat in range(3):
            vector = observe(state, seat)
            assert vector.tobytes() == _observe_plain(state, seat).tobytes()
            start, _ = at["tally.total"]
            assert vector[start] == sum(turns)
            start, _ = at["tally.me"]
            assert vector[start] == seat
            for k in range(3):
                who = (seat + k) % 3
                start, size = at[f"seat[{k}].tally.turns"]
                assert list(vector[start:start + size]) == [turns[who], who == 0]
                start, _ = at[f"seat[{k}].tally.silver2"]
                assert vector[start] == state.seat_estate(who).silver ** 2
        totals.add(sum(turns))
        game.play(rng.choice(game.legal_actions()))
    assert len(totals) > 3  # the turns were counted as the game went on


@pytest.mark.parametrize(("answer", "message"), [
    ("5", "list or tuple of ObservationSlice values"),
    ("(1,)", "ObservationSlice values"),
    ("(ObservationSlice('no good', 1, lambda s, k: (0,)),)", "fresh identifier"),
    ("(ObservationSlice('a', 1, lambda s, k: (0,)), ObservationSlice('a', 1, lambda s, k: (0,)))",
     "fresh identifier"),
    ("(ObservationSlice('a', 0, lambda s, k: ()),)", "size of at least 1"),
])
def test_bad_observation_slices_are_value_errors(
    install_plugin: Callable[[str, str], None], answer: str, message: str
) -> None:
    """A bad answer of the hook fails when the ruleset is built, naming the variant."""
    install_plugin("bad", f'''
from burgundy import hookimpl
from burgundy.variant_info import ObservationSlice, VariantInfo

@hookimpl
def burgundy_variant():
    return VariantInfo(name="bad")

@hookimpl
def burgundy_observation_slices(rules):
    return {answer}
''')
    with pytest.raises(ValueError, match=message):
        burgundy.Ruleset(players=2, variants=("bad",))


def test_a_fill_of_the_wrong_length_is_a_value_error(
    install_plugin: Callable[[str, str], None],
) -> None:
    """A fill that gives another count than its size is refused by observe."""
    install_plugin("short", '''
from burgundy import hookimpl
from burgundy.variant_info import ObservationSlice, VariantInfo

@hookimpl
def burgundy_variant():
    return VariantInfo(name="short")

@hookimpl
def burgundy_observation_slices(rules):
    return (ObservationSlice("a", 2, lambda state, seat: (1,)),)
''')
    state = burgundy.Game(burgundy.Ruleset(players=2, variants=("short",)), seed=1).state
    with pytest.raises(ValueError, match="gave 1 numbers, not its size 2"):
        observe(state, 0)
