"""The expert bot (issue #35): its specs, its learned valuation and weights file, its hints,
partners as one side, and every module played."""

from __future__ import annotations

import io
import math
import random
from typing import Any

import attrs
import pytest

import burgundy
from burgundy.bots import ExpertBot, GreedyBot, MCTSBot, make_bot
from burgundy.bots.evaluate import game_left
from burgundy.bots.expert import (
    DEFAULT_EXPLORATION,
    DEFAULT_THINK,
    ExpertWeights,
    _search_root,
    expert_value,
    expert_weights,
    parse_options,
)
from burgundy.bots.features import FEATURE_NAMES, QUANTITIES, features, weighted_features
from burgundy.cli import run_captured
from burgundy.game import Game
from burgundy.terminal import LineReader, Session, _Quit


def _midgame(seed: int, players: int = 2, variants: tuple[str, ...] | None = None,
             moves: int = 30) -> burgundy.State:
    game = Game(players=players, variants=variants, seed=seed, options=_options(variants))
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_actions()))
    return game.state


def _options(variants: tuple[str, ...] | None) -> dict[str, str]:
    return {"trade_routes_deck": "generated"} if variants and "trade_routes" in variants else {}


# -- specs ------------------------------------------------------------------------------------
def test_the_specs_of_the_expert() -> None:
    assert make_bot("expert").time_budget == DEFAULT_THINK  # type: ignore[attr-defined]
    assert make_bot("expert:think=0.25").time_budget == 0.25  # type: ignore[attr-defined]
    bot = make_bot("expert:iterations=70", seed=4)
    assert isinstance(bot, ExpertBot) and bot.iterations == 70 and bot.time_budget is None
    for bad in ("expert:depth=3", "expert:think=0", "expert:think=-1", "expert:think=nan",
                "expert:think=inf", "expert:iterations=0", "expert:iterations=x", "expert:5",
                "expert:workers=0", "expert:workers=two", "expert:think=1:think=2",
                "expert:iterations=5:", "expert:iterations=5:workers", "expert:think=1,workers=2"):
        with pytest.raises(ValueError, match="the expert takes think=SECONDS or iterations=N"):
            make_bot(bad)
    with pytest.raises(ValueError, match="not both"):
        make_bot("expert:think=1:iterations=5")
    two = make_bot("expert:iterations=70:workers=2")
    assert isinstance(two, ExpertBot) and (two.iterations, two.workers) == (70, 2)
    assert parse_options(" Workers=3 : think=0.5") == {"workers": 3, "think": 0.5}
    for workers in (0, 65, True, 2.0, "2"):
        with pytest.raises(ValueError, match="workers must be a whole number from 1 to 64"):
            ExpertBot(iterations=5, workers=workers)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not both"):
        ExpertBot(think=1.0, iterations=5)
    with pytest.raises(ValueError, match="positive"):
        ExpertBot(think=0.0)
    with pytest.raises(ValueError, match="positive"):
        ExpertBot(think=float("inf"))
    with pytest.raises(ValueError, match="at least 1"):
        ExpertBot(iterations=0)
    with pytest.raises(ValueError, match="positive"):
        ExpertBot(think="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least 1"):
        ExpertBot(iterations=2.5)  # type: ignore[arg-type]
    assert parse_options("ITERATIONS=3") == {"iterations": 3}


def test_the_expert_explores_half_as_much_as_mcts() -> None:
    """The expert's exploration constant is 0.35, half MCTSBot's 0.7 (docs/bots.md, "What
    was tried": it won 81 of the ladder's 100 games against MCTS(200) where 0.7 won 69), in
    the constructor and in a spec that does not name one."""
    assert DEFAULT_EXPLORATION == 0.35
    assert ExpertBot(iterations=5).exploration == DEFAULT_EXPLORATION
    assert make_bot("expert:iterations=5").exploration == DEFAULT_EXPLORATION  # type: ignore[attr-defined]
    assert MCTSBot().exploration == 0.7
    state = _midgame(1)
    assert (make_bot("expert:iterations=40", seed=1).choose(state)
            == ExpertBot(iterations=40, seed=1, exploration=0.35).choose(state))


