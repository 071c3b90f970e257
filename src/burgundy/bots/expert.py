"""The expert bot: Monte Carlo tree search with a valuation learned from self-play.

:class:`ExpertBot` searches as :class:`~burgundy.bots.mcts.MCTSBot` does — through the chance
nodes, each outcome sampled with the engine's exact probability, so it reads nothing hidden
(the face-down hexes, goods and shields are counts in the state, the other seats' dice are
chance events still to come) — with three differences:

* **its valuation is learned** (:func:`expert_value`): a weighted sum of the features of
  :mod:`burgundy.bots.features`, the weights fitted to the final scores of self-play games
  (``tools/fit_expert.py``) and shipped as package data (``burgundy/data/expert-weights.json``,
  :func:`expert_weights`). It predicts a seat's final score up to a constant common to all
  seats (it is fitted to the seats' differences), so a leaf's lead is a lead in expected
  final VP, and the logistic ``scale`` that turns it into a win chance is fitted
  too (the spread of the prediction's errors);
* **partners are one side**: seats on one estate (the team module's partners) add their
  values, and a seat's leaf value is its side's lead over the best other side — in a team
  game the bot maximises the team's sum. With one seat (the solo module) the valuation is
  the solo module's ``burgundy_evaluation``, already a lead over what wins the game: the
  leaf is the seat's chance to win, and the bot maximises that, not its score;
* **it thinks for a time or a number of iterations**: ``think`` seconds per decision (for
  people), or ``iterations`` (deterministic: for tournaments and tests);
* **it may search on several cores** (``workers``, root parallelism): each worker grows a
  tree of its own from the position, with a seed of its own, and the trees' root actions
  are merged — visits and values added — before the most visited action is played. Two
  workers thinking a second search about twice as much as one.

:meth:`ExpertBot.hint` returns its choice with the estimated win chance: the mean leaf value
of the chosen action, the leaves being the search's win chances.
"""

from __future__ import annotations

import math
import multiprocessing
import weakref
from concurrent.futures import Future, ProcessPoolExecutor
from functools import cache
from typing import Any

import attrs

from burgundy._data import load
from burgundy.actions import Action
from burgundy.bots.evaluate import own_valuation
from burgundy.bots.features import FEATURE_NAMES, weighted_features
from burgundy.bots.mcts import MCTSBot, _is_number
from burgundy.errors import brief
from burgundy.state import State

WEIGHTS_FORMAT = "burgundy-expert-weights"
"""The ``format`` of the weights file."""
WEIGHTS_VERSION = 1
"""The weights file's ``version`` this module reads."""
DEFAULT_THINK = 1.0
"""Seconds per decision when neither ``think`` nor ``iterations`` is given."""
DEFAULT_EXPLORATION = 0.35
"""The expert's UCB1 exploration constant: half :class:`~burgundy.bots.mcts.MCTSBot`'s 0.7,
which played better on the ladder (docs/bots.md, "What was tried")."""


