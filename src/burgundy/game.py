"""The :class:`Game` driver: a seeded game with chance resolved, undo and records.

:meth:`Game.record` writes a game's record and :meth:`Game.from_record` replays one exactly:
a malformed or tampered record raises a ``ValueError`` naming the step, and never leaves a
half-built game. Records of versions 1 and 2 (chance outcomes as JSON values) are read too.
The record format itself (its versions, its header and the text of every step) is
:mod:`burgundy.records`; its names are importable from here too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, NamedTuple

from burgundy.actions import Action
from burgundy.errors import brief
from burgundy.pending import OrderChoice, StowTile
from burgundy.records import (
    EXTERNAL,
    HEADER_FIELDS,
    MAX_NOTATION,
    RECORD_FORMAT,
    RECORD_VERSION,
    RECORD_VERSIONS,
    SEEDED,
    _chance_step_later,
    _check_header,
    _is_int,
    _outcome_from_json,
    _result,
    _Step,
    _versions,
    _written,
    chance_step,
    describe_outcome,
    legacy_action_steps,
    outcome_of_step,
    parse_action,
)
from burgundy.state import State
from burgundy.variants import Ruleset

__all__ = [
    "EXTERNAL", "HEADER_FIELDS", "MAX_NOTATION", "RECORD_FORMAT", "RECORD_VERSION",
    "RECORD_VERSIONS", "SEEDED", "Game", "ReplayStep", "chance_step", "describe_outcome",
    "legacy_action_steps", "outcome_of_step", "parse_action", "replay_steps",
]

class Game:
    """A game in progress: a state whose chance events are resolved by a seeded RNG, or
    (``chance="external"``) by the caller, outcome by outcome.

    Args:
        rules: A :class:`Ruleset`; or leave it out and give ``Ruleset``'s keyword arguments
            (``players``, ``variants``, ``edition``, ``options``).
        seed: Seed of the RNG that resolves chance; ``None`` picks one (see :attr:`seed`).
            Not allowed with ``chance="external"``.
        chance: ``"seed"`` (default): :meth:`play` resolves chance with
            ``random.Random(seed)``. ``"external"``: chance comes from outside (a table game
            with physical dice): the state stops at every chance node with a choice, and the
            caller plays the outcome that happened (``game.play(outcome)``, an outcome as
            ``state.chance_outcomes()`` lists it).
        **ruleset_args: ``Ruleset`` keyword arguments when ``rules`` is not given.

    Raises:
        ValueError: Both ``rules`` and ruleset arguments were given, or they are bad.

    Examples:
        >>> import burgundy
        >>> game = burgundy.Game(players=2, variants=(), seed=1)
        >>> game.state.current_player in (0, 1)
        True
        >>> die = game.state.seats[game.state.current_player].dice[0]
        >>> state = game.play(f"workers d{die}")
        >>> len(game.record()["steps"]) > 1
        True

        A game whose dice are rolled at a real table:

        >>> table = burgundy.Game(players=2, variants=(), chance="external")
        >>> table.state.is_chance  # who starts?
        True
        >>> state = table.play(1)  # seat 1 starts
    """

    def __init__(self, rules: Ruleset | None = None, *, seed: int | None = None,
                 chance: str = SEEDED, **ruleset_args: Any) -> None:
        if rules is None:
            rules = Ruleset(**ruleset_args)
        elif ruleset_args:
            raise ValueError("give either a Ruleset or Ruleset keyword arguments, not both")
        elif not isinstance(rules, Ruleset):
            raise ValueError(f"rules must be a Ruleset, not {brief(rules)}")
        if chance not in (SEEDED, EXTERNAL):
            raise ValueError(f"chance must be {SEEDED!r} or {EXTERNAL!r}; got {brief(chance)}")
        if chance == EXTERNAL:
            if seed is not None:
                raise ValueError("a game with external chance takes no seed")
        elif seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not _is_int(seed):
            raise ValueError(f"seed must be an integer; got {brief(seed)}")
        self.rules: Ruleset = rules
        """The ruleset."""
        self.seed: int | None = seed
        """The seed of the chance RNG (``None`` while chance comes from outside)."""
        self._external = chance == EXTERNAL
        self._seed_from = 0  # first step drawn from the seed (an external record continued)
        self._rng: random.Random | None = None if self._external else random.Random(seed)
        self._draws = 0  # outcomes drawn from the RNG so far (each costs one rng.random())
        self._steps: list[_Step] = []
        self._history: list[tuple[State, int, int]] = []
        self.date: str | None = None
        """When the game was played, for the record's header (ISO 8601 text, e.g.
        ``"2026-12-01T09:30:00Z"``); ``None`` (the default) leaves it out, so that the same
        game always gives the same record."""
        self.seat_names: tuple[str, ...] | None = None
        """Who plays each seat, for the record's header (a name, or a bot's name such as
        ``"mcts:60"``); ``None`` when not told."""
        self.state: State = self._resolve_chance(rules.initial_state())
        """The current state: a decision node or the end of the game (or, with external
        chance, a chance node waiting for its outcome)."""

    @property
    def chance(self) -> str:
        """Where the chance comes from: ``"seed"``, or ``"external"`` for a game whose chance
        came (or comes) from outside."""
        return EXTERNAL if self._external else SEEDED

    # -- playing ----------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the current state."""
        return self.state.legal_actions()

    def play(self, action: Action | str | Any) -> State:
        """Play an action (or its text form), then resolve chance with the seeded RNG.

        In a game with external chance whose current state is a chance node, ``action`` is
        the outcome that happened instead.

        What is applied and recorded is always the legal instance (or listed outcome) that
        ``action`` stands for, never the caller's object.

        Returns:
            The new current state.

        Raises:
            IllegalActionError: The action is not legal now (the game is unchanged).
        """
        state = self.state
        if state.is_chance:  # only with external chance: the caller gives the outcome
            outcome, new_state = state.play(action)
            step: _Step = chance_step(state, outcome)
        else:
            if isinstance(action, str):
                action = parse_action(state, action)
            step, new_state = state.play(action)  # its text is written when asked for
        self._history.append((state, self._draws, len(self._steps)))
        self._steps.append(step)
        self.state = self._resolve_chance(new_state)
        return self.state

    @property
    def history(self) -> tuple[State, ...]:
        """The states before each :meth:`play` that :meth:`undo` can go back to, oldest
        first."""
        return tuple(state for state, _, _ in self._history)

    def undo(self) -> State:
        """Take back the last :meth:`play` (and the chance it led to); the RNG is rewound
        too, so playing the same action again draws the same chance.

        Raises:
            ValueError: Nothing to undo.
        """
        if not self._history:
            raise ValueError("nothing to undo")
        self.state, draws, steps = self._history.pop()
        del self._steps[steps:]
        if self._external and self.seed is not None and steps < self._seed_from:
            self._seed_from = steps  # back before the seed took over: it takes over here
        if draws != self._draws:
            self._rewind(draws)
        return self.state

    def _rewind(self, draws: int) -> None:
        """Put the RNG back to where it was after ``draws`` draws (one ``random()`` each:
        keeping a draw count instead of the RNG's 2.5 kB state per play keeps a long game's
        history small)."""
        rng = random.Random(self.seed)
        for _ in range(draws):
            rng.random()
        self._rng = rng
        self._draws = draws

    def _sample(self, state: State) -> Any:
        assert self._rng is not None
        outcome = state.sample_outcome(self._rng)  # exactly one rng.random() per draw
        self._draws += 1
        return outcome

    def _resolve_chance(self, state: State) -> State:
        """Draw chance from the seed until a decision or the end, in one engine call
        (:meth:`State.resolve_chance`'s), and record each draw."""
        if self._rng is None or not state.is_chance:
            return state
        drawn: list[tuple[State, Any]] = []
        state = self.rules.engine.resolve_chance(state, self._rng, drawn)
        self._draws += len(drawn)  # one rng.random() each
        self._steps += [_chance_step_later(node, outcome) for node, outcome in drawn]
        return state

    def _written_steps(self) -> list[dict[str, Any]]:
        """The record steps, each written from its action or draw now (and kept so)."""
        steps = self._steps
        for index, step in enumerate(steps):
            if not isinstance(step, dict):
                steps[index] = _written(step)
        return steps  # type: ignore[return-value]

    # -- pickling -----------------------------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["_steps"] = list(self._written_steps())
        data["_rng"] = None  # rebuilt from seed and draws: smaller, and the same either way
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        if not self._external or self.seed is not None:
            self._rewind(self._draws)

    # -- records ----------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Return the game as a JSON-able record: ruleset, chance source and every step.

        A seeded game's record has ``"chance": "seed"`` and its ``seed``: replaying it
        draws every chance step again from the seed and checks it. A game with external
        chance has ``"chance": "external"`` and ``"seed": null``, or, once continued with a
        seed (:meth:`from_record` with ``seed=``), that seed and ``"seed_from"``: the index
        of the first step drawn from it.
        """
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "header": self.header(),
            "ruleset": self.rules.to_dict(),
            "chance": self.chance,
            "seed": self.seed,
        }
        if self._external and self.seed is not None:
            record["seed_from"] = self._seed_from
        record["steps"] = [dict(step) for step in self._written_steps()]
        return record

    def header(self) -> dict[str, Any]:
        """The ``header`` of :meth:`record`: ``date`` and ``seats`` (:attr:`date`,
        :attr:`seat_names`; ``null`` when not set), ``result`` (``null`` until the game is
        over, then ``{"scores": [...], "winners": [...]}``) and ``versions`` (of
        ``burgundy`` and of each enabled variant's plugin)."""
        return {
            "date": self.date,
            "seats": None if self.seat_names is None else list(self.seat_names),
            "result": _result(self.state),
            "versions": dict(_versions(self.rules.variants)),
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any], *, seed: int | None = None) -> Game:
        """Replay a record made by :meth:`record`.

        A seeded record (``"chance": "seed"``; every version 1 record) is verified: each
        chance step is drawn again from the seed and must be the recorded outcome, so a
        record whose outcomes do not come from its seed is refused, and play continues
        with the RNG where it was. A record with ``"chance": "external"`` replays its
        outcomes as given; the game then goes on with external chance, or with
        ``random.Random(seed)`` from here if ``seed`` is given.

        Args:
            record: The record (parsed JSON).
            seed: Only for an external-chance record without a seed: the seed that resolves
                chance from now on.

        Raises:
            ValueError: The record is malformed, a step is not legal, or a chance step is
                not what the seed draws; the message names the step index. Nothing is
                half-built: no game is returned.
        """
        if not isinstance(record, Mapping):
            raise ValueError("a record must be a JSON object")
        version = record.get("version")
        if record.get("format") != RECORD_FORMAT or not (
            _is_int(version) and version in RECORD_VERSIONS
        ):
            raise ValueError(f"not a {RECORD_FORMAT} record of version 1 to {RECORD_VERSION}")
        known = {"format", "version", "ruleset", "seed", "steps"}
        if version >= 2:
            known |= {"chance", "seed_from"}
        if version >= 3:
            known |= {"header"}
        unknown = sorted(str(k) for k in record if k not in known)
        if unknown:
            raise ValueError(f"unknown record field(s) {brief(unknown)}")
        steps = record.get("steps")
        if not isinstance(steps, list):
            raise ValueError("record 'steps' must be a list")
        rules = Ruleset.from_dict(record.get("ruleset", {}))
        header = _check_header(record.get("header"), rules) if version >= 3 else None
        chance = record.get("chance", SEEDED)
        if chance not in (SEEDED, EXTERNAL):
            raise ValueError(f"record 'chance' must be {SEEDED!r} or {EXTERNAL!r}")
        recorded_seed = record.get("seed")
        seed_from = record.get("seed_from", 0 if chance == SEEDED else None)
        if chance == SEEDED:
            if not _is_int(recorded_seed):
                raise ValueError("record 'seed' must be an integer")
            if seed is not None:
                raise ValueError("a seeded record continues with its own seed; seed= is for "
                                 "records with external chance")
            if seed_from != 0:
                raise ValueError("record 'seed_from' belongs to records with external chance")
        elif recorded_seed is None:
            if seed_from is not None:
                raise ValueError("record 'seed_from' needs a 'seed'")
        elif not (_is_int(recorded_seed) and _is_int(seed_from) and seed_from >= 0):
            raise ValueError("record 'seed' and 'seed_from' must be integers")
        elif seed is not None:
            raise ValueError("this record already continues with a seed")
        if seed is not None and not _is_int(seed):
            raise ValueError(f"seed must be an integer; got {brief(seed)}")
        game = cls.__new__(cls)
        game.rules = rules
        game.seed = recorded_seed
        game._external = chance == EXTERNAL
        game._seed_from = seed_from if seed_from is not None else 0
        game._rng = None
        game._draws = 0
        game._steps = []
        game._history = []
        game.date = None if header is None else header["date"]
        game.seat_names = None if header is None or header["seats"] is None else tuple(
            header["seats"])
        game.state = rules.initial_state()
        for index, step in enumerate(steps):
            if game._rng is None and game.seed is not None and index >= game._seed_from:
                game._rng = random.Random(game.seed)
            try:
                game._replay_step(step, version)
            except ValueError as exc:
                raise ValueError(f"record step {index}: {exc}") from None
        if game._rng is None and game.seed is not None:
            if len(steps) < game._seed_from:
                raise ValueError("record 'seed_from' is past the last step")
            game._rng = random.Random(game.seed)
        if seed is not None:  # an external record goes on with a seed from here
            game.seed, game._seed_from = seed, len(game._steps)
            game._rng = random.Random(seed)
        if header is not None and header["result"] != _result(game.state):
            raise ValueError(
                f"record header 'result' {brief(header['result'])} is not the replayed "
                f"result {brief(_result(game.state))}"
            )
        game.state = game._resolve_chance(game.state)
        return game

    def _replay_step(self, step: Any, version: int = RECORD_VERSION) -> None:
        if version >= 3:
            if not isinstance(step, dict) or not (
                len(step) == 1 or (len(step) == 2 and "chance" in step and "outcome" in step)
            ):
                raise ValueError(
                    f"a step is {{'action': text}} or {{'chance': text}}; got {brief(step)}"
                )
        elif not isinstance(step, dict) or len(step) != 1:
            raise ValueError(
                f"a step is {{'action': text}} or {{'chance': outcome}}; got {brief(step)}"
            )
        state = self.state
        if "chance" in step:
            if not state.is_chance:
                raise ValueError("a chance outcome where a decision is due")
            if version >= 3:
                outcome = outcome_of_step(state, step)
            else:
                outcome = self.rules.engine.listed_outcome(
                    state, _outcome_from_json(step["chance"]))
            if self._rng is not None:
                drawn = self._sample(state)
                if drawn != outcome:
                    raise ValueError(
                        f"chance outcome {brief(outcome)} is not what the seed draws here "
                        f"({brief(drawn)}): the record's outcomes do not come from its seed"
                    )
            self._history_chance(state)
            self._steps.append(chance_step(state, outcome))
            self.state = state.apply(outcome)
        elif "action" in step:
            if state.is_chance:
                raise ValueError("an action where a chance outcome is due")
            if not isinstance(step["action"], str):
                raise ValueError("an action must be its text form")
            texts = (
                [step["action"]] if version >= 4 else legacy_action_steps(state, step["action"])
            )
            state = self._older_order(state, texts[0])
            for number, text in enumerate(texts):
                if number and not (state.pending and isinstance(state.pending[-1], StowTile)):
                    # the second of an older record's take: where the hex goes; with one
                    # place for it, it went there by itself
                    if text.startswith("stow"):
                        break
                    raise ValueError(f"{brief(step['action'])}: the hex had no choice of where "
                                     "it goes")
                action = parse_action(state, text)
                self._history.append((state, self._draws, len(self._steps)))
                state = self.state = state.apply(action)
                self._steps.append({"action": str(action)})
            if version < 4 and state.pending and isinstance(state.pending[-1], StowTile):
                # an older take whose hex went to the estate's free space (team play)
                action = parse_action(state, "stow")
                self._history.append((state, self._draws, len(self._steps)))
                self.state = state.apply(action)
                self._steps.append({"action": str(action)})
        else:
            raise ValueError(f"unknown step {brief(step)}")

    def _older_order(self, state: State, text: str) -> State:
        """At an order choice (:class:`~burgundy.pending.OrderChoice`), an action text that
        is no choice (``first ...``) is a record of an engine that resolved effects due
        together in one fixed order, the top of the stack first (solo before S18 was
        followed, R-SOLO-ORDER): that choice is played first, as its own step."""
        if not (state.pending and isinstance(state.pending[-1], OrderChoice)):
            return state
        legal = state.legal_actions()
        if not legal or any(str(action) == text for action in legal):
            return state
        self._history.append((state, self._draws, len(self._steps)))
        self.state = state.apply(legal[0])  # the topmost effect: what older engines did
        self._steps.append({"action": str(legal[0])})
        return self.state

    def _history_chance(self, state: State) -> None:
        """A chance step played by the caller (external chance) is a play :meth:`undo` can
        take back; a drawn one belongs to the play before it."""
        if self._rng is None:
            self._history.append((state, self._draws, len(self._steps)))


