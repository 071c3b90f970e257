"""The command line and the pictures with one player (issue #13): ``play``, ``watch`` and
``simulate`` run a solo game; the SVG and text pictures draw board 13a with its own space
names, its river links and the solo progress row."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path

from burgundy import Game
from burgundy.bots import make_bot
from burgundy.cli import run_captured
from burgundy.render.svg import state_svg
from burgundy.render.text import state_text
from burgundy_solo.boards import solo_board
from burgundy_solo.rules import progress, result

SOLO = ["--players", "1", "--variants", "knowledge,solo"]


def test_simulate_a_solo_game() -> None:
    code, out, _ = run_captured(
        ["simulate", *SOLO, "--games", "2", "--bots", "greedy", "--seed", "4"])
    assert code == 0 and out.startswith("2 games, 1 player\n") and "greedy" in out


def test_watch_a_solo_game_to_its_result() -> None:
    code, out, _ = run_captured(["watch", *SOLO, "--bots", "greedy", "--seed", "2", "--delay", "0"])
    assert code == 0
    assert "solo:" in out and "covered" in out
    assert "Final scores:" in out  # this seed: lost, against the solo rule (R-SOLO-RESULT)
    assert "\nLost: " in out and "the solo game is won by covering all 37" in out
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


def test_the_result_reads_the_same_everywhere(tmp_path: Path) -> None:
    """R-SOLO-RESULT, R-SOLO-TARGET: ``watch``, ``play``, the SVG's status and the record's
    header give the same score (the marker, ``State.scores``) and the same won or lost."""
    record_path = tmp_path / "solo.json"
    code, out, _ = run_captured(["play", *SOLO, "--seed", "3", "--record", str(record_path)],
                                "1\n" * 1500)
    assert code == 0 and "Game over." in out
    record = json.loads(record_path.read_text())
    final = Game.from_record(record).state
    assert final.is_terminal
    won = final.winners() == (0,)
    assert record["header"]["result"] == {"scores": list(final.scores),
                                          "winners": list(final.winners())}
    line = result(final)
    assert line.startswith("Won: " if won else "Lost: ")
    assert f"Score {final.scores[0]} VP on the track" in line
    assert f"{progress(final).total} VP scored in all" in line
    assert f"\n  seat 0: {final.scores[0]} VP (" in out
    assert f"\n{line}\n" in out
    assert f"game over \u2014 {line.split(';')[0].split('. ')[0]}" in unescape(state_svg(final))
    code, watched, _ = run_captured(["watch", *SOLO, "--bots", "greedy", "--seed", "2"])
    game = Game(players=1, variants=("knowledge", "solo"), seed=2)
    bot = make_bot("greedy", seed=2)
    while not game.state.is_terminal:
        game.play(bot.choose(game.state))
    assert f"\n  seat 0: {game.state.scores[0]} VP (" in watched
    assert watched.rstrip().endswith(result(game.state))
