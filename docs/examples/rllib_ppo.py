"""Train PPO with action masking on the Gymnasium environment with RLlib, on a CPU.

RLlib (``pip install burgundy[rllib]``: ``ray[rllib]`` and torch) builds the environment
from its registered id, ``"burgundy.rl.gym:burgundy/Burgundy-v0"`` (the module before the
colon is imported in every process that makes one), with ``observation="masked"``: a dict
of the observation vector (``"observations"``) and a float mask of the legal ids
(``"action_mask"``), the form RLlib's own action-masking module,
``ActionMaskingTorchRLModule``, takes. Nothing else is needed: no wrapper, no custom
model. An illegal id would end the episode with -1 instead of raising, so RLlib's
environment pre-check passes.

    python docs/examples/rllib_ppo.py [--iterations 3]
"""

from __future__ import annotations

import argparse
from typing import Any

import ray
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
    ActionMaskingTorchRLModule,
)

ENV = "burgundy.rl.gym:burgundy/Burgundy-v0"


def config(opponent: str = "random") -> PPOConfig:
    """PPO on seat 0 of a 2-player standard game against ``opponent``, small and quick."""
    return (
        PPOConfig()
        .environment(ENV, env_config={"players": 2, "opponents": (opponent,),
                                      "observation": "masked"})
        .env_runners(num_env_runners=0, num_envs_per_env_runner=1)
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=256, minibatch_size=128, num_epochs=1)
        .rl_module(rl_module_spec=RLModuleSpec(
            module_class=ActionMaskingTorchRLModule,
            model_config={"head_fcnet_hiddens": [64], "fcnet_hiddens": [64]},
        ))
    )


def train(iterations: int) -> list[dict[str, Any]]:
    """``iterations`` training iterations; their results (RLlib's dicts)."""
    algorithm = config().build_algo()
    try:
        return [algorithm.train() for _ in range(iterations)]
    finally:
        algorithm.stop()


def main(argv: list[str] | None = None) -> int:
    """Start Ray in this process, train, print each iteration's episodes and return."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=3)
    args = parser.parse_args(argv)
    ray.init(num_cpus=1, include_dashboard=False)
    try:
        for i, result in enumerate(train(args.iterations), 1):
            runners = result["env_runners"]
            print(f"iteration {i}: {runners['num_env_steps_sampled_lifetime']} steps, "
                  f"episode return {runners.get('episode_return_mean', float('nan')):.2f}")
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(None))
