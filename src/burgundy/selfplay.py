"""Self-play data for learning: a searching bot plays every seat of seeded games, and every
decision becomes an example of (observation, legal mask, search policy, final outcome),
written in shards of numpy ``.npz`` files (``pip install burgundy[rl]``).

The encodings are the learning adapters' (:mod:`burgundy.rl`): the observation is
:func:`burgundy.rl.observe` of the state for the seat to move, the mask and the policy are
over the action ids of :class:`burgundy.rl.ActionCodec`. The bot must search: it has a
``search(state) -> (action, ((action, visits), ...))`` method, as
:meth:`~burgundy.bots.mcts.MCTSBot.search` (``mcts``, ``mcts:N``); the policy is the visit
counts of the root's actions divided by their sum.

A :class:`SelfPlaySpec` names the ruleset, the bot, the games and the master seed; game *g*
has the chance seed :func:`~burgundy.tournament.deal_seed` ``(seed, g)`` and the bot of seat
*s* the seed :func:`~burgundy.tournament.bot_seed` ``(game seed, s)``, so every game is
reproducible and the data the same on every backend. :func:`run_selfplay` plays it on any
:class:`concurrent.futures.Executor` (as tournaments: a process pool, the Ray executor),
one task per shard; only specs and seeds go to the workers, and the examples come back as
compact lists (the policy sparse). The folder holds ``manifest.json`` and
``shard-000000.npz``, ...: an interrupted run resumes, playing only the missing shards.

Every shard holds, for its *N* decisions (*D* the observation size, *A* the codec's size):

| array | dtype, shape | meaning |
|---|---|---|
| ``observation`` | float32, N × D | ``observe(state, seat)``, the seat to move |
| ``mask`` | bool, N × A | ``codec.mask(state)``: the legal actions |
| ``policy`` | float32, N × A | the search's visit shares (0 outside the searched actions) |
| ``action`` | int32, N | the id of the action played |
| ``outcome`` | float32, N | the seat's share of the victory: 1 alone, 1/k shared by k, 0 lost |
| ``score`` | int16, N | the seat's final VP |
| ``seat`` | int8, N | the seat to move |
| ``game`` | int32, N | the game's index in the run |
| ``step`` | int16, N | the decision's number in its game |
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from functools import cache
from pathlib import Path
from typing import Any

import attrs

from burgundy.bots import make_bot
from burgundy.errors import brief
from burgundy.game import Game
from burgundy.tournament import bot_seed, deal_seed
from burgundy.variants import Ruleset

FORMAT = "burgundy-selfplay"
"""The ``format`` of a self-play folder's ``manifest.json``."""
FORMAT_VERSION = 1
"""Its ``version``."""
DEFAULT_SHARD_GAMES = 10
"""Games per shard (and per task) by default."""
ARRAYS = ("observation", "mask", "policy", "action", "outcome", "score", "seat", "game", "step")
"""The arrays of a shard, in this order."""


def _ruleset_spec(value: Any) -> dict[str, Any]:
    if isinstance(value, Ruleset):
        return value.to_dict()
    if isinstance(value, Mapping):
        return Ruleset.from_dict(value).to_dict()
    raise ValueError(f"ruleset must be a Ruleset or its spec (a dict); got {brief(value)}")


def _whole(value: Any, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} must be a whole number, at least {least}; got {brief(value)}")
    return value


