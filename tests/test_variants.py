"""Variant loading (DESIGN.md "Rules as plugins"): discovery, fixed order, requirements,
loud failures for misspelled hooks."""

from __future__ import annotations

import pickle
import re
import types
from collections.abc import Callable
from typing import Any

import pytest

import burgundy
from burgundy import hookimpl, registry, variant_info
from burgundy.state import State
from burgundy.variant_info import VariantInfo


class FakeEntryPoint:
    """Stands in for an installed entry point; ``load()`` returns the plugin."""

    def __init__(self, name: str, plugin: object) -> None:
        self.name = name
        self.plugin = plugin
        self.dist = None

    def load(self) -> object:
        return self.plugin


def plugin(name: str, **info: Any) -> types.SimpleNamespace:
    @hookimpl
    def burgundy_variant() -> VariantInfo:
        return VariantInfo(name=name, **info)

    return types.SimpleNamespace(burgundy_variant=burgundy_variant)


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    real = dict(registry._entry_points())

    def install(*plugins: tuple[str, object]) -> None:
        points = dict(real)
        points.update({name: FakeEntryPoint(name, p) for name, p in plugins})
        monkeypatch.setattr(registry, "_entry_points", lambda: points)

    return install


def test_fixed_order_independent_of_the_order_given() -> None:
    a = burgundy.Ruleset(players=2, variants=("shields", "knowledge"))
    b = burgundy.Ruleset(players=2, variants=("knowledge", "shields"))
    assert a.variants == b.variants == ("knowledge", "shields")
    assert a == b


def test_requirements_player_counts_and_editions(installed: Callable[..., None]) -> None:
    installed(
        ("needy", plugin("needy", requires=("knowledge",))),
        ("duo", plugin("duo", players=(2,))),
        ("old", plugin("old", editions=("2011",))),
    )
    with pytest.raises(ValueError, match="'needy' requires variants \\['knowledge'\\]"):
        burgundy.Ruleset(players=2, variants=("needy",))
    assert burgundy.Ruleset(players=2, variants=("needy", "knowledge")).variants[-1] == "needy"
    with pytest.raises(ValueError, match="players must be one of \\[2\\]"):
        burgundy.Ruleset(players=3, variants=("duo",))
    with pytest.raises(ValueError, match="supports editions \\['2011'\\], not '2019'"):
        burgundy.Ruleset(players=2, variants=("old",))
    assert burgundy.Ruleset(players=2, variants=("old",), edition="2011").edition == "2011"


def test_misspelled_hook_fails_loudly(installed: Callable[..., None]) -> None:
    typo = plugin("typo")

    @hookimpl
    def burgundy_on_pahse_end(rules: burgundy.Ruleset) -> Callable[[State], State]:
        return lambda state: state

    typo.burgundy_on_pahse_end = burgundy_on_pahse_end
    installed(("typo", typo))
    with pytest.raises(ValueError, match=r"does not exist \(misspelled\?\).*on_pahse_end"):
        burgundy.Ruleset(players=2, variants=("typo",))


def test_bad_hook_signature_fails_loudly(installed: Callable[..., None]) -> None:
    bad = plugin("bad")

    @hookimpl
    def burgundy_setup(rules: burgundy.Ruleset, colour: str) -> None:
        return None

    bad.burgundy_setup = burgundy_setup
    installed(("bad", bad))
    with pytest.raises(ValueError, match="'bad' has a bad hook implementation"):
        burgundy.Ruleset(players=2, variants=("bad",))
    with pytest.raises(ValueError, match="'bad' has a bad hook implementation"):
        registry.variant_info("bad")
    with pytest.raises(ValueError, match="'bad' has a bad hook implementation"):
        burgundy.available_variants(players=2)


def test_variant_info_must_name_the_entry_point(installed: Callable[..., None]) -> None:
    installed(("alias", plugin("other-name")))
    with pytest.raises(ValueError, match="must return VariantInfo\\(name='alias'\\)"):
        burgundy.Ruleset(players=2, variants=("alias",))


def test_unknown_variant_lists_installed_ones() -> None:
    names = list(burgundy.available_variants())
    assert {"knowledge", "shields"} <= set(names)  # and any other installed plugin
    with pytest.raises(ValueError, match=re.escape(f"installed: {names}")):
        burgundy.Ruleset(players=2, variants=("no_such_module",))


def test_variant_options_are_validated(installed: Callable[..., None]) -> None:
    installed(("opt", plugin("opt", options={
        "level": variant_info.OptionSpec(1, (1, 2, 3), "how hard"),
    })))
    assert burgundy.Ruleset(players=2, variants=("opt",)).options["level"] == 1
    chosen = burgundy.Ruleset(players=2, variants=("opt",), options={"level": 3})
    assert chosen.options["level"] == 3
    with pytest.raises(ValueError, match="'level' must be one of \\[1, 2, 3\\]"):
        burgundy.Ruleset(players=2, variants=("opt",), options={"level": 4})
    with pytest.raises(ValueError, match="unknown option"):
        burgundy.Ruleset(players=2, variants=(), options={"level": 1})


def test_hot_path_calls_no_pluggy() -> None:
    """The hooks are compiled once: the engine holds plain tuples of functions."""
    rules = burgundy.Ruleset(players=2, variants=("knowledge", "shields"))
    engine = rules.engine
    for name in ("die_cost", "sale_income", "final_scoring", "on_phase_end"):
        hooks = getattr(engine, name)
        assert isinstance(hooks, tuple)
        assert all(type(f).__module__ != "pluggy._hooks" for f in hooks)
        assert hooks  # both variants contribute


