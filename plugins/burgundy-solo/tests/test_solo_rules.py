"""The solo module's rules, one test per rule (issue #13). Each names its source: a sentence
of the rule texts (S1-S19: the 2019 module, RU19; P1-P17: the 2018 promo, SOLO18; numbered
as docs/rules.md's sources say) or a ruling (R-SOLO-TARGET, ...).
Positions: the first turn of seed 1 on board 13a, the start castle on A26 (see conftest)."""

from __future__ import annotations

import json
import types
from importlib import resources

import pytest

import burgundy
from burgundy.components import CASTLE, SHIP, tile_code
from burgundy.pending import Turn
from burgundy.rules.setup import depot_spaces
from burgundy.state import replace
from burgundy.testing import first_turn, set_depots
from burgundy.validation import validate_state
from burgundy_solo.boards import solo_board
from burgundy_solo.rules import depot_slots, progress, remove_round_hex, removed_hex

S = types.SimpleNamespace


# -- players, set-up, options ---------------------------------------------------------------
def test_players_one_only_with_solo_and_solo_only_for_one() -> None:
    """Issue #13: players=1 without solo, and solo with another count, say what to do."""
    with pytest.raises(ValueError, match=r"for 1 player.*enable variant 'solo'"):
        burgundy.Ruleset(players=1, variants=("knowledge",))
    with pytest.raises(ValueError, match=r"players must be one of \[1\]"):
        burgundy.Ruleset(players=2, variants=("knowledge", "solo"))
    for other in ("shields", "trade_routes"):  # R-SOLO-RESULT: modules needing others refused
        with pytest.raises(ValueError, match="player counts do not meet"):
            burgundy.Ruleset(players=1, variants=("solo", other))


def test_set_up_S2_S3_S5_S6() -> None:
    """S2: 1 silverling, 2 workers, 3 goods; S3: the castle on a castle space of one's
    choice; S5: the target at 50; S6/R-SOLO-COUNT: the 2-player depot spaces (12 + 4)."""
    game = burgundy.Game(players=1, variants=("knowledge", "solo"), seed=4)
    state = game.state
    estate = state.estates[0]
    assert estate.board == "13a" and (estate.silver, estate.workers, sum(estate.goods)) == (1, 2, 3)
    board = solo_board("13a")
    assert sorted(str(a) for a in state.legal_actions()) == sorted(
        f"castle {board.names[s]}" for s in board.castle_spaces()
    )
    assert progress(state).target == 50
    first = first_turn(state.rules, 4)
    hexes = sum(len(d) for d in first.depots)
    assert len(first.black_depot) == 4 and hexes + sum(first.removed) == 12  # one left (S9)
    assert state.rules.value_players == 2


@pytest.mark.parametrize(
    ("options", "message"),
    [({"solo_target": 44}, "45-55"), ({"solo_target": 56}, "45-55"),
     ({"solo_target": "50"}, "45-55"), ({"solo_target": True}, "45-55"),
     ({"solo_board": "13c"}, "solo_board"), ({"solo_board_art": "2020"}, "solo_board_art"),
     ({"boards": ["1"]}, "leave option 'boards'"), ({"boards": "random"}, "solo_board")],
)
def test_bad_options_are_refused(solo: S, options: dict[str, object], message: str) -> None:
    """Options are validated with a clear message (R-SOLO-TARGET's range, the boards)."""
    with pytest.raises(ValueError, match=message):
        solo.rules(**options)


def test_target_option_and_art_option(solo: S) -> None:
    """R-SOLO-TARGET: the start target 45-55; issue #13: the 2018 art's one die (A19)."""
    state = burgundy.Game(solo.rules(solo_target=55), seed=2).state
    assert progress(state).target == 55
    rules_2018 = solo.rules(solo_board_art="2018")
    board = rules_2018.engine.boards["13a"]
    assert board.dice[board.space_by_name["A19"]] == 1
    assert solo.rules().engine.boards["13a"].dice[board.space_by_name["A19"]] == 3


