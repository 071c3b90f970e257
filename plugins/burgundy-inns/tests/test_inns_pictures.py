"""The inns in the pictures (issue #32: every variant's components are drawn, readable at
the default size): the inns for sale and still in the box beside the main board (the
``burgundy_picture_rows["board"]`` hook) and an inn placed in a duchy, in the text picture
and in the SVG, whose cells are written at 12 px."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import burgundy
from burgundy.render.svg import state_svg
from burgundy.render.text import board_text, state_text
from burgundy.state import State
from burgundy_inns.rules import INN, inns

SVG = "{http://www.w3.org/2000/svg}"


def _with_a_placed_inn() -> State:
    """A seeded 3-player game played on at random until an inn lies in a duchy and one is
    for sale, before the game ends."""
    game = burgundy.Game(burgundy.Ruleset(players=3, variants=("knowledge", "inns")), seed=5)
    rng = random.Random(5)
    for _ in range(600):
        state = game.state
        placed = any(INN in estate.spaces for estate in state.estates)
        if placed and inns(state).stack and state.current_player >= 0:
            return state
        game.play(rng.choice(game.legal_actions()))
    raise AssertionError("no inn placed in 600 moves")


def test_the_inns_appear_in_the_text_and_the_svg() -> None:
    state = _with_a_placed_inn()
    now = inns(state)
    line = next(line for line in board_text(state).splitlines() if line.startswith("  inns:"))
    assert line.count("[inn]") == now.stack and line.count("[box]") == now.to_come
    assert "INN" in state_text(state)  # the placed inn in its duchy
    root = ET.fromstring(state_svg(state))
    assert any(g.get("class") == "tile" and g.get("data-tile") == "inn" and g.get("data-space")
               for g in root.iter())
    row = next(g for g in root.iter() if g.get("class") == "picture-row")
    assert row.findtext(f"{SVG}title") == "inns"
    cells = [t for g in row.iter() if g.get("class") == "picture-cell"
             for t in g.iter(f"{SVG}text")]
    assert len(cells) == now.stack + now.to_come
    assert all(float(t.get("font-size", "0")) >= 12 for t in cells)
