"""Fit the expert bot's valuation from self-play games: ``make expert-weights``.

Reads self-play folders (``burgundy selfplay --out DIR``; their ``manifest.json`` names the
ruleset, the bot and the master seed), replays every game from its seed and its recorded
actions, and at every decision takes, for every seat, the features of
:mod:`burgundy.bots.features` and the seat's final score. A ridge regression (numpy's least
squares with no weight negative, its penalty pulling towards the hand-set valuation of
:mod:`burgundy.bots.evaluate` written as weights, :func:`prior`) fits
``final score ~ weights . features`` on differences: each seat's features and
final score less the other seats' mean (a constant common to all seats, the bias among
them, drops out: the bot compares seats); the games are
split by index, every fifth game held out to report how well the fit predicts games it has
not seen. The weights go to ``src/burgundy/data/expert-weights.json`` with their version and
where they come from.

    python tools/fit_expert.py /tmp/selfplay-2p --out src/burgundy/data/expert-weights.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

from burgundy.bots.evaluate import GOODS_USE, SILVER_USE, WORKER_USE
from burgundy.bots.features import FEATURE_NAMES, features
from burgundy.game import Game
from burgundy.rl import ActionCodec
from burgundy.selfplay import SelfPlaySpec
from burgundy.tournament import deal_seed

FORMAT = "burgundy-expert-weights"
HOLD_OUT = 5  # every fifth game is held out


def _games(folder: Path) -> tuple[SelfPlaySpec, dict[int, list[int]]]:
    """The folder's spec and every game's actions (ids), in order."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    spec = SelfPlaySpec.from_dict(manifest["selfplay"])
    actions: dict[int, list[tuple[int, int]]] = {}
    for shard in sorted(folder.glob("shard-*.npz")):
        with np.load(shard) as data:
            for game, step, action in zip(data["game"], data["step"], data["action"],
                                          strict=True):
                actions.setdefault(int(game), []).append((int(step), int(action)))
    return spec, {g: [a for _, a in sorted(steps)] for g, steps in actions.items()}


def _rows(spec: SelfPlaySpec, game_index: int, ids: list[int]
          ) -> tuple[list[list[float]], list[float]]:
    """Replay one game: at every decision, for every seat, its features less the mean of
    the other seats' features, and its final score less theirs (the target)."""
    rules = spec.rules()
    codec = ActionCodec.of(rules)
    game = Game(rules, seed=deal_seed(spec.seed, game_index))
    seen: list[list[list[float]]] = []
    for action_id in ids:
        state = game.state
        seen.append([features(state, seat) for seat in range(len(state.seats))])
        game.play(codec.decode(action_id, state))
    if not game.state.is_terminal:
        raise ValueError(f"game {game_index} of {spec.seed}: the actions do not finish it")
    scores = [float(score) for score in game.state.scores]
    vp = FEATURE_NAMES.index("vp")
    fixed = {vp}
    xs: list[list[float]] = []
    ys: list[float] = []
    for rows in seen:
        # the VP scored so far are in the final score as they are (weight 1: a VP is a VP
        # whenever it is scored): the target is what each seat scores from here on
        gains = [scores[seat] - row[vp] for seat, row in enumerate(rows)]
        for seat, own in enumerate(rows):
            others = [row for s, row in enumerate(rows) if s != seat]
            xs.append([0.0 if i in fixed else v - sum(row[i] for row in others) / len(others)
                       for i, v in enumerate(own)])
            ys.append(gains[seat] - sum(g for s, g in enumerate(gains) if s != seat)
                      / len(others))
    return xs, ys


