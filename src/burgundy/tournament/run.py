"""Running a tournament: :func:`play_game` plays one game, :func:`play_batch` a batch where a
worker runs it, :func:`run_tournament` every game of a spec on any executor, in batches
(:func:`default_batch_size`), writing and resuming the results file
(:mod:`burgundy.tournament.results`). Every name here is exported by
:mod:`burgundy.tournament` too.

Examples:
    >>> from burgundy.tournament import DEFAULT_BATCH, default_batch_size
    >>> default_batch_size(1000, 4) == DEFAULT_BATCH
    True
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from pathlib import Path
from typing import Any, TextIO

import attrs

from burgundy.bots import make_bot
from burgundy.errors import brief
from burgundy.game import Game
from burgundy.terminal import dump_record
from burgundy.tournament.results import _open_results, _write
from burgundy.tournament.spec import TournamentSpec, bot_seed
from burgundy.tournament.summary import Summary, summarize
from burgundy.variants import Ruleset

DEFAULT_BATCH = 25
"""Games per task at most: a task per game costs a distributed engine noticeably more
CPU than batches of this size (docs/tournaments.md)."""

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(games done, games in all)``."""


def default_batch_size(games: int, workers: int) -> int:
    """Return the games per task for ``games`` games on ``workers`` workers: at most
    :data:`DEFAULT_BATCH`, and small enough that every worker gets about four tasks (so
    the load stays even and progress moves).

    Examples:
        >>> from burgundy.tournament import default_batch_size
        >>> default_batch_size(400, 2), default_batch_size(12, 2), default_batch_size(1, 8)
        (25, 2, 1)
    """
    return max(1, min(DEFAULT_BATCH, math.ceil(games / (4 * max(workers, 1)))))


def play_game(
    ruleset: Ruleset | Mapping[str, Any], seats: Sequence[str], seed: int, *,
    record: bool = False,
) -> dict[str, Any]:
    """Play one bot game and return its result: ``seats`` (the bot spec per seat),
    ``seed``, ``scores``, ``winners``, ``ledgers`` (each seat's VP by source), ``steps``,
    ``time`` (seconds) and, with ``record``, the game's ``record``.

    The game is ``Game(rules, seed=seed)``; seat *s*'s bot is ``make_bot(seats[s],
    bot_seed(seed, s))``. So a game is reproducible from ``(ruleset, seats, seed)``.

    Args:
        ruleset: The ruleset or its spec.
        seats: A bot spec per seat.
        seed: The game's chance seed.
        record: Also return the game's record (:meth:`~burgundy.game.Game.record`).

    Raises:
        ValueError: A bad ruleset or bot, or a seat count that is not the ruleset's.

    Examples:
        >>> import burgundy
        >>> from burgundy.tournament import play_game
        >>> rules = burgundy.Ruleset(players=2, variants=())
        >>> result = play_game(rules, ["greedy", "random"], seed=5)
        >>> result == play_game(rules.to_dict(), ["greedy", "random"], seed=5) | {
        ...     "time": result["time"]}
        True
        >>> sorted(result)
        ['ledgers', 'scores', 'seats', 'seed', 'steps', 'time', 'winners']
    """
    rules = ruleset if isinstance(ruleset, Ruleset) else Ruleset.from_dict(ruleset)
    names = list(seats)
    if len(names) != rules.players:
        raise ValueError(f"{len(names)} bots for {rules.players} seats")
    start = time.perf_counter()
    bots = [make_bot(name, seed=bot_seed(seed, seat)) for seat, name in enumerate(names)]
    game = Game(rules, seed=seed)
    game.seat_names = tuple(names)
    decisions = 0
    while not game.state.is_terminal:
        game.play(bots[game.state.current_player].choose(game.state))
        decisions += 1
    final = game.state
    result: dict[str, Any] = {
        "seats": names,
        "seed": seed,
        "scores": list(final.scores),
        "winners": list(final.winners()),
        "ledgers": [dict(seat.ledger) for seat in final.seats],
        "steps": decisions,
        "time": round(time.perf_counter() - start, 6),
    }
    if record:
        result["record"] = game.record()
    return result


def play_batch(task: tuple[dict[str, Any], Sequence[tuple[int, Sequence[str], int]], bool],
               ) -> list[dict[str, Any]]:
    """Play a batch of games where a worker runs it: ``(ruleset spec, [(game index, seats,
    seed), ...], keep records)``; returns each game's :func:`play_game` result with its
    ``game`` index. Only specs, names and seeds travel to the worker; no state does.

    Examples:
        >>> import burgundy
        >>> from burgundy.tournament import play_batch
        >>> spec = burgundy.Ruleset(players=2, variants=()).to_dict()
        >>> [r["game"] for r in play_batch((spec, [(3, ["random", "random"], 9)], False))]
        [3]
    """
    ruleset, games, keep = task
    rules = Ruleset.from_dict(ruleset)
    return [{"game": index, **play_game(rules, seats, seed, record=keep)}
            for index, seats, seed in games]