def test_the_search_settings_in_a_spec() -> None:
    """``exploration``, ``widening`` and ``chance_widening`` reach the bot from a spec, so
    that ``burgundy tournament`` can play one setting against another; bad values are
    refused with the spec's message, and the constructors refuse them too."""
    bot = make_bot("expert:iterations=70:exploration=0.5:widening=3:chance_widening=1", seed=2)
    assert isinstance(bot, ExpertBot)
    assert (bot.iterations, bot.exploration, bot.widening, bot.chance_widening) == (
        70, 0.5, 3.0, 1.0)
    assert make_bot("expert:iterations=5:exploration=0").exploration == 0.0  # type: ignore[attr-defined]
    state = _midgame(1)
    assert (make_bot("expert:iterations=40:exploration=0.5", seed=1).choose(state)
            == ExpertBot(iterations=40, seed=1, exploration=0.5).choose(state))
    for bad in ("exploration=-1", "exploration=nan", "widening=0", "widening=inf",
                "chance_widening=0", "chance_widening=-2", "exploration=x",
                "exploration=1:exploration=2"):
        with pytest.raises(ValueError, match="exploration=X, widening=X, chance_widening=X"):
            make_bot(f"expert:iterations=5:{bad}")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"exploration": -0.1}, "exploration"), ({"exploration": float("nan")}, "exploration"),
        ({"exploration": True}, "exploration"), ({"widening": 0.0}, "widening"),
        ({"widening": "1"}, "widening")]
    for kwargs, message in cases:
        with pytest.raises(ValueError, match=message):
            ExpertBot(iterations=5, **kwargs)
        with pytest.raises(ValueError, match=message):
            MCTSBot(iterations=5, **kwargs)


def test_it_is_deterministic_given_seed_and_iterations() -> None:
    for seed in (1, 2):
        state = _midgame(seed)
        first = ExpertBot(iterations=60, seed=seed).search(state)
        assert ExpertBot(iterations=60, seed=seed).search(state) == first
        assert first[0] in state.legal_actions()


def test_workers_search_apart_and_add_their_root_visits() -> None:
    """Root parallelism: each worker's search adds its iterations to the root's visits,
    and the bot stays deterministic given its seed and iterations."""
    state = _midgame(3)
    with ExpertBot(iterations=50, seed=3, workers=3) as bot:
        hint = bot.hint(state)
        assert sum(visits for _, visits, _ in hint.options) == 150
        assert hint.action == max(hint.options, key=lambda o: o[1])[0]
        assert 0.0 <= hint.win_chance <= 1.0
        again = ExpertBot(iterations=50, seed=3, workers=3)
        try:
            assert again.hint(state) == hint
        finally:
            again.close()
    assert bot._pool is None  # the with block stopped the processes
    action, visits = bot.search(state)  # a later search starts them again
    assert sum(count for _, count in visits) == 150 and action in state.legal_actions()
    bot.close()
    single = ExpertBot(iterations=50, seed=3).hint(state)
    assert sum(visits for _, visits, _ in single.options) == 50


# -- the valuation ----------------------------------------------------------------------------
def test_the_shipped_weights() -> None:
    weights = expert_weights()
    assert weights.version == 1 and len(weights.weights) == len(FEATURE_NAMES)
    assert weights.scale > 0
    assert weights.weights[FEATURE_NAMES.index("vp")] == 1.0  # a VP is a VP
    assert min(weights.weights) >= 0.0  # no quantity counts against a seat


def test_a_weights_file_is_checked() -> None:
    good = {"format": "burgundy-expert-weights", "version": 1, "features": list(FEATURE_NAMES),
            "weights": [0.0] * len(FEATURE_NAMES), "scale": 5.0}
    assert ExpertWeights.from_dict(good).scale == 5.0
    cases = [
        ({**good, "version": 2}, "not an expert weights file"),
        ([], "not an expert weights file"),
        ({**good, "features": ["vp"]}, "features are not"),
        ({**good, "weights": [0.0]}, f"must be {len(FEATURE_NAMES)} numbers"),
        ({**good, "weights": ["1"] * len(FEATURE_NAMES)}, f"must be {len(FEATURE_NAMES)} numbers"),
        ({**good, "scale": 0}, "scale must be a positive number"),
        ({**good, "scale": "5"}, "scale must be a positive number"),
    ]
    for data, message in cases:
        with pytest.raises(ValueError, match=message):
            ExpertWeights.from_dict(data)


def test_the_valuation_is_the_weighted_features_and_the_score_at_the_end() -> None:
    state = _midgame(3)
    weights = expert_weights().weights
    for seat in (0, 1):
        expected = sum(w * f for w, f in zip(weights, features(state, seat), strict=True))
        assert expert_value(state, seat) == pytest.approx(expected)
    game = Game(players=2, seed=3)
    bots = [GreedyBot(seed=0), GreedyBot(seed=1)]
    while not game.state.is_terminal:
        game.play(bots[game.state.current_player].choose(game.state))
    assert [expert_value(game.state, s) for s in (0, 1)] == list(map(float, game.state.scores))


