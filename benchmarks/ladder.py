"""The bots' ladder (issue #35): ``make ladder``.

Plays the matches of :data:`MATCHES` with ``burgundy.tournament`` (every seating, seats
swapped, seeded: reproducible), each into ``benchmarks/ladder/NAME.jsonl`` — an interrupted
run resumes, a finished match is not played again — and writes the table
``benchmarks/ladder/table.md`` that docs/bots.md shows: per match the games, each bot's win
rate with its 95 % interval and mean score, and the Elo of every bot over all the two-player
games of the standard game together.

    python benchmarks/ladder.py                    # every match, on every core
    python benchmarks/ladder.py --only std-2p-expert-mcts --games 20 --jobs 2
    python benchmarks/ladder.py --table            # only write the table again

A match's bots are named as in ``burgundy tournament --bots``; the 3- and 4-player matches
seat one expert against a field of MCTS(200) (``mcts:200`` named two or three times: every
game is a new one, the expert in each seat in turn).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs

from burgundy.tournament import TournamentSpec, read_results, run_tournament
from burgundy.tournament.stats import elo_with_interval, pairwise, wilson_interval
from burgundy.variants import Ruleset

HERE = Path(__file__).resolve().parent / "ladder"
EXPERT = "expert:iterations=2000"
"""The expert as the ladder plays it: deterministic, about a second a decision here."""
EXPERT_BEFORE = "expert:iterations=2000:exploration=0.7"
"""The expert before its exploration constant was halved (2026-12-07): the matches not
played again since keep their games under this name, and ``std-2p-expert07-mcts`` keeps
its match against MCTS(200) beside the new one's (docs/bots.md, "The ladder")."""
ALL_VARIANTS = ("knowledge", "shields", "outposts", "trade_routes", "white_castles", "inns",
                "extra_hexes")


@attrs.frozen
class Match:
    """One tournament of the ladder."""

    name: str
    players: int
    bots: tuple[str, ...]
    games: int
    variants: tuple[str, ...] | None = None  # None: the standard game
    options: dict[str, Any] = attrs.field(factory=dict)
    seed: int = 35

    def spec(self, games: int | None = None) -> TournamentSpec:
        rules = Ruleset(players=self.players, variants=self.variants, options=self.options)
        return TournamentSpec(ruleset=rules, bots=list(self.bots),
                              games=games or self.games, seed=self.seed)


MATCHES: tuple[Match, ...] = (
    Match("std-2p-mcts-mcts", 2, ("mcts:200",), 20),
    Match("std-2p-expert-greedy", 2, (EXPERT_BEFORE, "greedy"), 100),
    Match("std-2p-expert-mcts", 2, (EXPERT, "mcts:200"), 100),
    Match("std-2p-expert07-mcts", 2, (EXPERT_BEFORE, "mcts:200"), 100),
    Match("std-2p-expert-expert", 2, (EXPERT,), 20),
    Match("std-3p-expert-mcts", 3, (EXPERT, "mcts:200", "mcts:200"), 24),
    Match("std-4p-expert-mcts", 4, (EXPERT, "mcts:200", "mcts:200", "mcts:200"), 24),
    Match("solo-13a-expert", 1, (EXPERT,), 100, ("knowledge", "solo")),
    Match("solo-13a-mcts", 1, ("mcts:200",), 100, ("knowledge", "solo")),
    Match("all-2p-expert-mcts", 2, (EXPERT_BEFORE, "mcts:200"), 40, ALL_VARIANTS,
          {"trade_routes_deck": "generated"}),
)
"""The ladder's matches."""


def play(match: Match, jobs: int, games: int | None) -> None:
    """Play (or resume) one match into its results file."""
    spec = match.spec(games)
    path = HERE / f"{match.name}.jsonl"
    if path.exists():
        spec = _extend(path, spec)
    with ProcessPoolExecutor(jobs) as pool:
        result = run_tournament(spec, pool, out=path,
                                progress=lambda done, n: print(f"{match.name}: {done}/{n}",
                                                               file=sys.stderr))
    print(result.summary.table(), file=sys.stderr)


