"""The solo module's win chance is fitted from the expert's games (issue #35):
``tools/fit_solo.py`` plays them, records the race at every decision and fits the
censored logistic model of the spaces still to be covered."""

from __future__ import annotations

import json
import math
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import burgundy
from burgundy.bots import GreedyBot
from burgundy_solo import evaluation
from repo_scripts import load_script

TOOL = Path(__file__).resolve().parent.parent / "tools" / "fit_solo.py"


def _tool() -> ModuleType:
    return load_script(TOOL, "fit_solo")


def test_the_fit_finds_the_parameters_games_were_drawn_with() -> None:
    """Rows drawn from the model itself (known parameters, a logistic number of spaces
    still covered, the last space harder by ``last``) give back those parameters."""
    tool = _tool()
    rng = np.random.default_rng(5)
    truth = np.asarray([1.3, 2.0, 4.0, 0.8, 0.12, 1.5])
    games = []
    for game in range(4000):
        rounds = float(rng.integers(0, 26))
        empty = int(rng.integers(8, 37))
        row = [empty, float(rng.uniform(0, 30)), float(rng.uniform(0, 4)), rounds]
        mean, scale = tool._mean_scale(truth, np.asarray([row]))
        covered = mean[0] + scale[0] * float(rng.logistic())
        if covered > empty - 0.5 + truth[5]:
            final = 0
        elif covered > empty - 1.5:
            final = 1
        else:
            final = min(empty, round(empty - covered))
        games.append({"seed": game, "rows": [row], "final_empty": final})
    fitted = tool.fit(games)
    for name, value in zip(tool.PARAMETERS, truth, strict=True):
        assert fitted[name] == pytest.approx(value, abs=0.25 * max(abs(value), 1.0)), name
    assert fitted["held_out_log_loss"] < fitted["held_out_base_log_loss"]


def test_the_tool_plays_records_and_fits(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    """Two real games at two iterations a decision: every decision's race is recorded, a
    second run plays nothing again, and the fit prints the six parameters."""
    tool = _tool()
    data = tmp_path / "solo.jsonl"
    assert tool.main(["--games", "2", "--iterations", "2", "--seed", "7", "--data",
                      str(data)]) == 0
    games = [json.loads(line) for line in data.read_text().splitlines()]
    assert [g["seed"] for g in games] == [7, 8]
    for game in games:
        assert len(game["rows"]) > 50
        assert game["rows"][0][0] == 37  # the start castle still to place
        assert 0 <= game["final_empty"] <= 36
    printed = json.loads(capsys.readouterr().out)
    assert set(tool.PARAMETERS) <= set(printed) and printed["games"] == 2
    tool.main(["--games", "2", "--iterations", "2", "--seed", "7", "--data", str(data)])
    assert len(data.read_text().splitlines()) == 2


def test_the_likelihood_reads_each_kind_of_end() -> None:
    """One row, E = 5 empty spaces, X logistic (mean 3, scale 1): a won game shows
    X > E - 1/2 + last; one space left, E - 3/2 < X < E - 1/2 + last; three, X within 1/2
    of 2; none covered more (F = E), only X < 1/2 (the seat cannot uncover spaces)."""
    tool = _tool()
    theta = np.asarray([0.0, 0.0, 3.0, 1.0, 0.0, 0.5])  # mean = b = 3, scale 1, last ½
    row = np.asarray([[5.0, 0.0, 0.0, 0.0]])

    def cdf(v: float) -> float:
        return 1.0 / (1.0 + math.exp(-(v - 3.0)))

    expected = {0: 1 - cdf(5.0), 1: cdf(5.0) - cdf(3.5), 3: cdf(2.5) - cdf(1.5),
                5: cdf(0.5)}
    for final, chance in expected.items():
        got = tool.negative_log_likelihood(theta, row, np.asarray([float(final)]))
        assert got == pytest.approx(-math.log(chance)), final
    assert tool.win_chance(theta, row)[0] == pytest.approx(expected[0])


def test_the_plugin_computes_the_tools_win_chance() -> None:
    """burgundy_solo.evaluation's constants are the tool's parameters in its order, and
    its win chance is the tool's model of the same race, at every decision of a game."""
    tool = _tool()
    theta = np.asarray([evaluation.CAPACITY, evaluation.COLOURS, evaluation.BIAS,
                        evaluation.SPREAD, evaluation.SPREAD_PER_ROUND, evaluation.LAST])
    game = burgundy.Game(players=1, variants=("knowledge", "solo"), seed=4)
    bot = GreedyBot(seed=4)
    checked = 0
    while not game.state.is_terminal:
        state = game.state
        row = np.asarray([evaluation.race(state, 0)], dtype=float)
        assert evaluation.win_chance(state, 0) == pytest.approx(
            float(tool.win_chance(theta, row)[0]), rel=1e-9, abs=1e-12)
        checked += 1
        game.play(bot.choose(state))
    assert checked > 50
