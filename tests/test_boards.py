"""Boards as values with their own geometry (issue #13): string ids, space names, positions,
neighbours with printed links, regions, the start space; a variant's board of another
shape plays through the `boards` option, its spaces named in the notation (R-SOLO-RIVER:
links join spaces for adjacency, not for scoring)."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable

import pytest

import burgundy
from burgundy.actions import ChooseSpace, PlaceTile
from burgundy.components import Colour
from burgundy.geometry import (
    CENTRE,
    NEIGHBOURS,
    SPACE_NAMES,
    STANDARD_LAYOUT,
    Cell,
    board,
    board_from_cells,
    boards,
    space_name,
)
from burgundy.testing import check_conformance, random_playout

# A variant board: board 1's spaces renamed, split into an upper and a lower part (rows a-c
# and d-g) that touch only through two printed links.
ISLANDS = '''
from burgundy import hookimpl
from burgundy.geometry import Cell, board, board_from_cells
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="islands")


@hookimpl
def burgundy_boards(rules):
    one = board("1")
    cells = [
        Cell(f"I{s:02d}", one.colours[s], one.dice[s], x, y, "north" if y < 3 else "south")
        for s, (x, y) in enumerate(one.positions)
    ]
    links = [("I12", "I15"), ("I14", "I17")]
    return {"isles": board_from_cells("isles", cells, links, start="I18", name="Isles")}
'''


def test_the_box_s_duchies_have_string_ids_and_the_standard_layout() -> None:
    assert list(boards()) == [str(n) for n in range(1, 11)]
    one = board("1")
    assert one.id == "1" and one.layout == STANDARD_LAYOUT and one.size == 37
    assert one.names == SPACE_NAMES and one.names[one.start] == "d4" and one.start == CENTRE
    assert one.neighbours == NEIGHBOURS
    assert board(1) is one  # a number is taken as its id
    assert board("2").editions == ("2019",) and "2011" in board("10").editions
    for bad in ("11", 0, 1.0, None, "01"):
        with pytest.raises(ValueError, match="unknown board"):
            board(bad)  # type: ignore[arg-type]


def test_cells_on_the_standard_grid_give_the_standard_neighbours() -> None:
    one = board("1")
    cells = [
        Cell(one.names[s], one.colours[s], one.dice[s], x, y)
        for s, (x, y) in enumerate(one.positions)
    ]
    again = board_from_cells("again", cells)
    assert again.neighbours == one.neighbours
    assert [r.mask for r in again.regions] == [r.mask for r in one.regions]
    assert again.start == -1 and again.layout == "again"


def test_links_join_spaces_for_adjacency_but_not_regions() -> None:
    """R-SOLO-RIVER: a printed river segment makes its two ends neighbours; it does not merge
    scoring regions."""
    cells = [
        Cell("A", Colour.RIVER, 1, 0, 0, "west"), Cell("B", Colour.RIVER, 2, 0, 0, "east"),
        Cell("C", Colour.CITY, 3, 1, 0, "east"),
    ]
    joined = board_from_cells("joined", cells, links=[("A", "B")])
    assert joined.neighbours == (0b010, 0b101, 0b010)
    assert len(joined.regions) == 3
    given = board_from_cells("given", cells, links=[("A", "B")], regions=[["A", "B"], ["C"]])
    assert [r.size for r in given.regions] == [2, 1]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda c: [*c, c[0]], "named twice"),
        (lambda c: [*c[:2], Cell("C", Colour.CITY, 7, 1, 0)], "die numbers"),
    ],
)
def test_bad_cells_raise_value_error(change: Callable[[list[Cell]], list[Cell]],
                                     fragment: str) -> None:
    cells = [Cell("A", Colour.RIVER, 1, 0, 0), Cell("B", Colour.RIVER, 2, 1, 0)]
    with pytest.raises(ValueError, match=fragment):
        board_from_cells("bad", change(cells))


def test_bad_links_regions_and_start_raise_value_error() -> None:
    cells = [Cell("A", Colour.RIVER, 1, 0, 0), Cell("B", Colour.CITY, 2, 1, 0)]
    with pytest.raises(ValueError, match="unknown space 'Z'"):
        board_from_cells("bad", cells, links=[("A", "Z")])
    with pytest.raises(ValueError, match="not one colour"):
        board_from_cells("bad", cells, regions=[["A", "B"]])
    with pytest.raises(ValueError, match="cover every space"):
        board_from_cells("bad", cells, regions=[["A"]])
    with pytest.raises(ValueError, match="start space"):
        board_from_cells("bad", cells, start="Q")


def test_a_layout_id_names_one_list_of_spaces() -> None:
    cells = [Cell("A", Colour.RIVER, 1, 0, 0)]
    board_from_cells("one-space", cells)
    board_from_cells("one-space", cells)  # the same again: fine
    with pytest.raises(ValueError, match="other space names"):
        board_from_cells("one-space", [Cell("Z", Colour.RIVER, 1, 0, 0)])
    assert space_name("one-space", 0) == "A"
    with pytest.raises(ValueError):
        space_name("no-such-layout", 0)


def test_a_variant_board_of_another_shape_plays(
    install_plugin: Callable[[str, str], None],
) -> None:
    install_plugin("islands", ISLANDS)
    rules = burgundy.Ruleset(
        players=2, variants=("islands",), options={"boards": ["isles", "1"]}
    )
    isles = rules.engine.boards["isles"]
    assert isles.neighbours[12] >> 15 & 1 and not board("1").neighbours[12] >> 15 & 1
    # the parts touch only through the links: c2-d2 are neighbours on board 1, not here
    assert board("1").neighbours[10] >> 16 & 1 and not isles.neighbours[10] >> 16 & 1
    check_conformance(rules, seeds=[1])
    states = random_playout(rules, 2)
    placed = [
        a for s in states if s.current_player == 0 for a in s.legal_actions()
        if isinstance(a, PlaceTile)
    ]
    assert placed and all(a.layout == "isles" and " I" in str(a) for a in placed)
    first = states[0]
    assert [e.board for e in first.estates] == ["isles", "1"]


def test_variant_board_notation_records_json_and_pickles(
    install_plugin: Callable[[str, str], None],
) -> None:
    install_plugin("islands", ISLANDS)
    rules = burgundy.Ruleset(players=2, variants=("islands",),
                             options={"boards": ["isles", "isles"], "start_castle": "choose"})
    game = burgundy.Game(rules, seed=4)
    castles = game.legal_actions()
    assert all(isinstance(a, ChooseSpace) and a.layout == "isles" for a in castles)
    assert str(castles[0]).startswith("castle I")
    rng = random.Random(4)
    for _ in range(60):
        game.play(str(rng.choice(game.legal_actions())))  # by notation
    replay = burgundy.Game.from_record(json.loads(json.dumps(game.record())))
    assert replay.state == game.state
    assert burgundy.from_json(burgundy.to_json(game.state), rules) == game.state
    assert pickle.loads(pickle.dumps(game.state)) == game.state


def test_the_boards_option_names_boards_of_the_ruleset(
    install_plugin: Callable[[str, str], None],
) -> None:
    with pytest.raises(ValueError, match="no board 'isles'"):
        burgundy.Ruleset(players=2, variants=(), options={"boards": ["isles", "1"]})
    install_plugin("islands", ISLANDS)
    burgundy.Ruleset(players=2, variants=("islands",), options={"boards": ["isles", "1"]})
    dealt = burgundy.Ruleset(players=2, variants=("islands",), options={"boards": "random"})
    assert "isles" not in dealt.engine.deal_boards  # not marked dealt
    assert dealt.engine.deal_boards == tuple(str(n) for n in range(1, 11))


def test_a_version_1_state_document_with_board_numbers_still_loads() -> None:
    """State documents of version 1 gave each estate's board as a number (0: not dealt)."""
    for options in ({}, {"boards": "random"}):
        rules = burgundy.Ruleset(players=2, variants=(), options=options)
        state = random_playout(rules, 5)[3]
        data = json.loads(burgundy.to_json(state))
        assert data["version"] == 2
        data["version"] = 1
        for estate in data["estates"]:
            estate["board"] = int(estate["board"] or 0)
        assert burgundy.from_json(json.dumps(data), rules) == state
        data["version"] = 2  # a number is no id in a version 2 document
        with pytest.raises(ValueError, match="expected a string"):
            burgundy.from_json(json.dumps(data), rules)


