"""``Game``: undo across chance, records that put a step where it cannot be, and the
whitespace of the notation.

Sources: DESIGN.md's public contract ("``game.undo()``", "``Game.from_record(record)``
replays it exactly", "a short, stable text form (``str(action)``) that ``game.play(text)``
parses back"); ``burgundy.game``'s documented behaviour (undo rewinds the RNG; a record's
bad step raises a ``ValueError`` naming the step; whitespace is normalised, the match is
exact otherwise).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

import burgundy
from burgundy import IllegalActionError
from burgundy.game import parse_action


def _game(seed: int, **ruleset: Any) -> burgundy.Game:
    ruleset.setdefault("players", 2)
    ruleset.setdefault("variants", ())
    return burgundy.Game(seed=seed, **ruleset)


def _steps(game: burgundy.Game) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = game.record()["steps"]
    return steps


def _play_until_chance_follows(game: burgundy.Game) -> tuple[burgundy.State, str]:
    """Play the first legal action until a play is followed by chance (the last play of a
    round: the white die and every seat's dice come next). Returns the state before that
    play and the play; the game is left after it."""
    while True:
        before, count = game.state, len(_steps(game))
        action = str(game.legal_actions()[0])
        game.play(action)
        if any("chance" in step for step in _steps(game)[count:]):
            return before, action


# -- undo across chance -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [8, 21])
def test_undo_of_a_play_followed_by_chance_draws_the_same_chance_again(seed: int) -> None:
    """Undo takes back a play *and the chance it led to*, and rewinds the RNG: playing the
    same action again draws the same white die and dice, to the same state and record."""
    game = _game(seed)
    before, action = _play_until_chance_follows(game)
    after, record = game.state, game.record()
    steps = record["steps"]
    last = max(i for i, step in enumerate(steps) if "action" in step)
    assert steps[last] == {"action": action}
    drawn = steps[last + 1 :]  # what chance gave after the play
    assert len(drawn) >= 3 and all("chance" in step for step in drawn), drawn
    assert after.round != before.round  # the white die and every seat's dice at least
    for _ in range(3):
        assert game.undo() == before
        assert _steps(game) == steps[:last]
        assert game.play(action) == after
        assert game.record() == record  # the same chance outcomes, in the same order


@pytest.mark.parametrize(("seed", "boundary"), [(3, "round"), (4, "round"), (5, "phase")])
def test_undo_of_several_plays_across_a_boundary_and_replay(seed: int, boundary: str) -> None:
    """Undo back over a round (or phase) boundary gives each earlier state and record in
    turn; replaying the same actions then gives the same states and records as the first
    time, and as a fresh game of the same seed."""
    game = _game(seed)
    states, records, actions = [game.state], [game.record()], []
    crossed_at = None
    while crossed_at is None or len(actions) < crossed_at + 3:
        action = str(game.legal_actions()[-1])
        before = game.state
        game.play(action)
        actions.append(action)
        states.append(game.state)
        records.append(game.record())
        if crossed_at is None and getattr(game.state, boundary) != getattr(before, boundary):
            crossed_at = len(actions) - 1
    back_to = crossed_at - 2  # two plays before the boundary's last play
    for index in range(len(actions) - 1, back_to - 1, -1):
        assert game.undo() == states[index]
        assert game.record() == records[index]
    for index in range(back_to, len(actions)):
        assert game.play(actions[index]) == states[index + 1]
        assert game.record() == records[index + 1]
    fresh = _game(seed)
    for action in actions:
        fresh.play(action)
    assert fresh.record() == game.record()
    assert fresh.state == game.state


# -- records with a step where it cannot be ------------------------------------------------------
def _record(chance: str) -> dict[str, Any]:
    """A record of 40 plays of a seeded game; ``"external"``: the same steps, declared as
    chance from outside (replayed as given)."""
    game = _game(6)
    for _ in range(40):
        game.play(game.legal_actions()[0])
    record = copy.deepcopy(game.record())
    if chance == "external":
        record.update(chance="external", seed=None)
    return record


def _indices(record: dict[str, Any], kind: str) -> list[int]:
    return [i for i, step in enumerate(record["steps"]) if kind in step]


@pytest.mark.parametrize("chance", ["seed", "external"])
def test_a_chance_step_where_a_decision_is_due_is_refused_naming_the_step(chance: str) -> None:
    record = _record(chance)
    burgundy.Game.from_record(record)  # as it is, it replays
    actions = _indices(record, "action")
    for index in (actions[0], actions[len(actions) // 2], actions[-1]):
        tampered = copy.deepcopy(record)
        a_chance_step = tampered["steps"][_indices(record, "chance")[-1]]
        tampered["steps"].insert(index, dict(a_chance_step))
        with pytest.raises(
            ValueError, match=rf"^record step {index}: a chance outcome where a decision is due"
        ):
            burgundy.Game.from_record(tampered)


@pytest.mark.parametrize("chance", ["seed", "external"])
def test_an_action_where_chance_is_due_is_refused_naming_the_step(chance: str) -> None:
    record = _record(chance)
    chances = _indices(record, "chance")
    first_action = record["steps"][_indices(record, "action")[0]]
    later = [i for i in chances if i > _indices(record, "action")[0]]
    for index in (chances[0], later[0], later[-1]):
        tampered = copy.deepcopy(record)
        tampered["steps"][index] = dict(first_action)
        with pytest.raises(
            ValueError, match=rf"^record step {index}: an action where a chance outcome is due"
        ):
            burgundy.Game.from_record(tampered)
        tampered["steps"].insert(index, dict(first_action))  # inserted, not replacing
        with pytest.raises(ValueError, match=rf"^record step {index}: an action where a chance"):
            burgundy.Game.from_record(tampered)


# -- whitespace in the notation ------------------------------------------------------------------
def _spaced(text: str) -> list[str]:
    """The same notation with other whitespace: doubled and tripled inner spaces, tabs,
    a line break, leading and trailing blanks."""
    words = text.split(" ")
    return [
        "  ".join(words),
        "   ".join(words),
        "\t".join(words),
        " \t ".join(words),
        "\n".join(words),
        f"  {text}",
        f"{text}\t",
        f" \t{'  '.join(words)}\n ",
    ]


def _wrong(text: str) -> list[str]:
    """Texts that differ from the notation by more than whitespace."""
    words = text.split(" ")
    wrong = [text.upper(), text.capitalize(), text + " x", "".join(words), text + "."]
    if len(words) > 1:
        wrong += [" ".join(words[:-1]), " ".join(words[1:]), " ".join(reversed(words))]
    return [w for w in wrong if w.split() != words]


def _decisions(count: int) -> list[burgundy.State]:
    """Decision states of a seeded standard game with shields: many kinds of action."""
    game = burgundy.Game(players=3, variants=("knowledge", "shields"), seed=12)
    states = []
    for step in range(count):
        states.append(game.state)
        legal = game.legal_actions()
        game.play(legal[(step * 7) % len(legal)])
    return states


def test_take_with_extra_inner_whitespace_is_the_same_action() -> None:
    """The brief's own example: ``take  bank   5 d3`` is ``take bank 5 d3``."""
    from burgundy.testing import build_position

    rules = burgundy.Ruleset(players=2, variants=())
    state = build_position(rules, dice=(3, 5), workers=2, depots={5: ["bank"]})
    action = parse_action(state, "take bank 5 d3")
    spaced = ("take  bank   5 d3", "take\tbank 5\t d3", "  take bank 5 d3  ", "take bank 5 d3\n")
    for text in spaced:
        assert parse_action(state, text) is action
    wrong = ("Take bank 5 d3", "take bank 5", "take bank  d3", "take bank 5 d 3", "takebank 5 d3")
    for text in wrong:
        with pytest.raises(IllegalActionError):
            parse_action(state, text)


def test_whitespace_variants_of_every_legal_action_parse_to_it() -> None:
    kinds = set()
    for state in _decisions(60):
        for action in state.legal_actions():
            text = str(action)
            kinds.add(text.split(" ")[0])
            for spaced in _spaced(text):
                assert parse_action(state, spaced) is action, repr(spaced)
    assert {"take", "place", "workers", "sell", "buy"} <= kinds


def test_texts_that_differ_otherwise_are_refused() -> None:
    for state in _decisions(60)[::6]:
        legal = {str(a) for a in state.legal_actions()}
        for action in state.legal_actions():
            for wrong in _wrong(str(action)):
                if " ".join(wrong.split()) in legal:
                    continue  # e.g. dropping the die of "workers d1" ... is another action
                with pytest.raises(IllegalActionError):
                    parse_action(state, wrong)


def test_game_play_with_extra_whitespace_records_the_normal_form() -> None:
    spaced, normal = _game(4), _game(4)
    for _ in range(30):
        text = str(normal.legal_actions()[-1])
        normal.play(text)
        spaced.play(_spaced(text)[len(spaced.record()["steps"]) % 8])
        assert spaced.state == normal.state
    assert spaced.record() == normal.record()
    with pytest.raises(IllegalActionError):
        spaced.play(str(spaced.legal_actions()[0]).upper())
    assert spaced.record() == normal.record()  # a refused text changes nothing
