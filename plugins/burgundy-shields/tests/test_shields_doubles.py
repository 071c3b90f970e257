"""The doubles action: two dice showing (or made to show) the same number take a shield.

Source: docs/variants/shields.md, taking a shield (SE-ZH, RU19): if your own two dice show
the same number (workers may be used to make the pair), you may, instead of your two die
actions, spend both dice to take one shield from the depot with that number. Put it on a
castle tile in your duchy (the starting castle counts): a castle without a shield, or
replace a shield there (the old one leaves the game). One shield per castle. Workers change a
die by ±1 round the ring 6↔1 (ES11 p.4); with knowledge #8 each worker changes a
die by up to 2 (knowledge tile table, ES11 #8: Carla's 3 → 6).

Text form: ``shield 7 4 a2 d3 d5`` takes shield 7 from depot 4 onto the castle on a2 with the
dice showing 3 and 5 (both used as 4). Castle spaces of board 1: a2, a3, b3 and d4 (start).
"""

from __future__ import annotations

import pytest

from burgundy.geometry import SPACE_BY_NAME, SPACE_NAMES
from burgundy.pending import Turn
from burgundy.rules.scoring import final_terms
from burgundy.testing import find_action, legal_texts, with_dice, with_estate
from burgundy.testing import play_texts as do

ALL_DEPOTS = {1: (9,), 2: (10,), 3: (2,), 4: (7,), 5: (12,), 6: (13,)}
"""One shield on each depot (the 2-player set-up)."""




def shield_texts(state):
    return {t for t in legal_texts(state) if t.startswith("shield ")}


def shields(state):
    return state.variant_state("shields")


def placed(state, seat):
    """{space name: shield} in seat ``seat``'s duchy."""
    return {SPACE_NAMES[s]: n for s, n in shields(state).placed[state.seats[seat].estate]}


# -- when it is offered ------------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["2019", "2011"])
def test_equal_dice_take_a_shield_for_nothing(build, edition):
    """Shields page: two dice showing 4 take the shield of depot 4; no worker is paid, both dice are
    used, the shield leaves the depot and lies on the castle."""
    state = build(edition=edition, dice=(4, 4), workers=0, shield_depots=ALL_DEPOTS)
    seat = state.current_player
    assert shield_texts(state) == {"shield 7 4 d4 d4 d4"}
    after = do(state, "shield 7 4 d4 d4 d4")
    assert after.seat_estate(seat).workers == 0
    assert placed(after, seat) == {"d4": 7}
    assert shields(after).depots[3] == ()
    assert after.seats[seat].dice == ()


@pytest.mark.parametrize("edition", ["2019", "2011"])
def test_four_players_either_shield_of_the_depot(build, edition):
    """Shields page (4 players: two shields per depot): a pair of 4s may take either of depot 4's
    shields; the other stays."""
    state = build(players=4, edition=edition, dice=(4, 4), workers=0,
                  shield_depots={4: (7, 8), 2: (1, 3)})
    assert shield_texts(state) == {"shield 7 4 d4 d4 d4", "shield 8 4 d4 d4 d4"}
    after = do(state, "shield 8 4 d4 d4 d4")
    assert shields(after).depots[3] == (7,)
    assert placed(after, state.current_player) == {"d4": 8}


def test_no_shield_on_the_depot_no_doubles_action(build):
    """Shields page: the shield comes from the depot with the pair's number; an empty depot gives
    none (the other depots are out of reach without workers)."""
    state = build(dice=(4, 4), workers=0, shield_depots={1: (9,), 3: (2,), 5: (12,)})
    assert shield_texts(state) == set()


def test_doubles_action_needs_both_dice_unused(build):
    """Shields page "instead of your two die actions, spend both dice": once one die is used, no
    shield can be taken with the other."""
    state = build(dice=(4, 4), workers=0, shield_depots=ALL_DEPOTS)
    assert shield_texts(state)
    after = do(state, "workers d4")
    assert after.current_player == state.current_player
    assert after.seats[state.current_player].dice == (4,)
    assert shield_texts(after) == set()


