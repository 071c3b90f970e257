"""Train a masked policy on the Gymnasium environment against the random bot, on a CPU.

sb3-contrib's ``MaskablePPO`` (``pip install burgundy[learn]``: torch, sb3-contrib,
matplotlib) plays seat 0 of a 2-player standard game (``burgundy/Burgundy-v0``, the other
seat ``random``); every ``--every`` steps the policy (deterministic, masked) plays
``--eval-games`` games against the random bot and its win rate is written down. At the end
the learning curve is drawn to ``--picture`` and the last win rate printed. ``make learn``
runs it (not ``make test``). Everything it writes goes to ``.venv/`` (ignored by git) unless
told otherwise: the page's picture is updated only by ``--picture
docs/images/learning-curve.png``. Torch runs on one thread (``torch.set_num_threads(1)``):
for networks this small, more threads only fight over a shared CPU (16-19 steps/s instead of
~100 on 2 cores).

The reward is shaped a little on top of the environment's +1/-1 at the end: each step
gives the change of the seat's VP lead over the opponent divided by 100 (a denser signal
for a short run); the win rate is measured on the plain game.

    python docs/examples/learn.py [--steps 30000] [--every 6000] [--eval-games 20]
        [--picture .venv/learning-curve.png] [--results .venv/learn.json]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import gymnasium

import burgundy.rl.gym  # noqa: F401  (registers burgundy/Burgundy-v0)
from burgundy.rl.gym import BurgundyEnv

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO

ROOT = Path(__file__).resolve().parent.parent.parent
OUTPUT = ROOT / ".venv"
"""Where the run writes by default: outside the tracked tree (``.venv/`` is git-ignored)."""


class LeadShaping(gymnasium.Wrapper[Any, Any, Any, Any]):
    """Adds the change of the agent's VP lead / 100 to each step's reward."""

    def _lead(self) -> float:
        scores = self.env.unwrapped.state.scores
        seat = self.env.unwrapped.seat
        return float(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))

    def reset(self, **kwargs: Any) -> Any:
        out = self.env.reset(**kwargs)
        self._last = self._lead()
        return out

    def step(self, action: Any) -> Any:
        obs, reward, terminated, truncated, info = self.env.step(action)
        lead = self._lead()
        reward += (lead - self._last) / 100.0
        self._last = lead
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()


def win_rate(model: MaskablePPO, games: int, seed: int) -> float:
    """The share of ``games`` the policy wins against the random bot (a shared win counts)."""
    env = BurgundyEnv(players=2, opponents=("random",))
    wins = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        terminated = False
        reward = 0.0
        while not terminated:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, _, info = env.step(int(action))
            assert not info["illegal"]
        wins += reward > 0
    return wins / games


def build_parser() -> argparse.ArgumentParser:
    """The command line of the example (its defaults write under :data:`OUTPUT`)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--steps", type=int, default=30_000)
    parser.add_argument("--every", type=int, default=6_000)
    parser.add_argument("--eval-games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--picture", default=str(OUTPUT / "learning-curve.png"),
                        help="the learning curve (docs/images/learning-curve.png: the page's)")
    parser.add_argument("--results", default=str(OUTPUT / "learn.json"))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Train, measure, draw."""
    import torch
    from sb3_contrib import MaskablePPO

    args = build_parser().parse_args(argv)
    torch.set_num_threads(1)  # small networks: threads only fight over a shared CPU
    env = LeadShaping(BurgundyEnv(players=2, opponents=("random",)))
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=1024, batch_size=256,
                        learning_rate=3e-4, gamma=0.995, verbose=0)
    curve = [(0, win_rate(model, args.eval_games, 10_000))]
    print(f"steps 0: win rate {curve[-1][1]:.2f} against random", flush=True)
    done = 0
    while done < args.steps:
        model.learn(total_timesteps=args.every, reset_num_timesteps=False)
        done += args.every
        curve.append((done, win_rate(model, args.eval_games, 10_000)))
        print(f"steps {done}: win rate {curve[-1][1]:.2f} against random", flush=True)
    Path(args.results).parent.mkdir(parents=True, exist_ok=True)
    Path(args.results).write_text(json.dumps({"curve": curve}) + "\n")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.plot([s for s, _ in curve], [w for _, w in curve], marker="o")
    axes.axhline(0.5, color="grey", linestyle=":", linewidth=1)
    axes.set_xlabel("environment steps (agent decisions)")
    axes.set_ylabel(f"win rate vs random ({args.eval_games} games)")
    axes.set_ylim(0, 1)
    axes.set_title("MaskablePPO on burgundy/Burgundy-v0 (2 players, knowledge)")
    figure.tight_layout()
    Path(args.picture).parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(args.picture, dpi=100)
    print(f"final win rate {curve[-1][1]:.2f}; curve in {args.picture}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(None))
