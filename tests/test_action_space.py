"""The action spaces (:mod:`burgundy.action_space`) are exact and complete: in random games of
every variant mix, every legal action's key is in its type's space and no two legal actions
of a state share a (type, key) (issue #18: the basis of the RL action-id codec)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

import pytest

import burgundy
from burgundy.action_space import DIES, LOOSE_DIES, dies, purchase_sources, type_space
from burgundy.actions import CORE_ACTIONS, BuyTile, TakeWorkers
from burgundy.components import tile_code
from burgundy.registry import example_options
from burgundy.state import State
from burgundy.testing import build_position, sample_outcome
from burgundy.variants import Ruleset, every_variant

Install = Callable[[str, str], None]

STEPS = 1200
"""Decisions per playout (a short one: the spaces are the same all game; the variants'
actions are favoured so they come up)."""


def action_types(rules: Ruleset) -> list[type]:
    """The core's action types and those of the ruleset's variants."""
    types: list[type] = list(CORE_ACTIONS)
    types.extend(t for t in rules.engine.action_types if t not in types)  # ResolveFirst too
    for info in rules.infos:
        types.extend(t for t in info.action_types if t not in types)
    return types


def space_errors(rules: Ruleset, states: Iterable[State]) -> list[str]:
    """What is wrong with the spaces of ``rules`` in ``states``: a legal action whose key is
    not in its type's space, or two legal actions of one state with the same key."""
    spaces: dict[type, tuple[set[Hashable], Callable[..., Hashable], bool]] = {}
    for cls in action_types(rules):
        listed, key = type_space(rules, cls)
        assert len(set(listed)) == len(listed), f"{cls.__name__}: a key twice in its space"
        spaces[cls] = (set(listed), key, bool(getattr(cls, "state_key", False)))
    errors: list[str] = []
    for state in states:
        if state.is_terminal or state.is_chance:
            continue
        seen: set[tuple[type, Hashable]] = set()
        for action in state.legal_actions():
            keys, key, by_state = spaces[type(action)]
            k = key(action, state) if by_state else key(action)
            if k not in keys:
                errors.append(f"{action!r} ({action}): key {k!r} not in its type's space")
            if (type(action), k) in seen:
                errors.append(f"{action!r}: key {k!r} shared by two legal actions")
            seen.add((type(action), k))
    return errors


def play(rules: Ruleset, seed: int, steps: int = STEPS) -> Iterator[State]:
    """The first ``steps`` states of a random game (uniform, with sampled chance), the
    variants' own actions and the purchases favoured so that they come up."""
    prefer = (*(t for t in action_types(rules) if t not in CORE_ACTIONS), BuyTile)
    rng = random.Random(seed)
    state = rules.initial_state()
    for _ in range(steps):
        yield state
        if state.is_terminal:
            return
        if state.is_chance:
            state = state.apply(sample_outcome(state, rng))
            continue
        legal = state.legal_actions()
        preferred = [a for a in legal if isinstance(a, prefer)]
        state = state.apply(rng.choice(preferred if preferred and rng.random() < 0.5 else legal))


def _mixes() -> list[tuple[int, tuple[str, ...], dict[str, Any]]]:
    mixes: list[tuple[int, tuple[str, ...], dict[str, Any]]] = []
    for players in (1, 2, 3, 4):
        every = every_variant(players)
        mixes.append((players, every, {}))
    small: list[tuple[int, tuple[str, ...], dict[str, Any]]] = [
        (2, (), {}),
        (2, ("knowledge",), {"edition": "2011"}),
        (2, ("knowledge", "inns"), {}),
        (3, ("white_castles", "shields"), {}),
        (2, ("extra_hexes", "white_castles"), {}),
        (4, ("team",), {}),
        (3, ("outposts", "knowledge"), {}),
        (2, ("trade_routes",), {}),
        (3, ("trade_routes",), {"options": {"trade_routes_order": "choose"}}),
        (1, ("solo",), {}),
    ]
    return mixes + small


def _ruleset(players: int, variants: tuple[str, ...], extra: dict[str, Any]) -> Ruleset:
    """The mix's ruleset: its variants' example options, then those the mix names."""
    extra = dict(extra)
    options = {**example_options(variants), **extra.pop("options", {})}
    return burgundy.Ruleset(players=players, variants=variants, options=options, **extra)


@pytest.mark.parametrize(
    ("players", "variants", "extra"), _mixes(), ids=lambda v: str(v) if v != {} else ""
)
def test_every_legal_action_has_one_key_of_its_space(
    players: int, variants: tuple[str, ...], extra: dict[str, Any]
) -> None:
    """Issue #18 (an id means one action in every state): random games of the mix; every
    legal action's key is in its type's space, no two of a state share one."""
    rules = _ruleset(players, variants, extra)
    for seed in range(4):
        assert space_errors(rules, play(rules, seed)) == []


def test_the_standard_game_has_at_most_10000_keys() -> None:
    """Issue #18: at most 10,000 ids for the standard game (knowledge), at 2-4 players."""
    for players in (2, 4):
        rules = burgundy.Ruleset(players=players, variants=("knowledge",))
        total = sum(len(type_space(rules, cls)[0]) for cls in action_types(rules))
        assert total <= 10_000


