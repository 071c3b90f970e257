"""Rule tests: a turn — dice and workers, taking hexes, placing hexes, the purchase, the white
die.

Sources: the Spanish rulebook (ES11) pp4-5 and p9 ("Ejemplo: pagando 2 losetas de
trabajador, Anna puede convertir un 2 en un 6"; "Cambiar de 6 a 1 ó de 1 a 6 también cuesta
un trabajador"; the take/place actions; the black depot "una vez por turno ... 2 piezas de
plata"), the rulings R-STORAGE, R-DEPOT-EMPTY, R-WHITE, the editions table's purchase timing and
docs/rules.md, "A turn".
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

import pytest

from base_positions import NO_DEPOTS, base_first_turn, play_to, set_depots_from_supply
from burgundy import IllegalActionError, Ruleset, State
from burgundy.actions import BuyTile, PlaceTile, SellGoods, TakeTile, TakeWorkers
from burgundy.components import tile_code
from burgundy.geometry import SPACE_BY_NAME
from burgundy.pending import BeginTurns, BonusAction, DiceRoll, ShipGoods, Turn, WhiteRoll
from burgundy.rules.dice import ring_steps
from burgundy.state import replace
from burgundy.testing import legal_texts as _texts
from burgundy.testing import play_texts as _play
from burgundy.testing import (
    take_from_supply,
    with_dice,
    with_estate,
    with_tiles,
)


# -- helpers --------------------------------------------------------------------------------
def _storage(state: State, seat: int, *names: str) -> State:
    """Give seat ``seat`` exactly these stored hexes (taken from the supply)."""
    state = take_from_supply(state, *names)
    return with_estate(state, seat, storage=list(names))


def _position(
    *dice: int, workers: int = 0, silver: int = 0, storage: Iterable[str] = (),
    depots: dict[int, Iterable[str]] | None = None, black: Iterable[str] = (),
    edition: str = "2019", players: int = 2,
) -> tuple[State, int]:
    """A first turn with the mover's dice, workers, silver, storage and the depots fixed
    (no goods: give them with ``with_estate``)."""
    state = base_first_turn(players=players, edition=edition)
    me = state.current_player
    state = set_depots_from_supply(state, {**NO_DEPOTS, **(depots or {})}, black)
    state = _storage(state, me, *storage)
    state = with_estate(state, me, workers=workers, silver=silver, goods=(0,) * 6)
    return with_dice(state, me, *dice), me


# -- dice and workers (rulebook p4) --------------------------------------------------------
def test_rulebook_anna_two_workers_turn_a_2_into_a_6() -> None:
    state, me = _position(2, 2, workers=2, depots={6: ["bank"], 4: ["ship"]})
    assert _texts(state, "take") == {"take bank 6 d2", "take ship 4 d2"}
    state = _play(state, "take bank 6 d2")
    assert state.seat_estate(me).workers == 0
    assert state.seat_estate(me).storage == (tile_code("bank"),)
    assert state.seats[me].dice == (2,)


def test_rulebook_anna_needs_both_workers() -> None:
    state, _ = _position(2, 2, workers=1, depots={6: ["bank"], 4: ["ship"]})
    assert _texts(state, "take") == set()
    with pytest.raises(IllegalActionError):
        state.apply(TakeTile(2, 6, tile_code("bank")))


@pytest.mark.parametrize(("die", "value"), [(6, 1), (1, 6)])
def test_rulebook_changing_6_to_1_or_1_to_6_costs_one_worker(die: int, value: int) -> None:
    state, me = _position(die, die, workers=1, depots={value: ["ship"]})
    state = _play(state, f"take ship {value} d{die}")
    assert state.seat_estate(me).workers == 0


@pytest.mark.parametrize("die", range(1, 7))
@pytest.mark.parametrize("workers", range(4))
def test_rulebook_worker_cost_is_the_distance_round_the_ring(die: int, workers: int) -> None:
    """Each worker changes a die by ±1, 6↔1 included: a die reaches the depots within
    ``workers`` steps round the ring 1-6."""
    state, _ = _position(die, die, workers=workers, depots={d: ["ship"] for d in range(1, 7)})
    reachable = {d for d in range(1, 7) if min(abs(d - die), 6 - abs(d - die)) <= workers}
    assert _texts(state, "take") == {f"take ship {d} d{die}" for d in reachable}
    assert ring_steps(die, 1 + (die + 2) % 6) == 3


def test_rulebook_workers_are_paid_per_step_on_a_sale_and_a_placement() -> None:
    state, me = _position(2, 3, workers=3, storage=["ship"])
    state = with_estate(state, me, goods=(0, 0, 0, 0, 3, 0))
    # sell goods 5 with the 3 (2 steps) or the 2 (3 steps)
    assert _texts(state, "sell") == {"sell 5 d3", "sell 5 d2"}
    after = _play(state, "sell 5 d3")
    assert after.seat_estate(me).workers == 1
    # place the ship on d5 (die 5) with the 3: 2 workers; on d3 (die 2) with the 3: 1 worker
    assert _texts(state, "place") == {
        "place ship d3 d2", "place ship d3 d3", "place ship d5 d2", "place ship d5 d3",
    }
    assert _play(state, "place ship d5 d3").seat_estate(me).workers == 1
    assert _play(state, "place ship d3 d3").seat_estate(me).workers == 2
    assert _play(state, "place ship d3 d2").seat_estate(me).workers == 3


def test_rulebook_take_workers_gives_two_whatever_the_die() -> None:
    state, me = _position(1, 5, workers=3)
    assert _texts(state, "workers") == {"workers d1", "workers d5"}
    state = _play(state, "workers d5")
    assert state.seat_estate(me).workers == 5
    assert state.seats[me].dice == (1,)
    assert state.scores == (0, 0)


def test_workers_from_the_first_die_serve_the_second() -> None:
    state, me = _position(1, 4, depots={6: ["bank"]})
    assert _texts(state, "take") == set()
    state = _play(state, "workers d1")
    assert _texts(state, "take") == {"take bank 6 d4"}
    state = _play(state, "take bank 6 d4")
    assert state.seat_estate(me).workers == 0


def test_rulebook_two_dice_rolled_per_seat_with_exact_probabilities() -> None:
    rng = random.Random(0)
    state = play_to(Ruleset(players=2, variants=()).initial_state(), WhiteRoll, rng)
    white = state.chance_outcomes()
    assert [o for o, _ in white] == [1, 2, 3, 4, 5, 6]
    assert all(math.isclose(p, 1 / 6) for _, p in white)
    state = state.apply(3)
    assert isinstance(state.pending[-1], DiceRoll)
    assert state.pending[-1].roller == state.order[0]
    rolls = dict(state.chance_outcomes())
    assert len(rolls) == 21
    assert math.isclose(sum(rolls.values()), 1.0)
    assert math.isclose(rolls[(2, 2)], 1 / 36) and math.isclose(rolls[(2, 5)], 2 / 36)
    state = state.apply((2, 5))
    assert state.seats[state.order[0]].rolled == (2, 5)


def test_rulebook_a_turn_is_exactly_two_die_actions() -> None:
    state, me = _position(1, 5)
    state = _play(state, "workers d1", "workers d5")
    assert state.current_player != me  # the turn ended by itself (no purchase possible)
    assert state.seats[me].dice == ()
    assert state.seat_estate(me).workers == 4


def test_rulebook_doubles_give_two_actions_with_the_same_value() -> None:
    state, me = _position(4, 4, depots={4: ["ship", "bank"]})
    assert _texts(state, "take") == {"take ship 4 d4", "take bank 4 d4"}
    state = _play(state, "take ship 4 d4")
    assert state.current_player == me and state.seats[me].dice == (4,)
    assert _texts(state, "take") == {"take bank 4 d4"}
    state = _play(state, "take bank 4 d4")
    assert state.current_player != me


# -- take a hex (rulebook p5; R-STORAGE; R-DEPOT-EMPTY) -------------------------------------
def test_rulebook_take_only_from_the_depot_of_the_die() -> None:
    state, me = _position(
        3, 5, depots={3: ["ship", "cow2"], 5: ["mine", "k3"], 4: ["bank"], 2: ["castle"]},
        black=["church"],
    )
    assert _texts(state, "take") == {
        "take ship 3 d3", "take cow2 3 d3", "take mine 5 d5", "take k3 5 d5",
    }
    state = _play(state, "take cow2 3 d3")
    estate = state.seat_estate(me)
    assert estate.storage == (tile_code("cow2"),)  # into storage, never the duchy
    assert estate.filled.bit_count() == 1
    assert state.depots[2] == (tile_code("ship"),)


def test_identical_hexes_on_a_depot_are_one_choice() -> None:
    """Rulebook p5 (take "una loseta hexagonal a su elección"): identical hexes are one
    choice."""
    state, _ = _position(3, 3, depots={3: ["ship", "ship"]})
    assert _texts(state, "take") == {"take ship 3 d3"}


def test_r_storage_full_storage_offers_a_discard_of_each_stored_kind() -> None:
    """R-STORAGE: the take, then which stored hex to discard (a decision of its own)."""
    state, me = _position(5, 5, storage=["ship", "castle", "mine"], depots={5: ["bank"]})
    assert _texts(state, "take") == {"take bank 5 d5"}
    asked = _play(state, "take bank 5 d5")
    assert _texts(asked) == {"drop ship", "drop castle", "drop mine"}
    removed_before = state.removed[tile_code("castle")]
    state = _play(asked, "drop castle")
    assert state.seat_estate(me).storage == tuple(
        sorted(tile_code(t) for t in ("ship", "mine", "bank"))
    )
    assert state.removed[tile_code("castle")] == removed_before + 1  # out of the game


def test_r_storage_discard_choices_are_distinct_kinds() -> None:
    """R-STORAGE: one discard per stored kind, not per stored hex."""
    state, _ = _position(5, 5, storage=["ship", "ship", "mine"], depots={5: ["bank"]})
    assert _texts(_play(state, "take bank 5 d5")) == {"drop ship", "drop mine"}


def test_storage_with_room_takes_without_a_discard() -> None:
    """Rulebook p5 / R-STORAGE: discarding is only for a full storage (3 spaces)."""
    state, me = _position(5, 5, storage=["ship", "mine"], depots={5: ["bank"]})
    assert _texts(state, "take") == {"take bank 5 d5"}
    state = _play(state, "take bank 5 d5")
    assert len(state.seat_estate(me).storage) == 3


def test_r_depot_empty_no_take_from_an_empty_depot() -> None:
    state, _ = _position(2, 2, depots={1: ["ship"]})
    assert _texts(state, "take") == set()
    assert _texts(state) == {"workers d2"}


def test_r_depot_empty_workers_may_point_the_die_elsewhere() -> None:
    state, me = _position(2, 2, workers=1, depots={1: ["ship"]})
    assert _texts(state, "take") == {"take ship 1 d2"}
    assert _play(state, "take ship 1 d2").seat_estate(me).workers == 0


# -- place a hex (rulebook p5) -------------------------------------------------------------
def test_rulebook_first_hex_goes_next_to_the_start_castle() -> None:
    """Ship spaces with die 1 exist (d2, d7) but do not touch the castle on d4; d3 does."""
    state, _ = _position(1, 2, storage=["ship"])
    assert _texts(state, "place") == {"place ship d3 d2"}


def test_rulebook_colour_and_die_number_must_match() -> None:
    state, _ = _position(3, 4, storage=["bank", "mine", "ship"])
    # c3 and e4 are city 3s, e3 is the mine 4; the ship spaces next door are 2 and 5
    assert _texts(state, "place") == {
        "place bank c3 d3", "place bank e4 d3", "place mine e3 d4",
    }


def test_rulebook_placed_hex_leaves_storage_and_covers_the_space() -> None:
    state, me = _position(3, 4, storage=["bank", "mine"])
    state = _play(state, "place mine e3 d4")
    estate = state.seat_estate(me)
    assert estate.storage == (tile_code("bank"),)
    assert estate.spaces[SPACE_BY_NAME["e3"]] == tile_code("mine")
    assert state.seats[me].dice == (3,)


def test_rulebook_later_hexes_touch_any_covered_space() -> None:
    state, _ = _position(1, 4, storage=["ship", "ship"])
    me = state.current_player
    state = with_tiles(state, me, {"d5": "ship"})
    # d6 (die 4) now touches d5; d7 (die 1) touches only d6, still empty
    assert _texts(state, "place") == {"place ship d6 d4"}


def test_rulebook_one_building_of_each_type_per_city() -> None:
    state, me = _position(1, 3, storage=["bank", "market"])
    state = with_tiles(state, me, {"e4": "bank"})
    # e5 (city 1) is in e4's 5-space city, c3 (city 3) is a city of its own
    assert _texts(state, "place") == {
        "place bank c3 d3", "place market e5 d1", "place market c3 d3",
    }


def test_rulebook_tiles_cannot_go_on_covered_spaces() -> None:
    state, me = _position(3, 3, storage=["bank"])
    state = with_tiles(state, me, {"c3": "market"})
    assert _texts(state, "place") == {"place bank e4 d3"}


# -- the purchase (rulebook p9; R-STORAGE; the editions table) -----------------------------
def test_rulebook_purchase_costs_2_silver_from_the_black_depot_once_per_turn() -> None:
    state, me = _position(
        1, 1, silver=5, depots={1: ["ship"]}, black=["watchtower", "cow4", "cow4"]
    )
    assert _texts(state, "buy") == {"buy watchtower", "buy cow4"}  # not "buy ship"
    state = _play(state, "buy cow4")
    estate = state.seat_estate(me)
    assert estate.silver == 3
    assert estate.storage == (tile_code("cow4"),)
    assert sorted(state.black_depot) == sorted(tile_code(t) for t in ("watchtower", "cow4"))
    assert state.seats[me].dice == (1, 1)  # not a die action
    assert state.current_player == me
    assert _texts(state, "buy") == set()  # once per turn
    state = _play(state, "workers d1")
    assert _texts(state, "buy") == set()


def test_rulebook_no_purchase_with_fewer_than_2_silver() -> None:
    state, _ = _position(1, 1, silver=1, black=["watchtower"])
    assert _texts(state, "buy") == set()


def test_r_storage_purchase_with_full_storage_discards_first() -> None:
    """R-STORAGE for the purchase: buy, then which stored hex to discard."""
    state, me = _position(1, 1, silver=2, storage=["ship", "mine", "mine"], black=["bank"])
    assert _texts(state, "buy") == {"buy bank"}
    assert _texts(_play(state, "buy bank")) == {"drop ship", "drop mine"}
    state = _play(state, "buy bank", "drop mine")
    assert state.seat_estate(me).storage == tuple(
        sorted(tile_code(t) for t in ("ship", "mine", "bank"))
    )
    assert state.seat_estate(me).silver == 0


@pytest.mark.parametrize("edition", ["2019", "2011"])
def test_rulebook_purchase_before_between_or_after_the_dice(edition: str) -> None:
    """After both dice the turn waits for an optional purchase ("end" ends it)."""
    state, me = _position(1, 1, silver=2, black=["bank"], edition=edition)
    assert "buy bank" in _texts(state)
    assert "buy bank" in _texts(_play(state, "workers d1"))
    state = _play(state, "workers d1", "workers d1")
    assert state.current_player == me
    assert _texts(state) == {"buy bank", "end"}
    after_buy = _play(state, "buy bank")
    assert after_buy.current_player != me  # nothing left to do: the turn ends
    after_end = _play(state, "end")
    assert after_end.current_player != me
    assert after_end.seat_estate(me).silver == 2


def test_purchase_resets_for_the_next_seat() -> None:
    """Rulebook p9: "una vez por turno, cada jugador" — the next seat may buy again."""
    state, me = _position(1, 1, silver=2, black=["bank", "market"])
    other = 1 - me
    state = with_estate(state, other, silver=2)
    state = _play(state, "buy bank", "workers d1", "workers d1")
    assert state.current_player == other
    assert "buy market" in _texts(state)


def _castle_bonus(edition: str) -> tuple[State, int]:
    """Place a castle on b3 (die 6) next to a knowledge tile on c4: a bonus action is due."""
    state, me = _position(
        6, 1, silver=2, storage=["castle"], depots={1: ["ship"]}, black=["bank"],
        edition=edition,
    )
    state = with_tiles(state, me, {"c4": "k1"})
    state = _play(state, "place castle b3 d6")
    assert isinstance(state.pending[-1], BonusAction)
    return state, me


def test_rulings_2019_purchase_in_the_middle_of_an_action() -> None:
    """2019: the purchase may also be made while an effect's decision is pending."""
    state, me = _castle_bonus("2019")
    assert "buy bank" in _texts(state)
    state = _play(state, "buy bank")
    assert isinstance(state.pending[-1], BonusAction)  # the bonus action is still due
    assert state.seat_estate(me).silver == 0
    assert "buy bank" not in _texts(state)
    assert "workers d*" in _texts(state)


