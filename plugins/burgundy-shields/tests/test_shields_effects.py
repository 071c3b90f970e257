"""The 18 shields' effects and end VP, one group of tests per shield.

Source: docs/variants/shields.md, the effects (SE-ZH p.18, RU19; the icons lost in RU19 restored
for #3, #8, #9) and R-SHIELD-14-15 (#14/#15: colour and adjacency apply, any die
number). End VP: #1-#6 12, #7-#12 8, #13-#18 4. Each effect test compares the position with
the shield against the same position without it (or with the shield in another duchy).

Board 1 (see conftest.py): castles a2 a3 b3 d4; d4's neighbours c3 (city 3), c4 (knowledge 1),
d3 (river 2), d5 (river 5), e3 (mine 4), e4 (city 3); pasture regions a1 b1 b2 c1 c2 and e6;
river region d1 d2 d3; mine region e3 f2 g1 (all the mine spaces).
"""

from __future__ import annotations

import pytest

from burgundy.components import tile_code
from burgundy.geometry import SPACE_BY_NAME
from burgundy.pending import BonusAction, ShipGoods, Turn
from burgundy.rules.scoring import final_terms
from burgundy.testing import legal_texts, with_tiles
from burgundy.testing import play_texts as do
from burgundy_shields.model import ShieldGoods, ShieldPlacement, ShieldTribute

SHIELD_VP = {n: 12 for n in range(1, 7)} | {n: 8 for n in range(7, 13)} | {
    n: 4 for n in range(13, 19)
}
"""Shields page: end VP of each shield."""




def shields(state):
    return state.variant_state("shields")


def gained(before, after, seat):
    """(silver, workers, VP) seat ``seat`` gained from ``before`` to ``after``."""
    a, b = before.seat_estate(seat), after.seat_estate(seat)
    return (b.silver - a.silver, b.workers - a.workers,
            after.seats[seat].vp - before.seats[seat].vp)


def to_phase_end(state):
    state = do(state, "workers d1", "workers d2")
    if isinstance(state.pending[-1], Turn) and "end" in legal_texts(state):
        state = do(state, "end")
    return state


# -- end VP -------------------------------------------------------------------------------------


@pytest.mark.parametrize("number", range(1, 19))
def test_each_shield_scores_its_end_vp(build, number):
    """Shields page table: 12 / 8 / 4 VP at game end while in the duchy (#13 doubles itself)."""
    state = build(shields={"d4": number})
    expected = SHIELD_VP[number] * (2 if number == 13 else 1)
    assert final_terms(state, state.current_player)[f"shield #{number}"] == expected


def test_shield_vp_reach_the_score_track_at_game_end(build):
    """Shields page "Shield VP is scored at game end if the shield is still in the duchy": played
    to the end of phase E; the kept shields score, the one not paid for does not."""
    state = build(dice=(1, 2), silver=2, tiles={"a2": "castle", "b3": "castle"},
                  shields={"d4": 1, "a2": 9, "b3": 16}, black=(), phase=4,
                  last_turn_of_phase=True)
    seat = state.current_player
    end = do(to_phase_end(state), "tribute 1,16")
    assert end.is_terminal
    ledger = dict(end.seats[seat].ledger)
    assert ledger["shield #1"] == 12 and ledger["shield #16"] == 4
    assert "shield #9" not in ledger


# -- #1 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("with_shield", [True, False])
def test_shield_1_all_pastures_count_as_one(build, with_shield):
    """Shield #1: all pastures count as one pasture for livestock scoring. A cow 2 on c1 (big
    pasture) scores the 3 cows on e6 (a one-space pasture elsewhere) too: 5 VP, not 2. Other
    species still do not count (ES11 p.6)."""
    shield = {"d4": 1} if with_shield else {}
    state = build(dice=(5, 1), storage=["cow2"], tiles={"e6": "cow3", "d2": "ship",
                                                        "b1": "sheep2"}, shields=shield)
    seat = state.current_player
    after = do(state, "place cow2 c1 d5")
    assert dict(after.seats[seat].ledger)["animals"] == (5 if with_shield else 2)


# -- #2 -----------------------------------------------------------------------------------------


def test_shield_2_another_seat_gains_workers_you_take_one(build, other):
    """Shield #2: whenever another player gains workers, you take 1 worker."""
    state = build(dice=(2, 4), their_shields={"d4": 2})
    seat, them = state.current_player, other(state)
    after = do(state, "workers d2")
    assert gained(state, after, seat)[1] == 2
    assert gained(state, after, them)[1] == 1
    again = do(after, "workers d4")  # a second gain: another worker
    assert gained(state, again, them)[1] == 2


