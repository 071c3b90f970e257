"""The plugin API of 1.0 (issue #29): one front door, general hooks, the base game as the
first plugin, and the hooks of earlier releases kept working with a warning.

Each test plugin here shows one mechanism at work through the real entry-point path
(``install_plugin``): the keyed hooks' checks, the events registry, ``burgundy_rules`` and
the old hooks' adapter.
"""

from __future__ import annotations

import inspect
import random
import warnings
from collections.abc import Callable

import pytest

import burgundy
import burgundy.plugin
from burgundy import hookspecs
from burgundy.bots import make_bot
from burgundy.rules import base
from burgundy.testing import check_conformance

Install = Callable[[str, str], None]


def test_the_front_door_lists_only_importable_documented_names() -> None:
    """Every name of ``burgundy.plugin.__all__`` exists, and each class and function has a
    docstring (its API page is generated from them)."""
    for name in burgundy.plugin.__all__:
        value = getattr(burgundy.plugin, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), f"burgundy.plugin.{name} has no docstring"


def test_at_most_32_hooks_each_keyed_hook_typed_by_its_mapping() -> None:
    """Issue #29: at most 32 hookspecs; a keyed hook's TypedDict has exactly the keys the
    engine collects."""
    assert len(hookspecs.HOOK_SPECS) <= 32
    assert set(hookspecs.KEYED_TYPES) == set(hookspecs.KEYED_HOOKS)
    for hook, keys in hookspecs.KEYED_HOOKS.items():
        assert hook in hookspecs.HOOK_SPECS
        assert set(hookspecs.KEYED_TYPES[hook].__annotations__) == set(keys), hook


def test_the_base_game_is_registered_through_burgundy_rules() -> None:
    """The engine holds no rule of its own: every core pending and action type has the rule
    :mod:`burgundy.rules.base` gives it through the hook."""
    rules = burgundy.Ruleset(players=2, variants=())
    assert rules.engine.pending_rules == base.PENDING_RULES
    assert rules.engine.action_handlers == {k: r.apply for k, r in base.ACTION_RULES.items()}
    assert rules.engine.free_actions == {k for k, r in base.ACTION_RULES.items() if r.free}


EVENTS = '''
import attrs

from burgundy.plugin import VariantInfo, hookimpl, replace


@attrs.frozen
class Seen:
    counts: tuple = ()


@hookimpl
def burgundy_variant():
    return VariantInfo(name="listen", state_type=Seen)


@hookimpl
def burgundy_setup(rules):
    return lambda state: state.with_variant_state("listen", Seen())


def _count(event):
    def handler(state, *context):
        seen = state.variant_state("listen")
        return state.with_variant_state("listen", Seen((*seen.counts, event)))
    return handler


@hookimpl
def burgundy_events(rules):
    return {{event: _count(event) for event in {events!r}}}
'''


def test_the_events_registry_fires_every_event(install_plugin: Install) -> None:
    """One handler per key of ``burgundy_events``: in a game between greedy bots every event
    fires, the start player once, the game end once, one phase start and end per phase."""
    events = tuple(hookspecs.KEYED_HOOKS["events"])
    install_plugin("listen", EVENTS.format(events=events))
    game = burgundy.Game(burgundy.Ruleset(players=2, variants=("listen",)), seed=3)
    bot = make_bot("greedy", seed=3)
    while not game.state.is_terminal:
        game.play(bot.choose(game.state))
    counts = game.state.variant_state("listen").counts
    fired = {event: counts.count(event) for event in events}
    assert fired["start_player"] == 1 and fired["game_end"] == 1
    assert fired["phase_start"] == fired["phase_end"] == 5
    assert all(n > 0 for n in fired.values()), fired


BAD_KEY = '''
from burgundy.plugin import VariantInfo, hookimpl


@hookimpl
def burgundy_variant():
    return VariantInfo(name="badkey")


@hookimpl
def burgundy_income(rules):
    return {"sales": lambda state, seat, goods, count, income: income}
'''


def test_a_keyed_hook_refuses_a_key_it_does_not_have(install_plugin: Install) -> None:
    """Nothing silently ignored: a misspelled key fails when the ruleset is built, naming
    the valid keys."""
    install_plugin("badkey", BAD_KEY)
    with pytest.raises(ValueError, match=r"no key 'sales'; valid: \['mine', 'sale'"):
        burgundy.Ruleset(players=2, variants=("badkey",))


SECOND_RULE = '''
from burgundy.plugin import Decision, Turn, VariantInfo, hookimpl


@hookimpl
def burgundy_variant():
    return VariantInfo(name="twice")


@hookimpl
def burgundy_rules(rules):
    return {Turn: Decision(legal=lambda state, item: ())}
'''


def test_a_type_gets_one_rule(install_plugin: Install) -> None:
    """A variant may not give a core type a second rule (it would replace the base
    game's silently)."""
    install_plugin("twice", SECOND_RULE)
    with pytest.raises(ValueError, match="gives Turn a rule, which 'base' gives already"):
        burgundy.Ruleset(players=2, variants=("twice",))


