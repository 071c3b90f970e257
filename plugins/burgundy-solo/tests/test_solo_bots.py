"""The bots in a solo game (issue #13): the solo module's ``burgundy_evaluation`` values
the chance to cover the duchy, not VP, so the greedy and Monte Carlo bots play towards
covering it; they play whole games with one seat and a lost end (``winners() == ()``)."""

from __future__ import annotations

import math
import statistics

import pytest

import burgundy
from burgundy.bots import Bot, ExpertBot, GreedyBot, MCTSBot, RandomBot, evaluate
from burgundy.bots.evaluate import base_value
from burgundy.rules.income import set_seat
from burgundy.testing import build_position
from burgundy_solo.evaluation import (
    DECIDED,
    LEAD,
    WORKER,
    actions_to_come,
    capacity,
    hexes_in_hand,
    race,
    solo_value,
    win_chance,
)
from burgundy_solo.rules import progress

VARIANTS = ("knowledge", "solo")


def _rules() -> burgundy.Ruleset:
    return burgundy.Ruleset(players=1, variants=VARIANTS)


def _play(bot: Bot, seed: int) -> burgundy.State:
    """A whole seeded solo game played by ``bot``; its final state."""
    game = burgundy.Game(_rules(), seed=seed)
    while not game.state.is_terminal:
        state = game.state
        action = bot.choose(state)
        assert action in state.legal_actions()
        game.play(action)
    return game.state


@pytest.mark.parametrize("bot", [GreedyBot(seed=2), MCTSBot(iterations=6, seed=2)],
                         ids=["greedy", "mcts:6"])
def test_bots_play_a_whole_solo_game(bot: Bot) -> None:
    final = _play(bot, seed=5)
    result = progress(final)
    assert result.over
    assert final.winners() == ((0,) if result.won else ())
    empty = result.spaces - result.covered
    assert evaluate(final, 0) == LEAD * (DECIDED if result.won else -DECIDED - empty)


def test_the_solo_valuation_counts_spaces_not_vp() -> None:
    rules = _rules()  # seed 1: the start castle on A26, next to A24 (pasture), A29 (mine)
    fewer = build_position(rules, seed=1, tiles={"A29": "mine"}, silver=1, workers=2)
    more = build_position(
        rules, seed=1, tiles={"A29": "mine", "A24": "cow3"}, silver=1, workers=2
    )
    assert progress(more).covered == progress(fewer).covered + 1
    assert evaluate(more, 0) > evaluate(fewer, 0)
    rich = set_seat(fewer, 0, vp=45)  # VP (short of the target) do not outweigh a space
    assert base_value(rich, 0) > base_value(more, 0)  # the core's valuation: they do
    assert evaluate(rich, 0) < evaluate(more, 0)
    assert evaluate(more, 0) == solo_value(more, 0)
    stored = build_position(rules, seed=1, tiles={"A29": "mine"}, storage=["cow3"],
                            silver=1, workers=2)
    assert evaluate(fewer, 0) < evaluate(stored, 0) < evaluate(more, 0)  # a hex to place


def test_a_lost_end_is_worth_its_spaces() -> None:
    """A lost game's win chance is nil, but fewer empty spaces still rank higher: the bot
    covers what it can when the game is lost whatever it does."""
    final = _play(RandomBot(seed=0), seed=0)
    assert final.winners() == ()
    result = progress(final)
    assert evaluate(final, 0) == LEAD * (-DECIDED - (result.spaces - result.covered))
    assert win_chance(final, 0) < 1e-8


def test_greedy_covers_more_than_random() -> None:
    seeds = range(300, 305)
    greedy = [progress(_play(GreedyBot(seed=s), s)).covered for s in seeds]
    random = [progress(_play(RandomBot(seed=s), s)).covered for s in seeds]
    assert statistics.mean(greedy) > statistics.mean(random)


