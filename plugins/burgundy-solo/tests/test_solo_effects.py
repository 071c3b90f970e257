"""The solo module's effects: ships and the black-tile trade, black tiles, covering a colour,
buying VP and the target marker, knowledge tiles at placement, the result (issue #13). Each
test names its rule sentence (S1-S19, P1-P17) or ruling; the edge cases are those the
Solo page's rulings settle (docs/variants/solo.md).
Positions: the first turn of seed 1 on board 13a, the start castle on A26."""

from __future__ import annotations

import types

import attrs
import pytest

from burgundy.components import tile_code
from burgundy.io import from_json, to_json
from burgundy.pending import BonusAction, ShipGoods, StowTile, Turn
from burgundy.rules.income import set_seat
from burgundy.rules.phases import PHASES, mines
from burgundy.rules.scoring import PHASE_BONUS, final_terms, region_vp
from burgundy.state import State, replace
from burgundy.testing import set_depots
from burgundy.validation import validate_state
from burgundy_solo.model import BLACK_TILE, BlackTrade, BuyPoints, ColourReward
from burgundy_solo.rules import progress, solo_winners, vp_gained

S = types.SimpleNamespace
GOODS = (2, 1, 1, 1, 0, 0)  # five goods of four colours


def _ship_turn(solo: S, goods: tuple[int, ...] = GOODS, storage: tuple[str, ...] = ("ship",),
               depot_goods: dict[int, tuple[int, ...]] | None = None) -> State:
    """A ship to place on A30 (die 1, next to the mine on A29); goods on depots 1, 3, 5."""
    state = solo.position(
        tiles={"A29": "mine"}, storage=list(storage), dice=(1, 4), goods=goods,
        depot_goods={1: (0, 0, 0, 0, 2, 0), 3: (0, 0, 0, 0, 0, 1), 5: (1, 0, 0, 0, 0, 0)}
        if depot_goods is None else {d: depot_goods.get(d, (0,) * 6) for d in range(1, 7)},
    )
    return replace(set_depots(state, {2: ["castle"]}, ["bank", "k3", "cow2"]), white=1)


def _top(state: State) -> object:
    return state.pending[-1]


# -- S11/P10: the ship takes one depot, the rest leave ---------------------------------------
def test_ship_takes_one_depot_and_the_other_goods_leave_the_game(solo: S) -> None:
    """S11/P10: a ship takes the goods of one depot; then every other good on the depots is
    removed from the game (held by the solo state: conservation still holds)."""
    state = solo.play(_ship_turn(solo), "place ship A30 d1")
    assert isinstance(_top(state), ShipGoods)
    took = solo.play(state, "goods 1 5")
    assert took.estates[0].goods[4] == 2
    assert took.depot_goods == ((0,) * 6,) * 6
    assert took.variant_state("solo").goods_out == (1, 0, 0, 0, 0, 1)
    validate_state(took)  # goods conserved: the pool, the duchy and the goods out of the game


def test_goods_of_every_colour_may_be_held_S4(solo: S) -> None:
    """S4/P2: no limit on goods colours: with four colours held, a depot's fifth colour
    comes too."""
    state = solo.play(_ship_turn(solo), "place ship A30 d1")
    assert "goods 1 5" in solo.texts(state, "goods")  # a fifth colour (base: 3 at most)


# -- R-SOLO-BLACK: the trade --------------------------------------------------------------------
def test_five_goods_of_mixed_colours_buy_a_black_tile(solo: S) -> None:
    """S12/P11, R-SOLO-BLACK: right after the ship's goods, any 5 goods (here of four
    colours) for a black-depot hex of one's choice, kept face down in storage; the goods
    leave the game and do not count as sold (#15/#25)."""
    state = solo.play(solo.play(_ship_turn(solo, goods=GOODS), "place ship A30 d1"), "goods 1 5")
    assert isinstance(_top(state), BlackTrade)
    offers = solo.texts(state, "trade")
    assert "trade k3 for goods 11234" in offers and "trade bank for goods 11234" in offers
    assert "trade k3 for goods 12345" in offers  # a taken colour may pay too
    after = solo.play(state, "trade k3 for goods 11234")
    estate = after.estates[0]
    assert estate.storage == (BLACK_TILE,) and tile_code("k3") not in after.black_depot
    assert estate.goods == (0, 0, 0, 0, 2, 0) and estate.sold == (0,) * 6
    assert after.removed[tile_code("k3")] == state.removed[tile_code("k3")] + 1
    assert after.variant_state("solo").goods_out == (3, 1, 1, 1, 0, 1)
    validate_state(after)


