"""Drawing chance in one engine call equals drawing it step by step (issue #21).

:meth:`burgundy.State.resolve_chance` (and so :class:`burgundy.Game`, which draws with it)
is the chance branch of :meth:`~burgundy.State.apply` without its checks, looped inside the
engine. Here the plain loop, ``state = state.apply(state.sample_outcome(rng))`` while
``state.is_chance``, is the reference: from every decision of random games of several
rulesets, both must reach the same state with the RNG in the same place, and a seeded
:class:`~burgundy.Game` must record and replay what the plain loop draws.
"""

from __future__ import annotations

import random

import pytest

from burgundy import Game, Ruleset, State
from burgundy.registry import example_options

RULESETS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (2, ()),
    (2, ("knowledge",)),
    (3, ("knowledge", "shields")),
    (4, ("knowledge", "trade_routes")),
)


def plain(state: State, rng: random.Random) -> State:
    """The reference: one checked ``apply`` per drawn outcome."""
    while state.is_chance:
        state = state.apply(state.sample_outcome(rng))
    return state


@pytest.mark.parametrize(("players", "names"), RULESETS)
def test_resolve_chance_equals_the_plain_loop(players: int, names: tuple[str, ...]) -> None:
    rules = Ruleset(players=players, variants=names, options=example_options(names))
    chooser = random.Random(players)
    for seed in range(2):
        state = rules.initial_state()  # a chance node: the start player, boards, the deal
        compared = 0
        while not state.is_terminal:
            fast_rng, slow_rng = random.Random(seed * 1000 + compared), random.Random(
                seed * 1000 + compared)
            fast, slow = state.resolve_chance(fast_rng), plain(state, slow_rng)
            assert fast.key == slow.key
            assert fast_rng.getstate() == slow_rng.getstate()  # the same draws, one each
            assert fast.legal_actions() == slow.legal_actions()
            compared += 1
            state = fast if fast.is_terminal else fast.apply(chooser.choice(fast.legal_actions()))
        assert compared > 50


def test_resolve_chance_leaves_a_decision_as_it_is() -> None:
    state = Game(players=2, seed=3, variants=()).state
    assert state.resolve_chance(random.Random(1)) is state


@pytest.mark.parametrize(("players", "names"), RULESETS)
def test_a_seeded_game_draws_what_the_plain_loop_draws(
    players: int, names: tuple[str, ...]
) -> None:
    rules = Ruleset(players=players, variants=names, options=example_options(names))
    game = Game(rules, seed=11)
    rng = random.Random(11)
    reference = plain(rules.initial_state(), rng)
    chooser = random.Random(5)
    while not game.state.is_terminal:
        assert game.state.key == reference.key
        action = chooser.choice(game.state.legal_actions())
        game.play(action)
        reference = plain(reference.apply(action), rng)
    assert game.state.key == reference.key
    replayed = Game.from_record(game.record())
    assert replayed.state.key == game.state.key
    assert replayed.record() == game.record()