def test_the_valuation_races_the_die_actions() -> None:
    """The module's valuation (burgundy_solo.evaluation): each space still to cover takes a
    die action to place and one to take its hex unless it is in hand (R-SOLO-RESULT: the
    duchy covered within the 25 rounds), so a hex taken is worth more than the two workers
    the same die would have bought, and silverlings (2 buy a black-depot hex) count as
    hexes in hand."""
    rules = _rules()
    position = {"seed": 1, "tiles": {"A29": "mine"}, "silver": 1, "workers": 2}
    start = build_position(rules, **position)
    taken = build_position(rules, **position | {"storage": ["cow3"]})
    workers = build_position(rules, **position | {"workers": 4})
    rich = build_position(rules, **position | {"silver": 3})
    assert evaluate(taken, 0) > evaluate(workers, 0) > evaluate(start, 0)
    assert evaluate(rich, 0) > evaluate(start, 0)
    assert hexes_in_hand(taken, 0) == hexes_in_hand(start, 0) + 1  # placeable now
    assert actions_to_come(workers, 0) == pytest.approx(actions_to_come(start, 0) + 2 * WORKER)


def test_resources_lose_their_worth_as_the_rounds_run_out() -> None:
    """burgundy_solo.evaluation: silverlings are worth the spaces they add before the end
    (R-SOLO-RESULT): in the game's last round, two dice left, they buy hexes there is no die
    action left to place, so the same silverlings add less than in its first round."""
    rules = _rules()
    position = {"seed": 1, "tiles": {"A29": "mine"}, "workers": 2}
    early = [build_position(rules, **position | {"silver": s}) for s in (0, 10)]
    late = [build_position(rules, **position | {"silver": s, "phase": 4, "dice": [3, 5],
                                                 "last_turn_of_phase": True})
            for s in (0, 10)]
    assert actions_to_come(late[0], 0) < actions_to_come(early[0], 0)
    gain_early = race(early[1], 0)[1] - race(early[0], 0)[1]  # spaces the race could cover
    gain_late = race(late[1], 0)[1] - race(late[0], 0)[1]
    assert 0 <= gain_late < gain_early
    assert capacity(hexes=0.0, actions=0.0) == 0.0
    assert capacity(hexes=10.0, actions=2.0) == 2.0  # hexes in hand, no die to place them


def test_the_valuation_is_the_log_odds_of_the_win_chance() -> None:
    """R-SOLO-RESULT: the game is won by covering the duchy, so the module values a
    position by its chance to win, given as LEAD times its log-odds (a lone seat's value is
    its lead over what wins: hook burgundy_evaluation); a search bot's leaf is then
    sigmoid(value / scale), the chance itself."""
    rules = _rules()
    position = {"seed": 1, "tiles": {"A29": "mine"}, "silver": 1, "workers": 2}
    start = build_position(rules, **position)
    more = build_position(rules, **position | {"tiles": {"A29": "mine", "A24": "cow3"}})
    bot = MCTSBot(iterations=20, seed=0)
    bot.choose(more)  # a search from another position: leaves do not depend on its root
    for state in (start, more):
        chance = win_chance(state, 0)
        assert 0.0 < chance < 1.0
        assert solo_value(state, 0) == pytest.approx(
            LEAD * math.log(chance / (1.0 - chance)))
        assert bot._leaf_values(state) == [pytest.approx(chance)]
    assert win_chance(more, 0) > win_chance(start, 0)  # a space more covered


def test_the_expert_hints_a_win_chance_in_solo() -> None:
    """The expert's hint in a solo game is the mean of its leaves, each the estimated
    chance to cover the duchy (not a value against the position searched from)."""
    game = burgundy.Game(_rules(), seed=3)
    game.play(game.legal_actions()[0])
    hint = ExpertBot(iterations=60, seed=0).hint(game.state)
    now = win_chance(game.state, 0)  # about 0.1 at the start
    assert now / 2 < hint.win_chance < now * 2  # not 0.5, "as good as now"
