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

``--slices K`` (not the issue's method, which is ``K = 1``) splits each side of a pair into
``K`` runs of ``seconds / K``, alternating with the other side's, and takes the ratio of
the mean rates: the machine's drift over the pair then falls on both sides alike.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

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


def rate(code: str) -> float:
    """The rate a fresh process prints for ``code``."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return float(out.split()[-1])


def main(argv: list[str] | None = None) -> int:
    """Run the pairs and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="knowledge",
                        help="comma-separated; '' = base; 'every' = every variant of the "
                             "player count (burgundy.variants.every_variant, with example_options)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4.0)
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
    ratios = []
    for k in range(args.pairs):
        mines, chesses = [], []
        for _ in range(args.slices):
            if k % 2:
                mines.append(rate(ours))
                chesses.append(rate(theirs))
            else:
                chesses.append(rate(theirs))
                mines.append(rate(ours))
        mine, chess = statistics.fmean(mines), statistics.fmean(chesses)
        ratios.append(mine / chess)
        print(f"burgundy {mine:8,.0f} decisions/s  chess {chess:8,.0f} plies/s  "
              f"ratio {ratios[-1]:.3f}", flush=True)
    label = ",".join(variants) or "base"
    print(f"{label}, {args.players} players: median ratio over {args.pairs} pairs "
          f"{statistics.median(ratios):.3f} (spread {min(ratios):.3f}-{max(ratios):.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
