"""A tournament's standings: :func:`summarize` turns games' results into a :class:`Summary`
of a :class:`Standing` per bot (win rates with their Wilson interval, mean scores, Elo
ratings with an interval; the statistics are :mod:`burgundy.tournament.stats`). Every name
here is exported by :mod:`burgundy.tournament` too.

Examples:
    >>> from burgundy.tournament import WIN_INTERVAL
    >>> WIN_INTERVAL
    'Wilson score interval, 95 %'
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from burgundy.tournament.spec import TournamentSpec
from burgundy.tournament.stats import Pair, elo_with_interval, pairwise, wilson_interval

WIN_INTERVAL = "Wilson score interval, 95 %"
"""How the win rates' intervals are computed (:func:`.stats.wilson_interval`)."""
ELO_METHOD = ("Bradley–Terry maximum a posteriori on the pairwise results (one virtual draw "
              "between every two bots), as Elo (400 log10), mean 0; 95 % interval ±1.96 "
              "standard errors (Laplace approximation)")
"""How the Elo ratings and their intervals are computed (:mod:`burgundy.tournament.stats`)."""


@attrs.frozen
class Standing:
    """One bot's line of a :class:`Summary`.

    Attributes:
        bot: Its spec.
        games: Games it played in.
        seats: Seats it played (more than ``games`` when it held several seats a game);
            in team play the teams it played (a team's two seats count once).
        wins: Seats (teams) that won; a victory shared by *k* of them counts 1/*k* to each.
        win_rate: ``wins / seats``.
        win_low: Lower end of the win rate's 95 % Wilson interval.
        win_high: Upper end.
        mean_score: Mean VP of its seats (of its teams: the partners' VP summed).
        score_sd: Their standard deviation (population).
        elo: Its Elo rating (the bots' mean is 0), or ``None`` without comparisons (one
            bot, solo games).
        elo_low: Lower end of the rating's 95 % interval.
        elo_high: Upper end.
    """

    bot: str
    games: int
    seats: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_sd: float
    elo: float | None
    elo_low: float | None
    elo_high: float | None


@attrs.frozen
class Summary:
    """A tournament's results as data: a :class:`Standing` per bot, best first (by Elo,
    else by win rate), and the methods behind the intervals.

    Examples:
        >>> import burgundy
        >>> from burgundy.tournament import TournamentSpec, run_tournament
        >>> spec = TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()),
        ...                       bots="random,greedy", games=2, seed=1)
        >>> summary = run_tournament(spec).summary
        >>> [s.bot for s in summary.standings]
        ['greedy', 'random']
        >>> print(summary.table().splitlines()[1])
        bot           games  seats   wins   win%        95% CI   mean    sd    elo        95% CI
    """

    games: int
    players: int
    standings: tuple[Standing, ...]
    win_interval: str = WIN_INTERVAL
    elo_method: str = ELO_METHOD

    def to_dict(self) -> dict[str, Any]:
        """Return the summary as JSON-able data."""
        return attrs.asdict(self, recurse=True)

    def table(self) -> str:
        """Return the summary as a text table (what ``burgundy tournament`` prints)."""
        people = f"{self.players} player{'s' if self.players != 1 else ''}"
        width = max([12, *(len(s.bot) for s in self.standings)])  # long specs stay aligned
        lines = [f"{self.games} game{'s' if self.games != 1 else ''}, {people}",
                 f"{'bot':{width}s} {'games':>6s} {'seats':>6s} {'wins':>6s} {'win%':>6s} "
                 f"{'95% CI':>13s} {'mean':>6s} {'sd':>5s} {'elo':>6s} {'95% CI':>13s}"]
        for s in self.standings:
            elo = ("" if s.elo is None else f"{s.elo:6.0f}")
            band = ("" if s.elo_low is None or s.elo_high is None
                    else f"{s.elo_low:6.0f}..{s.elo_high:<5.0f}")
            lines.append(
                f"{s.bot:{width}s} {s.games:6d} {s.seats:6d} {s.wins:6.1f} "
                f"{100 * s.win_rate:5.1f}% "
                f"{100 * s.win_low:5.1f}..{100 * s.win_high:<5.1f} {s.mean_score:6.1f} "
                f"{s.score_sd:5.1f} {elo:>6s} {band:>13s}".rstrip()
            )
        lines.append(f"win% interval: {self.win_interval}")
        if any(s.elo is not None for s in self.standings):
            lines.append(f"elo: {self.elo_method}")
        return "\n".join(lines) + "\n"


def _sides(spec: TournamentSpec, result: Mapping[str, Any],
           ) -> tuple[list[str], list[int], list[int]]:
    """A game's result by side (estate): the bot of each, the sides that won, each side's
    VP (its seats' sum: a team's VP in team play). Without teams, the seats as they are."""
    seats, winners, scores = result["seats"], result["winners"], result["scores"]
    if len(spec.sides) == len(seats):
        return list(seats), list(winners), list(scores)
    won = set(winners)
    return ([seats[side[0]] for side in spec.sides],
            [i for i, side in enumerate(spec.sides) if won & set(side)],
            [sum(scores[seat] for seat in side) for side in spec.sides])


def summarize(spec: TournamentSpec, results: Sequence[Mapping[str, Any]]) -> Summary:
    """Return the :class:`Summary` of some games of a tournament (all of them, or the ones
    played so far).

    In team play each team is one side: a bot's ``seats`` count the teams it played, a
    team's win counts once (shared by the teams that tie), its score is its partners' VP
    summed, and the Elo comparisons are between teams.

    Examples:
        >>> import burgundy
        >>> from burgundy.tournament import TournamentSpec, play_game, summarize
        >>> spec = TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()),
        ...                       bots="greedy,random", games=2)
        >>> games = [play_game(spec.ruleset, *spec.game(g)) for g in range(2)]
        >>> summarize(spec, games).standings[0].win_rate
        1.0
    """
    names = spec.names
    index = {bot: i for i, bot in enumerate(names)}
    per_bot: dict[str, dict[str, Any]] = {b: {"games": 0, "seats": 0, "wins": 0.0,
                                               "scores": []} for b in names}
    comparisons: list[list[Pair]] = []
    for result in results:
        bots, winners, scores = _sides(spec, result)
        for bot in set(bots):
            per_bot[bot]["games"] += 1
        for side, bot in enumerate(bots):
            row = per_bot[bot]
            row["seats"] += 1
            if side in winners:
                row["wins"] += 1 / len(winners)
            row["scores"].append(scores[side])
        comparisons.append(pairwise(winners, scores, [index[b] for b in bots]))
    elo = elo_with_interval(comparisons, len(names)) if results else None
    standings = []
    for i, bot in enumerate(names):
        row = per_bot[bot]
        n = row["seats"]
        low, high = wilson_interval(row["wins"], n)
        scores = row["scores"]
        rating = elo[i] if elo is not None else (None, None, None)
        standings.append(Standing(
            bot=bot, games=row["games"], seats=n, wins=round(row["wins"], 6),
            win_rate=row["wins"] / n if n else 0.0, win_low=low, win_high=high,
            mean_score=statistics.fmean(scores) if scores else 0.0,
            score_sd=statistics.pstdev(scores) if len(scores) > 1 else 0.0,
            elo=rating[0], elo_low=rating[1], elo_high=rating[2],
        ))
    standings.sort(key=lambda s: (-(s.elo if s.elo is not None else 0.0), -s.win_rate, s.bot))
    return Summary(games=len(results), players=spec.players, standings=tuple(standings))


__all__ = ["ELO_METHOD", "WIN_INTERVAL", "Standing", "Summary", "summarize"]