@attrs.frozen
class TournamentResult:
    """What :func:`run_tournament` returns: the spec, every game's result (by game index)
    and their :class:`Summary`."""

    spec: TournamentSpec
    results: tuple[dict[str, Any], ...]
    summary: Summary


def _batches(spec: TournamentSpec, todo: Sequence[int], size: int, keep: bool,
             ) -> Iterator[tuple[dict[str, Any], list[tuple[int, Sequence[str], int]], bool]]:
    for start in range(0, len(todo), size):
        chunk = [(g, *spec.game(g)) for g in todo[start:start + size]]
        yield (spec.ruleset, [(g, list(seats), seed) for g, seats, seed in chunk], keep)


def run_tournament(
    spec: TournamentSpec,
    executor: Executor | None = None,
    *,
    out: str | Path | None = None,
    records: str | Path | None = None,
    batch_size: int | None = None,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play a tournament and return every game's result and the summary.

    Args:
        spec: What to play.
        executor: Where the batches run (any :class:`concurrent.futures.Executor`: a
            ``ProcessPoolExecutor``, the Ray executor, ...); ``None`` plays them here, one
            after the other. The results do not depend on it.
        out: A JSONL file: a header line (the spec), then one line per game as it ends
            (``game``, ``seats``, ``seed``, ``scores``, ``winners``, ``ledgers``, ``steps``,
            ``time``). If it already holds games of the same tournament, the run resumes:
            only the missing games are played.
        records: A folder for every game's record, ``game-000000.json``, ...
        batch_size: Games per task (default: :func:`default_batch_size` for the executor's
            workers, if it says how many, else two).
        progress: Called with ``(games done, games in all)`` at the start and after every
            batch.

    Raises:
        ValueError: ``out`` holds another tournament's results or a bad line, or a file or
            folder cannot be written.

    Examples:
        >>> import burgundy
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from burgundy.tournament import TournamentSpec, run_tournament
        >>> spec = TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()),
        ...                       bots=["greedy", "random"], games=4, seed=3)
        >>> here = run_tournament(spec)
        >>> with ThreadPoolExecutor(2) as pool:
        ...     there = run_tournament(spec, pool, batch_size=1)
        >>> [r["scores"] for r in here.results] == [r["scores"] for r in there.results]
        True
        >>> here.summary.standings[0].bot, here.summary.standings[0].wins
        ('greedy', 4.0)
    """
    if batch_size is not None and (not isinstance(batch_size, int) or batch_size < 1):
        raise ValueError(f"batch_size must be at least 1; got {brief(batch_size)}")
    done: dict[int, dict[str, Any]] = {}
    stream: TextIO | None = None
    folder = Path(records) if records is not None else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"cannot make {folder}: {exc.strerror or exc}") from None
    if out is not None:
        stream = _open_results(Path(out), spec, done)
    try:
        todo = [g for g in range(spec.games) if g not in done]
        size = batch_size or default_batch_size(len(todo), _workers(executor))
        if progress is not None:
            progress(len(done), spec.games)
        for batch in _run_batches(spec, todo, size, folder is not None, executor):
            for result in batch:
                if folder is not None:
                    record = result.pop("record")
                    _write(folder / f"game-{result['game']:06d}.json", dump_record(record))
                done[result["game"]] = result
                if stream is not None:
                    stream.write(json.dumps(result, sort_keys=True) + "\n")
            if stream is not None:
                stream.flush()
            if progress is not None:
                progress(len(done), spec.games)
    finally:
        if stream is not None:
            stream.close()
    results = tuple(done[g] for g in sorted(done))
    return TournamentResult(spec, results, summarize(spec, results))


def _workers(executor: Executor | None) -> int:
    """How many tasks ``executor`` runs at once, if it says (``workers``, or the standard
    pools' ``_max_workers``); else two."""
    if executor is None:
        return 1
    for name in ("workers", "_max_workers"):
        value = getattr(executor, name, None)
        if isinstance(value, int) and value > 0:
            return value
    return 2


def _run_batches(spec: TournamentSpec, todo: Sequence[int], size: int, keep: bool,
                 executor: Executor | None) -> Iterator[list[dict[str, Any]]]:
    tasks = _batches(spec, todo, size, keep)
    if executor is None:
        for task in tasks:
            yield play_batch(task)
        return
    futures: list[Future[list[dict[str, Any]]]] = [executor.submit(play_batch, t) for t in tasks]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        for future in futures:
            future.cancel()


__all__ = ["DEFAULT_BATCH", "Progress", "TournamentResult", "default_batch_size", "play_batch",
           "play_game", "run_tournament"]
