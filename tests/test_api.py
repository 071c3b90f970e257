"""The public contract of DESIGN.md: names, errors, Game, records, serialisation."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import burgundy
import burgundy.registry
import burgundy.testing
from burgundy.components import distinct
from burgundy.rules.income import set_estate
from burgundy.state import replace
from burgundy.testing import random_playout


def test_contract_names_exist() -> None:
    for name in ("Ruleset", "State", "CHANCE", "TERMINAL", "IllegalActionError", "Game",
                 "to_json", "from_json", "available_variants", "hookimpl"):
        assert hasattr(burgundy, name), name
    assert burgundy.CHANCE == -1
    assert burgundy.TERMINAL == -4
    assert issubclass(burgundy.IllegalActionError, ValueError)


def test_bare_base_game_ruleset() -> None:
    rules = burgundy.Ruleset(players=2, variants=())
    assert rules.players == 2
    assert rules.variants == ()
    assert rules.edition == "2019"
    state = rules.initial_state()
    assert state.current_player == burgundy.CHANCE
    assert not state.is_terminal


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"players": 5, "variants": ()}, "players must be one of [2, 3, 4]"),
        ({"players": 1, "variants": ()}, "players must be one of"),
        ({"players": "2", "variants": ()}, "players must be one of"),
        ({"variants": (), "edition": "2023"}, "valid: ['2019', '2011']"),
        ({"variants": ("no-such-variant",)}, "'no-such-variant'"),
        ({"variants": (), "options": {"colour": 1}}, "unknown option(s) ['colour']"),
        ({"variants": (), "options": {"tiebreak_empty": "least"}}, "['most', 'fewest']"),
        ({"variants": (), "options": {"building_take_may_discard": 1}}, "[False, True]"),
        ({"variants": (), "options": {"boards": (1, 11)}}, "no board '11' in the 2019 edition"),
        ({"variants": (), "options": {"boards": (1, 2, 3)}}, "one board id per player"),
        ({"variants": (), "options": {"boards": (1.0, 2)}}, "one board id per player"),
        ({"variants": (), "edition": "2011", "options": {"boards": (2, 3)}},
         "no board '2' in the 2011 edition"),
        ({"variants": "knowledge"}, "list or tuple of names"),
    ],
)
def test_bad_ruleset_arguments_raise_value_error_naming_valid_values(
    kwargs: dict[str, object], fragment: str
) -> None:
    with pytest.raises(ValueError) as info:
        burgundy.Ruleset(**kwargs)  # type: ignore[arg-type]
    assert fragment in str(info.value)


def test_missing_standard_variant_names_install_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(burgundy.registry, "_entry_points", lambda: {})
    with pytest.raises(ValueError, match="pip install -e plugins/burgundy-knowledge"):
        burgundy.Ruleset()


def test_default_ruleset_is_the_standard_game() -> None:
    assert burgundy.Ruleset().variants == ("knowledge",)
    assert burgundy.Game(seed=1).rules.variants == ("knowledge",)


def test_ruleset_round_trips_through_dict_and_compares_by_value() -> None:
    rules = burgundy.Ruleset(players=3, variants=(), edition="2011",
                             options={"tiebreak_empty": "fewest", "boards": [1, 3, 5]})
    again = burgundy.Ruleset.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules
    assert hash(again) == hash(rules)
    assert again.options["boards"] == ("1", "3", "5")  # numbers are taken as board ids
    assert burgundy.Ruleset(players=2, variants=()) != rules


def test_illegal_action_raises_and_leaves_state_unchanged() -> None:
    game = burgundy.Game(players=2, variants=(), seed=3)
    before = game.state
    with pytest.raises(burgundy.IllegalActionError):
        game.state.apply(burgundy.actions.EndTurn())
    with pytest.raises(burgundy.IllegalActionError):
        game.play("fly to the moon")
    assert game.state is before


def test_chance_outcome_must_be_one_of_the_outcomes() -> None:
    state = burgundy.Ruleset(players=2, variants=()).initial_state()
    assert sorted(o for o, _ in state.chance_outcomes()) == [0, 1]
    with pytest.raises(burgundy.IllegalActionError, match=r"valid: 0, 1$"):
        state.apply(2)


def test_states_are_immutable_and_apply_returns_new_state() -> None:
    state = burgundy.Ruleset(players=2, variants=()).initial_state()
    with pytest.raises(AttributeError):
        state.phase = 3  # type: ignore[misc]
    after = state.apply(0)
    assert after is not state
    assert state.current_player == burgundy.CHANCE
    assert state.seats[0].vp == 0


def test_winners_only_at_the_end() -> None:
    state = burgundy.Ruleset(players=2, variants=()).initial_state()
    with pytest.raises(ValueError, match="end of the game"):
        state.winners()


def _random_game(seed: int, players: int = 2, **kwargs: object) -> burgundy.Game:
    game = burgundy.Game(players=players, variants=(), seed=seed, **kwargs)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not game.state.is_terminal:
        game.play(rng.choice(game.legal_actions()))
    return game


def test_game_plays_to_the_end_and_has_winners() -> None:
    game = _random_game(5, players=3)
    state = game.state
    assert state.current_player == burgundy.TERMINAL
    assert state.is_terminal
    assert len(state.scores) == 3
    (winner,) = state.winners()
    assert state.scores[winner] == max(state.scores)


def test_game_accepts_a_ruleset_or_keywords_not_both() -> None:
    rules = burgundy.Ruleset(players=2, variants=())
    assert burgundy.Game(rules, seed=1).rules == rules
    with pytest.raises(ValueError, match="not both"):
        burgundy.Game(rules, seed=1, players=3)
    with pytest.raises(ValueError, match="seed must be an integer"):
        burgundy.Game(rules, seed="x")  # type: ignore[arg-type]


def test_same_seed_same_game() -> None:
    assert _random_game(11).record() == _random_game(11).record()
    assert _random_game(11).record() != _random_game(12).record()


def test_play_text_equals_play_action() -> None:
    a = burgundy.Game(players=2, variants=(), seed=4)
    b = burgundy.Game(players=2, variants=(), seed=4)
    for _ in range(20):
        action = a.legal_actions()[-1]
        a.play(action)
        b.play(f"  {action}  ")
        assert a.state == b.state


def test_undo_returns_to_the_previous_decision_and_replays_identically() -> None:
    game = burgundy.Game(players=2, variants=(), seed=8)
    start = game.state
    first = game.legal_actions()[0]
    after_first = game.play(first)
    game.play(game.legal_actions()[0])
    assert game.undo() == after_first
    assert game.undo() == start
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()
    assert game.play(first) == after_first  # the RNG was rewound too
    fresh = burgundy.Game(players=2, variants=(), seed=8)
    fresh.play(first)
    assert game.record() == fresh.record()


def test_record_is_plain_json_and_replays_exactly() -> None:
    game = _random_game(21, players=4)
    record = game.record()
    text = json.dumps(record)
    replayed = burgundy.Game.from_record(json.loads(text))
    assert replayed.state == game.state
    assert replayed.state.scores == game.state.scores
    assert replayed.record() == record


def test_record_replay_continues_with_the_same_rng() -> None:
    game = burgundy.Game(players=2, variants=(), seed=2)
    for _ in range(30):
        game.play(game.legal_actions()[0])
    half = burgundy.Game.from_record(game.record())
    for _ in range(30):
        game.play(game.legal_actions()[0])
        half.play(half.legal_actions()[0])
    assert half.state == game.state


@pytest.mark.parametrize(
    ("tamper", "fragment"),
    [
        (lambda r: r.update(format="chess"), "not a burgundy-record"),
        (lambda r: r.update(steps="all"), "'steps' must be a list"),
        (lambda r: r.update(seed=1.5), "'seed' must be an integer"),
        (lambda r: r["ruleset"].update(players=9), "players must be one of"),
        (lambda r: r["ruleset"].update(colour="red"), "unknown ruleset field"),
        (lambda r: r["steps"].__setitem__(0, {"chance": 7}), "record step 0"),
        (lambda r: r["steps"].__setitem__(0, {"action": "end"}), "record step 0"),
        (lambda r: r["steps"].__setitem__(0, "end"), "record step 0"),
        (lambda r: r["steps"].__setitem__(-1, {"action": "take castle 9 d1"}), "record step"),
        (lambda r: r["steps"].__setitem__(-1, {"action": 3}), "text form"),
    ],
)
def test_tampered_record_raises_value_error_with_step(tamper: object, fragment: str) -> None:
    game = burgundy.Game(players=2, variants=(), seed=6)
    for _ in range(10):
        game.play(game.legal_actions()[0])
    record = json.loads(json.dumps(game.record()))
    tamper(record)  # type: ignore[operator]
    with pytest.raises(ValueError, match=fragment.replace("(", "\\(").replace("[", "\\[")):
        burgundy.Game.from_record(record)


def test_json_round_trip_of_every_state_of_a_game() -> None:
    rules = burgundy.Ruleset(players=3, variants=())
    for state in random_playout(rules, 9)[::7]:
        text = burgundy.to_json(state)
        again = burgundy.from_json(text, rules)
        assert again == state
        assert again.key == state.key
        assert again.legal_actions() == state.legal_actions()


def _unsort_depots(data: dict[str, Any]) -> None:
    """Put the hexes of depots 1 and 2 on depot 1, largest code first (same hexes)."""
    tiles = data["depots"][0] + data["depots"][1]
    assert len(set(tiles)) > 1, "the chosen state needs two different hexes there"
    data["depots"][0], data["depots"][1] = sorted(tiles, reverse=True), []


@pytest.mark.parametrize(
    ("tamper", "fragment"),
    [
        (lambda d: d.update(format="x"), "not a burgundy-state"),
        (lambda d: d.pop("phase"), "missing ['phase']"),
        (lambda d: d.update(extra=1), "unexpected ['extra']"),
        (lambda d: d.update(phase="A"), "'phase'"),
        (lambda d: d.update(phase=9), "phase/round out of range"),
        (lambda d: d["estates"][0].update(silver=-3), "negative silver"),
        (lambda d: d["estates"][0].update(workers=1.5), "'estates'"),
        (lambda d: d["estates"][0].update(board="42"), "unknown board"),
        (lambda d: d["estates"][0]["spaces"].__setitem__(0, 99), "unknown tile code"),
        (lambda d: d["estates"][0]["spaces"].__setitem__(0, 5), "filled"),
        (lambda d: d["supply"].__setitem__(0, d["supply"][0] + 1), "not conserved"),
        (lambda d: d["seats"][0].update(rolled=[7, 1]), "dice must be 1-6"),
        (lambda d: d["seats"][0].update(rolled=[5, 2]), "seats[0].rolled: must be sorted"),
        (_unsort_depots, "depots[0]: must be sorted"),
        (lambda d: d["pending"].append({"type": "Nonsense", "seat": 0}), "unknown Pending"),
        (lambda d: d["pending"].append({"type": "Turn", "seat": 0, "x": 1}), "'pending'"),
        (lambda d: d["pending"].append({"type": "Turn", "seat": 8}), "no such seat"),
        (lambda d: d.update(track=[[0, 0]]), "every seat exactly once"),
        (lambda d: d.update(goods_pool=[9, 9, 9, 9, 9, 9]), "more goods"),
    ],
)
def test_tampered_state_json_raises_value_error(tamper: object, fragment: str) -> None:
    rules = burgundy.Ruleset(players=2, variants=())
    state = random_playout(rules, 1)[200]
    data = json.loads(burgundy.to_json(state))
    tamper(data)  # type: ignore[operator]
    with pytest.raises(ValueError) as info:
        burgundy.from_json(json.dumps(data), rules)
    assert fragment in str(info.value)


def test_from_json_rejects_non_json() -> None:
    rules = burgundy.Ruleset(players=2, variants=())
    with pytest.raises(ValueError, match="not valid JSON"):
        burgundy.from_json("{nope", rules)
    with pytest.raises(ValueError, match="must be a JSON object"):
        burgundy.from_json("[1, 2]", rules)


def test_available_variants_is_a_sorted_tuple_of_names() -> None:
    names = burgundy.available_variants()
    assert isinstance(names, tuple)
    assert list(names) == sorted(names)


def test_state_key_is_hashable_and_equal_states_share_it() -> None:
    rules = burgundy.Ruleset(players=2, variants=())
    a = random_playout(rules, 4)
    b = random_playout(rules, 4)
    assert {s.key for s in a} == {s.key for s in b}
    assert len({s for s in a}) == len({s.key for s in a})


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda s, seat: burgundy.testing.with_tiles(s, seat, {"e1": "ship"}),
         "a tile on a space of another colour"),
        (lambda s, seat: burgundy.testing.with_dice(s, seat, 1, 2, 3), "two dice a seat"),
        (lambda s, seat: burgundy.testing.with_estate(s, seat, goods=(1, 1, 1, 1, 0, 0)),
         "more than 3 colours"),
        (lambda s, seat: set_estate(s, s.seats[seat].estate, start=0), "start castle"),
        (lambda s, seat: replace(s, bonus_tiles=(1, 2, 2, 2, 2, 2)), "bonus tiles of colour 0"),
        (lambda s, seat: replace(set_estate(s, s.seats[seat].estate, bonus=((0, 0),)),
                                 bonus_tiles=(1, 2, 2, 2, 2, 2)), "colour 0 is not covered"),
        (lambda s, seat: replace(s, turn=1 - s.turn), "the turn is not the seat's"),
    ],
)
def test_impossible_states_are_rejected(change: object, fragment: str) -> None:
    """validate_state (run by from_json) rejects states no game can reach."""
    from burgundy.validation import validate_state

    state = burgundy.testing.first_turn(burgundy.Ruleset(players=2, variants=()), seed=2)
    validate_state(state)
    bad = change(state, state.current_player)  # type: ignore[operator]
    with pytest.raises(ValueError, match=fragment):
        validate_state(bad)
    with pytest.raises(ValueError, match=fragment):
        burgundy.from_json(burgundy.to_json(bad), state.rules)


def test_replace_copies_shares_and_rejects_unknown_fields() -> None:
    state = burgundy.testing.first_turn(burgundy.Ruleset(players=2, variants=()), seed=1)
    white = state.white
    copy = replace(state, white=7 - white)
    assert copy.white == 7 - white
    assert state.white == white  # the original is untouched
    assert copy.seats is state.seats  # unchanged parts are shared, not copied
    assert copy.pending is state.pending
    assert replace(copy, white=state.white) == state
    with pytest.raises(TypeError, match="no field\\(s\\) \\['colour'\\]"):
        replace(state, colour=1)


def test_replace_of_several_fields_changes_each_and_shares_the_rest() -> None:
    """The generated copier stores each changed field (no dict.update): all of them land."""
    state = burgundy.testing.first_turn(burgundy.Ruleset(players=2, variants=()), seed=1)
    copy = replace(state, white=7 - state.white, purchased=not state.purchased, turn=1)
    assert (copy.white, copy.purchased, copy.turn) == (
        7 - state.white, not state.purchased, 1
    )
    assert copy.estates is state.estates and copy.depots is state.depots
    assert list(copy.__dict__) == list(state.__dict__)  # same layout: combined, same order


@pytest.mark.parametrize(
    ("values", "expected"),
    [((), ()), ((4,), (4,)), ((1, 5), (1, 5)), ((3, 3), (3,)), ((2, 7, 7, 9), (2, 7, 9))],
)
def test_distinct_gives_the_distinct_values_of_a_sorted_tuple(
    values: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    assert distinct(values) == expected
    if values == expected:
        assert distinct(values) is values  # no copy in the usual case


def test_replace_resets_caches_and_keeps_legal_actions_right() -> None:
    """A copy never inherits the cached legal actions, outcomes or key of its original."""
    state = burgundy.testing.first_turn(burgundy.Ruleset(players=2, variants=()), seed=1)
    legal = state.legal_actions()
    key = state.key
    copy = replace(state, purchased=True)
    assert copy._cache_legal is None and copy._cache_key is None
    assert copy.key != key
    assert copy.legal_actions() == tuple(a for a in legal if type(a).__name__ != "BuyTile")


@pytest.mark.parametrize("seed", [3, 4])
def test_sample_outcome_draws_as_random_choices_does(seed: int) -> None:
    """State.sample_outcome consumes the generator as rng.choices would and returns the same
    outcome, so Game records (and the golden playthroughs) do not depend on which is used."""
    rules = burgundy.Ruleset(players=3, variants=("knowledge",))
    ours, theirs = random.Random(seed), random.Random(seed)
    state = rules.initial_state()
    chance_nodes = 0
    while not state.is_terminal:
        if state.is_chance:
            outcomes = state.chance_outcomes()
            expected = theirs.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            assert state.sample_outcome(ours) == expected
            state = state.apply(expected)
            chance_nodes += 1
        else:
            action = ours.choice(state.legal_actions())
            assert theirs.choice(state.legal_actions()) is action
            state = state.apply(action)
    assert chance_nodes > 200  # a whole game: set-up, dice, draws


def test_sample_outcome_needs_a_chance_node() -> None:
    state = burgundy.testing.first_turn(burgundy.Ruleset(players=2, variants=()), seed=1)
    with pytest.raises(ValueError, match="chance node"):
        state.sample_outcome(random.Random(0))


def test_legal_actions_are_shared_instances() -> None:
    """Equal actions generated twice are the same object (apply checks identity first)."""
    rules = burgundy.Ruleset(players=2, variants=())
    state = burgundy.testing.first_turn(rules, seed=5)
    fresh = replace(state)  # the same position, nothing cached
    assert fresh.legal_actions() == state.legal_actions()
    assert all(a is b for a, b in zip(fresh.legal_actions(), state.legal_actions(), strict=True))
