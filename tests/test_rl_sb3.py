"""The Gymnasium environment driven by sb3-contrib's ``MaskablePPO`` as its documentation
writes the evaluation loop (issue #31): ``model.predict(obs, action_masks=...)`` returns a 0-d
``ndarray``, handed to ``env.step`` as it is. Every such action is legal, and the policy wins
against the random bot exactly as often as the training demo measures it
(``docs/examples/learn.py``'s ``win_rate``, which converts with ``int``).

Needs the ``rl-test`` extra (torch, sb3-contrib; ``.venv`` only, noxfile.py)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO

from burgundy.rl.gym import BurgundyEnv
from repo_scripts import load_script

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

ROOT = Path(__file__).resolve().parent.parent


def _demo() -> ModuleType:
    """docs/examples/learn.py, the training demo of docs/learning.md."""
    return load_script(ROOT / "docs/examples/learn.py", "learn_demo", register=True)


def _raw_win_rate(model: MaskablePPO, games: int, seed: int) -> float:
    """As the demo's ``win_rate``, but stepping with ``predict``'s output unconverted."""
    env = BurgundyEnv(players=2, opponents=("random",))
    wins = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        terminated = False
        reward = 0.0
        while not terminated:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            assert isinstance(action, np.ndarray) and action.shape == ()
            obs, reward, terminated, _, info = env.step(action)
            assert not info["illegal"]
        wins += reward > 0
    return wins / games


def test_maskable_ppo_predict_output_plays_as_the_demo_measures() -> None:
    """The demo's model (its arguments, seed 0) over the demo's 20 evaluation games: stepping
    with ``predict``'s raw output wins exactly as often as the demo's ``int`` loop, and at
    least as often as docs/learning.md reports for the demo before training (0.35). Before
    issue #31 each raw 0-d array was an illegal action and every game was lost."""
    demo = _demo()
    torch.set_num_threads(1)
    env = demo.LeadShaping(BurgundyEnv(players=2, opponents=("random",)))
    model = MaskablePPO("MlpPolicy", env, seed=0, n_steps=1024, batch_size=256,
                        learning_rate=3e-4, gamma=0.995, verbose=0)
    raw = _raw_win_rate(model, 20, 10_000)
    assert raw == demo.win_rate(model, 20, 10_000)
    assert raw >= 0.35
