"""Tournaments between bots: every seating, seeded games, any executor, resumable results.

A :class:`TournamentSpec` names the ruleset (by its spec: players, variants, edition,
options), the bots (by spec string, as :func:`~burgundy.bots.make_bot` reads them), the
number of games and a master seed. :func:`run_tournament` plays it on any
:class:`concurrent.futures.Executor` (a process pool, the Ray executor of
:mod:`burgundy.tournament.ray_backend`, or none: in this process), sends the games in
batches, streams one JSON line per game to a file and resumes an interrupted run from it;
:func:`summarize` turns the results into a :class:`Summary`: win rates with their Wilson
interval, mean scores, and Elo ratings (Bradley–Terry) with an interval (:mod:`.stats`).

The package is made of modules, one concept each, and exports every public name of
them: :mod:`~burgundy.tournament.spec` (what a tournament plays: the spec, its seatings
and seeds), :mod:`~burgundy.tournament.run` (playing it: one game, a batch, the whole run),
:mod:`~burgundy.tournament.results` (the results file), :mod:`~burgundy.tournament.summary`
(the standings), :mod:`~burgundy.tournament.stats` (their statistics) and
:mod:`~burgundy.tournament.ray_backend` (the Ray executor; not imported here).

Seatings and seeds (so that any game is reproducible from its ruleset, bots and seed, and
the same on every backend):

* :func:`seatings`: with at least as many bots as seats, every ordered choice of distinct
  bots for the seats; with fewer bots than seats, every assignment of bots to seats that
  uses each bot at least once. Either way every bot sits in every seat equally often.
* Game *g* is deal ``g // S`` played in seating ``g % S`` (*S* seatings): the games of a deal
  share a seed (:func:`deal_seed` of the master seed), so each deal is played once in every
  seating — balanced exactly when ``games`` is a multiple of *S*.
* :func:`play_game` plays one game: ``Game(rules, seed=seed)``, the bot of seat *s* built
  with seed ``seed * 10 + s``.
"""

from __future__ import annotations

from burgundy.tournament.results import FORMAT, FORMAT_VERSION, read_results
from burgundy.tournament.run import (
    DEFAULT_BATCH,
    Progress,
    TournamentResult,
    default_batch_size,
    play_batch,
    play_game,
    run_tournament,
)
from burgundy.tournament.spec import TournamentSpec, bot_seed, deal_seed, seatings
from burgundy.tournament.summary import ELO_METHOD, WIN_INTERVAL, Standing, Summary, summarize

__all__ = [
    "DEFAULT_BATCH",
    "ELO_METHOD",
    "FORMAT",
    "FORMAT_VERSION",
    "WIN_INTERVAL",
    "Progress",
    "Standing",
    "Summary",
    "TournamentResult",
    "TournamentSpec",
    "bot_seed",
    "deal_seed",
    "default_batch_size",
    "play_batch",
    "play_game",
    "read_results",
    "run_tournament",
    "seatings",
    "summarize",
]
