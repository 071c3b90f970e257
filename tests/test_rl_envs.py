"""The PettingZoo and Gymnasium environments of ``burgundy.rl`` (issue #18): PettingZoo's
``api_test`` and ``seed_test`` for 2-4 players and variant mixes, the mask in the
observation dict; Gymnasium's ``check_env``, ``action_masks()``, bots by spec, and the
documented outcome of an illegal id (the episode ends with ``illegal_reward``)."""

from __future__ import annotations

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
    game = env(players=2)
    game.reset(seed=1)
    obs = game.observe(game.agent_selection)
    with pytest.raises(ValueError):
        game.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


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
    for bad in (-1, environment.codec.size, 2.5):
        assert environment.step(bad)[4]["illegal"]  # type: ignore[arg-type]
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


