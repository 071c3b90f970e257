"""The PettingZoo and Gymnasium environments of ``burgundy.rl`` (issue #18): PettingZoo's
``api_test`` and ``seed_test`` for 2-4 players and variant mixes, the mask in the
observation dict; Gymnasium's ``check_env``, ``action_masks()``, bots by spec; every
integer-like id taken alike and the documented outcome of an illegal one in both (issue #31:
the episode ends with ``illegal_reward``, as PettingZoo's ``TerminateIllegalWrapper``; an
option raises instead)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import burgundy.rl.gym
from burgundy.registry import example_options
from burgundy.rl.gym import ENV_ID, BurgundyEnv
from burgundy.rl.pettingzoo import env
from burgundy.variants import every_variant

MIXES = [(2, ("knowledge",)), (3, ("knowledge",)), (4, ("knowledge",)), (2, ()),
         (1, every_variant(1)), (2, every_variant(2)), (3, every_variant(3)),
         (4, every_variant(4))]
"""The standard game at each count, the base game, and every variant at once."""


def _env(players: int, variants: tuple[str, ...]) -> burgundy.rl.pettingzoo.BurgundyAEC:
    return env(players=players, variants=variants, options=example_options(variants))


@pytest.mark.parametrize(("players", "variants"), MIXES)
def test_pettingzoo_api_and_seed_tests(players: int, variants: tuple[str, ...]) -> None:
    """PettingZoo's own conformance tests, over whole games (num_cycles past the end)."""
    api_test(_env(players, variants), num_cycles=2000, verbose_progress=False)
    seed_test(lambda: _env(players, variants), num_cycles=300)


def test_pettingzoo_game_ends_with_win_rewards_and_masks() -> None:
    """The mask marks the legal ids of the agent to move only; a whole game ends with +1
    for the winners and -1 for the others; the same seed plays the same game."""
    def play(seed: int) -> tuple[list[float], list[int]]:
        game = env(players=3)
        game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        moves: list[int] = []
        final: dict[str, float] = {}
        for agent in game.agent_iter():
            obs, reward, terminated, truncated, _ = game.last()
            if terminated or truncated:
                final[agent] = float(reward)
                game.step(None)
                continue
            for other in game.agents:
                if other != agent:
                    assert not game.observe(other)["action_mask"].any()
            move = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            moves.append(move)
            game.step(move)
        return [final[a] for a in game.possible_agents], moves

    rewards, moves = play(7)
    assert sorted(set(rewards)) in ([-1.0, 1.0], [1.0])
    assert play(7)[1] == moves


INT_LIKE = [int, np.int64, np.int16, np.uint32, np.array, lambda i: np.array([i])]
"""Every integer-like form of an id: a Python int, NumPy integers, a 0-d array (what
Stable-Baselines3's ``predict`` returns), a shape-(1,) array."""


@pytest.mark.parametrize("form", INT_LIKE)
def test_both_environments_take_every_integer_like_id(form: Any) -> None:
    """The same legal id in every form plays the same move, in both environments."""
    game, plain = env(players=2), env(players=2)
    for g in (game, plain):
        g.reset(seed=5)
    for _ in range(5):
        legal = int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[-1])
        game.step(form(legal))
        plain.step(legal)
        assert game.state == plain.state and not game.terminations[game.agent_selection]
    single, reference = BurgundyEnv(players=2), BurgundyEnv(players=2)
    single.reset(seed=5)
    reference.reset(seed=5)
    for _ in range(5):
        legal = int(np.flatnonzero(single.action_masks())[-1])
        result = single.step(form(legal))
        reference.step(legal)
        assert result[4] == {"illegal": False} and single.state == reference.state


ILLEGAL = [-1, 10**9, 2.5, 3.0, True, None, "3", np.array([1, 2]), np.array(3.0),
           np.array([[3]])]
"""Illegal actions beside an id not legal now: out of range, not integer-like."""


def test_pettingzoo_illegal_action_ends_the_game_for_the_offender() -> None:
    """PettingZoo's convention (``TerminateIllegalWrapper``): the offender -1, the others 0,
    everyone terminated, ``info["illegal"]``; the state unchanged; ``on_illegal="raise"``
    raises a ValueError that shows the id as a number (no ``array(...)``)."""
    for bad in [*ILLEGAL, "not-legal"]:
        game = env(players=3, illegal_reward=-2.0)
        game.reset(seed=1)
        offender, before = game.agent_selection, game.state
        if isinstance(bad, str) and bad == "not-legal":
            bad = int(np.flatnonzero(game.observe(offender)["action_mask"] == 0)[0])
        game.step(bad)
        assert game.state is before
        assert game.infos[offender] == {"illegal": True}
        assert all(game.terminations.values())
        finals = {}
        for agent in game.agent_iter():
            finals[agent] = game.last()[1]
            game.step(None)
        assert finals[offender] == -2.0
        assert sorted(finals.values()) == [-2.0, 0.0, 0.0] and game.agents == []
    game = env(players=2, on_illegal="raise")
    game.reset(seed=1)
    illegal = int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=rf"^action id {illegal} is not legal here$"):
        game.step(np.array(illegal))
    with pytest.raises(ValueError, match=r"^action id 99999: not in 0-\d+$"):
        game.step(np.array([99999]))
    with pytest.raises(ValueError, match=r"^action \[1, 2\]: not an action id"):
        game.step(np.array([1, 2]))
    with pytest.raises(ValueError, match=r"^action '"):
        game.step("x" * 10_000)
    try:
        game.step("x" * 10_000)
    except ValueError as error:
        assert len(str(error)) < 120
    with pytest.raises(ValueError):
        env(players=2, on_illegal="ignore")