@attrs.frozen(kw_only=True)
class SelfPlaySpec:
    """What a self-play run plays.

    Attributes:
        ruleset: The ruleset's spec (given as a :class:`~burgundy.variants.Ruleset` or its
            spec dict).
        bot: The bot's spec; it must search (``mcts``, ``mcts:N``, or a bot with
            ``search``).
        games: Games in all (at least 1).
        seed: The master seed.
        shard_games: Games per shard (at least 1).

    Raises:
        ValueError: A bad ruleset, an unknown bot or one that does not search, a bad count.

    Examples:
        >>> import burgundy
        >>> from burgundy.selfplay import SelfPlaySpec
        >>> spec = SelfPlaySpec(ruleset=burgundy.Ruleset(players=2, variants=()),
        ...                     bot="mcts:20", games=5, shard_games=2)
        >>> spec.shards
        3
        >>> SelfPlaySpec.from_dict(spec.to_dict()) == spec
        True
    """

    ruleset: dict[str, Any] = attrs.field(converter=_ruleset_spec, eq=False)
    bot: str
    games: int
    seed: int = 0
    shard_games: int = DEFAULT_SHARD_GAMES
    _key: str = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.bot, str):
            raise ValueError(f"bot must be a bot spec string; got {brief(self.bot)}")
        if not callable(getattr(make_bot(self.bot), "search", None)):
            raise ValueError(f"self-play needs a bot that searches (a search policy): "
                             f"{self.bot!r} has no search(state); use mcts, mcts:N or "
                             f"expert:iterations=N")
        _whole(self.games, "games", 1)
        _whole(self.shard_games, "shard_games", 1)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"seed must be a whole number; got {brief(self.seed)}")
        object.__setattr__(self, "_key", json.dumps(self.ruleset, sort_keys=True))

    @property
    def shards(self) -> int:
        """The number of shards."""
        return math.ceil(self.games / self.shard_games)

    def rules(self) -> Ruleset:
        """Return the ruleset, built from its spec."""
        return Ruleset.from_dict(self.ruleset)

    def shard_tasks(self, shard: int) -> list[tuple[int, int]]:
        """``(game index, chance seed)`` of every game of ``shard``."""
        first = shard * self.shard_games
        return [(g, deal_seed(self.seed, g))
                for g in range(first, min(first + self.shard_games, self.games))]

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-able spec (the manifest holds it)."""
        return {"ruleset": self.ruleset, "bot": self.bot, "games": self.games,
                "seed": self.seed, "shard_games": self.shard_games}

    @classmethod
    def from_dict(cls, data: Any) -> SelfPlaySpec:
        """Build a spec from :meth:`to_dict`'s output.

        Raises:
            ValueError: The data is not such a spec.
        """
        fields = {"ruleset", "bot", "games", "seed", "shard_games"}
        if not isinstance(data, Mapping) or set(data) != fields:
            raise ValueError(f"a self-play spec is an object with the fields {sorted(fields)}")
        return cls(**{k: data[k] for k in fields})


@cache
def _codec(key: str) -> Any:
    from burgundy.rl import ActionCodec

    return ActionCodec(Ruleset.from_dict(json.loads(key)))


def selfplay_game(ruleset: Ruleset | Mapping[str, Any], bot: str, seed: int,
                  ) -> dict[str, Any]:
    """Play one self-play game and return its examples as compact lists: ``observation``
    (one float32 array per decision), ``legal`` and ``policy_ids`` / ``policy`` (action ids
    and visit shares per decision), ``action``, ``seat``, and the game's ``scores`` and
    ``winners``.

    Args:
        ruleset: The ruleset or its spec.
        bot: A searching bot's spec; seat *s* plays with seed ``bot_seed(seed, s)``.
        seed: The game's chance seed.
    """
    from burgundy.rl import observe

    rules = ruleset if isinstance(ruleset, Ruleset) else Ruleset.from_dict(ruleset)
    codec = _codec(json.dumps(rules.to_dict(), sort_keys=True))
    bots = [make_bot(bot, seed=bot_seed(seed, s)) for s in range(rules.players)]
    game = Game(rules, seed=seed)
    rows: dict[str, list[Any]] = {"observation": [], "legal": [], "policy_ids": [],
                                  "policy": [], "action": [], "seat": []}
    while not game.state.is_terminal:
        state = game.state
        seat = state.current_player
        action, visits = bots[seat].search(state)  # type: ignore[attr-defined]
        total = sum(count for _, count in visits) or 1
        rows["observation"].append(observe(state, seat))
        rows["legal"].append(sorted(codec.legal_ids(state)))
        rows["policy_ids"].append([codec.encode(a, state) for a, _ in visits])
        rows["policy"].append([count / total for _, count in visits])
        rows["action"].append(codec.encode(action, state))
        rows["seat"].append(seat)
        game.play(action)
    final = game.state
    return {**rows, "scores": list(final.scores), "winners": list(final.winners())}


def play_shard(task: tuple[dict[str, Any], str, Sequence[tuple[int, int]]],
               ) -> list[dict[str, Any]]:
    """Play the games of a shard where a worker runs it: ``(ruleset spec, bot spec,
    [(game index, seed), ...])``; returns each game's :func:`selfplay_game` with its
    ``game`` index."""
    ruleset, bot, games = task
    rules = Ruleset.from_dict(ruleset)
    return [{"game": g, **selfplay_game(rules, bot, seed)} for g, seed in games]


def shard_arrays(games: Sequence[Mapping[str, Any]], action_size: int) -> dict[str, Any]:
    """Turn the games of a shard (:func:`play_shard`) into the shard's arrays (:data:`ARRAYS`)."""
    import numpy as np

    rows = sum(len(g["seat"]) for g in games)
    width = len(games[0]["observation"][0]) if rows else 0
    out = {
        "observation": np.zeros((rows, width), dtype=np.float32),
        "mask": np.zeros((rows, action_size), dtype=np.bool_),
        "policy": np.zeros((rows, action_size), dtype=np.float32),
        "action": np.zeros(rows, dtype=np.int32),
        "outcome": np.zeros(rows, dtype=np.float32),
        "score": np.zeros(rows, dtype=np.int16),
        "seat": np.zeros(rows, dtype=np.int8),
        "game": np.zeros(rows, dtype=np.int32),
        "step": np.zeros(rows, dtype=np.int16),
    }
    i = 0
    for g in games:
        winners = g["winners"]
        for step, seat in enumerate(g["seat"]):
            out["observation"][i] = g["observation"][step]
            out["mask"][i, g["legal"][step]] = True
            out["policy"][i, g["policy_ids"][step]] = g["policy"][step]
            out["action"][i] = g["action"][step]
            out["outcome"][i] = 1 / len(winners) if seat in winners else 0.0
            out["score"][i] = g["scores"][seat]
            out["seat"][i] = seat
            out["game"][i] = g["game"]
            out["step"][i] = step
            i += 1
    return out


