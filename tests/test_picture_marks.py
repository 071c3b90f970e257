"""The picture hooks' marks and the layout of picture rows, tested with a small test plugin
``marker``:

- ``burgundy_picture_rows["depot"]``: marks on a depot reach the text picture (after the
  depot's line) and the SVG (a badge on the depot, ``class="mark"``, ``data-depot``);
- ``burgundy_picture_rows["space"]``: marks on a duchy's spaces reach the text picture (a
  ``*`` after the space, a line under the duchy) and the SVG (a badge on the hex,
  ``data-space``, its title added to the space's);
- the rows variants add are laid out by their text: every cell's text is written at a
  readable size, however many cells a row has (a long row goes on in a second line and
  the picture grows), and ``duchy_text`` writes them under the duchy (what ``play`` shows).
"""

from __future__ import annotations

import itertools
import re
import types
import xml.etree.ElementTree as ET

import pytest

import burgundy
from burgundy import hookimpl, registry
from burgundy.geometry import SPACE_BY_NAME
from burgundy.hookspecs import PictureRowHooks
from burgundy.render.parts import PictureCell, PictureRow, depot_marks, space_marks
from burgundy.render.svg import DUCHY_HEIGHT, board_svg, duchy_svg, state_svg
from burgundy.render.text import board_text, duchy_text, state_text
from burgundy.state import State
from burgundy.variant_info import VariantInfo
from burgundy.variants import Ruleset

SVG = "{http://www.w3.org/2000/svg}"
D4, A2 = SPACE_BY_NAME["d4"], SPACE_BY_NAME["a2"]


def _marker_plugin(cells: int) -> types.SimpleNamespace:
    @hookimpl
    def burgundy_variant() -> VariantInfo:
        return VariantInfo(name="marker")

    @hookimpl
    def burgundy_picture_rows(rules: Ruleset) -> PictureRowHooks:
        def depot(state: State, depot: int) -> tuple[PictureCell, ...]:
            if depot == 2:
                return (PictureCell("#7", title="token 7"), PictureCell("#8", goods=3))
            return (PictureCell("B", title="on the black depot"),) if depot == 0 else ()

        def space(state: State, estate: int) -> dict[int, PictureCell]:
            return {D4: PictureCell("x1", title="token x1")} if estate == 0 else {}

        def rows(state: State, estate: int) -> tuple[PictureRow, ...]:
            long = tuple(PictureCell(f"{k} covered of 36", group=k % 3) for k in range(cells))
            return (PictureRow("long row", long, ("one", "two", "three")),)

        return {"depot": depot, "space": space, "estate": rows}

    return types.SimpleNamespace(burgundy_variant=burgundy_variant,
                                 burgundy_picture_rows=burgundy_picture_rows)


class _EntryPoint:
    def __init__(self, name: str, plugin: object) -> None:
        self.name, self.plugin, self.dist = name, plugin, None

    def load(self) -> object:
        return self.plugin


def _install(monkeypatch: pytest.MonkeyPatch, cells: int) -> Ruleset:
    points = dict(registry._entry_points())
    points["marker"] = _EntryPoint("marker", _marker_plugin(cells))
    monkeypatch.setattr(registry, "_entry_points", lambda: points)
    return Ruleset(players=2, variants=("marker",))


@pytest.fixture(name="marked")
def marked_fixture(monkeypatch: pytest.MonkeyPatch) -> State:
    """A dealt game of the ``marker`` plugin (rows of three cells)."""
    return burgundy.Game(_install(monkeypatch, 3), seed=1).state


def _height(svg: str) -> float:
    return float(re.search(r'<svg[^>]* height="([0-9.]+)"', svg).group(1))  # type: ignore[union-attr]


