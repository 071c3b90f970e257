"""The statistics of a tournament's summary: the Wilson score interval of a win rate, and
Elo ratings from a Bradley–Terry model fitted to the pairwise results, with a Laplace
interval.

Pairwise results: in each game, every two seats played by *different* bots are one
comparison. A seat among the winners beats a seat that is not; two winners (a shared
victory) draw; two seats that did not win are ordered by score, equal scores a draw. A draw
counts half a win to each side.

Bradley–Terry: bot *i* has a strength *pᵢ* and beats *j* with probability
*pᵢ / (pᵢ + pⱼ)*. The strengths are the maximum a posteriori estimate with **one virtual
draw between every two bots** (a prior that keeps the estimate finite when one bot won every
comparison, as BayesElo's), found by Hunter's MM iteration. The Elo rating is
*400 · log₁₀ pᵢ*, shifted so that the bots' mean rating is 0; a difference of 400 Elo means
odds of 10 to 1. The 95 % interval is the rating ± 1.96 standard errors, the standard errors
from the curvature of the log-posterior at its peak (the Laplace approximation: the inverse
of the observed information, on ratings relative to the mean).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""

Pair = tuple[int, int, float]
"""One comparison: bot ``a``, bot ``b``, and ``a``'s result against ``b`` (1, 0.5 or 0)."""


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion ``wins / n`` (95 % by default).

    Unlike the normal approximation it stays inside [0, 1] and is sensible at 0 or n wins.
    ``wins`` may be fractional (shared victories count a share of a win).

    Args:
        wins: Successes (0 to ``n``).
        n: Trials; 0 gives the whole interval (0, 1).
        z: The normal quantile (1.96 for 95 %).

    Examples:
        >>> from burgundy.tournament.stats import wilson_interval
        >>> low, high = wilson_interval(8, 10)
        >>> round(low, 3), round(high, 3)
        (0.49, 0.943)
        >>> wilson_interval(0, 0)
        (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def pairwise(winners: Sequence[int], scores: Sequence[int], bots: Sequence[int]) -> list[Pair]:
    """Return the comparisons of one game: for every two seats with different bots,
    ``(bot of the first seat, bot of the second, the first's result)`` (see the module).

    Args:
        winners: The seats that won.
        scores: The score of each seat.
        bots: The bot (an index) of each seat.

    Examples:
        >>> from burgundy.tournament.stats import pairwise
        >>> pairwise(winners=[1], scores=[50, 60, 55], bots=[0, 1, 2])
        [(0, 1, 0.0), (0, 2, 0.0), (1, 2, 1.0)]
        >>> pairwise(winners=[0, 1], scores=[70, 70], bots=[0, 1])
        [(0, 1, 0.5)]
    """
    won = set(winners)
    out: list[Pair] = []
    for i in range(len(bots)):
        for j in range(i + 1, len(bots)):
            if bots[i] == bots[j]:
                continue
            if (i in won) != (j in won):
                result = 1.0 if i in won else 0.0
            elif i in won or scores[i] == scores[j]:
                result = 0.5
            else:
                result = 1.0 if scores[i] > scores[j] else 0.0
            out.append((bots[i], bots[j], result))
    return out


def _strengths(wins: Sequence[Sequence[float]], prior: float,
               ) -> tuple[list[float], list[list[float]]]:
    """Hunter's MM iteration: the strengths (geometric mean 1) and the games per pair."""
    k = len(wins)
    w = [[wins[i][j] + (prior / 2 if i != j else 0.0) for j in range(k)] for i in range(k)]
    games = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    total = [sum(row) for row in w]
    p = [1.0] * k
    for _ in range(100000):
        new = []
        for i in range(k):
            denominator = sum(games[i][j] / (p[i] + p[j]) for j in range(k) if j != i)
            new.append(max(total[i] / denominator, 1e-300) if denominator > 0 else p[i])
        mean_log = sum(math.log(v) for v in new) / k
        new = [v / math.exp(mean_log) for v in new]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, p, strict=True))
        p = new
        if change < 1e-12:
            break
    return p, games