def test_shield_2_boarding_house_gain_is_echoed_once(build, other):
    """Shield #2: a gain of 4 workers (boarding-house) gives the holder 1 worker."""
    state = build(dice=(3, 1), storage=["boarding-house"], their_shields={"d4": 2})
    seat, them = state.current_player, other(state)
    after = do(state, "place boarding-house e4 d3")
    assert gained(state, after, seat)[1] == 4
    assert gained(state, after, them)[1] == 1


def test_shield_2_not_for_your_own_gains(build, other):
    """Shield #2 ("another player"): the holder's own take-workers gives only its 2."""
    state = build(dice=(2, 4), shields={"d4": 2})
    seat, them = state.current_player, other(state)
    after = do(state, "workers d2")
    assert gained(state, after, seat)[1] == 2
    assert gained(state, after, them)[1] == 0


def test_shield_2_control_without_the_shield(build, other):
    state = build(dice=(2, 4))
    them = other(state)
    after = do(state, "workers d2")
    assert gained(state, after, them)[1] == 0


# -- #3 (the tribute with workers: see test_shields_tribute.py) ----------------------------------


def test_shield_3_tribute_paid_with_a_worker(build):
    """Shield #3: pay shield tribute with workers instead of silver. No silver at all: with
    #3 the shield is kept for a worker; without it, it must go."""
    for number, options in ((3, {"tribute 3 w1", "tribute none"}), (1, {"tribute none"})):
        state = build(dice=(1, 2), silver=0, shields={"d4": number}, last_turn_of_phase=True)
        at_end = to_phase_end(state)
        assert isinstance(at_end.pending[-1], ShieldTribute)
        assert legal_texts(at_end) == options


# -- #4 -----------------------------------------------------------------------------------------


def test_shield_4_no_storage_limit(build):
    """Shield #4: no limit on hex storage spaces: with 3 hexes stored no discard is needed,
    and a 4th and 5th go in."""
    stored = ["mine", "bank", "ship"]
    state = build(dice=(3, 1), storage=stored, depots={3: ["cow2"], 1: ["pig2"]},
                  shields={"d4": 4})
    seat = state.current_player
    takes = {t for t in legal_texts(state) if t.startswith("take cow2")}
    assert takes == {"take cow2 3 d3"}
    after = do(state, "take cow2 3 d3", "take pig2 1 d1")
    assert len(after.seat_estate(seat).storage) == 5


def test_shield_4_control_full_storage_needs_a_discard(build):
    """R-STORAGE (the control): without #4 a full storage (3) must drop a hex first."""
    state = build(dice=(3, 1), storage=["mine", "bank", "ship"], depots={3: ["cow2"]})
    takes = {t for t in legal_texts(state) if t.startswith("take cow2")}
    assert takes == {"take cow2 3 d3"}
    asked = do(state, "take cow2 3 d3")  # which one to drop is the decision after the take
    assert set(legal_texts(asked)) == {"drop bank", "drop mine", "drop ship"}


def test_shield_4_purchase_needs_no_discard_either(build):
    state = build(dice=(3, 1), silver=2, storage=["mine", "bank", "ship"], black=["church"],
                  shields={"d4": 4})
    buys = {t for t in legal_texts(state) if t.startswith("buy")}
    assert buys == {"buy church"}


# -- #5 -----------------------------------------------------------------------------------------


GOODS = {1: (1, 0, 0, 0, 0, 0), 2: (2, 1, 0, 0, 0, 0), 5: (1, 0, 0, 1, 0, 0),
         6: (0, 0, 1, 0, 0, 0)}


def test_shield_5_after_a_ship_take_all_goods_of_one_colour(build):
    """Shield #5: when placing a ship, also choose one goods colour and take all goods of
    that colour from all six depots. After the ship's own goods (depot 2: colours 1 and 2),
    colour 1 is taken from depots 1 and 5 too."""
    state = build(storage=["ship"], dice=(2, 4), shields={"d4": 5}, depot_goods=GOODS)
    seat = state.current_player
    placed = do(state, "place ship d3 d2")
    assert isinstance(placed.pending[-1], ShipGoods)
    after_ship = do(placed, "goods 2 1,2")
    assert isinstance(after_ship.pending[-1], ShieldGoods)
    # held: 1, 2; room for a third colour: 3 (depot 6) and 4 (depot 5) too
    assert legal_texts(after_ship) == {"goods colour 1", "goods colour 3", "goods colour 4",
                                       "decline"}
    after = do(after_ship, "goods colour 1")
    assert after.seat_estate(seat).goods == (4, 1, 0, 0, 0, 0)
    assert all(depot[0] == 0 for depot in after.depot_goods)
    assert after.depot_goods[4] == (0, 0, 0, 1, 0, 0) and after.depot_goods[5][2] == 1
    assert isinstance(after.pending[-1], Turn)


