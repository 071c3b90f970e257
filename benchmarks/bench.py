"""Benchmark: seeded random-legal games through the public ``State`` API.

Plays games with uniformly random legal actions (chance outcomes sampled with their
probabilities, no ``Game`` overhead) and prints decisions per second, games per second and
mean decisions per game for 2, 3 and 4 players under the bare base game, the standard game
(knowledge) and every installed variant together (an option with no default given its
variant's example value: ``trade_routes_deck="generated"``, see
``burgundy.registry.example_options``). ``--compare`` also plays random games of
python-chess (a dev dependency) in the same process, one chess run just before each of our
runs, and prints the median of the run-by-run ratios of our decisions/s to its plies/s.
Each figure is the median of ``--repeats`` runs. ``--memory`` measures the states of a
complete 4-player game and a finished 4-player ``Game`` with its history; ``--setup`` what
``Game(players=2, seed=s)`` costs beside a whole game played through ``Game``.

    python benchmarks/bench.py [--games 20] [--repeats 5] [--compare] [--memory] [--setup]
                               [--players 2 3 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import burgundy
from burgundy.registry import example_options
from burgundy.variants import every_variant


def play_random(rules: burgundy.Ruleset, seed: int) -> int:
    """Play one random game; return the number of decisions made."""
    rng = random.Random(seed)
    choice = rng.choice
    state = rules.initial_state()
    decisions = 0
    while True:
        who = state.current_player
        if who >= 0:
            state = state.apply(choice(state.legal_actions()))
            decisions += 1
        elif who == burgundy.CHANCE:
            state = state.apply(state.sample_outcome(rng))
        else:
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
            state = state.apply(state.sample_outcome(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return len(states), size / 1e6


def memory_of_finished_game(players: int = 4, seed: int = 1) -> float:
    """Play one seeded standard ``Game`` to the end with random legal actions; return the
    megabytes it holds with its whole history (by tracemalloc, after a warm-up game)."""
    import gc
    import tracemalloc

    def finish(game: burgundy.Game, rng: random.Random) -> burgundy.Game:
        while not game.state.is_terminal:
            game.play(rng.choice(game.legal_actions()))
        return game

    finish(burgundy.Game(players=players, seed=seed + 1), random.Random(seed + 1))
    gc.collect()
    tracemalloc.start()
    game = finish(burgundy.Game(players=players, seed=seed), random.Random(seed))
    gc.collect()
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del game
    return size / 1e6


def game_setup_share(games: int, seed: int, players: int = 2) -> tuple[float, float]:
    """What ``Game(players=..., seed=s)`` costs in a user's loop: return (microseconds per
    construction, its share of a whole random game played through ``Game``)."""
    burgundy.Game(players=players, seed=seed)  # warm-up
    start = time.perf_counter()
    for g in range(games):
        burgundy.Game(players=players, seed=seed + g)
    setup = (time.perf_counter() - start) / games
    start = time.perf_counter()
    for g in range(games):
        game = burgundy.Game(players=players, seed=seed + g)
        rng = random.Random(seed + g)
        while not game.state.is_terminal:
            game.play(rng.choice(game.legal_actions()))
    whole = (time.perf_counter() - start) / games
    return setup * 1e6, setup / whole


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


def bench_rules(
    rules: burgundy.Ruleset, games: int, repeats: int, seed: int, chess_games: int = 0
) -> dict[str, float]:
    """Measure random games under ``rules``: medians over ``repeats`` runs.

    With ``chess_games``, each run is paired with a run of that many python-chess games
    just before it, and the ratio is taken run by run (the machine's speed drifts; pairing
    keeps both sides of a ratio on the same footing).
    """
    play_random(rules, seed)  # warm-up (imports, caches)
    rates, game_rates, per_game, chess_rates, ratios = [], [], [], [], []
    for k in range(repeats):
        if chess_games:
            plies, chess_seconds = chess_plies(chess_games, seed + k)
            chess_rates.append(plies / chess_seconds)
        first = seed + 1 + k * games  # new games every run: no run replays another's
        start = time.perf_counter()
        decisions = sum(play_random(rules, first + g) for g in range(games))
        seconds = time.perf_counter() - start
        rates.append(decisions / seconds)
        game_rates.append(games / seconds)
        per_game.append(decisions / games)
        if chess_games:
            ratios.append(rates[-1] / chess_rates[-1])
    result = {
        "decisions_per_s": statistics.median(rates),
        "games_per_s": statistics.median(game_rates),
        "decisions_per_game": statistics.mean(per_game),
        "spread": (max(rates) - min(rates)) / statistics.median(rates),
    }
    if chess_games:
        result["chess_per_s"] = statistics.median(chess_rates)
        result["ratio"] = statistics.median(ratios)
    return result


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
    parser.add_argument(
        "--setup", action="store_true",
        help="also measure what Game(players=2, seed=s) costs beside a whole game",
    )
    args = parser.parse_args(argv)
    installed = burgundy.available_variants()
    lineups: dict[str, tuple[str, ...] | None] = {
        "base": (), "standard": ("knowledge",), "all variants": None,  # every one of the count
        "solo": ("knowledge", "solo"),  # with --players 1
        "outposts": ("knowledge", "outposts"),
        "team": ("knowledge", "team"),  # 4 players
    }
    print(f"burgundy {burgundy.__version__}, Python {sys.version.split()[0]}; "
          f"{args.games} games x {args.repeats} runs, median; installed variants: {installed}")
    chess_games = max(args.games // 4, 3) if args.compare else 0
    print(f"{'ruleset':14s} {'players':>7s} {'decisions/s':>12s} {'games/s':>8s} "
          f"{'decisions/game':>15s} {'spread':>7s}"
          + (f" {'chess plies/s':>14s} {'x chess':>8s}" if chess_games else ""))
    for name, lineup in lineups.items():
        for players in args.players:
            variants = every_variant(players) if lineup is None else lineup
            if not set(variants) <= set(installed):
                continue
            # a variant whose option has no default plays with its example value
            # (trade routes: trade_routes_deck="generated")
            options = example_options(variants)
            try:
                rules = burgundy.Ruleset(players=players, variants=variants, options=options)
            except ValueError:
                continue  # not a lineup of this player count (the solo module: 1 only)
            r = bench_rules(rules, args.games, args.repeats, args.seed, chess_games)
            line = (f"{name:14s} {players:7d} {r['decisions_per_s']:12,.0f} "
                    f"{r['games_per_s']:8.2f} {r['decisions_per_game']:15.1f} "
                    f"{100 * r['spread']:6.1f}%")
            if chess_games:
                line += f" {r['chess_per_s']:14,.0f} {r['ratio']:7.2f}x"
            print(line)
    if args.memory:
        count, megabytes = memory_of_game()
        print(f"\nmemory: {count} states of a 4-player standard game take {megabytes:.2f} MB")
        print(f"memory: a finished 4-player standard Game with its history takes "
              f"{memory_of_finished_game():.2f} MB")
    if args.setup:
        micros, share = game_setup_share(args.games, args.seed)
        print(f"\nGame(players=2, seed=s): {micros:,.0f} us each, {100 * share:.1f}% of a "
              f"whole random 2-player standard game played through Game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
