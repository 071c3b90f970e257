"""The core's general pieces the rest of the 2019 box needs (issue #17), each tested with a
small test plugin or directly: a die use with a value that is not in the hand (a *loose*
die: the white castle's action, R-WHITE-CASTLE), purchase sources and payments (one
purchase mechanism: the inns' stack and knowledge #6's workers, R-INN-PLACE), counting
buildings by type (knowledge #16-#23 and #29, the crane, R-EXTRA-HEXES) and the phase-start
event (an inn each phase, R-INN-PLACE)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import burgundy
from burgundy.actions import BuyTile, TakeTile
from burgundy.domains import LOOSE_DIE, loose_die
from burgundy.pending import LooseDieAction, PhaseStart
from burgundy.rules.income import push
from burgundy.rules.scoring import building_count, tile_terms
from burgundy.rules.setup import run_phase_start
from burgundy.state import replace
from burgundy.testing import (
    build_position,
    check_conformance,
    first_turn,
    legal_texts,
    play_texts,
    with_tiles,
)

Install = Callable[[str, str], None]

SHOP = '''
from burgundy import hookimpl
from burgundy.rules.income import add_silver
from burgundy.rules.take import PurchaseOffer, remove_from_depot
from burgundy.components import distinct
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="shop")


@hookimpl
def burgundy_purchases(rules):
    """Depot 1's hexes may be bought too, for 3 silverlings; any purchase may pay one
    silverling with a worker."""
    def offers(state, seat):
        tiles = distinct(state.depots[0])
        take = lambda state, tile: remove_from_depot(state, 1, tile)
        return (PurchaseOffer("one", tiles, take, price=3),) if tiles else ()
    return {
        "offers": offers,
        "payments": lambda state, seat, offer, payments: (*payments, 1),
    }


@hookimpl
def burgundy_building_count(rules):
    """Every duchy counts one bank more."""
    return lambda state, estate, building, count: count + (building == "bank")


@hookimpl
def burgundy_events(rules):
    """Seat 0's estate gets a silverling at each phase start."""
    return {"phase_start": lambda state: add_silver(state, 0, 1)}