# -- the board: territories and the river (R-SOLO-RIVER) ------------------------------------
@pytest.mark.parametrize("board_id", ["13a", "13b"])
def test_territories_touch_only_along_the_river(board_id: str) -> None:
    """S10/P9, R-SOLO-RIVER: spaces of two territories are neighbours only where a printed
    river segment joins them; the links never merge regions; the board is one whole."""
    data = json.loads(resources.files("burgundy_solo.data").joinpath("boards.json").read_text())
    entry = data["boards"][board_id]
    group = {c["id"]: t for t, spec in entry["territories"].items() for row in spec["rows"]
             for c in row}
    links = {frozenset(pair) for pair in entry["river_links"]}
    board = solo_board(board_id)
    crossings = set()
    for space in range(board.size):
        for other in range(board.size):
            a, b = board.names[space], board.names[other]
            if board.neighbours[space] >> other & 1 and group[a] != group[b]:
                crossings.add(frozenset((a, b)))
    assert crossings == links
    for region in board.regions:
        assert len({group[board.names[s]] for s in range(board.size) if region.mask >> s & 1}) == 1
    assert board.size == 37 and sum(r.size for r in board.regions) == 37


def test_expansion_to_another_territory_only_by_the_river(solo: S) -> None:
    """S10: from the top-left territory the duchy grows to the next one only across the
    river link A30-A00 (A00 is on another territory, next to nothing covered but A30)."""
    state = solo.position(tiles={"A29": "mine"}, storage=["ship"], dice=(6, 1))
    assert "place ship A00 d6" not in solo.texts(state, "place")  # not joined to A00 yet
    after = solo.play(state, "place ship A30 d1")
    while after.current_player == 0 and not isinstance(after.pending[-1], Turn):
        after = after.apply(after.legal_actions()[-1])  # the ship's goods, the trade ...
    assert after.estates[0].frontier >> solo_board("13a").space_by_name["A00"] & 1


def test_whole_river_option_joins_every_ship_space(solo: S) -> None:
    """R-SOLO-RIVER's option: the whole river joins its ship spaces (A00 and A19 are on the
    same river of 13a, five segments apart)."""
    board = solo.rules(solo_whole_river=True).engine.boards["13a"]
    a00, a19 = board.space_by_name["A00"], board.space_by_name["A19"]
    assert board.neighbours[a00] >> a19 & 1
    assert not solo_board("13a").neighbours[a00] >> a19 & 1


# -- each round: one hex leaves the game (R-SOLO-REMOVE) ------------------------------------
def test_slot_order_is_the_data_and_the_depots_two_player_spaces() -> None:
    """R-SOLO-REMOVE: the slot order is data (depot_slots.json), each depot's two 2-player
    space colours once."""
    slots = depot_slots()
    for depot in range(1, 7):
        assert sorted(slots[depot]) == sorted(c for d, c in depot_spaces(2, 0) if d == depot)


def test_the_first_occupied_slot_of_the_white_depot_leaves(solo: S) -> None:
    """S9/P7: depot 2 holds a knowledge tile (first slot) and a castle: the knowledge tile
    leaves; with the castle only, the castle."""
    state = solo.position()
    both = replace(set_depots(state, {2: ["k3", "castle"]}), white=2)
    assert removed_hex(both) == (2, tile_code("k3"))
    after = remove_round_hex(both)
    assert after.depots[1] == (CASTLE,) and after.removed[tile_code("k3")] == both.removed[
        tile_code("k3")] + 1
    validate_state(after)
    only_castle = replace(set_depots(state, {2: ["castle"]}), white=2)
    assert removed_hex(only_castle) == (2, CASTLE)


def test_an_empty_depot_passes_to_the_next_clockwise(solo: S) -> None:
    """S9/P7 and the Solo page: empty means no hex (goods do not count); 6 -> 1; all
    empty: nothing leaves."""
    state = solo.position()
    skip = replace(set_depots(state, {4: ["ship"]}), white=3)
    assert removed_hex(skip) == (4, SHIP)
    wrap = replace(set_depots(state, {1: ["ship", "bank"]}), white=6)
    assert removed_hex(wrap) == (1, tile_code("bank"))  # depot 1: city slot first
    empty = replace(set_depots(state, {}), white=5)
    assert removed_hex(empty) is None and remove_round_hex(empty) == empty


def test_every_round_start_removes_one_hex_without_chance(solo: S) -> None:
    """S9: in a played game each round start takes exactly one hex out (while any is
    left), and no chance node asks which."""
    game = burgundy.Game(solo.rules(), seed=11)
    rounds = 0
    while not game.state.is_terminal and rounds < 6:
        state = game.state
        if state.is_chance:
            game.play(state.sample_outcome(game.rng))
            continue
        game.play(state.legal_actions()[0])
        if game.state.round != state.round or game.state.phase != state.phase:
            rounds += 1
    assert rounds >= 5 and sum(game.state.removed) >= rounds
