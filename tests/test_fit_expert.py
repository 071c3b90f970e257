"""The expert's valuation is fitted from self-play shards (issue #35): ``tools/fit_expert.py``
replays the games of a real ``burgundy selfplay`` folder and writes a weights file the bot
reads; its prior is the hand-set valuation exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType

import pytest

import burgundy
from burgundy.bots.evaluate import base_value
from burgundy.bots.expert import ExpertWeights
from burgundy.bots.features import FEATURE_NAMES, features
from burgundy.selfplay import SelfPlaySpec, run_selfplay
from repo_scripts import load_script

TOOL = Path(__file__).resolve().parent.parent / "tools" / "fit_expert.py"


def _tool() -> ModuleType:
    return load_script(TOOL, "fit_expert")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_prior_is_the_hand_set_valuation(players: int) -> None:
    """At any number of players the prior weights value every position as ``base_value``
    does: the fit starts from the hand-set valuation and its ridge pulls towards it. (The
    goods' feature is in the VP a sale gives at the game's player count: as a share of the
    goods' use it needed other weights at 3 and 4 players than at 2, and the expert's,
    fitted at 2, valued goods at 2 players' sale price in every game.)"""
    prior = _tool().prior()
    for seed in (1, 2, 3):
        game = burgundy.Game(players=players, seed=seed)
        rng = random.Random(seed)
        for step in range(150):
            state = game.state
            if step % 10 == 0 and not state.is_terminal:
                for seat in range(players):
                    value = sum(w * f for w, f in zip(prior, features(state, seat), strict=True))
                    assert value == pytest.approx(base_value(state, seat)), (seed, step)
            if state.is_terminal:
                break
            game.play(rng.choice(game.legal_actions()))


def test_a_fit_from_selfplay_shards(tmp_path: Path) -> None:
    spec = SelfPlaySpec(ruleset=burgundy.Ruleset(players=2, variants=()), bot="mcts:4",
                        games=5, shard_games=2, seed=8)
    run_selfplay(spec, tmp_path / "play")
    tool = _tool()
    out = tmp_path / "weights.json"
    assert tool.main([str(tmp_path / "play"), "--out", str(out), "--ridge", "0.01"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    weights = ExpertWeights.from_dict(data)  # the bot reads what the fit writes
    assert weights.weights[FEATURE_NAMES.index("vp")] == 1.0
    assert min(weights.weights) >= 0.0
    assert weights.weights != tuple(tool.prior())  # the games moved it
    fitted = data["_fitted"]
    assert fitted["sources"] == [{"ruleset": spec.ruleset, "bot": "mcts:4", "games": 5,
                                  "seed": 8}]
    assert fitted["rows"]["held_out"] > 0 and fitted["rows"]["train"] > 0
    # a huge ridge keeps the prior
    assert tool.main([str(tmp_path / "play"), "--out", str(out), "--ridge", "1e9"]) == 0
    kept = json.loads(out.read_text(encoding="utf-8"))["weights"]
    assert kept == pytest.approx(tool.prior(), abs=1e-3)


def test_the_nonnegative_solve() -> None:
    import numpy as np

    solve = _tool().nonnegative_solve
    a = np.array([[2.0, 0.5], [0.5, 1.0]])
    assert solve(a, np.array([1.0, 1.0])) == pytest.approx(np.linalg.solve(a, [1.0, 1.0]))
    assert solve(a, np.array([1.0, -3.0])) == pytest.approx([0.5, 0.0])