def test_shield_5_respects_the_three_colour_limit(build):
    """Shield #5 with the goods storage's 3 colours (R-SHIP): holding 3, 5
    and 6 after the ship, only colour 5 may be taken (1 and 2 are new colours)."""
    goods = {1: (1, 0, 0, 0, 0, 0), 2: (0, 0, 1, 0, 0, 0), 5: (0, 1, 0, 0, 2, 0)}
    state = build(storage=["ship"], dice=(2, 4), goods=(0, 0, 0, 0, 1, 1), shields={"d4": 5},
                  depot_goods=goods)
    seat = state.current_player
    after_ship = do(state, "place ship d3 d2", "goods 2 3")
    assert legal_texts(after_ship) == {"goods colour 5", "decline"}
    after = do(after_ship, "goods colour 5")
    assert after.seat_estate(seat).goods == (0, 0, 1, 0, 3, 1)
    assert after.depot_goods[4] == (0, 1, 0, 0, 0, 0)


def test_shield_5_may_be_declined(build):
    state = build(storage=["ship"], dice=(2, 4), shields={"d4": 5}, depot_goods=GOODS)
    seat = state.current_player
    after = do(state, "place ship d3 d2", "goods 2 1,2", "decline")
    assert after.seat_estate(seat).goods == (2, 1, 0, 0, 0, 0)
    assert isinstance(after.pending[-1], Turn)


def test_shield_5_control_without_the_shield(build):
    state = build(storage=["ship"], dice=(2, 4), depot_goods=GOODS)
    after = do(state, "place ship d3 d2", "goods 2 1,2")
    assert isinstance(after.pending[-1], Turn)
    assert not any(isinstance(p, ShieldGoods) for p in after.pending)


# -- #6 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_shield_6_with_knowledge_choose_a_player_to_borrow_from(build, players):
    """Shield #6: "at any time after taking it, choose a player" (any other seat): a free
    action on the seat's turns, once; right after taking the shield, or on a later turn."""
    state = build(knowledge=True, players=players, dice=(6, 6), silver=2,
                  shield_depots={6: (6,)})
    seat = state.current_player
    taken = do(state, "shield 6 6 d4 d6 d6")
    assert isinstance(taken.pending[-1], Turn) and taken.current_player == seat
    others = [s for s in range(players) if s != seat]
    assert {f"borrow {s}" for s in others} <= legal_texts(taken)
    after = do(taken, f"borrow {others[0]}")
    assert shields(after).borrow[after.seats[seat].estate] == others[0]
    assert after.current_player == seat  # a free action: the turn goes on
    assert not any(t.startswith("borrow") for t in legal_texts(after))  # once only
    # or wait: the choice is still open on the seat's next turn
    later = do(taken, "end") if "end" in legal_texts(taken) else taken
    while later.current_player != seat or later.is_chance:
        later = later.apply(later.chance_outcomes()[0][0] if later.is_chance
                            else later.legal_actions()[-1])
    assert {f"borrow {s}" for s in others} <= legal_texts(later)


def _borrowing(build, other, **kwargs):
    """A position where the seat to move holds #6 lending it the next seat's tiles."""
    them = other(build(knowledge=True))
    return build(knowledge=True, shields={"d4": 6}, borrow=them, **kwargs), them


def test_shield_6_borrowed_playing_tile_works_k13(build, other):
    """Shield #6: all that player's monasteries also work for you. Their knowledge #13 (take
    workers also gives 1 silver) works for the borrower."""
    state, _ = _borrowing(build, other, dice=(2, 4), their_tiles={"c4": "k13"})
    seat = state.current_player
    assert gained(state, do(state, "workers d2"), seat)[:2] == (1, 2)
    # controls: without the shield, or without the tile, no silver
    plain = build(knowledge=True, dice=(2, 4), their_tiles={"c4": "k13"})
    assert gained(plain, do(plain, "workers d2"), seat)[:2] == (0, 2)
    bare, _ = _borrowing(build, other, dice=(2, 4))
    assert gained(bare, do(bare, "workers d2"), seat)[:2] == (0, 2)


