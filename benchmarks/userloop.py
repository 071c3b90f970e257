"""Wall-clock speed as a user writes the loop, paired with python-chess (issue #21's method).

Each pair runs two fresh processes one after the other, alternating which goes first:
python-chess random play (``chess.Board()``, ``push(rng.choice(list(board.legal_moves)))``
until ``is_game_over()``) and burgundy random play as a user writes it: a new
``Game(players=N, seed=s, variants=...)`` per game, a uniformly random legal action at each
decision, chance drawn from ``state.chance_outcomes()`` with its probabilities. Both play one
untimed warm-up game, then as many games as fit in ``--seconds``; each prints its rate
(plies or decisions per second). The script prints every pair's ratio (decisions/s over
plies/s) and their median.

    python benchmarks/userloop.py [--variants knowledge] [--players 2] [--pairs 5]
                                  [--seconds 4] [--slices 1]

``--pure`` runs burgundy's side on the pure sources when the compiled build is in place
(``make compiled``): a copy of the package without its extension modules goes first on
``PYTHONPATH`` (issue #34's table of pure against compiled).

``--clock cpu`` times both sides by the CPU time of their process (``time.process_time``)
instead of the wall clock: on a machine shared with other work the wall clock counts the
time the process waited for a core (not the issue's method, which is ``wall``).

``--slices K`` (not the issue's method, which is ``K = 1``) splits each side of a pair into
``K`` runs of ``seconds / K``, alternating with the other side's, and takes the ratio of
the mean rates: the machine's drift over the pair then falls on both sides alike.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import burgundy
from burgundy.registry import example_options

CHESS = """
import random, time, chess
rng = random.Random(1)
def game():
    board = chess.Board()
    plies = 0
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
        plies += 1
    return plies
game()  # warm-up
start = time.perf_counter()
plies = 0
while time.perf_counter() - start < {seconds}:
    plies += game()
print(plies / (time.perf_counter() - start))
"""

USER_GAME = """
import random
import burgundy
rng = random.Random(1)
def game(seed):
    state = burgundy.Game(players={players}, seed=seed, variants={variants!r},
                          options={options!r}).state
    decisions = 0
    while not state.is_terminal:
        if state.current_player == burgundy.CHANCE:
            outcomes = state.chance_outcomes()
            pick = rng.choices(range(len(outcomes)), [p for _, p in outcomes])[0]
            state = state.apply(outcomes[pick][0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions
"""
"""One game as a user writes the loop (``game(seed)`` returns its decisions);
``instructions.py --userloop`` counts the same code."""

BURGUNDY = USER_GAME + """
import time
game(0)  # warm-up
start = time.perf_counter()
decisions, seed = 0, 1
while time.perf_counter() - start < {seconds}:
    decisions += game(seed)
    seed += 1
print(decisions / (time.perf_counter() - start))
"""


def rate(code: str, env: dict[str, str] | None = None) -> float:
    """The rate a fresh process prints for ``code``."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout
    return float(out.split()[-1])


def pure_env(folder: Path) -> dict[str, str]:
    """An environment whose ``burgundy`` is a copy of this one's without extension modules."""
    package = Path(burgundy.__file__).parent
    shutil.copytree(package, folder / "burgundy",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(folder), *filter(None, [env.get("PYTHONPATH")])])
    return env


def main(argv: list[str] | None = None) -> int:
    """Run the pairs and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="knowledge",
                        help="comma-separated; '' = base; 'every' = every variant of the "
                             "player count (burgundy.variants.every_variant, with example_options)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time by the wall clock (the issue's method) or by CPU time")
    parser.add_argument("--pure", action="store_true",
                        help="burgundy's side on the pure sources (compiled build in place)")
    parser.add_argument("--slices", type=int, default=1,
                        help="alternating runs per side of a pair (1: issue #21's method)")
    args = parser.parse_args(argv)
    if args.slices < 1 or args.pairs < 1 or args.seconds <= 0:
        raise SystemExit("--slices and --pairs must be at least 1, --seconds above 0")
    variants = tuple(v for v in args.variants.split(",") if v)
    if variants == ("every",):
        from burgundy.variants import every_variant

        variants = every_variant(args.players)
    options = example_options(variants)
    seconds = args.seconds / args.slices
    ours = BURGUNDY.format(players=args.players, variants=variants, options=options,
                           seconds=seconds)
    theirs = CHESS.format(seconds=seconds)
    if args.clock == "cpu":
        ours = ours.replace("time.perf_counter()", "time.process_time()")
        theirs = theirs.replace("time.perf_counter()", "time.process_time()")
    tmp = tempfile.TemporaryDirectory(prefix="burgundy-pure-")
    env = pure_env(Path(tmp.name)) if args.pure else None
    ratios = []
    for k in range(args.pairs):
        mines, chesses = [], []
        for _ in range(args.slices):
            if k % 2:
                mines.append(rate(ours, env))
                chesses.append(rate(theirs))
            else:
                chesses.append(rate(theirs))
                mines.append(rate(ours, env))
        mine, chess = statistics.fmean(mines), statistics.fmean(chesses)
        ratios.append(mine / chess)
        print(f"burgundy {mine:8,.0f} decisions/s  chess {chess:8,.0f} plies/s  "
              f"ratio {ratios[-1]:.3f}", flush=True)
    tmp.cleanup()
    label = ",".join(variants) or "base"
    build = "compiled" if burgundy.COMPILED and not args.pure else "pure"
    print(f"{label}, {args.players} players, {build}, {args.clock} clock: median ratio over"
          f" {args.pairs} pairs {statistics.median(ratios):.3f}"
          f" (spread {min(ratios):.3f}-{max(ratios):.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