@attrs.frozen
class ExpertWeights:
    """The expert's valuation: one weight per feature and the logistic scale of a lead.

    Attributes:
        weights: One weight per name of :data:`~burgundy.bots.features.FEATURE_NAMES`.
        scale: The lead in predicted final VP that counts as a clear lead (logistic scale).
        version: The weights' version (the file's ``version``).
    """

    weights: tuple[float, ...]
    scale: float
    version: int

    @classmethod
    def from_dict(cls, data: Any) -> ExpertWeights:
        """Read the weights file's content.

        Raises:
            ValueError: Not a weights file of this version, or its features are not those of
                :data:`~burgundy.bots.features.FEATURE_NAMES`.

        Examples:
            >>> from burgundy.bots.expert import ExpertWeights
            >>> ExpertWeights.from_dict({"format": "chess"})
            Traceback (most recent call last):
            ...
            ValueError: not an expert weights file (format 'burgundy-expert-weights', version 1)
        """
        if (not isinstance(data, dict) or data.get("format") != WEIGHTS_FORMAT
                or data.get("version") != WEIGHTS_VERSION):
            raise ValueError(f"not an expert weights file (format {WEIGHTS_FORMAT!r}, "
                             f"version {WEIGHTS_VERSION})")
        if data.get("features") != list(FEATURE_NAMES):
            raise ValueError("the weights file's features are not the features of this "
                             "version of burgundy.bots.features")
        weights, scale = data.get("weights"), data.get("scale")
        if (not isinstance(weights, list) or len(weights) != len(FEATURE_NAMES)
                or not all(isinstance(w, (int, float)) for w in weights)):
            raise ValueError(f"the weights must be {len(FEATURE_NAMES)} numbers")
        if not isinstance(scale, (int, float)) or scale <= 0:
            raise ValueError(f"the scale must be a positive number; got {brief(scale)}")
        return cls(tuple(float(w) for w in weights), float(scale), WEIGHTS_VERSION)

    def value(self, state: State, seat: int) -> float:
        """Value ``state`` for ``seat`` with these weights, as :func:`expert_value` does
        with the shipped ones: the final score when the game is over, else the weighted
        features; then the variants' ``burgundy_evaluation`` modifiers. Where a variant
        values the states by itself (:func:`~burgundy.bots.evaluate.own_valuation`), its
        valuation and the modifiers after it, the features not computed.

        Examples:
            >>> import burgundy
            >>> from burgundy.bots.expert import expert_value, expert_weights
            >>> state = burgundy.Game(players=2, seed=1).state
            >>> expert_weights().value(state, 0) == expert_value(state, 0)
            True
        """
        if own_valuation(state):  # a variant values the states itself: no features
            value = 0.0
        elif state.is_terminal:
            value = float(state.seats[seat].vp)
        else:
            value = weighted_features(state, seat, self.weights)
        for modifier in state.rules.engine.evaluation:
            value = modifier(state, seat, value)
        return value


@cache
def expert_weights() -> ExpertWeights:
    """Return the shipped weights (``burgundy/data/expert-weights.json``).

    Examples:
        >>> from burgundy.bots.expert import expert_weights
        >>> expert_weights().version
        1
    """
    return ExpertWeights.from_dict(load("expert-weights"))


def expert_value(state: State, seat: int) -> float:
    """Return the expert's valuation of ``state`` for ``seat``: its final score when the
    game is over, else the learned prediction of it up to a constant common to all seats
    (the weights are fitted to the seats' differences: only leads count); then the
    variants' ``burgundy_evaluation`` modifiers, in variant order, as for
    :func:`~burgundy.bots.evaluate.evaluate` (a variant's own valuation in place of all
    that before it).

    Examples:
        >>> import burgundy
        >>> from burgundy.bots.expert import expert_value
        >>> start = burgundy.Game(players=2, seed=1).state
        >>> abs(expert_value(start, 0) - expert_value(start, 1)) < 5  # an even start
        True
    """
    return expert_weights().value(state, seat)


@attrs.frozen
class Hint:
    """What the expert would play, and how it sees the position.

    Attributes:
        action: The action it would play.
        win_chance: Its estimate of the seat's chance to win after that action (of the
            team's, in a team game; of covering the duchy, in a solo game), between 0 and 1:
            the mean of the search's leaf values.
        options: The actions it searched, best first: ``(action, visits, win chance)``.
    """

    action: Action
    win_chance: float
    options: tuple[tuple[Action, int, float], ...]


