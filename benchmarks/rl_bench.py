"""What an environment step with observation and mask costs, against a raw decision.

A *raw decision* is ``state.legal_actions()`` and ``state.apply(choice)`` of random play
(chance sampled in between, as ``bench.py`` plays). An *environment step* is one decision
through ``burgundy.rl.pettingzoo``: ``observe(agent)`` (the observation vector and the
action mask) and ``step(id)`` (decoding the id, applying it, chance). Issue #18's budget:
at most 2x. Both are timed over the same number of random games; the best of ``--runs`` runs,
interleaved; CPU time of this process
(``time.process_time``), so that the other processes of a shared machine count less.

    python benchmarks/rl_bench.py [--variants knowledge] [--players 2] [--games 20]

``--variants ''`` is the base game; ``--variants every`` every variant the player count
allows at once (with ``example_options``, as the tests play them).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import burgundy
from burgundy.registry import example_options
from burgundy.rl.pettingzoo import env
from burgundy.variants import every_variant


def raw(rules: burgundy.Ruleset, games: int) -> float:
    """Seconds per decision of random play through the state API."""
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.initial_state()
        while not state.is_terminal:
            if state.is_chance:
                state = state.apply(state.sample_outcome(rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
                decisions += 1
    return (time.process_time() - start) / decisions


def stepped(players: int, variants: tuple[str, ...], games: int,
            options: dict[str, object] | None = None) -> float:
    """Seconds per decision of random play through the AEC environment (observe + step),
    the random agent's own choice from the mask (``flatnonzero``) timed apart and left out
    (it is the policy's cost, not the environment's)."""
    game = env(players=players, variants=variants, options=options)
    decisions = 0
    policy = 0.0
    clock = time.process_time
    start = clock()
    for seed in range(games):
        game.reset(seed=seed)
        rng = random.Random(seed)
        while not game.state.is_terminal:
            obs = game.observe(game.agent_selection)
            chose = clock()
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[rng.randrange(len(legal))])
            policy += clock() - chose
            game.step(action)
            decisions += 1
    return (clock() - start - policy) / decisions


def main(argv: list[str] | None = None) -> int:
    """Print µs per raw decision, per environment step, and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="knowledge",
                        help="comma-separated; '' = base; 'every' = every variant at once")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5, help="best of this many, interleaved")
    args = parser.parse_args(argv)
    if args.variants == "every":
        variants = every_variant(args.players)
    else:
        variants = tuple(v for v in args.variants.split(",") if v)
    options = example_options(variants)
    rules = burgundy.Ruleset(players=args.players, variants=variants, options=options)
    raw(rules, 2)
    stepped(args.players, variants, 2, options)  # warm-up: caches, imports
    a = b = float("inf")
    for _ in range(args.runs):  # interleaved: the machine's speed drifts
        a = min(a, raw(rules, args.games))
        b = min(b, stepped(args.players, variants, args.games, options))
    print(f"{args.variants or 'base'}, {args.players} players: raw decision {a * 1e6:.0f} µs, "
          f"environment step with observation and mask {b * 1e6:.0f} µs, ratio {b / a:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
