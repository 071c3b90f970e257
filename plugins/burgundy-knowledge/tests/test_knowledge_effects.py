"""Knowledge tiles #1-#14: the effects that act during play, and how they combine.

Sources: the Spanish 2011 rulebook ("ES11" below) pp. 10-11 (with its examples:
Benno's sheep for #7, Carla's 3 → 6 for #8); docs/variants/knowledge.md (the 26 tiles); the
rulings on docs/rules.md: R-CASTLE (#13/#14 apply to a castle's bonus take-workers), R-SHIP
(#5's neighbouring depot on the ring 1-6), the #6 edition difference, and the plugin's own
ruling K-FREE-STEP (the free change of #9-#12 is ±1; with #8 each worker changes a die by up
to 2, so a distance of 3 costs 1 worker with #8 + #9).

Board 1 (every position here): the start castle is on d4; its neighbours are c3 (city, 3,
a one-space city), c4 (knowledge 1), d3 (river 2), d5 (river 5), e3 (mine 4) and e4 (city 3,
in the city e4 e5 f4 f5 g4). Each test compares the position with the tile against the same
position without it (or with the tile only in storage, where tiles do nothing). Positions come
from the ``build`` fixture (conftest.py), which keeps hexes and goods conserved.
"""

from __future__ import annotations

import pytest

from burgundy.actions import BuyTile, TakeGoods
from burgundy.components import tile_code
from burgundy.pending import BonusAction, BuildingTake, ShipGoods, Turn, WarehouseSell
from burgundy.rules.dice import PLACE, SELL, TAKE, die_cost
from burgundy.testing import find_action, legal_texts, with_tiles
from burgundy_knowledge.actions import TakeGoodsTwo

# -- helpers ----------------------------------------------------------------------------------


def do(state, *texts):
    """Apply the legal actions with these text forms, one after the other."""
    for text in texts:
        state = state.apply(find_action(state, text))
    return state



def _estate(state, seat=None):
    return state.seat_estate(state.current_player if seat is None else seat)


def _other(state):
    return next(s for s in range(len(state.seats)) if s != state.current_player)


def _buys(state):
    return {t for t in legal_texts(state) if t.startswith("buy ")}


# -- #1: no one-building-per-city rule ---------------------------------------------------------


@pytest.mark.parametrize("edition", ["2019", "2011"])
def test_k1_second_bank_in_a_city_es11(build, edition):
    """ES11 #1: the owner may build as many buildings of a type in a city as they like."""
    base = {"e4": "bank"}
    with_k1 = build(edition, tiles={**base, "c4": "k1"}, storage=["bank", "market"], dice=(1, 2))
    without = build(edition, tiles=base, storage=["bank", "market"], dice=(1, 2))
    assert "place bank e5 d1" in legal_texts(with_k1)
    assert "place bank e5 d1" not in legal_texts(without)
    # another building type is allowed either way (the control)
    assert "place market e5 d1" in legal_texts(without)
    after = do(with_k1, "place bank e5 d1")
    assert _estate(after).spaces.count(tile_code("bank")) == 2


def test_k1_works_only_in_its_owners_duchy(build, fetch):
    """ES11 #1 ("el jugador que añade esta loseta a su dominio"): another player's #1 does
    not lift the rule for me."""
    state = build(tiles={"e4": "bank"}, storage=["bank"], dice=(1, 2))
    other = _other(state)
    state = with_tiles(fetch(state, "k1"), other, {"c4": "k1"})
    assert "place bank e5 d1" not in legal_texts(state)


def test_k1_in_storage_does_nothing(build):
    """docs/variants/knowledge.md: tiles work from the moment they are placed; storage does
    nothing."""
    state = build(tiles={"e4": "bank"}, storage=["bank", "k1"], dice=(1, 2))
    assert "place bank e5 d1" not in legal_texts(state)


# -- #2: a worker per mine at every phase end --------------------------------------------------


