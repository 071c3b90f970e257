"""Tournaments (issue #20): seatings, seeds, executors, the results file and its resume,
the summary's statistics, bots by spec string (a third party's through entry points), and
the ``burgundy tournament`` command. The Ray backend is in ``test_tournament_ray.py``.

Games are short: random bots (and a few greedy ones) in the base game, a handful of games.
"""

from __future__ import annotations

import io
import json
import math
import multiprocessing
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import burgundy
from burgundy.bots import available_bots, make_bot
from burgundy.cli import main
from burgundy.tournament import (
    TournamentSpec,
    play_game,
    read_results,
    run_tournament,
    seatings,
    summarize,
)
from burgundy.tournament.stats import (
    bradley_terry,
    elo_with_interval,
    pairwise,
    wilson_interval,
)

_FORKSERVER = multiprocessing.get_context("forkserver")
"""Process pools of the tests start their workers from a fork server: this process runs
threads (Ray's, numpy's), and forking a threaded process is unsafe."""
BASE = burgundy.Ruleset(players=2, variants=())


def _spec(bots: str = "random,greedy", games: int = 6, seed: int = 5,
          rules: burgundy.Ruleset = BASE) -> TournamentSpec:
    return TournamentSpec(ruleset=rules, bots=bots, games=games, seed=seed)


def _timeless(results: Any) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "time"} for r in results]


# -- seatings and seeds -----------------------------------------------------------------------
@pytest.mark.parametrize(("bots", "players", "count"),
                         [(2, 2, 2), (3, 2, 6), (4, 4, 24), (2, 3, 6), (2, 4, 14), (3, 4, 36)])
def test_seatings_are_balanced_over_seats_and_bots(bots: int, players: int, count: int) -> None:
    """Issue #20: every seating of the bots, balanced: each bot sits in each seat equally
    often, and every bot plays (counts: permutations, or surjections with fewer bots)."""
    names = [f"b{i}" for i in range(bots)]
    found = seatings(names, players)
    assert len(found) == len(set(found)) == count
    per_seat = [Counter(seating[seat] for seating in found) for seat in range(players)]
    for counter in per_seat:
        assert set(counter) == set(names)
        assert len(set(counter.values())) == 1
    assert all(set(names) <= set(s) or len(names) > players for s in found)


def test_games_of_a_deal_share_its_seed_in_every_seating() -> None:
    spec = _spec(bots="random,greedy,mcts:5", games=14)
    assert len(spec.seatings) == 6
    games = [spec.game(g) for g in range(14)]
    assert [s for s, _ in games[:6]] == list(spec.seatings)
    assert len({seed for _, seed in games[:6]}) == 1
    assert games[0][1] != games[6][1] != games[12][1]
    with pytest.raises(ValueError, match="game must be 0-13"):
        spec.game(14)


def test_seeds_are_the_same_in_another_interpreter() -> None:
    """Issue #20: the same command gives the same games on every backend and machine, so
    the derived seeds may not depend on the process (e.g. on hash randomisation)."""
    spec = _spec(games=8, seed=12345)
    code = ("import burgundy, json; from burgundy.tournament import TournamentSpec; "
            "s = TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()), "
            "bots='random,greedy', games=8, seed=12345); "
            "print(json.dumps([s.game(g)[1] for g in range(8)]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "77"})
    assert json.loads(out.stdout) == [spec.game(g)[1] for g in range(8)]


def test_no_extra_is_imported_until_the_ray_backend_is_used() -> None:
    """``import burgundy`` (and the tournament modules, the Ray backend's too) never import
    Ray: only making a RayExecutor does."""
    code = ("import sys, burgundy, burgundy.cli, burgundy.tournament, "
            "burgundy.tournament.ray_backend; print('ray' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


# -- the spec ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": ""}, "at least one bot"),
    ({"bots": "random,random,greedy"}, "named twice: random"),  # a field: a full line-up
    ({"bots": "random,alphazero"}, "unknown bot 'alphazero'"),
    ({"bots": 7}, "bots must be"),
    ({"games": 0}, "games must be"),
    ({"games": "4"}, "games must be"),
    ({"seed": 1.5}, "seed must be"),
    ({"ruleset": {"players": 9}}, "players"),
    ({"ruleset": "2p"}, "ruleset must be"),
])
def test_bad_specs_are_value_errors(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"ruleset": BASE, "bots": "random,greedy", "games": 2, "seed": 1}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        TournamentSpec(**args)


TEAM = burgundy.Ruleset(players=4, variants=("knowledge", "team"))
"""Team play: partners (0, 1) and (2, 3) share an estate (R-TEAM-SEATS, R-TEAM-DUCHY)."""


