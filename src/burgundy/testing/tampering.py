"""The conformance kit's tamper check: a variant's own state and pending items, changed one
field at a time, load as a short ``ValueError`` or as a sound state that plays to the end.

:func:`check_tampering` takes real mid-game states of a ruleset (seeded random games, some
favouring the variants' own actions so that their pending items come up), serialises one
(:func:`burgundy.to_json`), changes one field of a variant's state (``ext``) or of a pending
item (:func:`tamper`: its type, its range, a reference to something else of the state, a
flag, an entry of a list dropped, doubled or reordered), and loads the document again
(:func:`burgundy.from_json`). Either the loader refuses it with a ``ValueError`` of at most
:data:`~burgundy.validation.MESSAGE_LIMIT` characters, or the state it returns keeps the
kit's invariants (:func:`~burgundy.testing.check_invariants`) and a random game from it
ends within a bounded number of steps and seconds. Anything else (another exception, an
invariant broken, a hang) is a :class:`~burgundy.testing.ConformanceError` naming the
field, the change and the seed.

It needs Hypothesis (the ``test`` extra), imported only when the check runs.

Its front door is :mod:`burgundy.testing`, which exports every name here.
"""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from burgundy.io import from_json, to_json
from burgundy.state import State
from burgundy.testing.conformance import (
    ConformanceError,
    check_invariants,
    playout,
    random_playout,
)
from burgundy.validation import MESSAGE_LIMIT
from burgundy.variants import Ruleset

Path = tuple[str | int, ...]
"""Where a value is in a JSON document: keys and list indices from the top."""

CHANGES: tuple[str, ...] = ("type", "range", "reference", "flag", "entries")
"""The kinds of change :func:`tamper` makes: ``type`` (a value of another JSON type),
``range`` (a number out of or at the edge of its range: -1, 0, one off, 10**6, 10**30),
``reference`` (a number or name found elsewhere in the state: another space, depot, tile,
seat), ``flag`` (a boolean flipped), ``entries`` (a list's entry dropped, doubled, moved or
a list emptied; a mapping's key dropped)."""

_BIG = (10**6, 10**30)


def _is_core(kind: type) -> bool:
    return kind.__module__.split(".")[0] == "burgundy"


def tamper_targets(document: dict[str, Any], rules: Ruleset) -> list[Path]:
    """The paths of every value of a serialised state that :func:`check_tampering` may
    change: each value (at any depth) of the variants' states (``ext``), each field but
    ``type`` of a variant's pending item (a type the core does not define), then each field
    but ``type`` of the core's pending items (which variants push too: a loose die action).

    Examples:
        >>> import json
        >>> import burgundy
        >>> from burgundy.testing import tamper_targets
        >>> rules = burgundy.Ruleset(players=2, variants=("inns",))
        >>> document = json.loads(burgundy.to_json(rules.initial_state()))
        >>> tamper_targets(document, rules)[:3]
        [('ext', 0, 1), ('ext', 0, 1, 'stack'), ('ext', 0, 1, 'to_come')]
    """
    return [path for group in _target_groups(document, rules) for path in group]


def _target_groups(
    document: dict[str, Any], rules: Ruleset
) -> tuple[list[Path], list[Path], list[Path]]:
    """:func:`tamper_targets` in three groups: the variants' states, their pending items,
    the core's pending items."""
    own = {kind.__name__ for kind in rules.engine.pending_types if not _is_core(kind)}
    ext: list[Path] = []
    items: list[Path] = []
    core: list[Path] = []
    for k, entry in enumerate(document.get("ext", ())):
        ext += _walk(entry[1], ("ext", k, 1))
    for k, item in enumerate(document.get("pending", ())):
        group = items if item.get("type") in own else core
        for key, value in item.items():
            if key != "type":
                group += _walk(value, ("pending", k, key))
    return ext, items, core


def _walk(value: Any, path: Path) -> Iterator[Path]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _walk(item, (*path, i))


def _get(document: Any, path: Path) -> Any:
    for step in path:
        document = document[step]
    return document


