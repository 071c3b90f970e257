"""The compiled build plays exactly as the pure one (issue #34).

``make compiled`` compiles the rules with mypyc (``burgundy._build.COMPILED_MODULES``) from
the same ``.py`` files the pure build runs. Here 200 seeded random games, over every
installed variant alone, none, all of them together and random mixes, with 1 to 4 players
and both editions, are played twice in fresh processes: once by the build in place and once
by the pure sources (a copy of the package without its extension modules). Their records
and final states must be equal byte for byte.

The comparison needs the compiled build in place (``make test`` runs the suite once so;
``make compiled`` here): on the pure build it is skipped, as both sides would be pure.
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
from burgundy._build import COMPILED_MODULES
from burgundy.registry import example_options
from burgundy.variant_info import EDITIONS

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


def _play(todo: str, out: Path, compiled: bool, first: Path | None) -> subprocess.Popen[str]:
    env = dict(os.environ)
    if first is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(first), *filter(None, [env.get("PYTHONPATH")])])
    return subprocess.Popen([sys.executable, "-c", PLAY, todo, str(out), json.dumps(compiled)],
                            env=env, text=True, stderr=subprocess.PIPE)


def test_the_compiled_modules_are_the_hot_path_of_the_rules() -> None:
    """The list the build tools compile names modules that exist, and COMPILED is a bool
    that says whether they are extension modules."""
    import importlib.util

    assert isinstance(burgundy.COMPILED, bool)
    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        assert spec.origin.endswith(".py") is not burgundy.COMPILED, spec.origin


@pytest.mark.skipif(not burgundy.COMPILED, reason="needs the compiled build (make compiled)")
def test_compiled_games_equal_pure_games_byte_for_byte(tmp_path: Path) -> None:
    todo = games()
    assert len(todo) == GAMES and {p for p, _, _, _ in todo} == {1, 2, 3, 4}
    assert {e for _, e, _, _ in todo} == set(EDITIONS)
    spec = json.dumps(todo)
    pure = _play(spec, tmp_path / "pure.jsonl", False, _pure_copy(tmp_path / "pure"))
    compiled = _play(spec, tmp_path / "compiled.jsonl", True, None)
    for process in (pure, compiled):
        _, err = process.communicate(timeout=900)
        assert process.returncode == 0, err
    pure_lines = (tmp_path / "pure.jsonl").read_text(encoding="utf-8").splitlines()
    compiled_lines = (tmp_path / "compiled.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(pure_lines) == len(compiled_lines) == GAMES
    for game, a, b in zip(todo, pure_lines, compiled_lines, strict=True):
        record_a, state_a = json.loads(a)
        record_b, state_b = json.loads(b)
        assert record_a == record_b, f"the records of game {game} differ"
        assert state_a == state_b, f"the final states of game {game} differ"
