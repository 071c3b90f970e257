"""The outpost boards and their deal (issue #15, O1, R-OUTPOSTS-BONUS "the example board
ships as board 11x; other outpost boards come from the caller with their fort cells"), the
options' validation, and the forts in the pictures and the record."""

from __future__ import annotations

import json
import types

import pytest

import burgundy
from burgundy.geometry import board as box_board
from burgundy.io import from_json, to_json
from burgundy.pending import BoardDraw
from burgundy.render.svg import duchy_svg
from burgundy.render.text import duchy_text, state_text
from burgundy_outposts.boards import EXAMPLE, example_board, printed_forts

S = types.SimpleNamespace
ROWS = ["CBBC", "YYYYY", "SGBBSG", "BSBBBGM", "BSBBGM", "CSYGC", "MSGB"]


def test_example_board_is_11x_with_its_confidence_and_forts() -> None:
    """boards.json outpost_example_11x (= SE #23, medium) with boards-extra.json's fort
    cells (top-left b1 c1, top-right b5 c6, bottom g2 g3); the box's die template."""
    board = example_board()
    assert board.id == EXAMPLE == "11x"
    assert "medium" in board.confidence and "#23" in board.note
    assert board.dice == box_board("1").dice
    assert printed_forts() == {"top-left": ("b1", "c1"), "top-right": ("b5", "c6"),
                               "bottom": ("g2", "g3")}
    assert [(m.name, m.x, m.y) for m in board.landmarks] == [
        ("top-left", 0.0, 1.0), ("top-right", 6.0, 1.0), ("bottom", 3.0, 7.0)]
    assert not board.dealt and board.editions == ("2019",)


def test_every_duchy_is_an_outpost_board_dealt_by_chance(outposts: S) -> None:
    """O1: one outpost board per player; with 11x the only known one, every player gets a
    copy; caller boards join the deal (default: every outpost board)."""
    rules = outposts.rules(4)
    assert [e.board for e in burgundy.Game(rules, seed=3).state.estates] == ["11x"] * 4
    custom = [{"id": "11a", "rows": ROWS[::-1]}, {"id": "11b", "rows": ROWS}]
    three = outposts.rules(3, outpost_custom_boards=custom)
    assert three.engine.deal_boards == ("11x", "11a", "11b")
    state = three.initial_state()
    while not isinstance(state.pending[-1], BoardDraw):
        state = state.apply(state.chance_outcomes()[0][0])
    assert dict(state.chance_outcomes()) == {"11x": 1 / 3, "11a": 1 / 3, "11b": 1 / 3}
    for seed in range(3):
        dealt = [e.board for e in burgundy.Game(three, seed=seed).state.estates]
        assert sorted(dealt) == ["11a", "11b", "11x"]
    only = outposts.rules(2, outpost_custom_boards=custom, outpost_boards=["11a", "11b"])
    assert only.engine.deal_boards == ("11a", "11b")


def test_fixed_boards_must_be_outpost_boards(outposts: S) -> None:
    fixed = outposts.rules(2, boards=["11x", "11x"])
    assert [e.board for e in burgundy.Game(fixed, seed=1).state.estates] == ["11x", "11x"]
    with pytest.raises(ValueError, match="'1' is no outpost board"):
        outposts.rules(2, boards=["1", "11x"])
    with pytest.raises(ValueError, match=r"'11a' is no outpost board.*valid: \['11x'\]"):
        outposts.rules(2, outpost_boards=["11a"])


@pytest.mark.parametrize(("custom", "message"), [
    ("11a", "must be a list of boards"),
    ([{"rows": ROWS}], "'id' must be"),
    ([{"id": "11x", "rows": ROWS}], "is taken"),
    ([{"id": "3", "rows": ROWS}], "is taken"),
    ([{"id": "11a", "rows": ROWS[:6]}], "'rows' must be 7 strings"),
    ([{"id": "11a", "rows": ["XBBC", *ROWS[1:]]}], "'rows' must be 7 strings"),
    ([{"id": "11a", "rows": ROWS, "dice": [[7] * 4] * 7}], "'dice' must be"),
    ([{"id": "11a", "rows": ROWS, "forts": {"a": ["b1"]}}], "'forts' must map 3"),
    ([{"id": "11a", "rows": ROWS, "forts": {"a": ["z9"], "b": ["a1"], "c": ["a2"]}}],
     "fort 'a'"),
    ([{"id": "11a", "rows": ROWS, "colour": "x"}], "unknown key 'colour'"),
    ([{"id": "11a", "rows": ROWS}, {"id": "11a", "rows": ROWS}], "'11a' twice"),
])
def test_bad_caller_boards_are_refused(outposts: S, custom: object, message: str) -> None:
    """Caller boards are validated: a short ValueError that names the board and the key."""
    with pytest.raises(ValueError, match=message) as info:
        outposts.rules(2, outpost_custom_boards=custom)
    assert len(str(info.value)) <= 200


def test_bad_deal_option_is_refused(outposts: S) -> None:
    with pytest.raises(ValueError, match="distinct outpost board ids"):
        outposts.rules(2, outpost_boards=["11x", "11x"])
    with pytest.raises(ValueError, match="distinct outpost board ids"):
        outposts.rules(2, outpost_boards="11x")


def test_forts_are_drawn_and_named(outposts: S) -> None:
    """Issue #15: the forts are drawn in the SVG (a tower each, titled with its spaces) and
    named in the text picture; the picture rows say which pairs are linked."""
    state = outposts.position(tiles=outposts.ROW_B, storage=["k19"], dice=(4, 2))
    seat = state.current_player
    after = outposts.play(state, "place k19 b5 d4")
    svg = duchy_svg(after, seat)
    for fort, spaces in (("top-left", "b1, c1"), ("top-right", "b5, c6"),
                         ("bottom", "g2, g3")):
        assert f"fort {fort}: touches {spaces}" in svg
    text = duchy_text(after, seat)
    assert "fort top-left: touches b1 c1" in text and "fort bottom: touches g2 g3" in text
    assert "TL-TR ok" in state_text(after) and "TL-B .." in state_text(after)


def test_state_and_record_round_trip(outposts: S) -> None:
    custom = [{"id": "11a", "rows": ROWS, "name": "my 11a", "confidence": "read from my box"}]
    game = burgundy.Game(outposts.rules(2, outpost_custom_boards=custom), seed=4)
    for _ in range(30):
        game.play(game.legal_actions()[0])
    assert from_json(to_json(game.state), game.state.rules) == game.state
    replay = burgundy.Game.from_record(json.loads(json.dumps(game.record())))
    assert replay.state == game.state


def test_a_bad_outposts_state_is_refused(outposts: S) -> None:
    """A pair marked linked must be linked in the duchy; a bonus needs all three."""
    state = outposts.position()
    seat = state.current_player
    with pytest.raises(ValueError, match="not linked"):
        outposts.at(state, seat, linked=1)
    with pytest.raises(ValueError, match="bonus"):
        outposts.at(state, seat, bonus=0)
