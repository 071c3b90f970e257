"""The white castles' rules (issue #17), each test naming its source: R-WHITE-CASTLE on
docs/rules.md, the sentences W1-W4 (from the 2019 rulebook, ZH19) and what
docs/variants/white-castles.md decides. Board 1: the start castle on d4; e4 (die 3) and e5 (die 1)
are one city, c3 (die 3) another."""

from __future__ import annotations

import attrs
import pytest

import burgundy
from burgundy.components import tile_code
from burgundy.pending import BuildingTake, LooseDieAction
from burgundy.rules.place import placement_mask
from burgundy.rules.scoring import final_terms
from burgundy.state import State, replace
from burgundy.testing import build_position, legal_texts, play_texts, with_tiles
from burgundy.validation import component_totals
from burgundy_white_castles.rules import BEIGE, BLACK, K29, WHITE_CASTLE

WC = "white-castle"


def rules(*variants: str, players: int = 2) -> burgundy.Ruleset:
    return burgundy.Ruleset(players=players, variants=(*variants, "white_castles"))


def space(state: State, name: str) -> int:
    board = state.rules.engine.boards[state.seat_estate(state.current_player).board]
    return board.space_by_name[name]


def test_components_join_their_supplies() -> None:
    """W1 (ZH19): 6 beige-backed and 2 black-backed white castles, #29 in
    the yellow supply; a beige one is drawn by the city depot spaces."""
    ruleset = rules()
    totals, _ = component_totals(ruleset)
    assert totals[WHITE_CASTLE] == BEIGE + BLACK == 8 and totals[K29] == 1
    assert WHITE_CASTLE in ruleset.engine.tiles.codes_by_colour[0]  # the city's draws


def test_the_2011_edition_is_refused() -> None:
    """The module is of the 2019 box only (the White castles page)."""
    with pytest.raises(ValueError, match=r"white_castles.*2019"):
        burgundy.Ruleset(players=2, variants=("white_castles",), edition="2011")


def test_placing_it_gives_an_action_with_the_white_die_value() -> None:
    """R-WHITE-CASTLE, W3: placed, one die action with the white die's current value; the
    player's own die of the same number (a 5 in hand, white die 5) is not spent."""
    state = build_position(rules(), storage=[WC], dice=(3, 5), depots={5: ["bank"]})
    state = replace(state, white=5)
    seat = state.current_player
    after = play_texts(state, "place white-castle e4 d3")
    assert after.pending[-1] == LooseDieAction(seat, 5)
    assert "take bank 5 v5" in legal_texts(after)
    assert {"workers v5"} <= legal_texts(after)
    done = play_texts(after, "take bank 5 v5")
    assert done.seats[seat].dice == (5,)  # the hand's 5 is still there
    assert done.seat_estate(seat).storage == (tile_code("bank"),)


def test_workers_change_the_white_die_value_for_the_action() -> None:
    """R-WHITE-CASTLE: workers may change the value (the white die itself is not turned)."""
    state = build_position(rules(), storage=[WC], dice=(3, 3), workers=1,
                           depots={2: ["bank"], 4: ["mine"], 1: ["market"]})
    state = replace(state, white=3)
    seat = state.current_player
    after = play_texts(state, "place white-castle e4 d3")
    assert legal_texts(after, "take ") == {"take bank 2 v3", "take mine 4 v3"}
    done = play_texts(after, "take mine 4 v3")
    assert done.seat_estate(seat).workers == 0 and done.white == 3
    assert done.seats[seat].dice == (3,)


def test_the_action_may_be_any_die_action_and_workers_take_knowledge_13() -> None:
    """R-WHITE-CASTLE: any of the four die actions; #13 applies to its take-workers."""
    state = build_position(rules("knowledge"), storage=[WC], dice=(3, 1),
                           tiles={"c4": "k13"}, goods=(0, 2, 0, 0, 0, 0))
    state = replace(state, white=2)
    seat = state.current_player
    after = play_texts(state, "place white-castle e4 d3")
    assert {"sell 2 v2", "workers v2"} <= legal_texts(after)
    done = play_texts(after, "workers v2")
    assert done.seat_estate(seat).workers == 2 and done.seat_estate(seat).silver == 1


def test_placed_by_a_town_hall_it_still_gives_its_action() -> None:
    """R-WHITE-CASTLE with R-TOWNHALL: the town hall's placement fires the placed tile's
    effect; the white castle's action follows with the white die's value."""
    state = build_position(rules(), storage=["town-hall", WC], dice=(3, 6),
                           depots={6: ["mine"]})
    state = replace(state, white=6)
    seat = state.current_player
    after = play_texts(state, "place town-hall c3 d3", "place white-castle e4")
    assert after.pending[-1] == LooseDieAction(seat, 6)
    done = play_texts(after, "take mine 6 v6")
    assert done.seats[seat].dice == (6,)


