"""Golden seeded playthroughs: any change of behaviour shows up as a diff.

Each file in ``tests/golden/`` holds a seeded random game's record, its final scores and a
digest of its final state. The test plays the same seeded game again and compares; run
``UPDATE_GOLDEN=1 pytest tests/test_golden.py`` to rewrite the files after an intended
rules change (and review the diff).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import burgundy
from burgundy.game import replay_steps

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    (2, "2019", 101, ()), (3, "2019", 202, ()), (4, "2019", 303, ()), (2, "2011", 404, ()),
    (2, "2019", 505, ("knowledge",)), (3, "2019", 606, ("knowledge", "shields")),
]


def transcript(record: dict[str, Any]) -> list[str]:
    """One readable line per step of a record."""
    return [
        step.text if step.seat < 0 else f"seat {step.seat}: {step.text}"
        for step in replay_steps(record)
    ]


def play(players: int, edition: str, seed: int, variants: tuple[str, ...]) -> dict[str, Any]:
    game = burgundy.Game(players=players, variants=variants, edition=edition, seed=seed)
    rng = random.Random(seed)
    while not game.state.is_terminal:
        game.play(rng.choice(game.legal_actions()))
    digest = hashlib.sha256(burgundy.to_json(game.state).encode()).hexdigest()
    return {
        "transcript": transcript(game.record()),
        "record": game.record(),
        "scores": list(game.state.scores),
        "winners": list(game.state.winners()),
        "ledgers": [dict(seat.ledger) for seat in game.state.seats],
        "final_state_sha256": digest,
    }


@pytest.mark.parametrize(("players", "edition", "seed", "variants"), CASES)
def test_golden_playthrough(
    players: int, edition: str, seed: int, variants: tuple[str, ...]
) -> None:
    name = "+".join(variants) or "base"
    path = GOLDEN / f"{name}-{players}p-{edition}-seed{seed}.json"
    result = play(players, edition, seed, variants)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert result["scores"] == expected["scores"]
    assert result["winners"] == expected["winners"]
    assert result["ledgers"] == expected["ledgers"]
    assert result["transcript"] == expected["transcript"]
    assert result["record"]["steps"] == expected["record"]["steps"]
    assert result["final_state_sha256"] == expected["final_state_sha256"]
    replayed = burgundy.Game.from_record(expected["record"])
    assert list(replayed.state.scores) == expected["scores"]