# A board that marks two castle spaces as the only start spaces (team board 12b's T3: "the
# team chooses a space numbered 1 or 6"), and no fixed start.
MARKED = '''
from burgundy import hookimpl
from burgundy.geometry import Cell, board, board_from_cells
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="marked")


@hookimpl
def burgundy_boards(rules):
    one = board("1")
    cells = [Cell(one.names[s], one.colours[s], one.dice[s], x, y)
             for s, (x, y) in enumerate(one.positions)]
    return {"marked": board_from_cells("marked", cells, start_choices=["a2", "d4"])}
'''


def test_a_board_s_marked_start_spaces_are_the_only_start_castle_choices(
    install_plugin: Callable[[str, str], None],
) -> None:
    """T3 (RU19, team play): on side 12b the team chooses the space marked 1 or 6: a
    board's ``start_choices`` limit the start castle's choice to its marked spaces."""
    install_plugin("marked", MARKED)
    rules = burgundy.Ruleset(players=2, variants=("marked",),
                             options={"boards": ["marked", "marked"]})
    marked = rules.engine.boards["marked"]
    assert len(marked.castle_spaces()) == 4 and marked.start == -1
    assert [marked.names[s] for s in marked.start_castle_spaces()] == ["a2", "d4"]
    game = burgundy.Game(rules, seed=3)
    asked = game.legal_actions()
    assert [str(a) for a in asked] == ["castle a2", "castle d4"]
    game.play("castle a2")
    state = game.state
    assert state.estates[state.seats[0].estate].start == 1 or \
        state.estates[1 - state.seats[0].estate].start == 1
    with pytest.raises(burgundy.IllegalActionError):
        game.play("castle b3")  # a castle space, but not a marked one
    check_conformance(rules, seeds=[2])