def test_shield_6_tiles_placed_later_also_work(build, other, fetch):
    """Shield #6 "including ones they place later"."""
    state, them = _borrowing(build, other, dice=(2, 4))
    seat = state.current_player
    state = with_tiles(fetch(state, "k13"), them, {"c4": "k13"})
    assert gained(state, do(state, "workers d2"), seat)[:2] == (1, 2)


def test_shield_6_borrowed_k8_makes_the_pair_cheaper(build, other):
    """Shield #6 with knowledge #8 (a worker changes a die by up to 2)."""
    state, _ = _borrowing(build, other, dice=(1, 5), workers=2,
                          their_tiles={"c4": "k8"}, shield_depots={3: (7,)})
    assert "shield 7 3 d4 d1 d5" in legal_texts(state)
    plain = build(knowledge=True, dice=(1, 5), workers=2, shields={"d4": 6},
                  their_tiles={"c4": "k8"}, shield_depots={3: (7,)})
    assert "shield 7 3 d4 d1 d5" not in legal_texts(plain)


def test_shield_6_borrowed_scoring_tile_uses_your_own_counts(build, other):
    """Shield #6: at game end you also score their scoring monasteries using your own counts:
    their #15 (2019: 2 VP per goods colour sold) scores the borrower's 3 sold colours."""
    state, them = _borrowing(build, other, sold=(1, 1, 1, 0, 0, 0), their_tiles={"c4": "k15"})
    seat = state.current_player
    assert final_terms(state, seat)["knowledge #15"] == 6
    assert final_terms(state, them).get("knowledge #15", 0) == 0  # they sold nothing


def test_shield_6_lends_only_while_in_the_duchy(build, other):
    """Shields page: a replaced shield leaves the game and its effect stops: after #6 is replaced
    by #12, the other seat's #13 no longer gives the silver."""
    state, them = _borrowing(build, other, dice=(5, 5), their_tiles={"c4": "k13"},
                             shield_depots={5: (12,)})
    after = do(state, "shield 12 5 d4 d5 d5")
    assert 6 in shields(after).removed
    replaced = build(knowledge=True, dice=(2, 4), shields={"d4": 12}, removed_shields=(6,),
                     borrow=them, their_tiles={"c4": "k13"})
    seat = replaced.current_player
    assert gained(replaced, do(replaced, "workers d2"), seat)[:2] == (0, 2)


def test_shield_6_without_knowledge_no_borrow_decision_only_vp(build):
    """Shield #6 with the knowledge module off: there are no monasteries' effects to lend, so
    no choice is asked; the shield still scores its 12 VP."""
    state = build(knowledge=False, dice=(6, 6), shield_depots={6: (6,)})
    seat = state.current_player
    after = do(state, "shield 6 6 d4 d6 d6")
    assert not any(t.startswith("borrow") for t in legal_texts(after))
    assert final_terms(after, seat)["shield #6"] == 12


# -- #7 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "large"), [(2, 5), (3, 6), (4, 7)])
@pytest.mark.parametrize("with_shield", [True, False])
def test_shield_7_bonus_tiles_score_double(build, players, large, with_shield):
    """Shield #7: bonus tiles you gain from now on score double. Completing the mines (e3 f2
    g1) wins the large mine bonus: 5/6/7 VP by player count, doubled with #7. The region's
    own VP (6 + 10 in phase A) are not doubled."""
    shield = {"d4": 7} if with_shield else {}
    state = build(players=players, dice=(3, 1), storage=["mine"],
                  tiles={"e3": "mine", "f2": "mine"}, shields=shield)
    seat = state.current_player
    after = do(state, "place mine g1 d3")
    ledger = dict(after.seats[seat].ledger)
    assert ledger["colour bonus"] == large * (2 if with_shield else 1)
    assert ledger["regions"] == 16


# -- #8 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("with_shield", [True, False])
def test_shield_8_mines_pay_double_at_phase_end(build, with_shield):
    """Shield #8 (SE-ZH: 2 silver instead of 1 per mine at phase end). Two mines: 4 silver
    instead of 2; the tribute (1 silver) is paid first."""
    shield = {"d4": 8} if with_shield else {}
    state = build(dice=(1, 2), silver=1, tiles={"e3": "mine", "f2": "mine"}, shields=shield,
                  last_turn_of_phase=True)
    seat = state.current_player
    at_end = to_phase_end(state)
    if with_shield:
        at_end = do(at_end, "tribute 8")
        assert at_end.seat_estate(seat).silver == 0 + 4
    else:
        assert at_end.seat_estate(seat).silver == 1 + 2
    assert at_end.phase == 1


