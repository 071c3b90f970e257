"""OpenSpiel's game ``python_burgundy`` (issue #18): explicit chance and perfect
information; ``pyspiel.random_sim_test`` with serialisation for 2-4 players; OpenSpiel's
Python ``MCTSBot`` plays a whole game; the parameters survive the string round-trip."""

from __future__ import annotations

import doctest
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import burgundy.rl.openspiel as spiel
from burgundy.rl import ActionCodec


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_sim_test(players: int) -> None:
    """OpenSpiel's own random simulation test, serialising and deserialising states."""
    game = pyspiel.load_game(spiel.SHORT_NAME, {"players": players})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


class _ScoreEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """The leaves' value: the returns at the end, else each seat's VP lead (cheap: no
    rollout), and uniform priors."""

    def evaluate(self, state: spiel.BurgundyState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        scores = np.array(state.state.scores, dtype=float)
        return np.tanh((scores - scores.mean()) / 20.0)

    def prior(self, state: spiel.BurgundyState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()  # type: ignore[no-any-return]
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def test_openspiel_python_mcts_bot_plays_a_whole_game() -> None:
    """open_spiel.python.algorithms.mcts.MCTSBot (not the C++ pyspiel.MCTSBot) chooses
    every move of seat 0 in a 2-player game; seat 1 and chance play at random."""
    game = pyspiel.load_game(spiel.SHORT_NAME, {"players": 2})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=_ScoreEvaluator(),
                       random_state=rng, solve=False)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert moves > 50 and sorted(state.returns()) in ([-1.0, 1.0], [1.0, 1.0])


@pytest.mark.parametrize("params", [
    {"players": 3},
    {"players": 4, "variants": "knowledge+shields", "edition": 2011},
    {"players": 2, "variants": "none"},
])
def test_parameters_survive_the_string_round_trip(params: dict[str, object]) -> None:
    """``pyspiel.load_game(str(game))`` is the same game (players, variants, edition)."""
    game = pyspiel.load_game(spiel.SHORT_NAME, params)
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == game.get_parameters()
    assert again.num_players() == game.num_players() == params["players"]
    assert again.rules == game.rules  # type: ignore[attr-defined]
    assert again.num_distinct_actions() == ActionCodec.of(game.rules).size


def test_openspiel_module_imports_first_and_its_examples_run() -> None:
    """As tests/test_imports.py and tests/test_doctests.py do for the core."""
    result = subprocess.run([sys.executable, "-c", "import burgundy.rl.openspiel"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    outcome = doctest.testmod(spiel, optionflags=doctest.ELLIPSIS)
    assert outcome.attempted > 0 and outcome.failed == 0
