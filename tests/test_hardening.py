"""Untrusted input and parallel use (issue #12): canonical actions and outcomes, bounded
error messages, verified records, external chance, pickling, cached hashes, shared
compiled rulesets, ``attrs.evolve`` on states, and the memory a finished game keeps.

Each test names the finding of issue #12 it guards against.
"""

from __future__ import annotations

import copy
import gc
import json
import os
import pickle
import random
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import attrs
import pytest

import burgundy
from burgundy import actions as act
from burgundy import pending as pen
from burgundy.game import parse_action
from burgundy.registry import example_options
from burgundy.state import State

ROOT = Path(__file__).resolve().parent.parent


def _base_game(seed: int, plays: int = 0) -> burgundy.Game:
    game = burgundy.Game(players=2, variants=(), seed=seed)
    rng = random.Random(seed)
    for _ in range(plays):
        game.play(rng.choice(game.legal_actions()))
    return game


def _chance_state(kind: type[pen.Pending], seed: int = 0) -> State:
    """The first chance node with a choice whose top item is of type ``kind``."""
    rng = random.Random(seed)
    state = burgundy.Ruleset(players=2, variants=()).initial_state()
    while not (state.is_chance and isinstance(state.pending[-1], kind)):
        if state.is_chance:
            state = state.apply(state.sample_outcome(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def _dice_step(record: dict[str, Any], start: int = 0) -> int:
    """Index of the first recorded roll of a seat's two dice from step ``start`` on: a
    two-value outcome (version 1 and 2: ``[2, 5]``; version 3: ``"dice seat 1: 2 5"``)."""
    return next(
        i for i, s in enumerate(record["steps"]) if i >= start and (
            isinstance(s.get("chance"), list) or str(s.get("chance")).startswith("dice seat"))
    )


def _other_dice(step: dict[str, Any]) -> Any:
    """A legal roll that is not the one of dice step ``step``, in the step's own form."""
    recorded = step["chance"]
    if isinstance(recorded, list):
        return [1, 2] if recorded != [1, 2] else [3, 4]
    who, _, pair = recorded.partition(": ")
    return f"{who}: {'1 2' if pair != '1 2' else '3 4'}"


RECORDS = ROOT / "tests" / "records"
"""Records written by earlier versions (1 and 2), with what their replay must give."""


def _old_record(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    return record


# -- canonical actions and outcomes ---------------------------------------------------------
def test_a_tampered_record_with_true_dice_changes_no_later_game() -> None:
    """Finding: a record whose dice are JSON ``true`` was accepted (``True == 1``) and the
    shared action constructors then handed out ``dTrue`` actions to every later game."""
    record = _old_record("v2-seed-base-2p.json")  # the JSON values of versions 1 and 2
    index = _dice_step(record)
    tampered = json.loads(json.dumps(record))
    tampered["steps"][index]["chance"] = [True, True]
    with pytest.raises(ValueError, match=f"record step {index}"):
        burgundy.Game.from_record(tampered)
    for value in (True, 2.0):
        tampered["steps"][index]["chance"] = [value, 3]
        with pytest.raises(ValueError, match=f"record step {index}"):
            burgundy.Game.from_record(tampered)
    current = _base_game(31, plays=5).record()  # version 3: the outcome's text
    index = _dice_step(current)
    who = current["steps"][index]["chance"].partition(":")[0]
    for text in ("true true", "True True", "2.0 3", "1 1 1", "7 7"):
        tampered = json.loads(json.dumps(current))
        tampered["steps"][index]["chance"] = f"{who}: {text}"
        with pytest.raises(ValueError, match=f"record step {index}"):
            burgundy.Game.from_record(tampered)
    fresh = _base_game(31)
    assert all("True" not in str(a) and "." not in str(a) for a in fresh.legal_actions())
    assert burgundy.Game.from_record(fresh.record()).state == fresh.state


def test_a_bool_or_float_never_passes_for_an_int_outcome() -> None:
    """Finding: ``state.apply(2.0)`` at the white-die roll was accepted and gave a state that
    ``to_json`` -> ``from_json`` refused."""
    white = _chance_state(pen.WhiteRoll)
    for bad in (2.0, True, "2", [2]):
        with pytest.raises(burgundy.IllegalActionError):
            white.apply(bad)
    start = burgundy.Ruleset(players=2, variants=()).initial_state()
    with pytest.raises(burgundy.IllegalActionError):
        start.apply(True)  # True == 1, and seat 1 may start: still not an outcome
    after = white.apply(2)
    assert burgundy.from_json(burgundy.to_json(after), after.rules) == after


def test_what_is_applied_and_recorded_is_the_listed_instance() -> None:
    """Finding: ``Game.play(action)`` recorded ``str()`` of the caller's object."""
    game = _base_game(4)
    state = game.state
    die = state.seats[state.current_player].dice[0]
    with pytest.raises(burgundy.IllegalActionError):
        game.play(act.TakeWorkers(die=float(die)))  # type: ignore[arg-type]
    assert game.state is state and game.record()["steps"] == _base_game(4).record()["steps"]
    mine = act.TakeWorkers(die=die)  # equal to the listed one, but not it
    listed = next(a for a in state.legal_actions() if a == mine)
    assert mine is not listed
    assert state.rules.engine.legal_instance(state, mine) is listed
    game.play(mine)
    assert game.record()["steps"][len(_base_game(4).record()["steps"])] == {
        "action": f"workers d{die}"
    }
    assert game.state == state.apply(listed)


@pytest.mark.parametrize(
    "bad",
    [
        act.TakeTile(die=2, depot=1, tile=99),
        act.TakeTile(die=2, depot=1, tile="0"),  # type: ignore[arg-type]
        act.PlaceTile(die=2, tile=1, space=99),
        act.BuyTile(tile=99),
        act.TakeGoods(depot=1, colours=(99,)),
        act.SellGoods(die=[1], goods={}),  # type: ignore[arg-type]
        None,
        object(),
        "x" * 10_000_000,
    ],
    ids=["tile99", "tile-str", "space99", "buy99", "goods99", "junk-fields", "none", "object",
         "10MB"],
)
def test_malformed_actions_raise_illegal_action_error_with_a_short_message(bad: Any) -> None:
    """Finding: malformed actions escaped as IndexError/TypeError (the message indexed tables
    with the caller's values), and a 10 MB text gave a 10 MB message."""
    game = _base_game(5)
    state = game.state
    with pytest.raises(burgundy.IllegalActionError) as info:
        state.apply(bad)
    assert len(str(info.value)) < 400
    with pytest.raises(burgundy.IllegalActionError) as info:
        game.play(bad)
    assert len(str(info.value)) < 400
    assert game.state is state


def test_notation_of_ten_megabytes_is_refused_briefly() -> None:
    """Finding: a 10 MB action text gave a 10 MB error message."""
    state = _base_game(6).state
    with pytest.raises(burgundy.IllegalActionError) as info:
        parse_action(state, "take " * 2_000_000)
    assert len(str(info.value)) < 400
    with pytest.raises(burgundy.IllegalActionError, match="must be a string"):
        parse_action(state, 5)  # type: ignore[arg-type]


def test_deep_nesting_in_a_record_chance_step_is_a_value_error() -> None:
    """Finding: deep nesting in a record's chance step raised RecursionError."""
    record = _base_game(7, plays=2).record()
    deep: Any = 1
    for _ in range(100_000):
        deep = [deep]
    record["steps"][0] = {"chance": deep}
    with pytest.raises(ValueError, match="record step 0"):
        burgundy.Game.from_record(record)
    record["ruleset"]["options"] = {"boards": deep}
    with pytest.raises(ValueError):
        burgundy.Game.from_record(record)


# -- records: verified by their seed, or declared external ----------------------------------
def test_a_record_whose_chance_is_not_its_seed_s_is_refused_naming_the_step() -> None:
    """Finding: a record whose seed did not match its chance outcomes replayed silently, and
    play continued from it drew from the wrong RNG."""
    game = _base_game(8, plays=12)
    record = game.record()
    assert record["chance"] == "seed"
    index = _dice_step(record)
    other = _other_dice(record["steps"][index])  # legal, but not what the seed drew
    tampered = json.loads(json.dumps(record))
    tampered["steps"][index]["chance"] = other
    with pytest.raises(ValueError, match=f"record step {index}: .*not what the seed draws"):
        burgundy.Game.from_record(tampered)
    tampered = json.loads(json.dumps(record))
    tampered["seed"] = 9
    with pytest.raises(ValueError, match=r"record step \d+: .*not what the seed draws"):
        burgundy.Game.from_record(tampered)


def test_version_1_records_still_replay_and_are_verified() -> None:
    old = _old_record("v1-seed-base-2p.json")  # as version 1 wrote it
    assert old["version"] == 1
    two = _old_record("v2-seed-base-2p.json")  # the same game as version 2 wrote it
    assert burgundy.Game.from_record(old).state == burgundy.Game.from_record(two).state
    index = _dice_step(old)
    tampered = json.loads(json.dumps(old))
    tampered["steps"][index]["chance"] = _other_dice(old["steps"][index])
    with pytest.raises(ValueError, match=f"record step {index}: .*not what the seed draws"):
        burgundy.Game.from_record(tampered)
    for field, value in (("chance", "external"), ("header", {})):
        with pytest.raises(ValueError, match="unknown record field"):
            burgundy.Game.from_record({**old, field: value})


def _play_table_game(game: burgundy.Game, seed: int, plays: int) -> None:
    """Play as a table would: the caller rolls the dice (here a separate RNG)."""
    rng = random.Random(seed)
    for _ in range(plays):
        state = game.state
        if state.is_chance:
            outcomes = [o for o, _ in state.chance_outcomes()]
            game.play(rng.choice(outcomes))
        else:
            game.play(rng.choice(state.legal_actions()))


def test_external_chance_replays_as_given_and_continues_with_a_new_seed() -> None:
    """Issue #12: a record may declare that its chance came from outside; it replays its
    outcomes as given, and continuing it needs a new seed."""
    table = burgundy.Game(players=2, variants=(), chance="external")
    assert table.state.is_chance and table.seed is None
    _play_table_game(table, 11, 150)
    record = json.loads(json.dumps(table.record()))
    assert record["chance"] == "external" and record["seed"] is None
    replayed = burgundy.Game.from_record(record)
    assert replayed.state == table.state and replayed.chance == "external"
    assert replayed.record() == record
    with pytest.raises(ValueError, match="takes no seed"):
        burgundy.Game(players=2, variants=(), chance="external", seed=3)
    # continued with a seed: chance is drawn from now on, and the record says from where
    continued = burgundy.Game.from_record(record, seed=12)
    assert not continued.state.is_chance
    rng = random.Random(3)
    for _ in range(30):
        continued.play(rng.choice(continued.legal_actions()))
    again = json.loads(json.dumps(continued.record()))
    assert again["seed"] == 12 and again["seed_from"] == len(record["steps"])
    assert burgundy.Game.from_record(again).state == continued.state
    # the seeded part is verified like any seeded record
    index = _dice_step(again, start=again["seed_from"])
    again["steps"][index]["chance"] = _other_dice(again["steps"][index])
    with pytest.raises(ValueError, match=f"record step {index}: .*seed"):
        burgundy.Game.from_record(again)
    with pytest.raises(ValueError, match="own seed"):
        burgundy.Game.from_record(_base_game(1).record(), seed=5)


def test_external_chance_can_be_undone_step_by_step() -> None:
    table = burgundy.Game(players=2, variants=(), chance="external")
    _play_table_game(table, 13, 40)
    before = table.state
    steps = len(table.record()["steps"])
    _play_table_game(table, 14, 5)
    for _ in range(5):
        table.undo()
    assert table.state == before and len(table.record()["steps"]) == steps


def test_undo_rewinds_the_rng_by_its_draw_count() -> None:
    """Issue #12: the history keeps draw counts (not the RNG's state); undoing plays that
    drew chance and playing them again draws the same outcomes."""
    game = _base_game(15, plays=60)
    record = game.record()
    rng = random.Random(1)
    for _ in range(25):
        game.play(rng.choice(game.legal_actions()))
    for _ in range(25):
        game.undo()
    assert game.record() == record
    rng = random.Random(1)
    for _ in range(25):
        game.play(rng.choice(game.legal_actions()))
    replay = _base_game(15, plays=60)
    rng = random.Random(1)
    for _ in range(25):
        replay.play(rng.choice(replay.legal_actions()))
    assert game.record() == replay.record() and game.state == replay.state


def test_a_finished_four_player_game_with_its_history_is_small() -> None:
    """Finding: a finished 4-player Game held about 7 MB (an RNG state per step); the bound
    of issue #12 is 1.5 MB (tracemalloc), undo still working."""

    def finish(seed: int) -> burgundy.Game:
        game = burgundy.Game(players=4, seed=seed)
        rng = random.Random(seed)
        while not game.state.is_terminal:
            game.play(rng.choice(game.legal_actions()))
        return game

    finish(1)  # warm-up: module tables and caches are not the game's
    gc.collect()
    tracemalloc.start()
    try:
        game = finish(2)
        gc.collect()
        size, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert size <= 1_500_000, f"{size / 1e6:.2f} MB"
    last = game.history[-1]
    assert game.undo() is last


# -- pickling, copying, hashing -------------------------------------------------------------
def _all_variants_state(plays: int = 80) -> tuple[burgundy.Game, State]:
    every = burgundy.available_variants(players=3)
    game = burgundy.Game(players=3, seed=16, variants=every, options=example_options(every))
    rng = random.Random(16)
    for _ in range(plays):
        game.play(rng.choice(game.legal_actions()))
    return game, game.state


def test_states_rulesets_games_actions_and_pending_pickle_and_unpickle_equal() -> None:
    """Finding: nothing pickled (a local closure in the set-up) and deepcopy failed."""
    game, state = _all_variants_state()
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.key == state.key and hash(again) == hash(state)
    assert again.legal_actions() == state.legal_actions()
    assert pickle.loads(pickle.dumps(state.rules)) == state.rules
    assert pickle.loads(pickle.dumps(state.rules)).engine is state.rules.engine
    for action in state.legal_actions():
        assert pickle.loads(pickle.dumps(action)) == action
    for item in state.pending:
        assert pickle.loads(pickle.dumps(item)) == item
    copied = pickle.loads(pickle.dumps(game))
    assert copied.state == game.state and copied.record() == game.record()
    action = game.legal_actions()[0]
    assert copied.play(action) == game.play(action)  # the RNG travelled too
    assert copied.record() == game.record()
    assert copy.deepcopy(state) is state and copy.copy(state) is state
    assert copy.deepcopy(game).state == game.state


def test_a_pickled_state_travels_to_another_process() -> None:
    """Issue #12: states pickle across processes (another hash seed: a hash cached in one
    process must not travel)."""
    _, state = _all_variants_state(40)
    payload = pickle.dumps((state, hash(state)))
    code = (
        "import pickle, sys, burgundy\n"
        "state, _ = pickle.loads(sys.stdin.buffer.read())\n"
        "assert hash(state) == hash(state.key)\n"
        "again = burgundy.from_json(burgundy.to_json(state), state.rules)\n"
        "assert again == state and hash(again) == hash(state)\n"
        "sys.stdout.write(burgundy.to_json(state.apply(state.legal_actions()[0])))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], input=payload, capture_output=True,
                         env=env, check=True).stdout
    assert burgundy.from_json(out, state.rules) == state.apply(state.legal_actions()[0])


def test_hash_is_computed_once_per_state() -> None:
    """Finding: ``hash(state)`` recomputed the key's tuple hashes on every call."""
    _, state = _all_variants_state(20)
    assert state._cache_hash is None or state._cache_hash == hash(state.key)
    value = hash(state)
    assert state._cache_hash == value == hash(state.key)
    state.__dict__["_cache_key"] = None  # the hash no longer needs the key
    assert hash(state) == value
    after = state.apply(state.legal_actions()[0])
    assert after._cache_hash is None  # every copy starts afresh


# -- compiled rulesets are shared -----------------------------------------------------------
def test_equal_rulesets_share_one_compiled_engine() -> None:
    """Finding: ``Game(players=2, seed=s)`` recompiled the ruleset each time."""
    first = burgundy.Ruleset(players=2)
    assert burgundy.Ruleset(players=2).engine is first.engine
    assert burgundy.Game(players=2, seed=1).rules.engine is first.engine
    assert burgundy.Ruleset.from_dict(first.to_dict()).engine is first.engine
    assert burgundy.Ruleset(players=3).engine is not first.engine


def test_equal_rulesets_share_one_initial_state_under_their_own_rules() -> None:
    """Issue #21: every ``Game`` started by building the set-up's first state again; it is
    built once per engine, and each equal ruleset gets it under itself."""
    from burgundy.rules.setup import initial_state

    first = burgundy.Ruleset(players=2)
    second = burgundy.Ruleset(players=2)
    start = first.initial_state()
    assert start.rules is first and first.engine.caches["initial_state"] == start
    again = second.initial_state()
    assert again.rules is second and again == start == initial_state(second)
    assert again.chance_outcomes() == initial_state(second).chance_outcomes()
    assert burgundy.Game(players=2, seed=4).state == burgundy.Game(players=2, seed=4).state


def test_every_spelling_of_a_spec_shares_one_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding (issue #20, the tournament tests): a spec compiled under one spelling of its
    arguments (``Ruleset(players=2)``), then under another (its options in full), had its
    canonical key taken over by the second engine, while the first spelling still found
    the first one; unpickling a ruleset of the first (by its canonical spec) then gave
    another engine. Every spelling now shares the first engine, and a full cache never
    drops what it has just written."""
    from burgundy import variants

    monkeypatch.setattr(variants, "_COMPILED", {})
    monkeypatch.setattr(variants, "_COMPILED_LIMIT", 4)
    short = burgundy.Ruleset(players=2, variants=())
    spec = short.to_dict()
    other = burgundy.Ruleset(players=2, variants=[], options={**spec["options"]})  # a list
    assert other.engine is short.engine
    assert burgundy.Ruleset(players=2, variants=()).engine is short.engine
    assert pickle.loads(pickle.dumps(short)).engine is short.engine
    for players in (3, 4, 1):  # fill the cache past its limit
        burgundy.Ruleset(players=players, variants=("knowledge", "solo") if players == 1
                         else ())
    assert len(variants._COMPILED) <= 4
    again = burgundy.Ruleset(players=2, variants=())
    assert burgundy.Ruleset.from_dict(again.to_dict()).engine is again.engine


def test_the_ruleset_cache_keeps_types_apart() -> None:
    """A cached spec never lets a value of another type through (``1`` is not ``True``)."""
    burgundy.Ruleset(players=2, variants=(), options={"building_take_may_discard": True})
    with pytest.raises(ValueError, match="building_take_may_discard"):
        burgundy.Ruleset(players=2, variants=(), options={"building_take_may_discard": 1})
    burgundy.Ruleset(players=2, variants=())
    with pytest.raises(ValueError, match="players"):
        burgundy.Ruleset(players=2.0, variants=())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="players"):
        burgundy.Ruleset(players=True, variants=())


# -- attrs.evolve on a state -----------------------------------------------------------------
def test_evolve_gives_fresh_caches() -> None:
    """Finding: ``attrs.evolve(state, ...)`` copied the cached legal actions and key, so the
    edited state kept the old position's moves and compared equal to the original."""
    state = _base_game(17).state
    state.legal_actions(), hash(state)  # fill the caches
    seat = state.current_player
    estate = state.seats[seat].estate
    estates = list(state.estates)
    estates[estate] = attrs.evolve(estates[estate], workers=estates[estate].workers + 3)
    edited = attrs.evolve(state, estates=tuple(estates))
    assert edited != state and edited.key != state.key
    loaded = burgundy.from_json(burgundy.to_json(edited), edited.rules)
    assert edited.legal_actions() == loaded.legal_actions() != state.legal_actions()


def test_evolve_into_an_impossible_position_fails_loudly() -> None:
    """The unsupported way to edit a position (an Estate whose derived masks no longer match
    its spaces) raises instead of giving a state that breaks the invariants."""
    state = _base_game(18).state
    estates = list(state.estates)
    estates[0] = attrs.evolve(estates[0], filled=0)
    with pytest.raises(ValueError, match="filled"):
        attrs.evolve(state, estates=tuple(estates))
    with pytest.raises(ValueError):
        attrs.evolve(state, white=7)