def test_shield_8_only_for_its_owner(build, other):
    state = build(dice=(1, 2), silver=1, tiles={"e3": "mine"}, their_tiles={"e3": "mine"},
                  shields={"d4": 8}, last_turn_of_phase=True)
    seat, them = state.current_player, other(state)
    before_them = state.seat_estate(them).silver
    after = do(to_phase_end(state), "tribute 8")
    assert after.seat_estate(seat).silver == 2
    assert after.seat_estate(them).silver == before_them + 1


# -- #9 and #12 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("shield", "silver", "vp"), [(None, 1, 6), (9, 3, 6), (12, 1, 12)])
def test_shields_9_and_12_on_a_sale_of_three(build, shield, silver, vp):
    """Shield #9 (SE-ZH: 1 silver per goods tile sold instead of 1 per sale) and #12 (VP per
    sold goods tile doubled). Selling 3 goods in a 2-player game: 1 silver and 3 × 2 VP."""
    state = build(dice=(4, 1), goods=(0, 0, 0, 3, 0, 0),
                  shields={"d4": shield} if shield else {})
    seat = state.current_player
    after = do(state, "sell 4 d4")
    assert gained(state, after, seat)[0] == silver
    assert gained(state, after, seat)[2] == vp


@pytest.mark.parametrize(("players", "per_good"), [(2, 2), (3, 3), (4, 4)])
def test_shield_12_doubles_the_player_count_rate(build, players, per_good):
    """Shield #12 with the sale VP 2/3/4 per tile by player count."""
    state = build(players=players, dice=(4, 1), goods=(0, 0, 0, 2, 0, 0), shields={"d4": 12})
    seat = state.current_player
    after = do(state, "sell 4 d4")
    assert dict(after.seats[seat].ledger)["sales"] == 2 * 2 * per_good


def test_shield_9_single_good_still_one_silver(build):
    state = build(dice=(4, 1), goods=(0, 0, 0, 1, 0, 0), shields={"d4": 9})
    after = do(state, "sell 4 d4")
    assert gained(state, after, state.current_player)[0] == 1


# -- #10 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("with_shield", [True, False])
def test_shield_10_scoring_monasteries_double(build, with_shield):
    """Shield #10: at game end your scoring monasteries score double. #15 (2019: 2 VP × 2
    colours) and #22 (4 VP per bank, one bank) double; the shield's own 8 VP do not."""
    shield = {"d4": 10} if with_shield else {}
    state = build(knowledge=True, tiles={"c4": "k15", "b4": "k22", "e4": "bank"},
                  sold=(1, 1, 0, 0, 0, 0), shields=shield)
    terms = final_terms(state, state.current_player)
    factor = 2 if with_shield else 1
    assert terms["knowledge #15"] == 4 * factor
    assert terms["knowledge #22"] == 4 * factor
    if with_shield:
        assert terms["shield #10"] == 8
    assert terms["goods"] == 0 and terms["silver"] == 0


def test_shield_10_reaches_the_score_track(build):
    """Shield #10 played to the game end (phase E, tribute paid)."""
    state = build(knowledge=True, dice=(1, 2), silver=1, tiles={"c4": "k15"},
                  sold=(1, 1, 1, 0, 0, 0), shields={"d4": 10}, black=(), phase=4,
                  last_turn_of_phase=True)
    seat = state.current_player
    end = do(to_phase_end(state), "tribute 10")
    ledger = dict(end.seats[seat].ledger)
    assert ledger["knowledge #15"] == 12 and ledger["shield #10"] == 8


def test_shield_10_with_6_doubles_borrowed_scoring_tiles(build, other):
    """Shield #6 + #10: a borrowed scoring monastery is one of your scoring monasteries."""
    them = other(build(knowledge=True))
    state = build(knowledge=True, tiles={"a2": "castle"}, shields={"d4": 6, "a2": 10},
                  borrow=them, sold=(1, 1, 1, 0, 0, 0), their_tiles={"c4": "k15"})
    assert final_terms(state, state.current_player)["knowledge #15"] == 12


# -- #11 ----------------------------------------------------------------------------------------


