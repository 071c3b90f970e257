"""The ``burgundy`` command: every subcommand end to end, with clear errors."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import burgundy
from burgundy import cli
from burgundy.cli import run_captured
from burgundy.render.svg import state_svg


def test_variants_lists_installed_plugins_with_versions() -> None:
    code, out, _ = run_captured(["variants"])
    assert code == 0
    lines = out.splitlines()
    assert any(line.startswith("knowledge") for line in lines)  # sorted by name
    assert lines == sorted(lines)
    assert f" {burgundy.__version__} " in out  # every distribution is released at one version


def test_simulate_prints_table_and_writes_records(tmp_path: Path) -> None:
    code, out, err = run_captured(["simulate", "--players", "2", "--games", "2", "--bots",
                          "random,greedy", "--records", str(tmp_path)])
    assert code == 0
    count, header, *rows = out.strip().splitlines()
    assert count == "2 games, 2 players"
    assert header.split()[:7] == ["bot", "games", "seats", "wins", "win%", "mean", "sd"]
    assert {row.split()[0] for row in rows} == {"greedy", "random"}
    assert all(row.split()[1:3] == ["2", "2"] for row in rows)  # 2 games, a seat in each
    assert sum(int(row.split()[3]) for row in rows) == 2  # one winner per game
    # the rules in play, and no progress bar when standard error is not a terminal
    assert err == ("Rules: 2 players \u00b7 2019 edition \u00b7 variants knowledge \u00b7 "
                   "options at their defaults\n")
    records = sorted(tmp_path.glob("game-*.json"))
    assert len(records) == 2
    assert json.loads(records[0].read_text())["format"] == "burgundy-record"


def test_play_against_bots_with_undo_help_bad_input_and_quit() -> None:
    script = "1\n? 1\n? 99\nnonsense\n0\nu\nq\n"
    code, out, _ = run_captured(
        ["play", "--players", "2", "--seed", "3", "--bots", "random"], script)
    assert code == 0
    assert "You are seat 0" in out
    assert "Not understood: 'nonsense' is not a legal action here" in out
    assert "choose a number from 1 to" in out
    assert "Type ? and an action number" in out
    assert "costs" in out  # the explanation of action 1
    assert out.rstrip().endswith("Bye.")


def test_play_to_the_end_by_always_choosing_the_first_action() -> None:
    code, out, _ = run_captured(
        ["play", "--players", "2", "--seed", "5", "--variants", ""], "1\n" * 400)
    assert code == 0
    assert "Final scores:" in out
    assert "Winner: seat" in out


def test_play_end_of_input_quits_cleanly() -> None:
    code, _, _ = run_captured(["play", "--players", "2", "--seed", "5"], "")
    assert code == 0


def test_watch_replay_and_render(tmp_path: Path) -> None:
    code, out, _ = run_captured(
        ["watch", "--players", "2", "--seed", "2", "--bots", "greedy,random"])
    assert code == 0
    assert "Winner: seat" in out
    run_captured(["simulate", "--players", "2", "--games", "1", "--bots", "random",
         "--records", str(tmp_path)])
    record = str(tmp_path / "game-0000.json")
    code, out, _ = run_captured(["replay", record])
    assert code == 0
    assert "Final scores:" in out
    assert "[1] start player: seat" in out
    target = tmp_path / "board.svg"
    code, out, _ = run_captured(["render", record, "--at", "40", "-o", str(target)])
    assert code == 0
    assert "(move 40: seat" in out
    ET.fromstring(target.read_text())


def test_render_at_counts_the_seats_moves_not_chance(tmp_path: Path) -> None:
    """``render --at N`` draws the table after the N-th move of the seats and the chance it
    led to (the replay page's frame N), not after the N-th step of the record."""
    game = burgundy.Game(players=2, variants=(), seed=12)
    positions = [game.state]  # after set-up, then after each move and its chance
    for _ in range(7):
        game.play(game.legal_actions()[-1])
        positions.append(game.state)
    record = tmp_path / "r.json"
    record.write_text(json.dumps(game.record()))
    target = tmp_path / "at.svg"
    for at in (0, 3, 7):
        code, out, _ = run_captured(["render", str(record), "--at", str(at), "-o", str(target)])
        assert code == 0, out
        assert target.read_text() == state_svg(positions[at])
    with pytest.raises(ValueError, match=r"--at must be a move 0-7 \(0: the start\)"):
        run_captured(["render", str(record), "--at", "8", "-o", str(target)])


def test_errors_exit_2_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--players", "9", "--games", "1"]) == 2
    assert "players must be one of" in capsys.readouterr().err
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "burgundy-record", "version": 1, "seed": 1, "steps": [7]}')
    assert cli.main(["replay", str(bad)]) == 2
    assert "record step 0" in capsys.readouterr().err
    assert cli.main(["play", "--bots", "deep-blue"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_variants_listing_keeps_its_columns_for_long_names() -> None:
    """The version column starts at one place whatever the names' lengths
    (``white_castles`` is longer than the old fixed width)."""
    _, out, _ = run_captured(["variants"])
    version = f" {burgundy.__version__} "
    starts = {line.index(version) for line in out.splitlines() if version in line}
    assert len(starts) == 1
