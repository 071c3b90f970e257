"""``python -m burgundy.demo``: play and print a seeded 4-player game between random bots.

A stand-in for the ``burgundy`` command until it lands: each decision is printed in the
record notation, each round ends with a line per seat, and the game ends with the scores.
"""

from __future__ import annotations

import argparse
import random

from burgundy.components import tile_name
from burgundy.game import Game
from burgundy.state import State


def seat_line(state: State, seat: int) -> str:
    """One line describing seat ``seat``: VP, silver, workers, goods, storage, duchy."""
    estate = state.seat_estate(seat)
    goods = " ".join(f"{c + 1}x{n}" for c, n in enumerate(estate.goods) if n) or "-"
    storage = " ".join(tile_name(t) for t in estate.storage) or "-"
    covered = 37 - estate.empty_spaces
    return (
        f"  seat {seat}: {state.seats[seat].vp:3d} VP  silver {estate.silver:2d}  "
        f"workers {estate.workers:2d}  goods {goods:14s} storage {storage:28s} "
        f"duchy {covered}/37"
    )


def main(argv: list[str] | None = None) -> int:
    """Play and print one seeded random game; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2011)
    parser.add_argument("--edition", default="2019")
    args = parser.parse_args(argv)
    game = Game(players=args.players, variants=(), edition=args.edition, seed=args.seed)
    rng = random.Random(args.seed)
    last = (-1, -1)
    while not game.state.is_terminal:
        state = game.state
        where = (state.phase, state.round)
        if where != last:
            if last != (-1, -1):
                for seat in range(len(state.seats)):
                    print(seat_line(state, seat))
            print(f"\nPhase {'ABCDE'[state.phase]}, round {state.round + 1}: "
                  f"white die {state.white}, order {list(state.order)}")
            last = where
        action = rng.choice(game.legal_actions())
        print(f"  seat {state.current_player}: {action}")
        game.play(action)
    final = game.state
    print("\nFinal scores:")
    for seat in range(len(final.seats)):
        print(seat_line(final, seat))
    print(f"Winner: seat {final.winners()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
