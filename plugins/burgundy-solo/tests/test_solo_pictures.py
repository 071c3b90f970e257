"""The solo game in the pictures (issue #32: the solo panel readable at the default size):
the progress row under the duchy (covered spaces, target, resets) and the goods out of the
game beside the main board, in the text picture and in the SVG, every cell written at
12 px however long its text."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from burgundy.render.svg import state_svg
from burgundy.render.text import board_text, duchy_text

SVG = "{http://www.w3.org/2000/svg}"


def _cells(root: ET.Element, label: str) -> list[tuple[str, float]]:
    """The texts and font sizes of the cells of the picture row labelled ``label``."""
    row = next(g for g in root.iter() if g.get("class") == "picture-row"
               and g.findtext(f"{SVG}title") == label)
    return [(t.text or "", float(t.get("font-size", "0"))) for g in row.iter()
            if g.get("class") == "picture-cell" for t in g.iter(f"{SVG}text")]


def test_the_solo_panel_and_the_goods_out_appear_readably(solo) -> None:
    state = solo.solo_at(solo.position(dice=(2, 5)), target=45, resets=1,
                         goods_out=(0, 2, 0, 0, 1, 0))
    lines = board_text(state).splitlines()
    assert "  goods out of the game: [2:\u00d72] [5:\u00d71]" in lines
    duchy = duchy_text(state, 0).splitlines()
    panel = next(line for line in duchy if line.startswith("  solo: "))
    assert "covered]" in panel and "[target 45]" in panel and "[resets 1]" in panel
    root = ET.fromstring(state_svg(state))
    progress = _cells(root, "solo")
    assert any(text.endswith("covered") for text, _ in progress)
    assert ("target 45", 12.0) in progress and ("resets 1", 12.0) in progress
    assert min(size for _, size in progress) >= 12.0  # issue #32: it was about 6 px
    out = _cells(root, "goods out of the game")
    assert [text for text, _ in out] == ["2", "\u00d72", "5", "\u00d71"]  # colour, count
    none_out = solo.solo_at(state, goods_out=(0, 0, 0, 0, 0, 0))
    assert "goods out of the game" not in board_text(none_out) + state_svg(none_out)
