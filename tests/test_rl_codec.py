"""The action-id space and the observations of ``burgundy.rl`` (issue #18): a fixed size
per ruleset (at most 10,000 ids for the standard game), ``encode``/``decode``/``mask``
round-trips over random games of every variant mix, an id meaning the same action in every
state; observations as float32 vectors of a documented layout, own seat first, hiding the
face-down supplies and every future chance outcome, deterministic."""

from __future__ import annotations

import doctest
import importlib
import random
import subprocess
import sys

import attrs
import numpy as np
import pytest

import burgundy
from burgundy.actions import TakeWorkers
from burgundy.registry import available_variants, example_options
from burgundy.rl import ActionCodec, observation_layout, observation_size, observe
from burgundy.state import replace
from burgundy.variants import every_variant


def _mixes() -> list[tuple[int, tuple[str, ...]]]:
    """Every variant with the standard game (knowledge; solo with one player) and every
    variant at once, for each player count (the mixes the variants allow together)."""
    out: list[tuple[int, tuple[str, ...]]] = [(2, ()), (2, ("knowledge",))]
    for players in (1, 2, 3, 4):
        out.append((players, every_variant(players)))
        base = {"knowledge", "solo"} if players == 1 else {"knowledge"}
        for name in available_variants(players=players):
            mix = tuple(sorted(base | {name}))
            if (players, mix) not in out:
                out.append((players, mix))
    return out


def _rules(players: int, variants: tuple[str, ...]) -> burgundy.Ruleset:
    return burgundy.Ruleset(players=players, variants=variants, options=example_options(variants))


@pytest.mark.parametrize(("players", "variants"), _mixes())
def test_ids_round_trip_over_a_random_game(players: int, variants: tuple[str, ...]) -> None:
    """Every legal action of every decision of a random game has an id; decoding it in the
    state gives the action back; the mask marks exactly the legal ids."""
    rules = _rules(players, variants)
    codec = ActionCodec(rules)
    game = burgundy.Game(rules, seed=players)
    rng = random.Random(players)
    size = observation_size(rules)
    while not game.state.is_terminal:
        state = game.state
        legal = state.legal_actions()
        mask = codec.mask(state)
        assert mask.shape == (codec.size,) and mask.dtype == np.bool_
        ids = [codec.encode(a, state) for a in legal]
        assert sorted(ids) == list(np.flatnonzero(mask))
        for action, index in zip(legal, ids, strict=True):
            assert codec.decode(index, state) is action
        vector = observe(state, state.current_player)
        assert vector.shape == (size,) and vector.dtype == np.float32
        game.play(rng.choice(legal))


def test_the_standard_game_has_at_most_10000_ids() -> None:
    """Issue #18: a policy's output layer of at most 10,000 for the standard game (the
    knowledge variant), whatever the player count; the blocks tile the space in order."""
    for players in (2, 3, 4):
        codec = ActionCodec(burgundy.Ruleset(players=players, variants=("knowledge",)))
        assert codec.size <= 10_000
        starts = [start for _, start, _ in codec.layout()]
        assert starts == sorted(starts) and starts[0] == 0
        _, start, size = codec.layout()[-1]
        assert start + size == codec.size


def test_an_id_is_the_same_action_in_every_state() -> None:
    """The id of an action depends on the ruleset only: two codecs of one ruleset agree,
    and an action decoded in two states is the same action."""
    rules = burgundy.Ruleset(players=2, variants=("knowledge",))
    a, b = ActionCodec(rules), ActionCodec(rules)
    assert a.layout() == b.layout()
    index = a.encode(TakeWorkers(3))
    assert b.action(index) == TakeWorkers(3)
    game = burgundy.Game(rules, seed=5)
    seen: dict[int, object] = {}
    rng = random.Random(5)
    for _ in range(120):
        state = game.state
        if state.is_terminal:
            break
        for action in state.legal_actions():
            key = a.encode(action, state)
            if type(action).__name__ in ("TakeTile", "PlaceTile", "SellGoods", "BuyTile"):
                assert seen.setdefault(key, action) == action
        game.play(rng.choice(state.legal_actions()))


def test_bad_ids_and_actions_are_value_errors() -> None:
    """Outside input: an id out of range, an id not legal here, an action of another
    ruleset's type: ``ValueError``, never another exception."""
    rules = burgundy.Ruleset(players=2, variants=())
    codec = ActionCodec(rules)
    state = burgundy.Game(rules, seed=1).state
    for bad in (-1, codec.size, 10**9, "3", 2.5, None):
        with pytest.raises(ValueError):
            codec.decode(bad, state)  # type: ignore[arg-type]
    illegal = next(i for i in range(codec.size) if not codec.mask(state)[i])
    with pytest.raises(ValueError, match="not legal"):
        codec.decode(illegal, state)
    with pytest.raises(ValueError):
        codec.encode(TakeWorkers(9))
    with pytest.raises(ValueError):
        codec.encode("workers d3")  # type: ignore[arg-type]


def test_observe_is_own_seat_first_and_deterministic() -> None:
    """The observer's own seat is slot 0: seat 1's view has seat 1's VP where seat 0's view
    has seat 0's; the same state gives the same vector."""
    rules = burgundy.Ruleset(players=3, variants=("knowledge",))
    game = burgundy.Game(rules, seed=2)
    rng = random.Random(2)
    for _ in range(60):
        game.play(rng.choice(game.legal_actions()))
    state = game.state
    state = replace(state, seats=tuple(attrs.evolve(s, vp=10 * (i + 1)) for i, s in
                                       enumerate(state.seats)))
    at = {name: start for name, start, _ in observation_layout(rules)}
    for seat in range(3):
        vector = observe(state, seat)
        assert vector[at["seat[0].vp"]] == pytest.approx((seat + 1) / 10)
        assert vector[at["seat[1].vp"]] == pytest.approx(((seat + 1) % 3 + 1) / 10)
        assert np.array_equal(vector, observe(state, seat))
    with pytest.raises(ValueError):
        observe(state, 3)


def test_observe_hides_the_face_down_supply_and_future_chance() -> None:
    """Two states that differ only in what is face down (the hex supply, the goods pool) give
    the same vector (a state holds no RNG: the next chance outcome is in neither)."""
    rules = burgundy.Ruleset(players=2, variants=("knowledge",))
    game = burgundy.Game(rules, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        game.play(rng.choice(game.legal_actions()))
    state = game.state
    supply = list(state.supply)
    a, b = [i for i, n in enumerate(supply) if n][:2]  # move one hex between two piles
    supply[a] -= 1
    supply[b] += 1
    pool = (*state.goods_pool[1:], state.goods_pool[0])
    other = replace(state, supply=tuple(supply), goods_pool=pool)
    for seat in (0, 1):
        assert np.array_equal(observe(state, seat), observe(other, seat))


RL_MODULES = ["burgundy.rl", "burgundy.rl.codec", "burgundy.rl.observation",
              "burgundy.rl.pettingzoo", "burgundy.rl.gym"]
"""The modules of the extra ``rl`` (``burgundy.rl.openspiel`` is the extra ``openspiel``'s:
tests/test_rl_openspiel.py)."""


@pytest.mark.parametrize("module", RL_MODULES)
def test_rl_module_imports_first_and_its_examples_run(module: str) -> None:
    """As tests/test_imports.py and tests/test_doctests.py do for the core."""
    result = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    outcome = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0 and outcome.failed == 0