def test_shield_11_castle_bonus_may_take_a_shield(build):
    """Shield #11: whenever you place a castle, you may take a shield as its bonus action:
    any depot, no dice (a castle's bonus is a die of any value, R-CASTLE), onto any castle
    including the one just placed."""
    state = build(tiles={"c4": "k1"}, storage=["castle"], dice=(6, 2), shields={"d4": 11},
                  shield_depots={2: (7,), 5: (9,)})
    seat = state.current_player
    bonus = do(state, "place castle b3 d6")
    assert isinstance(bonus.pending[-1], BonusAction)
    assert {t for t in legal_texts(bonus) if t.startswith("shield")} == {
        "shield 7 2 b3 d*", "shield 7 2 d4 d*", "shield 9 5 b3 d*", "shield 9 5 d4 d*"
    }
    after = do(bonus, "shield 9 5 b3 d*")
    assert shields(after).placed[after.seats[seat].estate] == ((6, 9), (18, 11))
    assert after.seats[seat].dice == (2,)  # the other die is still there
    assert after.seat_estate(seat).workers == state.seat_estate(seat).workers


def test_shield_11_control_without_it_no_shield_in_the_bonus(build):
    state = build(tiles={"c4": "k1"}, storage=["castle"], dice=(6, 2), shields={"d4": 1},
                  shield_depots={2: (7,), 5: (9,)})
    bonus = do(state, "place castle b3 d6")
    assert isinstance(bonus.pending[-1], BonusAction)
    assert not any(t.startswith("shield") for t in legal_texts(bonus))
    assert "workers d*" in legal_texts(bonus)


# -- #13 ----------------------------------------------------------------------------------------


def test_shield_13_doubles_every_shields_vp(build):
    """Shield #13: at game end all your shields' VP (this one included) double."""
    state = build(tiles={"a2": "castle", "b3": "castle"}, shields={"d4": 13, "a2": 1, "b3": 9})
    terms = final_terms(state, state.current_player)
    assert (terms["shield #13"], terms["shield #1"], terms["shield #9"]) == (8, 24, 16)
    plain = build(tiles={"a2": "castle", "b3": "castle"}, shields={"d4": 17, "a2": 1, "b3": 9})
    terms = final_terms(plain, plain.current_player)
    assert (terms["shield #17"], terms["shield #1"], terms["shield #9"]) == (4, 12, 8)


def test_shield_13_does_not_double_other_terms(build):
    state = build(knowledge=True, silver=3, tiles={"c4": "k15"}, sold=(1, 0, 0, 0, 0, 0),
                  shields={"d4": 13})
    terms = final_terms(state, state.current_player)
    assert terms["silver"] == 3 and terms["knowledge #15"] == 2


def test_shield_13_only_its_owners_shields(build, other):
    state = build(shields={"d4": 13}, their_shields={"d4": 1})
    assert final_terms(state, other(state))["shield #1"] == 12


# -- #14 / #15 ----------------------------------------------------------------------------------

PLACEMENT_DEPOTS = {"depots": {2: ["mine"], 3: ["bank"]}, "black": ["watchtower"]}


def test_shield_14_phase_end_placement_from_a_numbered_depot(build):
    """Shield #14 and R-SHIELD-14-15: at each phase end, after the dice actions, take one hex
    from any numbered depot and place it straight into the duchy: colour and adjacency apply,
    any die number. From d4 alone: the mine only on e3 (die 4, not depot 2's number), not on
    f2 / g1 (not adjacent); the bank on c3 or e4; nothing from the black depot."""
    state = build(dice=(1, 2), shields={"d4": 14}, last_turn_of_phase=True, **PLACEMENT_DEPOTS)
    seat = state.current_player
    at_end = to_phase_end(state)
    assert isinstance(at_end.pending[-1], ShieldPlacement) and at_end.current_player == seat
    assert legal_texts(at_end) == {"direct mine 2 e3", "direct bank 3 c3", "direct bank 3 e4",
                                   "decline"}


def test_shield_14_placed_hex_fires_its_effect(build):
    """Shield #14 "with its effect": the bank gives 2 silver, which here pays the tribute that
    follows; the hex leaves the depot and does not pass through storage."""
    state = build(dice=(1, 2), shields={"d4": 14}, last_turn_of_phase=True, **PLACEMENT_DEPOTS)
    seat = state.current_player
    after = do(to_phase_end(state), "direct bank 3 e4")
    assert after.seat_estate(seat).silver == 2
    assert after.seat_estate(seat).storage == ()
    assert after.depots[2] == ()
    assert isinstance(after.pending[-1], ShieldTribute)
    assert "tribute 14" in legal_texts(after)
    done = do(after, "tribute 14")
    assert done.phase == 1 and done.seat_estate(seat).silver == 1