@pytest.mark.parametrize("phase", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("with_k2", [True, False])
def test_k2_worker_per_mine_at_each_phase_end(build, phase, with_k2):
    """ES11 #2 and docs/variants/knowledge.md (the help sheet's "A-E"): at the end of each phase the
    owner gets one worker per mine besides the silverling. Played: the last turn of round 5
    takes workers twice; ending it runs the phase end (after phase E, the game end)."""
    tiles = {"e3": "mine", "f2": "mine"}
    if with_k2:
        tiles["c4"] = "k2"
    state = build(tiles=tiles, dice=(1, 2), phase=phase, last_turn_of_phase=True)
    seat = state.current_player
    other = _other(state)
    state = with_tiles(state, other, {"e3": "mine"})  # the other seat: a mine, no #2
    before, other_before = _estate(state, seat), _estate(state, other)
    after = do(state, "workers d1", "workers d2")
    if phase < 4:
        assert after.phase == phase + 1
    else:
        assert after.is_terminal
    estate, other_estate = _estate(after, seat), _estate(after, other)
    assert estate.workers == before.workers + 4 + (2 if with_k2 else 0)
    assert estate.silver == before.silver + 2
    assert other_estate.workers == other_before.workers
    assert other_estate.silver == other_before.silver + 1


def test_k2_in_storage_gives_nothing(build):
    state = build(tiles={"e3": "mine"}, storage=["k2"], dice=(1, 2), last_turn_of_phase=True)
    before = _estate(state)
    after = do(state, "workers d1", "workers d2")
    assert _estate(after, state.current_player).workers == before.workers + 4


# -- #3, #4: sales ------------------------------------------------------------------------------

SALE_CASES = [(None, 1, 0), ("k3", 2, 0), ("k4", 1, 1)]


@pytest.mark.parametrize(("tile", "silver", "workers"), SALE_CASES)
def test_k3_k4_sale_by_die_action(build, tile, silver, workers):
    """ES11 #3: 2 silverlings instead of 1 per sale; #4: one worker besides the silverling."""
    tiles = {"c4": tile} if tile else {}
    state = build(tiles=tiles, goods=(0, 0, 3, 0, 0, 0), dice=(3, 5))
    before = _estate(state)
    after = do(state, "sell 3 d3")
    estate = _estate(after, state.current_player)
    assert estate.silver - before.silver == silver
    assert estate.workers - before.workers == workers
    assert after.scores[state.current_player] == 3 * 2  # 2 players: 2 VP per good, unchanged


@pytest.mark.parametrize(("tile", "silver", "workers"), SALE_CASES)
def test_k3_k4_sale_by_warehouse(build, tile, silver, workers):
    """ES11 #3/#4: "ya sea por acciones normales o por añadir un almacén" - the warehouse's
    sale earns the extra silverling / worker too."""
    tiles = {"c4": tile} if tile else {}
    state = build(tiles=tiles, storage=["warehouse"], goods=(0, 0, 0, 2, 0, 0), dice=(3, 5))
    state = do(state, "place warehouse c3 d3")
    assert isinstance(state.pending[-1], WarehouseSell)
    before = _estate(state)
    after = do(state, "sell 4")
    estate = _estate(after, state.current_player)
    assert estate.silver - before.silver == silver
    assert estate.workers - before.workers == workers


def test_k3_k4_together(build):
    state = build(tiles={"c4": "k3", "b4": "k4"}, goods=(0, 0, 3, 0, 0, 0), dice=(3, 5))
    before = _estate(state)
    estate = _estate(do(state, "sell 3 d3"), state.current_player)
    assert (estate.silver - before.silver, estate.workers - before.workers) == (2, 1)


def test_k3_of_another_seat_does_nothing_for_me(build, fetch):
    state = build(goods=(0, 0, 3, 0, 0, 0), dice=(3, 5))
    state = with_tiles(fetch(state, "k3"), _other(state), {"c4": "k3"})
    before = _estate(state)
    assert _estate(do(state, "sell 3 d3"), state.current_player).silver == before.silver + 1


# -- #5: a ship takes the goods of two neighbouring depots --------------------------------------


def _ship(build, with_k5=True, goods=(0, 0, 0, 0, 0, 0), depot_goods=None):
    tiles = {"c4": "k5"} if with_k5 else {}
    state = build(
        tiles=tiles, storage=["ship"], dice=(2, 5), goods=goods, depot_goods=depot_goods
    )
    state = do(state, "place ship d3 d2")
    assert isinstance(state.pending[-1], ShipGoods)
    return state


def _two(state):
    return {str(a) for a in state.legal_actions() if isinstance(a, TakeGoodsTwo)}


def test_k5_two_neighbouring_depots_es11(build):
    """ES11 #5: goods from two neighbouring goods spaces; R-SHIP: depots are a ring 1-6."""
    depot_goods = {
        1: (0, 1, 0, 0, 0, 0), 2: (0, 0, 0, 0, 1, 0), 4: (0, 0, 0, 1, 0, 0),
        6: (1, 0, 0, 0, 0, 0),
    }
    state = _ship(build, depot_goods=depot_goods)
    two = _two(state)
    assert "goods 1 2 + 2 5" in two
    assert "goods 1 2 + 6 1" in two  # 6 and 1 touch
    # 2 and 4, 4 and 6 are no neighbours; nothing else holds goods
    assert two == {"goods 1 2 + 2 5", "goods 1 2 + 6 1"}
    # the one-depot choices stay
    assert {"goods 1 2", "goods 2 5", "goods 4 4", "goods 6 1"} <= legal_texts(state)


def test_k5_wraps_six_to_one_and_moves_the_goods(build):
    """R-SHIP (#5: depots form a ring, so 6 and 1 are neighbours)."""
    state = _ship(build, depot_goods={1: (0, 2, 0, 0, 0, 0), 6: (1, 0, 0, 0, 0, 0)})
    seat = state.current_player
    after = do(state, "goods 1 2 + 6 1")
    assert _estate(after, seat).goods == (1, 2, 0, 0, 0, 0)
    assert after.depot_goods[0] == (0,) * 6 and after.depot_goods[5] == (0,) * 6
    assert isinstance(after.pending[-1], Turn)


def test_k5_without_the_tile_one_depot_only(build):
    state = _ship(build, with_k5=False, depot_goods={1: (0, 1, 0, 0, 0, 0), 2: (0, 0, 0, 0, 1, 0)})
    assert _two(state) == set()
    assert all(isinstance(a, TakeGoods) for a in state.legal_actions())


def test_k5_respects_the_three_colour_limit(build):
    """R-SHIP: colours held are taken from both depots; two new colours competing for the
    one free slot: the player chooses; what does not fit stays."""
    state = _ship(build,
        goods=(1, 1, 0, 0, 0, 0),
        depot_goods={1: (0, 1, 1, 0, 0, 0), 2: (1, 0, 0, 1, 0, 0)},
    )
    assert _two(state) == {"goods 1 2,3 + 2 1", "goods 1 2 + 2 1,4"}
    seat = state.current_player
    for text in _two(state):
        after = do(state, text)
        held = [n for n in _estate(after, seat).goods if n]
        assert len(held) == 3
        assert sum(map(sum, after.depot_goods)) == 1  # the colour that did not fit stays


# -- #6: the purchase from any depot --------------------------------------------------------


def _shop(build, edition, silver=2, workers=3, with_k6=True, **kw):
    tiles = {"c4": "k6"} if with_k6 else {}
    return build(
        edition, tiles=tiles, silver=silver, workers=workers, dice=(1, 2),
        depots={3: ["bank"], 5: ["cow3"]}, black=["market"], **kw,
    )


def test_k6_2011_any_numbered_depot_for_2_silver(build):
    """The editions table (docs/rules.md#editions), #6 2011 (ES11 #6): the purchase may be made
    from any of the seven depots, still 2 silverlings; no workers."""
    state = _shop(build, "2011")
    assert _buys(state) == {"buy market", "buy bank 3", "buy cow3 5"}
    seat = state.current_player
    after = do(state, "buy bank 3")
    estate = _estate(after, seat)
    assert (estate.silver, estate.workers) == (0, 3)
    assert estate.storage == (tile_code("bank"),)
    assert after.depots[2] == ()
    assert isinstance(after.pending[-1], Turn) and after.current_player == seat


def test_k6_2011_no_payment_with_workers(build):
    state = _shop(build, "2011", silver=1, workers=5)
    assert _buys(state) == set()


def test_k6_without_the_tile_black_depot_only(build):
    for edition in ("2019", "2011"):
        assert _buys(_shop(build, edition, with_k6=False)) == {"buy market"}


def test_k6_2019_any_depot_paid_with_silver_and_workers(build):
    """The editions table (docs/rules.md#editions), #6 2019: 1 worker = 1 silverling, mixing
    allowed, from any depot including the black one."""
    state = _shop(build, "2019", silver=2, workers=3)
    expected = {"buy market", "buy market black w1", "buy market black w2"}
    for depot, tile in ((3, "bank"), (5, "cow3")):
        expected |= {f"buy {tile} {depot}", f"buy {tile} {depot} w1", f"buy {tile} {depot} w2"}
    assert _buys(state) == expected


@pytest.mark.parametrize(
    ("silver", "workers", "expected"),
    [
        (0, 2, {"buy market black w2", "buy bank 3 w2", "buy cow3 5 w2"}),
        (1, 1, {"buy market black w1", "buy bank 3 w1", "buy cow3 5 w1"}),
        (0, 1, set()),
    ],
)
def test_k6_2019_what_the_purse_allows(build, silver, workers, expected):
    assert _buys(_shop(build, "2019", silver=silver, workers=workers)) == expected


@pytest.mark.parametrize(
    ("text", "silver_paid", "workers_paid"),
    [("buy bank 3", 2, 0), ("buy bank 3 w1", 1, 1), ("buy bank 3 w2", 0, 2),
     ("buy market black w1", 1, 1), ("buy market black w2", 0, 2)],
)
def test_k6_2019_payment(build, text, silver_paid, workers_paid):
    state = _shop(build, "2019", silver=4, workers=4)
    seat = state.current_player
    after = do(state, text)
    estate = _estate(after, seat)
    assert (4 - estate.silver, 4 - estate.workers) == (silver_paid, workers_paid)
    assert len(estate.storage) == 1


@pytest.mark.parametrize("edition", ["2019", "2011"])
@pytest.mark.parametrize("first", ["buy market", "buy bank 3", "buy cow3 5"])
def test_k6_still_once_per_turn(build, edition, first):
    """ES11 #6: "solo puede hacer una compra por turno" - whichever depot it came from."""
    state = _shop(build, edition, silver=6, workers=6)
    after = do(state, first)
    assert _buys(after) == set()
    after = do(after, "workers d1")
    assert _buys(after) == set()


def test_k6_full_storage_discards_first(build):
    """R-STORAGE: the purchase discards a stored hex first when storage is full."""
    state = _shop(build, "2011", storage=["ship", "ship", "mine"])
    assert "buy bank 3" in _buys(state)
    asked = do(state, "buy bank 3")  # then which stored hex to discard
    assert set(legal_texts(asked)) == {"drop ship", "drop mine"}
    after = do(asked, "drop mine")
    estate = _estate(after, state.current_player)
    assert sorted(estate.storage) == sorted(tile_code(t) for t in ("ship", "ship", "bank"))
    assert after.removed[tile_code("mine")] == state.removed[tile_code("mine")] + 1


def _mid_action(build, edition):
    state = build(
        edition, tiles={"c4": "k6"}, storage=["carpenter"], silver=2, workers=3, dice=(3, 5),
        depots={3: ["bank", "church"], 5: ["cow3"]}, black=["market"],
    )
    state = do(state, "place carpenter c3 d3")
    assert isinstance(state.pending[-1], BuildingTake)
    return state


def test_k6_2019_purchase_in_the_middle_of_an_action(build):
    """The editions table (docs/rules.md#editions): 2019 allows the purchase while an effect is
    pending; #6's purchase is that purchase, so it is open there too and leaves the effect
    pending."""
    state = _mid_action(build, "2019")
    assert {"buy cow3 5 w1", "buy market black w2", "buy market"} <= _buys(state)
    seat = state.current_player
    after = do(state, "buy cow3 5 w1")
    assert isinstance(after.pending[-1], BuildingTake) and after.current_player == seat
    assert "take bank 3" in legal_texts(after)
    assert _buys(after) == set()


def test_k6_2011_no_purchase_in_the_middle_of_an_action(build):
    assert _buys(_mid_action(build, "2011")) == set()


def test_k6_purchases_are_the_cores_purchases_from_more_sources(build):
    """#6 adds sources (the numbered depots) and payments (workers, 2019) to the core's
    one purchase: every purchase is a BuyTile naming its source and the workers paid."""
    state = _shop(build, "2019")
    buys = {str(a): a for a in state.legal_actions() if str(a).startswith("buy ")}
    assert {type(a) for a in buys.values()} == {BuyTile}
    assert (buys["buy market"].source, buys["buy market"].workers) == ("black", 0)
    assert {a.source for a in buys.values()} > {"black"}
    assert {a.workers for a in buys.values()} == {0, 1, 2}


@pytest.mark.parametrize(("edition", "open_"), [("2019", True), ("2011", False)])
def test_k6_purchase_keeps_the_turn_open_after_the_dice(build, edition, open_):
    """With both dice used, the turn waits for "end" while #6 still allows a purchase
    (2019: paid with workers, no silver needed); 2011 without silver: it ends by itself."""
    state = _shop(build, edition, silver=0, workers=2)
    seat = state.current_player
    after = do(state, "workers d1", "workers d2")
    still = isinstance(after.pending[-1], Turn) and after.pending[-1].seat == seat
    assert still is open_
    if open_:
        assert {"end", "buy bank 3 w2", "buy market black w2"} <= legal_texts(after)
        assert not any(isinstance(p, Turn) and p.seat == seat for p in do(after, "end").pending)


# -- #7: +1 VP per scoring animal tile ----------------------------------------------------------


@pytest.mark.parametrize(("with_k7", "sheep_vp", "pig_vp"), [(True, 9, 3), (False, 7, 2)])
def test_k7_benno_sheep_and_pigs_es11(build, with_k7, sheep_vp, pig_vp):
    """ES11 #7: Benno adds 3 sheep to a pasture with 4 sheep: (3+1)+(4+1) = 9 VP; adding
    2 pigs later gives 3 VP. Without #7: 7 and 2 (rulebook: 4 + 3)."""
    tiles = {"b1": "sheep4"}
    if with_k7:
        tiles["c4"] = "k7"
    state = build(tiles=tiles, storage=["sheep3", "pig2"], dice=(1, 5))
    seat = state.current_player
    after = do(state, "place sheep3 b2 d1")
    assert after.scores[seat] == sheep_vp
    after = do(after, "place pig2 c1 d5")
    assert after.scores[seat] == sheep_vp + pig_vp


# -- #8: a worker turns a die by up to 2 --------------------------------------------------------


def _cost(state, kind, tile, die, value):
    return die_cost(state, state.current_player, kind, tile, die, value)


@pytest.mark.parametrize(
    ("value", "plain", "with_k8"), [(3, 0, 0), (4, 1, 1), (5, 2, 1), (6, 3, 2), (1, 2, 1)]
)
@pytest.mark.parametrize("kind", [TAKE, SELL, PLACE])
def test_k8_cost_per_distance(build, kind, value, plain, with_k8):
    """ES11 #8: ±2 per worker (3 → 6 costs 2); docs/variants/knowledge.md: ±1 stays available."""
    tile = tile_code("ship") if kind == PLACE else -1
    assert _cost(build(), kind, tile, 3, value) == plain
    assert _cost(build(tiles={"c4": "k8"}), kind, tile, 3, value) == with_k8


def test_die_cost_hook_binds_per_seat_and_is_none_without_tiles_8_to_12(build):
    """Hook contract (burgundy_die_cost): the binding is None for a seat whose duchy holds
    none of #8-#12, so the engine's common case is a table lookup; with #8 the seat's cost
    function halves the steps, rounding up (ES11 #8)."""
    from burgundy.rules.dice import cost_functions, cost_with

    plain = build()
    assert cost_functions(plain, plain.current_player) == ()
    with_k8 = build(tiles={"c4": "k8"})
    functions = cost_functions(with_k8, with_k8.current_player)
    assert len(functions) == 1
    assert [cost_with(functions, TAKE, -1, 3, v) for v in (3, 4, 5, 6, 1)] == [0, 1, 1, 2, 1]
    assert [cost_with((), TAKE, -1, 3, v) for v in (3, 4, 5, 6, 1)] == [0, 1, 2, 3, 2]


@pytest.mark.parametrize("with_k8", [True, False])
def test_k8_carla_turns_a_3_into_a_6_with_two_workers_es11(build, with_k8):
    """ES11 #8: to turn a 3 into a 6 Carla needs only 2 workers."""
    tiles = {"c4": "k8"} if with_k8 else {}
    state = build(tiles=tiles, workers=2, dice=(3, 3), depots={6: ["bank"]})
    assert ("take bank 6 d3" in legal_texts(state)) is with_k8
    if with_k8:
        after = do(state, "take bank 6 d3")
        assert _estate(after, state.current_player).workers == 0


# -- #9-#12: a free ±1 -------------------------------------------------------------------------

FREE_STEP = {
    "k9": {"bank", "warehouse", "town-hall"},
    "k10": {"ship", "cow2", "sheep4"},
    "k11": {"castle", "mine", "k20"},
}
ALL_PLACED = ["bank", "warehouse", "town-hall", "ship", "cow2", "sheep4", "castle", "mine", "k20"]


@pytest.mark.parametrize("knowledge", ["k9", "k10", "k11", "k12"])
@pytest.mark.parametrize("placed", ALL_PLACED)
def test_k9_to_k11_free_step_when_placing_the_pictured_tiles(build, knowledge, placed):
    """ES11 #9 (buildings), #10 (ships, animals), #11 (castles, mines, knowledge): every die
    used to place them may change by ±1 as if a worker were paid. #12 is for taking only."""
    state = build(tiles={"c4": knowledge})
    applies = placed in FREE_STEP.get(knowledge, set())
    tile = tile_code(placed)
    assert _cost(state, PLACE, tile, 3, 4) == (0 if applies else 1)
    assert _cost(state, PLACE, tile, 3, 2) == (0 if applies else 1)
    assert _cost(state, PLACE, tile, 3, 6) == (2 if applies else 3)
    assert _cost(state, PLACE, tile, 3, 3) == 0


@pytest.mark.parametrize("knowledge", ["k9", "k10", "k11", "k12"])
def test_k12_free_step_when_taking_only(build, knowledge):
    """ES11 #12: a free ±1 on any die used to take a hex from the board; not for selling."""
    state = build(tiles={"c4": knowledge})
    applies = knowledge == "k12"
    assert _cost(state, TAKE, -1, 3, 4) == (0 if applies else 1)
    assert _cost(state, TAKE, -1, 3, 6) == (2 if applies else 3)
    assert _cost(state, SELL, -1, 3, 4) == 1


@pytest.mark.parametrize(
    ("knowledge", "storage", "action"),
    [
        ("k9", ["bank"], "place bank c3 d2"),       # c3: city 3
        ("k10", ["ship"], "place ship d3 d1"),      # d3: river 2
        ("k11", ["mine"], "place mine e3 d5"),      # e3: mine 4
        ("k12", [], "take bank 4 d5"),             # depot 4
    ],
)
@pytest.mark.parametrize("owned", [True, False])
def test_k9_to_k12_played_without_workers(build, knowledge, storage, action, owned):
    """ES11 #9-#12: off by one with no worker at all is legal only with the tile."""
    tiles = {"f3": knowledge} if owned else {}
    state = build(tiles=tiles, storage=storage, workers=0, dice=(1, 5) if "d1" in action
                  else (2, 5), depots={4: ["bank"]})
    assert (action in legal_texts(state)) is owned
    if owned:
        assert _estate(do(state, action), state.current_player).workers == 0


def test_k9_does_not_help_a_ship(build):
    state = build(tiles={"f3": "k9"}, storage=["ship"], workers=0, dice=(1, 5))
    assert "place ship d3 d1" not in legal_texts(state)


def test_k12_in_storage_does_nothing(build):
    state = build(storage=["k12"], workers=0, dice=(2, 5), depots={4: ["bank"]})
    assert "take bank 4 d5" not in legal_texts(state)


# -- #8 with #9-#12 (K-FREE-STEP) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        ((), [0, 1, 2, 3]),
        (("k8",), [0, 1, 1, 2]),
        (("k9",), [0, 0, 1, 2]),
        (("k8", "k9"), [0, 0, 1, 1]),
    ],
)
def test_k8_with_k9_free_step_is_one_workers_step_two(build, tiles, expected):
    """K-FREE-STEP: the free change is ±1; workers with #8 change by up to 2. Placing a
    building with a die 3 away: #8 + #9 cost 1 worker (free 1 + one double step)."""
    spaces = dict(zip(("c4", "b4"), tiles, strict=False))
    state = build(tiles=spaces)
    bank = tile_code("bank")
    assert [_cost(state, PLACE, bank, 3, v) for v in (3, 4, 5, 6)] == expected


