"""The game for OpenSpiel (``pip install burgundy[openspiel]``): importing this module
registers ``"python_burgundy"`` with pyspiel.

A sequential game with explicit chance (``EXPLICIT_STOCHASTIC``) and perfect information:
nothing is hidden in a state, only the chance to come (the face-down piles are drawn at
chance nodes). Parameters: ``players`` (int, default 2; 1 to 4), ``variants`` (names joined
by ``+``, default ``"knowledge"``; ``"none"`` for the base game), ``edition`` (int, 2019 or
2011); they survive OpenSpiel's string round-trip (``pyspiel.load_game(str(game))``; a
comma or a numeric text would not, hence ``+`` and an int edition). The one-player game is
the solo variant's: ``{"players": 1}`` adds ``solo`` to the variants when they do not name
it (the game's parameters then name it), so every count the game type declares loads.

What the game type declares is what a state gives:

- ``observation_tensor``: :func:`burgundy.rl.observe`'s vector of the player (the whole
  table as that seat sees it: in a perfect-information game, the state without its
  history).
- ``observation_string``: :func:`observation_string`, the same observation as text, every
  nonzero entry of the vector by its slice name: lossless, two states give the same string
  exactly when they give the same tensor.
- ``information_state_string``: the history of actions (perfect recall), one per move.
- ``information_state_tensor``: not provided (``provides_information_state_tensor=False``):
  a fixed-size tensor of the whole history is not defined; asking for it raises
  ``ValueError``. The observation tensor is the state for algorithms that need a tensor.

A player's actions are the ids of the ruleset's :class:`~burgundy.rl.ActionCodec`
(``num_distinct_actions`` is its ``size``); a chance node's outcomes are numbered in the
order of ``chance_outcomes()`` (at most ``max_chance_outcomes``). The observation tensor is
:func:`burgundy.rl.observe`'s vector; the returns are +1 for each winner and -1 for the
others at the end, 0 before.

Examples:
    >>> import pyspiel
    >>> import burgundy.rl.openspiel
    >>> game = pyspiel.load_game("python_burgundy", {"players": 2})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True
    >>> pyspiel.load_game(str(game)).get_parameters() == game.get_parameters()
    True
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pyspiel

from burgundy.game import describe_outcome
from burgundy.rl.codec import ActionCodec
from burgundy.rl.observation import observation_layout, observation_size, observe
from burgundy.rl.pettingzoo import final_rewards
from burgundy.state import RulesView, State
from burgundy.variants import Ruleset

SHORT_NAME = "python_burgundy"
"""The name the game is registered under."""
DEFAULTS: dict[str, Any] = {"players": 2, "variants": "knowledge", "edition": 2019}
"""The parameters and their defaults."""
MAX_GAME_LENGTH = 4000
"""More moves (decisions and chance) than any game has."""

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python The Castles of Burgundy",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def _variants(params: dict[str, Any]) -> tuple[str, ...]:
    """The variant names of the parameters; with one player, ``solo`` among them."""
    names = str(params["variants"])
    variants = () if names in ("", "none") else tuple(v for v in names.split("+") if v)
    if int(params["players"]) == 1 and "solo" not in variants:
        variants += ("solo",)
    return variants


def _rules(params: dict[str, Any]) -> Ruleset:
    return Ruleset(players=int(params["players"]), variants=_variants(params),
                   edition=str(params["edition"]))


class BurgundyGame(pyspiel.Game):  # type: ignore[misc]
    """The game (see the module); pyspiel builds it from its parameters.

    Args:
        params: ``players``, ``variants``, ``edition``.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.rules = _rules(params)
        params["variants"] = "+".join(_variants(params)) or "none"
        self.codec = ActionCodec.of(self.rules)
        self.initial = self.rules.initial_state()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=len(self.rules.engine.tiles.codes) + 64,
            num_players=self.rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> BurgundyState:
        """The state before the start player draw."""
        return BurgundyState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> Observer:
        """The observer: :func:`burgundy.rl.observe` and :func:`observation_string`; with
        perfect recall (the information state), the history as a string and no tensor."""
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, recall)


