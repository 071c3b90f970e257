"""A tournament's results file: a JSON line of the spec (the header), then one line per
game as it ends; :func:`read_results` reads one back. :func:`~burgundy.tournament.run_tournament`
writes it and resumes an interrupted run from it. Every public name here is exported by
:mod:`burgundy.tournament` too.

Examples:
    >>> from burgundy.tournament import FORMAT, FORMAT_VERSION
    >>> FORMAT, FORMAT_VERSION
    ('burgundy-tournament', 1)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, TextIO

from burgundy.errors import brief
from burgundy.tournament.spec import TournamentSpec

FORMAT = "burgundy-tournament"
"""The ``format`` of a results file's header line."""
FORMAT_VERSION = 1
"""The ``version`` of a results file's header line."""


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


__all__ = ["FORMAT", "FORMAT_VERSION", "read_results"]