def test_loose_dice_are_only_where_a_variant_can_push_one() -> None:
    """R-WHITE-CASTLE: the white castles' loose dice (7-12) are in the die actions'
    spaces; the base and the standard game's spaces do not grow."""
    for variants in ((), ("knowledge",)):
        rules = burgundy.Ruleset(players=2, variants=variants)
        assert dies(rules) == DIES
        assert TakeWorkers(LOOSE_DIES[0]) not in type_space(rules, TakeWorkers)[0]
    rules = burgundy.Ruleset(players=2, variants=("white_castles",))
    assert dies(rules) == DIES + LOOSE_DIES
    assert {TakeWorkers(d) for d in LOOSE_DIES} <= set(type_space(rules, TakeWorkers)[0])


LANTERN = '''
from burgundy import hookimpl
from burgundy.components import tile_code
from burgundy.pending import LooseDieAction
from burgundy.rules.income import push
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="lantern", loose_dice=DECLARED)


@hookimpl
def burgundy_tile_effect(rules):
    """A placed bank gives a die action with a loose 6 instead of its silverlings."""
    bank = tile_code("bank")
    return lambda state, seat, space, tile: (
        push(state, LooseDieAction(seat, 6)) if tile == bank else None)
'''


@pytest.mark.parametrize("declared", [True, False])
def test_a_variant_declares_its_loose_dice(install_plugin: Install, declared: bool) -> None:
    """VariantInfo.loose_dice (a test plugin with the white castle's shape): declared, the
    loose die's actions have keys; not declared, the check finds them outside the space."""
    install_plugin("lantern", LANTERN.replace("DECLARED", str(declared)))
    rules = burgundy.Ruleset(players=2, variants=("lantern",))
    state = build_position(rules, storage=["bank"], dice=(3, 6), depots={6: ["mine"]})
    after = state.apply(next(a for a in state.legal_actions() if str(a) == "place bank e4 d3"))
    errors = space_errors(rules, [after])
    assert (errors == []) is declared
    assert declared or all("not in its type's space" in e for e in errors)


STALL = '''
from burgundy import hookimpl
from burgundy.components import tile_code
from burgundy.rules.take import PurchaseOffer
from burgundy.variant_info import PurchaseSource, VariantInfo

BANK = tile_code("bank")


@hookimpl
def burgundy_variant():
    return VariantInfo(name="stall", purchase_sources=SOURCES)


@hookimpl
def burgundy_purchases(rules):
    """A stall that always sells a bank, for 3 silverlings."""
    offer = PurchaseOffer("stall", (BANK,), lambda state, tile: state, price=3)
    return {"offers": lambda state, seat: (offer,)}
'''


def buys(rules: Ruleset) -> list[BuyTile]:
    """The BuyTile space of ``rules``."""
    return [k for k in type_space(rules, BuyTile)[0] if isinstance(k, BuyTile)]


def test_a_variant_declares_its_purchase_sources(install_plugin: Install) -> None:
    """VariantInfo.purchase_sources (a test plugin): the stall's purchases are in the
    BuyTile space, only its hex, no workers (no payment hook)."""
    install_plugin("stall", STALL.replace("SOURCES", '(PurchaseSource("stall", 3, (BANK,)),)'))
    rules = burgundy.Ruleset(players=2, variants=("stall",))
    bank = tile_code("bank")
    assert purchase_sources(rules) == (("black", 2, ()), ("stall", 3, (bank,)))
    assert [k for k in buys(rules) if k.source == "stall"] == [BuyTile(bank, "stall", 0)]
    state = build_position(rules, silver=3)
    assert BuyTile(bank, "stall") in state.legal_actions()
    assert space_errors(rules, [state]) == []


def test_an_undeclared_purchase_source_is_found(install_plugin: Install) -> None:
    """Without the declaration the stall's purchase has no key: the check finds it."""
    install_plugin("stall", STALL.replace("SOURCES", "()"))
    rules = burgundy.Ruleset(players=2, variants=("stall",))
    state = build_position(rules, silver=3)
    assert any("'stall'" in e for e in space_errors(rules, [state]))


def test_workers_pay_up_to_each_sources_price() -> None:
    """Knowledge #6 (2019): workers may pay any purchase, 0 up to its price, from the black
    depot, the depots "1"-"6" and the inns alike."""
    rules = burgundy.Ruleset(players=2, variants=("knowledge",))
    keys = set(buys(rules))
    sources = {k.source for k in keys}
    assert sources == {"black", "1", "2", "3", "4", "5", "6"}
    assert {k.workers for k in keys} == {0, 1, 2}
    base = set(buys(burgundy.Ruleset(players=2, variants=())))
    assert {(k.source, k.workers) for k in base} == {("black", 0)}


def test_the_geese_choice_has_keys() -> None:
    """R-EXTRA-HEXES, X4: the geese's choice of a species (cow or sheep here) has keys."""
    rules = burgundy.Ruleset(players=2, variants=("extra_hexes",))
    state = build_position(rules, storage=["geese", "pig2"], dice=(2, 6),
                           tiles={"c3": "bank", "c2": "cow3", "b2": "sheep4"})
    after = state.apply(next(a for a in state.legal_actions() if str(a) == "place geese b1 d2"))
    assert {str(a) for a in after.legal_actions()} == {"geese cow", "geese sheep"}
    assert space_errors(rules, [after]) == []


def test_the_crane_choice_has_keys() -> None:
    """R-EXTRA-HEXES, X3: the crane's choice of a building effect has keys (the white
    castle's too, with that variant on)."""
    rules = burgundy.Ruleset(players=2, variants=("extra_hexes", "white_castles"))
    state = build_position(rules, storage=["crane"], dice=(3, 3))
    place = next(a for a in state.legal_actions() if str(a).startswith("place crane"))
    after = state.apply(place)
    assert len(after.legal_actions()) == 9  # the core's eight buildings, the white castle
    assert space_errors(rules, [after]) == []
