"""The expert's choices against a long search's: a quick proxy for tuning it (issue #35).

A game between two bots takes minutes, and telling two settings apart by their results takes
a hundred games. This script compares settings on single decisions instead. The positions
are decisions of seeded games between greedy bots (2 players, the standard game), spread
over the game. For each one an *oracle*, ``ExpertBot(iterations=ORACLE)``, values every
action of the position: the mean leaf value (a win chance) of the action's subtree. Each
*candidate* setting (exploration, widening, iterations) chooses with a few seeds; its
*regret* on a choice is the oracle's value of its own choice (its most visited action)
less the oracle's value of the candidate's choice, or 0 when that is higher (an action the
oracle did not expand counts as its worst). The script prints, per candidate, the mean
regret with its standard error and how often it chose as the oracle did.

It is a proxy: the oracle is the expert itself searching longer, so a setting that searches
as the oracle does is favoured, and the regret says nothing about what the valuation
misses. A setting that looks better here is one to play on the ladder, not a result.

    python benchmarks/expert_regret.py --positions 40 --oracle 20000 --jobs 2 \\
        --candidate 0.7,1.5,2000 --candidate 0.35,1.5,2000

The oracle's values are kept in ``--cache`` (JSON; default in the temporary directory),
so candidates can be added without searching again.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import burgundy
from burgundy.bots import ExpertBot, GreedyBot

DECISIONS = (12, 36, 60, 84, 108)
"""Which decisions of a greedy game become positions (spread over the game)."""


def position(seed: int, decision: int) -> burgundy.State:
    """The state at the ``decision``-th decision of the seeded greedy game ``seed``."""
    game = burgundy.Game(players=2, seed=seed)
    bots = (GreedyBot(seed=seed), GreedyBot(seed=seed + 1))
    for _ in range(decision):
        game.play(bots[game.state.current_player].choose(game.state))
    return game.state


def positions(count: int) -> list[tuple[int, int]]:
    """``count`` positions as ``(seed, decision)``, each with more than two actions."""
    found: list[tuple[int, int]] = []
    seed = 0
    while len(found) < count:
        for decision in DECISIONS:
            state = position(seed, decision)
            if not state.is_terminal and len(state.legal_actions()) > 2:
                found.append((seed, decision))
        seed += 1
    return found[:count]


def oracle(task: tuple[int, int, int]) -> dict[str, Any]:
    """The oracle's search of one position: each action's visits and value."""
    seed, decision, iterations = task
    hint = ExpertBot(iterations=iterations, seed=0).hint(position(seed, decision))
    return {"best": str(hint.action),
            "values": {str(action): value for action, _, value in hint.options}}


def choose(task: tuple[int, int, float, float, int, int]) -> str:
    """A candidate's choice at one position."""
    seed, decision, exploration, widening, iterations, bot_seed = task
    bot = ExpertBot(iterations=iterations, seed=bot_seed, exploration=exploration,
                    widening=widening)
    return str(bot.choose(position(seed, decision)))


def regret(found: dict[str, Any], chosen: str) -> float:
    """The oracle's value of its choice less that of ``chosen`` (at least 0)."""
    values = found["values"]
    worst = min(values.values())
    return max(0.0, values[found["best"]] - values.get(chosen, worst))


def _candidate(text: str) -> tuple[float, float, int]:
    try:
        exploration, widening, iterations = text.split(",")
        return float(exploration), float(widening), int(iterations)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a candidate is EXPLORATION,WIDENING,ITERATIONS; got {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    """Search the oracle's values (or read them) and print each candidate's regret."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--oracle", type=int, default=20000, help="the oracle's iterations")
    parser.add_argument("--candidate", type=_candidate, action="append", default=[],
                        help="EXPLORATION,WIDENING,ITERATIONS (repeatable)")
    parser.add_argument("--seeds", type=int, default=2, help="searches per candidate and position")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cache", type=Path,
                        default=Path(tempfile.gettempdir()) / "burgundy-expert-oracle.json")
    args = parser.parse_args(argv)
    where = positions(args.positions)
    cached: dict[str, Any] = json.loads(args.cache.read_text()) if args.cache.exists() else {}
    keys = [f"{seed}/{decision}/{args.oracle}" for seed, decision in where]
    todo = [(seed, decision, args.oracle) for (seed, decision), key in zip(where, keys, strict=True)
            if key not in cached]
    with ProcessPoolExecutor(args.jobs) as pool:
        for task, found in zip(todo, pool.map(oracle, todo), strict=True):
            cached[f"{task[0]}/{task[1]}/{task[2]}"] = found
            args.cache.write_text(json.dumps(cached))
        for exploration, widening, iterations in args.candidate:
            tasks = [(seed, decision, exploration, widening, iterations, bot_seed)
                     for seed, decision in where for bot_seed in range(1, args.seeds + 1)]
            chosen = list(pool.map(choose, tasks))
            found = [cached[keys[index // args.seeds]] for index in range(len(tasks))]
            regrets = [regret(f, c) for f, c in zip(found, chosen, strict=True)]
            agree = sum(f["best"] == c for f, c in zip(found, chosen, strict=True)) / len(tasks)
            error = statistics.stdev(regrets) / math.sqrt(len(regrets))
            print(f"exploration {exploration}, widening {widening}, {iterations} iterations: "
                  f"regret {statistics.mean(regrets):.4f} ± {error:.4f}, "
                  f"agrees {agree:.0%} ({len(tasks)} choices)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
