"""One source per hook: the hook specifications of ``burgundy.hookspecs``.

The engine's hook tuples are derived from that module when it is built; their types, for
mypy, are written from it by ``tools/hook_table.py`` into the hook-tuple block of
``burgundy.state.EngineView``, the protocol the engine implements.
These tests keep the three in step: the written file is current, the engine has exactly the
typed attributes, and a hook written once in a hookspec module is all the generator needs.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from burgundy import Ruleset, hookspecs, registry
from burgundy.rules.engine import Engine, hook_attribute
from burgundy.state import EngineView
from repo_scripts import load_script

TOOL = Path(__file__).resolve().parent.parent / "tools" / "hook_table.py"
needs_tool = pytest.mark.skipif(not TOOL.is_file(), reason="tools/ is not in this tree")


def _tool() -> ModuleType:
    return load_script(TOOL, "hook_table")


@needs_tool
def test_the_typed_hook_tuples_are_current() -> None:
    result = subprocess.run(
        [sys.executable, str(TOOL), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


def test_collected_hooks_are_the_hooks_that_return_callables() -> None:
    assert set(hookspecs.HOOK_SPECS) == {
        name.removeprefix("burgundy_") for name in dir(hookspecs)
        if name.startswith("burgundy_") and hasattr(getattr(hookspecs, name), "burgundy_spec")
    }
    for name, spec in hookspecs.HOOK_SPECS.items():
        returns = spec.__annotations__["return"]
        assert (name in hookspecs.COLLECTED_HOOKS) == returns.startswith("Callable["), name
    assert {"die_cost", "region_size", "setup", "legal_actions"} <= set(
        hookspecs.COLLECTED_HOOKS
    )
    assert not {"variant", "boards", "rules", "events", "income"} & set(
        hookspecs.COLLECTED_HOOKS
    )


def test_engine_attribute_names() -> None:
    assert hook_attribute("die_cost") == "die_cost"
    assert hook_attribute("legal_actions") == "legal_actions_mods"  # Engine.legal_actions
    assert hook_attribute("winners") == "winners_mods"


@pytest.mark.parametrize("names", [(), ("knowledge",), ("knowledge", "shields")])
def test_engine_has_exactly_the_typed_hook_tuples(names: tuple[str, ...]) -> None:
    if not set(names) <= set(registry.available_variants()):
        pytest.skip(f"{names} not installed")
    engine = Ruleset(players=3, variants=names).engine
    attributes = {hook_attribute(name) for name in hookspecs.COLLECTED_HOOKS} | {
        attribute for keys in hookspecs.KEYED_HOOKS.values() for attribute in keys.values()
    }
    typed = {
        name for name in EngineView.__annotations__ if getattr(EngineView, name, None) == ()
    }
    assert attributes == typed
    for attribute in attributes:
        value = getattr(engine, attribute)
        assert isinstance(value, tuple) and all(callable(f) for f in value), attribute
    assert EngineView in Engine.__mro__  # the protocol, subclassed by name


def test_knowledge_hooks_land_in_their_tuples() -> None:
    if "knowledge" not in registry.available_variants():
        pytest.skip("the knowledge plugin is not installed")
    engine = Ruleset(players=2, variants=("knowledge",)).engine
    assert engine.die_cost and engine.sale_income  # knowledge #8-#12 and #3


@needs_tool
def test_a_hook_written_once_is_typed_and_collected() -> None:
    """A new hook needs nothing but its function in the hookspec module: the generator
    types it from its return annotation (and the engine collects it by the same rule)."""
    tool = _tool()
    source = hookspecs.__loader__.get_source(hookspecs.__name__)  # type: ignore[union-attr]
    assert source is not None
    extra = '''

@hookspec
def burgundy_market_day(rules: Ruleset) -> Callable[[State, int, Income], Income] | None:
    """A new modifier."""


@hookspec
def burgundy_more_boards(rules: Ruleset) -> Mapping[str, Board] | None:
    """A new provider of a mapping: merged by the engine's own code, not a tuple."""
'''
    root = TOOL.parent.parent
    engine_source = root.joinpath("src/burgundy/rules/engine.py").read_text(encoding="utf-8")
    state_source = root.joinpath("src/burgundy/state.py").read_text(encoding="utf-8")
    text = tool.render(source + extra, engine_source, state_source)
    line = "    market_day: tuple[Callable[[State, int, Income], Income], ...] = ()\n"
    assert line in text
    assert "more_boards" not in text
    assert text.replace(line, "", 1) == tool.render(source, engine_source, state_source)
    assert tool.render(source, engine_source, state_source) == state_source


@needs_tool
def test_a_hook_naming_a_type_the_state_module_cannot_name_is_refused() -> None:
    """The hook tuples are typed inside ``burgundy.state`` (below the rules): a hook whose
    callable names a type that module does not import stops the generator with a message,
    instead of writing a block mypy would only half check."""
    tool = _tool()
    source = hookspecs.__loader__.get_source(hookspecs.__name__)  # type: ignore[union-attr]
    assert source is not None
    extra = '''

@hookspec
def burgundy_market_day(rules: RulesView) -> Callable[[State, Market], State] | None:
    """Names a type from above the state."""
'''
    root = TOOL.parent.parent
    engine_source = root.joinpath("src/burgundy/rules/engine.py").read_text(encoding="utf-8")
    state_source = root.joinpath("src/burgundy/state.py").read_text(encoding="utf-8")
    with pytest.raises(SystemExit, match=r"\['Market'\]"):
        tool.render(source + extra, engine_source, state_source)