def test_a_start_castle_on_an_unmarked_space_is_refused_in_a_state_document(
    install_plugin: Callable[[str, str], None],
) -> None:
    install_plugin("marked", MARKED)
    rules = burgundy.Ruleset(players=2, variants=("marked",),
                             options={"boards": ["marked", "marked"]})
    game = burgundy.Game(rules, seed=3)
    game.play("castle d4")
    data = json.loads(burgundy.to_json(game.state))
    estate = next(e for e in data["estates"] if e["start"] == 18)
    estate["spaces"][18], estate["spaces"][6] = estate["spaces"][6], estate["spaces"][18]
    estate["start"] = 6  # b3: a castle space the board does not mark
    estate["filled"] = estate["filled"] ^ (1 << 18) ^ (1 << 6)
    estate["frontier"] = rules.engine.boards["marked"].neighbours[6]
    with pytest.raises(ValueError, match="does not mark as a start space"):
        burgundy.from_json(json.dumps(data), rules)


def test_a_start_choice_that_is_no_castle_space_is_refused() -> None:
    cells = [Cell("A", Colour.CASTLE, 1, 0, 0), Cell("B", Colour.CITY, 6, 1, 0)]
    assert board_from_cells("start-ok", cells, start_choices=["A"]).start_choices == 1
    with pytest.raises(ValueError, match="start choice 'B' is no castle space"):
        board_from_cells("bad", cells, start_choices=["B"])
    with pytest.raises(ValueError, match="start choice 'Z' is no castle space"):
        board_from_cells("bad", cells, start_choices=["Z"])
