"""Fit the solo module's win chance (``burgundy_solo.evaluation``) from the expert's games.

Plays seeded solo games (knowledge and solo, board 13a, default options; game ``g`` dealt
with seed ``--seed + g``, the expert seeded the same) with the expert bot at
``--iterations``, and at every decision records the race's quantities
(:func:`burgundy_solo.evaluation.race`): the empty spaces ``E``, the spaces the seat could
still cover were the duchy endless (``C``), how near the uncovered colours are to done
(``K``) and the rounds left (``R``); and, at the end, the spaces left empty ``F``.

The model: the spaces the seat will still cover from a position are ``X``, logistic with
mean ``a·C + c·K + b`` and scale ``s0 + s1·R`` (a position far from the end is less
certain), and the game is won when ``X`` reaches the empty spaces and ``last`` more: the
last space is the hardest (it needs a hex of one colour, one of the few ways left): of the
200 games the shipped constants come from, 21 ended with one space empty and 7 with none.
A finished game shows ``X`` to the space when two or more spaces stayed empty (``X``
between ``E - F - ½`` and ``E - F + ½``, or only ``X < ½`` when no more were covered),
``E - 1½ < X < E - ½ + last`` when one did, and ``X > E - ½ + last`` when it was won;
the parameters maximise the likelihood of what the games show (a Nelder-Mead search,
numpy only), every fifth game held out to report the fit's log loss on the games' results
(against that of the training games' win rate). The win chance of a position is then
``sigmoid((a·C + c·K + b - E + ½ - last) / (s0 + s1·R))``.

    python tools/fit_solo.py --games 200 --iterations 300 --seed 0 --jobs 2 --data solo.jsonl

The shipped constants come from that command run with the expert of commit 5f27c15, whose
solo valuation was the race in covered spaces (docs/bots.md, *Solo games*): a position's
race is the same whichever valuation chose the moves that led there, but the games and so
the constants depend on the player, and today's expert plays for the win chance.

The games are appended to ``--data`` (a game already there is not played again), so a run
stopped part way goes on where it stopped; ``--fit-only`` fits what is there.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

import burgundy
from burgundy.bots import ExpertBot
from burgundy_solo.evaluation import race

VARIANTS = ("knowledge", "solo")
"""The variants of the games played."""
HOLD_OUT = 5
"""Every fifth game is held out of the fit, to measure it."""
PARAMETERS = ("a", "c", "b", "s0", "s1", "last")
"""The model's parameters, in the order of ``theta``: ``CAPACITY``, ``COLOURS``, ``BIAS``,
``SPREAD``, ``SPREAD_PER_ROUND`` and ``LAST`` of :mod:`burgundy_solo.evaluation`."""


def play(job: tuple[int, int]) -> dict[str, Any]:
    """Play game ``seed`` with the expert at ``iterations``; return its rows and result."""
    seed, iterations = job
    game = burgundy.Game(players=1, variants=VARIANTS, seed=seed)
    bot = ExpertBot(iterations=iterations, seed=seed)
    rows = []
    while not game.state.is_terminal:
        state = game.state
        rows.append(list(race(state, 0)))
        game.play(bot.choose(state))
    estate = game.state.estates[0]
    return {"seed": seed, "iterations": iterations, "rows": rows,
            "final_empty": estate.empty_mask.bit_count()}


def _games(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _logistic_cdf(z: Any) -> Any:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -50.0, 50.0)))


def _arrays(games: list[dict[str, Any]]) -> tuple[Any, Any]:
    """Rows ``(E, C, K, R)`` and each row's final empty spaces ``F``."""
    xs = [row for game in games for row in game["rows"]]
    fs = [game["final_empty"] for game in games for _ in game["rows"]]
    return np.asarray(xs, dtype=float), np.asarray(fs, dtype=float)


def _mean_scale(theta: Any, x: Any) -> tuple[Any, Any]:
    a, c, b, s0, s1 = theta[:5]
    mean = a * x[:, 1] + c * x[:, 2] + b
    scale = np.maximum(s0 + s1 * x[:, 3], 0.05)
    return mean, scale