def _scalars(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _scalars(item)
    elif isinstance(value, list):
        for item in value:
            yield from _scalars(item)
    else:
        yield value


def _changes(
    value: Any, document: dict[str, Any], names: Iterable[str] = ()
) -> list[tuple[str, Any]]:
    """Every ``(kind, new value)`` :func:`tamper` may put in the place of ``value``; a
    string may become one of ``names`` too."""
    found: list[tuple[str, Any]] = []
    if isinstance(value, bool):
        found += [("flag", not value), ("type", int(value)), ("type", None)]
    elif isinstance(value, int):
        found += [("range", v) for v in (-1, 0, value - 1, value + 1, *_BIG, -_BIG[1])]
        found += [("type", v) for v in (value == 1, float(value), str(value), None, [value])]
        numbers = sorted({v for v in _scalars(document) if type(v) is int and -3 <= v <= 70})
        found += [("reference", v) for v in numbers if v != value]
    elif isinstance(value, str):
        known = {v for v in _scalars(document) if type(v) is str and len(v) < 40}
        found += [("reference", v) for v in sorted(known | set(names)) if v != value]
        found += [("type", v) for v in (0, None, [value])] + [("range", ""), ("range", "x")]
    elif value is None:
        found += [("type", v) for v in (0, -1, "", False)]
    elif isinstance(value, list):
        for i in range(len(value)):
            found.append(("entries", value[:i] + value[i + 1:]))
            found.append(("entries", [*value[:i + 1], value[i], *value[i + 1:]]))
        if len(value) > 1:
            found.append(("entries", value[::-1]))
            found.append(("entries", value[1:] + value[:1]))
        found += [("entries", []), ("type", {}), ("type", None), ("type", 0)]
    elif isinstance(value, dict):
        for key in value:
            found.append(("entries", {k: v for k, v in value.items() if k != key}))
        found += [("entries", {**value, "extra": 0}), ("type", list(value.values())),
                  ("type", None)]
    return found


def tamper(
    document: dict[str, Any], path: Path, choice: int, names: Iterable[str] = ()
) -> tuple[str, Any]:
    """Change the value at ``path`` of ``document`` (a serialised state, changed in place)
    by change number ``choice`` of those that fit it (a kind of :data:`CHANGES`, each kind
    as likely, then one of its values); a string may also become one of ``names`` (the
    ruleset's building types and tile names, say). Return ``(kind, new value)``.

    Examples:
        >>> document = {"ext": [["mine", {"count": 3}]]}
        >>> tamper(document, ("ext", 0, 1, "count"), 9)  # kind 9 % 2: range; value 9 // 2
        ('range', 1000000)
        >>> document
        {'ext': [['mine', {'count': 1000000}]]}
    """
    parent = _get(document, path[:-1])
    changes = _changes(parent[path[-1]], document, names)
    kinds = sorted({kind for kind, _ in changes}, key=CHANGES.index)
    kind = kinds[choice % len(kinds)]  # each kind alike, then a value of it
    values = [value for k, value in changes if k == kind]
    value = values[choice // len(kinds) % len(values)]
    parent[path[-1]] = value
    return kind, value


class _Timeout(Exception):
    """A tampered state took longer than the check allows."""


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`_Timeout` after ``seconds`` (where the platform and thread can: the
    main thread with ``SIGALRM``; elsewhere the time is only measured afterwards)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        start = time.monotonic()
        yield
        if time.monotonic() - start > seconds:
            raise _Timeout
        return

    def alarm(signum: int, frame: Any) -> None:
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _own_actions(rules: Ruleset) -> tuple[type, ...]:
    return tuple(kind for kind in rules.engine.action_types if not _is_core(kind))


_TILE_ACTIONS = ("PlaceTile", "BuyTile", "TakeTile")
"""The core's action types whose hexes' effects push most variants' items."""


def _names(rules: Ruleset) -> tuple[str, ...]:
    """Strings a tampered string may become: the ruleset's tile names and building types."""
    kinds = rules.engine.tiles.kinds
    return tuple(sorted({k.name for k in kinds} | {k.building for k in kinds if k.building}))


def _has_own(state: State) -> bool:
    return any(not _is_core(type(item)) for item in state.pending)


def tamper_sources(rules: Ruleset, seeds: Iterable[int] = range(3)) -> list[State]:
    """The mid-game states :func:`check_tampering` tampers with: every state but the last
    of three seeded random games per seed, one uniform, one favouring the variants' own
    actions, one the core's tile actions (placing, buying and taking hexes: their effects
    push most variants' items), so that the variants' pending items come up; those with a
    variant's pending item on the stack first.

    Examples:
        >>> import burgundy
        >>> from burgundy.testing import tamper_sources
        >>> states = tamper_sources(burgundy.Ruleset(players=2, variants=("inns",)), [0])
        >>> all(not s.is_terminal for s in states)
        True
    """
    own_actions = _own_actions(rules)
    tile_actions = tuple(k for k in rules.engine.action_types if k.__name__ in _TILE_ACTIONS)
    states: list[State] = []
    for seed in seeds:
        states += random_playout(rules, seed)
        for prefer in (own_actions, tile_actions):
            if prefer:
                states += playout(rules.initial_state(), seed, prefer=prefer, bias=0.8)
    playing = [s for s in states if not s.is_terminal]
    return [s for s in playing if _has_own(s)] + [s for s in playing if not _has_own(s)]


def check_tampered(
    rules: Ruleset,
    text: str,
    *,
    seed: int = 0,
    max_steps: int = 5_000,
    seconds: float = 20.0,
    where: str = "",
) -> State | None:
    """Load ``text`` (a serialised state, tampered with) under ``rules`` and require what
    :func:`check_tampering` requires: a ``ValueError`` of at most
    :data:`~burgundy.validation.MESSAGE_LIMIT` characters (then return ``None``), or a
    state that keeps the kit's invariants and from which a random game (``seed``) ends
    within ``max_steps`` steps, all in ``seconds`` (then return the state).

    Raises:
        ConformanceError: Anything else; the message starts with ``where``.

    Examples:
        >>> import json
        >>> import burgundy
        >>> from burgundy.testing import check_tampered
        >>> rules = burgundy.Ruleset(players=2, variants=("inns",))
        >>> document = json.loads(burgundy.to_json(rules.initial_state()))
        >>> document["ext"][0][1]["to_come"] = -1
        >>> check_tampered(rules, json.dumps(document)) is None  # refused
        True
    """
    try:
        with _time_limit(seconds):
            try:
                state = from_json(text, rules)
            except ValueError as exc:
                message = str(exc)
                if len(message) > MESSAGE_LIMIT:
                    raise ConformanceError(
                        f"{where}refused with a message of {len(message)} characters (at "
                        f"most {MESSAGE_LIMIT}): {message[:200]}..."
                    ) from exc
                return None
            check_invariants(state)
            states = playout(state, seed, max_steps=max_steps)
            check_invariants(states[-1], states[-2] if len(states) > 1 else None)
            return state
    except _Timeout:
        raise ConformanceError(f"{where}loading and playing took more than {seconds} s") from None
    except ConformanceError as exc:
        raise ConformanceError(f"{where}{exc}") from exc
    except Exception as exc:  # any other error is what the check is for
        raise ConformanceError(
            f"{where}{type(exc).__name__}: {str(exc)[:200]}"
        ) from exc


def check_tampering(
    rules: Ruleset,
    *,
    examples: int = 100,
    seeds: Iterable[int] = range(3),
    max_steps: int = 5_000,
    seconds: float = 20.0,
) -> int:
    """Tamper with a variant's own state and pending items, one field at a time, and
    require a short ``ValueError`` or a sound state that plays to the end.

    Hypothesis draws ``examples`` tampered documents, derandomized (the same ones on every
    run, none stored), each from one seed: a state of :func:`tamper_sources` (half of the
    time one with a variant's pending item, where there are such), one of its
    :func:`tamper_targets` (a variant's pending item's field 60% of the time where there is
    one, else any of the variants' states, their pending items and the core's pending
    items alike) and one of the changes :func:`tamper` makes there (a string may become
    any of the ruleset's tile names or building types). Each is
    checked by :func:`check_tampered`. A plugin's tests call it once per ruleset worth
    checking (the variant alone, and with the variants it changes).

    Args:
        rules: The ruleset whose variants' state is tampered with.
        examples: How many tampered documents to try.
        seeds: Seeds of the games the states come from.
        max_steps: A game from a loaded state ends within this many steps.
        seconds: Loading, checking and playing one document takes at most this long.

    Returns:
        How many tampered documents the loader refused (the rest loaded and played).

    Raises:
        ConformanceError: A tampered document escaped as another exception, gave a long
            message, loaded as a state that breaks an invariant, did not end or took too
            long; the message names the seed of the state's game, the field and the change.
        ValueError: The ruleset has no variant state and no variant pending item to tamper
            with in any of the states.

    Examples:
        A plugin's test (a dozen examples here; a test suite would try a hundred or so)::

            >>> import burgundy
            >>> from burgundy.testing import check_tampering
            >>> rules = burgundy.Ruleset(players=2, variants=("inns",))
            >>> check_tampering(rules, examples=12, seeds=[0]) <= 12
            True
    """
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    sources = tamper_sources(rules, seeds)
    names = _names(rules)
    Groups = tuple[list[Path], list[Path], list[Path]]
    documents: dict[int, tuple[dict[str, Any], Groups]] = {}

    def source(index: int) -> tuple[dict[str, Any], Groups]:
        if index not in documents:
            document = json.loads(to_json(sources[index]))
            documents[index] = (document, _target_groups(document, rules))
        return documents[index]

    if not any(any(source(i)[1]) for i in range(len(sources))):
        raise ValueError("nothing to tamper with: no variant state or pending item")
    own = sum(1 for s in sources if _has_own(s))
    refused = [0]

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              phases=(Phase.explicit, Phase.generate, Phase.shrink),
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2**64 - 1))
    def check(seed: int) -> None:
        # one draw, then uniform choices from it: hypothesis's own draws favour small and
        # edge values, which would keep to a few states and fields
        rng = random.Random(seed)
        index = rng.randrange(own if own and rng.random() < 0.5 else len(sources))
        document, (ext, items, core) = source(index)
        if items and rng.random() < 0.6:  # a variant's pending item: the likeliest to break
            group = items
        else:
            group = rng.choice([g for g in (ext, items, core) if g] or [[]])
        if not group:
            return
        path = rng.choice(group)
        copy = json.loads(json.dumps(document))
        kind, value = tamper(copy, path, rng.randrange(2**32), names)
        where = (f"state {index} of the tamper sources, {_name(path)} changed ({kind}) to "
                 f"{_short(value)}: ")
        loaded = check_tampered(rules, json.dumps(copy), seed=seed % 1000,
                                max_steps=max_steps, seconds=seconds, where=where)
        if loaded is None:
            refused[0] += 1

    check()
    return refused[0]


def _name(path: Path) -> str:
    return "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in path)[1:]


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = [
    "CHANGES",
    "check_tampered",
    "check_tampering",
    "tamper",
    "tamper_sources",
    "tamper_targets",
]
