"""The Ray backend of tournaments (issue #20), on a real local Ray: one ``ray.init`` for the
module (2 CPUs), a handful of short games (random and greedy bots, the base game).

Ray comes with the ``dev`` extra (``burgundy[ray]``), and the nox sessions install it where
the wheelhouse has it (every supported Python today; noxfile.py's rule, ``EXTRA_TESTS``,
leaves this file out of a session without it). The self-play test needs ``rl`` too.
About 18 s: two Ray start-ups (the module's, and the command's own in a subprocess) and a
driver joining by address.
"""

from __future__ import annotations

import json
import multiprocessing
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import ray

import burgundy
from burgundy.cli import main
from burgundy.tournament import TournamentSpec, run_tournament
from burgundy.tournament.ray_backend import RayExecutor

_FORKSERVER = multiprocessing.get_context("forkserver")
"""Process pools of the tests start their workers from a fork server: this process runs
threads (Ray's, numpy's), and forking a threaded process is unsafe."""
BURGUNDY = Path(sys.executable).with_name("burgundy")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[str]:
    """A real local Ray with 2 CPUs for the module; yields its address."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    try:
        yield str(ray.get_runtime_context().gcs_address)
    finally:
        ray.shutdown()


def _timeless(results: Any) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "time"} for r in results]


def test_ray_results_equal_the_process_pools(local_ray: str) -> None:
    """Issue #20: the tests start a real local Ray and check that its results equal the
    process backend's for the same seeds; games go in batches (here 3 tasks of 2)."""
    spec = TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()),
                          bots="random,greedy", games=6, seed=11)
    executor = RayExecutor()  # joins the module's Ray (already initialised)
    assert executor.workers == 2
    on_ray = run_tournament(spec, executor, batch_size=2)
    executor.shutdown()
    assert ray.is_initialized()  # it did not start this Ray, so it does not stop it
    with ProcessPoolExecutor(2, mp_context=_FORKSERVER) as pool:
        on_processes = run_tournament(spec, pool, batch_size=3)
    assert [r["game"] for r in on_ray.results] == list(range(6))
    assert _timeless(on_ray.results) == _timeless(on_processes.results)
    assert on_ray.summary == on_processes.summary
    with pytest.raises(RuntimeError, match="after shutdown"):
        executor.submit(len, "x")


def test_cli_joins_an_existing_cluster_by_address(local_ray: str, tmp_path: Path) -> None:
    """``burgundy tournament --backend ray --address HOST:PORT`` in another process joins the
    running cluster; its results file equals the process backend's."""
    common = ["tournament", "--variants", "", "--bots", "random,greedy", "--games", "4",
              "--seed", "2"]
    ray_out, local_out = tmp_path / "ray.jsonl", tmp_path / "local.jsonl"
    done = subprocess.run([str(BURGUNDY), *common, "--backend", "ray", "--address", local_ray,
                           "--out", str(ray_out)], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("4 games, 2 players")
    assert main([*common, "--jobs", "1", "--out", str(local_out)]) == 0  # no fork beside Ray

    def games(path: Path) -> list[dict[str, Any]]:
        lines = [json.loads(line) for line in path.read_text().splitlines()[1:]]
        return _timeless(sorted(lines, key=lambda line: line["game"]))

    assert games(ray_out) == games(local_out)


def test_ray_executor_refuses_cpus_with_an_address() -> None:
    with pytest.raises(ValueError, match="num_cpus is for a new local Ray"):
        RayExecutor(address="auto", num_cpus=2)


def test_cli_starts_a_local_ray_with_jobs_cpus(tmp_path: Path) -> None:
    """Without --address the command starts a local Ray of its own with --jobs CPUs (in
    another process, beside the module's Ray), and stops it at the end."""
    done = subprocess.run([str(BURGUNDY), "tournament", "--variants", "", "--bots",
                           "random,greedy", "--games", "2", "--backend", "ray", "--jobs", "1"],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ray: a local Ray started with 1 CPU\n" in done.stderr
    assert done.stdout.startswith("2 games, 2 players")


def test_selfplay_on_ray_writes_the_same_shards(local_ray: str, tmp_path: Path) -> None:
    """Issue #20: self-play on the same backends; on Ray the shards equal those written in
    this process for the same seeds."""
    import numpy as np

    from burgundy.selfplay import ARRAYS, SelfPlaySpec, load_shard, run_selfplay

    spec = SelfPlaySpec(ruleset=burgundy.Ruleset(players=2, variants=()), bot="mcts:3",
                        games=2, seed=8, shard_games=1)
    executor = RayExecutor()
    on_ray = run_selfplay(spec, tmp_path / "ray", executor)
    executor.shutdown()
    here = run_selfplay(spec, tmp_path / "here")
    assert on_ray.examples == here.examples > 0
    for a, b in zip(on_ray.shards, here.shards, strict=True):
        x, y = load_shard(a), load_shard(b)
        assert all(np.array_equal(x[k], y[k]) for k in ARRAYS)
