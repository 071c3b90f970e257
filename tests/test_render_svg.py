"""SVG pictures: well-formed documents that show what the state holds.

Checks each drawing parses as XML, has 37 space polygons per duchy, writes every placed tile's
name and every empty space's die number, shows the scores, and escapes text; for 2, 3 and 4
players, at the first chance node of set-up, mid-game and at the end of the game.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

import attrs
import pytest

from burgundy import Ruleset, State
from burgundy.components import CASTLE, tile_name
from burgundy.geometry import SPACE_NAMES
from burgundy.render import board_svg, duchy_svg, state_svg
from burgundy.render.svg import repr_svg
from burgundy.rules.income import set_estate
from burgundy.state import EMPTY, replace
from burgundy.testing import random_playout

NS = "{http://www.w3.org/2000/svg}"
PLAYERS = (2, 3, 4)


@functools.cache
def _game(players: int, seed: int = 3) -> tuple[State, ...]:
    return tuple(random_playout(Ruleset(players=players), seed))


def _mid(players: int) -> State:
    """A decision state in the middle of the game, with tiles on the duchies."""
    states = _game(players)
    return next(s for s in states[len(states) // 2 :] if s.current_player >= 0)


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert float(root.attrib["width"]) > 0 and float(root.attrib["height"]) > 0
    return root


def _with_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if e.get("class") == cls]


def _text(element: ET.Element) -> str:
    return "".join(element.itertext())


def _all_text(root: ET.Element) -> str:
    """Every piece of visible text (tooltips left out)."""
    return " ".join(_text(e) for e in root.iter(f"{NS}text"))


def _check_duchy(root: ET.Element, state: State, index: int) -> None:
    """The duchy's spaces, tiles and die numbers are all drawn."""
    estate = state.estates[index]
    board = state.rules.engine.boards.get(estate.board)
    dice = board.dice if board is not None else state.rules.engine.boards[1].dice
    duchy = next(
        g for g in _with_class(root, "g", "duchy") if g.get("data-estate") == str(index)
    )
    assert len(_with_class(duchy, "polygon", "space")) == 37
    cells = {
        poly.get("data-space"): cell
        for cell in duchy.iter(f"{NS}g")
        for poly in cell.findall(f"{NS}polygon")
        if poly.get("class") == "space"
    }
    tiles = {
        g.get("data-space"): g for g in _with_class(duchy, "g", "tile") if g.get("data-space")
    }
    assert len(tiles) == sum(1 for code in estate.spaces if code != EMPTY)
    for space, code in enumerate(estate.spaces):
        name = SPACE_NAMES[space]
        if code == EMPTY:
            numbers = _with_class(cells[name], "g", "die-number")
            assert len(numbers) == 1 and _text(numbers[0]) == str(dice[space])
            assert name not in tiles
        else:
            tile = tiles[name]
            assert tile.get("data-tile") == tile_name(code)
            labels = _with_class(tile, "text", "label")
            # long names break over lines, maybe at a hyphen: compare without hyphens
            assert _text(labels[0]).replace("-", "") == tile_name(code).replace("-", "")
    for code in estate.storage:
        assert any(
            g.get("data-tile") == tile_name(code) and "storage" in g.findtext(f"{NS}title", "")
            for g in _with_class(duchy, "g", "tile")
        )
    vp = sum(seat.vp for seat in state.seats if seat.estate == index)
    assert f"{vp} VP" in _all_text(duchy)


@pytest.mark.parametrize("players", PLAYERS)
def test_duchy_mid_game(players: int) -> None:
    state = _mid(players)
    assert any(code not in (EMPTY, CASTLE) for e in state.estates for code in e.spaces)
    for index in range(players):
        _check_duchy(_parse(duchy_svg(state, index)), state, index)


