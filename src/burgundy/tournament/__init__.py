"""Tournaments between bots: every seating, seeded games, any executor, resumable results.

A :class:`TournamentSpec` names the ruleset (by its spec: players, variants, edition,
options), the bots (by spec string, as :func:`~burgundy.bots.make_bot` reads them), the
number of games and a master seed. :func:`run_tournament` plays it on any
:class:`concurrent.futures.Executor` (a process pool, the Ray executor of
:mod:`burgundy.tournament.ray_backend`, or none: in this process), sends the games in
batches, streams one JSON line per game to a file and resumes an interrupted run from it;
:func:`summarize` turns the results into a :class:`Summary`: win rates with their Wilson
interval, mean scores, and Elo ratings (Bradley–Terry) with an interval (:mod:`.stats`).

Seatings and seeds (so that any game is reproducible from its ruleset, bots and seed, and
the same on every backend):

* :func:`seatings`: with at least as many bots as seats, every ordered choice of distinct
  bots for the seats; with fewer bots than seats, every assignment of bots to seats that
  uses each bot at least once. Either way every bot sits in every seat equally often.
* Game *g* is deal ``g // S`` played in seating ``g % S`` (*S* seatings): the games of a deal
  share a seed (:func:`deal_seed` of the master seed), so each deal is played once in every
  seating — balanced exactly when ``games`` is a multiple of *S*.
* :func:`play_game` plays one game: ``Game(rules, seed=seed)``, the bot of seat *s* built
  with seed ``seed * 10 + s``.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from hashlib import sha256
from pathlib import Path
from typing import Any, TextIO

import attrs

from burgundy.bots import make_bot
from burgundy.errors import brief
from burgundy.game import Game
from burgundy.terminal import dump_record
from burgundy.tournament.stats import Pair, elo_with_interval, pairwise, wilson_interval
from burgundy.variants import Ruleset

FORMAT = "burgundy-tournament"
"""The ``format`` of a results file's header line."""
FORMAT_VERSION = 1
"""The ``version`` of a results file's header line."""
DEFAULT_BATCH = 25
"""Games per task at most: a task per game costs a distributed engine noticeably more
(Ray: about 17 % more CPU, against 1–3 % with 25 games a task)."""

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(games done, games in all)``."""


# -- seatings and seeds -----------------------------------------------------------------------
def seatings(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Return every seating of ``bots`` at ``players`` seats, in a fixed order.

    With at least as many bots as seats: every ordered choice of distinct bots. With fewer:
    every assignment of bots to seats in which each bot plays at least one seat. Either way
    the seatings are symmetric in the bots and in the seats.

    Args:
        bots: Distinct bot specs.
        players: Seats per game.

    Examples:
        >>> from burgundy.tournament import seatings
        >>> seatings(["greedy", "random"], 2)
        (('greedy', 'random'), ('random', 'greedy'))
        >>> len(seatings(["a", "b", "c"], 2)), len(seatings(["a", "b"], 3))
        (6, 6)
    """
    if len(bots) >= players:
        return tuple(itertools.permutations(bots, players))
    wanted = set(bots)
    return tuple(p for p in itertools.product(bots, repeat=players) if set(p) == wanted)


