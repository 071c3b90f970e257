"""Load on ``burgundy serve``: many bot-vs-bot games at once through the JSON API.

Starts the server (``burgundy serve --port 0 --bot-delay 0``, a fresh database in a
temporary folder) on 127.0.0.1. The bots (``--bots``) first play ``--games`` games here,
untimed, each from its own seed: their thinking is left out of every figure. Then the
clock starts: one thread per game makes a game of people only with that seed on the
server and sends that game's moves, one ``POST /api/games/{id}/actions`` after the other
on a kept-alive connection, as a person's page would, all games at once. A move's latency
is timed around its request; moves/s is every move of every game over the wall time of
that phase.

Afterwards the database is read back: every game must hold exactly the moves sent, in order,
numbered 0, 1, 2, ... (no move lost, none twice), and the record the API serves must be the
one of the game the bots played here.

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


def prepare(index: int, args: argparse.Namespace) -> tuple[int, list[str], dict[str, Any]]:
    """One game played here by the bots, before the clock starts: its seed, its moves and its
    record (the server, given the same seed and moves, must reach the same record)."""
    seed = args.seed + index
    specs = args.bots.split(",")
    bots = [make_bot(specs[s % len(specs)], seed=seed + s) for s in range(args.players)]
    local = burgundy.Game(players=args.players, variants=tuple(args.variants), seed=seed)
    moves: list[str] = []
    while not local.state.is_terminal:
        action = bots[local.state.current_player].choose(local.state)
        moves.append(str(action))
        local.play(action)
    return seed, moves, local.record()


def play_one(host: str, port: int, game: tuple[int, list[str], dict[str, Any]],
             args: argparse.Namespace, latencies: list[float], sent: dict[str, list[str]],
             errors: list[str]) -> None:
    """Make one game and send its moves through the API (a failure is an error)."""
    try:
        _play_one(host, port, game, args, latencies, sent, errors)
    except Exception as exc:
        errors.append(f"game {game[0]}: {type(exc).__name__}: {exc}")


def _play_one(host: str, port: int, game: tuple[int, list[str], dict[str, Any]],
              args: argparse.Namespace, latencies: list[float], sent: dict[str, list[str]],
              errors: list[str]) -> None:
    seed, moves, record = game
    client = Client(host, port)
    status, made = client.call("POST", "/api/games", {
        "players": args.players, "variants": args.variants,
        "seats": ["human"] * args.players, "seed": seed})
    if status != 201:
        errors.append(f"new game: {status} {made}")
        return
    game_id = made["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    done: list[str] = []
    sent[game_id] = done
    seat = None
    for turn, action in enumerate(moves):
        if seat is None:
            seat = client.call("GET", f"/api/games/{game_id}")[1]["to_move"]
        started = time.perf_counter()
        status, answer = client.call("POST", f"/api/games/{game_id}/actions",
                                     {"token": tokens[seat], "action": action, "turn": turn})
        latencies.append(time.perf_counter() - started)
        if status != 200:
            errors.append(f"game {game_id} move {turn}: {status} {answer}")
            return
        done.append(action)
        seat = answer["to_move"]
        if answer["turn"] != turn + 1:
            errors.append(f"game {game_id}: the server's turn differs after {turn + 1}")
            return
    status, served = client.call("GET", f"/api/games/{game_id}/record")
    if served["steps"] != record["steps"] or not served["header"]["result"]:
        errors.append(f"game {game_id}: the served record differs from the local game's")


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
            games = [prepare(i, args) for i in range(args.games)]  # the bots think here
            threads = [threading.Thread(target=play_one,
                                        args=(host, port, game, args, latencies, sent, errors))
                       for game in games]
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
    print(f"moves: {moves} in {wall:.1f} s = {moves / wall:.0f} moves/s")
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
