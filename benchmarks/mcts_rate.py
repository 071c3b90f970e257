"""Search speed: iterations per second of ``MCTSBot(iterations=N)`` (or, with ``--bot
expert``, ``ExpertBot(iterations=N)``) on mid-game states.

The positions are the 40th and 80th decision of seeded random games (2 players by default,
the standard game), skipping any with a single legal action (the bot plays those without a
search). Each run searches every position once with a fresh bot; the script prints each
run's rate and the median (issue #21: at least 1,000 iterations/s for ``MCTSBot(200)`` on
2-player mid-game states). CPU time of this process (``time.process_time``).

    python benchmarks/mcts_rate.py [--variants knowledge] [--players 2] [--iterations 200]
                                   [--games 4] [--runs 5] [--bot mcts|expert]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import burgundy
from burgundy.bots import ExpertBot, MCTSBot
from burgundy.registry import example_options


def mid_game_states(rules: burgundy.Ruleset, games: int) -> list[burgundy.State]:
    """The 40th and 80th decision of ``games`` seeded random games (more than one legal
    action each)."""
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.initial_state().resolve_chance(rng)
        decisions = 0
        while not state.is_terminal:
            decisions += 1
            if decisions in (40, 80) and len(state.legal_actions()) > 1:
                states.append(state)
            state = state.apply(rng.choice(state.legal_actions())).resolve_chance(rng)
    return states


BOTS = {"mcts": MCTSBot, "expert": ExpertBot}
"""The bots whose search this script times, by ``--bot``."""


def rate(states: list[burgundy.State], iterations: int, bot: str = "mcts") -> float:
    """Search iterations per CPU second over ``states``, one fresh bot each."""
    start = time.process_time()
    for index, state in enumerate(states):
        BOTS[bot](iterations=iterations, seed=index).search(state)
    return iterations * len(states) / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    """Print each run's iterations per second and the median."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="knowledge", help="comma-separated; '' = base")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bot", choices=sorted(BOTS), default="mcts")
    args = parser.parse_args(argv)
    names = tuple(v for v in args.variants.split(",") if v)
    rules = burgundy.Ruleset(players=args.players, variants=names,
                             options=example_options(names))
    states = mid_game_states(rules, args.games)
    rate(states[:1], args.iterations, args.bot)  # warm-up
    rates = [rate(states, args.iterations, args.bot) for _ in range(args.runs)]
    name = BOTS[args.bot].__name__
    print(f"{args.variants or 'base'}, {args.players} players, {name}({args.iterations}) on "
          f"{len(states)} mid-game states: "
          + ", ".join(f"{r:,.0f}" for r in rates)
          + f" iterations/s; median {statistics.median(rates):,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
