"""Two settings of the expert head to head: a sensitive test of a search change (issue #35).

Each deal is played twice, the seats swapped, setting A against setting B (at more than two
players, A in one seat and B in the others, A's seat moving with the deal). A setting is a
JSON object of :class:`~burgundy.bots.ExpertBot` keyword arguments (``iterations``,
``exploration``, ``widening``, ``chance_widening``, and ``weights``: the path of a weights
file, as ``make expert-weights`` writes one); the bots are seeded by deal and seat,
so a run is reproducible. Results go to a JSONL file, a line a game (an interrupted run
keeps the games it finished; run it again with another file to start over), and the
summary is A's wins and mean lead over the best other seat, with its standard error.

    python benchmarks/expert_ab.py '{"iterations": 500, "chance_widening": 1.0}' \\
        '{"iterations": 500}' --deals 20 --out /tmp/cw.jsonl --jobs 2

``burgundy tournament --bots expert:iterations=500:chance_widening=1,expert:iterations=500``
plays such a match too (the expert's spec takes the same settings), with win rates and Elo;
this script adds A's mean lead and its standard error, the finer measure of a small change.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import burgundy
from burgundy.bots import ExpertBot
from burgundy.bots.expert import ExpertWeights

FIRST_DEAL = 1000
"""The game seed of deal 0."""


def play(task: tuple[int, bool, dict[str, Any], dict[str, Any], int, tuple[str, ...]]
         ) -> dict[str, Any]:
    """Play one game of the match and return its line."""
    deal, swapped, a, b, players, variants = task
    settings = [a] + [b] * (players - 1)
    if swapped:
        settings = settings[1:] + settings[:1]
    a_seat = settings.index(a) if a != b else 0
    game = burgundy.Game(players=players, seed=FIRST_DEAL + deal, variants=variants)
    bots = [ExpertBot(seed=7 * deal + seat, **setting) for seat, setting in enumerate(settings)]
    start = time.perf_counter()
    while not game.state.is_terminal:
        state = game.state
        game.play(bots[state.current_player].choose(state))
    final = game.state
    return {"deal": deal, "swapped": swapped, "a_seat": a_seat, "scores": list(final.scores),
            "winners": list(final.winners()), "seconds": round(time.perf_counter() - start, 1)}


def summary(lines: list[dict[str, Any]]) -> str:
    """A's wins (a tie shared) and mean lead over the best other seat."""
    wins = 0.0
    leads = []
    for line in lines:
        seat, scores, winners = line["a_seat"], line["scores"], line["winners"]
        wins += 1 / len(winners) if seat in winners else 0.0
        leads.append(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))
    n = len(lines)
    error = statistics.stdev(leads) / n**0.5 if n > 1 else float("nan")
    return (f"{n} games: A won {wins:g} ({100 * wins / n:.0f} %), A's mean lead "
            f"{statistics.mean(leads):+.1f} ± {error:.1f} VP")


def _setting(text: str) -> dict[str, Any]:
    """The :class:`~burgundy.bots.ExpertBot` arguments of a setting, its ``weights`` read
    (once) from the file it names."""
    try:
        value = json.loads(text)
        if not isinstance(value, dict):
            raise ValueError
        if "weights" in value:
            path = Path(value["weights"])
            data = json.loads(path.read_text(encoding="utf-8"))
            value["weights"] = ExpertWeights.from_dict(data)
        ExpertBot(**value)  # a bad setting fails here, before any game
    except (OSError, ValueError, TypeError) as error:
        raise argparse.ArgumentTypeError(f"not ExpertBot settings: {text!r} ({error})") from None
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=_setting, help="setting A (JSON of ExpertBot arguments)")
    parser.add_argument("b", type=_setting, help="setting B")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--variants", default="knowledge",
                        help='comma-separated variants (default: the standard game; "" the '
                             "base game)")
    parser.add_argument("--out", type=Path, required=True, help="results, a JSONL file")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        parser.error("--deals and --jobs must be at least 1")
    variants = tuple(v for v in args.variants.split(",") if v)
    tasks = [(deal, swapped, args.a, args.b, args.players, variants)
             for deal in range(args.deals) for swapped in (False, True)]
    lines = []
    with ProcessPoolExecutor(args.jobs) as pool, args.out.open("a", encoding="utf-8") as out:
        for line in (pool.map(play, tasks) if args.jobs > 1 else map(play, tasks)):
            lines.append(line)
            out.write(json.dumps(line) + "\n")
            out.flush()
            print(summary(lines), file=sys.stderr)
    print(summary(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
