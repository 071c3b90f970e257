"""The extra hexes in the pictures (issue #32: every variant's components are drawn): the
geese and the crane in a duchy appear in the text picture (``GSE2``, ``CRAN``) and in the
SVG (tiles named ``geese`` and ``crane``); the text picture of geese no longer fails on a
species the core does not know."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from burgundy import Ruleset
from burgundy.render.svg import state_svg
from burgundy.render.text import duchy_text, state_text
from burgundy.testing import build_position


def test_the_extra_hexes_appear_in_the_text_and_the_svg() -> None:
    rules = Ruleset(players=2, variants=("knowledge", "extra_hexes"))
    state = build_position(rules, tiles={"a1": "geese", "c3": "crane"}, dice=(2, 5))
    estate = state.seats[state.current_player].estate
    rows = duchy_text(state, estate).splitlines()
    assert rows[0] == "a          GSE2   c5    c4    y3 "
    assert rows[2] == "c     g5    g4   CRAN   y1    b2    b3 "
    assert "GSE2" in state_text(state)
    root = ET.fromstring(state_svg(state))
    placed = {(g.get("data-tile"), g.get("data-space")) for g in root.iter()
              if g.get("class") == "tile"}
    assert {("geese", "a1"), ("crane", "c3")} <= placed


def test_the_terminal_names_the_geese_tile_in_english() -> None:
    """The terminal's one-line effect of the geese tile says "2 geese", not "2 gooses"."""
    from burgundy.components import tile_code
    from burgundy.terminal import effect_text

    Ruleset(players=2, variants=("knowledge", "extra_hexes"))
    assert effect_text(tile_code("geese")).startswith("2 geese: scores its animals")
    assert effect_text(tile_code("sheep2")).startswith("2 sheep: ")
    from burgundy.render.text import describe_tile

    assert describe_tile(tile_code("geese")).startswith("2 geese: ")
    assert describe_tile(tile_code("sheep2")).startswith("2 sheep: ")