def test_no_trade_with_fewer_than_five_goods(solo: S) -> None:
    """R-SOLO-BLACK: the trade needs 5 goods: with 3 (and no depot goods to take) none is
    offered and the turn goes on."""
    state = _ship_turn(solo, goods=(1, 1, 1, 0, 0, 0), depot_goods={})
    after = solo.play(state, "place ship A30 d1")
    assert isinstance(_top(after), Turn) and not solo.texts(after, "trade")


def test_the_trade_is_declined_or_taken_into_storage_the_ship_left(solo: S) -> None:
    """R-SOLO-BLACK with R-STORAGE: with storage full before the ship (three hexes), the
    ship placed from it leaves room, so the black tile goes in with no hex discarded; the
    trade may be declined. (Four stored hexes, which an earlier version of this test built,
    are no position of the game: the loader refuses them.)"""
    state = _ship_turn(solo, storage=("ship", "bank", "k1"))
    state = solo.play(solo.play(state, "place ship A30 d1"), "goods 1 5")
    offers = solo.texts(state, "trade k3 for goods 11234")
    assert offers == ["trade k3 for goods 11234"]
    assert "decline" in solo.texts(state)
    after = solo.play(state, "trade k3 for goods 11234")
    assert not isinstance(_top(after), StowTile)
    assert sorted(after.estates[0].storage) == sorted(
        (BLACK_TILE, tile_code("bank"), tile_code("k1"))
    )
    declined = solo.play(state, "decline")
    assert isinstance(_top(declined), Turn) and declined.estates[0].goods[:4] == GOODS[:4]


# -- R-SOLO-BLACK: the black tile in the duchy --------------------------------------------------
def test_a_black_tile_goes_on_any_colour_with_die_and_adjacency(solo: S) -> None:
    """S12/P12: a black tile may go on a space of any colour, following the base placement
    rules (die number, adjacency)."""
    state = solo.position(storage=["black-tile"], dice=(6, 3))
    places = solo.texts(state, "place black-tile")
    # next to A26: A24 (pasture, 6), A27 (knowledge, 3), A29 (mine, 5: no die)
    assert sorted(places) == ["place black-tile A24 d6", "place black-tile A27 d3"]


def test_a_black_ship_has_no_effect_and_offers_no_trade(solo: S) -> None:
    """S13/P12: a black ship gives no goods, no turn-order move and no trade option."""
    state = _ship_turn(solo, storage=("black-tile",))
    track = state.track
    after = solo.play(state, "place black-tile A30 d1")
    assert isinstance(_top(after), (Turn, BuyPoints))
    assert after.depot_goods == state.depot_goods and after.track == track
    assert not any(isinstance(p, (ShipGoods, BlackTrade)) for p in after.pending)


def test_a_black_tile_completes_a_region_and_is_no_mine_or_castle(solo: S) -> None:
    """S13/P12: a black tile helps complete a region (A30 is a one-space region: its VP and
    the phase bonus), but a black castle gives no action and a black mine no silver."""
    state = _ship_turn(solo, storage=("black-tile",))
    after = solo.play(state, "place black-tile A30 d1")
    assert dict(after.seats[0].ledger).get("regions") == region_vp(1) + PHASE_BONUS[0]
    castle = solo.position(tiles={"A27": "k1"}, storage=["black-tile"], dice=(2, 5))
    placed = solo.play(castle, "place black-tile A28 d2")  # castle space A28, next to A27
    assert not any(isinstance(p, BonusAction) for p in placed.pending)
    mine = solo.play(solo.position(storage=["black-tile"], dice=(5, 1)), "place black-tile A29 d5")
    assert mines(mine, 0) == 0  # not counted as a mine at the phase end


# -- R-SOLO-COLOUR ------------------------------------------------------------------------------
def _mine_colour_turn(solo: S, black: list[str]) -> State:
    """Two of the three mine spaces covered (A01, A21); a mine to place on A29 (die 5)."""
    state = solo.position(
        tiles={"A01": "mine", "A21": "mine", "A27": "k1"}, storage=["mine"], dice=(5, 3),
    )
    return set_depots(state, {}, black)


