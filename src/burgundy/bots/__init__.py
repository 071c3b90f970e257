"""Bots: objects with ``choose(state) -> action``, deterministic given their ``seed``.

* :class:`RandomBot` picks a legal action uniformly.
* :class:`GreedyBot` looks one action ahead and picks the best by :func:`evaluate`.
* :class:`MCTSBot` searches with Monte Carlo tree search through chance nodes (outcomes
  sampled), guided and scored by the same evaluation.

:func:`make_bot` builds one from a name (``"random"``, ``"greedy"``, ``"mcts"``,
``"mcts:500"`` for 500 iterations).
"""

from __future__ import annotations

from typing import Any, Protocol

from burgundy.bots.evaluate import evaluate
from burgundy.bots.greedy import GreedyBot
from burgundy.bots.mcts import MCTSBot
from burgundy.bots.random_bot import RandomBot
from burgundy.state import State


class Bot(Protocol):
    """Anything with ``choose(state) -> action`` for a decision node."""

    def choose(self, state: State) -> Any:
        """Return one of ``state.legal_actions()``."""


BOT_NAMES: tuple[str, ...] = ("random", "greedy", "mcts")
"""Names :func:`make_bot` understands (``mcts`` also as ``mcts:ITERATIONS``)."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """Return a bot by name: ``random``, ``greedy``, ``mcts`` or ``mcts:ITERATIONS``.

    Raises:
        ValueError: Unknown name or bad iteration count.
    """
    kind, _, arg = name.strip().lower().partition(":")
    if kind == "random" and not arg:
        return RandomBot(seed=seed)
    if kind == "greedy" and not arg:
        return GreedyBot(seed=seed)
    if kind == "mcts":
        if not arg:
            return MCTSBot(seed=seed)
        if arg.isdigit() and int(arg) > 0:
            return MCTSBot(iterations=int(arg), seed=seed)
    raise ValueError(f"unknown bot {name!r}; valid: random, greedy, mcts, mcts:ITERATIONS")


__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "MCTSBot", "RandomBot", "evaluate", "make_bot"]