def test_shield_14_placement_scores_like_a_placement(build):
    """Shield #14 "under normal placement rules": the mine completes the mine region (6 VP +
    phase A bonus 10) and the mine colour (5 VP)."""
    state = build(dice=(1, 2), tiles={"f2": "mine", "g1": "mine"}, shields={"d4": 14},
                  last_turn_of_phase=True, depots={2: ["mine"]})
    seat = state.current_player
    after = do(to_phase_end(state), "direct mine 2 e3")
    ledger = dict(after.seats[seat].ledger)
    assert ledger["regions"] == 16 and ledger["colour bonus"] == 5


def test_shield_14_may_decline(build):
    state = build(dice=(1, 2), shields={"d4": 14}, last_turn_of_phase=True, **PLACEMENT_DEPOTS)
    seat = state.current_player
    at_end = to_phase_end(state)
    after = do(at_end, "decline")
    assert after.seat_estate(seat).filled == at_end.seat_estate(seat).filled
    assert isinstance(after.pending[-1], ShieldTribute)


def test_shield_14_with_18_no_adjacency(build):
    """R-SHIELD-14-15 ("adjacency applies") with #18 (no adjacency needed)."""
    state = build(dice=(1, 2), tiles={"a2": "castle"}, shields={"d4": 14, "a2": 18},
                  last_turn_of_phase=True, **PLACEMENT_DEPOTS)
    texts = legal_texts(to_phase_end(state))
    assert {"direct mine 2 f2", "direct mine 2 g1", "direct bank 3 g4"} <= texts


def test_shield_14_only_at_the_phase_end(build):
    """Shield #14 "at each phase end": a turn ending mid-phase places nothing."""
    state = build(dice=(1, 2), shields={"d4": 14}, **PLACEMENT_DEPOTS)
    after = to_phase_end(state)  # here: an ordinary turn of round 1
    assert after.phase == 0 and after.round == 0
    assert not any(isinstance(p, ShieldPlacement) for p in after.pending)


def test_shield_14_nothing_to_place_no_decision(build):
    """Shield #14 "(if any)": numbered depots empty, straight on to the tribute."""
    state = build(dice=(1, 2), shields={"d4": 14}, black=["watchtower"],
                  last_turn_of_phase=True)
    at_end = to_phase_end(state)
    assert isinstance(at_end.pending[-1], ShieldTribute)
    assert not any(isinstance(p, ShieldPlacement) for p in at_end.pending)


def test_shield_14_control_no_placement_without_it(build):
    state = build(dice=(1, 2), shields={"d4": 1}, silver=1, last_turn_of_phase=True,
                  **PLACEMENT_DEPOTS)
    at_end = to_phase_end(state)
    assert not any(isinstance(p, ShieldPlacement) for p in at_end.pending)
    assert isinstance(at_end.pending[-1], ShieldTribute)


def test_shield_15_phase_end_placement_from_the_black_depot(build):
    """Shield #15 (as #14, from the black depot) and R-SHIELD-14-15: only the black depot's
    watchtower (any die number; city spaces next to d4), and its effect: 4 VP."""
    state = build(dice=(1, 2), shields={"d4": 15}, last_turn_of_phase=True, **PLACEMENT_DEPOTS)
    seat = state.current_player
    at_end = to_phase_end(state)
    assert legal_texts(at_end) == {"direct watchtower black c3", "direct watchtower black e4",
                                   "decline"}
    after = do(at_end, "direct watchtower black c3")
    assert dict(after.seats[seat].ledger)["watchtower"] == 4
    assert after.black_depot == ()
    declined = do(at_end, "decline")
    assert declined.seats[seat].vp == at_end.seats[seat].vp
    assert declined.black_depot == at_end.black_depot
    assert isinstance(declined.pending[-1], ShieldTribute)


def test_shields_14_and_15_both_place(build):
    """Shields page: a seat with both shields places twice."""
    state = build(dice=(1, 2), tiles={"a2": "castle"}, shields={"d4": 14, "a2": 15},
                  last_turn_of_phase=True, **PLACEMENT_DEPOTS)
    seat = state.current_player
    at_end = to_phase_end(state)
    first = do(at_end, "direct bank 3 e4")
    assert isinstance(first.pending[-1], ShieldPlacement)
    second = do(first, "direct watchtower black c3")
    spaces = second.seat_estate(seat).spaces
    assert spaces[SPACE_BY_NAME["e4"]] == tile_code("bank")
    assert spaces[SPACE_BY_NAME["c3"]] == tile_code("watchtower")
    assert isinstance(second.pending[-1], ShieldTribute)


# -- #16 ----------------------------------------------------------------------------------------


