"""Bots: objects with ``choose(state) -> action``, deterministic given their ``seed``.

* :class:`RandomBot` picks a legal action uniformly.
* :class:`GreedyBot` looks one action ahead and picks the best by :func:`evaluate`.
* :class:`MCTSBot` searches with Monte Carlo tree search through chance nodes (outcomes
  sampled), guided and scored by the same evaluation.
* :class:`ExpertBot` searches the same way with a valuation learned from self-play, for a
  time (``think``) or a number of iterations, partners as one side; its
  :meth:`~burgundy.bots.expert.ExpertBot.hint` tells its choice and win chance.

:func:`make_bot` builds one from a spec string (``"random"``, ``"greedy"``, ``"mcts"``,
``"mcts:500"`` for 500 iterations, ``"expert"``, ``"expert:think=2"``,
``"expert:iterations=800"``, ``"expert:think=1:workers=2"`` (two searches a decision, on
two cores), ``"expert:iterations=800:exploration=0.35"`` (the search's settings: also
``widening`` and ``chance_widening``), or a third party's bot installed under the entry-point group
``burgundy.bots``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import metadata
from typing import Any, Protocol

from burgundy.bots.evaluate import evaluate
from burgundy.bots.expert import ExpertBot, Hint, parse_options
from burgundy.bots.greedy import GreedyBot
from burgundy.bots.mcts import MCTSBot
from burgundy.bots.random_bot import RandomBot
from burgundy.errors import brief
from burgundy.state import State


class Bot(Protocol):
    """Anything with ``choose(state) -> action`` for a decision node."""

    def choose(self, state: State) -> Any:
        """Return one of ``state.legal_actions()``."""


BOT_NAMES: tuple[str, ...] = ("random", "greedy", "mcts", "expert")
"""Names :func:`make_bot` understands without a plugin (``mcts`` also as
``mcts:ITERATIONS``, ``expert`` also as ``expert:think=SECONDS`` and
``expert:iterations=N``, either with ``:workers=N`` and the search's settings
``:exploration=X``, ``:widening=X``, ``:chance_widening=X``)."""

BOT_ENTRY_POINT_GROUP = "burgundy.bots"
"""The entry-point group of third-party bots: the entry point's name is the bot's name in a
spec (``NAME`` or ``NAME:ARGUMENT``), its object a factory ``factory(argument, seed)``
returning the bot (``argument`` is the text after the colon, ``""`` without one)."""

BotFactory = Callable[[str, int], Bot]
"""What a ``burgundy.bots`` entry point loads: ``factory(argument, seed) -> Bot``; it
raises ``ValueError`` for an argument it does not accept."""


@cache
def _entry_points() -> dict[str, metadata.EntryPoint]:
    return {ep.name: ep for ep in metadata.entry_points(group=BOT_ENTRY_POINT_GROUP)}


def available_bots() -> tuple[str, ...]:
    """Return the bot names a spec may start with: the built-in ones, then the installed
    third-party bots (entry-point group ``burgundy.bots``), sorted.

    Examples:
        >>> from burgundy.bots import available_bots
        >>> available_bots()[:3]
        ('random', 'greedy', 'mcts')
    """
    return BOT_NAMES + tuple(sorted(n for n in _entry_points() if n not in BOT_NAMES))


def _load_factory(kind: str) -> BotFactory:
    point = _entry_points()[kind]
    try:
        factory = point.load()
    except Exception as exc:  # a broken third-party bot: say which one
        raise ValueError(
            f"bot {kind!r} is installed but fails to load: {type(exc).__name__}: "
            f"{brief(str(exc))}"
        ) from None
    if not callable(factory):
        raise ValueError(f"bot {kind!r}: entry point {point.value!r} is not callable")
    return factory  # type: ignore[no-any-return]


def make_bot(name: str, seed: int = 0) -> Bot:
    """Return a bot from its spec: ``random``, ``greedy``, ``mcts``, ``mcts:ITERATIONS``,
    ``expert``, ``expert:think=SECONDS``, ``expert:iterations=N`` (either with
    ``:workers=N``, ``:exploration=X``, ``:widening=X``, ``:chance_widening=X``:
    :class:`~burgundy.bots.expert.ExpertBot`'s arguments of those names), or ``NAME`` /
    ``NAME:ARGUMENT`` of a bot installed under the entry-point group ``burgundy.bots``
    (built-in names come first: a plugin cannot replace them).

    Args:
        name: The spec (case and surrounding spaces do not matter for the built-in bots).
        seed: Seed of the bot's own RNG.

    Raises:
        ValueError: Unknown name, bad argument, or a third-party bot that fails to load or
            build.

    Examples:
        >>> from burgundy.bots import make_bot
        >>> make_bot("mcts:50", seed=3).iterations
        50
        >>> make_bot("alphazero")
        Traceback (most recent call last):
        ...
        ValueError: unknown bot 'alphazero'; valid: random, greedy, mcts, mcts:ITERATIONS, ...
    """
    if not isinstance(name, str):
        raise ValueError(f"a bot spec must be a string; got {type(name).__name__}")
    kind, colon, arg = name.strip().partition(":")
    lowered = kind.lower()
    if lowered == "random" and not colon:
        return RandomBot(seed=seed)
    if lowered == "greedy" and not colon:
        return GreedyBot(seed=seed)
    if lowered == "mcts":
        if not colon:
            return MCTSBot(seed=seed)
        if arg.isdigit() and int(arg) > 0:
            return MCTSBot(iterations=int(arg), seed=seed)
    if lowered == "expert":
        try:
            return ExpertBot(seed=seed, **parse_options(arg))
        except ValueError as exc:
            raise ValueError(f"bot {brief(name)}: {exc}") from None
    if lowered not in BOT_NAMES and kind in _entry_points():
        factory = _load_factory(kind)
        try:
            bot = factory(arg, seed)
        except ValueError as exc:
            raise ValueError(f"bot {brief(name)}: {exc}") from None
        except Exception as exc:  # a third party's bug: still one clear line
            raise ValueError(f"bot {brief(name)} fails to build: {type(exc).__name__}: "
                             f"{brief(str(exc))}") from None
        if not callable(getattr(bot, "choose", None)):
            raise ValueError(f"bot {name!r}: the factory returned no bot (nothing with "
                             f"choose(state))")
        return bot
    valid = ", ".join(["random", "greedy", "mcts", "mcts:ITERATIONS", "expert",
                       "expert:think=SECONDS", "expert:iterations=N", "expert:...:workers=N",
                       "expert:...:exploration=X|widening=X|chance_widening=X",
                       *(n for n in available_bots() if n not in BOT_NAMES)])
    raise ValueError(f"unknown bot {brief(name)}; valid: {valid}")


__all__ = [
    "BOT_ENTRY_POINT_GROUP",
    "BOT_NAMES",
    "Bot",
    "BotFactory",
    "ExpertBot",
    "GreedyBot",
    "Hint",
    "MCTSBot",
    "RandomBot",
    "available_bots",
    "evaluate",
    "make_bot",
]
