"""The knowledge tiles in the pictures (issue #32: every variant's components are drawn):
a knowledge tile on a depot, in a duchy and in storage appears in the text picture and in
the SVG, named as the actions name it (``k7``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from burgundy import Ruleset
from burgundy.render.svg import state_svg
from burgundy.render.text import state_text
from burgundy.testing import build_position

SVG = "{http://www.w3.org/2000/svg}"


def test_knowledge_tiles_appear_in_the_text_and_the_svg() -> None:
    rules = Ruleset(players=2, variants=("knowledge",))
    state = build_position(rules, tiles={"c4": "k7"}, storage=["k12"], depots={3: ["k20"]},
                           dice=(2, 5))
    seat = state.current_player
    text = state_text(state)
    assert "  depot 3: k20" in text
    duchy = text.split(f"seat {seat}:")[1].split("\nseat ")[0]
    assert "storage k12" in duchy
    assert "c     g5    g4    b3    K7    b2    b3 " in duchy  # c4, the knowledge space
    root = ET.fromstring(state_svg(state))
    tiles = {(g.get("data-tile"), g.get("data-space"), g.get("data-storage"))
             for g in root.iter() if g.get("class") == "tile"}
    assert ("k7", "c4", None) in tiles and ("k12", None, "0") in tiles
    depot = next(g for g in root.iter() if g.get("class") == "depot"
                 and g.get("data-depot") == "3")
    assert "k20" in [g.get("data-tile") for g in depot.iter() if g.get("class") == "tile"]
