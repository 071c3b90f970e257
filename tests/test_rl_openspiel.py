"""OpenSpiel's game ``python_burgundy`` (issue #18): explicit chance and perfect
information; ``pyspiel.random_sim_test`` with serialisation for 1-4 players; OpenSpiel's
Python ``MCTSBot`` plays a whole game; the parameters survive the string round-trip; the
game type tells the truth (issue #31: information state and observation, player counts, a
lossless observation string)."""

from __future__ import annotations

import doctest
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import burgundy.rl.openspiel as spiel
from burgundy.rl import ActionCodec, observe

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)


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


def test_the_game_type_declares_what_a_state_gives() -> None:
    """Issue #31: the information state is the history (a string, no tensor: asking for
    the tensor raises instead of returning the observation); the observation is the
    observe() vector and its text."""
    game = pyspiel.load_game(spiel.SHORT_NAME, {"players": 2})
    kind = game.get_type()
    assert kind.provides_information_state_string and not kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.information_state_string() == " ".join(map(str, state.history()))
    with pytest.raises(ValueError, match="provides no information state tensor"):
        state.information_state_tensor()
    assert state.observation_tensor() == pytest.approx(list(
        observe(state.state, state.current_player())))


@pytest.mark.parametrize("params", [{"players": 1}, {"players": 1, "variants": "solo"},
                                    {"players": 1, "variants": "knowledge+solo"}])
def test_every_declared_player_count_loads(params: dict[str, object]) -> None:
    """min_num_players=1 is the solo game: ``{"players": 1}`` names solo itself, and the
    parameters say so (the string round-trip gives the same game)."""
    kind = pyspiel.load_game(spiel.SHORT_NAME, {"players": 2}).get_type()
    assert (kind.min_num_players, kind.max_num_players) == (1, 4)
    game = pyspiel.load_game(spiel.SHORT_NAME, params)
    assert game.num_players() == 1 and "solo" in game.rules.variants  # type: ignore[attr-defined]
    assert "solo" in str(game.get_parameters()["variants"]).split("+")
    assert pyspiel.load_game(str(game)).rules == game.rules  # type: ignore[attr-defined]
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    with pytest.raises(ValueError, match="players must be one of"):
        pyspiel.load_game(spiel.SHORT_NAME, {"players": 5})


def test_observation_string_is_lossless() -> None:
    """Issue #31: over random games, two states have the same observation string exactly
    when they have the same observation tensor (``str(state)`` gave one string to states
    with different tensors); the text names the slices of the layout."""
    game = pyspiel.load_game(spiel.SHORT_NAME, {"players": 2})
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    rng = np.random.RandomState(0)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            for player in range(2):
                text = state.observation_string(player)
                tensor = np.asarray(state.observation_tensor(player), np.float32).tobytes()
                assert by_string.setdefault(text, tensor) == tensor
                assert by_tensor.setdefault(tensor, text) == text
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(by_string) > 500
    assert "seat[0].vp=" in next(t for t in by_string if "seat[0].vp=" in t)
