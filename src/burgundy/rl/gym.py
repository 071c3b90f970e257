"""A single-agent Gymnasium environment: :class:`BurgundyEnv`, registered as
``"burgundy/Burgundy-v0"`` when this module is imported (``gymnasium.make(
"burgundy.rl.gym:burgundy/Burgundy-v0")`` imports it first, as in a process of its own).

The agent plays one seat (``seat``, default 0); the other seats are bundled bots given by
spec (``opponents=("greedy", "mcts:50")``, one per other seat, or one spec for all: names as
:func:`burgundy.bots.make_bot` takes them). Chance and the bots' moves are played inside
``reset`` and ``step`` until the agent's next decision or the end. The observation is the
agent's :func:`burgundy.rl.observe` vector (``observation="vector"``), or, with
``observation="masked"``, a dict of it (``"observations"``) and the legal ids as a float32
mask (``"action_mask"``), the keys and dtype RLlib's action-masking module reads. The
action is an id of the ruleset's :class:`~burgundy.rl.ActionCodec` (``Discrete(codec.size)``),
any integer-like value (:func:`~burgundy.rl.codec.as_action_id`: an ``int``, a NumPy
integer, the 0-d array Stable-Baselines3's ``predict`` returns, a shape-``(1,)`` array);
:meth:`BurgundyEnv.action_masks` gives the legal ids for maskable algorithms (sb3-contrib's
``MaskablePPO``). The reward is 0 until the end, then +1 for a win (a shared win too) and
-1 otherwise.

**An illegal action** (not integer-like, not an id, or not legal now; also any step after
the end) is handled as PettingZoo's classic games do (``TerminateIllegalWrapper``): by
default (``on_illegal="end"``) the episode ends, ``terminated=True``, with reward
``illegal_reward`` (default -1) and ``info["illegal"] = True``; the game is not changed and
nothing is raised, so an environment checker's random actions (RLlib's pre-check) pass.
``on_illegal="raise"`` raises a ``ValueError`` naming the id instead. A legal step's
``info["illegal"]`` is ``False``.

Examples:
    >>> import gymnasium
    >>> import burgundy.rl.gym
    >>> environment = gymnasium.make("burgundy/Burgundy-v0", opponents=("random",))
    >>> obs, info = environment.reset(seed=3)
    >>> mask = environment.unwrapped.action_masks()
    >>> obs, reward, terminated, truncated, info = environment.step(int(mask.argmax()))
    >>> bool(terminated), info["illegal"]
    (False, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from burgundy.bots import Bot, make_bot
from burgundy.rl.codec import ActionCodec
from burgundy.rl.observation import observation_size, observe
from burgundy.rl.pettingzoo import ON_ILLEGAL, final_rewards
from burgundy.state import State
from burgundy.variants import Ruleset

ENV_ID = "burgundy/Burgundy-v0"
"""The id :func:`gymnasium.make` knows the environment by."""
OBSERVATIONS = ("vector", "masked")
"""The observation forms: the vector, or RLlib's dict of it and a float mask."""
class BurgundyEnv(gymnasium.Env[Any, Any]):
    """One seat against bots (see the module).

    Args:
        players: Players (2-4; 1 with ``variants`` including ``"solo"``: no opponents).
        variants: Variant names (default the standard game).
        edition: ``"2019"`` or ``"2011"``.
        options: Ruleset options.
        opponents: Bot specs, one per other seat or one for all (``"random"``,
            ``"greedy"``, ``"mcts:50"``).
        seat: The agent's seat.
        illegal_reward: The reward of an illegal action (the episode ends).
        on_illegal: ``"end"`` (the episode ends with ``illegal_reward``) or ``"raise"``
            (``ValueError``).
        observation: ``"vector"`` (the observation vector) or ``"masked"`` (a dict:
            ``"observations"``, the vector, and ``"action_mask"``, float32, 1.0 at the
            legal ids: RLlib's action masking).
        render_mode: ``None`` or ``"ansi"``.

    Raises:
        ValueError: A bad ruleset, bot spec, seat, ``on_illegal`` or ``observation``.

    Examples:
        >>> environment = BurgundyEnv(players=2, observation="masked")
        >>> obs, info = environment.reset(seed=1)
        >>> sorted(obs), obs["action_mask"].dtype.name
        (['action_mask', 'observations'], 'float32')
        >>> obs, reward, terminated, truncated, info = environment.step(-1)
        >>> reward, terminated, info["illegal"]
        (-1.0, True, True)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        players: int = 2,
        variants: Sequence[str] = ("knowledge",),
        edition: str = "2019",
        options: dict[str, Any] | None = None,
        opponents: Sequence[str] = ("random",),
        seat: int = 0,
        illegal_reward: float = -1.0,
        on_illegal: str = "end",
        observation: str = "vector",
        render_mode: str | None = None,
    ) -> None:
        self.rules = Ruleset(players=players, variants=tuple(variants),
                                      edition=edition, options=options)
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r}: not a seat (0-{players - 1})")
        others = players - 1
        specs = list(opponents)
        if len(specs) == 1 and others > 1:
            specs *= others
        if len(specs) != others and others:
            raise ValueError(f"opponents: one spec or {others}; got {len(specs)}")
        self.opponent_specs = tuple(specs[:others])
        for spec in self.opponent_specs:
            make_bot(spec)  # raises ValueError for a bad spec
        if on_illegal not in ON_ILLEGAL:
            raise ValueError(f"on_illegal {on_illegal!r}: not one of {', '.join(ON_ILLEGAL)}")
        if observation not in OBSERVATIONS:
            raise ValueError(
                f"observation {observation!r}: not one of {', '.join(OBSERVATIONS)}")
        self.seat = seat
        self.illegal_reward = float(illegal_reward)
        self.on_illegal = on_illegal
        self.observation = observation
        self.render_mode = render_mode
        self.codec = ActionCodec.of(self.rules)
        vector = spaces.Box(0.0, np.inf, (observation_size(self.rules),), np.float32)
        self.observation_space: spaces.Space[Any] = vector
        if observation == "masked":
            self.observation_space = spaces.Dict({
                "observations": vector,
                "action_mask": spaces.Box(0.0, 1.0, (self.codec.size,), np.float32),
            })
        self.action_space = spaces.Discrete(self.codec.size)
        self.state: State = self.rules.initial_state()
        self._rng = random.Random(0)
        self._bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start a game; ``seed`` seeds its chance and the bots."""
        super().reset(seed=seed)
        base = int(self.np_random.integers(0, 2**31 - 1))
        self._rng = random.Random(base)
        others = [s for s in range(self.rules.players) if s != self.seat]
        self._bots = {s: make_bot(spec, seed=base + s)
                      for s, spec in zip(others, self.opponent_specs, strict=True)}
        self.state = self._advance(self.rules.initial_state())
        return self._observe(), {"illegal": False}

    def _observe(self) -> Any:
        vector = observe(self.state, self.seat)
        if self.observation == "vector":
            return vector
        return {"observations": vector, "action_mask": self.codec.mask(self.state, np.float32)}

    def _advance(self, state: State) -> State:
        """Chance and the bots' moves until the agent's decision or the end."""
        state = state.resolve_chance(self._rng)
        while not state.is_terminal and state.current_player != self.seat:
            state = state.apply(self._bots[state.current_player].choose(state))
            state = state.resolve_chance(self._rng)
        return state

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of the agent's decision (all ``False`` once the game is over)."""
        return self.codec.mask(self.state)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` (an integer-like id); then chance and the bots until the agent's
        next decision or the end.

        Raises:
            ValueError: ``action`` is illegal and ``on_illegal="raise"``.
        """
        chosen = self._legal(action)
        if chosen is None:
            return self._observe(), self.illegal_reward, True, False, {"illegal": True}
        self.state = self._advance(self.state.apply(chosen))
        reward = 0.0
        if self.state.is_terminal:
            reward = final_rewards(self.state)[self.seat]
        return self._observe(), reward, self.state.is_terminal, False, {"illegal": False}

    def _legal(self, action: Any) -> Any:
        """The legal action of id ``action``; ``None`` (or a ``ValueError`` with
        ``on_illegal="raise"``) for an illegal one."""
        if self.on_illegal == "raise":
            if self.state.is_terminal:
                raise ValueError("the game is over: reset() starts the next one")
            return self.codec.decode(action, self.state)
        if self.state.is_terminal:
            return None
        return self.codec.find(action, self.state)

    def render(self) -> Any:
        """The text picture of the table (``render_mode="ansi"``), else ``None``.

        Returns:
            A ``str`` or ``None`` (typed ``Any``: Gymnasium's own annotation of the method
            differs between its releases).
        """
        if self.render_mode != "ansi":
            return None
        from burgundy.render.text import board_text

        return board_text(self.state)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="burgundy.rl.gym:BurgundyEnv")
