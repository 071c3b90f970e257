"""Benchmark: how well the bots play the solo module (knowledge + solo, issue #13).

Plays seeded solo games (``burgundy.Game(players=1, seed=s, variants=("knowledge",
"solo"))``, default options but the board) with one bot per game, and prints per bot its
wins (all the duchy's spaces covered within the 25 rounds, R-SOLO-RESULT), win rate, mean
spaces covered (sd, min, max), mean target resets and the seconds it took. Game ``g`` uses
seed ``--seed + g`` for the chance and for the bot, so a run is repeatable (the seconds
are not). ``--budget`` is the Monte Carlo bot's iterations per decision.
``--core-evaluation`` drops the variants' ``burgundy_evaluation`` (the bots then value VP,
as in a game of two or more), to see what the hook is worth.

    python benchmarks/solo_bots.py [--games 50] [--bot random greedy mcts] [--budget 50]
                                   [--board 13a] [--seed 0] [--jobs 1] [--core-evaluation]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import burgundy
from burgundy.bots import Bot, GreedyBot, MCTSBot, RandomBot
from burgundy_solo.rules import progress

VARIANTS = ("knowledge", "solo")
BOTS = ("random", "greedy", "mcts")


def make(name: str, budget: int, seed: int) -> Bot:
    """The bot ``name`` (``mcts`` with ``budget`` iterations per decision)."""
    if name == "random":
        return RandomBot(seed=seed)
    if name == "greedy":
        return GreedyBot(seed=seed)
    return MCTSBot(iterations=budget, seed=seed)


def ruleset(board: str, core_evaluation: bool) -> burgundy.Ruleset:
    """The solo ruleset on ``board``; without the variants' valuation if asked."""
    rules = burgundy.Ruleset(players=1, variants=VARIANTS, options={"solo_board": board})
    if core_evaluation:
        rules.engine.evaluation = ()  # this process plays only this configuration
    return rules


def play(job: tuple[str, int, str, bool, int]) -> tuple[int, bool, int, float]:
    """Play one game; return (spaces covered, won, target resets, seconds)."""
    name, budget, board, core_evaluation, seed = job
    start = time.perf_counter()
    game = burgundy.Game(ruleset(board, core_evaluation), seed=seed)
    bot = make(name, budget, seed)
    while not game.state.is_terminal:
        game.play(bot.choose(game.state))
    result = progress(game.state)
    assert result.won == (game.state.winners() == (0,))
    return result.covered, result.won, result.resets, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games per bot (default 50)")
    parser.add_argument("--bot", nargs="+", choices=BOTS, default=list(BOTS),
                        help="the bots to measure (default all three)")
    parser.add_argument("--budget", type=int, default=50,
                        help="MCTS iterations per decision (default 50)")
    parser.add_argument("--board", choices=("13a", "13b"), default="13a",
                        help="the solo board (default 13a)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--core-evaluation", action="store_true",
                        help="the core's valuation (VP) instead of the solo module's")
    args = parser.parse_args(argv)
    if args.games < 1 or args.budget < 1 or args.jobs < 1:
        parser.error("--games, --budget and --jobs must be at least 1")
    rows = []
    for name in args.bot:
        jobs = [(name, args.budget, args.board, args.core_evaluation, args.seed + g)
                for g in range(args.games)]
        start = time.perf_counter()
        if args.jobs == 1:
            results = [play(job) for job in jobs]
        else:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(play, jobs))
        wall = time.perf_counter() - start
        covered = [r[0] for r in results]
        wins = sum(r[1] for r in results)
        label = f"mcts:{args.budget}" if name == "mcts" else name
        rows.append((
            label, str(args.games), str(wins), f"{100 * wins / args.games:.0f}%",
            f"{statistics.mean(covered):.1f} ({statistics.pstdev(covered):.1f})",
            f"{min(covered)}-{max(covered)}",
            f"{statistics.mean(r[2] for r in results):.1f}",
            f"{sum(r[3] for r in results) / args.games:.2f}", f"{wall:.0f}",
        ))
    header = ("bot", "games", "wins", "win rate", "covered (sd)", "range", "resets",
              "s/game", "wall s")
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    evaluation = "core (VP)" if args.core_evaluation else "solo (burgundy_evaluation)"
    print(f"solo, board {args.board}, seeds {args.seed}-{args.seed + args.games - 1}, "
          f"valuation: {evaluation}")
    for row in (header, *rows):
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