'''


@pytest.fixture
def shop(install_plugin: Install) -> burgundy.Ruleset:
    install_plugin("shop", SHOP)
    return burgundy.Ruleset(players=2, variants=("shop",))


# -- a loose die ----------------------------------------------------------------------------
def _loose(rules: burgundy.Ruleset, value: int, **position: object) -> burgundy.State:
    state = build_position(rules, **position)  # type: ignore[arg-type]
    return push(state, LooseDieAction(state.current_player, value))


def test_a_loose_die_uses_its_value_without_spending_a_die_of_the_hand() -> None:
    """R-WHITE-CASTLE: the action takes the white die's value, not a die of the hand —
    even when the hand holds a die of the same number, that die stays."""
    rules = burgundy.Ruleset(players=2, variants=())
    state = _loose(rules, 3, dice=(3, 5), depots={3: ["bank"], 5: ["mine"]})
    seat = state.current_player
    takes = legal_texts(state, "take ")
    assert takes == {"take bank 3 v3"}  # depot 5 would need two workers
    after = play_texts(state, "take bank 3 v3")
    assert after.seats[seat].dice == (3, 5)
    assert after.seat_estate(seat).storage == (burgundy.components.tile_code("bank"),)
    assert "workers v3" not in legal_texts(after)  # the loose die's action is used


def test_workers_change_a_loose_die() -> None:
    """R-WHITE-CASTLE: workers change the white die's value for the action, at the usual
    cost (1 a step, round 6-1)."""
    rules = burgundy.Ruleset(players=2, variants=())
    state = _loose(rules, 6, workers=1, dice=(2, 2), depots={1: ["bank"], 5: ["mine"],
                                                            3: ["church"]})
    assert legal_texts(state, "take ") == {"take bank 1 v6", "take mine 5 v6"}
    after = play_texts(state, "take bank 1 v6")
    assert after.seat_estate(after.current_player).workers == 0
    assert after.seats[after.current_player].dice == (2, 2)


def test_a_loose_die_offers_every_die_action() -> None:
    """R-WHITE-CASTLE: take, place, sell, take workers — all four die actions."""
    rules = burgundy.Ruleset(players=2, variants=())
    state = _loose(rules, 4, storage=["ship"], goods=(0, 0, 0, 2, 0, 0), depots={4: ["bank"]})
    texts = legal_texts(state)
    assert {"take bank 4 v4", "sell 4 v4", "workers v4"} <= texts
    assert {a.die for a in state.legal_actions()} == {loose_die(4)} == {LOOSE_DIE + 4}
    action = next(a for a in state.legal_actions() if isinstance(a, TakeTile))
    assert str(action) == "take bank 4 v4"


def test_a_bad_loose_die_is_refused_on_load() -> None:
    rules = burgundy.Ruleset(players=2, variants=())
    state = push(build_position(rules), LooseDieAction(0, 7))
    with pytest.raises(ValueError, match="a die shows 1-6"):
        burgundy.validation.validate_state(state)


# -- purchase sources and payments ----------------------------------------------------------
def test_a_variants_source_and_payment_join_the_one_purchase(shop: burgundy.Ruleset) -> None:
    """The core lists every source's purchases the same way (BuyTile naming the source and
    the workers paid), within what the estate can pay."""
    state = build_position(shop, silver=2, workers=1, depots={1: ["bank"]}, black=["mine"])
    buys = legal_texts(state, "buy ")
    assert buys == {"buy mine", "buy mine black w1", "buy bank one w1"}  # 3 silver: 2 + 1
    assert all(type(a) is BuyTile for a in state.legal_actions() if str(a).startswith("buy"))


def test_a_purchase_from_a_source_pays_takes_and_ends_the_purchase(
    shop: burgundy.Ruleset,
) -> None:
    state = build_position(shop, silver=2, workers=1, dice=(2, 2), depots={1: ["bank"]},
                           black=["mine"])
    seat = state.current_player
    after = play_texts(state, "buy bank one w1")
    estate = after.seat_estate(seat)
    assert (estate.silver, estate.workers) == (0, 0)
    assert after.depots[0] == ()
    assert estate.storage == (burgundy.components.tile_code("bank"),)
    assert after.purchased and legal_texts(after, "buy ") == set()


def test_a_full_storage_discards_for_any_source(shop: burgundy.Ruleset) -> None:
    """R-STORAGE applies to a variant's source as to the black depot: one place in the
    core stores a bought hex."""
    state = build_position(shop, silver=3, storage=["ship", "mine", "castle"],
                           depots={1: ["bank"]})
    assert "buy bank one" in legal_texts(state, "buy ")
    bought = play_texts(state, "buy bank one")  # where it goes is the next decision
    assert legal_texts(bought) == {"drop ship", "drop mine", "drop castle"}
    after = play_texts(bought, "drop ship")
    assert after.removed[burgundy.components.tile_code("ship")] >= 1
    assert burgundy.components.tile_code("bank") in after.seat_estate(1).storage


def test_the_shop_plugin_conforms(shop: burgundy.Ruleset) -> None:
    check_conformance(shop, seeds=range(1))


# -- counting buildings ---------------------------------------------------------------------
def test_building_count_counts_types_and_takes_modifiers(shop: burgundy.Ruleset) -> None:
    """Knowledge #16-#23 count with building_count, so a variant's modifier (the crane)
    reaches them."""
    plain = burgundy.Ruleset(players=2, variants=())
    state = with_tiles(build_position(plain), 0, {"d1": "bank", "d2": "market"})
    assert building_count(state, 0, "bank") == 1
    assert building_count(state, 0, "church") == 0
    shopped = with_tiles(build_position(shop), 0, {"d1": "bank"})
    assert building_count(shopped, 0, "bank") == 2
    assert building_count(shopped, 0, "market") == 0


def test_knowledge_16_to_23_count_through_building_count(install_plugin: Install) -> None:
    install_plugin("shop", SHOP)
    rules = burgundy.Ruleset(players=2, variants=("knowledge", "shop"))
    state = with_tiles(build_position(rules), 0, {"d1": "bank", "d2": "k22"})
    terms = tile_terms(state, 0, 1 << burgundy.components.tile_code("k22"))
    assert terms == {"knowledge #22": 8}  # one bank placed, one counted by the modifier


# -- phase start ----------------------------------------------------------------------------
def test_the_phase_start_event_runs_at_each_phase_start(shop: burgundy.Ruleset) -> None:
    """Phase A's start included (the inns' first inn, R-INN-PLACE), then every later one;
    the depots are cleared before it runs."""
    plain = first_turn(burgundy.Ruleset(players=2, variants=()), 3)
    state = first_turn(shop, 3)
    start = 0
    assert state.seat_estate(start).silver == plain.seat_estate(start).silver + 1
    later = run_phase_start(replace(state, phase=1), PhaseStart())
    assert later.seat_estate(start).silver == state.seat_estate(start).silver + 1
    assert later.depots == ((),) * 6 and later.black_depot == ()


# -- held tiles -----------------------------------------------------------------------------
STASH = '''
import attrs
from burgundy import hookimpl
from burgundy.components import tile_code
from burgundy.state import replace
from burgundy.variant_info import VariantInfo