def test_covering_a_colour_brings_a_black_hex_straight_into_the_duchy(solo: S) -> None:
    """S15/P14, R-SOLO-COLOUR: no VP for the colour; a black-depot hex of one's choice on a
    space its colour and adjacency allow, any die number; it scores and has its effect."""
    state = solo.play(_mine_colour_turn(solo, ["ship", "k2"]), "place mine A29 d5")
    assert isinstance(_top(state), ColourReward)
    assert "colour bonus" not in dict(state.seats[0].ledger)
    rewards = solo.texts(state)
    assert "reward ship A30" in rewards  # river next to A29, its die (1) not needed
    assert "reward k2 A27" not in rewards  # covered already
    after = solo.play(state, "reward ship A30")
    assert tile_code("ship") not in after.black_depot and isinstance(_top(after), ShipGoods)


def test_a_colour_chain_of_two_black_hexes(solo: S) -> None:
    """S15/P14: a black hex that covers another colour brings the next one (a chain): the
    castle from the black depot covers the last castle space, then a second reward."""
    state = solo.position(
        tiles={"A01": "mine", "A21": "mine", "A27": "k1", "A06": "castle", "A17": "castle"},
        storage=["mine"], dice=(5, 3),
    )
    state = set_depots(state, {}, ["castle", "ship"])
    first = solo.play(state, "place mine A29 d5")
    assert isinstance(_top(first), ColourReward)
    second = solo.play(first, "reward castle A28")
    assert any(isinstance(p, ColourReward) for p in second.pending)  # castles all covered
    assert any(isinstance(p, BonusAction) for p in second.pending)  # the castle's effect


def test_the_reward_is_skipped_when_nothing_fits(solo: S) -> None:
    """R-SOLO-COLOUR: skipped when no black-depot hex fits a space (here only a k2, and no
    knowledge space is free next to the duchy)."""
    state = solo.play(_mine_colour_turn(solo, ["castle"]), "place mine A29 d5")
    # A28 (castle) is next to A27: the castle fits
    assert isinstance(_top(state), ColourReward)
    none_fits = solo.play(_mine_colour_turn(solo, ["k2"]), "place mine A29 d5")
    assert not any(isinstance(p, ColourReward) for p in none_fits.pending)


# -- R-SOLO-TARGET ------------------------------------------------------------------------------
def _with_score(state: State, vp: int, **changes: object) -> State:
    """``state`` with ``vp`` on the score track (and in the VP total) and the solo state's
    ``changes``."""
    state = set_seat(state, 0, vp=vp, ledger=(("other", vp),) if vp else ())
    current = state.variant_state("solo")
    changes.setdefault("total", max(current.total, vp))
    return state.with_variant_state("solo", attrs.evolve(current, **changes))


def _region_turn(solo: S, vp: int, silver: int, **solo_changes: object) -> State:
    """A one-space region to complete (A30, die 1: 11 VP in phase A) with ``vp`` on the
    track and ``silver``."""
    state = solo.position(tiles={"A29": "mine"}, storage=["black-tile"], dice=(1, 4),
                          silver=silver)
    return _with_score(state, vp, **solo_changes)


def test_buying_vp_is_offered_after_a_gain(solo: S) -> None:
    """S16/P15: after a VP gain, VP may be bought, 1 silverling each (up to the silver
    held), or not."""
    state = solo.play(_region_turn(solo, 0, silver=3), "place black-tile A30 d1")
    assert isinstance(_top(state), BuyPoints)
    offered = [t for t in solo.texts(state) if t.endswith(" vp") or t == "decline"]
    assert offered == ["buy 1 vp", "buy 2 vp", "buy 3 vp", "decline"]
    bought = solo.play(state, "buy 2 vp")
    assert bought.scores == (13,) and bought.estates[0].silver == 1
    assert dict(bought.seats[0].ledger)["bought VP"] == 2
    assert not any(isinstance(p, BuyPoints) for p in solo.play(
        _region_turn(solo, 0, silver=0), "place black-tile A30 d1").pending)  # no silver


def test_buying_vp_exactly_to_the_target_resets_it(solo: S) -> None:
    """S17/P16, R-SOLO-TARGET: 37 + 11 = 48; buying 2 reaches 50: the marker goes to 0,
    the target to 45, and a castle's die action follows."""
    state = solo.play(_region_turn(solo, 37, silver=2), "place black-tile A30 d1")
    assert state.scores == (48,)
    after = solo.play(state, "buy 2 vp")
    assert after.scores == (0,) and after.seats[0].ledger == ()
    p = progress(after)
    assert (p.target, p.resets, p.total) == (45, 1, 50)
    assert isinstance(_top(after), BonusAction)
    validate_state(after)


