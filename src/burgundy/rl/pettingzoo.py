"""A PettingZoo AEC environment of the game: :func:`env`.

Agents ``"player_0"`` ... ``"player_{N-1}"`` are the seats. Each observation is a dict, as
in PettingZoo's classic games: ``"observation"``, the seat's :func:`burgundy.rl.observe`
vector, and ``"action_mask"``, an ``int8`` vector over the :class:`~burgundy.rl.ActionCodec`
ids (ones at the legal ids of the agent to move, zeros for everyone else). The action space
is ``Discrete(codec.size)``. Chance (dice, hexes, goods) is resolved inside ``step`` and
``reset`` with a ``random.Random`` seeded by ``reset(seed=...)``: the same seed and the same
actions give the same game. The game's end gives each winner +1 and every other seat -1
(a shared win, team play's partners, +1 for each); there is no reward before it.

An action is an id of the codec, any integer-like value
(:func:`~burgundy.rl.codec.as_action_id`: an ``int``, a NumPy integer, a 0-d or shape-``(1,)``
integer array). **An illegal action** (not integer-like, not an id, or not legal for the
agent to move) is handled as PettingZoo's classic games do with their
``TerminateIllegalWrapper``: by default (``on_illegal="end"``) the game ends there, the
offender gets ``illegal_reward`` (default -1) and every other agent 0, every agent is
terminated, and the offender's ``info`` has ``"illegal": True``; the game state is not
changed and nothing is raised (so RLlib's environment pre-check, which steps random ids,
passes). ``on_illegal="raise"`` raises a ``ValueError`` naming the id instead. The mask says
which ids are legal.

Examples:
    >>> from burgundy.rl.pettingzoo import env
    >>> game = env(players=2)
    >>> game.reset(seed=1)
    >>> agent = game.agent_selection
    >>> obs, reward, terminated, truncated, info = game.last()
    >>> game.step(int(obs["action_mask"].argmax()))
    >>> game.agent_selection in game.agents
    True
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from burgundy.rl.codec import ActionCodec
from burgundy.rl.observation import observation_size, observe
from burgundy.state import State
from burgundy.variants import Ruleset


def final_rewards(state: State) -> list[float]:
    """+1 for each winner, -1 for every other seat, of a finished game."""
    winners = set(state.winners())
    return [1.0 if seat in winners else -1.0 for seat in range(len(state.seats))]


ON_ILLEGAL = ("end", "raise")
"""What an illegal action does: end the episode (the default), or raise (both environments;
:mod:`burgundy.rl.gym` uses it too)."""


class BurgundyAEC(AECEnv):  # type: ignore[misc]
    """The AEC environment (see the module). Build it with :func:`env`.

    Args:
        players: Players (1-4, as the variants allow).
        variants: Variant names (default the standard game, ``("knowledge",)``).
        edition: ``"2019"`` or ``"2011"``.
        options: Ruleset options.
        illegal_reward: The offender's reward for an illegal action (the game ends).
        on_illegal: ``"end"`` (the game ends, the offender gets ``illegal_reward``) or
            ``"raise"`` (``ValueError``).
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns the text picture).

    Raises:
        ValueError: A bad ruleset or ``on_illegal``.

    Examples:
        >>> game = BurgundyAEC(players=2)
        >>> game.reset(seed=1)
        >>> offender = game.agent_selection
        >>> game.step(-1)
        >>> game.rewards[offender], game.terminations[offender], game.infos[offender]
        (-1.0, True, {'illegal': True})
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "burgundy_v0", "render_modes": ["ansi"], "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 2,
        variants: tuple[str, ...] | list[str] = ("knowledge",),
        edition: str = "2019",
        options: dict[str, Any] | None = None,
        illegal_reward: float = -1.0,
        on_illegal: str = "end",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if on_illegal not in ON_ILLEGAL:
            raise ValueError(f"on_illegal {on_illegal!r}: not one of {', '.join(ON_ILLEGAL)}")
        self.illegal_reward = float(illegal_reward)
        self.on_illegal = on_illegal
        self.rules = Ruleset(players=players, variants=tuple(variants),
                                      edition=edition, options=options)
        self.codec = ActionCodec.of(self.rules)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {name: i for i, name in enumerate(self.possible_agents)}
        size = observation_size(self.rules)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        })
        self._action_space: spaces.Discrete[Any] = spaces.Discrete(self.codec.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self._rng = random.Random(0)
        self.state: State = self.rules.initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(codec.size)``."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds its chance."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self._rng = random.Random(seed)
        self.state = self.rules.initial_state().resolve_chance(self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation dict of ``agent``."""
        seat = self._seat[agent]
        if self.state.current_player == seat:  # a decision of this seat (not chance, not over)
            mask = self.codec.mask(self.state, np.int8)
        else:
            mask = np.zeros(self.codec.size, dtype=np.int8)
        return {"observation": observe(self.state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play id ``action`` for the agent to move (``None`` for an agent that is done).

        Raises:
            ValueError: ``action`` is illegal and ``on_illegal="raise"``.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal(action)
        if chosen is None:
            self._end_illegal(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state = self.state.apply(chosen).resolve_chance(self._rng)
        if self.state.is_terminal:
            for seat, reward in enumerate(final_rewards(self.state)):
                name = self.possible_agents[seat]
                self.rewards[name] = reward
                self.terminations[name] = True
            self._accumulate_rewards()
            self.agent_selection = agent
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[self.state.current_player]

    def _legal(self, action: Any) -> Any:
        """The legal action of id ``action``; ``None`` (or a ``ValueError`` with
        ``on_illegal="raise"``) for an illegal one."""
        if self.on_illegal == "raise":
            return self.codec.decode(action, self.state)
        return self.codec.find(action, self.state)

    def _end_illegal(self, agent: str) -> None:
        """The game ends on ``agent``'s illegal action: it gets ``illegal_reward``, the
        others 0 (as PettingZoo's ``TerminateIllegalWrapper``)."""
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = self.illegal_reward
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {name: {} for name in self.agents}
        self.infos[agent] = {"illegal": True}
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The text picture of the table (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi":
            return None
        from burgundy.render.text import board_text

        return board_text(self.state)

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> BurgundyAEC:
    """The AEC environment, keyword arguments as :class:`BurgundyAEC`'s.

    Examples:
        >>> game = env(players=3, variants=("knowledge",))
        >>> game.possible_agents
        ['player_0', 'player_1', 'player_2']
    """
    return BurgundyAEC(**kwargs)