@pytest.mark.parametrize(
    ("dice", "workers", "depots"),
    [
        ((3, 5), 1, set()),  # the cheapest pair (4,4), (3,3) or (5,5) costs 2
        ((3, 5), 2, {3, 4, 5}),
        ((3, 5), 3, {3, 4, 5}),
        ((3, 5), 4, {1, 2, 3, 4, 5, 6}),  # 1 and 2: 2+2 / 1+3; 6: 3+1
        ((1, 6), 1, {1, 6}),  # round the ring: 6 → 1 or 1 → 6 is one step
        ((2, 5), 2, set()),  # every pair costs 3
        ((2, 5), 3, {1, 2, 3, 4, 5, 6}),
    ],
)
def test_workers_make_the_pair_cost_is_the_steps_of_both_dice(build, dice, workers, depots):
    """Shields page "workers may be used to make the pair" and ES11 p.4 (±1 per worker, 6↔1 wraps):
    depot n is open when the steps from both dice to n cost no more than the workers."""
    state = build(dice=dice, workers=workers, shield_depots=ALL_DEPOTS)
    dice_text = " ".join(f"d{d}" for d in sorted(dice))
    expected = {
        f"shield {ALL_DEPOTS[d][0]} {d} d4 {dice_text}" for d in depots
    }
    assert shield_texts(state) == expected


def test_workers_paid_for_the_pair(build):
    """Shields page: dice 3 and 5 both made 4 cost 2 workers (one each)."""
    state = build(dice=(3, 5), workers=3, shield_depots=ALL_DEPOTS)
    seat = state.current_player
    after = do(state, "shield 7 4 d4 d3 d5")
    assert after.seat_estate(seat).workers == 1
    assert placed(after, seat) == {"d4": 7}


@pytest.mark.parametrize(
    ("dice", "depot", "workers", "with_k8", "offered"),
    [
        ((1, 5), 3, 2, False, False),  # 2 + 2 steps = 4 workers
        ((1, 5), 3, 2, True, True),  # #8: 1 + 1 workers
        ((1, 5), 3, 1, True, False),
        ((1, 5), 2, 3, True, True),  # 1 → 2: 1 worker; 5 → 2: 3 steps, 2 workers
        ((1, 5), 2, 2, True, False),
        ((2, 4), 3, 1, True, False),  # a worker changes one die: 1 + 1, not 2 // 2
        ((2, 4), 3, 2, True, True),
    ],
)
def test_knowledge_8_halves_the_pair_cost_rounding_up(
    build, dice, depot, workers, with_k8, offered
):
    """Shields page with knowledge #8 (each worker changes a die by up to 2; rounded up per die,
    since a worker turns one die): the cost of making the pair."""
    tiles = {"c4": "k8"} if with_k8 else {}
    state = build(
        knowledge=True, dice=dice, workers=workers, tiles=tiles, shield_depots=ALL_DEPOTS
    )
    text = f"shield {ALL_DEPOTS[depot][0]} {depot} d4 d{dice[0]} d{dice[1]}"
    assert (text in shield_texts(state)) is offered
    if offered:
        after = do(state, text)
        assert after.seat_estate(state.current_player).workers == 0


# -- where it goes ------------------------------------------------------------------------------


def test_any_castle_of_the_duchy_including_the_start_castle(build):
    """Shields page "put it on a castle tile in your duchy (the starting castle counts)": every
    castle in the duchy is offered; empty castle spaces and other tiles are not, nor is a
    castle still in storage."""
    state = build(
        dice=(2, 2), tiles={"a2": "castle", "b3": "castle", "c3": "bank"}, storage=["castle"],
        shield_depots=ALL_DEPOTS,
    )
    spaces = {t.split()[3] for t in shield_texts(state)}
    assert spaces == {"a2", "b3", "d4"}  # a3 is an empty castle space
    after = do(state, "shield 10 2 b3 d2 d2")
    assert placed(after, state.current_player) == {"b3": 10}