def test_team_tournaments_seat_a_bot_per_team() -> None:
    """Issue #31: team play runs. A bot plays a team, both partners' seats (R-TEAM-SEATS):
    the seatings are of the bots over the two teams; a game is reproducible as any other."""
    spec = TournamentSpec(ruleset=TEAM, bots="greedy,random", games=4, seed=2)
    assert spec.sides == ((0, 1), (2, 3))
    assert spec.seatings == (("greedy", "greedy", "random", "random"),
                             ("random", "random", "greedy", "greedy"))
    three = TournamentSpec(ruleset=TEAM, bots="mcts:2,greedy,random", games=6)
    assert len(three.seatings) == 6  # ordered choices of 2 teams' bots from 3
    assert all(s[0] == s[1] and s[2] == s[3] and s[0] != s[2] for s in three.seatings)
    result = run_tournament(spec)
    for game in result.results:
        seats, seed = spec.game(game["game"])
        assert game["seats"] == list(seats)
        assert game == play_game(TEAM, seats, seed) | {"time": game["time"], "game": game["game"]}


def test_team_standings_count_teams() -> None:
    """R-TEAM-RESULT: partners' VP are summed and both seats win together; the standings count
    a team once (seats = teams played, a team's win is one win, its score the sum), and Elo
    compares the two teams once a game."""
    spec = TournamentSpec(ruleset=TEAM, bots="greedy,random", games=4, seed=2)
    games = [play_game(TEAM, *spec.game(g)) for g in range(4)]
    summary = summarize(spec, games)
    by_bot = {s.bot: s for s in summary.standings}
    for bot, row in by_bot.items():
        assert (row.games, row.seats) == (4, 4)
        team_scores = []
        wins = 0.0
        for game in games:
            side = 0 if game["seats"][0] == bot else 1
            seats = spec.sides[side]
            team_scores.append(sum(game["scores"][s] for s in seats))
            if set(seats) <= set(game["winners"]):
                wins += 1 / (len(game["winners"]) // 2)
        assert row.wins == pytest.approx(wins)
        assert row.mean_score == pytest.approx(sum(team_scores) / 4)
    assert by_bot["greedy"].wins + by_bot["random"].wins == pytest.approx(4)
    assert summary.standings[0].bot == "greedy"


def test_the_command_runs_a_team_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--players", "4", "--variants", "knowledge,team", "--bots",
                 "greedy,random", "--games", "2", "--jobs", "1"]) == 0
    table = capsys.readouterr().out
    assert table.startswith("2 games, 4 players")
    assert "greedy" in table and "random" in table


def test_spec_round_trips_through_its_dict() -> None:
    spec = _spec()
    again = TournamentSpec.from_dict(json.loads(json.dumps(spec.to_dict())))
    assert again == spec and again.seatings == spec.seatings
    assert again != _spec(seed=6)
    for bad in (None, {"bots": ["random"]}, {**spec.to_dict(), "extra": 1}):
        with pytest.raises(ValueError, match="tournament spec"):
            TournamentSpec.from_dict(bad)


# -- playing ----------------------------------------------------------------------------------
def test_any_game_is_reproduced_from_ruleset_bots_and_seed(tmp_path: Path) -> None:
    """Issue #20: a game of the results is reproducible from (ruleset, bots, seed): played
    again, and replayed from its record."""
    spec = _spec(games=2)
    result = run_tournament(spec, records=tmp_path)
    for line in result.results:
        again = play_game(spec.ruleset, line["seats"], line["seed"])
        assert _timeless([again]) == _timeless([{k: v for k, v in line.items() if k != "game"}])
        record = json.loads((tmp_path / f"game-{line['game']:06d}.json").read_text())
        replayed = burgundy.Game.from_record(record).state
        assert list(replayed.scores) == line["scores"]
        assert record["header"]["seats"] == line["seats"]


def test_results_are_the_same_on_every_executor() -> None:
    """Issue #20: the same tournament gives the same results here, on threads and on a
    process pool, whatever the batch size."""
    spec = _spec(bots="random,greedy,mcts:3", games=6)
    here = run_tournament(spec)
    with ThreadPoolExecutor(2) as threads:
        on_threads = run_tournament(spec, threads, batch_size=4)
    with ProcessPoolExecutor(2, mp_context=_FORKSERVER) as processes:
        on_processes = run_tournament(spec, processes, batch_size=1)
    assert [r["game"] for r in here.results] == list(range(6))
    assert _timeless(here.results) == _timeless(on_threads.results)
    assert _timeless(here.results) == _timeless(on_processes.results)
    assert here.summary == on_processes.summary


