"""The four extra hexes' rules (issue #17), each test naming its source: R-EXTRA-HEXES on
docs/rules.md, the sentences X1-X5 (ZH19, SE-ZH) and what docs/variants/extra-hexes.md decides.
Board 1: the start castle on d4; the pasture a1 (6) b1 (2) b2 (1) c1 (5) c2 (4) is reached
through the city c3."""

from __future__ import annotations

import pytest

import burgundy
from burgundy.components import tile_code
from burgundy.pending import BuildingTake, LooseDieAction
from burgundy.rules.effects import move_turn_marker
from burgundy.rules.scoring import final_terms, play_order
from burgundy.state import replace
from burgundy.testing import build_position, legal_texts, play_texts
from burgundy.validation import component_totals
from burgundy_extra_hexes.model import CraneChoice, GeeseChoice
from burgundy_extra_hexes.rules import CRANE, GEESE, K27, K28


def rules(*variants: str, players: int = 2) -> burgundy.Ruleset:
    return burgundy.Ruleset(players=players, variants=(*variants, "extra_hexes"))


def test_components_join_their_supplies() -> None:
    """X5: #27 and #28 into the yellow supply, the crane and the geese into the black one."""
    ruleset = rules()
    totals, _ = component_totals(ruleset)
    assert [totals[c] for c in (K27, K28, CRANE, GEESE)] == [1, 1, 1, 1]
    state = burgundy.testing.first_turn(ruleset, 0)
    black_or_drawn = state.black_supply[CRANE] + state.black_depot.count(CRANE)
    assert black_or_drawn == 1 and state.supply[CRANE] == 0


def test_the_2011_edition_is_refused() -> None:
    with pytest.raises(ValueError, match=r"extra_hexes.*2019"):
        burgundy.Ruleset(players=2, variants=("extra_hexes",), edition="2011")


# -- #27 ------------------------------------------------------------------------------------
def test_k27_marker_stays_on_top_of_a_shared_stack() -> None:
    """R-EXTRA-HEXES, X1: with #27 the seat's marker goes on top of any stack it shares,
    also when another marker moves onto it; without #27 the mover is on top."""
    state = build_position(rules(), tiles={"c4": "k27"})
    seat = state.current_player
    other = 1 - seat
    track = ((other,), (seat,))  # the other seat moves onto the seat's space
    plain = build_position(rules())
    moved_plain = move_turn_marker(replace(plain, track=track), other)
    assert play_order(moved_plain.track)[0] == other  # the mover on top
    moved = move_turn_marker(replace(state, track=track), other)
    assert moved.track[1] == (other, seat)
    assert play_order(moved.track)[0] == seat  # #27: on top all the same


def test_k27_in_storage_does_nothing() -> None:
    state = build_position(rules(), storage=["k27"])
    seat = state.current_player
    moved = move_turn_marker(replace(state, track=((1 - seat,), (seat,))), 1 - seat)
    assert play_order(moved.track)[0] == 1 - seat


# -- #28 ------------------------------------------------------------------------------------
def test_k28_hires_workers_repeatedly_in_one_decision() -> None:
    """R-EXTRA-HEXES, X2: 1 silverling -> 2 workers, a free action, as often as the seat
    likes within one decision (the decision stays open)."""
    state = build_position(rules(), tiles={"c4": "k28"}, silver=3, dice=(1, 2))
    seat = state.current_player
    assert "hire" in legal_texts(state)
    after = play_texts(state, "hire", "hire", "hire")
    estate = after.seat_estate(seat)
    assert (estate.silver, estate.workers) == (0, 6)
    assert after.current_player == seat and after.seats[seat].dice == (1, 2)
    assert "hire" not in legal_texts(after)  # no silver left


def test_k28_works_on_any_own_decision_not_on_others() -> None:
    """Decided on the Extra hexes page (X2): on any decision of the seat (an effect's too); never
    without #28 in its duchy."""
    state = build_position(rules(), tiles={"c4": "k28"}, silver=2, storage=["carpenter"],
                           dice=(3, 3), depots={1: ["bank"]})
    after = play_texts(state, "place carpenter c3 d3")
    assert isinstance(after.pending[-1], BuildingTake) and "hire" in legal_texts(after)
    without = build_position(rules(), silver=2, dice=(3, 3))
    assert "hire" not in legal_texts(without)


# -- the crane ------------------------------------------------------------------------------
def test_the_crane_takes_the_effect_of_any_building_type() -> None:
    """R-EXTRA-HEXES, X3: placed, the player picks any building effect, even one the duchy
    lacks: the bank's 2 silverlings, or the watchtower's 4 VP."""
    state = build_position(rules(), storage=["crane"], dice=(3, 3))
    seat = state.current_player
    after = play_texts(state, "place crane c3 d3")
    assert isinstance(after.pending[-1], CraneChoice)
    assert legal_texts(after) >= {"crane bank", "crane watchtower", "crane town-hall",
                                  "crane carpenter"}
    assert len(legal_texts(after)) == 8
    bank = play_texts(after, "crane bank")
    assert bank.seat_estate(seat).silver == 2
    tower = play_texts(after, "crane watchtower")
    assert tower.scores[seat] - after.scores[seat] == 4


