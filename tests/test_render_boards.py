"""Pictures and descriptions of boards of any shape (issue #13): the SVG and text pictures
draw each space of an estate's own board at its picture position with its name (a board of
separate islands with its river link, a 73-space team board), and the terminal's action
descriptions name spaces as the mover's board does; the standard duchy's pictures stay as
they were."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

import attrs
import pytest

import burgundy
from burgundy.actions import Action, ChooseSpace, PlaceTile
from burgundy.components import Colour
from burgundy.geometry import SPACE_NAMES, Board, Cell, board, board_from_cells
from burgundy.render.svg import DUCHY_HEIGHT, DUCHY_WIDTH, duchy_svg, state_svg
from burgundy.render.text import _text_rows, duchy_text
from burgundy.state import EMPTY, State
from burgundy.terminal import explain
from burgundy.testing import random_playout

NS = "{http://www.w3.org/2000/svg}"

# Two islands of five spaces with a gap between them, joined by one printed river link
# (W2-E1); neither island has a space named like a standard one.
TINY = '''
from burgundy import hookimpl
from burgundy.components import Colour
from burgundy.geometry import Cell, board_from_cells
from burgundy.variant_info import VariantInfo

C, G, S, B, Y, M = (Colour.CASTLE, Colour.PASTURE, Colour.RIVER, Colour.CITY,
                    Colour.KNOWLEDGE, Colour.MINE)


@hookimpl
def burgundy_variant():
    return VariantInfo(name="tinyisles")


@hookimpl
def burgundy_boards(rules):
    west = [("W1", C, 6, 0, 0), ("W2", S, 1, 1, 0), ("W3", G, 2, 0.5, 1),
            ("W4", B, 3, 1.5, 1), ("W5", Y, 4, 1, 2)]
    east = [("E1", S, 5, 4, 0), ("E2", C, 6, 5, 0), ("E3", M, 1, 4.5, 1),
            ("E4", B, 2, 5.5, 1), ("E5", G, 3, 5, 2)]
    cells = [Cell(n, c, d, x, y, "west") for n, c, d, x, y in west]
    cells += [Cell(n, c, d, x, y, "east") for n, c, d, x, y in east]
    tiny = board_from_cells("tiny", cells, links=[("W2", "E1")], start="W1", name="Tiny isles")
    return {"tiny": tiny}
'''

# A team board of 73 spaces: board 1's hexagon (W01..W37) and, right of it, the same hexagon
# less its last space (E01..E36), touching the first at the ends of the middle row.
TEAM = '''
from burgundy import hookimpl
from burgundy.geometry import Cell, board, board_from_cells
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="teamboard")


@hookimpl
def burgundy_boards(rules):
    one = board("1")
    spaces = list(enumerate(one.positions))
    cells = [Cell(f"W{s + 1:02d}", one.colours[s], one.dice[s], x, y) for s, (x, y) in spaces]
    cells += [
        Cell(f"E{s + 1:02d}", one.colours[s], one.dice[s], x + 7, y) for s, (x, y) in spaces[:36]
    ]
    return {"team73": board_from_cells("team73", cells, start="W19", name="Team")}
'''

TINY_LINK = ("W2", "E1")


@attrs.frozen
class MarkSpace(Action):
    """Mark a space (a variant's action, explained from its fields)."""

    space: int


def _rules(install_plugin: Callable[[str, str], None], which: str,
           **options: object) -> burgundy.Ruleset:
    """Two players, seat 0's estate on the variant's board and seat 1's on board 1."""
    source, variant, board_id = {
        "tiny": (TINY, "tinyisles", "tiny"), "team": (TEAM, "teamboard", "team73"),
    }[which]
    install_plugin(variant, source)
    return burgundy.Ruleset(players=2, variants=(variant,),
                            options={"boards": [board_id, "1"], **options})


def _mid(rules: burgundy.Ruleset, seed: int = 2) -> State:
    """A state in the middle of a random game (tiles on the duchies)."""
    states = random_playout(rules, seed)
    return states[len(states) // 2]


def _board(state: State, estate: int) -> Board:
    return state.rules.engine.boards[state.estates[estate].board]


def _points(polygon: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in
            (p.split(",") for p in polygon.get("points", "").split())]


def _centre(polygon: ET.Element) -> tuple[float, float]:
    points = _points(polygon)
    return (round(sum(p[0] for p in points) / len(points), 1),
            round(sum(p[1] for p in points) / len(points), 1))


def _spaces(group: ET.Element) -> list[ET.Element]:
    return [p for p in group.iter(f"{NS}polygon") if p.get("class") == "space"]


def _with_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if e.get("class") == cls]


def _view_box(root: ET.Element) -> tuple[float, float, float, float]:
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    return x, y, w, h


def _offset(duchy: ET.Element) -> tuple[float, float]:
    found = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", duchy.get("transform", ""))
    return (float(found[1]), float(found[2])) if found else (0.0, 0.0)


def _frame(duchy: ET.Element) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` of a drawn duchy, in the picture's units."""
    frame = duchy.find(f"{NS}rect")
    assert frame is not None
    dx, dy = _offset(duchy)
    width, height = float(frame.get("width", "0")) + 2, float(frame.get("height", "0")) + 2
    return dx, dy, dx + width, dy + height


def _check_duchy_picture(duchy: ET.Element, board: Board) -> None:
    """One space shape per board space, named as the board names it, at distinct places,
    inside the duchy's frame and left of its panel."""
    spaces = _spaces(duchy)
    assert [p.get("data-space") for p in spaces] == list(board.names)
    centres = [_centre(p) for p in spaces]
    assert len(set(centres)) == board.size  # no two spaces drawn at one place
    left, top, right, bottom = _frame(duchy)
    panel = _with_class(duchy, "g", "panel")[0]
    panel_left = min(float(e.get("x", e.get("cx", "inf"))) for e in panel.iter()
                     if e.get("x") or e.get("cx"))
    for polygon in spaces:
        for x, y in _points(polygon):
            assert 0 <= x <= right - left and 0 <= y <= bottom - top
            assert x < panel_left  # the board does not run into the panel beside it
    # the positions are kept: space centres are the board's positions scaled and shifted
    (x0, y0), (cx0, cy0) = board.positions[0], centres[0]
    for (x, y), (cx, cy) in zip(board.positions, centres, strict=True):
        assert cx - cx0 == pytest.approx((x - x0) * math.sqrt(3) * 28, abs=0.2)
        assert cy - cy0 == pytest.approx((y - y0) * 42, abs=0.2)


def _check_covered(root: ET.Element) -> None:
    """The viewBox holds every space of every duchy, and no two drawn parts overlap."""
    _, _, width, height = _view_box(root)
    duchies = _with_class(root, "g", "duchy")
    frames = [_frame(d) for d in duchies]
    for duchy in duchies:
        dx, dy = _offset(duchy)
        for polygon in _spaces(duchy):
            for x, y in _points(polygon):
                assert 0 <= dx + x <= width and 0 <= dy + y <= height
    frames += [_frame(g) for g in _with_class(root, "g", "ledger")]
    board = root.find(f"{NS}g[@class='board']/{NS}rect")
    assert board is not None
    frames.append((0.0, 0.0, float(board.get("width", "0")), float(board.get("height", "0"))))
    for i, (l1, t1, r1, b1) in enumerate(frames):
        assert r1 <= width and b1 <= height
        for l2, t2, r2, b2 in frames[i + 1 :]:
            assert r1 <= l2 or r2 <= l1 or b1 <= t2 or b2 <= t1, "two parts overlap"


def test_an_island_board_is_drawn_from_its_positions_with_its_river_link(
    install_plugin: Callable[[str, str], None],
) -> None:
    state = _mid(_rules(install_plugin, "tiny"))
    board = _board(state, 0)
    assert board.id == "tiny" and board.size == 10
    root = ET.fromstring(duchy_svg(state, 0))
    duchy = _with_class(root, "g", "duchy")[0]
    _check_duchy_picture(duchy, board)
    names = {p.get("data-space") for p in _spaces(duchy)}
    assert "d4" not in names and not names & set(SPACE_NAMES)
    _, _, width, height = _view_box(root)
    assert (width, height) == (float(root.get("width", "")), float(root.get("height", "")))
    # the islands stand apart: a gap of more than a hex width between W2 and E1
    centre = {p.get("data-space"): _centre(p) for p in _spaces(duchy)}
    assert centre["E1"][0] - centre["W2"][0] > 2 * math.sqrt(3) * 28
    # the printed link is a line between the two centres
    links = _with_class(duchy, "line", "river-link")
    assert len(links) == 1
    link = links[0]
    assert (link.get("data-from"), link.get("data-to")) == TINY_LINK
    ends = {(round(float(link.get(f"x{k}", "")), 1), round(float(link.get(f"y{k}", "")), 1))
            for k in (1, 2)}
    assert ends == {centre["W2"], centre["E1"]}
    # the standard duchy of seat 1 has no links and its usual names
    other = ET.fromstring(duchy_svg(state, 1))
    assert not _with_class(other, "line", "river-link")
    assert [p.get("data-space") for p in _spaces(other)] == list(SPACE_NAMES)


def test_touching_islands_show_their_links(install_plugin: Callable[[str, str], None]) -> None:
    """Board 1 cut in two (tests/test_boards.py's islands): the two printed links join
    spaces that are not hex neighbours, and the cut (c2-d2, not neighbours) is none."""
    from test_boards import ISLANDS

    install_plugin("islands", ISLANDS)
    rules = burgundy.Ruleset(players=2, variants=("islands",), options={"boards": ["isles", "1"]})
    root = ET.fromstring(duchy_svg(rules.initial_state(), 0))
    pairs = {(e.get("data-from"), e.get("data-to")) for e in _with_class(root, "line",
                                                                        "river-link")}
    assert pairs == {("I12", "I15"), ("I14", "I17")}


def test_a_73_space_board_fits_its_picture(install_plugin: Callable[[str, str], None]) -> None:
    state = _mid(_rules(install_plugin, "team"))
    board = _board(state, 0)
    assert board.size == 73
    root = ET.fromstring(duchy_svg(state, 0))
    duchy = _with_class(root, "g", "duchy")[0]
    _check_duchy_picture(duchy, board)
    assert not _with_class(duchy, "line", "river-link")  # the halves touch: no links
    _, _, width, height = _view_box(root)
    assert width > DUCHY_WIDTH + 6 * math.sqrt(3) * 28 and height >= DUCHY_HEIGHT
    names = {p.get("data-space") for p in _spaces(duchy)}
    assert {"W01", "W37", "E36"} <= names and "d4" not in names
    # tiles placed on the board are drawn on their spaces, by the board's names
    placed = {g.get("data-space") for g in _with_class(duchy, "g", "tile") if g.get("data-space")}
    assert placed == {board.names[s] for s, code in enumerate(state.estates[0].spaces)
                      if code != EMPTY}
    assert placed


@pytest.mark.parametrize("which", ["tiny", "team"])
def test_the_table_makes_room_for_every_board(
    install_plugin: Callable[[str, str], None], which: str,
) -> None:
    rules = _rules(install_plugin, which)
    state = _mid(rules)
    for options in ({}, {"coordinates": True, "ledger": True}, {"seats": [0]}):
        root = ET.fromstring(state_svg(state, **options))  # type: ignore[arg-type]
        _check_covered(root)
        labels = [t.text for g in _with_class(root, "g", "coordinates")
                  for t in g.iter(f"{NS}text")]
        if options.get("coordinates"):
            assert set(_board(state, 0).names) <= set(labels)
    both = ET.fromstring(state_svg(_mid(rules, seed=3), width=800))
    assert float(both.get("width", "")) == 800
    assert len(_spaces(both)) == _board(state, 0).size + 37


def _coordinate_names(text: str) -> list[str]:
    """The names written above the rows of a text picture drawn with coordinates."""
    lines = text.splitlines()
    return [name for line in lines[0::2] for name in line.split()]


@pytest.mark.parametrize("which", ["tiny", "team"])
def test_the_text_picture_names_every_space_of_the_board_once(
    install_plugin: Callable[[str, str], None], which: str,
) -> None:
    state = _mid(_rules(install_plugin, which))
    board = _board(state, 0)
    text = duchy_text(state, 0, coordinates=True)
    assert sorted(_coordinate_names(text)) == sorted(board.names)
    assert "d4" not in text.split()
    plain = duchy_text(state, 0)
    rows = len({y for _, y in board.positions})
    assert len(plain.splitlines()) == rows == len(text.splitlines()) // 2
    # each space's picture lies under its name: same column, shown in space order per row
    lines = text.splitlines()
    for names, cells in zip(lines[0::2], lines[1::2], strict=True):
        for found in re.finditer(r"\S+", names):
            under = cells[max(0, found.start() - 1) : found.end() + 1].strip()
            assert under, f"nothing under {found[0]}"


def test_the_text_picture_keeps_a_gap_between_islands(
    install_plugin: Callable[[str, str], None],
) -> None:
    state = _rules(install_plugin, "tiny").initial_state()
    text = duchy_text(state, 0, coordinates=True)
    first = text.splitlines()[0]
    assert first.index("E1") - first.index("W2") == 3 * 6  # three hex widths apart


def test_the_standard_text_picture_is_unchanged() -> None:
    state = burgundy.Game(players=2, variants=(), seed=1).state
    assert duchy_text(state, 0, coordinates=True) == "\n".join([
        "            1     2     3     4",
        "a           g6    c5    c4    y3 ",
        "         1     2     3     4     5",
        "b        g2    g1    c6    y5    b4 ",
        "      1     2     3     4     5     6",
        "c     g5    g4    b3    y1    b2    b3 ",
        "   1     2     3     4     5     6     7",
        "d  s6    s1    s2   CAST   s5    s4    s1 ",
        "      1     2     3     4     5     6",
        "e     b2    b5    m4    b3    b1    g2 ",
        "         1     2     3     4     5",
        "f        b6    m1    y2    b5    b6 ",
        "            1     2     3     4",
        "g           m3    y4    y1    b3 ",
    ])


def test_the_standard_duchy_keeps_its_geometry() -> None:
    state = burgundy.Game(players=2, variants=(), seed=1).state
    root = ET.fromstring(duchy_svg(state, 0))
    size = (float(root.get("width", "")), float(root.get("height", "")))
    assert size == (round(DUCHY_WIDTH, 2), round(DUCHY_HEIGHT, 2))
    centre = {p.get("data-space"): _centre(p) for p in _spaces(root)}
    hw = math.sqrt(3) * 28
    assert centre["d4"] == (round(12 + hw / 2 + 3 * hw, 1), 38 + 12 + 28 + 3 * 42)
    assert centre["a1"] == (round(12 + hw / 2 + 1.5 * hw, 1), 38 + 12 + 28)
    assert not _with_class(root, "line", "river-link")


def test_descriptions_name_the_movers_board_spaces(
    install_plugin: Callable[[str, str], None],
) -> None:
    rules = _rules(install_plugin, "tiny")
    chosen = burgundy.Ruleset(players=2, variants=rules.variants,
                              options={**rules.options, "start_castle": "choose"})
    game = burgundy.Game(chosen, seed=4)
    seen = {0: False, 1: False}
    while not all(seen.values()):
        state = game.state
        seat = state.current_player
        castles = [a for a in game.legal_actions() if isinstance(a, ChooseSpace)]
        if not castles:
            break
        names = _board(state, state.seats[seat].estate).names
        for action in castles:
            said = explain(state, action)
            assert said == f"put your start castle on {names[action.space]}"
            assert said.split()[-1] not in (SPACE_NAMES if seat == 0 else ("W1", "E2"))
        seen[seat] = True
        game.play(castles[0])
    assert all(seen.values())
    # placing a tile and a variant's action with a space field
    states = random_playout(rules, 5)
    described = 0
    for state in states:
        if state.current_player != 0:
            continue
        names = _board(state, state.seats[0].estate).names
        for action in state.legal_actions():
            if isinstance(action, PlaceTile):
                said = explain(state, action)
                assert f" on {names[action.space]}, a die-" in said
                assert not re.search(r"\b[a-g][1-7]\b", said)
                described += 1
        assert explain(state, MarkSpace(space=4)).endswith(f"(space {names[4]})")
    assert described


def test_rows_are_labelled_only_when_each_has_its_own_letter() -> None:
    """The standard board's rows carry their letters (a .. g); a board whose rows share a
    letter (the solo boards' A00 .. A36) labels none, rather than seven rows of 'A'."""
    standard = _text_rows(board("1"))
    assert [label for label, _, _ in standard] == list("abcdefg")
    cells = [Cell(f"A{k:02}", Colour.CITY, 1, float(k % 3), float(k // 3)) for k in range(6)]
    same_letter = board_from_cells("rows-a", cells)
    assert [label for label, _, _ in _text_rows(same_letter)] == ["", ""]
