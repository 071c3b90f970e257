"""Noise-free cost of a decision: instructions counted by valgrind's callgrind.

Wall-clock figures on a shared VM move by 20-50 % from run to run; instruction counts do
not. This script runs a fixed workload twice under callgrind (warm-up only, then warm-up plus
N seeded random games), subtracts, and prints instructions per decision; ``--chess`` does
the same for python-chess plies. It needs valgrind (``apt-get install valgrind``) and takes
about 15 s per figure.

``--userloop`` plays issue #21's user loop instead of ``bench.py``'s (a new
``Game(players=N, seed=s)`` per game, chance drawn from ``chance_outcomes()`` with
``rng.choices``). ``--allocations`` also prints, per decision, the allocation and copy
counts callgrind saw (calls into CPython's allocator and constructors, start-up subtracted):
``allocations`` (``_PyObject_Malloc`` + ``_PyObject_Calloc``: every object and buffer from
Python's small-object allocator), ``tuples`` (``tuple_alloc``), ``objects``
(``object_new``: every attrs value built by ``object.__new__``, the engine's copies of
slotted values), ``dict copies`` (``PyDict_Copy``: each :class:`State` copy is one) and
``gc runs`` (``gc_collect_main``).

``--warm W`` counts the games after ``W`` others instead (their run subtracted): the
engine's caches of shared actions and die reaches are then warm, as in a long run; a count
over a few games from cold can rank two versions the wrong way round.

    python benchmarks/instructions.py [--variants knowledge] [--players 2] [--games 3]
                                      [--warm 0] [--chess] [--userloop] [--allocations]
"""

from __future__ import annotations

import argparse
import collections
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
elif kind.startswith("userloop:"):
    from userloop import USER_GAME
    _, players, names = kind.split(":")
    from burgundy.registry import example_options
    chosen = tuple(v for v in names.split(",") if v)
    exec(USER_GAME.format(players=players, variants=chosen, options=example_options(chosen)))
    game(0)
    count = sum(game(seed) for seed in range(1, 1 + games))
else:
    import burgundy
    from bench import play_random
    from burgundy.registry import example_options
    names = tuple(v for v in kind.split(",") if v)
    rules = burgundy.Ruleset(players=2, variants=names, options=example_options(names))
    play_random(rules, 0)
    count = sum(play_random(rules, seed) for seed in range(1, 1 + games))
print("count", count)
"""


COUNTED = {
    "allocations": ("_PyObject_Malloc", "_PyObject_Calloc"),
    "tuples": ("tuple_alloc",),
    "objects": ("object_new",),
    "dict copies": ("PyDict_Copy",),
    "gc runs": ("gc_collect_main",),
}
"""What ``--allocations`` counts: a label and the C functions whose calls it sums."""

_NAMED = re.compile(r"c?fn=\((\d+)\)(?: (.*))?")


def call_counts(out: Path) -> collections.Counter[str]:
    """Calls of every function in a callgrind output file, by function name."""
    names: dict[str, str] = {}
    calls: collections.Counter[str] = collections.Counter()
    callee = None
    with out.open() as lines:
        for line in lines:
            if line.startswith(("fn=", "cfn=")):
                found = _NAMED.match(line.strip())
                if found is None:
                    continue
                if found.group(2):
                    names[found.group(1)] = found.group(2)
                if line.startswith("cfn="):
                    callee = names.get(found.group(1), found.group(1))
            elif line.startswith("calls=") and callee is not None:
                calls[callee] += int(line[6:].split()[0])
    return calls


def instructions(script: Path, kind: str, games: int) -> tuple[int, int]:
    """Run the workload under callgrind; return (instructions, decisions or plies)."""
    total, count, _ = profile(script, kind, games)
    return total, count


def profile(script: Path, kind: str, games: int) -> tuple[int, int, dict[str, int]]:
    """Run the workload under callgrind; return (instructions, decisions or plies, the
    :data:`COUNTED` call counts)."""
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out",
             sys.executable, str(script), kind, str(games)],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # string hashing varies the count
        )
        calls = call_counts(Path(folder) / "out")
    counted = {label: sum(calls[name] for name in names) for label, names in COUNTED.items()}
    text = result.stdout + result.stderr
    collected = re.search(r"Collected : (\d+)", text)
    count = re.search(r"count (\d+)", text)
    if collected is None or count is None:
        raise SystemExit(f"could not read callgrind's output:\n{text[-2000:]}")
    return int(collected.group(1)), int(count.group(1)), counted


def per_step(script: Path, kind: str, games: int, warm: int = 0) -> tuple[float, int]:
    """Instructions per decision (or ply) of ``games`` games after ``warm`` others,
    start-up (and the ``warm`` games) subtracted."""
    ours, count, _ = per_step_counts(script, kind, games, warm)
    return ours, count


def per_step_counts(
    script: Path, kind: str, games: int, warm: int = 0
) -> tuple[float, int, dict[str, float]]:
    """Instructions and :data:`COUNTED` calls per decision (or ply) of ``games`` games
    played after ``warm`` others: the run of ``warm`` games is subtracted from the run of
    ``warm + games``, so the caches the engine fills as it meets new positions (the
    actions it hands out, the reach of a die under cost functions) are warm, as in a long
    run. ``warm=0`` subtracts start-up only."""
    base, base_count, base_calls = profile(script, kind, warm)
    total, count, calls = profile(script, kind, warm + games)
    count -= base_count
    return (total - base) / count, count, {
        label: (calls[label] - base_calls[label]) / count for label in calls}


def main(argv: list[str] | None = None) -> int:
    """Print instructions per decision (and per chess ply with ``--chess``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="knowledge", help="comma-separated; '' = base")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--warm", type=int, default=0,
                        help="count only the games after this many (caches warm, as in "
                             "a long run; the issue #21 figures use --games 80 --warm 40)")
    parser.add_argument("--chess", action="store_true")
    parser.add_argument("--players", type=int, default=2, help="with --userloop")
    parser.add_argument("--userloop", action="store_true", help="issue #21's user loop")
    parser.add_argument("--allocations", action="store_true",
                        help="also print allocation and copy counts per decision")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "workload.py"
        script.write_text(WORKLOAD.format(bench=str(Path(__file__).parent)))
        kind = f"userloop:{args.players}:{args.variants}" if args.userloop else args.variants
        players = args.players if args.userloop else 2
        ours, decisions, counts = per_step_counts(script, kind, args.games, args.warm)
        print(f"burgundy ({args.variants or 'base'}, {players} players"
              f"{', user loop' if args.userloop else ''}): {ours:,.0f} instructions "
              f"per decision over {decisions} decisions")
        if args.allocations:
            print("  per decision: " + ", ".join(
                f"{label} {value:,.1f}" for label, value in counts.items()))
        if args.chess:
            theirs, plies, chess_counts = per_step_counts(
                script, "chess", max(args.games // 2, 1), args.warm // 2)
            print(f"python-chess: {theirs:,.0f} instructions per ply over {plies} plies; "
                  f"ratio {theirs / ours:.2f}x")
            if args.allocations:
                print("  per ply: " + ", ".join(
                    f"{label} {value:,.1f}" for label, value in chess_counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
