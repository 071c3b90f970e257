"""The conformance kit: seeded random games played to the end, checking at every step the
invariants every ruleset must keep (:func:`check_invariants`), and that the same seed gives
the same game (:func:`check_conformance`). A broken check raises :class:`ConformanceError`,
an ``AssertionError`` raised explicitly, so the kit checks just as much under ``python -O``.

Its front door is :mod:`burgundy.testing`, which exports every name here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from typing import Any

from burgundy.actions import Action
from burgundy.errors import IllegalActionError
from burgundy.game import Game, describe_outcome
from burgundy.io import _round_trip
from burgundy.state import State
from burgundy.validation import validate_state
from burgundy.variants import Ruleset


class ConformanceError(AssertionError):
    """A check of the conformance kit failed: an invariant is broken, or a game is not
    reproducible. The message says which check, and what it found.

    A subclass of ``AssertionError``, so pytest reports it as a failed assertion and
    ``pytest.raises(AssertionError)`` still catches it; but it is raised explicitly, never by
    an ``assert`` statement, so ``python -O`` does not switch the checks off.

    Examples:
        >>> import burgundy
        >>> from burgundy.rules.income import set_seat
        >>> from burgundy.testing import ConformanceError, check_invariants, first_turn
        >>> state = first_turn(burgundy.Ruleset(players=2, variants=()))
        >>> before = set_seat(state, 0, vp=5, ledger=(("other", 5),))  # seat 0 had 5 VP ...
        >>> try:
        ...     check_invariants(state, before)  # ... and now has none
        ... except ConformanceError as error:
        ...     print(error)
        seat 0's score fell from 5 to 0
    """


def _require(condition: object, message: str) -> None:
    """Raise :class:`ConformanceError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise ConformanceError(message)


class _Illegal(Action):
    """An action type no ruleset knows, to check that illegal actions raise."""

    def __str__(self) -> str:
        return "illegal"


def sample_outcome(state: State, rng: random.Random) -> Any:
    """Pick a chance outcome of ``state`` with its probability."""
    outcomes = state.chance_outcomes()
    return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]


def random_playout(
    rules: Ruleset, seed: int, *, check: bool = False, max_steps: int = 100_000
) -> list[State]:
    """Play one game with uniformly random legal actions and sampled chance.

    Args:
        rules: The ruleset.
        seed: Seed of the RNG choosing actions and outcomes.
        check: Check :func:`check_invariants` at every step (slow).
        max_steps: Give up after this many steps.

    Returns:
        Every state of the game, the first (set-up) to the last (terminal).

    Raises:
        ConformanceError: With ``check``, a broken invariant; or the game did not end
            within ``max_steps`` steps.
    """
    return playout(rules.initial_state(), seed, check=check, max_steps=max_steps)


def playout(
    start: State,
    seed: int,
    *,
    check: bool = False,
    prefer: tuple[type, ...] = (),
    bias: float = 0.5,
    max_steps: int = 100_000,
) -> list[State]:
    """Play from ``start`` to the end with random legal actions and sampled chance.

    Args:
        start: The state to play from (a built position, say).
        seed: Seed of the RNG choosing actions and outcomes.
        check: Check :func:`check_invariants` at every step (slow).
        prefer: Action types to favour (a variant's own actions, so they come up).
        bias: Probability of choosing among the preferred actions when some are legal.
        max_steps: Give up after this many steps.

    Returns:
        Every state from ``start`` to the terminal one.

    Raises:
        ConformanceError: With ``check``, a broken invariant; or the game did not end
            within ``max_steps`` steps.
    """
    rng = random.Random(seed)
    state = start
    states = [state]
    for _ in range(max_steps):
        if check:
            check_invariants(state, states[-2] if len(states) > 1 else None)
        if state.is_terminal:
            return states
        if state.is_chance:
            state = state.apply(sample_outcome(state, rng))
        else:
            legal = state.legal_actions()
            preferred = [a for a in legal if isinstance(a, prefer)] if prefer else []
            pool = preferred if preferred and rng.random() < bias else legal
            state = state.apply(rng.choice(pool))
        states.append(state)
    raise ConformanceError(f"game did not end within {max_steps} steps")


def transcript_game(
    rules: Ruleset, seed: int, prefer: tuple[type, ...] = ()
) -> tuple[Game, list[str]]:
    """Play a whole seeded game for a golden test: every chance outcome drawn with the
    seed's generator, every action chosen at random (among the legal actions of the types
    ``prefer`` whenever there are some, so that a variant's own effects come up); return
    the game (its chance ``"external"``, so its record holds every outcome) and the
    transcript, a line per step (``describe_outcome`` for chance, ``seat N: action``).

    Examples:
        >>> import burgundy
        >>> from burgundy.testing import transcript_game
        >>> game, lines = transcript_game(burgundy.Ruleset(players=2, variants=()), 1)
        >>> game.state.is_terminal, lines[-1].startswith("seat ")
        (True, True)
    """
    game = Game(rules, chance="external")
    rng = random.Random(seed)
    lines: list[str] = []
    while not game.state.is_terminal:
        state = game.state
        if state.is_chance:
            outcome = state.sample_outcome(rng)
            lines.append(describe_outcome(state, outcome))
            game.play(outcome)
            continue
        legal = state.legal_actions()
        wanted = [a for a in legal if isinstance(a, prefer)] if prefer else []
        action = rng.choice(wanted or legal)
        lines.append(f"seat {state.current_player}: {action}")
        game.play(action)
    return game, lines


def check_invariants(state: State, previous: State | None = None) -> None:
    """Check the invariants every state of every ruleset keeps.

    ``state`` is valid (:func:`burgundy.validation.validate_state`: hexes and goods conserved, no
    negative counts, ...); no score is lower than in ``previous`` (the state before it, if
    given), unless a variant declares ``scores_may_fall``; JSON round-trips to an equal
    state; a finished game has no actions or outcomes and has winners (distinct seats; none
    is allowed where a variant declares ``may_end_without_winner``); a chance node has at
    least two outcomes whose probabilities sum to 1 and no actions; a decision node has
    distinct legal actions with distinct text forms, each of which applies, and an action of
    no known type is refused.

    Raises:
        ConformanceError: An invariant is broken (the message says which).
    """
    try:
        validate_state(state)
    except ValueError as exc:
        raise ConformanceError(f"invalid state: {exc}") from exc
    infos = state.rules.infos
    if previous is not None and not any(info.scores_may_fall for info in infos):
        for seat, (old, new) in enumerate(zip(previous.scores, state.scores, strict=True)):
            _require(new >= old, f"seat {seat}'s score fell from {old} to {new}")
    try:
        read_back = _round_trip(state)
    except ValueError as exc:
        raise ConformanceError(f"JSON round-trip failed: {exc}") from exc
    _require(read_back == state, "JSON round-trip changed the state")
    if state.is_terminal:
        _require(
            state.legal_actions() == () and state.chance_outcomes() == (),
            "a finished game has no legal actions and no chance outcomes",
        )
        winners = state.winners()
        _require(
            bool(winners) or any(info.may_end_without_winner for info in infos),
            "a finished game has winners",
        )
        _require(
            len(set(winners)) == len(winners) and all(0 <= w < len(state.seats) for w in winners),
            f"winners are distinct seats: {winners}",
        )
        return
    if state.is_chance:
        outcomes = state.chance_outcomes()
        _require(len(outcomes) > 1, "single-outcome chance nodes are resolved by the engine")
        total = sum(p for _, p in outcomes)
        _require(math.isclose(total, 1.0), f"probabilities must sum to 1, not {total}")
        _require(state.legal_actions() == (), "a chance node has no legal actions")
        return
    legal = state.legal_actions()
    _require(legal, "a decision node has legal actions")
    _require(len(set(legal)) == len(legal), "legal actions are distinct")
    texts = [str(a) for a in legal]
    _require(len(set(texts)) == len(texts), "legal actions have distinct text forms")
    for action in legal:
        try:
            state.apply(action)
        except Exception as exc:  # any error: the action was listed as legal
            raise ConformanceError(f"legal action {str(action)!r} does not apply: {exc}") from exc
    try:
        state.apply(_Illegal())
    except IllegalActionError:
        pass
    else:
        raise ConformanceError("an illegal action was accepted")


def check_conformance(rules: Ruleset, seeds: Iterable[int] = range(2)) -> None:
    """Play a seeded random game per seed, checking invariants at every step, and check
    that replaying a seed gives the same game.

    Raises:
        ConformanceError: A broken invariant or a non-deterministic game; the message
            names the seed.
    """
    for seed in seeds:
        try:
            states = random_playout(rules, seed, check=True)
        except ConformanceError as exc:
            raise ConformanceError(f"seed {seed}: {exc}") from exc
        _require(states[-1].is_terminal, f"seed {seed}: the game did not end")
        again = random_playout(rules, seed)
        _require(
            [s.key for s in again] == [s.key for s in states],
            f"seed {seed}: same seed, different game",
        )
