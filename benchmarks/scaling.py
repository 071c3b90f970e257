"""How tournaments scale: games per second with 1 and 2 workers, for each backend.

Plays the same tournament (default: greedy against random, the base game, 2 players, 200
games) in this process, then on a local process pool and on a local Ray with 1 and with 2
workers, and prints per run the wall time, games per second, the speed-up of 2 workers over
1 and the overhead per game: (wall time − the games' own time) / games, where a game's own
time is what it took where it was played (its ``time`` in the results): what the backend
adds (sending batches, results back, the runner's bookkeeping). Measured on the same run,
it holds up better on a busy machine than a difference of two runs. Start-up is not timed
(each pool, or Ray, is started and warmed up by a first small batch before the clock
starts). Each run is repeated (``--repeat``) and the fastest kept; the results of every run
are checked equal to the in-process run's.

Usage: ``python benchmarks/scaling.py [--games 200] [--bots greedy,random] [--backends
process,ray] [--batch N] [--repeat 2]`` (Ray: ``pip install burgundy[ray]``).
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import burgundy
from burgundy.tournament import TournamentSpec, default_batch_size, run_tournament


def _timeless(results: Any) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "time"} for r in results]


def _executor(backend: str, workers: int) -> Executor:
    if backend == "process":
        return ProcessPoolExecutor(max_workers=workers)
    from burgundy.tournament.ray_backend import RayExecutor

    return RayExecutor(num_cpus=workers)


def _timed(spec: TournamentSpec, executor: Executor | None, batch: int | None, repeat: int,
           ) -> tuple[float, float, Any]:
    """The fastest of ``repeat`` runs: wall time, overhead per game, result."""
    best: tuple[float, float, Any] | None = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run_tournament(spec, executor, batch_size=batch)
        wall = time.perf_counter() - start
        own = sum(r["time"] for r in result.results)
        workers = getattr(executor, "workers", None) or getattr(executor, "_max_workers", 1)
        overhead = (wall * workers - own) / spec.games if workers == 1 else float("nan")
        if best is None or wall < best[0]:
            best = (wall, overhead, result)
    assert best is not None
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--variants", default="")
    parser.add_argument("--backends", default="process,ray")
    parser.add_argument("--batch", type=int, default=None,
                        help="games per task (default: the runner's choice)")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    variants = tuple(v for v in args.variants.split(",") if v)
    rules = burgundy.Ruleset(players=2, variants=variants)
    spec = TournamentSpec(ruleset=rules, bots=args.bots, games=args.games, seed=1)
    warm = TournamentSpec(ruleset=rules, bots=args.bots, games=4, seed=2)

    base_time, base_overhead, base = _timed(spec, None, args.batch, args.repeat)
    print(f"{args.games} games, bots {args.bots}, variants {list(variants) or 'none'}; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (other work on the "
          "machine takes cores from the workers)")
    print(f"{'backend':10s} {'workers':>7s} {'batch':>5s} {'wall s':>8s} {'games/s':>8s} "
          f"{'speed-up':>8s} {'overhead/game':>14s}")
    print(f"{'in-process':10s} {1:7d} {'-':>5s} {base_time:8.2f} {args.games / base_time:8.2f} "
          f"{'':>8s} {1000 * base_overhead:11.2f} ms")
    for backend in args.backends.split(","):
        one = None
        for workers in (1, 2):
            executor = _executor(backend, workers)
            try:
                run_tournament(warm, executor, batch_size=1)  # start-up and imports
                wall, overhead_s, result = _timed(spec, executor, args.batch, args.repeat)
            finally:
                executor.shutdown()
            if _timeless(result.results) != _timeless(base.results):
                raise SystemExit(f"{backend} with {workers} workers: other results!")
            batch = args.batch or default_batch_size(args.games, workers)
            rate = args.games / wall
            if workers == 1:
                one = rate
                overhead = f"{1000 * overhead_s:11.2f} ms"
                print(f"{backend:10s} {workers:7d} {batch:5d} {wall:8.2f} {rate:8.2f} "
                      f"{'':>8s} {overhead:>14s}")
            else:
                assert one is not None
                print(f"{backend:10s} {workers:7d} {batch:5d} {wall:8.2f} {rate:8.2f} "
                      f"{rate / one:7.2f}x")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
