"""The record format: its versions and header, and every step of a game as text.

A record is plain JSON: a header (date, who played, result, versions), the ruleset, where
the chance came from and every step, each an action or a chance outcome in its text
notation (``{"action": "take bank 5 d3"}``, ``{"chance": "dice seat 1: 2 5"}``). This
module reads and writes those texts (:func:`parse_action`, :func:`chance_step`,
:func:`outcome_of_step`, :func:`describe_outcome`) and checks a header; the
:class:`~burgundy.game.Game` driver writes records and replays them
(:meth:`~burgundy.game.Game.record`, :meth:`~burgundy.game.Game.from_record`). The names
are also importable from :mod:`burgundy.game`, where they were before 1.0.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from burgundy import pending as _pen
from burgundy._version import __version__
from burgundy.actions import Action
from burgundy.components import tile_name
from burgundy.errors import IllegalActionError, brief
from burgundy.registry import variant_info
from burgundy.state import State
from burgundy.variants import Ruleset

__all__ = [
    "EXTERNAL", "HEADER_FIELDS", "MAX_NOTATION", "RECORD_FORMAT", "RECORD_VERSION",
    "RECORD_VERSIONS", "SEEDED", "chance_step", "describe_outcome", "legacy_action_steps",
    "outcome_of_step", "parse_action",
]

RECORD_FORMAT = "burgundy-record"
"""The ``format`` field of a game record."""
RECORD_VERSION = 4
"""The ``version`` field of the records this version writes (it also reads versions 1 to
3). Version 4: where a taken hex goes is a step of its own (``take bank 5 d3`` then
``drop ship``); an older record's ``take bank 5 d3 drop ship`` is read as those two steps
(:func:`legacy_action_steps`)."""
RECORD_VERSIONS = (1, 2, 3, 4)
"""The record versions :meth:`Game.from_record` reads."""
HEADER_FIELDS = ("date", "seats", "result", "versions")
"""The fields of a version 3 record's ``header``."""
SEEDED = "seed"
"""``chance`` of a record whose chance steps were all drawn from ``random.Random(seed)``."""
EXTERNAL = "external"
"""``chance`` of a record whose chance came from outside (physical dice at a table)."""
MAX_NOTATION = 200
"""Texts longer than this are no action's notation; they are refused before any parsing."""
_OUTCOME_DEPTH = 4