def test_gymnasium_check_env_and_registration() -> None:
    """``gymnasium.make("burgundy/Burgundy-v0")`` after the import; the checker passes."""
    made = gymnasium.make(ENV_ID, players=3, opponents=("greedy", "random"))
    check_env(made.unwrapped, skip_render_check=True)
    check_env(BurgundyEnv(players=2, variants=("knowledge", "shields"), opponents=("random",)),
              skip_render_check=True)


def test_gymnasium_masks_illegal_ids_and_a_whole_game() -> None:
    """``action_masks()`` gives the legal ids; an illegal id ends the episode with
    ``illegal_reward`` and ``info["illegal"]`` and changes nothing; a game against bots
    ends with +1 or -1; bad specs are ValueErrors."""
    environment = BurgundyEnv(players=2, opponents=("greedy",), illegal_reward=-5.0)
    obs, info = environment.reset(seed=2)
    assert environment.observation_space.contains(obs) and info == {"illegal": False}
    mask = environment.action_masks()
    before = environment.state
    illegal = int(np.flatnonzero(~mask)[0])
    obs, reward, terminated, truncated, info = environment.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-5.0, True, False, True)
    assert environment.state is before
    for bad in [environment.codec.size, *ILLEGAL]:
        assert environment.step(bad)[1:5] == (-5.0, True, False, {"illegal": True})
        assert environment.state is before
    environment.reset(seed=2)
    rng = np.random.default_rng(2)
    terminated = False
    while not terminated:
        legal = np.flatnonzero(environment.action_masks())
        obs, reward, terminated, truncated, info = environment.step(int(rng.choice(legal)))
        assert not info["illegal"]
    assert reward in (1.0, -1.0) and not environment.action_masks().any()
    with pytest.raises(ValueError):
        BurgundyEnv(players=3, opponents=("random", "random", "random"))
    with pytest.raises(ValueError):
        BurgundyEnv(players=2, opponents=("chess",))
    with pytest.raises(ValueError):
        BurgundyEnv(players=2, seat=2)
    with pytest.raises(ValueError):
        BurgundyEnv(players=2, on_illegal="warn")
    with pytest.raises(ValueError):
        BurgundyEnv(players=2, observation="image")


def test_gymnasium_raise_option_and_clear_messages() -> None:
    """``on_illegal="raise"``: a ValueError naming the id as a number, nothing changed; a
    step after the end raises too."""
    environment = BurgundyEnv(players=2, on_illegal="raise")
    environment.reset(seed=4)
    before = environment.state
    illegal = int(np.flatnonzero(~environment.action_masks())[0])
    with pytest.raises(ValueError, match=rf"^action id {illegal} is not legal here$"):
        environment.step(np.array(illegal))
    with pytest.raises(ValueError, match=r"^action 2.5: not an action id"):
        environment.step(2.5)
    assert environment.state is before
    rng = np.random.default_rng(4)
    terminated = False
    while not terminated:
        action = rng.choice(np.flatnonzero(environment.action_masks()))
        terminated = environment.step(action)[2]
    with pytest.raises(ValueError, match="the game is over"):
        environment.step(0)


def test_gymnasium_masked_observation_is_rllibs_dict() -> None:
    """``observation="masked"``: ``observations`` (the vector) and a float32
    ``action_mask`` equal to ``action_masks()``; the checker passes."""
    environment = BurgundyEnv(players=2, observation="masked")
    check_env(environment, skip_render_check=True)
    obs, _ = environment.reset(seed=3)
    assert environment.observation_space.contains(obs)
    assert obs["action_mask"].dtype == np.float32
    assert (obs["action_mask"] == environment.action_masks()).all()
    plain = BurgundyEnv(players=2)
    assert (plain.reset(seed=3)[0] == obs["observations"]).all()
    made = gymnasium.make("burgundy.rl.gym:burgundy/Burgundy-v0", observation="masked")
    assert isinstance(made.observation_space, gymnasium.spaces.Dict)