def test_the_weighted_sum_needs_one_weight_per_feature() -> None:
    state = _midgame(3)
    ones = [1.0] * len(FEATURE_NAMES)
    assert weighted_features(state, 0, ones) == pytest.approx(sum(features(state, 0)))
    with pytest.raises(ValueError, match="weights needed, one per feature"):
        weighted_features(state, 0, ones[:-1])


def test_the_features_follow_the_game_left() -> None:
    """Each quantity comes twice: times the share of the game left, times the share played."""
    state = _midgame(5, moves=60)
    values = features(state, 0)
    left = game_left(state)
    assert 0.0 < left < 1.0 and values[0] == state.seats[0].vp
    count = len(QUANTITIES)
    assert FEATURE_NAMES[1:] == (*(f"{q}@start" for q in QUANTITIES),
                                 *(f"{q}@end" for q in QUANTITIES))
    for start, end in zip(values[1:1 + count], values[1 + count:], strict=True):
        assert start * (1.0 - left) == pytest.approx(end * left)
    assert any(values[1:])


def test_placing_a_stored_hex_loses_no_feature() -> None:
    """The features are built so that placing a stored hex loses nothing of what it was
    worth in storage: ``hexes`` stays, ``placed`` grows by one."""
    from burgundy.actions import PlaceTile

    found = 0
    for seed in range(1, 30):
        state = _midgame(seed, moves=40)
        if state.is_terminal or state.current_player < 0:
            continue
        seat = state.current_player
        for action in state.legal_actions():
            if not isinstance(action, PlaceTile):
                continue
            after = state.apply(action)
            before_q = dict(zip(QUANTITIES, _quantities(state, seat), strict=True))
            after_q = dict(zip(QUANTITIES, _quantities(after, seat), strict=True))
            assert after_q["hexes"] == pytest.approx(before_q["hexes"])
            assert after_q["placed"] == pytest.approx(before_q["placed"] + 1)
            found += 1
            break
    assert found >= 5


def _quantities(state: burgundy.State, seat: int) -> list[float]:
    """The quantities themselves (the two weighted copies added back together)."""
    values = features(state, seat)
    count = len(QUANTITIES)
    return [a + b for a, b in zip(values[1:1 + count], values[1 + count:], strict=True)]


# -- sides ------------------------------------------------------------------------------------
def test_partners_are_one_side() -> None:
    """Team play (R-TEAM-RESULT: the partners' VP summed): partners get the same leaf value,
    and the two teams' values are complementary chances."""
    state = _midgame(2, players=4, variants=("knowledge", "team"), moves=40)
    values = ExpertBot(iterations=1)._leaf_values(state)
    sides = state.estate_seats()
    for seats in sides:
        assert len({values[s] for s in seats}) == 1
    assert values[sides[0][0]] + values[sides[1][0]] == pytest.approx(1.0)


def test_without_partners_each_seat_is_its_own_side() -> None:
    state = _midgame(4, players=3)
    bot = ExpertBot(iterations=1)
    values = bot._leaf_values(state)
    raw = [expert_value(state, s) for s in range(3)]
    best = max(range(3), key=raw.__getitem__)
    assert max(range(3), key=values.__getitem__) == best
    assert values[best] > 0.5 > min(values)


# -- hints ------------------------------------------------------------------------------------
def test_a_hint_is_what_it_plays() -> None:
    state = _midgame(6)
    hint = ExpertBot(iterations=50, seed=2).hint(state)
    assert hint.action == ExpertBot(iterations=50, seed=2).choose(state)
    assert 0.0 <= hint.win_chance <= 1.0 and hint.options[0][0] == hint.action
    visits = [n for _, n, _ in hint.options]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 50
    chance = Game(players=2, chance="external").state
    assert chance.is_chance
    with pytest.raises(ValueError, match="a hint needs a decision"):
        ExpertBot(iterations=5).hint(chance)


def test_the_hint_command_of_play() -> None:
    state = _midgame(7)
    game = Game(players=2, seed=7)
    rng = random.Random(7)
    for _ in range(30):
        game.play(rng.choice(game.legal_actions()))
    assert game.state == state
    out = io.StringIO()
    reader = LineReader(io.StringIO("hint\nq\n"), out)
    session = Session(game, state.current_player, {}, ["a", "b"], reader, out,
                      advisor=ExpertBot(iterations=30, seed=0))
    with pytest.raises(_Quit):
        session._decide(game.state)
    expected = ExpertBot(iterations=30, seed=0).hint(state)
    legal = state.legal_actions()
    number = legal.index(expected.action) + 1
    assert f"Hint: {number}. {expected.action}" in out.getvalue()
    assert f"{expected.win_chance:.0%}" in out.getvalue()


