"""The ``burgundy`` command: play against bots, simulate bot matches, replay and render.

    burgundy play [--players 2] [--seat 0] [--bots greedy] [--record game.json]
    burgundy play --resume game.json
    burgundy simulate --players 2 --games 100 --bots greedy,random [--jobs 2] [--records DIR]
    burgundy tournament --bots greedy,mcts:100,random --games 400 [--jobs N] [--backend ray]
                        [--address auto] [--out results.jsonl] [--records DIR]
    burgundy selfplay --bot mcts:200 --games 100 --out shards/ [--jobs N] [--backend ray]
    burgundy watch --players 4 --bots greedy,mcts:60,greedy,random [--delay 0.1] [--html F]
    burgundy replay RECORD.json [--step] [--html OUT.html]
    burgundy render RECORD.json [--at N] -o board.svg [--coordinates] [--last-move]
    burgundy variants
    burgundy serve [--host 127.0.0.1] [--port 8000] [--db PATH]   (pip install burgundy[web])

Every subcommand has ``--help``; ``burgundy --version`` prints the versions. A bad value
prints one line, ``burgundy: error: ...``, and exits with status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import inspect
import io
import json
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any, NoReturn, TextIO

from burgundy._build import COMPILED
from burgundy._version import __version__
from burgundy.bots import make_bot
from burgundy.errors import brief
from burgundy.game import Game, replay_steps
from burgundy.registry import available_variants, variant_info
from burgundy.render.html import replay_frames, replay_html
from burgundy.render.svg import state_svg
from burgundy.render.text import state_text
from burgundy.rules.phases import PHASE_NAMES
from burgundy.state import State
from burgundy.terminal import (
    LineReader,
    Session,
    dump_record,
    explain,
    is_terminal,
    print_result,
)
from burgundy.tournament import TournamentSpec, default_batch_size, play_game, run_tournament
from burgundy.variant_info import EDITIONS, OptionSpec
from burgundy.variants import CORE_OPTIONS, STANDARD_VARIANTS, Ruleset

__all__ = ["build_parser", "explain", "main", "play_bot_game", "states_of", "summary_table"]

PHASES = "".join(PHASE_NAMES)
BOTS_HELP = ("random, greedy, mcts (200 iterations a decision), mcts:N (N iterations), "
             "expert (about a second a decision), expert:think=SECONDS, "
             "expert:iterations=N (with :workers=N, :exploration=X, :widening=X, "
             ":chance_widening=X), or an installed bot's NAME[:ARG] (entry points "
             "burgundy.bots)")
"""The bot names, as the help texts give them."""
HUMAN = "human"
"""The name of the person's seat in a record's header (``burgundy play``)."""


# -- helpers ----------------------------------------------------------------------------------
def variant_names(spec: str | None) -> tuple[str, ...] | None:
    """The variants of ``--variants``: ``None`` (left out) for the standard game; a plain
    list (``knowledge,shields``) means exactly those; ``+NAME`` and ``-NAME`` entries
    (``+shields,-knowledge``) edit the standard set (:data:`~burgundy.variants.STANDARD_VARIANTS`).

    Raises:
        ValueError: Plain names and edits mixed, or ``-NAME`` of a variant not in the
            standard set.

    Examples:
        >>> variant_names("+shields"), variant_names("team"), variant_names("")
        (('knowledge', 'shields'), ('team',), ())
        >>> variant_names("+shields,-knowledge")
        ('shields',)
    """
    if spec is None:
        return None
    entries = [entry.strip() for entry in spec.split(",") if entry.strip()]
    edits = [entry for entry in entries if entry[0] in "+-"]
    if not edits:
        return tuple(entries)
    if len(edits) != len(entries):
        raise ValueError(f"--variants {spec!r}: give either a plain list (exactly those "
                         "variants) or +NAME/-NAME edits of the standard set, not both")
    names = list(STANDARD_VARIANTS)
    for entry in edits:
        name = entry[1:].strip()
        if not name:
            raise ValueError(f"--variants {spec!r}: {entry!r} names no variant")
        if entry[0] == "+" and name not in names:
            names.append(name)
        elif entry[0] == "-":
            if name not in names:
                raise ValueError(f"--variants {spec!r}: {name!r} is not in the set to take it "
                                 f"from ({', '.join(names) or 'none'})")
            names.remove(name)
    return tuple(names)


def _option_specs(variants: tuple[str, ...] | None) -> dict[str, OptionSpec]:
    """The options the core and the installed ``variants`` declare (an unknown variant is
    left to the ruleset to report)."""
    specs = dict(CORE_OPTIONS)
    for name in STANDARD_VARIANTS if variants is None else variants:
        try:
            specs.update(variant_info(name).options)
        except ValueError:
            continue
    return specs


def option_value(text: str, spec: OptionSpec | None) -> Any:
    """The value of ``--option KEY=VALUE``: JSON when it reads as JSON (``50``, ``true``,
    ``["11a", "11b"]``, ``"1"``), else the text itself (``generated``); a text that is one of
    the option's choices stays a text (``2018`` of ``solo_board_art``).

    Examples:
        >>> option_value("50", None), option_value("generated", None)
        (50, 'generated')
        >>> option_value('["11a", "11b"]', None)
        ['11a', '11b']
    """
    try:
        value = json.loads(text)
    except ValueError:
        return text
    if spec is not None and spec.choices is not None and text in spec.choices \
            and value not in spec.choices:
        return text
    return value


def ruleset_options(given: Sequence[str] | None,
                    variants: tuple[str, ...] | None) -> dict[str, Any]:
    """The options of ``--option KEY=VALUE`` (repeatable), by name; the ruleset checks
    them against the variants' :class:`~burgundy.variant_info.OptionSpec`.

    Raises:
        ValueError: An entry without ``=``, with no name, or a name given twice.

    Examples:
        >>> ruleset_options(["solo_target=45", "tiebreak_empty=fewest"], ("solo",))
        {'solo_target': 45, 'tiebreak_empty': 'fewest'}
    """
    if not given:
        return {}
    specs = _option_specs(variants)
    options: dict[str, Any] = {}
    for entry in given or ():
        key, equals, text = entry.partition("=")
        key = key.strip()
        if not equals or not key:
            raise ValueError(f"--option takes KEY=VALUE (e.g. --option solo_target=45); got "
                             f"{brief(entry)}")
        if key in options:
            raise ValueError(f"--option {key} is given twice")
        options[key] = option_value(text.strip(), specs.get(key))
    return options


def _needed_options(message: str, given: dict[str, Any],
                    variants: tuple[str, ...] | None) -> str:
    """How to give, on the command line, the options a ruleset error says are needed."""
    hints = []
    for name in STANDARD_VARIANTS if variants is None else variants:
        try:
            info = variant_info(name)
        except ValueError:
            continue
        for option in info.options:
            if option not in given and f"needs option '{option}'" in message:
                example = info.example_options.get(option)
                shown = f"--option {option}={example}" if isinstance(example, str) else \
                    f"--option {option}=VALUE"
                hints.append(f"{shown} ('burgundy variants --options' lists the options)")
    return f" On the command line: {'; '.join(hints)}." if hints else ""


def _ruleset(args: argparse.Namespace) -> Ruleset:
    """The ruleset of the options ``--players``, ``--variants``, ``--edition`` and
    ``--option``."""
    variants = variant_names(args.variants)
    options = ruleset_options(args.option, variants)
    try:
        return Ruleset(players=args.players, variants=variants, edition=args.edition,
                       options=options)
    except ValueError as exc:
        raise ValueError(f"{exc}{_needed_options(str(exc), options, variants)}") from None


def banner(rules: Ruleset) -> str:
    """The line a game starts with: the players, the edition, the variants in play and
    every option that is not at its default (:meth:`Ruleset.describe`'s notes too).

    Examples:
        >>> banner(Ruleset(players=2, variants=("knowledge", "shields")))
        'Rules: 2 players · 2019 edition · variants knowledge, shields · options at their defaults'
        >>> banner(Ruleset(players=2, variants=(), options={"tiebreak_empty": "fewest"}))
        'Rules: 2 players · 2019 edition · base game (no variants) · options tiebreak_empty=fewest'
    """
    specs = rules.option_specs()
    changed = [f"{name}={_shown(value)}" for name, value in sorted(rules.options.items())
               if not _same(value, specs[name].default)]
    plural = "" if rules.players == 1 else "s"
    variants = f"variants {', '.join(rules.variants)}" if rules.variants else \
        "base game (no variants)"
    options = f"options {' '.join(changed)}" if changed else "options at their defaults"
    return f"Rules: {rules.players} player{plural} \u00b7 {rules.edition} edition \u00b7 " \
        f"{variants} \u00b7 {options}"


def _plain(value: Any) -> Any:
    """A value with its tuples as lists (an option's resolved value beside its default)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _same(value: Any, default: Any) -> bool:
    """Whether an option's resolved value is its default."""
    return bool(type(value) is type(default) or isinstance(value, (list, tuple))) and \
        _plain(value) == _plain(default)


def _shown(value: Any) -> str:
    """An option's value as ``--option`` takes it: a text bare, anything else as JSON (cut
    at 60 characters)."""
    if isinstance(value, str):
        return value
    try:
        text = json.dumps(_plain(value), separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _bot_names(spec: str, count: int) -> list[str]:
    """One bot name per seat: the list repeated to ``count`` seats; more names than seats is
    an error (nothing is dropped silently)."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        raise ValueError("--bots needs at least one bot name")
    if len(names) > count:
        raise ValueError(f"--bots names {len(names)} bots for {count} seats: give at most "
                         f"{count}")
    for name in names:
        make_bot(name)  # fails early on an unknown name
    return [names[i % len(names)] for i in range(count)]


def _jobs(args: argparse.Namespace) -> int:
    """The ``--jobs`` of ``tournament`` and ``selfplay``: every core by default."""
    jobs: int = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    return jobs


def _progress(done: int, total: int, out: TextIO) -> None:
    """A progress bar on ``out`` (redrawn in place: only for a terminal)."""
    width = 30
    filled = width * done // max(total, 1)
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
    if done == total:
        out.write("\n")
    out.flush()


def _reporter(err: TextIO, what: str = "games") -> Callable[[int, int], None]:
    """A progress callback for ``err``: the redrawn bar on a terminal, else a plain line
    each time another tenth of the work is done."""
    if is_terminal(err):
        return lambda done, total: _progress(done, total, err)
    shown = [-1]

    def line(done: int, total: int) -> None:
        tenth = 10 * done // max(total, 1)
        if tenth != shown[0]:
            shown[0] = tenth
            err.write(f"{done}/{total} {what}\n")
            err.flush()

    return line


def _now() -> str:
    """The date of a record's header: now, in UTC, to the second."""
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def write_text(path: str, text: str) -> None:
    """Write a file the user named.

    Raises:
        ValueError: It cannot be written (e.g. its folder does not exist); the message
            names the file and says why.
    """
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None


def _category(source: str) -> str:
    if source.startswith("knowledge"):
        return "knowledge"
    if source in ("goods", "silver", "workers"):
        return "final"
    if source in ("colour bonus",):
        return "bonuses"
    if source in ("animals", "regions", "sales"):
        return source
    return "other"


# -- play -------------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    """Play in the terminal against bots (a new game, or ``--resume`` a saved one)."""
    if args.resume is not None:
        if args.option or args.variants is not None:
            raise ValueError("--variants and --option are for a new game; --resume goes on "
                             "with the record's ruleset")
        record = _load_record(args.resume)
        seed = None
        if record.get("chance") == "external" and record.get("seed") is None:
            seed = args.seed  # an external record goes on with drawn chance
        try:
            game = Game.from_record(record, seed=seed)
        except ValueError as exc:
            raise ValueError(f"{args.resume}: {exc}") from None
        rules = game.rules
        saved = list(game.seat_names or ())
        if HUMAN in saved:
            human = saved.index(HUMAN)
            names = [name if name != HUMAN else args.bots.split(",")[0] for name in saved]
        else:
            human = args.seat
            names = _bot_names(args.bots, rules.players)
        record_path = args.record or args.resume
        out.write(f"Resumed {args.resume} at step {len(game.record()['steps'])}.\n")
    else:
        rules = _ruleset(args)
        human = args.seat
        names = _bot_names(args.bots, rules.players)
        game = Game(rules, seed=args.seed)
        game.date = _now()
        record_path = args.record
    if not 0 <= human < rules.players:
        raise ValueError(f"--seat must be 0-{rules.players - 1}")
    bots = {seat: make_bot(names[seat], seed=(game.seed or 0) + seat)
            for seat in range(rules.players) if seat != human}
    game.seat_names = tuple(HUMAN if seat == human else names[seat]
                            for seat in range(rules.players))
    shown = ["you" if seat == human else names[seat] for seat in range(rules.players)]
    if record_path is not None:
        _check_writable(record_path)
    out.write(banner(rules) + "\n")
    session = Session(game, human, bots, shown, LineReader(stdin, out), out,
                      record_path=record_path)
    return session.run()


def _check_writable(path: str) -> None:
    folder = Path(path).resolve().parent
    if not folder.is_dir():
        raise ValueError(f"cannot write {path}: no folder {folder}")


# -- simulate ---------------------------------------------------------------------------------
def play_bot_game(task: tuple[dict[str, Any], list[str], int]) -> dict[str, Any]:
    """Play one bot game (``(ruleset dict, bot name per seat, seed)``) and return its
    record, scores, winners and ledgers (:func:`burgundy.tournament.play_game`)."""
    ruleset, names, seed = task
    result = play_game(ruleset, names, seed, record=True)
    return {
        "record": result["record"],
        "bots": names,
        "scores": result["scores"],
        "winners": result["winners"],
        "ledgers": result["ledgers"],
        "teams": [list(seats) for seats in Ruleset.from_dict(ruleset).initial_state()
                  .estate_seats() if len(seats) > 1],
    }


def cmd_simulate(args: argparse.Namespace, out: TextIO = sys.stdout,
                 err: TextIO = sys.stderr) -> int:
    """Play bot games and print win rates, scores and the score breakdown."""
    rules = _ruleset(args)
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.jobs < 1:
        raise ValueError("--jobs must be at least 1")
    lineup = _bot_names(args.bots, rules.players)
    err.write(banner(rules) + "\n")
    folder = Path(args.records) if args.records else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"cannot make {args.records}: {exc.strerror or exc}") from None
    tasks = []
    for g in range(args.games):
        names = [lineup[(seat + g) % rules.players] for seat in range(rules.players)]
        tasks.append((rules.to_dict(), names, args.seed + g))
    show = is_terminal(err)
    results: list[dict[str, Any]] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for result in pool.map(play_bot_game, tasks):
                results.append(result)
                if show:
                    _progress(len(results), len(tasks), err)
    else:
        for task in tasks:
            results.append(play_bot_game(task))
            if show:
                _progress(len(results), len(tasks), err)
    if folder is not None:
        date = _now()
        for g, result in enumerate(results):
            result["record"]["header"]["date"] = date
            write_text(str(folder / f"game-{g:04d}.json"), dump_record(result["record"]))
    out.write(summary_table(results))
    return 0


# -- tournament -------------------------------------------------------------------------------
def _executor(backend: str, jobs: int, address: str | None) -> Executor | None:
    """The executor of ``--backend``: ``None`` (this process) for one local job."""
    if backend == "ray":
        from burgundy.tournament.ray_backend import RayExecutor

        return RayExecutor(address=address, num_cpus=None if address else jobs)
    if address is not None:
        raise ValueError("--address is for --backend ray")
    if jobs == 1:
        return None
    # forkserver where there is one: workers are not forked from this process, which may
    # run threads by now (numpy's, Ray's), and forking a threaded process is unsafe
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context)


def cmd_tournament(args: argparse.Namespace, out: TextIO | None = None,
                   err: TextIO | None = None) -> int:
    """Play every seating of the bots over --games seeded games and print the standings:
    win rate with its 95 % Wilson interval, mean score, Elo with its 95 % interval."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    rules = _ruleset(args)
    jobs = _jobs(args)
    if args.batch is not None and args.batch < 1:
        raise ValueError("--batch must be at least 1")
    spec = TournamentSpec(ruleset=rules, bots=args.bots, games=args.games, seed=args.seed)
    err.write(banner(rules) + "\n")
    seatings = len(spec.seatings)
    if spec.games % seatings:
        err.write(f"note: {seatings} seatings; {spec.games} games is not a multiple, so the "
                  "seatings are not played equally often\n")
    if args.out is not None:
        _check_writable(args.out)
    executor = _executor(args.backend, jobs, args.address)
    description = getattr(executor, "description", None)
    if description:
        err.write(f"ray: {description}\n")
    batch = args.batch or default_batch_size(spec.games, jobs)
    try:
        result = run_tournament(spec, executor, out=args.out, records=args.records,
                                batch_size=batch, progress=_reporter(err))
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    out.write(result.summary.table())
    if args.out is not None:
        out.write(f"results: {args.out}\n")
    return 0


# -- selfplay ---------------------------------------------------------------------------------
def cmd_selfplay(args: argparse.Namespace, out: TextIO | None = None,
                 err: TextIO | None = None) -> int:
    """A searching bot plays every seat of --games seeded games; writes shards of
    (observation, legal mask, search policy, outcome) to --out (``burgundy.selfplay``)."""
    from burgundy.selfplay import SelfPlaySpec, run_selfplay

    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    rules = _ruleset(args)
    jobs = _jobs(args)
    spec = SelfPlaySpec(ruleset=rules, bot=args.bot, games=args.games, seed=args.seed,
                        shard_games=args.shard_games)
    err.write(banner(rules) + "\n")
    executor = _executor(args.backend, jobs, args.address)
    description = getattr(executor, "description", None)
    if description:
        err.write(f"ray: {description}\n")
    try:
        result = run_selfplay(spec, args.out, executor, progress=_reporter(err))
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    out.write(f"{spec.games} games, {result.examples} decisions in {len(result.shards)} "
              f"shard{'s' if len(result.shards) != 1 else ''}: {args.out} (manifest.json, "
              "shard-000000.npz, ...)\n")
    return 0


def summary_table(results: Sequence[dict[str, Any]]) -> str:
    """The table ``simulate`` prints: a line with the number of games, then per bot name
    the games it played in, the seats it played (a bot named twice in the line-up plays two
    seats a game), the seats that won, the win rate per seat, the mean and spread of its
    seats' scores and the mean score breakdown per seat; when partners share an estate
    (team play), then a line per team line-up: its games, wins, win rate and the mean of
    its partners' summed VP."""
    per_bot: dict[str, dict[str, Any]] = {}
    for result in results:
        for name in set(result["bots"]):
            per_bot.setdefault(name, {"games": 0, "seats": 0, "wins": 0, "scores": [],
                                      "parts": {}})["games"] += 1
        for seat, name in enumerate(result["bots"]):
            row = per_bot[name]
            row["seats"] += 1
            row["wins"] += seat in result["winners"]
            row["scores"].append(result["scores"][seat])
            for source, vp in result["ledgers"][seat].items():
                key = _category(source)
                row["parts"][key] = row["parts"].get(key, 0) + vp
    players = len(results[0]["bots"]) if results else 0
    columns = ["animals", "regions", "sales", "bonuses", "knowledge", "final", "other"]
    people = f"{players} player{'s' if players != 1 else ''}"
    lines = [f"{len(results)} game{'s' if len(results) != 1 else ''}, {people}",
             f"{'bot':12s} {'games':>5s} {'seats':>5s} {'wins':>5s} {'win%':>6s} "
             f"{'mean':>6s} {'sd':>5s} " + " ".join(f"{c:>9s}" for c in columns)]
    for name, row in sorted(per_bot.items()):
        scores = row["scores"]
        sd = statistics.pstdev(scores) if len(scores) > 1 else 0.0
        parts = " ".join(f"{row['parts'].get(c, 0) / row['seats']:9.1f}" for c in columns)
        lines.append(
            f"{name:12s} {row['games']:5d} {row['seats']:5d} {row['wins']:5d} "
            f"{100 * row['wins'] / row['seats']:5.1f}% {statistics.mean(scores):6.1f} "
            f"{sd:5.1f} {parts}"
        )
    lines += _team_lines(results)
    return "\n".join(lines) + "\n"


def _team_lines(results: Sequence[dict[str, Any]]) -> list[str]:
    """Per team line-up (the bots of partners sharing an estate, team play): the games it
    played, the games it won and the mean of its summed VP; nothing without teams."""
    per_team: dict[str, dict[str, Any]] = {}
    for result in results:
        for seats in result.get("teams", ()):
            name = "+".join(sorted(result["bots"][s] for s in seats))
            row = per_team.setdefault(name, {"games": 0, "wins": 0, "scores": []})
            row["games"] += 1
            row["wins"] += any(s in result["winners"] for s in seats)
            row["scores"].append(sum(result["scores"][s] for s in seats))
    if not per_team:
        return []
    lines = [f"{'team':25s} {'games':>5s} {'wins':>5s} {'win%':>6s} {'mean':>6s}"]
    for name, row in sorted(per_team.items()):
        lines.append(f"{name:25s} {row['games']:5d} {row['wins']:5d} "
                     f"{100 * row['wins'] / row['games']:5.1f}% "
                     f"{statistics.mean(row['scores']):6.1f}")
    return lines


# -- watch, replay, render, variants ----------------------------------------------------------
def cmd_watch(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Bots play a seeded game; the board is shown at each round and every move printed
    (``--delay`` seconds apart on a terminal); ``--html`` also writes the replay viewer."""
    rules = _ruleset(args)
    if args.delay < 0:
        raise ValueError("--delay must be 0 or more seconds")
    names = _bot_names(args.bots, rules.players)
    bots = [make_bot(name, seed=args.seed + seat) for seat, name in enumerate(names)]
    game = Game(rules, seed=args.seed)
    game.date = _now()
    game.seat_names = tuple(names)
    pause = args.delay if is_terminal(out) else 0.0
    out.write(banner(rules) + "\n")
    out.write("Seats: " + ", ".join(f"{s} = {n}" for s, n in enumerate(names)) + "\n")
    teams = [seats for seats in game.state.estate_seats() if len(seats) > 1]
    if teams:
        out.write("Teams: " + " vs ".join("+".join(map(str, t)) for t in teams) + "\n")
    shown = (-1, -1)
    while not game.state.is_terminal:
        state = game.state
        if (state.phase, state.round) != shown:
            shown = (state.phase, state.round)
            out.write("\n" + "=" * 78 + "\n" + state_text(state) + "\n")
        action = bots[state.current_player].choose(state)
        out.write(f">> seat {state.current_player} ({names[state.current_player]}): {action}\n")
        out.flush()
        if pause:
            time.sleep(pause)
        game.play(action)
    out.write("\n" + state_text(game.state) + "\n")
    print_result(game.state, out)
    if args.html:
        _write_html(args.html, game.record(), out)
    return 0


def _write_html(path: str, record: dict[str, Any], out: TextIO) -> None:
    write_text(path, replay_html(record))
    out.write(f"Wrote the replay viewer {Path(path).resolve()}: open it in a browser "
              "(arrow keys step, Home and End jump).\n")


def _load_record(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path} is not JSON: {brief(str(exc))}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a record")
    record = data.get("record", data) if "steps" not in data else data
    if not isinstance(record, dict):
        raise ValueError(f"{path} is not a record")
    return record


def states_of(record: dict[str, Any]) -> list[tuple[str, State]]:
    """Every step of a record as ``(text, state after it)``, after checking the record;
    the first is ``("start", initial state)``."""
    steps = replay_steps(record)
    start = Ruleset.from_dict(record["ruleset"]).initial_state()
    return [("start", start)] + [
        (step.text if step.seat < 0 else f"seat {step.seat}: {step.text}", step.state)
        for step in steps
    ]


def cmd_replay(args: argparse.Namespace, stdin: TextIO = sys.stdin,
               out: TextIO = sys.stdout) -> int:
    """Show a recorded game step by step, or (``--html``) write it as a page to step
    through in a browser."""
    record = _load_record(args.record)
    if args.html:
        replay_steps(record)  # refuses a bad record before anything is written
        _write_html(args.html, record, out)
        return 0
    steps = states_of(record)
    header = record.get("header") or {}
    if header.get("seats"):
        out.write("Seats: " + ", ".join(f"{s} = {n}" for s, n in enumerate(header["seats"]))
                  + (f" | played {header['date']}" if header.get("date") else "") + "\n")
    shown = (-1, -1)
    for index, (text, state) in enumerate(steps):
        if not state.is_chance and (state.phase, state.round) != shown and not state.is_terminal:
            shown = (state.phase, state.round)
            out.write("\n" + state_text(state) + "\n")
        out.write(f"[{index}] {text}\n")
        if args.step and text.startswith("seat"):
            out.write("(Enter for the next step, q to stop) ")
            out.flush()
            if stdin.readline().strip() == "q":
                return 0
    final = steps[-1][1]
    if final.is_terminal:
        print_result(final, out)
    return 0


def _seats(spec: str | None, count: int) -> tuple[int, ...] | None:
    if spec is None:
        return None
    try:
        seats = tuple(int(part) for part in spec.split(",") if part.strip())
    except ValueError:
        raise ValueError(f"--seats must be seat numbers like 0,2; got {brief(spec)}") from None
    bad = [seat for seat in seats if not 0 <= seat < count]
    if bad or not seats:
        raise ValueError(f"--seats must name seats 0-{count - 1}; got {brief(spec)}")
    return seats


def cmd_render(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Write an SVG picture of a recorded game after a move (``--at N``: the N-th move of
    the seats, with the chance that followed it, as the replay page counts; 0 the start),
    or without a record of a new game's start (the ruleset options)."""
    if args.record is None:
        return _render_new(args, out)
    given = [flag for flag, value in (("--players", args.players), ("--variants", args.variants),
                                      ("--option", args.option), ("--edition", args.edition),
                                      ("--seed", args.seed)) if value is not None]
    if given:
        raise ValueError(f"{', '.join(given)}: for a new game; a record has its own ruleset "
                         "(leave out RECORD.json to draw a new game)")
    frames = replay_frames(_load_record(args.record))
    moves = len(frames) - 1
    at = moves if args.at is None else args.at
    if not 0 <= at <= moves:
        raise ValueError(f"--at must be a move 0-{moves} (0: the start)")
    if args.width is not None and args.width <= 0:
        raise ValueError("--width must be a positive number of pixels")
    caption, state, last = frames[at]
    picture = state_svg(state, coordinates=args.coordinates,
                        last_move=last if args.last_move else None,
                        seats=_seats(args.seats, len(state.seats)), width=args.width)
    write_text(args.output, picture)
    shown = "the start" if at == 0 else caption.partition(". ")[2]  # "N. seat S: ..."
    out.write(f"wrote {args.output} (move {at}: {shown})\n")
    return 0


def _render_new(args: argparse.Namespace, out: TextIO) -> int:
    """``render`` without a record: a new game of the ruleset options, at its first
    decision."""
    if args.at is not None or args.last_move:
        raise ValueError("--at and --last-move are for a record's steps; a new game has none")
    if args.width is not None and args.width <= 0:
        raise ValueError("--width must be a positive number of pixels")
    args.players = 2 if args.players is None else args.players
    args.edition = EDITIONS[0] if args.edition is None else args.edition
    seed = 1 if args.seed is None else args.seed
    rules = _ruleset(args)
    state = Game(rules, seed=seed).state
    picture = state_svg(state, coordinates=args.coordinates,
                        seats=_seats(args.seats, len(state.seats)), width=args.width)
    write_text(args.output, picture)
    out.write(f"{banner(rules)}\nwrote {args.output} (a new game, seed {seed}, at its first "
              "decision)\n")
    return 0


def option_kind(spec: OptionSpec) -> str:
    """What kind of value an option takes, for people: its declared
    :attr:`~burgundy.variant_info.OptionSpec.kind`, else its choices or its default's type.

    Examples:
        >>> from burgundy.variants import CORE_OPTIONS
        >>> option_kind(CORE_OPTIONS["tiebreak_empty"])
        'one of most, fewest'
        >>> option_kind(CORE_OPTIONS["building_take_may_discard"])
        'true or false'
    """
    if spec.kind:
        return spec.kind
    if spec.choices is not None:
        if all(isinstance(c, bool) for c in spec.choices):
            return "true or false"
        return "one of " + ", ".join(_shown(c) for c in spec.choices)
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "a text",
             tuple: "a JSON list", list: "a JSON list", dict: "a JSON object"}
    return names.get(type(spec.default), "a JSON value")


def options_text(names: Sequence[str]) -> str:
    """What ``burgundy variants --options`` prints: every option of the core and of the
    variants ``names``, each with its kind of value, its default and its meaning."""
    groups: list[tuple[str, Mapping[str, OptionSpec]]] = [("core (every game)", CORE_OPTIONS)]
    groups += [(name, variant_info(name).options) for name in names]
    needed = _needed(names)
    lines = ["Options, given as --option KEY=VALUE (VALUE is JSON, or a plain text):"]
    for title, specs in groups:
        if not specs:
            continue
        lines.append(f"{title}:")
        for key, spec in specs.items():
            default = "none: it must be given" if spec.default is None and spec.check \
                is not None and key in needed else _shown(spec.default)
            lines.append(f"  {key} = {option_kind(spec)} (default: {default})")
            lines.append(f"      {spec.doc}")
    return "\n".join(lines) + "\n"


def _needed(names: Sequence[str]) -> set[str]:
    """The options of the variants ``names`` that a game must be given (no default that
    plays: their example options, trade routes' deck)."""
    needed: set[str] = set()
    for name in names:
        needed |= set(variant_info(name).example_options)
    return needed


def cmd_variants(args: argparse.Namespace, out: TextIO = sys.stdout,
                 err: TextIO = sys.stderr) -> int:
    """List the installed variants with their versions; a plugin that fails to load is
    named on standard error and skipped (status 2), the others still listed. With
    ``--options``, every option of the core and of each variant (:func:`options_text`)."""
    names = available_variants()
    if not names:
        out.write("no variants installed\n")
    broken = 0
    loaded: list[str] = []
    width = max((len(name) for name in names), default=0)
    for name in names:
        try:
            info = variant_info(name)
        except Exception as exc:  # a broken plugin: name it, list the others
            message = str(exc) if isinstance(exc, ValueError) else \
                f"variant {name!r} fails to load: {type(exc).__name__}: {brief(str(exc))}"
            err.write(f"burgundy: error: {message}; skipped\n")
            broken += 1
            continue
        out.write(f"{name:{width}s} {info.version:8s} {info.summary}\n")
        loaded.append(name)
    if getattr(args, "options", False):
        out.write("\n" + options_text(loaded))
    return 2 if broken else 0


def cmd_serve(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Run the game server of the browser page (``burgundy[web]``; imported only here, so
    that ``import burgundy`` and the other commands never import the web stack)."""
    if not 0 <= args.port <= 65535:
        raise ValueError("--port must be 0-65535")
    if args.bot_delay < 0:
        raise ValueError("--bot-delay must be 0 or more seconds")
    from burgundy import web  # imports no web library: they are the extra's

    missing = web.missing_extra()
    if missing:
        raise ValueError(f"burgundy serve needs the web extra: pip install 'burgundy[web]' "
                         f"(not installed: {', '.join(missing)})")
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has stopped cleanly
        web.serve(args.host, args.port, args.db, bot_delay=args.bot_delay, out=out)
    return 0


# -- entry point ------------------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, ``burgundy: error: ...``, and
    exit status 2."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("burgundy").strip()
        where = f"burgundy {command} --help" if command else "burgundy --help"
        self.exit(2, f"burgundy: error: {message} (see {where})\n")


class _Formatter(argparse.HelpFormatter):
    """Help texts wrapped to the terminal's width, the options' column a little wider."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)


def version_text() -> str:
    """What ``burgundy --version`` prints: the engine's version and each installed
    variant's (a plugin that fails to load says so)."""
    parts = []
    for name in available_variants():
        try:
            parts.append(f"{name} {variant_info(name).version}")
        except Exception:
            parts.append(f"{name} (fails to load)")
    plugins = ", ".join(parts) or "none"
    build = "compiled" if COMPILED else "pure Python"
    return (f"burgundy {__version__} ({build}; Python {sys.version.split()[0]};"
            f" variants: {plugins})")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``burgundy`` command."""
    parser = _Parser(
        prog="burgundy", formatter_class=_Formatter,
        description="The Castles of Burgundy in the terminal: play against bots, watch and "
        "simulate bot games, replay and draw recorded games.",
        epilog="Run 'burgundy COMMAND --help' for a command's options. Bots: " + BOTS_HELP
        + ".",
    )
    parser.add_argument("--version", action="version", version=version_text())
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, summary: str, description: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=summary, description=description,
                              formatter_class=_Formatter)

    def ruleset_args(p: argparse.ArgumentParser, players: int = 2,
                     new_game: str = "") -> None:
        # new_game: the words for a command whose ruleset options are only for a new game
        # (render without a record): then they have no defaults, to tell given from not
        p.add_argument("--players", type=int, default=None if new_game else players,
                       metavar="N",
                       help=f"number of players, 2-4, or 1 with the solo variant "
                            f"(default: {players}){new_game}")
        p.add_argument("--variants", default=None, metavar="LIST",
                       help="comma-separated variants, exactly those, e.g. knowledge,shields "
                       "('' for the bare base game); or +NAME,-NAME to edit the standard "
                       "set, e.g. +shields or +team,-knowledge (default: the standard game, "
                       f"knowledge); 'burgundy variants' lists them{new_game}")
        p.add_argument("--option", action="append", default=None, metavar="KEY=VALUE",
                       help="a ruleset option, repeatable; VALUE is JSON or a plain text, "
                       "e.g. --option trade_routes_deck=generated --option solo_target=45; "
                       "'burgundy variants --options' lists every option (default: every "
                       f"option at its default){new_game}")
        p.add_argument("--edition", default=None if new_game else EDITIONS[0],
                       choices=EDITIONS,
                       help=f"the edition (default: {EDITIONS[0]}){new_game}")
        p.add_argument("--seed", type=int, default=None if new_game else 1, metavar="N",
                       help="seed of the game's chance; the same seed and bots give the "
                       f"same game (default: 1){new_game}")

    play = command("play", "play against bots in the terminal",
                   "You play one seat in the terminal; bots play the others. At each of "
                   "your decisions you see the board and the numbered actions: answer with "
                   "a number or an action's text (Tab completes it); 'help' lists the "
                   "commands (? N explains, d N shows a duchy, u undoes, s saves, q quits).")
    ruleset_args(play)
    play.add_argument("--seat", type=int, default=0, metavar="N",
                      help="your seat, 0 to players-1 (default: 0)")
    play.add_argument("--bots", default="greedy", metavar="LIST",
                      help=f"bot per seat, comma-separated, repeated to fill the seats "
                      f"(your seat's entry is not used): {BOTS_HELP} (default: greedy)")
    play.add_argument("--record", default=None, metavar="FILE",
                      help="save the game's record here on 's', on quitting and at the end "
                      "(default: no file; with --resume, the resumed file)")
    play.add_argument("--resume", default=None, metavar="FILE",
                      help="go on with a saved game (its ruleset, seats and bots; the "
                      "ruleset options are then not used; default: a new game)")
    play.set_defaults(func=cmd_play)

    simulate = command("simulate", "play bot games and print statistics",
                       "Bots play --games games; prints the number of games and, per bot, "
                       "the games and seats it played, its wins, mean score and where the "
                       "points came from. Seats rotate from game to game.")
    ruleset_args(simulate)
    simulate.add_argument("--games", type=int, default=10, metavar="N",
                          help="number of games (default: 10)")
    simulate.add_argument("--bots", default="greedy,random", metavar="LIST",
                          help=f"bot per seat, comma-separated, at most one per seat, "
                          f"repeated to fill the seats: {BOTS_HELP} (default: greedy,random)")
    simulate.add_argument("--jobs", type=int, default=1, metavar="N",
                          help="games played at once, in N processes; the results are the "
                          "same (default: 1)")
    simulate.add_argument("--records", default=None, metavar="DIR",
                          help="write each game's record to DIR/game-0000.json, ... "
                          "(default: none)")
    simulate.set_defaults(func=cmd_simulate)

    tournament = command(
        "tournament", "every seating of some bots over many games: win rates and Elo",
        "Bots play --games games in every seating (every order of the bots at the seats; "
        "with more bots than seats, every choice of them), the games' seeds derived from "
        "--seed, so the same command gives the same games on any backend. Prints per bot "
        "its win rate with a 95% Wilson interval, mean score and Elo (Bradley-Terry) with "
        "a 95% interval. --out streams a line per game and resumes an "
        "interrupted run.")
    ruleset_args(tournament)
    tournament.add_argument("--bots", default="greedy,random", metavar="LIST",
                            help=f"the bots, comma-separated, each once: {BOTS_HELP} "
                            "(default: greedy,random)")
    tournament.add_argument("--games", type=int, default=100, metavar="N",
                            help="games in all (default: 100)")
    tournament.add_argument("--jobs", type=int, default=None, metavar="N",
                            help="workers: local processes, or the CPUs of the Ray it starts "
                            "(default: every core of this machine)")
    tournament.add_argument("--backend", default="process", choices=("process", "ray"),
                            help="where the games run: local processes, or Ray "
                            "(pip install burgundy[ray]) (default: process)")
    tournament.add_argument("--address", default=None, metavar="ADDRESS",
                            help="with --backend ray: an existing cluster, 'auto' (the one "
                            "'ray start' runs here), HOST:PORT or ray://HOST:PORT (default: "
                            "the cluster Ray finds here, by RAY_ADDRESS or the last 'ray "
                            "start', else a local Ray with --jobs CPUs)")
    tournament.add_argument("--out", default=None, metavar="FILE",
                            help="results, a JSON line per game (with a header line); an "
                            "existing file of the same tournament is resumed (default: none)")
    tournament.add_argument("--records", default=None, metavar="DIR",
                            help="write each game's record to DIR/game-000000.json, ... "
                            "(default: none)")
    tournament.add_argument("--batch", type=int, default=None, metavar="N",
                            help="games per task (default: 25, fewer so that each worker gets "
                            "about four tasks)")
    tournament.set_defaults(func=cmd_tournament)

    selfplay = command(
        "selfplay", "self-play data for learning: shards of observations, masks, policies",
        "A searching bot (mcts:N, expert:iterations=N) plays every seat of --games seeded "
        "games; every decision is written as (observation, legal mask, search policy, "
        "final outcome) in the learning adapters' encodings (burgundy.rl), in numpy .npz shards of "
        "--shard-games games with a manifest.json. Needs pip install burgundy[rl]. An "
        "interrupted run resumes: only the missing shards are played.")
    ruleset_args(selfplay)
    selfplay.add_argument("--bot", default="mcts:200", metavar="SPEC",
                          help="the bot of every seat; it must search: mcts, mcts:N or the "
                          "expert (default: mcts:200)")
    selfplay.add_argument("--games", type=int, default=10, metavar="N",
                          help="games in all (default: 10)")
    selfplay.add_argument("--out", required=True, metavar="DIR",
                          help="the folder of the shards and manifest.json (required)")
    selfplay.add_argument("--shard-games", type=int, default=10, metavar="N",
                          help="games per shard, and per task (default: 10)")
    selfplay.add_argument("--jobs", type=int, default=None, metavar="N",
                          help="workers, as for tournament (default: every core)")
    selfplay.add_argument("--backend", default="process", choices=("process", "ray"),
                          help="where the games run, as for tournament (default: process)")
    selfplay.add_argument("--address", default=None, metavar="ADDRESS",
                          help="with --backend ray: an existing cluster, as for tournament "
                          "(default: as for tournament: the cluster Ray finds here, else a "
                          "local Ray)")
    selfplay.set_defaults(func=cmd_selfplay)

    watch = command("watch", "watch a seeded bot game",
                    "Bots play one seeded game: the board at each round and every move.")
    ruleset_args(watch, players=4)
    watch.add_argument("--bots", default="greedy,mcts:60,greedy,random", metavar="LIST",
                       help=f"bot per seat: {BOTS_HELP} (default: greedy,mcts:60,greedy,"
                       "random)")
    watch.add_argument("--delay", type=float, default=0.0, metavar="SECONDS",
                       help="pause after each move, on a terminal only (default: 0)")
    watch.add_argument("--html", default=None, metavar="FILE",
                       help="also write the game as a replay page (as 'replay --html'; "
                       "default: none)")
    watch.set_defaults(func=cmd_watch)

    replay = command("replay", "show a recorded game",
                     "Shows a recorded game step by step (the record is checked first), or "
                     "writes it as one self-contained page to step through in a browser.")
    replay.add_argument("record", metavar="RECORD.json", help="a game record")
    replay.add_argument("--step", action="store_true",
                        help="wait for Enter after each move (default: off)")
    replay.add_argument("--html", default=None, metavar="OUT.html",
                        help="write the replay page instead: the main board, every duchy "
                        "and the ledger at each step, with buttons and keys (default: off)")
    replay.set_defaults(func=cmd_replay)

    render = command("render", "write an SVG of a recorded game, or of a new game's start",
                     "Writes an SVG picture of a recorded game after a step: the main board "
                     "with the duchies below it. Without a record, the start of a new game "
                     "(its first decision, after the set-up's draws) of the ruleset options.")
    render.add_argument("record", metavar="RECORD.json", nargs="?", default=None,
                        help="a game record (default: none, a new game of the ruleset "
                        "options)")
    ruleset_args(render, new_game=", without a record")
    render.add_argument("--at", type=int, default=None, metavar="N",
                        help="after the N-th move of the seats (and the chance it led to), "
                        "as the replay page counts them; 0 is the start (default: the end)")
    render.add_argument("-o", "--output", required=True, metavar="FILE.svg",
                        help="the file to write (required)")
    render.add_argument("--coordinates", action="store_true",
                        help="write each space's name on the duchies (default: off)")
    render.add_argument("--last-move", action="store_true",
                        help="mark the last move: the space placed on, the depot taken from "
                        "(default: off)")
    render.add_argument("--seats", default=None, metavar="LIST",
                        help="only these seats' duchies, e.g. 0,2 (default: every seat)")
    render.add_argument("--width", type=float, default=None, metavar="PIXELS",
                        help="the picture's width; the height follows (default: its natural "
                        "size)")
    render.set_defaults(func=cmd_render)

    variants = command("variants", "list installed variants",
                       "Lists the installed variant plugins with their versions; a plugin "
                       "that fails to load is named and skipped.")
    variants.add_argument("--options", action="store_true",
                          help="also list every option of the core and of each variant: its "
                          "kind of value, its default and its meaning, as --option KEY=VALUE "
                          "takes it (default: off)")
    variants.set_defaults(func=cmd_variants)

    serve = command("serve", "play in the browser: a local game server (burgundy[web])",
                    "Starts a game server and prints its address: open it in a browser to "
                    "start a game against bots or with friends (each person's seat has its "
                    "own secret link), or use its JSON API (/api). Games are kept in an "
                    "SQLite file; a restarted server goes on with every game.")
    serve.add_argument("--host", default="127.0.0.1", metavar="HOST",
                       help="the address to listen on; 0.0.0.0 lets other machines of the "
                       "network in (default: 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=int, default=8000, metavar="N",
                       help="the port; 0 picks a free one (default: 8000)")
    serve.add_argument("--db", default=None, metavar="PATH",
                       help="the SQLite file of the games (default: games.sqlite3 in the "
                       "user's data folder, e.g. ~/.local/share/burgundy)")
    serve.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                       help="the pause before each bot move (default: 0.6)")
    serve.set_defaults(func=cmd_serve)
    return parser


def run(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run one ``burgundy`` command line with the given streams (the process's own where
    ``None``); a bad input's ``ValueError`` is raised, not printed (:func:`main` prints it).

    Each command is given the streams it reads or writes (``play`` and ``replay`` read
    ``stdin``; ``simulate``, ``variants``, ``tournament`` and ``selfplay`` also write ``err``).

    Examples:
        >>> import io
        >>> from burgundy.cli import run
        >>> out = io.StringIO()
        >>> run(["variants"], out=out)
        0
        >>> "knowledge" in out.getvalue()
        True
    """
    args = build_parser().parse_args(argv)
    streams = {"stdin": stdin, "out": out, "err": err}
    accepted = inspect.signature(args.func).parameters
    given = {name: stream for name, stream in streams.items()
             if stream is not None and name in accepted}
    code: int = args.func(args, **given)
    return code


def run_captured(argv: Sequence[str], stdin: str = "") -> tuple[int, str, str]:
    """:func:`run` with ``stdin`` as the input, capturing what the command writes: its exit
    code, standard output and standard error (for tests and notebooks).

    A bad input's ``ValueError`` propagates (the command line would print it and exit 2).

    Examples:
        >>> from burgundy.cli import run_captured
        >>> code, out, err = run_captured(["variants"])
        >>> code, "knowledge" in out, err
        (0, True, '')
    """
    out, err = io.StringIO(), io.StringIO()
    code = run(argv, stdin=io.StringIO(stdin), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``burgundy`` command; returns the exit code."""
    try:
        code = run(argv)
    except ValueError as exc:
        print(f"burgundy: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `burgundy replay game.json | head`
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    raise SystemExit(main())