def test_depot_marks_reach_the_text_and_the_svg(marked: State) -> None:
    assert depot_marks(marked, 2) == (PictureCell("#7", title="token 7"),
                                      PictureCell("#8", goods=3))
    assert depot_marks(marked, 1) == ()
    lines = board_text(marked).splitlines()
    assert next(line for line in lines if line.startswith("  depot 2:")).endswith(
        "  [#7] [3:#8]")
    assert next(line for line in lines if line.startswith("  depot 1:")).endswith("goods -")
    assert next(line for line in lines if line.startswith("  black depot:")).endswith("  [B]")
    root = ET.fromstring(board_svg(marked))
    marks = [(g.get("data-depot"), g.findtext(f"{SVG}title"),
              "".join(t.text or "" for t in g.iter(f"{SVG}text")))
             for g in root.iter() if g.get("class") == "mark"]
    assert marks == [("2", "token 7", "#7"), ("2", None, "#8"), ("0", "on the black depot", "B")]
    plain = burgundy.Ruleset(players=2, variants=()).initial_state()
    assert 'class="mark"' not in state_svg(plain)
    assert all("[" not in line for line in board_text(plain).splitlines() if "depot" in line)


def test_space_marks_reach_the_text_and_the_svg(marked: State) -> None:
    assert space_marks(marked, 0) == {D4: (PictureCell("x1", title="token x1"),)}
    assert space_marks(marked, 1) == {}
    text = duchy_text(marked, 0, coordinates=True).splitlines()
    assert text[7] == "d  s6    s1    s2   CAST*  s5    s4    s1 "
    assert "* d4: [x1] token x1" in text
    assert "*" not in duchy_text(marked, 1)
    assert "*" not in duchy_text(marked, 0, rows=False)  # the duchy alone
    root = ET.fromstring(duchy_svg(marked, 0))
    badge = [g for g in root.iter() if g.get("class") == "mark"]
    assert [(g.get("data-space"), g.findtext(f"{SVG}title")) for g in badge] == [
        ("d4", "token x1")]
    titles = [t.text or "" for t in root.iter(f"{SVG}title")]
    assert "d4: castle, die 6, castle; token x1" in titles
    assert 'class="mark"' not in duchy_svg(marked, 1)


def test_rows_are_written_under_the_duchy_in_the_text_picture(marked: State) -> None:
    duchy = duchy_text(marked, 0)
    assert duchy.splitlines()[-1] == ("  long row: one [0 covered of 36] | two [1 covered of 36]"
                                      " | three [2 covered of 36]")
    assert "long row" not in duchy_text(marked, 0, rows=False)
    whole = state_text(marked)
    assert whole.count("  long row: ") == 2  # once per duchy, not twice


def _cell_texts(svg: str) -> list[tuple[float, float, float, str]]:
    """``(x, y, font size, text)`` of each picture cell's text."""
    root = ET.fromstring(svg)
    out = []
    for cell in root.iter():
        if cell.get("class") == "picture-cell":
            for text in cell.iter(f"{SVG}text"):
                out.append((float(text.get("x", "0")), float(text.get("y", "0")),
                            float(text.get("font-size", "0")), text.text or ""))
    return out


def test_a_long_row_keeps_its_text_readable_and_goes_on_below(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue #32: the solo panel was in tiny text; every cell text is now at least 11 px,
    a row too long for the duchy's width breaks into lines and the picture grows."""
    short = burgundy.Game(_install(monkeypatch, 3), seed=1).state
    long = burgundy.Game(_install(monkeypatch, 15), seed=1).state
    texts = _cell_texts(duchy_svg(long, 0))
    assert len(texts) == 15 and min(size for _, _, size, _ in texts) >= 11.0
    lines = sorted({y for _, y, _, _ in texts})
    assert len(lines) >= 3  # about four cells of this text fit a line
    for y in lines:  # the cells of a line do not overlap: their centres are a cell apart
        xs = sorted(x for x, yy, _, _ in texts if yy == y)
        wide = 0.62 * 12 * len("10 covered of 36")
        assert all(b - a >= wide for a, b in itertools.pairwise(xs))
    assert _height(duchy_svg(long, 0)) > _height(duchy_svg(short, 0)) > DUCHY_HEIGHT
    root = ET.fromstring(state_svg(long))
    frames = [float(r.get("height", "0")) for r in root.iter(f"{SVG}rect")
              if r.get("rx") == "10"]
    assert frames and all(h > DUCHY_HEIGHT for h in frames)
