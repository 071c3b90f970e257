"""A team board given by the caller (issue #14: side 12b is not known, so it is not
shipped): option ``team_board`` takes the spaces with their positions and the two start
spaces marked 1 and 6, among which the team chooses (T2, T3 of RU19's "Игра в команде";
R-TEAM-DUCHY)."""

from __future__ import annotations

import copy
import json
import types
from typing import Any

import pytest

import burgundy
from burgundy.actions import ChooseSpace
from burgundy.components import CASTLE
from burgundy.pending import StartCastleChoice, Turn
from burgundy.testing import check_conformance
from burgundy_team.boards import team_board, team_cells

S = types.SimpleNamespace


def caller_board() -> dict[str, Any]:
    """12a's outline with other dice (a stand-in for the unknown 12b, for the tests only):
    every die number turned to 7 - n, so the start spaces are the castles La1 (6 -> 1) and
    Ld7 (1 -> 6)."""
    cells = team_cells()
    for cell in cells:
        cell["die"] = 7 - cell["die"]
    return {"id": "12b", "cells": cells, "start": ["La1", "Ld7"], "name": "test board"}


def test_the_team_chooses_one_of_the_two_marked_start_spaces(team: S) -> None:
    """T3: on side 12b the team chooses a space numbered 1 or 6: each team's first player in
    the first round's order (A1, then B1) is asked, among exactly the two marked spaces."""
    game = burgundy.Game(team.rules(team_board=caller_board()), seed=5)
    state = game.state
    board = state.rules.engine.boards["12b"]
    marked = [board.names[s] for s in board.start_castle_spaces()]
    assert marked == ["La1", "Ld7"] and len(board.castle_spaces()) > 2
    asked = []
    for chosen in ("La1", "Ld7"):
        item = game.state.pending[-1]
        assert isinstance(item, StartCastleChoice)
        assert [board.names[a.space] for a in game.legal_actions()
                if isinstance(a, ChooseSpace)] == marked
        asked.append(item.seat)
        game.play(f"castle {chosen}")
    state = game.state
    assert asked == [state.order[0], state.order[1]]  # A1, B1 (T7)
    assert isinstance(state.pending[-1], Turn)
    starts = {state.estates[state.seats[s].estate].start for s in asked}
    assert {board.names[s] for s in starts} == {"La1", "Ld7"}
    assert all(e.board == "12b" and e.spaces[e.start] == CASTLE for e in state.estates)


def test_a_caller_board_passes_the_conformance_kit(team: S) -> None:
    check_conformance(team.rules(team_board=caller_board()), seeds=[2])


def test_a_caller_board_round_trips_through_records_and_state_documents(team: S) -> None:
    rules = team.rules(team_board=caller_board())
    game = burgundy.Game(rules, seed=6)
    for _ in range(40):
        game.play(game.legal_actions()[-1])
    record = json.loads(json.dumps(game.record()))
    assert burgundy.Game.from_record(record).state == game.state
    assert burgundy.from_json(burgundy.to_json(game.state), rules) == game.state
    assert "team board 12b" in rules.describe()


def test_board_12a_stays_the_default(team: S) -> None:
    rules = team.rules()
    assert rules.options["team_board"] == "12a"
    assert rules.engine.boards["12a"] == team_board()
    assert "team board" not in rules.describe()


def _changed(change: Any) -> dict[str, Any]:
    board = caller_board()
    change(board)
    return board


def _cell(board: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in board["cells"] if c["name"] == name)


BAD = [
    (lambda b: b.clear() or b.update(shape="hex"), "unknown key 'shape'"),
    (lambda b: b.update(id="12a"), "is the shipped board's"),
    (lambda b: b.update(id="12 b"), "'id' must be a short name"),
    (lambda b: b.update(cells=[]), "'cells' must be a list of 2-200"),
    (lambda b: b["cells"][0].pop("x"), "cell 0 must have exactly the keys"),
    (lambda b: b["cells"][0].update(colour="purple"), "cell La1: unknown colour 'purple'"),
    (lambda b: b["cells"][0].update(die=7), "cell La1: 'die' must be a number 1-6"),
    (lambda b: b["cells"][0].update(die=True), "cell La1: 'die' must be a number 1-6"),
    (lambda b: b["cells"][0].update(x="1"), "cell La1: 'x' must be a number"),
    (lambda b: b["cells"][0].update(x=1.25), "multiple of 0.5"),
    (lambda b: b["cells"][1].update(name="La1"), "space 'La1' named twice"),
    (lambda b: b["cells"][1].update(name="1a"), "'name' must be up to 8 letters"),
    (lambda b: b["cells"][1].update(x=b["cells"][0]["x"]), "two spaces at one position"),
    (lambda b: b.update(start=["La1"]), "'start' must name two castle spaces"),
    (lambda b: b.update(start=["La1", "Zz9"]), "'start' must name two castle spaces"),
    (lambda b: b.update(start=["La1", "La2"]), "'start' must name two castle spaces"),
    (lambda b: _cell(b, "Ld7").update(die=2), "one with die 1 and one with die 6"),
    (lambda b: b["cells"][5].update(x=40.0, y=40.0), "touches no other"),
    (lambda b: b.update(name=3), "'name' and 'confidence' must be strings"),
]


@pytest.mark.parametrize(("change", "fragment"), BAD)
def test_a_bad_caller_board_is_refused_with_a_value_error(team: S, change: Any,
                                                          fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        team.rules(team_board=_changed(change))


def test_not_a_board_at_all_is_refused(team: S) -> None:
    for value in ("12c", 12, None, ["12b"]):
        with pytest.raises(ValueError, match="option 'team_board'"):
            team.rules(team_board=value)


def test_the_caller_s_data_is_not_changed(team: S) -> None:
    board = caller_board()
    kept = copy.deepcopy(board)
    team.rules(team_board=board)
    assert board == kept