@attrs.frozen
class Stash:
    banks: int


@hookimpl
def burgundy_variant():
    return VariantInfo(name="stash", state_type=Stash)


@hookimpl
def burgundy_setup(rules):
    """One bank leaves the supply for the variant's own stash."""
    def setup(state):
        supply = list(state.supply)
        supply[tile_code("bank")] -= 1
        return replace(state, supply=tuple(supply)).with_variant_state("stash", Stash(1))
    return setup


@hookimpl
def burgundy_held(rules):
    return {"tiles": lambda state: {tile_code("bank"): state.variant_state("stash").banks}}
'''


def test_held_tiles_count_in_conservation(install_plugin: Install) -> None:
    """Hexes a variant keeps in its own state (the inns' stack) stay part of the game:
    conservation counts them; a stash that loses its bank is refused."""
    install_plugin("stash", STASH)
    rules = burgundy.Ruleset(players=2, variants=("stash",))
    state = first_turn(rules, 1)
    burgundy.validation.validate_state(state)
    stash = state.variant_state("stash")
    with pytest.raises(ValueError, match="hexes: not conserved"):
        burgundy.validation.validate_state(state.with_variant_state("stash", type(stash)(0)))


# -- a loose die from a variant's tile effect -----------------------------------------------
LANTERN = '''
from burgundy import hookimpl
from burgundy.components import tile_code
from burgundy.pending import LooseDieAction
from burgundy.rules.income import push
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="lantern")


@hookimpl
def burgundy_tile_effect(rules):
    """A placed bank gives a die action with a loose 6 instead of its silverlings."""
    bank = tile_code("bank")
    return lambda state, seat, space, tile: (
        push(state, LooseDieAction(seat, 6)) if tile == bank else None)
'''


def test_a_variant_gives_a_die_action_with_a_loose_die(install_plugin: Install) -> None:
    """The white castle's shape (R-WHITE-CASTLE) in a test plugin: a tile effect pushes
    the core's LooseDieAction; the hand's own 6 stays; the variant conforms."""
    install_plugin("lantern", LANTERN)
    rules = burgundy.Ruleset(players=2, variants=("lantern",))
    state = build_position(rules, storage=["bank"], dice=(3, 6), depots={6: ["mine"]})
    seat = state.current_player
    after = play_texts(state, "place bank e4 d3")
    assert after.pending[-1] == LooseDieAction(seat, 6)
    done = play_texts(after, "take mine 6 v6")
    assert done.seats[seat].dice == (6,) and done.seat_estate(seat).silver == 0
    check_conformance(rules, seeds=range(1))
