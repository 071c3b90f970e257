"""The white castles in the pictures (issue #32: every variant's components are drawn): a
white castle in a duchy, on a depot and in storage appears in the text picture (``WHIT``)
and in the SVG (a tile named ``white-castle``, written in two lines)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from burgundy import Ruleset
from burgundy.render.svg import duchy_svg, state_svg
from burgundy.render.text import duchy_text, state_text
from burgundy.testing import build_position

SVG = "{http://www.w3.org/2000/svg}"


def test_white_castles_appear_in_the_text_and_the_svg() -> None:
    rules = Ruleset(players=2, variants=("knowledge", "white_castles"))
    state = build_position(rules, tiles={"c3": "white-castle"}, storage=["white-castle"],
                           depots={2: ["white-castle"]}, dice=(2, 5))
    estate = state.seats[state.current_player].estate
    assert "c     g5    g4   WHIT   y1    b2    b3 " in duchy_text(state, estate)
    text = state_text(state)
    assert "  depot 2: white-castle" in text and "storage white-castle" in text
    root = ET.fromstring(duchy_svg(state, estate))
    placed = [g for g in root.iter() if g.get("class") == "tile"
              and g.get("data-tile") == "white-castle"]
    assert [g.get("data-space") for g in placed] == ["c3", None]  # the duchy, the storage
    label = next(t for t in placed[0].iter(f"{SVG}text") if t.get("class") == "label")
    assert [span.text for span in label] == ["white", "castle"]
    assert state_svg(state).count('data-tile="white-castle"') == 3
