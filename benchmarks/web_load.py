"""Load on ``burgundy serve``: many bot-vs-bot games at once through the JSON API.

Starts the server (``burgundy serve --port 0 --bot-delay 0``, a fresh database in a
temporary folder) on 127.0.0.1, makes ``--games`` games of people only, and plays each in a
thread of this process as a person would through the API: each seat's moves are chosen by
a bot (``--bots``) on a copy of the game kept here (the same seed, the same moves), then
sent with ``POST /api/games/{id}/actions`` on a kept-alive connection. The clock of a move's
latency runs around that request only, so the bots' thinking is left out; moves/s is every
move of every game over the wall time of the whole run (thinking included).

Afterwards the database is read back: every game must hold exactly the moves sent, in order,
numbered 0, 1, 2, ... (no move lost, none twice), and the record the API serves must be the
local copy's.

Not a timed test (nothing asserts a speed). Usage: ``python benchmarks/web_load.py
[--games 50] [--players 2] [--bots greedy,random] [--variants knowledge] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import burgundy
from burgundy.bots import make_bot


def _start(db: Path) -> tuple[subprocess.Popen[str], str, int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "burgundy.cli", "serve", "--host", "127.0.0.1", "--port", "0",
         "--db", str(db), "--bot-delay", "0"],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    line = process.stdout.readline()
    address = line.split("http://", 1)[1].split("/", 1)[0]
    host, port = address.rsplit(":", 1)
    return process, host, int(port)


class Client:
    """One kept-alive connection to the server."""

    def __init__(self, host: str, port: int) -> None:
        self.connection = http.client.HTTPConnection(host, port, timeout=120)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        self.connection.request(method, path, body=data,
                                headers={"Content-Type": "application/json"})
        answer = self.connection.getresponse()
        return answer.status, json.loads(answer.read())


def play_one(host: str, port: int, index: int, args: argparse.Namespace,
             latencies: list[float], sent: dict[str, list[str]], errors: list[str]) -> None:
    """Make one game and play it to the end through the API (a failure is an error)."""
    try:
        _play_one(host, port, index, args, latencies, sent, errors)
    except Exception as exc:
        errors.append(f"game {index}: {type(exc).__name__}: {exc}")


def _play_one(host: str, port: int, index: int, args: argparse.Namespace,
              latencies: list[float], sent: dict[str, list[str]], errors: list[str]) -> None:
    client = Client(host, port)
    players = args.players
    seed = args.seed + index
    status, made = client.call("POST", "/api/games", {
        "players": players, "variants": args.variants, "seats": ["human"] * players,
        "seed": seed})
    if status != 201:
        errors.append(f"new game: {status} {made}")
        return
    game_id = made["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    specs = args.bots.split(",")
    bots = [make_bot(specs[s % len(specs)], seed=seed + s) for s in range(players)]
    local = burgundy.Game(players=players, variants=tuple(args.variants), seed=seed)
    moves: list[str] = []
    sent[game_id] = moves
    while not local.state.is_terminal:
        seat = local.state.current_player
        action = str(bots[seat].choose(local.state))
        started = time.perf_counter()
        status, answer = client.call("POST", f"/api/games/{game_id}/actions",
                                     {"token": tokens[seat], "action": action,
                                      "turn": len(moves)})
        latencies.append(time.perf_counter() - started)
        if status != 200:
            errors.append(f"game {game_id} move {len(moves)}: {status} {answer}")
            return
        local.play(action)
        moves.append(action)
        if answer["turn"] != len(moves) or answer["terminal"] != local.state.is_terminal:
            errors.append(f"game {game_id}: the server's state differs after {len(moves)}")
            return
    status, record = client.call("GET", f"/api/games/{game_id}/record")
    if record["steps"] != local.record()["steps"]:
        errors.append(f"game {game_id}: the served record differs from the local copy")


def check_database(db: Path, sent: dict[str, list[str]]) -> list[str]:
    """Every game's stored moves are the ones sent: none lost, none twice."""
    problems = []
    with sqlite3.connect(db) as conn:
        for game_id, moves in sent.items():
            rows = conn.execute("SELECT turn, action FROM moves WHERE game = ? ORDER BY turn",
                                (game_id,)).fetchall()
            if [t for t, _ in rows] != list(range(len(moves))) or \
                    [a for _, a in rows] != moves:
                problems.append(f"game {game_id}: {len(rows)} stored, {len(moves)} sent")
        stored = conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    if stored != sum(len(m) for m in sent.values()):
        problems.append(f"{stored} moves stored, {sum(len(m) for m in sent.values())} sent")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--variants", default="knowledge")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.variants = [v for v in args.variants.split(",") if v]
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        process, host, port = _start(db)
        try:
            latencies: list[float] = []
            sent: dict[str, list[str]] = {}
            errors: list[str] = []
            threads = [threading.Thread(target=play_one,
                                        args=(host, port, i, args, latencies, sent, errors))
                       for i in range(args.games)]
            started = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            wall = time.perf_counter() - started
        finally:
            process.terminate()
            _, _, usage = os.wait4(process.pid, 0)  # the server's own CPU time
            process.returncode = 0
            server_cpu = usage.ru_utime + usage.ru_stime
        problems = errors + check_database(db, sent)
    moves = len(latencies)
    ms = sorted(1000 * t for t in latencies)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))] if ms else float("nan")
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))] if ms else float("nan")
    print(f"{args.games} concurrent games ({args.players} players, bots {args.bots}, "
          f"variants {args.variants or 'none'}) on {host}:{port}, {os.cpu_count()} cores")
    print(f"moves: {moves} in {wall:.1f} s = {moves / wall:.0f} moves/s (thinking included)")
    if ms:
        print(f"POST .../actions latency: median {statistics.median(ms):.1f} ms, p95 "
              f"{p95:.1f} ms, p99 {p99:.1f} ms, max {ms[-1]:.1f} ms")
    print(f"server CPU: {server_cpu:.1f} s in all, {1000 * server_cpu / max(moves, 1):.2f} ms "
          f"a move (every request: new games, moves, records)")
    print("database: " + ("every move stored once, in order" if not problems else
                          f"{len(problems)} problems: " + "; ".join(problems[:5])))
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
