"""The hook ``burgundy_evaluation`` (issue #13): a variant modifies the bots' heuristic value
of a state for a seat, ``f(state, seat, value) -> value``, or values it by itself (a
``Valuation``), where its game is not won by VP (the solo module: the chance to cover the
duchy). Small test plugins are installed by entry point."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import burgundy
from burgundy.bots import GreedyBot, MCTSBot, evaluate
from burgundy.bots.evaluate import base_value, own_valuation
from burgundy.bots.expert import expert_weights
from burgundy.testing import build_position, random_playout
from repo_scripts import load_script

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


OWN = '''
from burgundy import hookimpl
from burgundy.plugin import Valuation
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="own", order=15)


FINAL = []


@hookimpl
def burgundy_evaluation(rules):
    return Valuation(lambda state, seat: 3.0 * state.seat_estate(seat).silver)


@hookimpl
def burgundy_scoring(rules):
    def final(state, seat):
        FINAL.append(seat)
        return {}
    return {"final": final}
'''
"""A valuation of its own (:class:`burgundy.plugin.Valuation`), between ``spy`` (order 10)
and ``double`` (order 20); its final-scoring term (nothing) counts the calls in ``FINAL``:
the core's valuation would ask it."""


SPY = '''
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo

CALLS = []


@hookimpl
def burgundy_variant():
    return VariantInfo(name="spy", order=10)


@hookimpl
def burgundy_evaluation(rules):
    def modify(state, seat, value):
        CALLS.append(seat)
        return value + 1.0
    return modify
'''
"""A modifier (order 10, before ``own``) that counts its calls in ``CALLS``."""


def test_a_valuation_of_its_own_replaces_the_core_value_and_what_came_before(
    install_plugin: Install,
) -> None:
    """A ``Valuation`` is asked without the value: the modifiers of the variants before it
    are not called, those after it change its value."""
    install_plugin("own", OWN)
    install_plugin("spy", SPY)
    install_plugin("double", BONUS.format(name="double", order=20, body="2.0 * value"))
    alone = burgundy.Ruleset(players=2, variants=("own",))
    state = _position(alone)
    assert own_valuation(state)
    assert [evaluate(state, seat) for seat in range(2)] == [
        3.0 * state.seat_estate(seat).silver for seat in range(2)]
    final = importlib.import_module("burgundy_test_own").FINAL
    assert final == []  # the core's valuation: not computed
    base_value(state, 1)
    assert final == [1]  # which would have asked the variant's final-scoring term
    rules = burgundy.Ruleset(players=2, variants=("double", "own", "spy"))
    assert len(rules.engine.evaluation) == 2
    state = _position(rules)
    assert evaluate(state, 0) == 2.0 * 3.0 * state.seat_estate(0).silver
    calls = importlib.import_module("burgundy_test_spy").CALLS
    assert calls == []  # the modifier before the valuation: never asked
    modified = _position(burgundy.Ruleset(players=2, variants=("double", "spy")))
    assert not own_valuation(modified)
    assert evaluate(modified, 1) == 2.0 * (base_value(modified, 1) + 1)
    assert calls == [1]


def test_the_expert_computes_no_features_beside_a_valuation_of_its_own(
    install_plugin: Install,
) -> None:
    """Weights that are no numbers fail as soon as the features are weighted: beside a
    ``Valuation`` the expert never weights them."""
    install_plugin("own", OWN)
    state = _position(burgundy.Ruleset(players=2, variants=("own",)))
    broken = attrs.evolve(expert_weights(), weights=("x",) * len(expert_weights().weights))
    assert broken.value(state, 0) == 3.0 * state.seat_estate(0).silver
    plain = _position(burgundy.Ruleset(players=2, variants=()))
    with pytest.raises(TypeError):
        broken.value(plain, 0)  # without it, the features are weighted


def test_the_solo_benchmark_can_still_play_with_the_core_valuation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``benchmarks/solo_bots.py --core-evaluation`` empties the engine's ``evaluation``:
    the solo module's own valuation goes with it, and the core's counts again."""
    tool = load_script(Path(__file__).parent.parent / "benchmarks" / "solo_bots.py",
                       "solo_bots")
    own = tool.ruleset("13a", core_evaluation=False)
    assert own_valuation(own.initial_state())
    # the engine is shared by every ruleset of this configuration: given back afterwards
    monkeypatch.setattr(own.engine, "evaluation", own.engine.evaluation)
    core = tool.ruleset("13a", core_evaluation=True)
    state = core.initial_state()
    assert not own_valuation(state)
    assert evaluate(state, 0) == base_value(state, 0) != 0.0
