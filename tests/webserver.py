"""``burgundy serve`` in a child process on loopback, for the web tests (a real server,
no test client): start it on a free port, call its API with urllib, kill it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


class Served:
    """A running server: its base URL and process."""

    def __init__(self, db: Path, bot_delay: float = 0.0) -> None:
        self.db = db
        self.process = subprocess.Popen(
            [sys.executable, "-m", "burgundy.cli", "serve", "--host", "127.0.0.1",
             "--port", "0", "--db", str(db), "--bot-delay", str(bot_delay)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if "http://" not in line:
            self.process.kill()
            raise AssertionError(f"the server did not start: {line!r} "
                                 f"{self.process.stderr.read() if self.process.stderr else ''}")
        self.url = line.split("http://", 1)[1].split("/", 1)[0]
        self.base = f"http://{self.url}"
        self._wait_ready()

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + 20
        while True:
            try:
                self.call("GET", "/api/variants")
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def call(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any]:
        """``(status, JSON answer)`` of one request (an error status is returned, not
        raised)."""
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                status, text = answer.status, answer.read()
                kind = answer.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read()
            kind = error.headers.get("Content-Type", "")
        if "json" in kind:
            return status, json.loads(text)
        return status, text.decode()

    def kill(self) -> None:
        """Kill the process at once (SIGKILL: nothing is flushed on the way out)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self._close()

    def stop(self) -> None:
        """Stop it as Ctrl-C does."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._close()

    def _close(self) -> None:
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


@contextmanager
def served(db: Path, bot_delay: float = 0.0) -> Iterator[Served]:
    """A server on ``db`` for the block, stopped afterwards."""
    server = Served(db, bot_delay)
    try:
        yield server
    finally:
        server.stop()


def new_game(server: Served, **body: Any) -> dict[str, Any]:
    """``POST /api/games``; the answer (status 201 checked)."""
    status, answer = server.call("POST", "/api/games", body)
    assert status == 201, answer
    return dict(answer)


def state(server: Served, game: str, token: str | None) -> dict[str, Any]:
    query = f"?token={token}" if token else ""
    status, answer = server.call("GET", f"/api/games/{game}{query}")
    assert status == 200, answer
    return dict(answer)


def wait_for_seat(server: Served, game: str, token: str | None, seat: int | None,
                  timeout: float = 60.0) -> dict[str, Any]:
    """Poll until ``seat`` is to move, or the game is over; the state then."""
    deadline = time.monotonic() + timeout
    while True:
        now = state(server, game, token)
        if now["terminal"] or now["to_move"] == seat:
            return now
        if time.monotonic() > deadline:
            raise TimeoutError(f"seat {seat} never came to move: {now['to_move']}")
        time.sleep(0.02)
