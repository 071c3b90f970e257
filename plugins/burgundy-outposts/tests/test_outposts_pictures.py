"""The outposts in the pictures (issue #32: every variant's components are drawn): the
forts on the board, the pairs linked under the duchy and the outpost bonus tiles left
beside the main board (O3: the large one first, then the small one; 6 and 3 VP with
three players), in the text picture
and in the SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs

from burgundy.render.svg import state_svg
from burgundy.render.text import board_text, duchy_text

SVG = "{http://www.w3.org/2000/svg}"


def _row(root: ET.Element, label: str) -> list[str]:
    row = next(g for g in root.iter() if g.get("class") == "picture-row"
               and g.findtext(f"{SVG}title") == label)
    return ["".join(t.text or "" for t in g.iter(f"{SVG}text")) for g in row.iter()
            if g.get("class") == "picture-cell"]


def test_the_forts_and_the_bonus_tiles_appear_in_the_text_and_the_svg(outposts) -> None:
    state = outposts.position(tiles=outposts.ROW_B, storage=["k19"], dice=(4, 2))
    seat = state.current_player
    assert "  outpost bonus tiles left: [large 6 VP] [small 3 VP]" in board_text(state)
    root = ET.fromstring(state_svg(state))
    assert _row(root, "outpost bonus tiles left") == ["large 6 VP", "small 3 VP"]
    forts = [g for g in root.iter() if g.get("class") == "landmark"]
    assert len(forts) == 3 * 3  # three forts on each of the three duchies
    after = outposts.play(state, "place k19 b5 d4")  # links the top forts (the B row)
    estate = after.seats[seat].estate
    current = after.variant_state("outposts")
    done = attrs.evolve(current, linked=tuple(7 if e == estate else v for e, v in
                                               enumerate(current.linked)),
                        bonus=tuple(0 if e == estate else b for e, b in
                                    enumerate(current.bonus)))
    taken = after.with_variant_state("outposts", done)
    assert "  forts: [TL-TR ok] [TL-B ok] [TR-B ok] [large bonus]" in duchy_text(taken, estate)
    assert "  outpost bonus tiles left: [small 3 VP]" in board_text(taken)
    root = ET.fromstring(state_svg(taken))
    assert _row(root, "outpost bonus tiles left") == ["small 3 VP"]
    other = (estate + 1) % len(taken.estates)
    both = attrs.evolve(done, linked=tuple(7 if e in (estate, other) else v for e, v in
                                           enumerate(done.linked)),
                        bonus=tuple(1 if e == other else b for e, b in enumerate(done.bonus)))
    gone = taken.with_variant_state("outposts", both)
    assert "outpost bonus tiles left" not in board_text(gone) + state_svg(gone)
