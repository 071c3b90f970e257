"""``tools/tune_expert.py``: the expert's weights tuned by greedy self-play matches."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from burgundy.bots.expert import ExpertWeights
from burgundy.bots.features import FEATURE_NAMES
from burgundy.variants import Ruleset
from repo_scripts import load_script

TOOL = Path(__file__).resolve().parent.parent / "tools" / "tune_expert.py"


def _tool() -> ModuleType:
    return load_script(TOOL, "tune_expert", register=True)


def test_a_game_scores_the_first_weights() -> None:
    tool = _tool()
    rules = Ruleset(players=2, variants=("knowledge",)).to_dict()
    prior = tool.weights_of(tool.prior(2), tool.SCALE)
    vp_only = tool.weights_of([1.0] + [0.0] * (len(FEATURE_NAMES) - 1), tool.SCALE)
    # the same weights on both seats: swapping them plays the same game from the other side
    mirror = [tool.play((rules, 3, prior, prior, swap)) for swap in (False, True)]
    assert sum(mirror) == 1.0
    # the hand-set prior plans for the duchy; VP alone does not
    shares = [tool.play((rules, seed, prior, vp_only, swap)) for seed in (1, 2)
              for swap in (False, True)]
    assert sum(shares) >= 3


def test_a_run_is_deterministic_and_keeps_only_winning_changes(tmp_path: Path) -> None:
    tool = _tool()
    out = tmp_path / "weights.json"
    args = ["--games", "1", "--jobs", "1", "--margin", "0.25", "--seed", "5", "--out", str(out)]
    assert tool.main(args) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    weights = ExpertWeights.from_dict(data)  # the bot reads what the tool writes
    fitted = data["_fitted"]
    assert fitted["seed"] == 5 and fitted["games_per_trial"] == 2
    trials = fitted["trials"]
    assert {t["feature"] for t in trials} == set(FEATURE_NAMES) - {"vp"}
    assert all(t["kept"] == (t["share"] >= 0.75) for t in trials)
    expected = list(tool.prior(2))
    for trial in trials:
        if trial["kept"]:
            expected[FEATURE_NAMES.index(trial["feature"])] = trial["to"]
    assert list(weights.weights) == pytest.approx(expected)
    assert weights.weights[0] == 1.0 and min(weights.weights) >= 0.0
    # a trial's share is the match on its own seeds (the first trial's: seed 5), replayable
    first = trials[0]
    changed = list(tool.prior(2))
    changed[FEATURE_NAMES.index(first["feature"])] = first["to"]
    replayed = tool.match(Ruleset(players=2, variants=("knowledge",)),
                          tool.weights_of(changed, tool.SCALE),
                          tool.weights_of(tool.prior(2), tool.SCALE), range(5, 6), None)
    assert replayed == first["share"]


def test_a_bad_start_file_is_a_value_error(tmp_path: Path) -> None:
    tool = _tool()
    with pytest.raises(ValueError, match="cannot read weights"):
        tool.main(["--start", str(tmp_path / "missing.json"), "--jobs", "1"])
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "chess"}', encoding="utf-8")
    with pytest.raises(ValueError, match="not an expert weights file"):
        tool.main(["--start", str(bad), "--jobs", "1"])
