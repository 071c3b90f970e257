"""The hook ``burgundy_evaluation`` (issue #13): a variant modifies the bots' heuristic value
of a state for a seat, ``f(state, seat, value) -> value``, where its game is not won by VP
(the solo module: covered spaces). Small test plugins are installed by entry point."""

from __future__ import annotations

from collections.abc import Callable

import burgundy
from burgundy.bots import GreedyBot, MCTSBot, evaluate
from burgundy.bots.evaluate import base_value
from burgundy.testing import build_position, random_playout

Install = Callable[[str, str], None]

MISER = '''
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="miser")


@hookimpl
def burgundy_evaluation(rules):
    return lambda state, seat, value: 3.0 * state.seat_estate(seat).silver
'''
"""The bots value silverlings only, 3 each."""

BONUS = '''
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="{name}", order={order})


@hookimpl
def burgundy_evaluation(rules):
    return lambda state, seat, value: {body}
'''
"""A modifier of the core's value."""


def _position(rules: burgundy.Ruleset) -> burgundy.State:
    """A first turn with goods to sell (a die 2 sells the goods 2 for silverlings) and a hex
    to take."""
    return build_position(rules, seed=3, goods=(0, 2, 0, 0, 0, 0), dice=(2, 5), workers=2)


def test_no_variant_leaves_the_core_value() -> None:
    rules = burgundy.Ruleset(players=2, variants=())
    assert rules.engine.evaluation == ()
    state = _position(rules)
    assert evaluate(state, 0) == base_value(state, 0)


def test_the_modifier_replaces_the_value(install_plugin: Install) -> None:
    install_plugin("miser", MISER)
    rules = burgundy.Ruleset(players=2, variants=("miser",))
    assert len(rules.engine.evaluation) == 1
    state = _position(rules)
    for seat in range(2):
        assert evaluate(state, seat) == 3.0 * state.seat_estate(seat).silver
    final = random_playout(rules, 2)[-1]
    assert evaluate(final, 0) == 3.0 * final.seat_estate(0).silver  # a finished game too


def test_the_greedy_bot_follows_the_modified_value(install_plugin: Install) -> None:
    install_plugin("miser", MISER)
    plain = _position(burgundy.Ruleset(players=2, variants=()))
    state = _position(burgundy.Ruleset(players=2, variants=("miser",)))
    seat = state.current_player
    choice = GreedyBot(seed=0).choose(state)
    silver = state.apply(choice).seat_estate(seat).silver
    best = max(state.apply(a).seat_estate(seat).silver for a in state.legal_actions())
    assert silver == best > state.seat_estate(seat).silver  # it sells: silverlings
    assert str(choice).startswith("sell")
    assert not str(GreedyBot(seed=0).choose(plain)).startswith("sell")  # VP: it does not
    assert MCTSBot(iterations=30, seed=0).choose(state) in state.legal_actions()


def test_modifiers_fold_in_variant_order(install_plugin: Install) -> None:
    install_plugin("plus", BONUS.format(name="plus", order=10, body="value + 1.0"))
    install_plugin("double", BONUS.format(name="double", order=20, body="2.0 * value"))
    rules = burgundy.Ruleset(players=2, variants=("double", "plus"))
    state = _position(rules)
    base = base_value(state, 0)
    assert evaluate(state, 0) == 2.0 * (base + 1.0)  # plus (order 10) first, then double