def test_a_shield_on_each_castle(build):
    """Shields page: a castle without a shield takes a new one; the shields on other castles
    stay."""
    state = build(dice=(2, 2), tiles={"a2": "castle"}, shields={"d4": 1},
                  shield_depots=ALL_DEPOTS)
    seat = state.current_player
    after = do(state, "shield 10 2 a2 d2 d2")
    assert placed(after, seat) == {"a2": 10, "d4": 1}
    assert shields(after).removed == ()


def test_replacing_a_shield_removes_the_old_one_from_the_game(build):
    """Shields page "or replace a shield there (the old one leaves the game). One shield per
    castle": the old shield goes out of the game, not back to a depot or the supply, and it
    no longer counts (its end VP is gone)."""
    state = build(dice=(2, 2), shields={"d4": 18}, shield_depots=ALL_DEPOTS)
    seat = state.current_player
    supply = shields(state).supply
    assert final_terms(state, seat)["shield #18"] == 4
    after = do(state, "shield 10 2 d4 d2 d2")
    assert placed(after, seat) == {"d4": 10}
    assert shields(after).removed == (18,)
    assert shields(after).supply == supply
    assert all(18 not in d for d in shields(after).depots)
    terms = final_terms(after, seat)
    assert "shield #18" not in terms and terms["shield #10"] == 8


# -- what follows ---------------------------------------------------------------------------


def test_both_dice_used_turn_ends_without_a_purchase(build):
    """Shields page "spend both dice": with no purchase possible, the turn is over at once."""
    state = build(dice=(4, 4), silver=0, shield_depots=ALL_DEPOTS)
    seat = state.current_player
    after = do(state, "shield 7 4 d4 d4 d4")
    assert after.current_player != seat or not isinstance(after.pending[-1], Turn)
    assert after.seats[seat].dice == ()


def test_both_dice_used_the_purchase_is_still_possible(build):
    """The Shields page plus the turn rules (docs/rules.md, "The purchase": the black-depot
    purchase before, between or after the die actions): after the shield, the seat may still buy,
    or end."""
    state = build(dice=(4, 4), silver=2, black=["bank"], shield_depots=ALL_DEPOTS)
    seat = state.current_player
    after = do(state, "shield 7 4 d4 d4 d4")
    assert after.current_player == seat and isinstance(after.pending[-1], Turn)
    assert legal_texts(after) == {"buy bank", "end"}
    bought = do(after, "buy bank")
    assert bought.seat_estate(seat).storage != ()
    assert bought.current_player != seat or not isinstance(bought.pending[-1], Turn)


def test_shield_cannot_be_taken_by_the_other_seat_once_gone(build, other, set_shields):
    """Shields page: the depot is not refilled: after seat A takes depot 4's shield, seat B's
    pair of 4s offers nothing."""
    state = build(dice=(4, 4), shield_depots=ALL_DEPOTS)
    after = do(state, "shield 7 4 d4 d4 d4")
    nxt = after.current_player
    assert nxt == other(state)
    after = with_estate(with_dice(after, nxt, 4, 4), nxt, workers=0)
    assert shield_texts(after) == set()
    # the control: with a shield on depot 4 the same seat could take it
    refilled = set_shields(after, placed={state.current_player: {"d4": 7}},
                           depots={4: (8,)})
    assert shield_texts(refilled) == {"shield 8 4 d4 d4 d4"}


def test_text_names_the_space(build):
    """The notation ``shield <n> <depot> <space> d<a> d<b>`` (brief) round-trips."""
    state = build(dice=(3, 5), workers=2, tiles={"a2": "castle"}, shield_depots=ALL_DEPOTS)
    action = find_action(state, "shield 7 4 a2 d3 d5")
    assert action.space == SPACE_BY_NAME["a2"] and action.depot == 4 and action.shield == 7