def _extend(path: Path, spec: TournamentSpec) -> TournamentSpec:
    """The spec to go on with in ``path``: a match played with fewer games goes on to
    ``spec``'s (game *g* has the same seating and seed whatever the number of games, so the
    games played stay: only the header changes); one with more games stays as it is."""
    found, _ = read_results(path)
    if attrs.evolve(found, games=spec.games) != spec:
        raise ValueError(f"{path} holds another match; move it away to play this one")
    if found.games >= spec.games:
        return found
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    header["tournament"] = spec.to_dict()
    path.write_text(json.dumps(header, sort_keys=True) + "\n" + "".join(lines[1:]),
                    encoding="utf-8")
    return spec


def _rows(match: Match) -> tuple[TournamentSpec, list[dict[str, Any]]] | None:
    path = HERE / f"{match.name}.jsonl"
    return read_results(path) if path.exists() else None


def table() -> str:
    """The ladder's table in Markdown, from the results files there are."""
    lines = ["| match | games | bot | win % (95 % interval) | mean score |",
             "|---|---:|---|---:|---:|"]
    elo_games: list[list[tuple[int, int, float]]] = []
    names: list[str] = []
    for match in MATCHES:
        found = _rows(match)
        if found is None:
            continue
        spec, results = found
        if not results:
            continue
        summary = spec_summary(spec, results)
        for bot, wins, seats, mean in summary:
            low, high = wilson_interval(wins, seats)
            lines.append(f"| {match.name} | {len(results)} | `{bot}` | "
                         f"{100 * wins / seats:.0f} ({100 * low:.0f}–{100 * high:.0f}) | "
                         f"{mean:.1f} |")
        if match.players == 2 and match.variants is None and len(spec.names) > 1:
            for bot in spec.names:
                if bot not in names:
                    names.append(bot)
            for result in results:
                bots = [names.index(bot) for bot in result["seats"]]
                elo_games.append(pairwise(result["winners"], result["scores"], bots))
    out = "\n".join(lines)
    ratings = elo_with_interval(elo_games, len(names)) if names else None
    if ratings:
        out += ("\n\nElo over the two-player games of the standard game (Bradley–Terry, "
                "mean 0, 95 % interval):\n\n| bot | Elo | interval |\n|---|---:|---:|\n")
        order = sorted(range(len(names)), key=lambda i: -ratings[i][0])
        out += "\n".join(f"| `{names[i]}` | {ratings[i][0]:.0f} | "
                         f"{ratings[i][1]:.0f} … {ratings[i][2]:.0f} |" for i in order)
    return out + "\n"


def spec_summary(spec: TournamentSpec, results: Sequence[dict[str, Any]]
                 ) -> list[tuple[str, float, int, float]]:
    """Per bot: ``(name, wins, seats played, mean score)``; a solo game's win is its
    ``winners`` (the solo module's result)."""
    out = []
    for bot in spec.names:
        wins = 0.0
        seats = 0
        total = 0
        for result in results:
            mine = [s for s, b in enumerate(result["seats"]) if b == bot]
            seats += len(mine)
            total += sum(result["scores"][s] for s in mine)
            winners = result["winners"]
            wins += sum(1.0 / len(winners) for s in mine if s in winners)
        out.append((bot, wins, seats, total / max(seats, 1)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=None, metavar="NAME",
                        help="play only this match (repeatable)")
    parser.add_argument("--games", type=int, default=None,
                        help="games per match instead of the ladder's")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--table", action="store_true", help="only write the table")
    args = parser.parse_args(argv)
    known = {m.name: m for m in MATCHES}
    for name in args.only or []:
        if name not in known:
            parser.error(f"no match {name!r}; the matches: {', '.join(known)}")
    HERE.mkdir(exist_ok=True)
    if not args.table:
        for match in MATCHES:
            if args.only is None or match.name in args.only:
                play(match, args.jobs, args.games)
    (HERE / "table.md").write_text(table(), encoding="utf-8")
    print(f"wrote {HERE / 'table.md'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