@pytest.mark.parametrize("players", PLAYERS)
def test_state_at_the_first_chance_node(players: int) -> None:
    state = Ruleset(players=players).initial_state()
    assert state.is_chance
    root = _parse(state_svg(state))
    assert len(_with_class(root, "polygon", "space")) == 37 * players
    assert not _with_class(root, "g", "tile")
    for index in range(players):
        _check_duchy(root, state, index)
    assert "chance" in _all_text(root)


@pytest.mark.parametrize("players", PLAYERS)
def test_state_with_boards_not_dealt(players: int) -> None:
    state = Ruleset(players=players, options={"boards": "random"}).initial_state()
    assert all(e.board == "" for e in state.estates)
    root = _parse(state_svg(state))
    assert len(_with_class(root, "polygon", "space")) == 37 * players
    assert "not dealt" in _all_text(root)


@pytest.mark.parametrize("players", PLAYERS)
def test_state_mid_game_and_end(players: int) -> None:
    for state in (_mid(players), _game(players)[-1]):
        root = _parse(state_svg(state))
        assert len(_with_class(root, "polygon", "space")) == 37 * players
        for index in range(players):
            _check_duchy(root, state, index)
        _check_scores(root, state)
    end = _parse(state_svg(_game(players)[-1]))
    winners = _game(players)[-1].winners()
    assert "game over" in _all_text(end)
    assert all(f"seat {w}" in _all_text(end) for w in winners)


def _check_scores(root: ET.Element, state: State) -> None:
    rows = {
        g.get("data-seat"): _text(g) for g in _with_class(root, "g", "score") if g.get("data-seat")
    }
    assert len(rows) == len(state.seats)
    for seat, vp in enumerate(state.scores):
        assert f"{vp} VP" in rows[str(seat)]


@pytest.mark.parametrize("players", PLAYERS)
def test_board_shows_depots_and_scores(players: int) -> None:
    state = _mid(players)
    root = _parse(board_svg(state))
    depots = {g.get("data-depot", ""): g for g in _with_class(root, "g", "depot")}
    assert sorted(depots) == ["0", "1", "2", "3", "4", "5", "6"]
    for number in range(1, 7):
        shown = [g.get("data-tile", "") for g in _with_class(depots[str(number)], "g", "tile")]
        assert sorted(shown) == sorted(tile_name(t) for t in state.depots[number - 1])
        goods = _with_class(depots[str(number)], "g", "goods")
        assert len(goods) == sum(state.depot_goods[number - 1])
    black = [g.get("data-tile", "") for g in _with_class(depots["0"], "g", "tile")]
    assert sorted(black) == sorted(tile_name(t) for t in state.black_depot)
    _check_scores(root, state)
    text = _all_text(root)
    assert f"round {state.round + 1} of 5" in text
    assert f"phase {'ABCDE'[state.phase]}" in text


def test_bonus_tiles_and_storage_are_drawn() -> None:
    state = _mid(2)
    state = set_estate(state, 0, bonus=((0, 0), (5, 1)), storage=(0, 1, 2, 3))
    root = _parse(duchy_svg(state, 0))
    bonus = _with_class(root, "g", "bonus")
    assert [_all_text(b) for b in bonus] == ["5", "2"]
    _check_duchy(root, state, 0)


def test_text_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Ruleset(players=2)
    name = 'Fish & <Chips> "quoted"'
    # compiled engines are shared by every equal ruleset: patch for this test only
    monkeypatch.setitem(rules.engine.boards, "1", attrs.evolve(rules.engine.boards["1"], name=name))
    state = _game(2)[len(_game(2)) // 2]
    state = replace(state, rules=rules)  # the same position, the odd board name
    for svg in (duchy_svg(state, 0), state_svg(state)):
        assert "&lt;Chips&gt;" in svg and "&amp;" in svg
        assert name in _all_text(_parse(svg))


def test_repr_svg_is_state_svg() -> None:
    state = _mid(3)
    assert repr_svg(state) == state_svg(state)


def test_duchy_index_out_of_range() -> None:
    with pytest.raises(IndexError):
        duchy_svg(_mid(2), 2)