@pytest.mark.parametrize(
    ("other", "kind", "placed"),
    [("k10", PLACE, "sheep3"), ("k11", PLACE, "castle"), ("k12", TAKE, None)],
)
def test_k8_with_k10_k11_k12_distance_three_costs_one(build, other, kind, placed):
    state = build(tiles={"c4": "k8", "b4": other})
    tile = tile_code(placed) if placed else -1
    assert _cost(state, kind, tile, 3, 6) == 1
    assert _cost(state, kind, tile, 1, 4) == 1  # 3 away round the ring too


@pytest.mark.parametrize(
    ("tiles", "legal"),
    [({"c4": "k8", "b4": "k9"}, True), ({"c4": "k8"}, False), ({"c4": "k9"}, False)],
)
def test_k8_k9_place_a_building_three_away_with_one_worker(build, tiles, legal):
    """K-FREE-STEP played: a bank on c3 (die number 3) with a 6 and one worker."""
    state = build(tiles=tiles, storage=["bank"], workers=1, dice=(6, 6))
    assert ("place bank c3 d6" in legal_texts(state)) is legal
    if legal:
        assert _estate(do(state, "place bank c3 d6"), state.current_player).workers == 0


# -- #13, #14: the take-workers action ----------------------------------------------------------

WORKER_CASES = [
    ({}, 2, 0),
    ({"c4": "k13"}, 2, 1),
    ({"c4": "k14"}, 4, 0),
    ({"c4": "k13", "b4": "k14"}, 4, 1),
]