def test_placed_by_shield_14_at_phase_end_it_uses_this_rounds_white_die() -> None:
    """R-WHITE-CASTLE and the White castles page: placed outside a turn (shield #14 at a phase end)
    the white die still shows this round's value."""
    from burgundy_shields.model import ShieldState

    ruleset = rules("shields")
    state = build_position(ruleset, dice=(1, 2), last_turn_of_phase=True,
                           depots={3: [WC], 2: ["bank"]})
    seat = state.current_player
    current: ShieldState = state.variant_state("shields")
    placed = list(current.placed)
    placed[state.seats[seat].estate] = ((space(state, "d4"), 14),)
    state = state.with_variant_state("shields", attrs.evolve(
        current, supply=tuple(k for k in current.supply if k != 14),
        depots=tuple(tuple(k for k in d if k != 14) for d in current.depots),
        placed=tuple(placed)))
    state = replace(state, white=2)
    burgundy.validation.validate_state(state)
    at_end = play_texts(state, "workers d1", "workers d2")
    assert "direct white-castle 3 e4" in legal_texts(at_end)
    after = play_texts(at_end, "direct white-castle 3 e4")
    assert after.pending[-1] == LooseDieAction(seat, 2)
    assert "take bank 2 v2" in legal_texts(after)


def test_one_white_castle_per_city_and_knowledge_1_lifts_it() -> None:
    """R-WHITE-CASTLE: a building type of its own, one per city; #1
    lifts it. e4 and e5 are one city."""
    state = build_position(rules("knowledge"), storage=[WC], dice=(1, 1),
                           tiles={"e4": WC})
    seat = state.current_player
    assert not placement_mask(state, seat, WHITE_CASTLE) >> space(state, "e5") & 1
    assert "place white-castle e5 d1" not in legal_texts(state)
    lifted = with_tiles(state, seat, {"c4": "k1"})
    assert "place white-castle e5 d1" in legal_texts(lifted)
    other = build_position(rules("knowledge"), storage=["bank"], dice=(1, 1), tiles={"e4": WC})
    assert "place bank e5 d1" in legal_texts(other)  # another type may share its city


def test_carpenter_takes_it_church_does_not() -> None:
    """R-WHITE-CASTLE and the White castles page: it is a beige building (the carpenter's workshop
    takes it), not a castle (the church takes castles, mines and monasteries)."""
    state = build_position(rules(), storage=["carpenter"], dice=(3, 3), depots={4: [WC]})
    seat = state.current_player
    after = play_texts(state, "place carpenter e4 d3")
    assert isinstance(after.pending[-1], BuildingTake)
    assert "take white-castle 4" in legal_texts(after)
    church = build_position(rules(), storage=["church"], dice=(3, 3), depots={4: [WC]})
    after = play_texts(church, "place church e4 d3")
    assert "take white-castle 4" not in legal_texts(after)
    assert after.current_player == seat


def test_knowledge_29_scores_4_vp_per_white_castle() -> None:
    """W4, R-WHITE-CASTLE: #29 scores 4 VP per white castle in the duchy at game end; a
    white castle is not a castle nor any building #16-#23 count (#22 counts banks)."""
    state = build_position(rules("knowledge"), tiles={"e4": WC, "c3": WC, "c4": "k29",
                                                      "b4": "k22"})
    seat = state.current_player
    terms = final_terms(state, seat)
    assert terms["knowledge #29"] == 8
    assert terms["knowledge #22"] == 0


def test_knowledge_29_without_white_castles_scores_nothing() -> None:
    state = build_position(rules(), tiles={"c4": "k29"})
    assert final_terms(state, state.current_player)["knowledge #29"] == 0


def test_knowledge_29_doubled_by_shield_10() -> None:
    """Shield #10: scoring monasteries double at game end — #29 is one."""
    from burgundy_shields.model import ShieldState

    state = build_position(rules("knowledge", "shields"), tiles={"e4": WC, "c4": "k29"})
    seat = state.current_player
    current: ShieldState = state.variant_state("shields")
    placed = list(current.placed)
    placed[state.seats[seat].estate] = ((space(state, "d4"), 10),)
    state = state.with_variant_state("shields", attrs.evolve(
        current, supply=tuple(k for k in current.supply if k != 10),
        depots=tuple(tuple(k for k in d if k != 10) for d in current.depots),
        placed=tuple(placed)))
    assert final_terms(state, seat)["knowledge #29"] == 8