def test_play_game_refuses_a_wrong_seat_count() -> None:
    with pytest.raises(ValueError, match="3 bots for 2 seats"):
        play_game(BASE, ["random"] * 3, 1)


# -- the results file -------------------------------------------------------------------------
class _Stop(Exception):
    pass


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    """Issue #20: results streamed to JSONL so that an interrupted run resumes: a run
    stopped after two batches, then resumed, plays only the missing games and ends with
    the same file contents as an uninterrupted run."""
    spec = _spec(games=6)
    out = tmp_path / "r.jsonl"
    calls: list[tuple[int, int]] = []

    def stop_after_two(done: int, total: int) -> None:
        calls.append((done, total))
        if done >= 4:
            raise _Stop

    with pytest.raises(_Stop):
        run_tournament(spec, out=out, batch_size=2, progress=stop_after_two)
    lines = out.read_text().splitlines()
    assert len(lines) == 1 + 4 and json.loads(lines[0])["tournament"] == spec.to_dict()
    seen: list[int] = []
    resumed = run_tournament(spec, out=out, batch_size=2,
                             progress=lambda done, total: seen.append(done))
    assert seen == [4, 6]
    whole = run_tournament(spec, out=tmp_path / "whole.jsonl")
    assert _timeless(resumed.results) == _timeless(whole.results)
    _, from_file = read_results(out, spec)
    assert _timeless(from_file) == _timeless(whole.results)
    assert resumed.summary == whole.summary


def test_a_line_cut_short_is_played_again(tmp_path: Path) -> None:
    """A run killed while writing a line leaves it without its end: that game is played
    again and the broken text is gone."""
    spec = _spec(games=3)
    out = tmp_path / "r.jsonl"
    run_tournament(spec, out=out)
    text = out.read_text()
    out.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 30])  # half the last line
    assert len(read_results(out, spec)[1]) == 2
    run_tournament(spec, out=out)
    assert out.read_text().count("\n") == 4
    assert _timeless(read_results(out, spec)[1]) == _timeless(read_results(out)[1])
    assert [json.loads(line)["game"] for line in out.read_text().splitlines()[1:]] == [0, 1, 2]


def test_resuming_checks_the_file(tmp_path: Path) -> None:
    spec = _spec(games=2)
    out = tmp_path / "r.jsonl"
    run_tournament(spec, out=out)
    with pytest.raises(ValueError, match="another tournament's results"):
        run_tournament(_spec(games=2, seed=99), out=out)
    lines = out.read_text().splitlines()
    cases = {
        "garbage in the middle": [lines[0], "not json", lines[2]],
        "twice": [lines[0], lines[1], lines[1]],
        "foreign game": [lines[0], json.dumps({**json.loads(lines[1]), "seed": 3})],
        "no header": lines[1:],
    }
    messages = ["line 2 is not JSON", "game 0 is there twice", "another seed",
                "not a tournament's results"]
    for (name, body), message in zip(cases.items(), messages, strict=True):
        bad = tmp_path / f"{name}.jsonl"
        bad.write_text("\n".join(body) + "\n")
        with pytest.raises(ValueError, match=message):
            run_tournament(spec, out=bad)
    with pytest.raises(ValueError, match="cannot read"):
        read_results(tmp_path / "missing.jsonl")


