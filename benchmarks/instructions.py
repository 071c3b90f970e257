"""Noise-free cost of a decision: instructions counted by valgrind's callgrind.

Wall-clock figures on a shared VM move by 20-50 % from run to run; instruction counts do
not. This script runs a fixed workload twice under callgrind (warm-up only, then warm-up plus
N seeded random games), subtracts, and prints instructions per decision; ``--chess`` does
the same for python-chess plies. It needs valgrind (``apt-get install valgrind``) and takes
about 15 s per figure.

    python benchmarks/instructions.py [--variants knowledge] [--games 3] [--chess]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

WORKLOAD = """
import random, sys
sys.path.insert(0, {bench!r})
kind, games = sys.argv[1], int(sys.argv[2])
if kind == "chess":
    import chess
    rng = random.Random(1)
    count = 0
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            count += 1
else:
    import burgundy
    from bench import play_random
    from burgundy.variants import example_options
    names = tuple(v for v in kind.split(",") if v)
    rules = burgundy.Ruleset(players=2, variants=names, options=example_options(names))
    play_random(rules, 0)
    count = sum(play_random(rules, seed) for seed in range(1, 1 + games))
print("count", count)
"""


def instructions(script: Path, kind: str, games: int) -> tuple[int, int]:
    """Run the workload under callgrind; return (instructions, decisions or plies)."""
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out",
             sys.executable, str(script), kind, str(games)],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # string hashing varies the count
        )
    text = result.stdout + result.stderr
    collected = re.search(r"Collected : (\d+)", text)
    count = re.search(r"count (\d+)", text)
    if collected is None or count is None:
        raise SystemExit(f"could not read callgrind's output:\n{text[-2000:]}")
    return int(collected.group(1)), int(count.group(1))


def per_step(script: Path, kind: str, games: int) -> tuple[float, int]:
    """Instructions per decision (or ply) of ``games`` games, start-up subtracted."""
    base, _ = instructions(script, kind, 0)
    total, count = instructions(script, kind, games)
    return (total - base) / count, count


def main(argv: list[str] | None = None) -> int:
    """Print instructions per decision (and per chess ply with ``--chess``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="knowledge", help="comma-separated; '' = base")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--chess", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "workload.py"
        script.write_text(WORKLOAD.format(bench=str(Path(__file__).parent)))
        ours, decisions = per_step(script, args.variants, args.games)
        print(f"burgundy ({args.variants or 'base'}, 2 players): {ours:,.0f} instructions "
              f"per decision over {decisions} decisions")
        if args.chess:
            theirs, plies = per_step(script, "chess", max(args.games // 2, 1))
            print(f"python-chess: {theirs:,.0f} instructions per ply over {plies} plies; "
                  f"ratio {theirs / ours:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
