"""The ASGI application of ``burgundy serve`` (Starlette): the page, its scripts and the
JSON API under ``/api`` (docs/web.md), the bots moving by themselves, and server-sent
events telling every open page that a game moved.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from burgundy._version import __version__
from burgundy.bots import ExpertBot, available_bots
from burgundy.errors import brief
from burgundy.registry import available_variants, variant_info
from burgundy.variant_info import EDITIONS, OptionSpec
from burgundy.variants import CORE_OPTIONS, STANDARD_VARIANTS
from burgundy.web.store import Store
from burgundy.web.tables import (
    HUMAN,
    KINDS,
    MAX_BODY,
    MAX_ITERATIONS,
    ApiError,
    Table,
    Tables,
)

__all__ = ["Server", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
"""The page's own files: every script and style sheet it loads comes from here."""
HEARTBEAT = 15.0
"""Seconds between the events stream's keep-alive comments."""

log = logging.getLogger("burgundy.web")

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a seat's token is in its page's address
    "Cache-Control": "no-store",
}
PAGE_HEADERS = {
    **HEADERS,
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
}


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=HEADERS)


def _text(text: str, status: int = 200) -> Response:
    """A JSON answer already encoded (:meth:`Table.view_json`)."""
    return Response(text, status_code=status, media_type="application/json", headers=HEADERS)


def _error(status: int, message: str) -> JSONResponse:
    return _json({"error": message}, status)


class _Events:
    """A change signal per game: each waiter gets the next change."""

    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = {}

    def wait(self, game_id: str) -> asyncio.Event:
        return self._events.setdefault(game_id, asyncio.Event())

    def changed(self, game_id: str) -> None:
        event = self._events.pop(game_id, None)
        if event is not None:
            event.set()

    def all_changed(self) -> None:
        for game_id in list(self._events):
            self.changed(game_id)


class Server:
    """The state of a running server: the games, a lock per game, the bots' tasks.

    Args:
        store: The database of the games.
        bot_delay: Seconds a bot waits before each move (the page shows it thinking).

    Examples:
        >>> from burgundy.web.app import Server
        >>> from burgundy.web.store import Store
        >>> server = Server(Store(":memory:"), bot_delay=0.0)
        >>> server.bot_delay
        0.0
    """

    def __init__(self, store: Store, bot_delay: float = 0.6) -> None:
        self.tables = Tables(store)
        self.bot_delay = bot_delay
        self.events = _Events()
        self.closing = asyncio.Event()
        self._locks: dict[str, asyncio.Lock] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}

    def lock(self, game_id: str) -> asyncio.Lock:
        """The lock of one game: a move, a bot's move and a resume hold it in turn."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    def changed(self, table: Table) -> None:
        """Tell the pages, and start the bots if one is to move."""
        self.events.changed(table.id)
        self.wake_bots(table)

    def wake_bots(self, table: Table) -> None:
        """Start the task that plays the bots' moves of ``table`` if a bot is to move and
        none runs (nothing while the server is going down)."""
        seat = table.to_move
        if seat is None or seat not in table.bots or self.closing.is_set():
            return
        task = self._bots.get(table.id)
        if task is None or task.done():
            self._bots[table.id] = asyncio.create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        """Play the bots' moves while a bot is to move (each after :attr:`bot_delay`)."""
        while not self.closing.is_set():
            seat = table.to_move
            if seat is None or seat not in table.bots:
                return
            turn = table.turn
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            state = table.game.state
            if table.turn != turn:
                continue
            action = await asyncio.to_thread(table.bots[seat].choose, state)
            async with self.lock(table.id):
                if table.turn != turn or table.to_move != seat:
                    continue  # an undo came first: think again
                try:
                    self.tables.play(table, seat, str(action), turn)
                except ApiError as exc:
                    log.error("game %s: bot %s: %s", table.id, table.kinds[seat], exc)
                    return
            self.events.changed(table.id)

    async def resume(self) -> None:
        """Load every stored game still going and set its bots moving again."""
        for game_id in self.tables.ids():
            if self.closing.is_set():
                return
            async with self.lock(game_id):
                try:
                    table = self.tables.get(game_id)
                except Exception as exc:  # a game that no longer loads: say so, go on
                    log.error("game %s does not load: %s", game_id, brief(str(exc)))
                    continue
            self.wake_bots(table)
            await asyncio.sleep(0)

    def closing_down(self) -> None:
        """Stop the bots and end the event streams (the server is going down)."""
        self.closing.set()
        self.events.all_changed()

    async def stop(self) -> None:
        """Go down: stop the bots' tasks and wait until each has ended."""
        self.closing_down()
        for task in list(self._bots.values()):
            task.cancel()
        for task in list(self._bots.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


HINT_ITERATIONS = 2000
"""The expert's search iterations for a hint by default (about a second here; at most
:data:`~burgundy.web.tables.MAX_ITERATIONS`, as a seat's bot)."""


def _hint_iterations(value: str | None) -> int:
    if value is None:
        return HINT_ITERATIONS
    if not value.isdigit() or not 1 <= int(value) <= MAX_ITERATIONS:
        raise ApiError(422, f"'iterations' must be a whole number from 1 to "
                            f"{MAX_ITERATIONS}; got {brief(value)}")
    return int(value)


def _advise(state: Any, iterations: int) -> dict[str, Any]:
    """The expert's hint at ``state`` as the API answers it."""
    found = ExpertBot(iterations=iterations, seed=0).hint(state)
    return {"action": str(found.action), "win_chance": round(found.win_chance, 4),
            "options": [{"action": str(a), "visits": n, "win_chance": round(w, 4)}
                        for a, n, w in found.options]}


async def _body(request: Request) -> Any:
    """The request's JSON body, at most :data:`MAX_BODY` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise ApiError(413, f"the body is too large (at most {MAX_BODY} bytes)")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, f"the body is too large (at most {MAX_BODY} bytes)")
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks))
    except (ValueError, RecursionError):
        raise ApiError(400, "the body is not JSON") from None
    if _depth(body) > MAX_DEPTH:  # the same answer on every Python (3.13 parses deeper)
        raise ApiError(400, f"the body is nested deeper than {MAX_DEPTH} levels")
    return body


MAX_DEPTH = 32
"""The deepest nesting of lists and objects a request body may have."""


def _depth(value: Any) -> int:
    """How deeply ``value``'s lists and objects nest (0 for a scalar), without recursion."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                todo.extend((v, level + 1) for v in (item.values() if isinstance(item, dict)
                                                       else item))
    return deepest


