"""Tournaments on Ray: a :class:`concurrent.futures.Executor` whose tasks run on a Ray
cluster (``pip install burgundy[ray]``).

:class:`RayExecutor` starts a local Ray (``num_cpus`` CPUs) or joins an existing cluster by
address, and runs each submitted call as a Ray task; :func:`~burgundy.tournament.run_tournament`
hands it batches of games (ruleset spec, bot specs and seeds: no state crosses the wire)
and the workers rebuild the ruleset from its spec. Nothing here imports Ray until an
executor is made, so ``import burgundy.tournament`` works without it.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

INSTALL = "pip install burgundy[ray]"
"""How to install what this backend needs."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError(f"the Ray backend needs Ray: {INSTALL}") from None
    return ray


def _init_here(ray: Any, num_cpus: int | None, options: dict[str, Any]) -> bool:
    """``ray.init`` without an address: join the cluster Ray finds here, else start one
    with ``num_cpus`` (``None``: every core this process may use). Returns whether a
    running cluster was joined."""
    if num_cpus is None:
        num_cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
            os.cpu_count() or 1)
    try:
        ray.init(num_cpus=num_cpus, **options)
    except ValueError as exc:
        # ray.init found a running cluster (RAY_ADDRESS, or `ray start` here) and refuses
        # num_cpus for it: join it as it is
        if "must not be provided" not in str(exc):
            raise
        ray.init(**options)
        return True
    return False


def _first_line(error: BaseException) -> str:
    """The first line of an error's message, cut to 300 characters (Ray's can be long)."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return text if len(text) <= 300 else text[:297] + "..."


class RayExecutor(Executor):
    """An executor whose calls run as Ray tasks.

    If Ray is already initialised in this process (``ray.init`` was called), that session
    is used and left running. Otherwise the executor calls ``ray.init``: with ``address``
    it joins that cluster (``"auto"``: the one ``ray start`` runs on this machine;
    ``"HOST:PORT"``: a head's address; ``"ray://HOST:PORT"``: through Ray Client). Without,
    it does what ``ray.init()`` does: it joins the cluster Ray finds for this machine (the
    ``RAY_ADDRESS`` environment variable, or the last ``ray start`` here) if there is one,
    else it starts a local Ray with ``num_cpus`` CPUs (which a joined cluster does not take:
    it has its own). :meth:`shutdown` stops only a Ray it started.

    Ray's token authentication (``RAY_AUTH_MODE=token``, the token in ``RAY_AUTH_TOKEN``,
    ``RAY_AUTH_TOKEN_PATH`` or ``~/.ray/auth_token``) is Ray's own: the executor passes no
    credentials, so the driver needs the cluster's token in its environment
    (docs/tournaments.md, "Ray on a cluster").

    The functions submitted must be importable where the workers run (module-level
    functions of installed packages, as :func:`~burgundy.tournament.play_batch`): on a
    cluster every node needs burgundy and the variant and bot plugins the tournament uses.

    Args:
        address: The cluster to join, or ``None``: the one ``ray.init()`` finds here, else
            a new local Ray.
        num_cpus: CPUs of a new local Ray (``None``: every core this process may use); not
            allowed with ``address``, and unused when a running cluster is joined.
        init_options: More keyword arguments of ``ray.init`` (e.g. ``runtime_env``).

    Raises:
        ValueError: Ray is not installed, ``num_cpus`` is given with ``address``, or Ray
            cannot start or connect (the message says why).

    Examples:
        >>> from burgundy.tournament.ray_backend import RayExecutor
        >>> RayExecutor(address="auto", num_cpus=2)
        Traceback (most recent call last):
        ...
        ValueError: num_cpus is for a new local Ray, not for joining a cluster at 'auto'
    """

    def __init__(self, address: str | None = None, num_cpus: int | None = None,
                 **init_options: Any) -> None:
        if address is not None and num_cpus is not None:
            raise ValueError(f"num_cpus is for a new local Ray, not for joining a cluster at "
                             f"{address!r}")
        if num_cpus is not None and (not isinstance(num_cpus, int) or num_cpus < 1):
            raise ValueError(f"num_cpus must be at least 1; got {num_cpus!r}")
        ray = _ray()
        self._ray = ray
        started = False
        self._lock = threading.Lock()
        self._refs: list[Any] = []
        self._remotes: dict[Callable[..., Any], Any] = {}
        self._closed = False
        self._connected = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "configure_logging": False}
            options.update(init_options)
            joined = address is not None
            try:
                if address is not None:
                    ray.init(address=address, **options)
                else:
                    joined = _init_here(ray, num_cpus, options)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = f"the Ray cluster at {address!r}" if address else "a local Ray"
                raise ValueError(f"cannot start or join {where}: {_first_line(exc)}") from None
            started = not joined
            self._connected = True
        self.workers = int(ray.cluster_resources().get("CPU", 1))
        """The CPUs of the cluster (how many tasks run at once)."""
        cpus = f"{self.workers} CPU{'s' if self.workers != 1 else ''}"
        if not self._connected:
            self.description = f"the Ray already running in this process ({cpus})"
        elif started:
            self.description = f"a local Ray started with {cpus}"
        else:
            where = address or ray.get_runtime_context().gcs_address
            self.description = f"the Ray cluster at {where} ({cpus})"
        """Which Ray the tasks run on, for people."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; returns its future."""
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit to a RayExecutor after shutdown")
            remote = self._remotes.get(fn)
            if remote is None:
                remote = self._remotes[fn] = self._ray.remote(fn)
            ref = remote.remote(*args, **kwargs)
            self._refs.append(ref)
        future: Future[T] = ref.future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop taking tasks; with ``cancel_futures``, cancel those not finished; stop Ray if
        this executor started it."""
        with self._lock:
            self._closed = True
            refs, self._refs = self._refs, []
        if cancel_futures:
            for ref in refs:
                # already finished or gone: nothing to cancel
                with contextlib.suppress(Exception):
                    self._ray.cancel(ref)
        elif wait and refs:
            self._ray.wait(refs, num_returns=len(refs))
        if self._connected:
            # a Ray this executor started stops; a joined cluster runs on (only this
            # driver disconnects)
            self._ray.shutdown()
            self._connected = False


__all__ = ["INSTALL", "RayExecutor"]