def parse_action(state: State, text: str) -> Action:
    """Return the legal action of ``state`` whose text form is ``text``.

    Whitespace is normalised (runs of blanks, tabs and line breaks count as one space, and
    leading or trailing blanks are dropped); the match is exact otherwise.

    Args:
        state: A decision node.
        text: An action's notation, e.g. ``"take bank 5 d3"``.

    Returns:
        The legal action itself (the instance ``state.legal_actions()`` lists).

    Raises:
        IllegalActionError: ``text`` is not a string, or no legal action has that text;
            the message echoes at most a few dozen characters of it.
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"an action's text must be a string, not {brief(text)}")
    wanted = " ".join(text.split()) if len(text) <= MAX_NOTATION else None
    legal = state.legal_actions()
    if wanted is not None:
        for action in legal:
            if str(action) == wanted:
                return action
    more = " ..." if len(legal) > 12 else ""
    shown = ", ".join(str(a) for a in legal[:12])
    raise IllegalActionError(
        f"{brief(wanted if wanted is not None else text)} is not a legal action here; "
        f"legal: {shown}{more}"
    )


def _outcome_from_json(value: Any, depth: int = 0) -> Any:
    """A chance outcome from its JSON form (lists become tuples); refuses deep nesting."""
    if isinstance(value, list):
        if depth >= _OUTCOME_DEPTH:
            raise ValueError("a chance outcome nested too deeply")
        return tuple(_outcome_from_json(v, depth + 1) for v in value)
    return value


def _outcome_to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_outcome_to_json(v) for v in value]
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_LEGACY_STOW = re.compile(r"^(?P<base>.+?)(?: (?:drop|discard) (?P<drop>\S+))?(?P<own> own)?$")


def legacy_action_steps(state: State, text: str) -> list[str]:
    """The version 4 steps of an action text of an older record (versions 1 to 3).

    Before version 4 a take or purchase named where its hex went: ``take bank 5 d3 drop
    ship``, ``buy pig3 own``, ``buy bank 2 drop ship own`` (knowledge #6),
    ``trade ... discard ship`` (solo). Now that is the decision after it: the take's text
    alone, then ``drop ship`` / ``drop ship own`` / ``stow own``. A text that is legal as
    it stands is kept as one step; a take into the estate's free space, where the seat also
    had one of its own, is followed by ``stow`` (:meth:`Game.from_record` adds it).

    Args:
        state: The decision node the text was played at.
        text: The recorded text.

    Returns:
        One or two texts to play in turn.

    Examples:
        >>> import burgundy
        >>> state = burgundy.Game(players=2, variants=(), seed=1).state
        >>> legacy_action_steps(state, "take castle 2 d2 drop k26")
        ['take castle 2 d2', 'drop k26']
        >>> legacy_action_steps(state, "buy pig3 own")
        ['buy pig3', 'stow own']
        >>> legacy_action_steps(state, "workers d5")
        ['workers d5']
    """
    if not isinstance(text, str):
        return [text]
    if any(str(action) == " ".join(text.split()) for action in state.legal_actions()):
        return [text]
    match = _LEGACY_STOW.match(" ".join(text.split()))
    if match is None or not (match["drop"] or match["own"]):
        return [text]
    own = " own" if match["own"] else ""
    stow = f"drop {match['drop']}{own}" if match["drop"] else f"stow{own}"
    return [match["base"], stow]


def _result(state: State) -> dict[str, list[int]] | None:
    """The header's ``result``: ``None`` until the game is over."""
    if not state.is_terminal:
        return None
    return {"scores": list(state.scores), "winners": list(state.winners())}


@cache
def _versions(variants: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The header's ``versions``: of ``burgundy`` and of each enabled variant's plugin."""
    return (("burgundy", __version__),
            *((name, variant_info(name).version) for name in variants))


def _check_header(header: Any, rules: Ruleset) -> dict[str, Any]:
    """A version 3 record's header, checked for shape (its result is checked on replay)."""
    if not isinstance(header, dict) or sorted(header) != sorted(HEADER_FIELDS):
        raise ValueError(f"record 'header' must be an object with the fields {HEADER_FIELDS}")
    if header["date"] is not None and not isinstance(header["date"], str):
        raise ValueError("record header 'date' must be a text or null")
    seats = header["seats"]
    if seats is not None and not (
        isinstance(seats, list) and len(seats) == rules.players
        and all(isinstance(name, str) for name in seats)
    ):
        raise ValueError(f"record header 'seats' must be null or {rules.players} texts")
    versions = header["versions"]
    if not (isinstance(versions, dict)
            and all(isinstance(v, str) for v in versions.values())):
        raise ValueError("record header 'versions' must map names to version texts")
    result = header["result"]
    if result is not None and not (
        isinstance(result, dict) and sorted(result) == ["scores", "winners"]
        and all(isinstance(v, list) and all(_is_int(x) for x in v) for v in result.values())
    ):
        raise ValueError("record header 'result' must be null or {'scores': [...], "
                         "'winners': [...]}")
    return header


_Step = dict[str, Any] | Action | tuple[_pen.Pending, Any]
"""A step as :class:`Game` keeps it: its record dict, or until a record is asked for, the
action played (a shared legal instance) or a core draw's ``(pending item, outcome)``, whose
text needs nothing else (no state is kept alive for it: keeping the chance nodes themselves
measured slower, the garbage collector walks them). The text is written only when a record
is asked for: writing it as each step is played slowed every game, recorded or not
(docs/performance.md, "Round one")."""


def _chance_step_later(state: State, outcome: Any) -> _Step:
    """A drawn outcome's step: ``(item, outcome)`` for a core draw (its text is the item's
    and the outcome's alone), else its record step now."""
    item = state.pending[-1]
    if type(item) in _DISTINCT_TEXTS:
        return (item, outcome)
    return chance_step(state, outcome)


def _written(step: Action | tuple[_pen.Pending, Any]) -> dict[str, Any]:
    """The record step of a kept action or ``(item, outcome)`` draw."""
    if isinstance(step, tuple):
        return {"chance": _describe(*step)}
    return {"action": str(step)}


def chance_step(state: State, outcome: Any) -> dict[str, Any]:
    """The record step of chance outcome ``outcome`` of chance node ``state``.

    The step is the outcome's text (:func:`describe_outcome`): ``{"chance": "dice seat 1: 2
    5"}``. Only where that text does not single the outcome out among
    ``state.chance_outcomes()`` (a variant's chance event whose texts repeat) does the step
    also carry the outcome's JSON value: ``{"chance": text, "outcome": value}``.

    Examples:
        >>> import burgundy
        >>> state = burgundy.Ruleset(players=2, variants=()).initial_state()
        >>> chance_step(state, 1)
        {'chance': 'start player: seat 1'}
    """
    text = describe_outcome(state, outcome)
    item = state.pending[-1]
    if type(item) in _DISTINCT_TEXTS:
        return {"chance": text}
    same = [o for o, _ in state.chance_outcomes() if describe_outcome(state, o) == text]
    if len(same) == 1:
        return {"chance": text}
    return {"chance": text, "outcome": _outcome_to_json(outcome)}


def outcome_of_step(state: State, step: Mapping[str, Any]) -> Any:
    """The outcome of chance node ``state`` that a version 3 chance step stands for.

    Args:
        state: A chance node.
        step: ``{"chance": text}`` or ``{"chance": text, "outcome": value}``; blanks in the
            text are normalised as in :func:`parse_action`.

    Returns:
        The outcome as ``state.chance_outcomes()`` lists it.

    Raises:
        ValueError: No listed outcome has that text (or the value and the text disagree),
            or the text names more than one and no ``outcome`` says which.

    Examples:
        >>> import burgundy
        >>> state = burgundy.Ruleset(players=2, variants=()).initial_state()
        >>> outcome_of_step(state, {"chance": "start player: seat 0"})
        0
    """
    text = step.get("chance")
    if not isinstance(text, str) or len(text) > MAX_NOTATION:
        raise ValueError(f"a chance step is the outcome's text; got {brief(text)}")
    wanted = " ".join(text.split())
    if "outcome" in step:
        outcome = state.rules.engine.listed_outcome(state, _outcome_from_json(step["outcome"]))
        if describe_outcome(state, outcome) != wanted:
            raise ValueError(
                f"chance {brief(wanted)} is not the text of outcome {brief(step['outcome'])} "
                f"({brief(describe_outcome(state, outcome))})"
            )
        return outcome
    same = [o for o, _ in state.chance_outcomes() if describe_outcome(state, o) == wanted]
    if len(same) == 1:
        return same[0]
    if same:
        raise ValueError(f"chance {brief(wanted)} names {len(same)} outcomes; the step "
                         "needs an 'outcome'")
    shown = [describe_outcome(state, o) for o, _ in state.chance_outcomes()[:6]]
    more = ", ..." if len(state.chance_outcomes()) > 6 else ""
    raise ValueError(f"chance {brief(wanted)} is not an outcome here; outcomes: "
                     f"{', '.join(shown)}{more}")


def describe_outcome(state: State, outcome: Any) -> str:
    """Return the text of a chance outcome of ``state``: its notation in records (version
    3), transcripts and logs.

    A variant's chance event (a pending item with a ``describe_outcome(outcome)`` method)
    describes its own outcomes.

    Examples:
        >>> import burgundy
        >>> state = burgundy.Ruleset(players=2, variants=()).initial_state()
        >>> describe_outcome(state, 1)
        'start player: seat 1'

        Others read ``"hex depot 3: bank"``, ``"hex black depot: mine"``, ``"dice seat 1: 2
        5"``, ``"white die: 4"``, ``"goods estate 0: 3"``, ``"goods round space: 6"``,
        ``"board estate 1: 7"``.
    """
    return _describe(state.pending[-1], outcome)


def _describe(item: _pen.Pending, outcome: Any) -> str:
    """:func:`describe_outcome` of the chance node whose top is ``item``."""
    describe = getattr(item, "describe_outcome", None)
    if describe is not None:  # a variant's chance event describes its own outcomes
        return str(describe(outcome))
    if isinstance(item, _pen.HexDraw):
        where = "black depot" if item.depot == 0 else f"depot {item.depot}"
        return f"hex {where}: {tile_name(outcome)}"
    if isinstance(item, _pen.DiceRoll):
        return f"dice seat {item.roller}: {outcome[0]} {outcome[1]}"
    if isinstance(item, _pen.WhiteRoll):
        return f"white die: {outcome}"
    if isinstance(item, _pen.GoodsDraw):
        where = "round space" if item.estate < 0 else f"estate {item.estate}"
        return f"goods {where}: {outcome}"
    if isinstance(item, _pen.StartPlayerDraw):
        return f"start player: seat {outcome}"
    if isinstance(item, _pen.BoardDraw):
        return f"board estate {item.estate}: {outcome}"
    return f"{type(item).__name__}: {outcome!r}"


_DISTINCT_TEXTS: frozenset[type] = frozenset((
    _pen.HexDraw, _pen.DiceRoll, _pen.WhiteRoll, _pen.GoodsDraw, _pen.StartPlayerDraw,
    _pen.BoardDraw,
))
"""Chance events whose outcomes always have distinct texts (the core's: tile names, dice,
colours, seats and boards are distinct), so :func:`chance_step` needs no check."""