class ExpertBot(MCTSBot):
    """The strongest built-in bot (module docstring): search with the learned valuation.

    Args:
        think: Seconds per decision (default :data:`DEFAULT_THINK` when ``iterations`` is
            not given).
        iterations: Search iterations per decision instead of a time: the bot is then
            deterministic given its seed.
        seed: Seed of its RNG.
        exploration: UCB1 exploration constant (default :data:`DEFAULT_EXPLORATION`).
        widening: Progressive-widening factor.
        workers: Searches per decision, each in a process of its own but the first (root
            parallelism; the processes start at the first search, and :meth:`close`, the
            ``with`` block or the bot's end stops them). With ``iterations`` each search
            runs that many, and the bot stays deterministic given its seed.
        weights: The valuation's weights (``None``: the shipped ones,
            :func:`expert_weights`); their ``scale`` is the lead that counts as a clear one.
        chance_widening: Chance widening, as for :class:`~burgundy.bots.mcts.MCTSBot`
            (``None``: a child per outcome sampled).

    Raises:
        ValueError: Both ``think`` and ``iterations``, or a value that is not positive (or
            an infinite time or chance widening, a negative exploration constant).

    Examples:
        >>> import burgundy
        >>> from burgundy.bots import ExpertBot
        >>> state = burgundy.Game(players=2, seed=7).state
        >>> bot = ExpertBot(iterations=40, seed=1)
        >>> bot.choose(state) == ExpertBot(iterations=40, seed=1).choose(state)
        True
        >>> 0.0 <= bot.hint(state).win_chance <= 1.0
        True
        >>> with ExpertBot(iterations=40, seed=1, workers=2) as two:
        ...     sum(visits for _, visits, _ in two.hint(state).options)
        80
    """

    def __init__(self, think: float | None = None, iterations: int | None = None,
                 seed: int = 0, exploration: float = DEFAULT_EXPLORATION,
                 widening: float = 1.5, workers: int = 1,
                 weights: ExpertWeights | None = None,
                 chance_widening: float | None = None) -> None:
        if think is not None and iterations is not None:
            raise ValueError("give the expert think (seconds) or iterations, not both")
        if think is not None and (not _is_number(think) or think <= 0):
            raise ValueError(f"think must be a positive number of seconds; got {brief(think)}")
        if iterations is not None and (isinstance(iterations, bool)
                                       or not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be at least 1; got {brief(iterations)}")
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
            raise ValueError(f"workers must be a whole number from 1 to 64; got {brief(workers)}")
        if iterations is None and think is None:
            think = DEFAULT_THINK
        if weights is not None and not isinstance(weights, ExpertWeights):
            raise ValueError(f"weights must be ExpertWeights; got {brief(weights)}")
        valuation = expert_weights() if weights is None else weights
        super().__init__(iterations=iterations or 1, seed=seed, exploration=exploration,
                         widening=widening, scale=valuation.scale, time_budget=think,
                         evaluation=valuation.value, chance_widening=chance_widening)
        self.think = think
        """Seconds per decision, or ``None`` when it searches a number of iterations."""
        self.workers = workers
        """Searches per decision (root parallelism)."""
        self._settings = (think, iterations, exploration, widening, weights, chance_widening)
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> ExpertBot:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the worker processes, if any were started (a later search starts them
        again)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def search(self, state: State) -> tuple[Action, tuple[tuple[Action, int], ...]]:
        """Search from ``state`` (with every worker) and return the action :meth:`choose`
        plays and each searched root action with its visits, as
        :meth:`MCTSBot.search <burgundy.bots.mcts.MCTSBot.search>` does."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], ((legal[0], 1),)
        searched = self._root_actions(state)
        best = max(searched, key=lambda entry: entry[1])[0]
        return best, tuple((action, visits) for action, visits, _ in searched)

    def _root_actions(self, state: State) -> list[tuple[Action, int, float]]:
        """Each searched root action, its visits and the sum of its leaf values for the
        mover, over the searches of every worker (in the order the first search found
        them, then the others')."""
        seat = state.current_player
        remote: list[Future[list[tuple[Action, int, float]]]] = []
        if self.workers > 1:
            pool = self._worker_pool()
            for _ in range(self.workers - 1):
                remote.append(pool.submit(_search_root, state, self.rng.getrandbits(63),
                                          self._settings))
        merged = {action: [visits, value[seat]]
                  for action, visits, value in self._root_children(state)}
        for future in remote:
            for action, visits, value in future.result():
                entry = merged.setdefault(action, [0, 0.0])
                entry[0] += visits
                entry[1] += value
        return [(action, int(visits), float(value)) for action, (visits, value) in merged.items()]

    def _worker_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter, safe beside threads (the web server's)
            pool = ProcessPoolExecutor(self.workers - 1,
                                       mp_context=multiprocessing.get_context("spawn"))
            weakref.finalize(self, pool.shutdown, wait=False, cancel_futures=True)
            self._pool = pool
        return self._pool

    def hint(self, state: State) -> Hint:
        """Search from ``state`` and return the action :meth:`choose` would play, with its
        estimated win chance and the other searched actions.

        Raises:
            ValueError: ``state`` is not a decision node.
        """
        if state.is_terminal or state.current_player < 0:
            raise ValueError("a hint needs a decision: the game is over or chance is next")
        options = sorted(((action, visits, value / visits)
                          for action, visits, value in self._root_actions(state)),
                         key=lambda o: -o[1])
        best = options[0]
        return Hint(best[0], best[2], tuple(options))

    def _leaf_values(self, state: State, known: tuple[int, float] | None = None) -> list[float]:
        """Each seat's win chance at a leaf: its side's lead over the best other side."""
        seats = state.seats
        raw = self._valuations(state, known)
        sides: dict[int, float] = {}
        for seat, value in enumerate(raw):
            sides[seats[seat].estate] = sides.get(seats[seat].estate, 0.0) + value
        out = []
        for seat in range(len(seats)):
            side = seats[seat].estate
            # a lone seat's valuation is already a lead: over what wins the game
            others = max((v for s, v in sides.items() if s != side), default=0.0)
            out.append(_win_chance((sides[side] - others) / self.scale))
        return out


_Settings = tuple[float | None, int | None, float, float, ExpertWeights | None, float | None]
"""What a worker's search needs of the bot: think, iterations, exploration, widening,
weights, chance widening."""


def _search_root(state: State, seed: int, settings: _Settings) -> list[tuple[Action, int, float]]:
    """One worker's search (in its process): each root action, its visits and the sum of
    its leaf values for the mover."""
    think, iterations, exploration, widening, weights, chance_widening = settings
    bot = ExpertBot(think=None if iterations else think, iterations=iterations, seed=seed,
                    exploration=exploration, widening=widening, weights=weights,
                    chance_widening=chance_widening)
    seat = state.current_player
    return [(action, visits, value[seat]) for action, visits, value in bot._root_children(state)]


def _win_chance(lead: float) -> float:
    lead = max(min(lead, 50.0), -50.0)  # no overflow
    return 1.0 / (1.0 + math.exp(-lead))


_OPTIONS_HELP = ("think=SECONDS or iterations=N, and workers=N, exploration=X, widening=X, "
                "chance_widening=X")
"""What an ``expert`` spec's argument may hold (:func:`parse_options`), for messages."""


def parse_options(argument: str) -> dict[str, Any]:
    """Read the argument of an ``expert`` spec: ``""``, ``think=SECONDS`` or
    ``iterations=N``, and ``workers=N``, ``exploration=X``, ``widening=X``,
    ``chance_widening=X`` (the search's settings, as :class:`ExpertBot` takes them),
    separated by ``:`` (a comma separates the bots of a ``--bots`` list).

    Raises:
        ValueError: Anything else (a key twice, both ``think`` and ``iterations``, a
            number that is not positive, or a negative exploration).

    Examples:
        >>> from burgundy.bots.expert import parse_options
        >>> parse_options("iterations=300"), parse_options("think=0.5"), parse_options("")
        ({'iterations': 300}, {'think': 0.5}, {})
        >>> parse_options("think=1:workers=2")
        {'think': 1.0, 'workers': 2}
        >>> parse_options("iterations=2000:exploration=0.35:chance_widening=1")
        {'iterations': 2000, 'exploration': 0.35, 'chance_widening': 1.0}
        >>> parse_options("depth=3")
        Traceback (most recent call last):
        ...
        ValueError: the expert takes think=SECONDS or iterations=N, ...; got 'depth=3'
    """
    if not argument:
        return {}
    options: dict[str, Any] = {}
    for part in argument.split(":"):
        key, equals, text = part.partition("=")
        key = key.strip().lower()
        value = _option_value(key, text) if equals and key not in options else None
        if value is None:
            raise ValueError(f"the expert takes {_OPTIONS_HELP}; got {brief(argument)}")
        options[key] = value
    if "think" in options and "iterations" in options:
        raise ValueError("give the expert think (seconds) or iterations, not both")
    return options


def _option_value(key: str, text: str) -> int | float | None:
    """The value of one ``key=text`` of an expert spec, or ``None`` if it is none."""
    text = text.strip()
    if key in ("iterations", "workers"):
        return int(text) if text.isdigit() and int(text) > 0 else None
    if key in ("think", "exploration", "widening", "chance_widening"):
        try:
            number = float(text)
        except ValueError:
            return None
        if not math.isfinite(number) or number < 0 or (number == 0 and key != "exploration"):
            return None
        return number
    return None
