"""Benchmark: seeded random-legal games through the public ``State`` API.

Plays games with uniformly random legal actions (chance outcomes sampled with their
probabilities, no ``Game`` overhead) and prints decisions per second, games per second and
mean decisions per game for 2, 3 and 4 players under the bare base game, the standard game
(knowledge) and every installed variant together. ``--compare`` also plays random games of
python-chess (a dev dependency) in the same process and prints our decisions/s as a ratio of
its plies/s. Each figure is the median of ``--repeats`` runs.

    python benchmarks/bench.py [--games 20] [--repeats 5] [--compare] [--players 2 3 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import burgundy


def play_random(rules: burgundy.Ruleset, seed: int) -> int:
    """Play one random game; return the number of decisions made."""
    rng = random.Random(seed)
    choice = rng.choice
    uniform = rng.random
    state = rules.initial_state()
    decisions = 0
    while not state.is_terminal:
        if state.is_chance:  # sample an outcome with its probability
            left = uniform()
            for outcome, probability in state.chance_outcomes():  # noqa: B007 - picks outcome
                left -= probability
                if left < 0:
                    break
            state = state.apply(outcome)
        else:
            state = state.apply(choice(state.legal_actions()))
            decisions += 1
    return decisions


def memory_of_game(players: int = 4, seed: int = 1) -> tuple[int, float]:
    """Keep every state of one seeded standard game (with its cached legal actions) in a
    list; return (states, megabytes allocated for them, by tracemalloc)."""
    import tracemalloc

    rules = burgundy.Ruleset(players=players, variants=("knowledge",))
    play_random(rules, seed)  # warm-up: module-level tables and caches are not counted
    rng = random.Random(seed)
    tracemalloc.start()
    state = rules.initial_state()
    states = [state]
    while not state.is_terminal:
        if state.is_chance:
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return len(states), size / 1e6


def chess_plies(games: int, seed: int) -> tuple[int, float]:
    """Play random python-chess games; return (plies, seconds)."""
    import chess

    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies, time.perf_counter() - start


def measure(run: Callable[[], tuple[int, int, float]], repeats: int) -> dict[str, float]:
    """Median decisions/s and games/s over ``repeats`` runs of ``run`` ->
    (games, decisions, seconds)."""
    rates, game_rates, per_game = [], [], []
    for _ in range(repeats):
        games, decisions, seconds = run()
        rates.append(decisions / seconds)
        game_rates.append(games / seconds)
        per_game.append(decisions / games)
    return {
        "decisions_per_s": statistics.median(rates),
        "games_per_s": statistics.median(game_rates),
        "decisions_per_game": statistics.mean(per_game),
        "spread": (max(rates) - min(rates)) / statistics.median(rates),
    }


def bench_rules(rules: burgundy.Ruleset, games: int, repeats: int, seed: int) -> dict[str, float]:
    """Measure random games under ``rules``."""
    def run() -> tuple[int, int, float]:
        start = time.perf_counter()
        decisions = sum(play_random(rules, seed + g) for g in range(games))
        return games, decisions, time.perf_counter() - start

    play_random(rules, seed)  # warm-up (imports, caches)
    return measure(run, repeats)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--compare", action="store_true", help="also run python-chess")
    parser.add_argument(
        "--memory", action="store_true", help="also measure the states of a 4-player game"
    )
    args = parser.parse_args(argv)
    installed = burgundy.available_variants()
    lineups = {"base": (), "standard": ("knowledge",), "all variants": installed}
    print(f"burgundy {burgundy.__version__}, Python {sys.version.split()[0]}; "
          f"{args.games} games x {args.repeats} runs, median; installed variants: {installed}")
    print(f"{'ruleset':14s} {'players':>7s} {'decisions/s':>12s} {'games/s':>8s} "
          f"{'decisions/game':>15s} {'spread':>7s}")
    results = {}
    for name, variants in lineups.items():
        if not set(variants) <= set(installed):
            continue
        for players in args.players:
            rules = burgundy.Ruleset(players=players, variants=variants)
            r = bench_rules(rules, args.games, args.repeats, args.seed)
            results[name, players] = r
            print(f"{name:14s} {players:7d} {r['decisions_per_s']:12,.0f} "
                  f"{r['games_per_s']:8.2f} {r['decisions_per_game']:15.1f} "
                  f"{100 * r['spread']:6.1f}%")
    if args.memory:
        count, megabytes = memory_of_game()
        print(f"\nmemory: {count} states of a 4-player standard game take {megabytes:.2f} MB")
    if args.compare:
        chess_rates = []
        for k in range(args.repeats):
            plies, seconds = chess_plies(max(args.games // 4, 3), args.seed + k)
            chess_rates.append(plies / seconds)
        chess_rate = statistics.median(chess_rates)
        print(f"\npython-chess random games: {chess_rate:,.0f} plies/s (median)")
        for (name, players), r in results.items():
            print(f"  {name:14s} {players}p: {r['decisions_per_s'] / chess_rate:5.2f}x chess")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
