"""Wall-clock A/B of two versions of the engine: is the working tree faster than REF?

Instruction counts (``instructions.py``) are repeatable but are not time, and the machine's
speed drifts by tens of percent within a minute. This script checks out REF (a commit,
branch or tag) into a temporary ``git worktree``, then runs the same workload alternately
under REF's ``src/`` and under the working tree's, in fresh processes, ``--pairs`` times,
and prints each pair's speed ratio (new / old) and their median. The plugins come from the
environment in both runs, so this compares changes to the core.

    python benchmarks/ab.py HEAD~1 [--pairs 8] [--variants knowledge] [--players 2]

``--plugins`` puts REF's ``plugins/*/src`` on the path too (a change to the core's API that
the plugins follow: then each side runs with its own plugins). ``--per game`` reports games
per second instead of decisions per second: for a change to what counts as a decision (a
take into a full storage became two), only the time a whole game takes compares.
``--clock cpu`` times by the CPU time of each process (``time.process_time``) instead of
the wall clock, for a machine shared with other work. ``--compiled`` compares the compiled
builds: REF's worktree is compiled in place (``hatch_build.py``, as ``make compiled`` does)
and the working tree must be compiled too (``make compiled``); without it both sides run
REF's and the working tree's sources as they are found (a worktree holds no compiled
modules, so REF runs pure).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

WORKLOAD = """
import random, time
import burgundy
# bench.play_random's loop, written here: this runs under the old version's src/, which the
# working tree's bench.py (importing newer names) need not import under
def play_random(rules, seed):
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
rules = burgundy.Ruleset(players={players}, variants={variants!r})
for seed in range(1000, 1000 + {warm}):  # warm-up: imports, module caches
    play_random(rules, seed)
best = 0.0
for run in range(3):
    start = time.perf_counter()
    n = sum(play_random(rules, 1 + run * {games} + g) for g in range({games}))
    n = {games} if {per_game} else n
    best = max(best, n / (time.perf_counter() - start))
print(best)
"""


def rate(src: Path, code: str, plugins: bool = False) -> float:
    """Decisions (or games) per second of the workload with ``src`` first on the import
    path (and, with ``plugins``, the ``plugins/*/src`` beside it)."""
    paths = [str(src)]
    if plugins:
        paths += [str(p) for p in sorted(src.parent.glob("plugins/*/src"))]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout
    return float(out.split()[-1])


def compiled(src: Path) -> bool:
    """Whether ``burgundy`` imported from ``src`` is the compiled build."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, "-c", "import burgundy; print(burgundy.COMPILED)"],
                         env=env, capture_output=True, text=True, check=True).stdout
    return out.split()[-1] == "True"


def main(argv: list[str] | None = None) -> int:
    """Run the A/B and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ref", help="the old version: a commit, branch or tag")
    parser.add_argument("--pairs", type=int, default=8)
    parser.add_argument("--variants", default="knowledge", help="comma-separated; '' = base")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--warm", type=int, default=30)
    parser.add_argument("--plugins", action="store_true",
                        help="each side with its own plugins/*/src")
    parser.add_argument("--per", choices=("decision", "game"), default="decision")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--compiled", action="store_true",
                        help="compile REF's worktree; the working tree must be compiled")
    args = parser.parse_args(argv)
    if args.compiled and not compiled(ROOT / "src"):
        raise SystemExit("--compiled: the working tree is not compiled (run make compiled)")
    variants = tuple(v for v in args.variants.split(",") if v)
    code = WORKLOAD.format(players=args.players, variants=variants,
                           warm=args.warm, games=args.games, per_game=args.per == "game")
    if args.clock == "cpu":
        code = code.replace("time.perf_counter()", "time.process_time()")
    with tempfile.TemporaryDirectory() as folder:
        old = Path(folder) / "old"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q",
                        str(old), args.ref], check=True)
        try:
            if args.compiled:
                build = subprocess.run([sys.executable, "hatch_build.py"], cwd=old,
                                       capture_output=True, text=True, check=False)
                if build.returncode:
                    raise SystemExit(f"--compiled: {args.ref} did not compile:\n"
                                     f"{build.stderr[-2000:]}")
                if not compiled(old / "src"):
                    raise SystemExit(f"--compiled: {args.ref} did not compile in place")
            ratios = []
            for _ in range(args.pairs):
                before = rate(old / "src", code, args.plugins)
                after = rate(ROOT / "src", code, args.plugins)
                ratios.append(after / before)
                print(f"old {before:8,.0f}  new {after:8,.0f}  new/old {ratios[-1]:.3f}",
                      flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(old)], check=True)
    print(f"median new/old over {args.pairs} pairs: {statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
