"""Tune the expert bot's weights by self-play matches: ``make expert-weights``' second step.

The least-squares fit of ``tools/fit_expert.py`` predicts final scores from the features;
what a search needs of a valuation is that the moves it prefers win. This tool asks that
directly: starting from a weights file (or the hand-set prior of ``tools/fit_expert.py``),
it changes one weight at a time (times 1.6, then times 0.6; a weight of 0 is tried at 1)
and plays the changed weights against the current ones — greedy bots, each maximising its
valuation one action ahead (:class:`~burgundy.bots.greedy.GreedyBot`), every game twice
with the seats swapped — and keeps a change that wins at least ``0.5 + margin`` of the
games. Each trial plays new seeds (``--seed`` onwards, ``--games`` a trial), so every trial
is judged on games the earlier ones never saw, and the whole run is deterministic: the
same arguments give the same weights. The VP's weight stays 1 and no weight goes negative.

    python tools/tune_expert.py --start prior --sweeps 1 --games 250 --seed 20000 \\
        --jobs 2 --out src/burgundy/data/expert-weights.json
    python tools/tune_expert.py --check src/burgundy/data/expert-weights.json --games 500

``--check FILE`` plays FILE's weights against the prior over ``--games`` new seeds and
prints the result (no tuning).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from burgundy.bots.expert import WEIGHTS_FORMAT, WEIGHTS_VERSION, ExpertWeights
from burgundy.bots.features import FEATURE_NAMES
from burgundy.bots.greedy import GreedyBot
from burgundy.game import Game
from burgundy.variants import Ruleset

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_expert import prior  # a sibling script, not a package

UP, DOWN = 1.6, 0.6
"""The factors a trial multiplies one weight by (a weight of 0 is tried at 1)."""
SCALE = 10.0
"""The logistic scale of a lead when the tuning starts from the prior (the search bots'
default, :class:`~burgundy.bots.mcts.MCTSBot`'s ``scale``)."""


def weights_of(values: Sequence[float], scale: float) -> ExpertWeights:
    """``values`` as :class:`ExpertWeights` (checked as the weights file is)."""
    return ExpertWeights.from_dict({"format": WEIGHTS_FORMAT, "version": WEIGHTS_VERSION,
                                    "features": list(FEATURE_NAMES),
                                    "weights": list(values), "scale": scale})


def play(job: tuple[dict[str, Any], int, ExpertWeights, ExpertWeights, bool]) -> float:
    """One game of ``a`` against ``b`` (greedy bots; ``swap``: ``b`` sits first): ``a``'s
    result, 1 a win, 0 a loss, 0.5 a shared win."""
    ruleset, seed, a, b, swap = job
    game = Game(Ruleset.from_dict(ruleset), seed=seed)
    bots = [GreedyBot(seed=seed * 2 + seat, evaluation=w.value)
            for seat, w in enumerate((b, a) if swap else (a, b))]
    while not game.state.is_terminal:
        state = game.state
        game.play(bots[state.current_player].choose(state))
    winners = game.state.winners()
    mine = 1 if swap else 0
    if mine not in winners:
        return 0.0
    return 1.0 if len(winners) == 1 else 0.5


def match(ruleset: Ruleset, a: ExpertWeights, b: ExpertWeights, seeds: range,
          pool: Executor | None) -> float:
    """``a``'s share of the points against ``b`` over ``seeds``, each seed twice with the
    seats swapped."""
    rules = ruleset.to_dict()
    jobs = [(rules, seed, a, b, swap) for seed in seeds for swap in (False, True)]
    results = list(pool.map(play, jobs, chunksize=4) if pool else map(play, jobs))
    return sum(results) / len(results)


def candidates(weight: float) -> list[float]:
    """The values a trial tries for a weight, in order."""
    return [round(weight * UP, 4), round(weight * DOWN, 4)] if weight > 0 else [1.0]


def tune(ruleset: Ruleset, start: ExpertWeights, sweeps: int, games: int, seed: int,
         margin: float, pool: Executor | None,
         report: Callable[[str], None] = print) -> tuple[ExpertWeights, list[dict[str, Any]]]:
    """Coordinate ascent from ``start`` (module docstring): the weights it ends with and
    every trial (feature, old and new weight, the new one's share, kept or not)."""
    best = start
    trials: list[dict[str, Any]] = []
    next_seed = seed
    for _ in range(sweeps):
        for index, name in enumerate(FEATURE_NAMES):
            if name == "vp":
                continue
            for value in candidates(best.weights[index]):
                values = list(best.weights)
                values[index] = value
                trial = weights_of(values, best.scale)
                share = match(ruleset, trial, best, range(next_seed, next_seed + games), pool)
                next_seed += games
                kept = share >= 0.5 + margin
                trials.append({"feature": name, "from": best.weights[index], "to": value,
                               "share": round(share, 4), "kept": kept})
                report(f"{name}: {best.weights[index]:g} -> {value:g}: {share:.3f}"
                       + (" kept" if kept else ""))
                if kept:
                    best = trial
                    break
    return best, trials


def _start(text: str, players: int) -> ExpertWeights:
    if text == "prior":
        return weights_of(prior(players), SCALE)
    try:
        return ExpertWeights.from_dict(json.loads(Path(text).read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(f"cannot read weights from {text}: {error}") from None


def main(argv: list[str] | None = None) -> int:
    """Tune (or ``--check``) and write the weights file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--start", default="prior", help="'prior' or a weights file")
    parser.add_argument("--check", help="only play this weights file against the prior")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sweeps", type=int, default=1)
    parser.add_argument("--games", type=int, default=250, help="seeds a trial (x2 games)")
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--margin", type=float, default=0.035)
    parser.add_argument("--jobs", type=int, default=2, help="1: in this process")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    ruleset = Ruleset(players=args.players, variants=("knowledge",))
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        if args.check:
            checked = _start(args.check, args.players)
            seeds = range(args.seed, args.seed + args.games)
            share = match(ruleset, checked, _start("prior", args.players), seeds, pool)
            print(f"{args.check} against the prior, {2 * args.games} games: {share:.3f}")
            return 0
        start = _start(args.start, args.players)
        tuned, trials = tune(ruleset, start, args.sweeps, args.games, args.seed, args.margin,
                             pool, report=lambda line: print(line, file=sys.stderr))
    data = {"format": WEIGHTS_FORMAT, "version": WEIGHTS_VERSION,
            "features": list(FEATURE_NAMES), "weights": list(tuned.weights),
            "scale": tuned.scale,
            "_fitted": {"method": "coordinate ascent by greedy self-play matches "
                                  "(tools/tune_expert.py)",
                        "start": args.start, "ruleset": ruleset.to_dict(),
                        "sweeps": args.sweeps, "games_per_trial": 2 * args.games,
                        "seed": args.seed, "margin": args.margin, "trials": trials}}
    text = json.dumps(data, indent=1) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