OLD_HOOKS = '''
import attrs

from burgundy.actions import Action
from burgundy.hookspecs import hookimpl
from burgundy.pending import Pending, PendingRule, Turn
from burgundy.rules.income import Income, push
from burgundy.variant_info import VariantInfo


@attrs.frozen(slots=True)
class Nod(Pending):
    pass


@attrs.frozen(slots=True)
class Yes(Action):
    def __str__(self):
        return "yes"


@hookimpl
def burgundy_variant():
    return VariantInfo(name="old", action_types=(Yes,), pending_types=(Nod,))


@hookimpl
def burgundy_sale_income(rules):
    return lambda state, seat, goods, count, income: attrs.evolve(
        income, silver=income.silver + 10)


@hookimpl
def burgundy_on_turn_start(rules):
    return lambda state, seat: push(state, Nod(seat))


@hookimpl
def burgundy_pending_rules(rules):
    return {Nod: PendingRule(legal=lambda state, item: (Yes(),))}


@hookimpl
def burgundy_action_handlers(rules):
    return {Yes: lambda state, seat, action: state}
'''


def test_old_hooks_still_work_with_a_deprecation_warning(install_plugin: Install) -> None:
    """The hooks of releases before 1.0 keep working (:data:`~burgundy.hookspecs.
    LEGACY_HOOKS`): each warns once, naming the hook to use, and plays as the new one."""
    install_plugin("old", OLD_HOOKS)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rules = burgundy.Ruleset(players=2, variants=("old",))
    said = {str(w.message) for w in caught if w.category is DeprecationWarning}
    assert any("burgundy_sale_income" in m and "burgundy_income (key 'sale')" in m
               for m in said), said
    assert any("burgundy_on_turn_start" in m and "burgundy_events" in m for m in said)
    assert any("burgundy_pending_rules" in m and "burgundy_rules" in m for m in said)
    assert len(rules.engine.sale_income) == 1 and len(rules.engine.on_turn_start) == 1
    state = rules.initial_state().resolve_chance(random.Random(1))
    assert [str(a) for a in state.legal_actions()] == ["yes"]  # the Nod at the turn's start
    check_conformance(rules, seeds=range(1))


def test_no_variant_may_be_named_base(install_plugin: Install) -> None:
    """``base`` is the base game's plugin."""
    install_plugin("base", "from burgundy.plugin import VariantInfo, hookimpl\n\n"
                           "@hookimpl\ndef burgundy_variant():\n"
                           "    return VariantInfo(name='base')\n")
    with pytest.raises(ValueError, match="taken by the base game's plugin"):
        burgundy.Ruleset(players=2, variants=("base",))


@pytest.mark.parametrize("name", sorted(__import__("burgundy.variants").variants.MOVED))
def test_a_moved_name_still_imports_from_its_old_home_with_a_warning(name: str) -> None:
    """Issue #29: nothing a user relies on breaks silently. A name that left
    ``burgundy.variants`` in 1.0 is the same object there, with a ``DeprecationWarning``
    naming its new home."""
    import importlib

    from burgundy import variants

    new = getattr(importlib.import_module(variants.MOVED[name]), name)
    with pytest.warns(DeprecationWarning, match=f"moved to {variants.MOVED[name]}.{name}"):
        old = getattr(variants, name)
    assert old is new


@pytest.mark.parametrize("name", sorted(__import__("burgundy.io").io.MOVED))
def test_a_name_moved_out_of_io_still_imports_from_it_with_a_warning(name: str) -> None:
    """The checks of a state's meaning left ``burgundy.io`` for ``burgundy.validation``."""
    import importlib

    from burgundy import io

    new = getattr(importlib.import_module(io.MOVED[name]), name)
    with pytest.warns(DeprecationWarning, match=f"moved to {io.MOVED[name]}.{name}"):
        old = getattr(io, name)
    assert old is new


def test_every_first_party_distribution_is_released_at_the_cores_version() -> None:
    """docs/releasing.md: every distribution is released together, at one version (1.0.0
    and on). Each plugin's ``pyproject.toml``, its ``__version__`` (the version its
    ``VariantInfo`` declares and a record's header keeps) and its requirement on the core
    follow the core's."""
    import importlib
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    core = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert core["version"] == burgundy.__version__
    projects = sorted(root.glob("plugins/*/pyproject.toml"))
    assert len(projects) == 9
    for path in projects:
        project = tomllib.loads(path.read_text(encoding="utf-8"))["project"]
        assert project["version"] == burgundy.__version__, path
        assert project["dependencies"] == [f"burgundy>={burgundy.__version__}"], path
        module = importlib.import_module(project["name"].replace("-", "_"))
        assert module.__version__ == burgundy.__version__, path