def prior() -> list[float]:
    """The hand-set valuation (:mod:`burgundy.bots.evaluate`) as weights of the features,
    at any number of players (``goods_vp`` is in the VP of the game's player count): the
    fit starts from it and moves away only as far as the games show."""
    goods, silver, workers = GOODS_USE[0], SILVER_USE[0], WORKER_USE[0]
    # a stored hex 0.2, 2 with a space to go to; a covered space 3; colours 0.5 x game left
    both = {"end_terms": 1.0, "goods_vp": goods, "silver": silver, "workers": workers,
            "mines": 1.0, "hexes": 0.2, "placed": 1.0, "placed_or_fits": 1.8, "regions": 0.6}
    hand = {"vp": 1.0, "colours@start": 0.5, **{f"{q}@start": w for q, w in both.items()},
            **{f"{q}@end": w for q, w in both.items()}}
    return [hand.get(name, 0.0) for name in FEATURE_NAMES]


def nonnegative_solve(a: Any, b: Any, sweeps: int = 20000) -> Any:
    """The ``w >= 0`` minimising ``w.a.w / 2 - b.w`` (``a`` positive definite): projected
    Gauss-Seidel, each coordinate in turn set to its best non-negative value."""
    w = np.zeros(len(b))
    for _ in range(sweeps):
        before = w.copy()
        for i in range(len(b)):
            w[i] = max(0.0, w[i] + (b[i] - a[i] @ w) / a[i, i])
        if np.abs(w - before).max() < 1e-10:
            break
    return w


def fit(folders: list[Path], ridge: float) -> dict[str, Any]:
    """Fit the weights on the folders' games and return the weights file's content."""
    train_x: list[list[float]] = []
    train_y: list[float] = []
    test_x: list[list[float]] = []
    test_y: list[float] = []
    sources: list[dict[str, Any]] = []
    for folder in folders:
        spec, games = _games(folder)
        sources.append({"ruleset": spec.ruleset, "bot": spec.bot, "games": len(games),
                        "seed": spec.seed})
        for index, ids in sorted(games.items()):
            rows, targets = _rows(spec, index, ids)
            held_out = index % HOLD_OUT == HOLD_OUT - 1
            (test_x if held_out else train_x).extend(rows)
            (test_y if held_out else train_y).extend(targets)
    x, y = np.asarray(train_x), np.asarray(train_y)
    start = np.asarray(prior())
    # vp is fixed at 1 (its column is 0); a quantity the games never show keeps its prior
    used = np.abs(x).sum(axis=0) > 0
    weights = start.copy()
    # ridge towards the hand-set weights, none negative:
    # min |y - x w|^2 + ridge * rows * |w - start|^2 with w >= 0
    penalty = ridge * len(y) * np.eye(int(used.sum()))
    weights[used] = nonnegative_solve(x[:, used].T @ x[:, used] + penalty,
                                      x[:, used].T @ y + penalty @ start[used])
    residual = y - x @ weights  # vp's column is 0: its weight adds nothing here
    # a logistic of scale s has the spread of the errors: sd = s * pi / sqrt(3)
    scale = float(residual.std()) * math.sqrt(3.0) / math.pi
    return {
        "format": FORMAT,
        "version": 1,
        "features": list(FEATURE_NAMES),
        "weights": [round(float(w), 6) for w in weights],
        "scale": round(scale, 3),
        "_fitted": {
            "target": "the VP the seat scores from the decision on, less the other seats' mean "
                      "(features likewise); vp has weight 1, the others are not negative",
            "ridge": ridge,
            "sources": sources,
            "rows": {"train": len(train_y), "held_out": len(test_y)},
            "r2": {"train": _r2(x, y, weights),
                   "held_out": _r2(np.asarray(test_x), np.asarray(test_y), weights)},
        },
    }


def _r2(x: Any, y: Any, weights: Any) -> float | None:
    if len(y) == 0:
        return None
    residual = y - x @ weights  # vp's column is 0: its weight adds nothing here
    return round(float(1.0 - residual @ residual / ((y - y.mean()) @ (y - y.mean()))), 4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="self-play folders")
    parser.add_argument("--out", type=Path, required=True, help="the weights file to write")
    parser.add_argument("--ridge", type=float, default=0.01,
                        help="ridge penalty, per row (default 0.01)")
    args = parser.parse_args(argv)
    result = fit(args.folders, args.ridge)
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    fitted = result["_fitted"]
    print(f"{fitted['rows']} rows; R² {fitted['r2']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
