"""Game records of version 3 (issue #19): a header, chance outcomes as text, and the
records of versions 1 and 2 read as before.

Sources: docs/concepts.md "Records and serialisation" (the game-record format); issue #19
("Records: a header (date, seats and bots, result, scores, engine and plugin versions),
chance outcomes in readable form, a format version; records of the current format replay
exactly").
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import burgundy
from burgundy import pending as pen
from burgundy.game import (
    RECORD_VERSION,
    chance_step,
    describe_outcome,
    outcome_of_step,
    replay_steps,
)
from burgundy.registry import example_options
from burgundy.variants import every_variant

RECORDS = Path(__file__).parent / "records"
EXPECTED: dict[str, dict[str, Any]] = json.loads((RECORDS / "expected.json").read_text())


def _finished(seed: int, **ruleset: Any) -> burgundy.Game:
    ruleset.setdefault("players", 2)
    game = burgundy.Game(seed=seed, **ruleset)
    rng = random.Random(seed)
    while not game.state.is_terminal:
        game.play(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_records_of_versions_1_to_3_replay_exactly(name: str) -> None:
    """The records in tests/records were written by versions 1, 2 and 3 of the format (the
    version 3 ones by the engine before where a taken hex goes became its own decision, a
    team game with own storage spaces R-TEAM-STORAGE and a solo game; their expected final
    states were computed by that engine)."""
    record = json.loads((RECORDS / name).read_text())
    assert record["version"] in (1, 2, 3)
    game = burgundy.Game.from_record(record)
    digest = hashlib.sha256(burgundy.to_json(game.state).encode()).hexdigest()
    assert digest == EXPECTED[name]["final_state_sha256"]
    assert list(game.state.scores) == EXPECTED[name]["scores"]
    # written again, it is a version 4 record of the same game
    again = game.record()
    assert again["version"] == RECORD_VERSION == 4
    assert again["chance"] == record.get("chance", "seed")
    assert burgundy.Game.from_record(json.loads(json.dumps(again))).state == game.state
    assert [s.text for s in replay_steps(again)] == [s.text for s in replay_steps(record)]
    # an older take that dropped a stored hex is two steps now: the take, then the drop
    old = [step["action"] for step in record["steps"] if "action" in step]
    new = [step["action"] for step in again["steps"] if "action" in step]
    drops = [text for text in old if " drop " in text or " discard " in text]
    assert len(new) > len(old) if drops else len(new) >= len(old)
    assert not any(" drop " in text for text in new)
    assert sum(text.startswith("drop ") for text in new) == len(drops)


def test_a_record_has_a_header_and_chance_as_text() -> None:
    game = _finished(3, variants=("knowledge",))
    game.date = "2026-12-01T09:30:00Z"
    game.seat_names = ("human", "greedy")
    record = game.record()
    assert list(record)[:3] == ["format", "version", "header"]
    assert record["header"] == {
        "date": "2026-12-01T09:30:00Z",
        "seats": ["human", "greedy"],
        "result": {"scores": list(game.state.scores), "winners": list(game.state.winners())},
        "versions": {"burgundy": burgundy.__version__, "knowledge": burgundy.__version__},
    }
    chances = [step["chance"] for step in record["steps"] if "chance" in step]
    assert chances[0].startswith("start player: seat ")
    assert all(isinstance(text, str) for text in chances)
    assert any(text.startswith("dice seat ") for text in chances)
    assert any(text.startswith("hex depot ") for text in chances)
    replayed = burgundy.Game.from_record(json.loads(json.dumps(record)))
    assert replayed.state == game.state
    assert replayed.date == game.date and replayed.seat_names == game.seat_names
    assert replayed.record() == record


def test_an_unfinished_game_has_no_result_and_the_default_header_is_deterministic() -> None:
    game = burgundy.Game(players=2, variants=(), seed=4)
    header = game.record()["header"]
    assert header == {"date": None, "seats": None, "result": None,
                      "versions": {"burgundy": burgundy.__version__}}
    assert burgundy.Game(players=2, variants=(), seed=4).record() == game.record()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h.pop("date"), "header"),
        (lambda h: h.update(extra=1), "header"),
        (lambda h: h.update(date=5), "date"),
        (lambda h: h.update(seats=["only one"]), "seats"),
        (lambda h: h.update(seats=[1, 2]), "seats"),
        (lambda h: h.update(versions=["burgundy"]), "versions"),
        (lambda h: h.update(result={"scores": [1, 2]}), "result"),
        (lambda h: h["result"]["scores"].__setitem__(0, 999), "not the replayed result"),
        (lambda h: h.update(result=None), "not the replayed result"),
    ],
)
def test_a_bad_or_tampered_header_is_refused(change: Any, message: str) -> None:
    record = json.loads(json.dumps(_finished(5, variants=()).record()))
    change(record["header"])
    with pytest.raises(ValueError, match=message):
        burgundy.Game.from_record(record)


def test_a_version_3_record_needs_its_header() -> None:
    record = burgundy.Game(players=2, variants=(), seed=1).record()
    del record["header"]
    with pytest.raises(ValueError, match="header"):
        burgundy.Game.from_record(record)


def test_chance_text_is_matched_exactly_after_normalising_blanks() -> None:
    record = burgundy.Game(players=2, variants=(), seed=6).record()
    first = record["steps"][0]["chance"]
    spaced = json.loads(json.dumps(record))
    spaced["steps"][0]["chance"] = "  " + first.replace(" ", "\t ") + "\n"
    assert burgundy.Game.from_record(spaced).state == burgundy.Game.from_record(record).state
    for bad in ("start player: seat 9", "START PLAYER: SEAT 0", "x" * 500, 3, None, ["a"]):
        tampered = json.loads(json.dumps(record))
        tampered["steps"][0]["chance"] = bad
        with pytest.raises(ValueError, match=r"^record step 0: ") as info:
            burgundy.Game.from_record(tampered)
        assert len(str(info.value)) < 400
    with pytest.raises(ValueError, match="record step 0"):
        burgundy.Game.from_record({**record, "steps": [{"chance": first, "extra": 1}]})


def test_every_core_chance_event_has_distinct_outcome_texts() -> None:
    """chance_step skips the check for the core's chance events: their texts never repeat
    (seen at every chance node of whole games of every player count and variant)."""
    kinds: set[type] = set()
    every = every_variant(4)
    for players, variants, options in (
        (2, (), {}), (3, ("knowledge",), {}),
        (4, every, example_options(every)),  # a variant with a required option: its example
        (2, (), {"boards": "random"}),
    ):
        rules = burgundy.Ruleset(players=players, variants=variants, options=options)
        state = rules.initial_state()
        rng = random.Random(players)
        while not state.is_terminal:
            if state.is_chance:
                outcomes = [o for o, _ in state.chance_outcomes()]
                texts = [describe_outcome(state, o) for o in outcomes]
                assert len(set(texts)) == len(texts), texts
                kinds.add(type(state.pending[-1]))
                state = state.apply(state.sample_outcome(rng))
            else:
                state = state.apply(rng.choice(state.legal_actions()))
    core = {pen.HexDraw, pen.DiceRoll, pen.WhiteRoll, pen.GoodsDraw, pen.StartPlayerDraw,
            pen.BoardDraw}
    assert core <= kinds


def test_a_chance_event_whose_texts_repeat_records_the_outcome_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A variant's chance event whose descriptions are not distinct: the step carries the
    outcome's value beside its text, and replays exactly."""
    model = pytest.importorskip("burgundy_shields.model")
    monkeypatch.setattr(model.ShieldDraw, "describe_outcome", lambda self, outcome: "a shield")
    game = _finished(7, players=2, variants=("knowledge", "shields"))
    record = json.loads(json.dumps(game.record()))
    shields = [s for s in record["steps"] if s.get("chance") == "a shield"]
    assert shields and all(set(s) == {"chance", "outcome"} for s in shields)
    assert burgundy.Game.from_record(record).state == game.state
    index = record["steps"].index(shields[0])
    without = json.loads(json.dumps(record))
    del without["steps"][index]["outcome"]
    with pytest.raises(ValueError, match=f"record step {index}: .*needs an 'outcome'"):
        burgundy.Game.from_record(without)
    wrong = json.loads(json.dumps(record))
    wrong["steps"][index]["chance"] = "another text"
    with pytest.raises(ValueError, match=f"record step {index}: .*is not the text of"):
        burgundy.Game.from_record(wrong)


def test_chance_step_and_outcome_of_step_are_inverse() -> None:
    state = burgundy.Ruleset(players=3, variants=()).initial_state()
    rng = random.Random(2)
    seen = 0
    while seen < 60:
        if state.is_chance:
            for outcome, _ in state.chance_outcomes():
                assert outcome_of_step(state, chance_step(state, outcome)) == outcome
            seen += 1
            state = state.apply(state.sample_outcome(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))


def test_replay_steps_gives_every_step_with_its_seat_and_state() -> None:
    game = _finished(8, variants=())
    steps = replay_steps(game.record())
    assert len(steps) == len(game.record()["steps"])
    assert steps[-1].state == game.state
    plays = [s for s in steps if s.seat >= 0]
    assert all(s.text == str(s.text) and not s.text.startswith("seat") for s in plays)
    assert {s.seat for s in plays} == {0, 1}
