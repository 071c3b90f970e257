"""The command line with team play (issue #14): ``watch`` names the teams and prints each
team's summed VP (T13), ``simulate`` adds a table per team line-up, ``play`` tells the
person who their bot partner is (partners share an estate: R-TEAM-SEATS)."""

from __future__ import annotations

import doctest
import importlib
import re

import pytest

from burgundy.cli import run_captured

TEAM = ["--players", "4", "--variants", "knowledge,team"]


def test_watch_names_the_teams_and_their_summed_vp() -> None:
    """T13: partners' VP add up; the winners are both seats of the better team."""
    code, out, _ = run_captured(["watch", *TEAM, "--bots", "random", "--seed", "3", "--delay", "0"])
    assert code == 0
    assert "\nTeams: 0+1 vs 2+3\n" in out
    seat_vp = {int(s): int(vp) for s, vp in re.findall(r"  seat (\d): (\d+) VP", out)}
    teams = {(int(a), int(b)): int(vp)
             for a, b, vp in re.findall(r"  team seat (\d) \+ seat (\d): (\d+) VP", out)}
    assert set(teams) == {(0, 1), (2, 3)}
    assert all(vp == seat_vp[a] + seat_vp[b] for (a, b), vp in teams.items())
    best = max(teams, key=lambda t: teams[t])
    if len(set(teams.values())) == 2:  # no tie: the better team won
        assert f"\nWinners: seats {best[0]} + {best[1]}, the team with more VP" in out


def test_simulate_reports_each_team_line_up() -> None:
    code, out, _ = run_captured(["simulate", *TEAM, "--games", "2", "--bots",
                            "greedy,greedy,random,random", "--seed", "5"])
    assert code == 0
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.split()[:1] == ["team"])
    assert lines[at].split() == ["team", "games", "wins", "win%", "mean"]
    rows = {line.split()[0]: line.split()[1:] for line in lines[at + 1:]}
    # the line-up turns a seat each game: game 1 pairs greedy+greedy against random+random,
    # game 2 greedy+random twice
    assert set(rows) == {"greedy+greedy", "greedy+random", "random+random"}
    assert [rows[t][0] for t in sorted(rows)] == ["1", "2", "1"]
    assert sum(int(r[1]) for r in rows.values()) == 2  # one winning team a game


def test_play_one_seat_with_a_bot_partner() -> None:
    code, out, _ = run_captured(["play", *TEAM, "--seat", "2", "--bots", "greedy", "--seed", "4"],
                    "1\n" * 30 + "q\n")
    assert code == 0
    assert "You are seat 2" in out and "Your partner: seat 3 (greedy)" in out
    assert re.search(r"seat 3 \(greedy\): ", out)  # the partner's moves are the bot's
    assert out.rstrip().endswith("Bye.")


@pytest.mark.parametrize("name", ["burgundy_team.boards", "burgundy_team.rules"])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