@pytest.mark.parametrize(("tiles", "workers", "silver"), WORKER_CASES)
def test_k13_k14_take_workers_action(build, tiles, workers, silver):
    """ES11 #13: one silverling besides the 2 workers; #14: 4 workers instead of 2."""
    state = build(tiles=tiles, dice=(1, 5))
    before = _estate(state)
    estate = _estate(do(state, "workers d1"), state.current_player)
    assert (estate.workers - before.workers, estate.silver - before.silver) == (workers, silver)


@pytest.mark.parametrize(("tiles", "_workers", "_silver"), WORKER_CASES)
def test_k13_k14_not_triggered_by_the_boarding_house(build, tiles, _workers, _silver):
    """ES11 #13 note ("no tiene efecto alguno cuando se añade una casa de huéspedes") and
    SE-ZH pp.11–13 (for #13 and #14): the boarding house gives its 4 workers only."""
    state = build(tiles=tiles, storage=["boarding-house"], dice=(3, 5))
    before = _estate(state)
    estate = _estate(do(state, "place boarding-house c3 d3"), state.current_player)
    assert (estate.workers - before.workers, estate.silver - before.silver) == (4, 0)


@pytest.mark.parametrize(("tiles", "workers", "silver"), WORKER_CASES)
def test_k13_k14_apply_to_a_castles_bonus_take_workers(build, tiles, workers, silver):
    """R-CASTLE: the castle's bonus action is a die action with a die of any value;
    #13/#14 apply to its take-workers. A bank on c3 makes b3 (castle 6) reachable."""
    tiles = {"c3": "bank", **tiles}
    state = build(tiles=tiles, storage=["castle"], dice=(5, 6))
    state = do(state, "place castle b3 d6")
    assert isinstance(state.pending[-1], BonusAction)
    before = _estate(state)
    estate = _estate(do(state, "workers d*"), state.current_player)
    assert (estate.workers - before.workers, estate.silver - before.silver) == (workers, silver)


