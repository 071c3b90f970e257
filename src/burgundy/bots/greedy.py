"""The greedy bot: one action ahead."""

from __future__ import annotations

import random
from collections.abc import Callable

from burgundy.actions import Action
from burgundy.bots.evaluate import evaluate
from burgundy.state import State


class GreedyBot:
    """Plays the action after which its valuation (by default
    :func:`burgundy.bots.evaluate`) is highest for itself; ties are broken by its seeded RNG.

    Args:
        seed: Seed of the bot's own RNG.
        evaluation: The valuation ``evaluation(state, seat) -> VP`` it maximises (``None``:
            :func:`~burgundy.bots.evaluate.evaluate`), as for
            :class:`~burgundy.bots.mcts.MCTSBot`.

    Examples:
        >>> import burgundy
        >>> from burgundy.bots import GreedyBot
        >>> from burgundy.bots.expert import expert_value
        >>> state = burgundy.Game(players=2, seed=7).state
        >>> GreedyBot(seed=1).choose(state) in state.legal_actions()
        True
        >>> GreedyBot(seed=1, evaluation=expert_value).choose(state) in state.legal_actions()
        True
    """

    def __init__(self, seed: int = 0,
                 evaluation: Callable[[State, int], float] | None = None) -> None:
        self.rng = random.Random(seed)
        self.evaluation = evaluate if evaluation is None else evaluation

    def choose(self, state: State) -> Action:
        """Return the best legal action of ``state`` by one-action lookahead."""
        seat = state.current_player
        evaluation = self.evaluation
        best: list[Action] = []
        best_value = float("-inf")
        for action in state.legal_actions():
            value = evaluation(state.apply(action), seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)
