"""The games ``burgundy serve`` runs, without the web stack: make a game, play a move,
undo, and the state a seat sees, each checked and stored (:mod:`burgundy.web.store`).

A :class:`Table` is one game in memory (a :class:`burgundy.Game` replayed from its stored
moves) with its seats: ``"human"`` (a person, reached through a secret token) or a bot spec
(``"greedy"``, ``"mcts:60"``, ...). :class:`Tables` keeps them, loads a stored game when
it is first asked for, and raises :class:`ApiError` (an HTTP status and a short message)
for anything it refuses.
"""

from __future__ import annotations

import datetime
import hmac
import json
import secrets
from collections.abc import Mapping
from typing import Any

from burgundy.actions import Action, BuyTile, PlaceTile, Stow
from burgundy.bots import Bot, make_bot
from burgundy.components import tile_name
from burgundy.errors import IllegalActionError, brief
from burgundy.game import Game, parse_action
from burgundy.geometry import STANDARD_LAYOUT, space_name
from burgundy.render.svg import state_svg
from burgundy.variants import Ruleset
from burgundy.web.store import Move, Store, token_digest

__all__ = ["HUMAN", "KINDS", "MAX_BODY", "ApiError", "Table", "Tables", "action_targets"]

HUMAN = "human"
"""A person's seat (any other seat kind is a bot spec, as :func:`burgundy.bots.make_bot`
reads it)."""

KINDS: tuple[str, ...] = ("take", "place", "sell", "workers", "buy")
"""The base game's kinds of action, the first word of an action's text, in the order the
page groups them; every other first word (``goods``, ``drop``, ``end``, a variant's) is a
group of its own after them."""

MAX_PLAYERS = 4
MAX_SEED = 2**63
MAX_ITERATIONS = 5000
"""The most iterations a move a searching bot of a seat may take (``mcts:N``): a server's
bots think on its own cores."""
MAX_THINK = 10.0
"""The most seconds a move a bot that thinks for a time may take (``expert:think=S``)."""
MAX_BODY = 16 * 1024
"""The largest request body the server accepts, in bytes (a larger one gets 413)."""


