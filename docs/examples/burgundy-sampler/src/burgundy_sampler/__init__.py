"""An example third-party bot: it samples a few legal actions and plays the best of them by
burgundy's valuation. Installed, it is the bot ``sampler`` (``sampler:K`` samples K)."""

from __future__ import annotations

import random

from burgundy.plugin import Action, State, evaluate


class SamplerBot:
    """Plays the best of ``k`` legal actions drawn at random (all of them if fewer).

    Args:
        k: How many actions to look at.
        seed: Seed of the bot's own RNG.
    """

    def __init__(self, k: int = 3, seed: int = 0) -> None:
        self.k = k
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        """Return the best of ``k`` sampled legal actions for the seat to move."""
        legal = state.legal_actions()
        seat = state.current_player
        sample = self.rng.sample(legal, min(self.k, len(legal)))
        return max(sample, key=lambda action: evaluate(state.apply(action), seat))


def make(argument: str, seed: int) -> SamplerBot:
    """The entry point: ``sampler`` (3 actions) or ``sampler:K``.

    Raises:
        ValueError: ``K`` is not a whole number of at least 1.
    """
    if not argument:
        return SamplerBot(seed=seed)
    if argument.isdigit() and int(argument) > 0:
        return SamplerBot(k=int(argument), seed=seed)
    raise ValueError(f"sampler:K needs K, a whole number of at least 1; got {argument!r}")
