"""The greedy bot: one action ahead."""

from __future__ import annotations

import random

from burgundy.actions import Action
from burgundy.bots.evaluate import evaluate
from burgundy.state import State


class GreedyBot:
    """Plays the action after which :func:`burgundy.bots.evaluate` is highest for itself;
    ties are broken by its seeded RNG.

    Args:
        seed: Seed of the bot's own RNG.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """Return the best legal action of ``state`` by one-action lookahead."""
        seat = state.current_player
        best: list[Action] = []
        best_value = float("-inf")
        for action in state.legal_actions():
            value = evaluate(state.apply(action), seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value >= best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)