def bradley_terry(wins: Sequence[Sequence[float]], prior: float = 1.0) -> list[float]:
    """Fit Bradley–Terry strengths by Hunter's MM iteration and return Elo ratings (mean 0).

    Args:
        wins: ``wins[i][j]`` is how often bot ``i`` beat bot ``j`` (draws count half).
        prior: Virtual draws added between every two bots (``prior / 2`` wins each way).

    Examples:
        >>> from burgundy.tournament.stats import bradley_terry
        >>> [round(r) for r in bradley_terry([[0, 3], [1, 0]], prior=0)]
        [95, -95]
        >>> a, b = bradley_terry([[0, 10], [0, 0]])   # finite despite a clean sweep
        >>> round(a - b)
        529
    """
    k = len(wins)
    if k == 0:
        return []
    p, _ = _strengths(wins, prior)
    ratings = [ELO * math.log(v) for v in p]
    centre = sum(ratings) / k
    return [r - centre for r in ratings]


ELO = 400 / math.log(10)
"""Elo points per unit of the Bradley–Terry log-strength (400 Elo: odds of 10 to 1)."""


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small positive-definite matrix (Gauss–Jordan)."""
    k = len(matrix)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        head = a[col][col]
        a[col] = [v / head for v in a[col]]
        for r in range(k):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [v - factor * h for v, h in zip(a[r], a[col], strict=True)]
    return [row[k:] for row in a]


def elo_with_interval(
    games: Sequence[Sequence[Pair]], k: int, prior: float = 1.0, z: float = Z95
) -> list[tuple[float, float, float]] | None:
    """Return each bot's ``(elo, low, high)``: its Bradley–Terry Elo (mean 0) and a 95 %
    interval of ±1.96 standard errors from the curvature of the log-posterior at its peak
    (the Laplace approximation); ``None`` when no game has a comparison (one bot, solo
    games).

    The standard errors are those of each rating minus the bots' mean rating: the
    pseudo-inverse of the negative Hessian, whose null space is the common shift.

    Args:
        games: Each game's comparisons (:func:`pairwise`).
        k: The number of bots.
        prior: Virtual draws between every two bots.
        z: The normal quantile of the interval.

    Examples:
        >>> from burgundy.tournament.stats import elo_with_interval
        >>> (elo, low, high), _ = elo_with_interval([[(0, 1, 1.0)]] * 9 + [[(0, 1, 0.0)]], 2)
        >>> low < elo < high
        True
        >>> (a, a_low, _), (b, _, b_high) = elo_with_interval([[(0, 1, 1.0)]] * 8, 2)
        >>> a_low < a and b < b_high              # a sweep is not certainty
        True
        >>> elo_with_interval([[], []], 1) is None
        True
    """
    if not any(games):
        return None
    wins = win_matrix(games, k)
    p, played = _strengths(wins, prior)
    # the negative Hessian of the log-posterior in the log-strengths: a weighted Laplacian
    hessian = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j:
                weight = played[i][j] * p[i] * p[j] / (p[i] + p[j]) ** 2
                hessian[i][j] -= weight
                hessian[i][i] += weight
    shifted = _inverse([[h + 1.0 / k for h in row] for row in hessian])
    ratings = [ELO * math.log(v) for v in p]
    centre = sum(ratings) / k
    out = []
    for i in range(k):
        error = ELO * math.sqrt(max(shifted[i][i] - 1.0 / k, 0.0))
        rating = ratings[i] - centre
        out.append((rating, rating - z * error, rating + z * error))
    return out


def win_matrix(games: Sequence[Sequence[Pair]], k: int) -> list[list[float]]:
    """Add up the comparisons of some games into ``wins[i][j]``.

    Examples:
        >>> from burgundy.tournament.stats import win_matrix
        >>> win_matrix([[(0, 1, 1.0)], [(0, 1, 0.5)]], 2)
        [[0.0, 1.5], [0.5, 0.0]]
    """
    wins = [[0.0] * k for _ in range(k)]
    for pairs in games:
        for a, b, result in pairs:
            wins[a][b] += result
            wins[b][a] += 1.0 - result
    return wins


__all__ = [
    "ELO",
    "Z95",
    "Pair",
    "bradley_terry",
    "elo_with_interval",
    "pairwise",
    "wilson_interval",
    "win_matrix",
]
