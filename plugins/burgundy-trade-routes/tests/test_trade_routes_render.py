"""The routes in the pictures (through the core's ``burgundy_picture_rows["estate"]`` hook):
the text picture prints each estate's route under its duchy, the SVG draws it below the
duchy; a generated deck is labelled "generated, not the printed tiles" in both, and on the
SVG board's ruleset line (``Ruleset.describe``)."""

from __future__ import annotations

import doctest
import importlib
import io
import types
import xml.etree.ElementTree as ET

import pytest

from burgundy.render.parts import estate_rows
from burgundy.render.svg import duchy_svg, state_svg
from burgundy.render.text import state_text
from burgundy_trade_routes.model import RouteDraw

LABEL = "trade route (generated, not the printed tiles)"


def test_text_picture_shows_each_route_with_its_goods(tr: types.SimpleNamespace) -> None:
    state = tr.position(tr.rules_for(2, "test"), route=(tr.SAME2, tr.VP, tr.WARE, tr.EXTRA,
                        tr.CMK), route_goods=(2, 1, 2), dice=(1, 2))
    text = state_text(state)
    assert text.count("  trade route: ") == 2 and "generated" not in text
    seat = state.current_player
    line = next(line for line in text.splitlines() if "SAME2" in line)
    assert line.startswith("  trade route: SAME2 (#4) [2:2 sv <2>] [2:bldg <1>] [2:4 VP <2>]"
                           " | VP (#8) [1:4 VP] [2:4 VP] [3:4 VP]")
    rows = estate_rows(state, state.seats[seat].estate)
    assert rows[0].groups[:2] == ("SAME2 (#4)", "VP (#8)")
    cell = rows[0].cells[0]
    assert (cell.goods, cell.holds) == (2, 2)
    assert cell.title == ("SAME2 (supplied) space 1: goods 2 gives 2 silverlings; goods 2 lies "
                          "here (reward earned)")
    printed = [c.title for row in estate_rows(state, 1 - state.seats[seat].estate)
               for c in row.cells if "(printed)" in c.title]
    assert all(t.startswith("E2019-") for t in printed)


def test_a_generated_deck_is_labelled_in_every_picture(tr: types.SimpleNamespace) -> None:
    state = tr.position(tr.rules_for(3), dice=(1, 2))
    assert state_text(state).count(f"  {LABEL}: ") == 3
    svg = state_svg(state)
    ET.fromstring(svg)  # well-formed
    assert svg.count('class="picture-row"') == 3 and svg.count(f">{LABEL}<") >= 3
    assert "trade-route deck: generated, not the printed tiles" in svg  # the board's line
    assert svg.count('class="picture-cell"') == 3 * 12
    one = duchy_svg(state, 0)
    assert LABEL in one and one.count('class="picture-cell"') == 12


def test_tiles_still_to_lay_have_their_own_row(tr: types.SimpleNamespace) -> None:
    state = tr.rules_for(2, order="choose").initial_state()
    while isinstance(state.pending[-1], RouteDraw):
        state = state.apply(state.chance_outcomes()[0][0])
    rows = estate_rows(state, 0)
    assert [row.label for row in rows] == [LABEL, "route tiles to lay (generated, not the "
                                           "printed tiles)"]
    assert rows[0].cells == () and len(rows[1].cells) == 15
    assert "route tiles to lay" in state_text(state)
    ET.fromstring(state_svg(state))


MODULES = ["burgundy_trade_routes.tiles", "burgundy_trade_routes.model",
           "burgundy_trade_routes.rules", "burgundy.render.parts"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0 or name.endswith(".rules")


def test_play_shows_the_route_of_a_resumed_game(tr: types.SimpleNamespace, tmp_path) -> None:
    """Issue #32: a resumed trade-routes game shows the route row in ``play`` (the table at
    the person's turn and ``d 0``), as ``replay`` always did."""
    import json

    import burgundy
    from burgundy import cli

    game = burgundy.Game(tr.rules_for(2), seed=3)
    while game.state.current_player != 0 or game.state.round < 1:
        game.play(game.legal_actions()[0])
    game.seat_names = ("human", "random")
    path = tmp_path / "routes.json"
    path.write_text(json.dumps(game.record()))
    args = cli.build_parser().parse_args(["play", "--resume", str(path)])
    out = io.StringIO()
    assert cli.cmd_play(args, stdin=io.StringIO("d 0\nd 1\nq\n"), out=out) == 0
    text = out.getvalue()
    row = f"  {LABEL}: "
    table, d0, d1, _ = text.split("\n> ", 3)  # the answers' outputs follow the prompts
    assert table.count(row) == 1  # the person's duchy
    assert d0.startswith("seat 0:") and d0.count(row) == 1
    assert d1.startswith("seat 1:") and d1.count(row) == 1


def test_the_rulesets_line_stays_on_the_board(tr: types.SimpleNamespace) -> None:
    """Issue #32: the board's ruleset line, long with a generated deck, ran off the board;
    it now breaks in two lines that fit beside the depots (about 0.62 em a character)."""
    from burgundy.render.svg import BOARD_WIDTH, board_svg

    root = ET.fromstring(board_svg(tr.position(tr.rules_for(3, knowledge=True), dice=(1, 2))))
    lines = [(float(t.get("x", "0")), float(t.get("font-size", "0")), t.text or "")
             for t in root.iter("{http://www.w3.org/2000/svg}text")
             if "edition" in (t.text or "") or "deck:" in (t.text or "")]
    assert len(lines) == 2 and "".join(text for _, _, text in lines).count("players") == 1
    for x, size, text in lines:
        assert x + 0.62 * size * len(text) <= BOARD_WIDTH - 10