def _option(spec: OptionSpec) -> dict[str, Any]:
    return {"default": spec.default, "choices": None if spec.choices is None
            else list(spec.choices), "doc": spec.doc}


def _variants() -> dict[str, Any]:
    """What the new-game form offers: every installed variant and its options, the bots."""
    variants = []
    for name in available_variants():
        try:
            info = variant_info(name)
        except Exception:  # a broken plugin is left out of the form
            continue
        variants.append({
            "name": name, "summary": info.summary, "version": info.version,
            "players": None if info.players is None else list(info.players),
            "adds_players": list(info.adds_players), "requires": list(info.requires),
            "options": {k: _option(v) for k, v in info.options.items()},
            "example_options": dict(info.example_options),
        })
    return {
        "version": __version__,
        "variants": variants,
        "standard": list(STANDARD_VARIANTS),
        "editions": list(EDITIONS),
        "options": {k: _option(v) for k, v in CORE_OPTIONS.items()},
        "bots": [*available_bots(), "mcts:60"],
        "kinds": [HUMAN, *available_bots()],
        "action_kinds": list(KINDS),
    }


Handler = Callable[[Request], Awaitable[Response]]


def create_app(db: str | Path = ":memory:", *, bot_delay: float = 0.6) -> Starlette:
    """The ASGI application: the page at ``/``, a game's page at ``/games/{id}``, the JSON
    API under ``/api`` (docs/web.md), the games kept in the SQLite file ``db``.

    Args:
        db: The database file (made if missing), or ``":memory:"``.
        bot_delay: Seconds a bot waits before each of its moves.

    Examples:
        >>> from burgundy.web.app import create_app
        >>> app = create_app(":memory:", bot_delay=0.0)
        >>> sorted(r.path for r in app.routes if r.path.startswith("/api"))[:3]
        ['/api/games', '/api/games/{id}', '/api/games/{id}/actions']
    """
    store = Store(db)
    holder: dict[str, Server] = {}

    def server() -> Server:
        return holder["server"]

    def guarded(handler: Handler) -> Handler:
        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except ApiError as exc:
                return _error(exc.status, str(exc))
        return run

    def table_of(request: Request) -> Table:
        return server().tables.get(str(request.path_params["id"]))

    def seat_for(table: Table, token: Any, *, required: bool) -> int | None:
        if not token and not required:
            return None
        seat = table.seat_of(token)
        if seat is None:
            raise ApiError(403, "wrong token for this game")
        return seat

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)

    async def variants(request: Request) -> Response:
        return _json(_variants())

    async def new_game(request: Request) -> Response:
        body = await _body(request)
        table, tokens = server().tables.create(body)
        seats = [{"seat": seat, "kind": kind, "token": tokens[seat],
                  "url": None if tokens[seat] is None else
                  f"/games/{table.id}?token={tokens[seat]}"}
                 for seat, kind in enumerate(table.kinds)]
        server().changed(table)
        return _json({"id": table.id, "seats": seats}, 201)

    async def get_game(request: Request) -> Response:
        async with server().lock(str(request.path_params["id"])):
            table = table_of(request)
            seat = seat_for(table, request.query_params.get("token"), required=False)
            return _text(table.view_json(seat))

    async def act(request: Request) -> Response:
        body = await _body(request)
        if not isinstance(body, dict):
            raise ApiError(422, "the body must be a JSON object with token, action, turn")
        async with server().lock(str(request.path_params["id"])):
            table = table_of(request)
            seat = seat_for(table, body.get("token"), required=True)
            assert seat is not None
            server().tables.play(table, seat, body.get("action"), body.get("turn"))
            view = table.view_json(seat)
        server().changed(table)
        return _text(view)

    async def undo(request: Request) -> Response:
        body = await _body(request)
        if not isinstance(body, dict):
            raise ApiError(422, "the body must be a JSON object with token")
        async with server().lock(str(request.path_params["id"])):
            table = table_of(request)
            seat = seat_for(table, body.get("token"), required=True)
            assert seat is not None
            server().tables.undo(table, seat)
            view = table.view_json(seat)
        server().changed(table)
        return _text(view)

    async def hint(request: Request) -> Response:
        iterations = _hint_iterations(request.query_params.get("iterations"))
        async with server().lock(str(request.path_params["id"])):
            table = table_of(request)
            seat = seat_for(table, request.query_params.get("token"), required=True)
            if table.to_move != seat:
                raise ApiError(403, "it is not your turn" if table.to_move is not None
                               else "the game is over")
            state, turn = table.game.state, table.turn
        advice = await asyncio.to_thread(_advise, state, iterations)
        return _json({"turn": turn, **advice})

    async def record(request: Request) -> Response:
        async with server().lock(str(request.path_params["id"])):
            return _json(table_of(request).game.record())

    async def svg(request: Request) -> Response:
        async with server().lock(str(request.path_params["id"])):
            picture = table_of(request).svg()
        return Response(picture, media_type="image/svg+xml", headers=HEADERS)

    async def events(request: Request) -> Response:
        game_id = str(request.path_params["id"])
        async with server().lock(game_id):
            table = table_of(request)
        running = server()

        async def stream() -> AsyncIterator[str]:
            sent = -1
            yield "retry: 1000\n\n"
            while not running.closing.is_set():
                changed = running.events.wait(game_id)
                if table.turn != sent:
                    sent = table.turn
                    yield f"event: turn\ndata: {sent}\n\n"
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), HEARTBEAT)
                    continue
                yield ": keep-alive\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**HEADERS, "X-Accel-Buffering": "no"})

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        message = {404: "not found", 405: "method not allowed"}.get(status, "bad request")
        return _error(status, message)

    async def failed(request: Request, exc: Exception) -> Response:
        log.exception("internal error on %s", request.url.path)
        return _error(500, "internal error")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        holder["server"] = Server(store, bot_delay=bot_delay)
        resuming = asyncio.create_task(holder["server"].resume())
        try:
            yield
        finally:
            await holder["server"].stop()
            resuming.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await resuming
            store.close()

    routes = [
        Route("/", page),
        Route("/games/{id}", page),
        Route("/api/variants", guarded(variants)),
        Route("/api/games", guarded(new_game), methods=["POST"]),
        Route("/api/games/{id}", guarded(get_game)),
        Route("/api/games/{id}/actions", guarded(act), methods=["POST"]),
        Route("/api/games/{id}/undo", guarded(undo), methods=["POST"]),
        Route("/api/games/{id}/hint", guarded(hint)),
        Route("/api/games/{id}/record", guarded(record)),
        Route("/api/games/{id}/svg", guarded(svg)),
        Route("/api/games/{id}/events", guarded(events)),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: not_found, Exception: failed})
    app.state.store = store

    def closing_down() -> None:
        if "server" in holder:
            holder["server"].closing_down()

    app.state.closing_down = closing_down
    return app

