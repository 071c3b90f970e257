"""The Ray backend of tournaments (issue #20), on a real local Ray: one ``ray.init`` for the
module (2 CPUs), a handful of short games (random and greedy bots, the base game).

Ray comes with the ``dev`` extra (``burgundy[ray]``), and the nox sessions install it where
the wheelhouse has it (every supported Python today; noxfile.py's rule, with
``EXTRA_TESTS`` of tools/project.py, leaves this file out of a session without it). The
self-play test needs ``rl`` too.
About 45 s: three Ray start-ups (the module's, the command's own in a subprocess, a
``ray start`` head with token authentication) and drivers joining them.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
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

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

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


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _processes_naming(marker: str) -> list[int]:
    """The processes whose command line names ``marker`` (the head's own temp folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.fixture()
def token_cluster() -> Iterator[tuple[str, dict[str, str]]]:
    """A real ``ray start --head`` with Ray's token authentication, in a temp folder of its
    own (``RAY_TMPDIR``: no other Ray on this machine finds it); yields its address and the
    environment a driver needs (the mode, the token, the folder); stopped with SIGTERM
    (about 1.5 s), and any of its processes left are ended by their ids.

    Not SIGINT: a shell script runs a command it puts in the background with SIGINT
    ignored, and the suite's processes hand that on to the head, which then never stops on
    it (in such runs the 30 s wait this had ran out every time)."""
    folder = tempfile.mkdtemp(prefix="rt", dir="/tmp")  # short: Ray's socket paths
    port = _free_port()
    env = {**os.environ, "RAY_TMPDIR": folder, "RAY_AUTH_MODE": "token",
           "RAY_AUTH_TOKEN": secrets.token_hex(16)}
    env.pop("RAY_ADDRESS", None)
    head = subprocess.Popen(
        [str(BURGUNDY.with_name("ray")), "start", "--head", "--block", "--num-cpus", "1",
         "--port", str(port), "--include-dashboard=false", "--disable-usage-stats"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        started = time.monotonic()
        while not Path(folder, "ray", "ray_current_cluster").is_file():
            assert head.poll() is None and time.monotonic() - started < 90, "no Ray head"
            time.sleep(0.5)
        yield f"127.0.0.1:{port}", env
    finally:
        head.send_signal(signal.SIGTERM)
        try:
            head.wait(timeout=5)
        except subprocess.TimeoutExpired:
            head.kill()
        for pid in _processes_naming(folder):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        shutil.rmtree(folder, ignore_errors=True)


def test_cli_joins_a_running_local_cluster_with_token_auth(
        token_cluster: tuple[str, dict[str, str]], tmp_path: Path) -> None:
    """Issue #31: ``--backend ray --jobs 2`` without an address joins the cluster ``ray
    start`` runs here (no ``num_cpus ... must not be provided``), with Ray's token in the
    environment (docs/tournaments.md); ``--address HOST:PORT`` with the token joins it from
    an environment that would not find it by itself. Both give the process backend's
    games."""
    address, env = token_cluster
    common = ["tournament", "--variants", "", "--bots", "random,greedy", "--games", "2",
              "--seed", "4"]
    here = subprocess.run([str(BURGUNDY), *common, "--backend", "ray", "--jobs", "2",
                           "--out", str(tmp_path / "here.jsonl")], env=env,
                          capture_output=True, text=True, check=False, timeout=120)
    assert here.returncode == 0, here.stderr[-2000:]
    assert "ray: the Ray cluster at " in here.stderr and "(1 CPU)" in here.stderr
    elsewhere = {**env, "RAY_TMPDIR": str(tmp_path)}
    by_address = subprocess.run([str(BURGUNDY), *common, "--backend", "ray", "--address",
                                 address, "--out", str(tmp_path / "address.jsonl")],
                                env=elsewhere, capture_output=True, text=True, check=False,
                                timeout=120)
    assert by_address.returncode == 0, by_address.stderr[-2000:]
    assert f"ray: the Ray cluster at {address} (1 CPU)" in by_address.stderr
    assert main([*common, "--jobs", "1", "--out", str(tmp_path / "local.jsonl")]) == 0

    def games(name: str) -> list[dict[str, Any]]:
        lines = (tmp_path / name).read_text().splitlines()[1:]
        return _timeless(sorted((json.loads(line) for line in lines),
                                key=lambda line: line["game"]))

    assert games("here.jsonl") == games("address.jsonl") == games("local.jsonl")


def test_ray_executor_refuses_cpus_with_an_address() -> None:
    with pytest.raises(ValueError, match="num_cpus is for a new local Ray"):
        RayExecutor(address="auto", num_cpus=2)


def test_cli_starts_a_local_ray_with_jobs_cpus(tmp_path: Path) -> None:
    """Without --address (and no cluster to find) the command starts a local Ray of its own
    with --jobs CPUs (in another process, beside the module's Ray), and stops it at the
    end; with Ray's token authentication turned off (``RAY_AUTH_MODE=disabled``, a trusted
    local Ray: docs/tournaments.md)."""
    env = {**os.environ, "RAY_AUTH_MODE": "disabled"}
    env.pop("RAY_ADDRESS", None)
    done = subprocess.run([str(BURGUNDY), "tournament", "--variants", "", "--bots",
                           "random,greedy", "--games", "2", "--backend", "ray", "--jobs", "1"],
                          env=env, capture_output=True, text=True, check=False, timeout=120)
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