def test_k13_of_another_seat_does_nothing_for_me(build, fetch):
    state = build(dice=(1, 5))
    state = with_tiles(fetch(state, "k14"), _other(state), {"c4": "k14"})
    before = _estate(state)
    assert _estate(do(state, "workers d1"), state.current_player).workers == before.workers + 2


# -- a tile works from the moment it is placed ------------------------------------------------


def test_k14_works_from_the_moment_it_is_placed(build):
    """docs/variants/knowledge.md, timing: placed with the first die, #14 already gives 4
    workers to the second die's take-workers action."""
    state = build(storage=["k14"], dice=(1, 5))
    seat = state.current_player
    state = do(state, "place k14 c4 d1")
    before = _estate(state, seat).workers
    assert _estate(do(state, "workers d5"), seat).workers == before + 4


def test_k12_works_from_the_moment_it_is_placed(build):
    state = build(storage=["k12"], workers=0, dice=(1, 5), depots={4: ["bank"]})
    assert "take bank 4 d5" not in legal_texts(state)
    state = do(state, "place k12 c4 d1")
    assert "take bank 4 d5" in legal_texts(state)


def test_k11_does_not_help_its_own_placement(build):
    """#11 helps placing knowledge tiles once it lies in the duchy, not while it is placed."""
    state = build(storage=["k11"], workers=0, dice=(2, 5))
    assert "place k11 c4 d2" not in legal_texts(state)