@attrs.frozen
class SelfPlayResult:
    """What :func:`run_selfplay` returns: the spec, the shard files and the examples in
    them."""

    spec: SelfPlaySpec
    shards: tuple[Path, ...]
    examples: int


def _manifest(spec: SelfPlaySpec) -> dict[str, Any]:
    from burgundy.rl import OBSERVATION_VERSION, observation_size

    rules = spec.rules()
    codec = _codec(json.dumps(spec.ruleset, sort_keys=True))
    return {"format": FORMAT, "version": FORMAT_VERSION, "selfplay": spec.to_dict(),
            "observation_version": OBSERVATION_VERSION,
            "observation_size": observation_size(rules), "action_size": codec.size,
            "actions": codec.layout(), "arrays": list(ARRAYS)}


def shard_path(folder: str | Path, shard: int) -> Path:
    """The file of shard number ``shard`` in ``folder``."""
    return Path(folder) / f"shard-{shard:06d}.npz"


def load_shard(path: str | Path) -> dict[str, Any]:
    """Read a shard's arrays.

    Raises:
        ValueError: The file cannot be read or is not a shard.
    """
    import numpy as np

    try:
        with np.load(path) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError) as exc:
        raise ValueError(f"cannot read the shard {path}: {brief(str(exc))}") from None
    missing = [name for name in ARRAYS if name not in arrays]
    if missing:
        raise ValueError(f"{path} is not a self-play shard (no {', '.join(missing)})")
    return arrays


def run_selfplay(
    spec: SelfPlaySpec,
    out: str | Path,
    executor: Executor | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> SelfPlayResult:
    """Play a self-play run and write its shards to ``out``; an interrupted run (the same
    spec, the same folder) resumes, playing only the shards not yet written.

    Args:
        spec: What to play.
        out: The folder (made if missing): ``manifest.json`` and the shards.
        executor: Where the shards are played (any executor), or ``None``: here.
        progress: Called with ``(games done, games in all)`` at the start and after each
            shard.

    Raises:
        ValueError: The folder holds another run, or cannot be written; numpy or the
            learning adapters are not installed.
    """
    try:
        import numpy as np
    except ImportError:
        raise ValueError("self-play needs the learning adapters: pip install burgundy[rl]"
                         ) from None
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"cannot make {folder}: {exc.strerror or exc}") from None
    manifest = _manifest(spec)
    path = folder / "manifest.json"
    if path.exists():
        try:
            found = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise ValueError(f"{path} is not a self-play manifest") from None
        if not isinstance(found, dict) or found.get("format") != FORMAT:
            raise ValueError(f"{path} is not a self-play manifest")
        if found != json.loads(json.dumps(manifest)):
            raise ValueError(f"{folder} holds another self-play run: give another --out or "
                             "the same settings")
    else:
        _write(path, json.dumps(manifest, indent=1) + "\n")
    done = {k for k in range(spec.shards) if shard_path(folder, k).is_file()}
    games_done = sum(len(spec.shard_tasks(k)) for k in done)
    if progress is not None:
        progress(games_done, spec.games)
    todo = [k for k in range(spec.shards) if k not in done]
    tasks = {k: (spec.ruleset, spec.bot, spec.shard_tasks(k)) for k in todo}
    size = manifest["action_size"]

    def finished() -> Any:
        if executor is None:
            for k, task in tasks.items():
                yield k, play_shard(task)
            return
        futures: dict[Future[list[dict[str, Any]]], int] = {
            executor.submit(play_shard, task): k for k, task in tasks.items()}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            for future in futures:
                future.cancel()

    for k, games in finished():
        arrays = shard_arrays(games, size)
        target = shard_path(folder, k)
        tmp = target.with_suffix(".tmp.npz")
        try:
            np.savez_compressed(tmp, **arrays)
            os.replace(tmp, target)
        except OSError as exc:
            raise ValueError(f"cannot write {target}: {exc.strerror or exc}") from None
        games_done += len(games)
        if progress is not None:
            progress(games_done, spec.games)
    shards = tuple(shard_path(folder, k) for k in range(spec.shards))
    examples = 0
    for shard in shards:
        try:
            with np.load(shard) as data:
                examples += len(data["seat"])  # only this array is read
        except (OSError, ValueError, KeyError, EOFError) as exc:
            raise ValueError(f"cannot read the shard {shard}: {brief(str(exc))}") from None
    return SelfPlayResult(spec, shards, examples)


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None


__all__ = [
    "ARRAYS",
    "DEFAULT_SHARD_GAMES",
    "FORMAT",
    "FORMAT_VERSION",
    "SelfPlayResult",
    "SelfPlaySpec",
    "load_shard",
    "play_shard",
    "run_selfplay",
    "selfplay_game",
    "shard_arrays",
    "shard_path",
]