# -- the summary ------------------------------------------------------------------------------
def test_wilson_interval_reference_values() -> None:
    """Wilson (1927) score interval, 95 %: 8 of 10 gives [0.490, 0.943] and 0 of 10
    [0, 0.278] (the values of the usual references, e.g. Newcombe 1998, table I)."""
    low, high = wilson_interval(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    low, high = wilson_interval(0, 10)
    assert (low, round(high, 3)) == (0.0, 0.278)


def test_pairwise_results_with_ties() -> None:
    """Shared victories draw; seats that did not win are ordered by score."""
    assert pairwise([0, 2], [80, 60, 80], [0, 1, 2]) == [(0, 1, 1.0), (0, 2, 0.5),
                                                         (1, 2, 0.0)]
    assert pairwise([2], [50, 50, 90], [0, 1, 2])[0] == (0, 1, 0.5)
    assert pairwise([0], [90, 40, 40], [0, 1, 1]) == [(0, 1, 1.0), (0, 1, 1.0)]


def test_bradley_terry_solves_its_likelihood_equations() -> None:
    """At the Bradley–Terry maximum each bot's expected wins equal its wins (with the
    virtual draws of the prior)."""
    rng = random.Random(3)
    for _ in range(5):
        k = rng.randint(2, 5)
        wins = [[0.0 if i == j else float(rng.randint(0, 9)) for j in range(k)]
                for i in range(k)]
        ratings = bradley_terry(wins, prior=1.0)
        assert abs(sum(ratings)) < 1e-6
        strength = [10 ** (r / 400) for r in ratings]
        for i in range(k):
            observed = sum(wins[i][j] + 0.5 for j in range(k) if j != i)
            expected = sum((wins[i][j] + wins[j][i] + 1) * strength[i]
                           / (strength[i] + strength[j]) for j in range(k) if j != i)
            assert math.isclose(observed, expected, rel_tol=1e-7)


def test_elo_interval_of_two_bots_is_the_closed_form() -> None:
    """With two bots the log-odds' standard error is 1/sqrt(n p (1 - p)) (n games with the
    virtual draw, p the fitted win probability); each rating is half the difference."""
    games = [[(0, 1, 1.0)]] * 7 + [[(0, 1, 0.0)]] * 3
    (a, low, high), (b, _, _) = elo_with_interval(games, 2) or []
    p = (7 + 0.5) / 11
    assert math.isclose(a - b, 400 * math.log10(p / (1 - p)), rel_tol=1e-9)
    error = 0.5 / math.sqrt(11 * p * (1 - p)) * 400 / math.log(10)
    assert math.isclose(high - a, 1.959963984540054 * error, rel_tol=1e-6)
    assert math.isclose(a - low, high - a, rel_tol=1e-9)


def test_summary_counts_shared_wins_as_shares() -> None:
    spec = _spec(bots="random,greedy", games=4)
    results = [
        {"seats": ["random", "greedy"], "winners": [0, 1], "scores": [70, 70]},
        {"seats": ["greedy", "random"], "winners": [0], "scores": [90, 20]},
    ]
    summary = summarize(spec, results)
    rows = {s.bot: s for s in summary.standings}
    assert (rows["greedy"].wins, rows["random"].wins) == (1.5, 0.5)
    assert rows["greedy"].win_rate == 0.75 and rows["random"].seats == 2
    assert rows["greedy"].mean_score == 80 and rows["random"].mean_score == 45
    assert summary.standings[0].bot == "greedy"
    elo = rows["greedy"].elo
    assert elo is not None and elo > 0
    assert json.loads(json.dumps(summary.to_dict()))["standings"][0]["bot"] == "greedy"


def test_solo_tournaments_have_win_rates_but_no_elo() -> None:
    """Solo (players 1): each bot plays the deals alone; no two bots meet, so no Elo."""
    rules = burgundy.Ruleset(players=1, variants=("knowledge", "solo"))
    spec = TournamentSpec(ruleset=rules, bots="random,greedy", games=2, seed=1)
    assert spec.seatings == (("random",), ("greedy",))
    summary = run_tournament(spec).summary
    assert all(s.elo is None and s.seats == 1 for s in summary.standings)
    assert "elo:" not in summary.table()


# -- bots by spec string ----------------------------------------------------------------------
def test_a_third_party_bot_plays_through_its_entry_point(sampler_installed: None) -> None:
    """Issue #20: a third party's bot through the entry-point group burgundy.bots (the
    example distribution docs/examples/burgundy-sampler)."""
    assert "sampler" in available_bots()
    bot = make_bot("sampler:2", seed=4)
    assert type(bot).__name__ == "SamplerBot" and bot.k == 2  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="sampler:K needs K"):
        make_bot("sampler:x")
    spec = _spec(bots="sampler:4,random", games=2)
    with ThreadPoolExecutor(2) as pool:
        result = run_tournament(spec, pool)
    assert {s.bot for s in result.summary.standings} == {"sampler:4", "random"}
    assert [r["seats"] for r in result.results] == [["sampler:4", "random"],
                                                    ["random", "sampler:4"]]
    assert _timeless(result.results) == _timeless(run_tournament(spec).results)


def test_not_installed_bot_is_unknown() -> None:
    assert "sampler" not in available_bots()
    with pytest.raises(ValueError, match="unknown bot 'sampler'"):
        make_bot("sampler")


def test_broken_third_party_bots_are_value_errors(
    install_bot: Callable[[str, str, str], None],
) -> None:
    install_bot("broken", "import no_such_module\n", "make")
    install_bot("nobot", "def make(argument, seed):\n    return 42\n", "make")
    install_bot("crash", "def make(argument, seed):\n    raise KeyError(argument)\n", "make")
    assert {"broken", "nobot", "crash"} <= set(available_bots())
    with pytest.raises(ValueError, match="'broken' is installed but fails to load"):
        make_bot("broken")
    with pytest.raises(ValueError, match="returned no bot"):
        make_bot("nobot")
    with pytest.raises(ValueError, match="fails to build: KeyError"):
        make_bot("crash:1")


