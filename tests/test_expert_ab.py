"""``benchmarks/expert_ab.py``: two settings of the expert head to head (issue #35)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "expert_ab.py"


def test_a_match_swaps_the_seats_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                             ) -> None:
    tool = load_script(SCRIPT, "expert_ab")
    a, b = '{"iterations": 3, "chance_widening": 1.0}', '{"iterations": 3}'
    for name in ("one", "two"):
        assert tool.main([a, b, "--deals", "1", "--jobs", "1", "--variants", "",
                          "--out", str(tmp_path / f"{name}.jsonl")]) == 0
    one, two = ((tmp_path / f"{name}.jsonl").read_text().splitlines() for name in ("one", "two"))
    games = [json.loads(line) for line in one]
    assert [(g["swapped"], g["a_seat"]) for g in games] == [(False, 0), (True, 1)]
    assert [g["scores"] for g in games] == [json.loads(line)["scores"] for line in two]
    assert "2 games: A won" in capsys.readouterr().out


@pytest.mark.parametrize("setting", ['{"iterations": 0}', '{"depth": 3}', "[1]", "iterations",
                                     '{"weights": "no-such-file.json"}',
                                     json.dumps({"weights": str(ROOT / "pyproject.toml")})])
def test_a_bad_setting_stops_it_before_any_game(tmp_path: Path, setting: str) -> None:
    tool = load_script(SCRIPT, "expert_ab")
    with pytest.raises(SystemExit):
        tool.main([setting, "{}", "--out", str(tmp_path / "out.jsonl")])
    assert not (tmp_path / "out.jsonl").exists()


def test_a_setting_may_name_a_weights_file(tmp_path: Path) -> None:
    """Two valuations head to head: a setting's ``weights`` is a weights file's path."""
    from burgundy.bots.expert import expert_weights

    tool = load_script(SCRIPT, "expert_ab")
    shipped = ROOT / "src" / "burgundy" / "data" / "expert-weights.json"
    setting = tool._setting(json.dumps({"iterations": 3, "weights": str(shipped)}))
    assert setting["weights"] == expert_weights()