def test_reaching_the_target_loses_the_excess(solo: S) -> None:
    """S17/P16: 45 + 11 = 56 >= 50: back to 0 (the 6 beyond are lost), target 45."""
    after = solo.play(_region_turn(solo, 45, silver=0), "place black-tile A30 d1")
    assert after.scores == (0,) and progress(after).target == 45
    assert isinstance(_top(after), BonusAction)


def test_the_target_at_its_floor_stays_and_still_gives_the_action(solo: S) -> None:
    """R-SOLO-TARGET: the target never goes below 5; reaching it there still resets and
    gives the castle's action (target 5 after 9 resets from 50)."""
    state = _region_turn(solo, 0, silver=0, target=5, resets=9)
    after = solo.play(state, "place black-tile A30 d1")
    p = progress(after)
    assert (p.target, p.resets, after.scores) == (5, 10, (0,))
    assert isinstance(_top(after), BonusAction)


# -- R-SOLO-KNOWLEDGE ---------------------------------------------------------------------------
def test_a_scoring_tile_scores_when_placed_with_the_counts_then(solo: S) -> None:
    """S14/P13, R-SOLO-KNOWLEDGE: #16 (4 VP per warehouse) placed early with no warehouse
    scores 0, placed late with two scores 8; nothing scores at game end."""
    early = solo.play(solo.position(storage=["k16"], dice=(3, 3)), "place k16 A27 d3")
    assert "knowledge #16" not in dict(early.seats[0].ledger)
    late = solo.position(tiles={"A24": "cow2", "A25": "warehouse"}, storage=["k16"],
                         dice=(3, 3))
    late = solo.play(late, "place k16 A27 d3")
    assert dict(late.seats[0].ledger)["knowledge #16"] == 4  # one warehouse (A25)
    assert not any(name.startswith("knowledge") for name in final_terms(late, 0))


def test_knowledge_26_counts_the_colours_covered(solo: S) -> None:
    """S14 (002): #26 scores at once 3 VP per colour already fully covered (the covered
    colour's bonus tile is kept, worth 0 VP: R-SOLO-COLOUR)."""
    state = solo.play(_mine_colour_turn(solo, []), "place mine A29 d5")  # mines covered
    assert state.estates[0].bonus and "colour bonus" not in dict(state.seats[0].ledger)
    turn = solo.position(
        tiles={"A01": "mine", "A21": "mine", "A29": "mine", "A24": "cow2"}, storage=["k26"],
        dice=(3, 3),
    )
    estate = turn.estates[0]
    turn = replace(turn, estates=(replace(estate, bonus=((5, 0),)),),
                   bonus_tiles=tuple(1 if c == 5 else n for c, n in enumerate(turn.bonus_tiles)))
    validate_state(turn)
    after = solo.play(turn, "place k26 A27 d3")
    assert dict(after.seats[0].ledger)["knowledge #26"] == 3


# -- R-SOLO-RESULT and the state --------------------------------------------------------------
def test_won_only_with_every_space_covered(solo: S) -> None:
    """S19/P17, R-SOLO-RESULT: ``(0,)`` with all 37 spaces covered, ``()`` otherwise."""
    state = solo.position()
    assert solo_winners(state, (0,)) == ()
    full = replace(state, estates=(replace(state.estates[0], filled=(1 << 37) - 1),))
    assert solo_winners(full, ()) == (0,)


def test_the_solo_state_round_trips_and_bad_values_are_refused(solo: S) -> None:
    """The solo state survives JSON; a target that does not follow from the resets, or
    goods out of the game that break conservation, are refused with a ValueError."""
    state = solo.play(solo.play(_ship_turn(solo), "place ship A30 d1"), "goods 1 5")
    again = from_json(to_json(state), state.rules)
    assert again == state and again.variant_state("solo") == state.variant_state("solo")
    with pytest.raises(ValueError, match="does not follow"):
        validate_state(_with_score(state, 0, target=40))
    with pytest.raises(ValueError, match="goods"):
        validate_state(_with_score(state, 0, goods_out=(9, 0, 0, 0, 0, 1)))


def test_no_decisions_after_the_game(solo: S) -> None:
    """At game end the final scoring's VP are counted, with no purchase or reset."""
    state = solo.position()
    over = replace(state, phase=PHASES)
    after = vp_gained(set_seat(over, 0, vp=60, ledger=(("other", 60),)), 0, 60)
    assert after.pending == over.pending and progress(after).resets == 0
