"""Self-play data (issue #20): shards of (observation, legal mask, search policy, final
outcome) in the learning adapters' encodings, the same on every executor, resumable.

A few short games: the Monte Carlo bot with 4 iterations a decision, the base game.
"""

from __future__ import annotations

import io
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import burgundy
from burgundy.cli import build_parser, main
from burgundy.rl import ActionCodec, observation_size, observe
from burgundy.selfplay import ARRAYS, SelfPlaySpec, load_shard, run_selfplay, shard_path
from burgundy.tournament import deal_seed

_FORKSERVER = multiprocessing.get_context("forkserver")
"""Process pools of the tests start their workers from a fork server: this process runs
threads (Ray's, numpy's), and forking a threaded process is unsafe."""
BASE = burgundy.Ruleset(players=2, variants=())


def _spec(**changes: object) -> SelfPlaySpec:
    args: dict[str, object] = {"ruleset": BASE, "bot": "mcts:4", "games": 2, "seed": 3,
                               "shard_games": 1}
    args.update(changes)
    return SelfPlaySpec(**args)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[SelfPlaySpec, Path]:
    spec = _spec()
    folder = tmp_path_factory.mktemp("selfplay")
    run_selfplay(spec, folder)
    return spec, folder


def test_shards_hold_the_games_in_the_learning_encodings(
    played: tuple[SelfPlaySpec, Path],
) -> None:
    """Issue #20: (observation, legal mask, search policy, final outcome) with the learning
    adapters' encodings: replaying each game from its seed and the recorded action ids
    gives, at every decision, the stored observation and mask; the policy is a
    distribution over legal actions whose most visited action was played; the outcome is
    the seat's share of the victory."""
    spec, folder = played
    codec = ActionCodec(BASE)
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["format"] == "burgundy-selfplay"
    assert (manifest["observation_size"], manifest["action_size"]) == (
        observation_size(BASE), codec.size)
    for shard in range(spec.shards):
        data = load_shard(shard_path(folder, shard))
        assert list(data) == list(ARRAYS)
        n = len(data["seat"])
        assert data["observation"].shape == (n, observation_size(BASE))
        assert data["mask"].shape == data["policy"].shape == (n, codec.size)
        (game_index,) = set(data["game"].tolist())
        game = burgundy.Game(BASE, seed=deal_seed(spec.seed, game_index))
        for row in range(n):
            state = game.state
            seat = state.current_player
            assert data["seat"][row] == seat and data["step"][row] == row
            assert np.array_equal(data["observation"][row], observe(state, seat))
            assert np.array_equal(data["mask"][row], codec.mask(state))
            policy = data["policy"][row]
            assert abs(policy.sum() - 1) < 1e-5 and not (policy > 0)[~data["mask"][row]].any()
            assert policy[data["action"][row]] == policy.max()
            game.play(codec.decode(int(data["action"][row]), state))
        final = game.state
        assert final.is_terminal
        winners = final.winners()
        for row in range(n):
            seat = int(data["seat"][row])
            share = 1 / len(winners) if seat in winners else 0.0
            assert data["outcome"][row] == pytest.approx(share)
            assert data["score"][row] == final.scores[seat]


def test_the_same_data_on_a_process_pool_and_after_a_resume(
    played: tuple[SelfPlaySpec, Path], tmp_path: Path,
) -> None:
    """Issue #20: the same backends as tournaments give the same data; an interrupted run
    (a shard missing) resumes and writes only what is missing."""
    spec, folder = played
    with ProcessPoolExecutor(2, mp_context=_FORKSERVER) as pool:
        run_selfplay(spec, tmp_path, pool)
    for shard in range(spec.shards):
        here, there = load_shard(shard_path(folder, shard)), load_shard(shard_path(tmp_path, shard))
        assert all(np.array_equal(here[k], there[k]) for k in ARRAYS)
    kept = shard_path(tmp_path, 0).stat().st_mtime_ns
    shard_path(tmp_path, 1).unlink()
    seen: list[int] = []
    run_selfplay(spec, tmp_path, progress=lambda done, total: seen.append(done))
    assert seen == [1, 2]
    assert shard_path(tmp_path, 0).stat().st_mtime_ns == kept
    again = load_shard(shard_path(tmp_path, 1))
    assert all(np.array_equal(again[k], load_shard(shard_path(folder, 1))[k]) for k in ARRAYS)
    with pytest.raises(ValueError, match="holds another self-play run"):
        run_selfplay(_spec(seed=4), tmp_path)


@pytest.mark.parametrize(("changes", "message"), [
    ({"bot": "greedy"}, "needs a bot that searches"),
    ({"bot": "nobody"}, "unknown bot"),
    ({"games": 0}, "games must be"),
    ({"shard_games": 0}, "shard_games must be"),
    ({"seed": "x"}, "seed must be"),
])
def test_bad_specs_are_value_errors(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _spec(**changes)


def test_cli_selfplay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "shards"
    assert main(["selfplay", "--variants", "", "--bot", "mcts:3", "--games", "2",
                 "--shard-games", "2", "--jobs", "1", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "2 games" in captured.out and str(out) in captured.out
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "shard-000000.npz"]
    assert main(["selfplay", "--variants", "", "--bot", "greedy", "--games", "1",
                 "--out", str(tmp_path / "x")]) == 2
    assert "needs a bot that searches" in capsys.readouterr().err
    parsed = build_parser().parse_args(["selfplay", "--out", str(out), "--variants", "",
                                        "--bot", "mcts:3", "--games", "2", "--shard-games",
                                        "2", "--jobs", "1"])
    text = io.StringIO()
    assert parsed.func(parsed, out=text, err=io.StringIO()) == 0  # resumed: nothing to play