class ReplayStep(NamedTuple):
    """One step of a replayed record (:func:`replay_steps`)."""

    seat: int
    """The seat that played the action, or ``-1`` (``burgundy.CHANCE``) for chance."""
    text: str
    """The action's notation or the chance outcome's text (:func:`describe_outcome`)."""
    state: State
    """The state after the step."""


def replay_steps(record: Mapping[str, Any]) -> list[ReplayStep]:
    """Every step of a record (of any version) with the state after it, once
    :meth:`Game.from_record` has checked the whole record.

    Raises:
        ValueError: As :meth:`Game.from_record`.

    Examples:
        >>> import burgundy
        >>> game = burgundy.Game(players=2, variants=(), seed=1)
        >>> steps = replay_steps(game.record())
        >>> steps[0].text, steps[0].seat
        ('start player: seat 0', -1)
        >>> steps[-1].state == game.state
        True
    """
    # validates the whole record first; an older one is read as version 4 steps
    record = Game.from_record(record).record()
    rules = Ruleset.from_dict(record["ruleset"])
    version = record["version"]
    state = rules.initial_state()
    out: list[ReplayStep] = []
    for step in record["steps"]:
        if "chance" in step:
            if version >= 3:
                outcome = outcome_of_step(state, step)
            else:
                outcome = rules.engine.listed_outcome(state, _outcome_from_json(step["chance"]))
            out.append(ReplayStep(-1, describe_outcome(state, outcome), state.apply(outcome)))
        else:
            action = parse_action(state, step["action"])
            out.append(ReplayStep(state.current_player, str(action), state.apply(action)))
        state = out[-1].state
    return out
