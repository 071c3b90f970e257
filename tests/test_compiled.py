"""The compiled build plays exactly as the pure one (issue #34).

``make compiled`` compiles the rules with mypyc (``burgundy._build.COMPILED_MODULES``) from
the same ``.py`` files the pure build runs. Here 200 seeded random games, over every
installed variant alone, none, all of them together and random mixes, with 1 to 4 players
and both editions, are played twice in fresh processes: once by the build in place and once
by the pure sources (a copy of the package without its extension modules). Their records
and final states must be equal byte for byte.

The comparison needs the compiled build in place (``make test`` runs the suite once so;
``make compiled`` here): on the pure build it is not collected (tests/conftest.py), as
both sides would be pure.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import burgundy
from burgundy import Ruleset
from burgundy.registry import example_options
from burgundy.variant_info import EDITIONS

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

GAMES = 200

#: Run in a fresh process: argv[1] the games (JSON), argv[2] the output file, argv[3]
#: whether that process must run the compiled build. One line per game: the record and the
#: final state's JSON.
PLAY = """
import json, random, sys
import burgundy
expected = json.loads(sys.argv[3])
assert burgundy.COMPILED is expected, (burgundy.COMPILED, burgundy.__file__)
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for players, edition, variants, seed in json.loads(sys.argv[1]):
        options = burgundy.registry.example_options(variants)
        game = burgundy.Game(players=players, seed=seed, variants=variants,
                             edition=edition, options=options)
        rng = random.Random(seed)
        while not game.state.is_terminal:
            game.play(rng.choice(game.legal_actions()))
        record = json.dumps(game.record(), sort_keys=True)
        out.write(json.dumps([record, burgundy.to_json(game.state)]) + "\\n")
"""


def _plays(players: int, edition: str, variants: tuple[str, ...]) -> bool:
    try:
        Ruleset(players=players, variants=variants, edition=edition,
                options=example_options(variants))
    except ValueError:
        return False
    return True


def games() -> list[tuple[int, str, list[str], int]]:
    """The games both builds play: every lineup of none, each variant alone and all of them
    that plays, then random mixes up to :data:`GAMES`; seeds in order."""
    names = tuple(burgundy.available_variants())
    mixes = [(), *((name,) for name in names), names]
    lineups = [(p, e, m) for m, p, e in itertools.product(mixes, (1, 2, 3, 4), EDITIONS)
               if _plays(p, e, m)]
    rng = random.Random(34)
    while len(lineups) < GAMES:
        mix = tuple(sorted(rng.sample(names, rng.randint(min(2, len(names)), len(names)))))
        players, edition = rng.randint(1, 4), rng.choice(EDITIONS)
        if _plays(players, edition, mix):
            lineups.append((players, edition, mix))
    return [(p, e, list(m), seed) for seed, (p, e, m) in enumerate(lineups[:GAMES])]


def _pure_copy(folder: Path) -> Path:
    """The package's sources without its compiled modules, to import ahead of it."""
    package = Path(burgundy.__file__).parent
    shutil.copytree(package, folder / "burgundy",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return folder


#: Like :data:`PLAY`, for bot games (``burgundy.tournament.play_game``): argv[1] the games
#: as ``[ruleset spec, seats, seed]``. One line per game: its result without the time.
PLAY_BOTS = """
import json, sys
import burgundy
from burgundy.tournament import play_game
expected = json.loads(sys.argv[3])
assert burgundy.COMPILED is expected, (burgundy.COMPILED, burgundy.__file__)
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for ruleset, seats, seed in json.loads(sys.argv[1]):
        result = play_game(ruleset, seats, seed, record=True)
        del result["time"]
        out.write(json.dumps(result, sort_keys=True) + "\\n")
"""


def _play(todo: str, out: Path, compiled: bool, first: Path | None,
          script: str) -> subprocess.Popen[str]:
    env = dict(os.environ)
    if first is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(first), *filter(None, [env.get("PYTHONPATH")])])
    return subprocess.Popen([sys.executable, "-c", script, todo, str(out), json.dumps(compiled)],
                            env=env, text=True, stderr=subprocess.PIPE)


def _both_builds(tmp_path: Path, todo: str, script: str) -> list[tuple[str, str]]:
    """The output lines of ``script`` on ``todo`` in the pure and in the compiled build."""
    pure = _play(todo, tmp_path / "pure.jsonl", False, _pure_copy(tmp_path / "pure"), script)
    compiled = _play(todo, tmp_path / "compiled.jsonl", True, None, script)
    for process in (pure, compiled):
        _, err = process.communicate(timeout=900)
        assert process.returncode == 0, err
    pure_lines = (tmp_path / "pure.jsonl").read_text(encoding="utf-8").splitlines()
    compiled_lines = (tmp_path / "compiled.jsonl").read_text(encoding="utf-8").splitlines()
    return list(zip(pure_lines, compiled_lines, strict=True))


def test_bots_play_the_same_games_in_both_builds(tmp_path: Path) -> None:
    """The search bots' valuations are compiled too (``burgundy.bots.evaluate``,
    ``burgundy.bots.features``): the same moves, the same scores. Standard game and every
    variant at once, the expert against MCTS and greedy."""
    every = sorted(n for n in burgundy.available_variants() if _plays(2, "2019", (n,)))
    assert _plays(2, "2019", tuple(every))
    todo = [
        [Ruleset(players=2).to_dict(), ["expert:iterations=40", "mcts:40"], 1],
        [Ruleset(players=2, variants=every, edition="2019",
                 options=example_options(every)).to_dict(),
         ["greedy", "expert:iterations=40"], 2],
    ]
    lines = _both_builds(tmp_path, json.dumps(todo), PLAY_BOTS)
    assert len(lines) == len(todo)
    for game, (pure, compiled) in zip(todo, lines, strict=True):
        assert json.loads(pure) == json.loads(compiled), f"the bot game {game[1:]} differs"


def test_compiled_games_equal_pure_games_byte_for_byte(tmp_path: Path) -> None:
    todo = games()
    assert len(todo) == GAMES and {p for p, _, _, _ in todo} == {1, 2, 3, 4}
    assert {e for _, e, _, _ in todo} == set(EDITIONS)
    lines = _both_builds(tmp_path, json.dumps(todo), PLAY)
    assert len(lines) == GAMES
    for game, (a, b) in zip(todo, lines, strict=True):
        record_a, state_a = json.loads(a)
        record_b, state_b = json.loads(b)
        assert record_a == record_b, f"the records of game {game} differ"
        assert state_a == state_b, f"the final states of game {game} differ"
