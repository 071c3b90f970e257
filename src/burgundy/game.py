"""The :class:`Game` driver: a seeded game with chance resolved, undo and records.

A record is plain JSON: the ruleset, the seed and every step, each an action in text
notation or a chance outcome. :meth:`Game.from_record` replays it exactly; a malformed or
tampered record raises a ``ValueError`` naming the step, and never leaves a half-built game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from burgundy.actions import Action
from burgundy.errors import IllegalActionError
from burgundy.state import State
from burgundy.variants import Ruleset

RECORD_FORMAT = "burgundy-record"
"""The ``format`` field of a game record."""
RECORD_VERSION = 1
"""The ``version`` field of a game record."""


def parse_action(state: State, text: str) -> Action:
    """Return the legal action of ``state`` whose text form is ``text``.

    Whitespace is normalised; the match is exact otherwise.

    Raises:
        IllegalActionError: No legal action has that text.
    """
    wanted = " ".join(str(text).split())
    for action in state.legal_actions():
        if str(action) == wanted:
            return action
    legal = ", ".join(str(a) for a in state.legal_actions()[:12])
    more = " ..." if len(state.legal_actions()) > 12 else ""
    raise IllegalActionError(f"{wanted!r} is not a legal action here; legal: {legal}{more}")


def _outcome_from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_outcome_from_json(v) for v in value)
    return value


def _outcome_to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_outcome_to_json(v) for v in value]
    return value


class Game:
    """A game in progress: a state whose chance events are resolved by a seeded RNG.

    Args:
        rules: A :class:`Ruleset`; or leave it out and give ``Ruleset``'s keyword arguments
            (``players``, ``variants``, ``edition``, ``options``).
        seed: Seed of the RNG that resolves chance; ``None`` picks one (see :attr:`seed`).
        **ruleset_args: ``Ruleset`` keyword arguments when ``rules`` is not given.

    Raises:
        ValueError: Both ``rules`` and ruleset arguments were given, or they are bad.

    Example:
        >>> import burgundy
        >>> game = burgundy.Game(players=2, variants=(), seed=1)
        >>> game.state.current_player in (0, 1)
        True
        >>> die = game.state.seats[game.state.current_player].dice[0]
        >>> state = game.play(f"workers d{die}")
        >>> len(game.record()["steps"]) > 1
        True
    """

    def __init__(self, rules: Ruleset | None = None, *, seed: int | None = None,
                 **ruleset_args: Any) -> None:
        if rules is None:
            rules = Ruleset(**ruleset_args)
        elif ruleset_args:
            raise ValueError("give either a Ruleset or Ruleset keyword arguments, not both")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer; got {seed!r}")
        self.rules: Ruleset = rules
        """The ruleset."""
        self.seed: int = seed
        """The seed of the chance RNG."""
        self._rng = random.Random(seed)
        self._steps: list[dict[str, Any]] = []
        self._history: list[tuple[State, Any, int]] = []
        self.state: State = self._resolve_chance(rules.initial_state())
        """The current state: a decision node or the end of the game."""

    # -- playing ----------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the current state."""
        return self.state.legal_actions()

    def play(self, action: Action | str) -> State:
        """Play an action (or its text form), then resolve chance with the seeded RNG.

        Returns:
            The new current state.

        Raises:
            IllegalActionError: The action is not legal now (the game is unchanged).
        """
        if isinstance(action, str):
            action = parse_action(self.state, action)
        new_state = self.state.apply(action)
        self._history.append((self.state, self._rng.getstate(), len(self._steps)))
        self._steps.append({"action": str(action)})
        self.state = self._resolve_chance(new_state)
        return self.state

    @property
    def history(self) -> tuple[State, ...]:
        """The states before each :meth:`play` that :meth:`undo` can go back to, oldest
        first."""
        return tuple(state for state, _, _ in self._history)

    def undo(self) -> State:
        """Take back the last :meth:`play` (and the chance it led to).

        Raises:
            ValueError: Nothing to undo.
        """
        if not self._history:
            raise ValueError("nothing to undo")
        self.state, rng_state, steps = self._history.pop()
        self._rng.setstate(rng_state)
        del self._steps[steps:]
        return self.state

    def _sample(self, state: State) -> Any:
        return state.sample_outcome(self._rng)

    def _resolve_chance(self, state: State) -> State:
        while state.is_chance:
            outcome = self._sample(state)
            state = state.apply(outcome)
            self._steps.append({"chance": _outcome_to_json(outcome)})
        return state

    # -- records ----------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Return the game as a JSON-able record: ruleset, seed and every step."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "ruleset": self.rules.to_dict(),
            "seed": self.seed,
            "steps": [dict(step) for step in self._steps],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Replay a record made by :meth:`record`.

        Recorded chance outcomes are used as they are (the RNG is advanced in step, so
        play continues as it would have).

        Raises:
            ValueError: The record is malformed or a step is not legal; the message names
                the step index.
        """
        if not isinstance(record, Mapping):
            raise ValueError("a record must be a JSON object")
        if record.get("format") != RECORD_FORMAT or record.get("version") != RECORD_VERSION:
            raise ValueError(f"not a {RECORD_FORMAT} version {RECORD_VERSION} record")
        steps = record.get("steps")
        if not isinstance(steps, list):
            raise ValueError("record 'steps' must be a list")
        rules = Ruleset.from_dict(record.get("ruleset", {}))
        game = cls.__new__(cls)
        game.rules = rules
        seed = record.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("record 'seed' must be an integer")
        game.seed = seed
        game._rng = random.Random(seed)
        game._steps = []
        game._history = []
        game.state = rules.initial_state()
        for index, step in enumerate(steps):
            try:
                game._replay_step(step)
            except (ValueError, TypeError) as exc:
                raise ValueError(f"record step {index}: {exc}") from None
        game.state = game._resolve_chance(game.state)
        return game

    def _replay_step(self, step: Any) -> None:
        if not isinstance(step, dict) or len(step) != 1:
            raise ValueError(f"a step is {{'action': text}} or {{'chance': outcome}}; got {step!r}")
        if "chance" in step:
            if not self.state.is_chance:
                raise ValueError("a chance outcome where a decision is due")
            self._sample(self.state)
            outcome = _outcome_from_json(step["chance"])
            self.state = self.state.apply(outcome)
            self._steps.append({"chance": _outcome_to_json(outcome)})
        elif "action" in step:
            if self.state.is_chance:
                raise ValueError("an action where a chance outcome is due")
            if not isinstance(step["action"], str):
                raise ValueError("an action must be its text form")
            action = parse_action(self.state, step["action"])
            self._history.append((self.state, self._rng.getstate(), len(self._steps)))
            self.state = self.state.apply(action)
            self._steps.append({"action": str(action)})
        else:
            raise ValueError(f"unknown step {step!r}")


def describe_outcome(state: State, outcome: Any) -> str:
    """Return a short text for a chance outcome of ``state`` (for transcripts and logs).

    Example: ``"hex depot 3: bank"``, ``"dice seat 1: 2 5"``, ``"white die: 4"``.
    """
    from burgundy import pending as pen
    from burgundy.components import tile_name

    item = state.pending[-1]
    describe = getattr(item, "describe_outcome", None)
    if describe is not None:  # a variant's chance event describes its own outcomes
        return str(describe(outcome))
    if isinstance(item, pen.HexDraw):
        where = "black depot" if item.depot == 0 else f"depot {item.depot}"
        return f"hex {where}: {tile_name(outcome)}"
    if isinstance(item, pen.DiceRoll):
        return f"dice seat {item.roller}: {outcome[0]} {outcome[1]}"
    if isinstance(item, pen.WhiteRoll):
        return f"white die: {outcome}"
    if isinstance(item, pen.GoodsDraw):
        where = "round space" if item.estate < 0 else f"estate {item.estate}"
        return f"goods {where}: {outcome}"
    if isinstance(item, pen.StartPlayerDraw):
        return f"start player: seat {outcome}"
    if isinstance(item, pen.BoardDraw):
        return f"board estate {item.estate}: {outcome}"
    return f"{type(item).__name__}: {outcome!r}"