class ApiError(Exception):
    """A refused request: the HTTP ``status`` and a short ``message``.

    Examples:
        >>> from burgundy.web.tables import ApiError
        >>> error = ApiError(409, "stale turn")
        >>> error.status, str(error)
        (409, 'stale turn')
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def action_targets(action: Action, estate: int) -> dict[str, Any]:
    """What an action's picture shows: its text, its kind (the first word), and the depot
    (``0``: the black depot), duchy space and stored hex it uses, where it names them.

    Examples:
        >>> import burgundy
        >>> from burgundy.web.tables import action_targets
        >>> game = burgundy.Game(players=2, variants=(), seed=1)
        >>> take = next(a for a in game.legal_actions() if str(a).startswith("take"))
        >>> targets = action_targets(take, 0)
        >>> targets["kind"], targets["depot"] in range(1, 7), targets["space"]
        ('take', True, None)
    """
    text = str(action)
    depot = getattr(action, "depot", None)
    if isinstance(action, BuyTile):
        depot = 0 if action.source == "black" else (
            int(action.source) if action.source.isdigit() else None)
    space = getattr(action, "space", None)
    space_text = None
    if isinstance(space, int) and not isinstance(space, bool):
        layout = getattr(action, "layout", STANDARD_LAYOUT)
        try:
            space_text = space_name(layout, space)
        except (KeyError, ValueError, IndexError):
            space_text = None
    stored = None
    if isinstance(action, PlaceTile):
        stored = tile_name(action.tile)
    elif isinstance(action, Stow) and action.discard >= 0:
        stored = tile_name(action.discard)
    return {
        "text": text,
        "kind": text.split(" ", 1)[0],
        "depot": depot if isinstance(depot, int) and not isinstance(depot, bool) else None,
        "space": space_text,
        "stored": stored,
        "estate": estate,
    }


class Table:
    """One game being played: the :class:`~burgundy.Game`, its seats and its moves.

    Attributes:
        id: The game's id.
        created: When it was made (ISO 8601, UTC).
        kinds: Each seat's kind: ``"human"`` or a bot spec.
        digests: Each seat's token digest (``None`` for a bot).
        game: The game, at its last move.
        moves: The stored moves, in order (``len(moves)`` is the ``turn`` number).
        actions: The legal instance of each move, for the picture's last move.
        bots: The bots, by seat.
    """

    def __init__(self, game_id: str, created: str, spec: Mapping[str, Any],
                 digests: list[str | None]) -> None:
        self.id = game_id
        self.created = created
        self.spec = dict(spec)
        self.kinds: list[str] = list(spec["seats"])
        self.digests = digests
        rules = Ruleset.from_dict(spec["ruleset"])
        self.game = Game(rules, seed=spec["seed"])
        self.game.date = created
        self.game.seat_names = tuple(self.kinds)
        seed = spec["seed"]
        self.bots: dict[int, Bot] = {seat: make_bot(kind, seed=(seed + seat) % MAX_SEED)
                                     for seat, kind in enumerate(self.kinds) if kind != HUMAN}
        self.moves: list[Move] = []
        self.actions: list[tuple[int, Action]] = []
        self._svg: tuple[int, str] | None = None
        self._steps_json: list[str] = []  # the record's steps, encoded (view_json)
        self._log_json: list[str] = []  # the moves, encoded

    @property
    def turn(self) -> int:
        """The number of moves played: the ``turn`` a move must name."""
        return len(self.moves)

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` once the game is over."""
        state = self.game.state
        return None if state.is_terminal else state.current_player

    def seat_of(self, token: object) -> int | None:
        """The seat whose token this is (compared in constant time), or ``None``."""
        if not isinstance(token, str) or not 0 < len(token) <= 200:
            return None
        digest = token_digest(token)
        found = None
        for seat, stored in enumerate(self.digests):
            if stored is not None and hmac.compare_digest(stored, digest):
                found = seat
        return found

    def apply(self, seat: int, text: str) -> Move:
        """Play ``text`` for ``seat`` in memory (the store is the caller's); returns the
        move.

        Raises:
            ApiError: 422: not a legal action now.
        """
        state = self.game.state
        try:
            action = parse_action(state, text)
        except IllegalActionError as exc:
            raise ApiError(422, str(exc)) from None
        self.game.play(action)
        move = Move(self.turn, seat, str(action))
        self.moves.append(move)
        self.actions.append((seat, action))
        return move

    def drop_last(self) -> None:
        """Take back the last move in memory."""
        self.game.undo()
        self.moves.pop()
        self.actions.pop()
        del self._log_json[len(self.moves):]
        self._steps_json.clear()  # the steps after the undone move's chance are redrawn

    def undo_from(self, seat: int) -> int | None:
        """The first move an undo by ``seat`` takes back: its own last move, when no other
        person has moved since (only bots); ``None`` when it may not undo."""
        if self.kinds[seat] != HUMAN:
            return None
        for move in reversed(self.moves):
            if move.seat == seat:
                return move.turn
            if self.kinds[move.seat] == HUMAN:
                return None
        return None

    def svg(self) -> str:
        """The picture of the table now, the last move marked (kept until the next move)."""
        if self._svg is None or self._svg[0] != self.turn:
            last = self.actions[-1] if self.actions else None
            self._svg = (self.turn, state_svg(self.game.state, last_move=last))
        return self._svg[1]

    def view(self, seat: int | None, base: str = "") -> dict[str, Any]:
        """The state as seat ``seat`` sees it (``None``: a spectator): the API's game
        state (docs/web.md)."""
        return {**self._summary(seat, base),
                "log": [m._asdict() for m in self.moves], "record": self.game.record()}

    def view_json(self, seat: int | None, base: str = "") -> str:
        """:meth:`view` as JSON text, made faster: each move of the log and each step of
        the record is encoded once and kept (a long game's record is most of the answer)."""
        record = self.game.record()
        steps = record.pop("steps")
        cache = self._steps_json
        cache.extend(_dumps(step) for step in steps[len(cache):])
        log = self._log_json
        log.extend(_dumps(m._asdict()) for m in self.moves[len(log):])
        head = _dumps(self._summary(seat, base))
        return (f'{head[:-1]},"log":[{",".join(log)}],'
                f'"record":{_dumps(record)[:-1]},"steps":[{",".join(cache)}]}}}}')

    def _summary(self, seat: int | None, base: str) -> dict[str, Any]:
        state = self.game.state
        to_move = self.to_move
        mine = seat is not None and seat == to_move and self.kinds[seat] == HUMAN
        targets = []
        if mine:
            estate = state.seats[seat].estate if seat is not None else 0
            targets = [action_targets(a, estate) for a in state.legal_actions()]
        return {
            "id": self.id,
            "turn": self.turn,
            "to_move": to_move,
            "seat": seat,
            "seats": [{"seat": s, "kind": kind, "estate": state.seats[s].estate}
                      for s, kind in enumerate(self.kinds)],
            "scores": list(state.scores),
            "terminal": state.is_terminal,
            "winners": list(state.winners()) if state.is_terminal else [],
            "legal_actions": [t["text"] for t in targets],
            "actions": targets,
            "can_undo": seat is not None and self.undo_from(seat) is not None,
            "svg": f"{base}/api/games/{self.id}/svg",
            "ruleset": state.rules.describe(),
        }


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _int(value: Any, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ApiError(422, f"{name!r} must be a whole number {low}-{high}; got {brief(value)}")
    return value


class Tables:
    """Every game of the server: made, loaded from the store when first asked for, and
    played.

    Args:
        store: Where the games are kept.

    Examples:
        >>> from burgundy.web.store import Store
        >>> from burgundy.web.tables import Tables
        >>> tables = Tables(Store(":memory:"))
        >>> table, tokens = tables.create({"players": 2, "variants": [],
        ...                                "seats": ["human", "random"], "seed": 3})
        >>> tables.seat_of(table, tokens[0]), tokens[1]
        (0, None)
        >>> tables.get(table.id) is table
        True
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._tables: dict[str, Table] = {}

    def create(self, body: Any) -> tuple[Table, list[str | None]]:
        """Make and store a new game from a ``POST /api/games`` body; returns it and each
        seat's token (``None`` for a bot).

        Raises:
            ApiError: 422: a bad field (the message says which).
        """
        if not isinstance(body, dict):
            raise ApiError(422, "the body must be a JSON object")
        known = {"players", "variants", "options", "seats", "seed", "edition"}
        unknown = sorted(k for k in body if k not in known)
        if unknown:
            raise ApiError(422, f"unknown field(s) {brief(unknown)}; valid: {sorted(known)}")
        players = _int(body.get("players", 2), "players", 1, MAX_PLAYERS)
        variants = body.get("variants")
        if variants is not None and (not isinstance(variants, list) or not all(
                isinstance(v, str) for v in variants)):
            raise ApiError(422, f"'variants' must be a list of names; got {brief(variants)}")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise ApiError(422, f"'options' must be an object; got {brief(options)}")
        edition = body.get("edition", "2019")
        if not isinstance(edition, str):
            raise ApiError(422, f"'edition' must be a string; got {brief(edition)}")
        seats = body.get("seats", [HUMAN] + ["greedy"] * (players - 1))
        if not isinstance(seats, list) or len(seats) != players or not all(
                isinstance(s, str) and 0 < len(s) <= 40 for s in seats):
            raise ApiError(422, f"'seats' must be a list of {players} seat kinds ('human' or "
                                f"a bot such as 'greedy'); got {brief(seats)}")
        seats = [s.strip() for s in seats]
        seed = body.get("seed")
        seed = secrets.randbelow(MAX_SEED) if seed is None else _int(seed, "seed", 0,
                                                                      MAX_SEED - 1)
        try:
            for kind in seats:
                if kind != HUMAN:
                    bot = make_bot(kind)
                    iterations = getattr(bot, "iterations", 0)
                    if isinstance(iterations, int) and iterations > MAX_ITERATIONS:
                        raise ApiError(422, f"bot {brief(kind)} searches too long: at most "
                                            f"{MAX_ITERATIONS} iterations a move here")
                    think = getattr(bot, "time_budget", None)
                    if isinstance(think, (int, float)) and think > MAX_THINK:
                        raise ApiError(422, f"bot {brief(kind)} thinks too long: at most "
                                            f"{MAX_THINK:g} seconds a move here")
                    workers = getattr(bot, "workers", 1)
                    if isinstance(workers, int) and workers > 1:
                        raise ApiError(422, f"bot {brief(kind)} searches on {workers} cores: "
                                            "on one here (a server's bots share its cores)")
            rules = Ruleset(players=players, edition=edition, options=options,
                            variants=None if variants is None else tuple(variants))
        except ApiError:
            raise
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        except Exception as exc:  # a variant plugin's own error: still one short line
            raise ApiError(422, f"cannot make this game: {type(exc).__name__}: "
                                f"{brief(str(exc))}") from None
        tokens: list[str | None] = [secrets.token_urlsafe(24) if kind == HUMAN else None
                                    for kind in seats]
        spec = {"ruleset": rules.to_dict(), "seed": seed, "seats": seats}
        game_id = secrets.token_urlsafe(9)
        digests = [None if t is None else token_digest(t) for t in tokens]
        created = _now()
        table = Table(game_id, created, spec, digests)
        self.store.add_game(game_id, created, spec, digests)
        self._tables[game_id] = table
        return table, tokens

    def get(self, game_id: str) -> Table:
        """The game ``game_id``, replayed from the store the first time.

        Raises:
            ApiError: 404: no such game.
        """
        table = self._tables.get(game_id)
        if table is not None:
            return table
        row = self.store.game(game_id) if 0 < len(game_id) <= 64 else None
        if row is None:
            raise ApiError(404, f"no game {brief(game_id)}")
        table = Table(row.id, row.created, row.spec, row.tokens)
        for move in self.store.moves(row.id):
            if move.turn != table.turn or move.seat != table.to_move:
                raise ApiError(500, f"game {row.id}: stored move {move.turn} does not follow")
            table.apply(move.seat, move.action)
        self._tables[row.id] = table
        return table

    def ids(self) -> list[str]:
        """The ids of every stored game."""
        return [row.id for row in self.store.games()]

    @staticmethod
    def seat_of(table: Table, token: object) -> int | None:
        """The seat ``token`` opens in ``table``, or ``None``."""
        return table.seat_of(token)

    def play(self, table: Table, seat: int, text: object, turn: object) -> Move:
        """Play a person's or a bot's move: checked, stored (committed), then applied.

        Raises:
            ApiError: 409: ``turn`` is not the current move number; 403: not ``seat``'s
                turn; 422: not a legal action (or not text).
        """
        if not isinstance(turn, int) or isinstance(turn, bool):
            raise ApiError(422, f"'turn' must be the move number; got {brief(turn)}")
        if turn != table.turn:
            raise ApiError(409, f"turn {turn} is stale: the game is at turn {table.turn}")
        if table.to_move != seat:
            raise ApiError(403, "it is not your turn" if table.to_move is not None
                           else "the game is over")
        if not isinstance(text, str):
            raise ApiError(422, f"'action' must be an action's text; got {brief(text)}")
        move = table.apply(seat, text)
        try:
            self.store.add_move(table.id, move)
        except Exception:
            table.drop_last()
            raise
        return move

    def undo(self, table: Table, seat: int) -> int:
        """Take back ``seat``'s last move and the bots' after it; returns how many moves.

        Raises:
            ApiError: 403: someone else has moved since, or nothing to undo.
        """
        first = table.undo_from(seat)
        if first is None:
            raise ApiError(403, "nothing to undo: no move of yours since another person's")
        self.store.remove_moves(table.id, first)
        count = table.turn - first
        for _ in range(count):
            table.drop_last()
        return count
