"""The command line and the pictures with one player (issue #13): ``play``, ``watch`` and
``simulate`` run a solo game; the SVG and text pictures draw board 13a with its own space
names, its river links and the solo progress row."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from burgundy import Game
from burgundy.cli import run_captured
from burgundy.render.svg import state_svg
from burgundy.render.text import state_text
from burgundy_solo.boards import solo_board

SOLO = ["--players", "1", "--variants", "knowledge,solo"]


def test_simulate_a_solo_game() -> None:
    code, out, _ = run_captured(
        ["simulate", *SOLO, "--games", "2", "--bots", "greedy", "--seed", "4"])
    assert code == 0 and out.startswith("2 games, 1 player\n") and "greedy" in out


def test_watch_a_solo_game_to_its_result() -> None:
    code, out, _ = run_captured(["watch", *SOLO, "--bots", "greedy", "--seed", "2", "--delay", "0"])
    assert code == 0
    assert "solo:" in out and "covered" in out
    assert "Final scores:" in out and out.rstrip().endswith("No winner.")  # this seed: lost
    assert "(greedy): castle A" in out  # the start castle, by the board's own space names


def test_play_a_solo_game_by_hand() -> None:
    code, out, _ = run_captured(["play", *SOLO, "--seed", "3"], "1\n" * 40 + "q\n")
    assert code == 0 and "You are seat 0" in out and out.rstrip().endswith("Bye.")


def test_svg_and_text_draw_the_solo_board() -> None:
    state = Game(players=1, variants=("knowledge", "solo"), seed=5).state
    svg = state_svg(state)
    root = ET.fromstring(svg)
    spaces = {e.get("data-space") for e in root.iter() if e.get("data-space")}
    board = solo_board("13a")
    assert spaces == set(board.names)  # every space of 13a by its own name, no 'd4'
    links = [e for e in root.iter() if "river-link" in (e.get("class") or "").split()]
    assert len(links) == 5  # the five printed river segments of 13a
    text = state_text(state)
    assert "solo:" in text and "target 50" in text