def test_profile_of_play_shows_no_pluggy_cattrs_or_deepcopy() -> None:
    """Issue "speed": a profile of legal_actions/apply over whole games (every variant)
    contains no pluggy dispatch, no cattrs and no deep copy."""
    import cProfile
    import pstats
    import random

    rules = burgundy.Ruleset(players=3, variants=("knowledge", "shields"))
    rng = random.Random(11)
    profile = cProfile.Profile()
    for _ in range(2):
        state = rules.initial_state()
        while not state.is_terminal:
            profile.enable()
            if state.is_chance:
                outcome = state.sample_outcome(rng)
                state = state.apply(outcome)
            else:
                state = state.apply(rng.choice(state.legal_actions()))
            profile.disable()
    called = {f"{path}:{name}" for path, _, name in pstats.Stats(profile).stats}  # type: ignore[attr-defined]
    # the profile saw the engine (State.apply: pure Python in both builds; the compiled
    # rules' own functions are not profiled, what they call in Python is)
    assert any("burgundy/state.py:apply" in c for c in called)
    offending = sorted(
        c for c in called
        if "pluggy" in c or "cattrs" in c or "deepcopy" in c or c.endswith("copy.py:copy")
    )
    assert not offending


def test_variant_actions_join_the_serialisation_union_and_records() -> None:
    """Every legal action (core, knowledge, shields) round-trips through action_to_dict,
    and a record full of variant actions replays exactly."""
    import json
    import random

    from burgundy.io import action_from_dict, action_to_dict

    pytest.importorskip("burgundy_shields")
    rules = burgundy.Ruleset(players=3, variants=("knowledge", "shields"))
    game = burgundy.Game(rules, seed=12)
    rng = random.Random(12)
    kinds = set()
    while not game.state.is_terminal:
        for action in game.legal_actions():
            data = json.loads(json.dumps(action_to_dict(action, rules)))
            assert action_from_dict(data, rules) == action
            kinds.add(type(action).__name__)
        game.play(rng.choice(game.legal_actions()))
    assert {"TakeShield", "PayTribute", "TakeTile", "PlaceTile"} <= kinds
    assert burgundy.Game.from_record(json.loads(json.dumps(game.record()))).state == game.state
    with pytest.raises(ValueError, match="bad action"):
        action_from_dict({"type": "Teleport"}, rules)
    with pytest.raises(ValueError, match="bad action"):
        action_from_dict({"type": "TakeTile", "die": "x", "depot": 1, "tile": 1}, rules)
    shields_model = pytest.importorskip("burgundy_shields.model")
    TakeShield = shields_model.TakeShield

    bare = burgundy.Ruleset(players=3, variants=())
    with pytest.raises(ValueError, match="not an action of this ruleset"):
        action_to_dict(TakeShield((3, 3), 3, 1, 24), bare)
    with pytest.raises(ValueError, match="bad action"):
        action_from_dict(action_to_dict(TakeShield((3, 3), 3, 1, 24), rules), bare)


def test_a_compiled_ruleset_is_dropped_with_all_its_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset is cached under the caller's spec and its canonical one; dropping the
    oldest drops both, so a spec found by one key is never compiled again under the other
    (found in the full test run: a pickled ruleset came back with another engine)."""
    from burgundy import variants as v

    monkeypatch.setattr(v, "_COMPILED_LIMIT", 4)
    monkeypatch.setattr(v, "_COMPILED", {})
    first = burgundy.Ruleset(players=3, variants=["shields", "knowledge"])  # not canonical
    for players in (2, 4):
        for names in ((), ("knowledge",)):
            burgundy.Ruleset(players=players, variants=names)
    kept = [k for k, r in v._COMPILED.items() if r is first]
    assert len(kept) in (0, 2)
    again = burgundy.Ruleset(players=3, variants=["shields", "knowledge"])
    assert pickle.loads(pickle.dumps(again)).engine is again.engine


def test_two_spellings_of_one_ruleset_share_one_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same rules asked for in two spellings (variants in another order, an option at
    its default) get one engine, so a pickled ruleset comes back with the engine it had
    (found in the full test run)."""
    from burgundy import variants as v

    monkeypatch.setattr(v, "_COMPILED", {})
    first = burgundy.Ruleset(players=3, variants=["shields", "knowledge"])
    other = burgundy.Ruleset(players=3, variants=["knowledge", "shields"],
                             options={"tiebreak_empty": "most"})
    assert other.engine is first.engine
    assert pickle.loads(pickle.dumps(first)).engine is first.engine


def test_variant_info_reads_a_plugin_once_while_the_installed_variants_stay(
        installed: Callable[..., None]) -> None:
    """What a plugin declares is read once (each reading builds a plugin manager), and
    read again once the installed variants are looked up anew."""
    calls = []
    counted = types.SimpleNamespace()

    @hookimpl
    def burgundy_variant() -> VariantInfo:
        calls.append(1)
        return VariantInfo(name="counted", players=(2, 3))

    counted.burgundy_variant = burgundy_variant
    installed(("counted", counted))
    first = registry.variant_info("counted")
    assert registry.variant_info("counted") is first and len(calls) == 1
    assert "counted" in burgundy.available_variants(players=3) and len(calls) == 1
    installed(("counted", counted))  # a new lookup of the entry points
    assert registry.variant_info("counted") == first and len(calls) == 2