def test_the_crane_may_take_a_white_castles_action() -> None:
    """Decided on the Extra hexes page (X3): with the white castles on, the crane may imitate one
    too."""
    state = build_position(rules("white_castles"), storage=["crane"], dice=(3, 3))
    state = replace(state, white=4)
    after = play_texts(state, "place crane c3 d3")
    assert "crane white-castle" in legal_texts(after)
    acted = play_texts(after, "crane white-castle")
    assert acted.pending[-1] == LooseDieAction(state.current_player, 4)


def test_the_crane_counts_as_the_best_type_at_game_end() -> None:
    """R-EXTRA-HEXES, X3: at game end the crane counts as one building of the type that
    gives its owner the most knowledge VP, chosen automatically: with #22 (banks) and one
    bank it is a second bank (8 VP); with #22 and #18 it counts for one of them only."""
    state = build_position(rules("knowledge"), tiles={"c3": "crane", "e4": "bank",
                                                      "c4": "k22"})
    assert final_terms(state, state.current_player)["knowledge #22"] == 8
    both = build_position(rules("knowledge"), tiles={"c3": "crane", "e4": "bank",
                                                     "c4": "k22", "b4": "k18"})
    terms = final_terms(both, both.current_player)
    assert terms["knowledge #22"] + terms["knowledge #18"] == 8  # the bank 4, the crane 4
    without = build_position(rules("knowledge"), tiles={"e4": "bank", "c4": "k22"})
    assert final_terms(without, without.current_player)["knowledge #22"] == 4


def test_the_crane_may_count_as_a_white_castle_for_29() -> None:
    """R-EXTRA-HEXES: the crane can stand in for a white castle (#29)."""
    state = build_position(rules("knowledge", "white_castles"),
                           tiles={"c3": "crane", "e4": "white-castle", "c4": "k29"})
    assert final_terms(state, state.current_player)["knowledge #29"] == 8


# -- the geese ------------------------------------------------------------------------------
def _pasture(ruleset: burgundy.Ruleset, **kwargs: object) -> burgundy.State:
    return build_position(ruleset, storage=["geese", "pig2"], dice=(2, 6),
                          tiles={"c3": "bank", "c2": "cow3", "b2": "sheep4"},
                          **kwargs)  # type: ignore[arg-type]


def test_geese_score_2_and_a_chosen_species_of_their_pasture() -> None:
    """R-EXTRA-HEXES, X4: placed, 2 VP plus the VP of the tiles of one other species in the
    pasture, the player's pick (the sheep: 4)."""
    state = _pasture(rules())
    seat = state.current_player
    after = play_texts(state, "place geese b1 d2")
    assert after.scores[seat] - state.scores[seat] == 2
    assert isinstance(after.pending[-1], GeeseChoice)
    assert legal_texts(after) == {"geese cow", "geese sheep"}
    sheep = play_texts(after, "geese sheep")
    assert sheep.scores[seat] - state.scores[seat] == 2 + 4
    cow = play_texts(after, "geese cow")
    assert cow.scores[seat] - state.scores[seat] == 2 + 3


def test_later_animals_in_the_geese_pasture_score_2_for_them() -> None:
    """R-EXTRA-HEXES, X4: afterwards each animal tile placed in that pasture also scores
    2 VP for the geese (the pig: its own 2 and the geese's 2)."""
    state = _pasture(rules())
    seat = state.current_player
    after = play_texts(state, "place geese b1 d2", "geese sheep")
    before = after.scores[seat]
    pig = play_texts(after, "place pig2 a1 d6")
    assert pig.scores[seat] - before == 2 + 2
    assert dict(pig.seats[seat].ledger)["geese"] == 4 + 2


def test_geese_with_knowledge_7_score_one_more_as_an_animal_tile() -> None:
    """Decided on the Extra hexes page (X5): with #7 the geese are an animal tile that scores (+1):
    their own 2 + 1, the species' tiles + 1 each."""
    state = build_position(rules("knowledge"), storage=["geese"], dice=(2, 6),
                           tiles={"c3": "bank", "c2": "cow3", "b2": "sheep4", "c4": "k7"})
    seat = state.current_player
    after = play_texts(state, "place geese b1 d2")
    assert after.scores[seat] - state.scores[seat] == 2 + 1
    sheep = play_texts(after, "geese sheep")
    assert sheep.scores[seat] - after.scores[seat] == 4 + 1


def test_geese_are_a_species_for_knowledge_24() -> None:
    """R-EXTRA-HEXES, X4: geese count as an extra species for #24 (4 VP each)."""
    state = build_position(rules("knowledge"), tiles={"c2": "cow3", "b2": "geese",
                                                      "c4": "k24"})
    assert final_terms(state, state.current_player)["knowledge #24"] == 8
    assert tile_code("geese") == GEESE
