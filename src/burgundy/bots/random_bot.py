"""The random bot."""

from __future__ import annotations

import random

from burgundy.actions import Action
from burgundy.state import State


class RandomBot:
    """Picks a legal action uniformly at random.

    Args:
        seed: Seed of the bot's own RNG.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """Return a uniformly random legal action of ``state``."""
        return self.rng.choice(state.legal_actions())