class _Shared:
    """A value a copy of the OpenSpiel state shares (``copy.deepcopy`` gives it back as it
    is): the immutable :class:`burgundy.State` and the codec. OpenSpiel clones a Python
    state with ``deepcopy``, which would otherwise copy the whole ruleset each time."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class BurgundyState(pyspiel.State):  # type: ignore[misc]
    """A state of the game: a :class:`burgundy.State` (``.state``) and OpenSpiel's history."""

    def __init__(self, game: BurgundyGame) -> None:
        super().__init__(game)
        self._codec = _Shared(game.codec)
        self._state = _Shared(game.initial)

    @property
    def state(self) -> State:
        """The :class:`burgundy.State`."""
        return self._state.value  # type: ignore[no-any-return]

    @state.setter
    def state(self, value: State) -> None:
        self._state = _Shared(value)

    @property
    def codec(self) -> ActionCodec:
        """The game's :class:`~burgundy.rl.ActionCodec`."""
        return self._codec.value  # type: ignore[no-any-return]

    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` or ``TERMINAL``."""
        if self.state.is_terminal:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return self.state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        if self.state.is_terminal or self.state.is_chance or player != self.state.current_player:
            return []
        return sorted(self.codec.legal_ids(self.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of a chance node, numbered in their order, with probabilities."""
        return [(i, p) for i, (_, p) in enumerate(self.state.chance_outcomes())]

    def _apply_action(self, action: int) -> None:
        if self.state.is_chance:
            outcome = self.state.chance_outcomes()[action][0]
            self.state = self.state.apply(outcome)
        else:
            self.state = self.state.apply(self.codec.decode(action, self.state))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = self.state.chance_outcomes()
            if 0 <= action < len(outcomes):
                return describe_outcome(self.state, outcomes[action][0])
            return f"chance {action}"
        key = self.codec.action(action)
        return str(key)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.state.is_terminal

    def returns(self) -> list[float]:
        """+1 for each winner, -1 for the others at the end; 0 before."""
        if not self.state.is_terminal:
            return [0.0] * len(self.state.seats)
        return final_rewards(self.state)

    def __str__(self) -> str:
        state = self.state
        top = type(state.pending[-1]).__name__ if state.pending else "end"
        return (f"phase {state.phase} round {state.round} {top} seat {state.current_player} "
                f"vp {list(state.scores)} after {len(self.history())} moves")


def observation_string(state: State, player: int) -> str:
    """The observation of ``player`` as text: each nonzero entry of
    :func:`burgundy.rl.observe`'s vector as ``slice=value`` (a slice of one entry) or
    ``slice[i]=value``, in the vector's order (:func:`burgundy.rl.observation_layout`),
    the value as the shortest text that reads back as the same float32. Lossless: two
    states give the same string exactly when they give the same vector.

    Examples:
        >>> import burgundy
        >>> state = burgundy.Game(players=2, seed=1, variants=("knowledge",)).state
        >>> text = observation_string(state, 0)
        >>> "round[0]=1" in text.split()
        True
    """
    vector = observe(state, player)
    labels = _labels(state.rules)
    entries = np.flatnonzero(vector)
    return " ".join(f"{labels[i]}={_number_text(value)}"
                    for i, value in zip(entries.tolist(), vector[entries].tolist(), strict=True))


def _labels(rules: RulesView) -> tuple[str, ...]:
    """The name of every entry of the observation vector under ``rules``, in its order
    (worked out once a ruleset)."""
    caches = rules.engine.caches
    labels: tuple[str, ...] | None = caches.get("openspiel.labels")
    if labels is None:
        labels = caches["openspiel.labels"] = tuple(
            name if size == 1 else f"{name}[{i}]"
            for name, _, size in observation_layout(rules) for i in range(size)
        )
    return labels


@functools.lru_cache(maxsize=4096)
def _number_text(value: float) -> str:
    """The shortest text that reads back as the float32 ``value`` (an observation holds
    few distinct numbers: each is formatted once)."""
    return np.format_float_positional(np.float32(value), trim="-")


class Observer:
    """OpenSpiel's observer interface: ``tensor`` and ``dict`` set from a state.

    Without perfect recall (the observation): the :func:`burgundy.rl.observe` vector and
    :func:`observation_string`. With perfect recall (the information state): the history
    as a string; it has no tensor (``tensor`` is empty and :meth:`set_from` raises).
    """

    def __init__(self, game: BurgundyGame, recall: bool) -> None:
        self.recall = recall
        size = 0 if recall else observation_size(game.rules)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state: BurgundyState, player: int) -> None:
        """The :func:`burgundy.rl.observe` vector of ``player``.

        Raises:
            ValueError: This is the information-state observer (no tensor is provided).
        """
        if self.recall:
            raise ValueError(f"{SHORT_NAME} provides no information state tensor (its type "
                             "says so): use observation_tensor, the whole table")
        self.tensor[:] = observe(state.state, player)

    def string_from(self, state: BurgundyState, player: int) -> str:
        """The history (perfect recall), else :func:`observation_string`."""
        if self.recall:
            return " ".join(map(str, state.history()))
        return observation_string(state.state, player)


pyspiel.register_game(_GAME_TYPE, BurgundyGame)