# -- the command ------------------------------------------------------------------------------
def test_cli_tournament_table_results_and_records(tmp_path: Path) -> None:
    """``burgundy tournament``: the table on standard output, plain progress lines on
    standard error (not a terminal), the results file, resumed, and every record."""
    out_file = tmp_path / "r.jsonl"
    args = ["tournament", "--variants", "", "--bots", "greedy,random", "--games", "4",
            "--jobs", "1", "--seed", "3", "--out", str(out_file), "--records",
            str(tmp_path / "games")]
    out, err = io.StringIO(), io.StringIO()
    from burgundy.cli import build_parser

    parsed = build_parser().parse_args(args)
    assert parsed.func(parsed, out=out, err=err) == 0
    table = out.getvalue()
    assert table.startswith("4 games, 2 players\n")
    assert "greedy" in table.splitlines()[2] and "Wilson" in table and "Bradley" in table
    banner, progress = err.getvalue().splitlines()[:2]
    assert banner.startswith("Rules: 2 players") and progress == "0/4 games"
    assert "\r" not in err.getvalue()
    assert len(out_file.read_text().splitlines()) == 5
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [
        f"game-{g:06d}.json" for g in range(4)]
    again, err2 = io.StringIO(), io.StringIO()
    parsed = build_parser().parse_args([*args[:-2], "--games", "4"])
    assert parsed.func(parsed, out=again, err=err2) == 0
    assert again.getvalue() == table
    assert err2.getvalue() == f"{banner}\n4/4 games\n"


def test_cli_tournament_on_processes_notes_unbalanced_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "--variants", "", "--bots", "random,greedy,mcts:2",
                 "--games", "4", "--jobs", "2"]) == 0
    captured = capsys.readouterr()
    assert "6 seatings; 4 games is not a multiple" in captured.err
    assert captured.out.startswith("4 games, 2 players")


@pytest.mark.parametrize(("extra", "message"), [
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--batch", "0"], "--batch must be at least 1"),
    (["--address", "auto"], "--address is for --backend ray"),
    (["--bots", "random,nobody"], "unknown bot 'nobody'"),
    (["--games", "0"], "games must be"),
    (["--out", "/no/such/folder/r.jsonl"], "cannot write"),
])
def test_cli_tournament_bad_values(extra: list[str], message: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--variants", "", "--games", "2", *extra]) == 2
    assert message in capsys.readouterr().err


def test_one_bot_against_a_field_of_another() -> None:
    """A bot named more than once in a full line-up plays that many seats of every game;
    seatings that only swap its seats are one seating (each deal is not played twice)."""
    spec = TournamentSpec(ruleset=burgundy.Ruleset(players=3, variants=()),
                          bots="greedy,random,random", games=6, seed=3)
    assert spec.names == ("greedy", "random")
    assert spec.seatings == (("greedy", "random", "random"), ("random", "greedy", "random"),
                             ("random", "random", "greedy"))
    assert TournamentSpec.from_dict(spec.to_dict()) == spec
    result = run_tournament(spec)
    games = [(tuple(r["seats"]), r["seed"]) for r in result.results]
    assert len(set(games)) == 6  # no game played twice
    standings = {s.bot: s for s in result.summary.standings}
    assert set(standings) == {"greedy", "random"}
    assert standings["greedy"].seats == 6 and standings["random"].seats == 12
    assert standings["greedy"].games == standings["random"].games == 6
    four = TournamentSpec(ruleset=burgundy.Ruleset(players=4, variants=()),
                          bots="greedy,random,random,random", games=4)
    assert [seating.index("greedy") for seating in four.seatings] == [0, 1, 2, 3]


def test_the_table_stays_aligned_with_long_bot_specs() -> None:
    """A spec longer than the bot column (the expert's search settings) widens the column:
    every row's numbers start where the header's do."""
    long = "expert:iterations=2000:exploration=0.35"
    spec = TournamentSpec(ruleset=burgundy.Ruleset(players=2), bots=f"{long},greedy", games=2)
    games = [{"game": g, "seats": list(spec.game(g)[0]), "winners": [0], "scores": [150, 140]}
             for g in range(2)]
    lines = summarize(spec, games).table().splitlines()
    header, rows = lines[1], lines[2:4]
    assert {row.split()[0] for row in rows} == {long, "greedy"}
    column = header.index("games") + len("games")  # the right edge of the games column
    for row in rows:
        assert row[column - 1] != " " and row[column] == " ", row