# -- every module -----------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "variants"), [
    (2, ("knowledge", "shields", "outposts", "trade_routes", "white_castles", "inns",
         "extra_hexes")),
    (4, ("knowledge", "team")),
    (1, ("knowledge", "solo")),
    (3, ()),
])
def test_it_plays_every_module(players: int, variants: tuple[str, ...]) -> None:
    """On two workers: every module's states travel to the second process and back."""
    game = Game(players=players, variants=variants, seed=9, options=_options(variants))
    with ExpertBot(iterations=8, seed=1, workers=2) as bot:
        for _ in range(40):
            if game.state.is_terminal:
                break
            game.play(bot.choose(game.state))
    assert game.state.round > 0 or game.state.phase > 0


def test_the_hint_of_a_solo_game_is_a_win_chance() -> None:
    """A lone seat's valuation is its lead over what wins the game (hook
    burgundy_evaluation), so the solo hint is a chance to win like any other."""
    game = Game(players=1, variants=("knowledge", "solo"), seed=2)
    out = io.StringIO()
    reader = LineReader(io.StringIO("hint\nq\n"), out)
    session = Session(game, 0, {}, ["you"], reader, out,
                      advisor=ExpertBot(iterations=20, seed=0))
    with pytest.raises(_Quit):
        session._decide(game.state)
    assert "its estimate of your win chance after it:" in out.getvalue()


@pytest.mark.parametrize("bot", [MCTSBot(seed=0, evaluation=lambda state, seat: 7.0),
                                 ExpertBot(iterations=1, seed=0)], ids=["mcts", "expert"])
def test_a_lone_seats_leaf_is_its_value_as_a_lead(bot: MCTSBot) -> None:
    """With one seat there is no other seat to lead: the valuation is read as the lead
    over what wins the game (hook burgundy_evaluation), whatever the position searched
    from."""
    game = Game(players=1, variants=("knowledge", "solo"), seed=2)
    state = game.state
    value = bot.evaluation(state, 0)
    expected = 1.0 / (1.0 + math.exp(-value / bot.scale))
    assert bot._leaf_values(state) == [pytest.approx(expected)]
    bot.choose(state)  # nor does a search from this position (its root's value)
    assert bot._leaf_values(state) == [pytest.approx(expected)]


def test_a_bots_list_of_the_command_takes_an_expert_on_two_workers() -> None:
    """The options of an expert spec are separated by ':', as a --bots list is by ','."""
    code, out, _ = run_captured(["simulate", "--players", "2", "--games", "1", "--bots",
                                 "expert:iterations=3:workers=2,greedy"])
    assert code == 0
    assert {row.split()[0] for row in out.strip().splitlines()[2:]} == {
        "expert:iterations=3:workers=2", "greedy"}


# -- other weights ----------------------------------------------------------------------------
def test_an_expert_searches_with_the_weights_it_is_given() -> None:
    state = _midgame(5)
    shipped = expert_weights()
    assert (ExpertBot(iterations=60, seed=2, weights=shipped).search(state)
            == ExpertBot(iterations=60, seed=2).search(state))
    flat = attrs.evolve(shipped, weights=(1.0,) + (0.0,) * (len(FEATURE_NAMES) - 1), scale=3.0)
    bot = ExpertBot(iterations=60, seed=2, weights=flat)
    assert bot.scale == 3.0
    assert bot.evaluation(state, 0) == pytest.approx(float(state.seats[0].vp))
    assert bot.search(state) != ExpertBot(iterations=60, seed=2).search(state)
    with pytest.raises(ValueError, match="weights must be ExpertWeights"):
        ExpertBot(iterations=5, weights=[1.0] * len(FEATURE_NAMES))  # type: ignore[arg-type]


def test_a_worker_searches_with_the_bots_weights() -> None:
    state = _midgame(5)
    flat = attrs.evolve(expert_weights(), weights=(1.0,) + (0.0,) * (len(FEATURE_NAMES) - 1))
    bot = ExpertBot(iterations=40, seed=2, workers=2, weights=flat)
    remote = _search_root(state, 7, bot._settings)  # what the second worker runs
    root = ExpertBot(iterations=40, seed=7, weights=flat)._grow(state)
    seat = state.current_player
    assert remote == [(a, child.visits, child.value[seat]) for a, child in root.children]
    assert remote != _search_root(state, 7, ExpertBot(iterations=40, seed=2)._settings)