def test_shield_16_set_a_die_then_use_it_with_workers(build):
    """Shield #16: once per turn, set one of your dice to any value. Dice 1 and 2: the 1 set
    to 5, then one worker makes it 6 to take from depot 6; no second setting that turn."""
    state = build(dice=(1, 2), workers=1, shields={"d4": 16}, depots={6: ["bank"]})
    seat = state.current_player
    sets = {t for t in legal_texts(state) if t.startswith("set ")}
    assert sets == {f"set d{d} {v}" for d in (1, 2) for v in range(1, 7) if v != d}
    turned = do(state, "set d1 5")
    assert turned.seats[seat].dice == (2, 5)
    assert turned.current_player == seat and isinstance(turned.pending[-1], Turn)
    texts = legal_texts(turned)
    assert not any(t.startswith("set ") for t in texts)
    assert "take bank 6 d5" in texts
    after = do(turned, "take bank 6 d5")
    assert after.seat_estate(seat).workers == 0
    assert not any(t.startswith("set ") for t in legal_texts(after))


def test_shield_16_makes_a_free_pair_for_a_shield(build):
    """Shield #16 + the doubles action: 2 and 5, the 5 set to 2, a free pair of 2s."""
    state = build(dice=(2, 5), workers=0, shields={"d4": 16}, shield_depots={2: (7,)})
    assert "shield 7 2 d4 d2 d2" not in legal_texts(state)
    after = do(state, "set d5 2", "shield 7 2 d4 d2 d2")
    assert shields(after).placed[after.seats[state.current_player].estate] == ((18, 7),)


def test_shield_16_again_next_turn(build):
    """Shield #16 "once per turn": used this turn, it is open again on the seat's next turn
    (the other seat plays its turn in between)."""
    state = build(dice=(1, 2), shields={"d4": 16})
    seat = state.current_player
    state = do(state, "set d1 5", "workers d5", "workers d2")
    assert state.current_player != seat
    while not (isinstance(state.pending[-1], Turn) and state.current_player == seat):
        if state.is_chance:
            state = state.apply(state.chance_outcomes()[0][0])
        else:
            workers = sorted(t for t in legal_texts(state) if t.startswith("workers"))
            state = do(state, workers[0] if workers else "end")
    assert any(t.startswith("set ") for t in legal_texts(state))


def test_shield_16_control_without_it(build):
    state = build(dice=(1, 2), workers=1, shields={"d4": 1}, depots={6: ["bank"]})
    assert not any(t.startswith("set ") for t in legal_texts(state))


# -- #17 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("with_shield", "vp"), [(True, 20), (False, 16)])
def test_shield_17_regions_score_one_space_larger(build, with_shield, vp):
    """Shield #17: completed regions score as if one space larger: a 3-space region scores 10
    instead of 6, plus the phase A bonus 10. The ship on d3 completes the rivers d1 d2 d3."""
    shield = {"d4": 17} if with_shield else {}
    state = build(dice=(2, 1), storage=["ship"], tiles={"d1": "ship", "d2": "ship"},
                  shields=shield)
    seat = state.current_player
    after = do(state, "place ship d3 d2")
    assert dict(after.seats[seat].ledger)["regions"] == vp


@pytest.mark.parametrize(("phase", "bonus"), [(2, 6), (4, 2)])
def test_shield_17_keeps_the_phase_bonus(build, phase, bonus):
    state = build(dice=(2, 1), storage=["ship"], tiles={"d1": "ship", "d2": "ship"},
                  shields={"d4": 17}, phase=phase)
    after = do(state, "place ship d3 d2")
    assert dict(after.seats[state.current_player].ledger)["regions"] == 10 + bonus


# -- #18 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("with_shield", [True, False])
def test_shield_18_placements_need_not_be_adjacent(build, with_shield):
    """Shield #18: placed tiles need not be adjacent to earlier tiles. With only the start
    castle, a mine may go on g1 (die 3) far away; without it only on e3 (next to d4).
    Colour and die number still apply (f2 is die 1)."""
    shield = {"d4": 18} if with_shield else {}
    state = build(dice=(4, 3), storage=["mine"], shields=shield)
    seat = state.current_player
    places = {t for t in legal_texts(state) if t.startswith("place")}
    expected = {"place mine e3 d4"} | ({"place mine g1 d3"} if with_shield else set())
    assert places == expected
    if with_shield:
        after = do(state, "place mine g1 d3")
        assert after.seat_estate(seat).spaces[SPACE_BY_NAME["g1"]] == tile_code("mine")