def negative_log_likelihood(theta: Any, x: Any, final: Any) -> float:
    """Minus the mean log-likelihood of the rows' outcomes under ``theta``."""
    mean, scale = _mean_scale(theta, x)
    last = theta[5]
    empty = x[:, 0]
    won = final == 0
    low = np.where(won, empty - 0.5 + last, empty - final - 0.5)
    high = np.where(final == 1, empty - 0.5 + last, empty - final + 0.5)
    below_high = np.where(won, 1.0, _logistic_cdf((high - mean) / scale))
    # nothing more covered: X is anywhere below ½ (the seat cannot uncover spaces)
    below_low = np.where(final == empty, 0.0, _logistic_cdf((low - mean) / scale))
    chance = below_high - below_low
    return float(-np.mean(np.log(np.maximum(chance, 1e-12))))


def win_chance(theta: Any, x: Any) -> Any:
    """The model's win chance of each row."""
    mean, scale = _mean_scale(theta, x)
    return _logistic_cdf((mean - x[:, 0] + 0.5 - theta[5]) / scale)


def nelder_mead(f: Callable[[Any], float], start: Any, step: float = 0.5,
                iterations: int = 4000) -> Any:
    """The point near ``start`` that minimises ``f`` (the Nelder-Mead simplex search)."""
    n = len(start)
    simplex = [np.asarray(start, dtype=float)]
    for i in range(n):
        point = simplex[0].copy()
        point[i] += step
        simplex.append(point)
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        order = np.argsort(values)
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        if values[-1] - values[0] < 1e-10:
            break
        centre = np.mean(simplex[:-1], axis=0)
        reflected = centre + (centre - simplex[-1])
        fr = f(reflected)
        if fr < values[0]:
            expanded = centre + 2.0 * (centre - simplex[-1])
            fe = f(expanded)
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = centre + 0.5 * (simplex[-1] - centre)
            fc = f(contracted)
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:
                best = simplex[0]
                simplex = [best + 0.5 * (p - best) for p in simplex]
                values = [f(p) for p in simplex]
    return simplex[int(np.argmin(values))]


def log_loss(p: Any, final: Any) -> float:
    """The mean log loss of the win chances ``p`` against the games' results."""
    p = np.clip(p, 1e-9, 1 - 1e-9)
    won = final == 0
    return float(-np.mean(np.where(won, np.log(p), np.log(1 - p))))


def fit(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Fit the model on the games (every fifth held out) and return the parameters and
    how well they predict."""
    train = [g for i, g in enumerate(games) if i % HOLD_OUT != HOLD_OUT - 1]
    test = [g for i, g in enumerate(games) if i % HOLD_OUT == HOLD_OUT - 1]
    x, final = _arrays(train)
    theta = nelder_mead(lambda t: negative_log_likelihood(t, x, final),
                        np.asarray([1.4, 0.8, -3.0, 0.8, 0.01, 1.0]))
    out: dict[str, Any] = {name: round(float(v), 4) for name, v in zip(PARAMETERS, theta,
                                                                          strict=True)}
    out["games"] = len(games)
    out["wins"] = sum(1 for g in games if g["final_empty"] == 0)
    if test:
        tx, tfinal = _arrays(test)
        rate = float(np.mean(final == 0))  # the training rows' win rate
        out["held_out_log_loss"] = round(log_loss(win_chance(theta, tx), tfinal), 4)
        out["held_out_base_log_loss"] = round(log_loss(np.full(len(tx), rate), tfinal), 4)
    return out


def main(argv: list[str] | None = None) -> int:
    """Play the games still missing from ``--data``, then fit and print the parameters."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games in all (default 300)")
    parser.add_argument("--iterations", type=int, default=300,
                        help="the expert's iterations per decision (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--data", type=Path, required=True, help="the games' JSONL file")
    parser.add_argument("--fit-only", action="store_true", help="fit the games there")
    args = parser.parse_args(argv)
    if args.games < 1 or args.iterations < 1 or args.jobs < 1:
        parser.error("--games, --iterations and --jobs must be at least 1")
    if not args.fit_only:
        done = {g["seed"] for g in _games(args.data)}
        jobs = [(args.seed + g, args.iterations) for g in range(args.games)
                if args.seed + g not in done]
        with ProcessPoolExecutor(args.jobs) as pool, args.data.open("a",
                                                                     encoding="utf-8") as out:
            for result in (pool.map(play, jobs) if args.jobs > 1 else map(play, jobs)):
                out.write(json.dumps(result) + "\n")
                out.flush()
    games = sorted(_games(args.data), key=lambda g: g["seed"])
    if not games:
        parser.error(f"no games in {args.data}")
    print(json.dumps(fit(games), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
