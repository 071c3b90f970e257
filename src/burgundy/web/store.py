"""The games of ``burgundy serve`` in SQLite (the standard library's :mod:`sqlite3`).

Two tables: ``games`` (one row a game: its ruleset, seed, who plays each seat and a hash
of each seat's secret token) and ``moves`` (one row a move: the game, its number, the seat
and the action's text; the primary key ``(game, turn)`` makes a move number unique). The
database is in WAL mode with ``synchronous=FULL`` and each move is one transaction,
committed (and synced to disk) before the server answers: a server killed at any moment,
or a machine losing power, loses nothing that it acknowledged.

Nothing here imports the web stack: a store can be read without ``burgundy[web]``.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["GameRow", "Move", "Store", "token_digest"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    spec    TEXT NOT NULL,
    tokens  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game    TEXT NOT NULL REFERENCES games(id),
    turn    INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    action  TEXT NOT NULL,
    PRIMARY KEY (game, turn)
) WITHOUT ROWID;
"""


def token_digest(token: str) -> str:
    """The SHA-256 of a seat's token, as the database keeps it (never the token itself).

    Examples:
        >>> from burgundy.web.store import token_digest
        >>> len(token_digest("abc")), token_digest("abc") == token_digest("abc")
        (64, True)
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Move(NamedTuple):
    """One stored move: its number (0 is the first), the seat and the action's text."""

    turn: int
    seat: int
    action: str


class GameRow(NamedTuple):
    """One stored game: its id, when it was made, its spec (``ruleset``, ``seed``,
    ``seats``: the kind of each seat, ``"human"`` or a bot spec) and the digest of each
    seat's token (``None`` for a bot's seat)."""

    id: str
    created: str
    spec: dict[str, Any]
    tokens: list[str | None]


class Store:
    """The SQLite file of the games (made if missing, with its folder).

    Every method is one transaction; the object may be shared by threads (one connection,
    behind a lock).

    Args:
        path: The database file, or ``":memory:"``.

    Examples:
        >>> from burgundy.web.store import Store, Move
        >>> store = Store(":memory:")
        >>> store.add_game("g1", "2026-12-02T08:00:00Z", {"seed": 1}, [None, "digest"])
        >>> store.add_move("g1", Move(0, 1, "workers d3"))
        >>> store.moves("g1")
        [Move(turn=0, seat=1, action='workers d3')]
        >>> store.add_move("g1", Move(0, 0, "workers d2"))
        Traceback (most recent call last):
        ...
        ValueError: move 0 of game g1 is already stored
    """

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    def add_game(self, game_id: str, created: str, spec: dict[str, Any],
                 tokens: Sequence[str | None]) -> None:
        """Store a new game (one transaction)."""
        with self._lock:
            self._db.execute(
                "INSERT INTO games (id, created, spec, tokens) VALUES (?, ?, ?, ?)",
                (game_id, created, json.dumps(spec), json.dumps(list(tokens))),
            )

    def add_move(self, game_id: str, move: Move) -> None:
        """Store one move (one transaction, committed when this returns).

        Raises:
            ValueError: That move number is already stored for the game.
        """
        with self._lock:
            try:
                self._db.execute(
                    "INSERT INTO moves (game, turn, seat, action) VALUES (?, ?, ?, ?)",
                    (game_id, move.turn, move.seat, move.action),
                )
            except sqlite3.IntegrityError:
                raise ValueError(
                    f"move {move.turn} of game {game_id} is already stored"
                ) from None

    def remove_moves(self, game_id: str, first: int) -> int:
        """Remove moves ``first`` and after (an undo; one transaction); returns how many."""
        with self._lock:
            cursor = self._db.execute("DELETE FROM moves WHERE game = ? AND turn >= ?",
                                      (game_id, first))
            return cursor.rowcount

    def game(self, game_id: str) -> GameRow | None:
        """The stored game ``game_id``, or ``None``."""
        with self._lock:
            row = self._db.execute("SELECT id, created, spec, tokens FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
        return None if row is None else _row(row)

    def games(self) -> list[GameRow]:
        """Every stored game, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, created, spec, tokens FROM games ORDER BY created, id").fetchall()
        return [_row(row) for row in rows]

    def moves(self, game_id: str) -> list[Move]:
        """The moves of a game in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT turn, seat, action FROM moves WHERE game = ? ORDER BY turn",
                (game_id,)).fetchall()
        return [Move(int(t), int(s), str(a)) for t, s, a in rows]


def _row(row: tuple[Any, ...]) -> GameRow:
    return GameRow(str(row[0]), str(row[1]), json.loads(row[2]), json.loads(row[3]))