def test_rulings_2011_no_purchase_in_the_middle_of_an_action() -> None:
    state, _ = _castle_bonus("2011")
    assert _texts(state, "buy") == set()
    state = _play(state, "workers d*")
    assert isinstance(state.pending[-1], Turn)
    assert _texts(state, "buy") == {"buy bank"}  # between the die actions it is fine


@pytest.mark.parametrize(("edition", "offered"), [("2019", True), ("2011", False)])
def test_rulings_purchase_during_the_ship_goods_choice(edition: str, offered: bool) -> None:
    state, me = _position(5, 1, silver=2, storage=["ship"], black=["bank"], edition=edition)
    state = with_estate(state, me, goods=(0, 0, 0, 0, 0, 0))
    goods = [(0,) * 6 for _ in range(6)]
    goods[1] = (1, 0, 0, 0, 0, 0)
    state = replace(state, depot_goods=tuple(goods))
    state = _play(state, "place ship d5 d5")
    assert isinstance(state.pending[-1], ShipGoods)
    assert ("buy bank" in _texts(state)) is offered
    assert _texts(state, "goods") == {"goods 2 1"}


# -- the white die (R-WHITE; rulebook p4) ---------------------------------------------------
@pytest.mark.parametrize("white", [1, 4, 6])
def test_r_white_round_goods_go_to_the_white_dice_depot_before_the_first_turn(white: int) -> None:
    rng = random.Random(white)
    state = play_to(Ruleset(players=3, variants=()).initial_state(), WhiteRoll, rng)
    assert state.white == 0
    goods = state.round_goods
    assert len(goods) == 5
    before = state.depot_goods
    state = state.apply(white)
    assert state.white == white
    # the dice rolls come next; the goods move only when the turns begin
    assert any(isinstance(p, BeginTurns) for p in state.pending)
    assert state.depot_goods == before
    state = play_to(state, Turn, rng)
    assert state.round_goods == goods[1:]
    expected = [list(d) for d in before]
    expected[white - 1][goods[0] - 1] += 1
    assert state.depot_goods == tuple(tuple(d) for d in expected)
    # round 2: the next goods tile, to the new white die's depot
    state = play_to(state, WhiteRoll, rng)
    assert state.round == 1
    before = state.depot_goods
    state = play_to(state.apply(7 - white), Turn, rng)
    expected = [list(d) for d in before]
    expected[7 - white - 1][goods[1] - 1] += 1
    assert state.depot_goods == tuple(tuple(d) for d in expected)
    assert state.round_goods == goods[2:]


def test_r_white_is_never_an_action_die() -> None:
    state = base_first_turn(players=2, seed=4)
    state = replace(state, white=5)
    me = state.current_player
    state = with_estate(state, me, workers=0)
    state = with_dice(state, me, 1, 1)
    for action in state.legal_actions():
        if isinstance(action, (TakeTile, PlaceTile, SellGoods, TakeWorkers)):
            assert action.die == 1, str(action)
        else:
            assert isinstance(action, BuyTile), str(action)
