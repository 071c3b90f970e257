"""Unordered pending items (issue #30): a variant declares pending types unordered
(``VariantInfo.unordered_pending``) and, when two or more of them are due together for one
seat, the seat chooses which to resolve next (``OrderChoice``, ``first ...``;
:mod:`burgundy.rules.order`). Tested with a small test plugin, not the solo module: every
building placed also gives a castle's bonus action (R-CASTLE), in any order with the
building's own effect."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import burgundy
from burgundy.actions import ResolveFirst
from burgundy.io import from_json, to_json
from burgundy.pending import BonusAction, ChosenNext, OrderChoice, Turn, WarehouseSell
from burgundy.rl import ActionCodec, observe
from burgundy.rl.observation import observation_layout
from burgundy.state import State
from burgundy.testing import build_position, check_conformance, legal_texts, play_texts

Install = Callable[[str, str], None]

ANY_ORDER = '''
from burgundy.plugin import (
    TILE_EFFECT, BonusAction, BuildingTake, TownHallPlace, VariantInfo, WarehouseSell,
    hookimpl, push,
)


@hookimpl
def burgundy_variant():
    return VariantInfo(
        name="anyorder",
        unordered_pending=(BonusAction, BuildingTake, WarehouseSell, TownHallPlace),
    )


@hookimpl
def burgundy_events(rules):
    """A building placed also gives a castle's bonus action (pushed before the core pushes
    the building's own effect)."""
    def place(state, seat, space, tile):
        return push(state, BonusAction(seat)) if TILE_EFFECT[tile] == "building" else state
    return {"place": place}
'''


@pytest.fixture
def rules(install_plugin: Install) -> burgundy.Ruleset:
    install_plugin("anyorder", ANY_ORDER)
    return burgundy.Ruleset(players=2, variants=("anyorder",))


def _kinds(state: State) -> list[str]:
    return [type(p).__name__ for p in state.pending]


def _warehouse(rules: burgundy.Ruleset) -> State:
    """A warehouse placed on c3: its sale and the bonus action are due together."""
    state = build_position(rules, storage=["warehouse"], dice=(3, 5), goods=(0, 0, 0, 0, 2, 0))
    return play_texts(state, "place warehouse c3 d3")


def test_two_unordered_items_due_together_are_a_choice(rules: burgundy.Ruleset) -> None:
    """When two unordered items of one seat are due at once, the seat picks which first:
    every one of them is offered, and nothing else."""
    state = _warehouse(rules)
    assert _kinds(state)[-4:] == ["Turn", "BonusAction", "WarehouseSell", "OrderChoice"]
    assert legal_texts(state) == {"first warehouse-sell", "first bonus-action"}
    assert state.current_player == state.pending[-2].seat


def test_the_building_first_then_the_bonus(rules: burgundy.Ruleset) -> None:
    """Order one: the warehouse's sale, then the bonus action, which may then sell nothing
    of colour 5 (sold already) but may still take workers."""
    state = play_texts(_warehouse(rules), "first warehouse-sell")
    assert isinstance(state.pending[-1], WarehouseSell)
    assert isinstance(state.pending[-2], ChosenNext)
    assert "sell 5" in legal_texts(state)
    state = play_texts(state, "sell 5")
    assert isinstance(state.pending[-1], BonusAction)  # the one left: no choice
    assert not any(isinstance(p, ChosenNext | OrderChoice) for p in state.pending)
    assert "sell 5 d*" not in legal_texts(state) and "workers d*" in legal_texts(state)
    seat = state.pending[-1].seat
    assert state.seat_estate(seat).goods[4] == 0


def test_the_bonus_first_then_the_building(rules: burgundy.Ruleset) -> None:
    """Order two: the bonus action first (it sells the 5s), then the warehouse's sale, which
    has nothing left to sell and is skipped."""
    state = play_texts(_warehouse(rules), "first bonus-action")
    assert isinstance(state.pending[-1], BonusAction)
    state = play_texts(state, "sell 5 d*")
    assert isinstance(state.pending[-1], Turn)  # the warehouse had nothing to sell
    assert not any(isinstance(p, ChosenNext | WarehouseSell) for p in state.pending)


def test_a_declined_item_leaves_the_rest_to_resolve(rules: burgundy.Ruleset) -> None:
    """Declining the chosen optional item removes its marker; the rest follow."""
    state = play_texts(_warehouse(rules), "first warehouse-sell", "decline")
    assert isinstance(state.pending[-1], BonusAction)
    assert not any(isinstance(p, ChosenNext) for p in state.pending)


def test_what_an_item_brings_joins_the_choice(rules: burgundy.Ruleset) -> None:
    """The bonus action places a market: its take and its own bonus action join the
    warehouse's sale still due, and the next choice is among all three."""
    state = build_position(rules, storage=["warehouse", "market"], dice=(3, 5),
                           goods=(0, 0, 0, 0, 2, 0))
    state = play_texts(state, "place warehouse c3 d3", "first bonus-action", "place market e4 d*")
    texts = legal_texts(state)
    assert {"first warehouse-sell", "first bonus-action", "first building-take"} <= texts


def test_the_choice_round_trips_and_validates(rules: burgundy.Ruleset) -> None:
    """The choice and the marker are pending items of the ruleset: they serialise and
    validate like any other."""
    for state in (_warehouse(rules), play_texts(_warehouse(rules), "first warehouse-sell")):
        assert from_json(to_json(state), rules) == state


def test_random_games_with_unordered_items_pass_the_conformance_kit(
    rules: burgundy.Ruleset,
) -> None:
    """The conformance kit: random games to the end, invariants at every step."""
    check_conformance(rules, seeds=range(2))


def test_the_id_space_and_the_observation_name_the_choice(rules: burgundy.Ruleset) -> None:
    """The codec has a block for ``first ...`` (each unordered decision type, four of
    each); the observation's pending slice shows the choice on top. A ruleset without
    unordered types has neither."""
    codec = ActionCodec(rules)
    block = next(b for b in codec.blocks if b.type is ResolveFirst)
    assert block.size == 4 * 4
    state = _warehouse(rules)
    assert all(codec.decode(codec.encode(a), state) == a for a in state.legal_actions())
    vector = observe(state, state.current_player)
    start = dict((n, s) for n, s, _ in observation_layout(rules))["pending"]
    assert vector[start + rules.engine.pending_types.index(OrderChoice)] == 1
    plain = burgundy.Ruleset(players=2, variants=())
    assert ResolveFirst not in plain.engine.action_types
    assert OrderChoice not in plain.engine.pending_types