def deal_seed(master: int, deal: int) -> int:
    """Return the chance seed of a deal: 32 bits of SHA-256 of the master seed and the deal
    number, the same on every machine and Python.

    Examples:
        >>> from burgundy.tournament import deal_seed
        >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
        True
    """
    digest = sha256(f"burgundy-tournament:{master}:{deal}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def bot_seed(seed: int, seat: int) -> int:
    """Return the seed of the bot playing ``seat`` in a game with chance seed ``seed``
    (``seed * 10 + seat``, as ``burgundy simulate`` seeds its bots).

    Examples:
        >>> from burgundy.tournament import bot_seed
        >>> bot_seed(7, 1)
        71
    """
    return seed * 10 + seat


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


# -- the spec ---------------------------------------------------------------------------------
def _ruleset_spec(value: Any) -> dict[str, Any]:
    if isinstance(value, Ruleset):
        return value.to_dict()
    if isinstance(value, Mapping):
        return Ruleset.from_dict(value).to_dict()  # checked, and in its canonical form
    raise ValueError(f"ruleset must be a Ruleset or its spec (a dict); got {brief(value)}")


def _bots(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, Iterable):
        raise ValueError(f"bots must be a list of bot specs; got {brief(value)}")
    names = tuple(value)
    if not all(isinstance(name, str) for name in names):
        raise ValueError(f"bots must be bot spec strings; got {brief(list(names))}")
    names = tuple(name.strip() for name in names if name.strip())
    return names


@attrs.frozen(kw_only=True)
class TournamentSpec:
    """What a tournament plays: a ruleset, the bots, the games and the master seed.

    The ruleset is kept as its spec (:meth:`Ruleset.to_dict`), so a spec is JSON-able and
    every worker builds the ruleset again from it.

    Attributes:
        ruleset: The ruleset's spec (given as a :class:`~burgundy.variants.Ruleset` or its
            spec dict).
        bots: Distinct bot specs (``"mcts:100"``, a third party's ``"name:arg"``; given as
            a sequence or one comma-separated string).
        games: Games in all (at least 1).
        seed: The master seed every game's seed is derived from.
        seatings: Every seating (:func:`seatings`), game *g* playing ``g % len(seatings)``.

    Raises:
        ValueError: A bad ruleset, an unknown or repeated bot, fewer than one game, or a
            team game (seats sharing an estate: a tournament seats bots, not teams).

    Examples:
        >>> import burgundy
        >>> from burgundy.tournament import TournamentSpec
        >>> spec = TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()),
        ...                       bots="greedy,random", games=4, seed=1)
        >>> spec.seatings
        (('greedy', 'random'), ('random', 'greedy'))
        >>> [spec.game(g)[0] for g in range(4)]
        [('greedy', 'random'), ('random', 'greedy'), ('greedy', 'random'), ('random', 'greedy')]
        >>> TournamentSpec.from_dict(spec.to_dict()) == spec
        True
    """

    ruleset: dict[str, Any] = attrs.field(converter=_ruleset_spec, eq=False)
    bots: tuple[str, ...] = attrs.field(converter=_bots)
    games: int
    seed: int = 0
    seatings: tuple[tuple[str, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    _key: str = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not self.bots:
            raise ValueError("a tournament needs at least one bot")
        repeated = sorted({b for b in self.bots if self.bots.count(b) > 1})
        if repeated:
            raise ValueError(f"bots named twice: {', '.join(repeated)} (each bot once; "
                             "give its seeds' variety through the games)")
        for name in self.bots:
            make_bot(name)  # an unknown bot fails here, not in a worker
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise ValueError(f"games must be a whole number, at least 1; got {brief(self.games)}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"seed must be a whole number; got {brief(self.seed)}")
        rules = self.rules()
        state = rules.initial_state()
        estates = [seat.estate for seat in state.seats]
        if len(set(estates)) < len(estates):
            raise ValueError(
                "a tournament seats one bot per estate; this ruleset has seats sharing an "
                f"estate (team play: {rules.variants}), which tournaments do not support"
            )
        object.__setattr__(self, "seatings", seatings(self.bots, rules.players))
        object.__setattr__(self, "_key", json.dumps(self.ruleset, sort_keys=True))

    @property
    def players(self) -> int:
        """Seats per game."""
        return int(self.ruleset["players"])

    def rules(self) -> Ruleset:
        """Return the ruleset, built from its spec."""
        return Ruleset.from_dict(self.ruleset)

    def game(self, index: int) -> tuple[tuple[str, ...], int]:
        """Return game ``index``'s seating (a bot spec per seat) and chance seed."""
        if not 0 <= index < self.games:
            raise ValueError(f"game must be 0-{self.games - 1}; got {brief(index)}")
        deal, seating = divmod(index, len(self.seatings))
        return self.seatings[seating], deal_seed(self.seed, deal)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-able spec (a results file's header holds it)."""
        return {"ruleset": self.ruleset, "bots": list(self.bots), "games": self.games,
                "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Any) -> TournamentSpec:
        """Build a spec from :meth:`to_dict`'s output.

        Raises:
            ValueError: The data is not such a spec.
        """
        fields = {"ruleset", "bots", "games", "seed"}
        if not isinstance(data, Mapping) or set(data) != fields:
            raise ValueError(f"a tournament spec is an object with the fields {sorted(fields)}")
        return cls(ruleset=data["ruleset"], bots=data["bots"], games=data["games"],
                   seed=data["seed"])


# -- playing ----------------------------------------------------------------------------------
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


# -- the results file -------------------------------------------------------------------------
def _header(spec: TournamentSpec) -> dict[str, Any]:
    return {"format": FORMAT, "version": FORMAT_VERSION, "tournament": spec.to_dict()}


def _check_line(spec: TournamentSpec, data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("game"), int):
        raise ValueError(f"{where}: not a game's result")
    index = data["game"]
    if not 0 <= index < spec.games:
        raise ValueError(f"{where}: game {index} is not in this tournament (0-{spec.games - 1})")
    seats, seed = spec.game(index)
    if data.get("seats") != list(seats) or data.get("seed") != seed:
        raise ValueError(f"{where}: game {index} was played with other bots or another seed "
                         "than this tournament's")
    for key, kind in (("scores", list), ("winners", list), ("ledgers", list)):
        if not isinstance(data.get(key), kind) or (key != "winners"
                                                    and len(data[key]) != spec.players):
            raise ValueError(f"{where}: game {index} has no valid {key!r}")
    return data


def read_results(path: str | Path, spec: TournamentSpec | None = None,
                 ) -> tuple[TournamentSpec, list[dict[str, Any]]]:
    """Read a results file: its spec (the header line) and its games' results, by game.

    A last line cut short (a run stopped while writing it) is left out; any other bad line
    is an error.

    Args:
        path: The JSONL file :func:`run_tournament` wrote.
        spec: If given, the file must be of this tournament.

    Raises:
        ValueError: The file cannot be read, is not a results file, is of another
            tournament, or has a bad or repeated game line.
    """
    spec_in_file, results, _ = _read(Path(path), spec)
    return spec_in_file, results


def _read(path: Path, spec: TournamentSpec | None,
          ) -> tuple[TournamentSpec, list[dict[str, Any]], int]:
    """The spec, the results and the length in bytes of the file's complete lines."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    lines = raw.split(b"\n")
    complete = len(raw) - len(lines[-1])  # bytes up to the last newline
    cut = lines[-1] != b""
    body = lines[:-1]
    if cut:  # a line without its newline: the run stopped while writing it
        try:
            json.loads(lines[-1])
        except ValueError:
            pass
        else:
            body.append(lines[-1])
            complete = len(raw)
    if not body:
        raise ValueError(f"{path} is empty: not a tournament's results")
    try:
        header = json.loads(body[0])
    except ValueError:
        raise ValueError(f"{path} is not a tournament's results (line 1 is not JSON)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError(f"{path} is not a tournament's results (no {FORMAT!r} header)")
    if header.get("version") != FORMAT_VERSION:
        raise ValueError(f"{path}: results format version {brief(header.get('version'))}; "
                         f"this burgundy reads version {FORMAT_VERSION}")
    try:
        found = TournamentSpec.from_dict(header.get("tournament"))
    except ValueError as exc:
        raise ValueError(f"{path}, line 1: {exc}") from None
    if spec is not None and found.to_dict() != spec.to_dict():
        raise ValueError(f"{path} holds another tournament's results ({_describe(found)}, "
                         f"not {_describe(spec)}): give another --out or the same settings")
    results: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(body[1:], start=2):
        where = f"{path}, line {number}"
        try:
            data = json.loads(line)
        except ValueError:
            raise ValueError(f"{where} is not JSON") from None
        data = _check_line(found, data, where)
        if data["game"] in results:
            raise ValueError(f"{where}: game {data['game']} is there twice")
        results[data["game"]] = data
    return found, [results[g] for g in sorted(results)], complete


def _describe(spec: TournamentSpec) -> str:
    return (f"{spec.players} players, variants {spec.ruleset['variants']}, bots "
            f"{','.join(spec.bots)}, {spec.games} games, seed {spec.seed}")


# -- running ----------------------------------------------------------------------------------
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


def _open_results(path: Path, spec: TournamentSpec, done: dict[int, dict[str, Any]]) -> TextIO:
    if path.exists() and path.stat().st_size > 0:
        _, results, complete = _read(path, spec)
        done.update((r["game"], r) for r in results)
        try:
            with path.open("r+b") as handle:  # drop a line cut short
                handle.truncate(complete)
            stream = path.open("a", encoding="utf-8")
        except OSError as exc:
            raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
        if complete and not path.read_bytes().endswith(b"\n"):
            stream.write("\n")
        return stream
    try:
        stream = path.open("w", encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None
    stream.write(json.dumps(_header(spec), sort_keys=True) + "\n")
    stream.flush()
    return stream


def _write(path: Path, text: str) -> None:
    try:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None


# -- the summary ------------------------------------------------------------------------------
WIN_INTERVAL = "Wilson score interval, 95 %"
"""How the win rates' intervals are computed (:func:`.stats.wilson_interval`)."""
ELO_METHOD = ("Bradley–Terry maximum a posteriori on the pairwise results (one virtual draw "
              "between every two bots), as Elo (400 log10), mean 0; 95 % interval ±1.96 "
              "standard errors (Laplace approximation)")
"""How the Elo ratings and their intervals are computed (:mod:`burgundy.tournament.stats`)."""


@attrs.frozen
class Standing:
    """One bot's line of a :class:`Summary`.

    Attributes:
        bot: Its spec.
        games: Games it played in.
        seats: Seats it played (more than ``games`` when it held several seats a game).
        wins: Seats that won; a victory shared by *k* seats counts 1/*k* to each.
        win_rate: ``wins / seats``.
        win_low: Lower end of the win rate's 95 % Wilson interval.
        win_high: Upper end.
        mean_score: Mean VP of its seats.
        score_sd: Their standard deviation (population).
        elo: Its Elo rating (the bots' mean is 0), or ``None`` without comparisons (one
            bot, solo games).
        elo_low: Lower end of the rating's 95 % interval.
        elo_high: Upper end.
    """

    bot: str
    games: int
    seats: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_sd: float
    elo: float | None
    elo_low: float | None
    elo_high: float | None


@attrs.frozen
class Summary:
    """A tournament's results as data: a :class:`Standing` per bot, best first (by Elo,
    else by win rate), and the methods behind the intervals.

    Examples:
        >>> import burgundy
        >>> from burgundy.tournament import TournamentSpec, run_tournament
        >>> spec = TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()),
        ...                       bots="random,greedy", games=2, seed=1)
        >>> summary = run_tournament(spec).summary
        >>> [s.bot for s in summary.standings]
        ['greedy', 'random']
        >>> print(summary.table().splitlines()[1])
        bot           games  seats   wins   win%        95% CI   mean    sd    elo        95% CI
    """

    games: int
    players: int
    standings: tuple[Standing, ...]
    win_interval: str = WIN_INTERVAL
    elo_method: str = ELO_METHOD

    def to_dict(self) -> dict[str, Any]:
        """Return the summary as JSON-able data."""
        return attrs.asdict(self, recurse=True)

    def table(self) -> str:
        """Return the summary as a text table (what ``burgundy tournament`` prints)."""
        people = f"{self.players} player{'s' if self.players != 1 else ''}"
        lines = [f"{self.games} game{'s' if self.games != 1 else ''}, {people}",
                 f"{'bot':12s} {'games':>6s} {'seats':>6s} {'wins':>6s} {'win%':>6s} "
                 f"{'95% CI':>13s} {'mean':>6s} {'sd':>5s} {'elo':>6s} {'95% CI':>13s}"]
        for s in self.standings:
            elo = ("" if s.elo is None else f"{s.elo:6.0f}")
            band = ("" if s.elo_low is None or s.elo_high is None
                    else f"{s.elo_low:6.0f}..{s.elo_high:<5.0f}")
            lines.append(
                f"{s.bot:12s} {s.games:6d} {s.seats:6d} {s.wins:6.1f} {100 * s.win_rate:5.1f}% "
                f"{100 * s.win_low:5.1f}..{100 * s.win_high:<5.1f} {s.mean_score:6.1f} "
                f"{s.score_sd:5.1f} {elo:>6s} {band:>13s}".rstrip()
            )
        lines.append(f"win% interval: {self.win_interval}")
        if any(s.elo is not None for s in self.standings):
            lines.append(f"elo: {self.elo_method}")
        return "\n".join(lines) + "\n"


def summarize(spec: TournamentSpec, results: Sequence[Mapping[str, Any]]) -> Summary:
    """Return the :class:`Summary` of some games of a tournament (all of them, or the ones
    played so far).

    Examples:
        >>> import burgundy
        >>> from burgundy.tournament import TournamentSpec, play_game, summarize
        >>> spec = TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()),
        ...                       bots="greedy,random", games=2)
        >>> games = [play_game(spec.ruleset, *spec.game(g)) for g in range(2)]
        >>> summarize(spec, games).standings[0].win_rate
        1.0
    """
    index = {bot: i for i, bot in enumerate(spec.bots)}
    per_bot: dict[str, dict[str, Any]] = {b: {"games": 0, "seats": 0, "wins": 0.0,
                                               "scores": []} for b in spec.bots}
    comparisons: list[list[Pair]] = []
    for result in results:
        seats, winners, scores = result["seats"], result["winners"], result["scores"]
        for bot in set(seats):
            per_bot[bot]["games"] += 1
        for seat, bot in enumerate(seats):
            row = per_bot[bot]
            row["seats"] += 1
            if seat in winners:
                row["wins"] += 1 / len(winners)
            row["scores"].append(scores[seat])
        comparisons.append(pairwise(winners, scores, [index[b] for b in seats]))
    elo = elo_with_interval(comparisons, len(spec.bots)) if results else None
    standings = []
    for i, bot in enumerate(spec.bots):
        row = per_bot[bot]
        n = row["seats"]
        low, high = wilson_interval(row["wins"], n)
        scores = row["scores"]
        rating = elo[i] if elo is not None else (None, None, None)
        standings.append(Standing(
            bot=bot, games=row["games"], seats=n, wins=round(row["wins"], 6),
            win_rate=row["wins"] / n if n else 0.0, win_low=low, win_high=high,
            mean_score=statistics.fmean(scores) if scores else 0.0,
            score_sd=statistics.pstdev(scores) if len(scores) > 1 else 0.0,
            elo=rating[0], elo_low=rating[1], elo_high=rating[2],
        ))
    standings.sort(key=lambda s: (-(s.elo if s.elo is not None else 0.0), -s.win_rate, s.bot))
    return Summary(games=len(results), players=spec.players, standings=tuple(standings))


__all__ = [
    "DEFAULT_BATCH",
    "ELO_METHOD",
    "FORMAT",
    "FORMAT_VERSION",
    "WIN_INTERVAL",
    "Progress",
    "Standing",
    "Summary",
    "TournamentResult",
    "TournamentSpec",
    "bot_seed",
    "deal_seed",
    "default_batch_size",
    "play_batch",
    "play_game",
    "read_results",
    "run_tournament",
    "seatings",
    "summarize",
]
