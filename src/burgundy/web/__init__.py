"""Play in the browser: ``burgundy serve``, a local game server with a JSON API.

The server needs the extra ``burgundy[web]`` (Starlette and uvicorn), imported only when an
application is made (:func:`create_app`, :func:`serve`): ``import burgundy`` never imports
this package, and this package, :mod:`burgundy.web.store` and :mod:`burgundy.web.tables`
import without the extra. docs/web.md describes the page and the API.

* :func:`create_app`: the ASGI application (the page, its scripts, the API under ``/api``).
* :func:`serve`: run it with uvicorn on a host and port.
* :func:`default_db` : where the games are kept by default (the user's data folder).
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from burgundy.web.tables import MAX_BODY

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["MAX_BODY", "create_app", "default_db", "serve"]


def create_app(db: str | Path = ":memory:", *, bot_delay: float = 0.6) -> Starlette:
    """The ASGI application (:func:`burgundy.web.app.create_app`; needs ``burgundy[web]``).

    Examples:
        >>> from burgundy.web import create_app
        >>> app = create_app(":memory:", bot_delay=0.0)
        >>> any(route.path == "/api/games" for route in app.routes)
        True
    """
    from burgundy.web.app import create_app as make

    return make(db, bot_delay=bot_delay)


def default_db() -> Path:
    """The database file ``burgundy serve`` uses without ``--db``: ``games.sqlite3`` in the
    user's data folder (``$XDG_DATA_HOME/burgundy``, else ``~/.local/share/burgundy``; on
    macOS ``~/Library/Application Support/burgundy``, on Windows ``%LOCALAPPDATA%``).

    Examples:
        >>> from burgundy.web import default_db
        >>> default_db().name
        'games.sqlite3'
    """
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "burgundy" / "games.sqlite3"


WEB_MODULES: tuple[str, ...] = ("starlette", "uvicorn")
"""The libraries of the extra ``burgundy[web]`` the server runs on."""


def missing_extra() -> list[str]:
    """The libraries of the ``web`` extra that are not installed (``[]``: it can serve).

    Examples:
        >>> from burgundy.web import missing_extra
        >>> isinstance(missing_extra(), list)
        True
    """
    import importlib.util

    return [name for name in WEB_MODULES if importlib.util.find_spec(name) is None]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | Path | None = None, *,
          bot_delay: float = 0.6, out: TextIO = sys.stdout) -> None:
    """Run the server until interrupted; prints its address first (port ``0``: a free one).

    Args:
        host: The address to listen on (the default, loopback only: this machine).
        port: The port (``0``: any free port, the one chosen printed).
        db: The SQLite file of the games (default: :func:`default_db`).
        bot_delay: Seconds a bot waits before each move.
        out: Where the address is printed.

    Examples:
        >>> from burgundy.web import serve
        >>> callable(serve)
        True
    """
    import uvicorn

    path = Path(db) if db is not None else default_db()
    app = create_app(path, bot_delay=bot_delay)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto IPPROTO_TCP, not 0: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on
    # the connections of such a socket; with it on, a response written in two parts waits
    # for the client's delayed ACK, some 40 ms.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(2048)  # connections made once the address is printed wait, not fail
    except OSError as exc:
        sock.close()
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    out.write(f"burgundy serve: http://{shown}:{bound}/ (games in {path}; Ctrl-C stops)\n")
    out.flush()
    config = uvicorn.Config(app, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=2, lifespan="on")

    class _Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            # end the open event streams at once, or the shutdown waits for them
            app.state.closing_down()
            super().handle_exit(sig, frame)

    _Server(config).run(sockets=[sock])
