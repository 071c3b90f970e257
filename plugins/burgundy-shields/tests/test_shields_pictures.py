"""The shields in the pictures (the core's ``burgundy_picture_rows`` hook, its ``"depot"``,
``"space"``, ``"estate"`` and ``"board"`` keys): on the depots' goods spaces, on the castles
of the duchies, each seat's shields with their VP, and the ones out of the game, in the
text picture and the SVG (docs/variants/shields.md: shields lie on the depots' goods spaces
and are put on a castle of the duchy)."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET

import burgundy_shields.pictures
from burgundy.render.svg import board_svg, duchy_svg, state_svg
from burgundy.render.text import board_text, duchy_text, state_text

SVG = "{http://www.w3.org/2000/svg}"


def _position(build):
    """Mid-game: shields #1 (d4) and #7 (a2) in the mover's duchy, #5 in the other's, #6 on
    depot 6, #3 on depot 2, #11 out of the game."""
    return build(knowledge=True, dice=(6, 6), tiles={"a2": "castle"},
                 shields={"d4": 1, "a2": 7}, their_shields={"d4": 5}, removed_shields=(11,),
                 shield_depots={6: (6,), 2: (3,)})


def test_the_text_picture_shows_the_shields_on_depots_castles_and_seats(build):
    state = _position(build)
    seat = state.current_player
    board = board_text(state).splitlines()
    depot = {int(line.split()[1].rstrip(":")): line for line in board
             if line.startswith("  depot ")}
    assert depot[6].endswith("[#6]") and depot[2].endswith("[#3]")
    assert all("[#" not in depot[d] for d in (1, 3, 4, 5))
    assert "  shields: [12 face down] | out of the game [#11]" in board
    mine = duchy_text(state, state.seats[seat].estate, coordinates=True).splitlines()
    assert "d  s6    s1    s2   CAST*" in "\n".join(mine)
    assert "* a2: [#7] shield 7 (8 VP): colour bonus tiles gained from now on score double" \
        in mine
    assert "* d4: [#1] shield 1 (12 VP): all pastures count as one pasture when animals " \
        "score" in mine
    assert "  shields: [#1 12 VP] [#7 8 VP]" in mine
    assert "[#5 12 VP]" in state_text(state) and "[#5 12 VP]" not in "\n".join(mine)


def test_the_svg_pictures_draw_the_shields_as_badges(build):
    state = _position(build)
    seat = state.current_player
    root = ET.fromstring(board_svg(state))
    marks = [(g.get("data-depot"), g.findtext(f"{SVG}title"), "".join(g.itertext()))
             for g in root.iter() if g.get("class") == "mark"]
    assert sorted(m[0] for m in marks) == ["2", "6"]
    assert ("6", "shield 6 (12 VP): a chosen seat's knowledge tiles also work for you") in \
        [m[:2] for m in marks]
    duchy = ET.fromstring(duchy_svg(state, state.seats[seat].estate))
    on = {g.get("data-space"): "".join(t.text or "" for t in g.iter(f"{SVG}text"))
          for g in duchy.iter() if g.get("class") == "mark"}
    assert on == {"a2": "#7", "d4": "#1"}
    row = next(g for g in duchy.iter() if g.get("class") == "picture-row")
    cells = ["".join(t.text or "" for t in c.iter(f"{SVG}text")) for c in row.iter()
             if c.get("class") == "picture-cell"]
    assert cells == ["#1 12 VP", "#7 8 VP"]
    whole = state_svg(state)
    assert whole.count('class="mark"') == 2 + 3  # two depots, three castles


def test_docstring_examples():
    result = doctest.testmod(burgundy_shields.pictures)
    assert result.failed == 0 and result.attempted > 0
