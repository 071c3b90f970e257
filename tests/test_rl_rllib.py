"""RLlib out of the box (issue #31): RLlib's multi-agent environment pre-check passes on
the PettingZoo environment through RLlib's ``PettingZooEnv`` (it steps a random id: an
illegal one must end the game, not raise), Gymnasium's checker (what RLlib's single-agent
runners rely on) on the masked Gymnasium environment as RLlib makes it, and the documented
example (``docs/examples/rllib_ppo.py``) trains PPO with
RLlib's own action-masking module for two iterations on a real local Ray, with no wrapper.

Needs the ``rllib`` extra (``ray[rllib]``, torch; ``.venv`` only, noxfile.py). About a
minute: a Ray start-up, PPO's build and 512 sampled steps.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from burgundy.rl.pettingzoo import env
from repo_scripts import load_script

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

# RLlib itself is imported inside the tests: importing it takes seconds, which every pytest
# worker would pay while collecting, not only the one that runs this file.

ROOT = Path(__file__).resolve().parent.parent


def _example() -> ModuleType:
    return load_script(ROOT / "docs/examples/rllib_ppo.py", "rllib_ppo_example", register=True)


def test_rllibs_pre_check_passes_on_both_environments() -> None:
    """Before issue #31 the PettingZoo environment raised on the checker's random ids
    (``does not abide to the new gymnasium-style API``)."""
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    example = _example()
    check_env(gymnasium.make(example.ENV, observation="masked").unwrapped,
              skip_render_check=True)
    for players in (2, 3):
        check_multiagent_environments(PettingZooEnv(env(players=players)))


def test_the_documented_example_trains_ppo_with_masking_on_ray() -> None:
    import ray

    example = _example()
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    try:
        results = example.train(2)
    finally:
        ray.shutdown()
    runners = [r["env_runners"] for r in results]
    assert [int(r["num_env_steps_sampled_lifetime"]) for r in runners] == [256, 512]
    assert all(r["num_episodes"] >= 0 for r in runners)
    assert any(np.isfinite(r.get("episode_return_mean", np.nan)) for r in runners)
