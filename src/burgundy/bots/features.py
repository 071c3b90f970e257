"""What the expert bot's learned valuation sees of a position: a few numbers per seat.

:func:`features` returns, for one seat, the quantities the hand-set valuation of
:mod:`burgundy.bots.evaluate` weighs by hand — its VP, its end terms as they stand, what
its goods sell for, its silverlings and workers, its mines, its duchy and storage, its
regions and colours under way — each once times the share of the game left and once
times the share played (so that a weight moves over the game: a worker is worth more
early than late). The expert bot's valuation is a weighted sum of them, with weights
fitted to the final scores of self-play games and none negative
(``tools/fit_expert.py``; :mod:`burgundy.bots.expert`): no quantity counts against a seat
at any time of the game. Every quantity is in units that mean the same at any number of
players (the goods in the VP a sale gives at the game's count), so one set of weights
serves them all.

The names are :data:`FEATURE_NAMES`, in the order of the values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from burgundy.bots.evaluate import (
    _colours_prospect,
    _regions_prospect,
    _stored_fitting,
    game_left,
)
from burgundy.geometry import Board
from burgundy.rules.phases import mines
from burgundy.rules.scoring import final_terms
from burgundy.rules.sell import SALE_VP
from burgundy.state import Estate, State

RESOURCE_TERMS = frozenset({"goods", "silver", "workers"})
"""The end terms left out of ``end_terms``: the resources have features of their own."""

QUANTITIES: tuple[str, ...] = (
    "end_terms",       # its final-scoring terms now, but those of goods, silver and workers
    "goods_vp",        # the VP a goods tile sells for at this player count x (1 - e^(-goods / 5))
    "silver",          # 1 - e^(-silver / 4)
    "workers",         # 1 - e^(-workers / 3)
    "mines",           # mines x phase ends still to come
    "hexes",           # hexes taken: covered duchy spaces (but the start castle) + stored
    "placed",          # covered duchy spaces (but the start castle)
    "placed_or_fits",  # covered spaces + stored hexes with a free space of their colour next
                       # to the covered ones
    "regions",         # sum over started regions of share^2 x (region VP + phase bonus),
                       # the VP of the size it will score as (scored_region_size)
    "colours",         # sum over colours with a bonus tile left of share^3 x that tile's VP
)
"""The quantities the valuation weighs, each at two times of the game (below). They are
built so that placing a stored hex loses nothing it was worth in storage: it keeps
``hexes``, adds to ``placed``, and stays in ``placed_or_fits``."""

FEATURE_NAMES: tuple[str, ...] = ("vp", *(f"{q}@start" for q in QUANTITIES),
                                  *(f"{q}@end" for q in QUANTITIES))
"""The names of :func:`features`' values, in order: the seat's VP so far (its weight is
1: a VP is a VP), then each quantity times the share of the game left (``@start``), then
each times the share played (``@end``): a quantity's weight moves from the first to the
second over the game."""


def features(state: State, seat: int) -> list[float]:
    """Return the values of :data:`FEATURE_NAMES` for ``seat`` in ``state`` (a state that
    is not terminal; a finished game is valued by its score).

    Args:
        state: A state of any ruleset.
        seat: The seat to describe.

    Examples:
        >>> import burgundy
        >>> from burgundy.bots.features import FEATURE_NAMES, features
        >>> values = features(burgundy.Game(players=2, seed=1).state, 0)
        >>> len(values) == len(FEATURE_NAMES), values[0]
        (True, 0.0)
    """
    index = state.seats[seat].estate
    estate = state.estates[index]
    terms = final_terms(state, seat)
    end = sum(vp for name, vp in terms.items() if name not in RESOURCE_TERMS)
    quantities = [
        float(end),
        SALE_VP[state.rules.value_players] * (1.0 - math.exp(-sum(estate.goods) / 5.0)),
        1.0 - math.exp(-estate.silver / 4.0),
        1.0 - math.exp(-estate.workers / 3.0),
        float(mines(state, index) * max(5 - state.phase, 0)),
        float(len(estate.storage)), 0.0, 0.0, 0.0, 0.0,
    ]
    board = state.rules.engine.boards.get(estate.board)
    if board is not None:
        _duchy(state, seat, index, estate, board, quantities)
    left = game_left(state)
    return [float(state.seats[seat].vp), *(q * left for q in quantities),
            *(q * (1.0 - left) for q in quantities)]


def weighted_features(state: State, seat: int, weights: Sequence[float]) -> float:
    """Return the sum of ``weights`` times :func:`features` of ``seat`` in ``state``: the
    expert's prediction of the seat's final score (:func:`burgundy.bots.expert.expert_value`),
    summed here so that the compiled build sums it too.

    Raises:
        ValueError: ``weights`` is not one number per name of :data:`FEATURE_NAMES`.

    Examples:
        >>> import burgundy
        >>> from burgundy.bots.features import FEATURE_NAMES, weighted_features
        >>> state = burgundy.Game(players=2, seed=1).state
        >>> ones = [1.0] * len(FEATURE_NAMES)
        >>> abs(weighted_features(state, 0, ones) - sum(features(state, 0))) < 1e-9
        True
    """
    values = features(state, seat)
    if len(weights) != len(values):
        raise ValueError(f"{len(values)} weights needed, one per feature; got {len(weights)}")
    total = 0.0
    for index, value in enumerate(values):
        total += weights[index] * value
    return total


def _duchy(state: State, seat: int, index: int, estate: Estate, board: Board,
           quantities: list[float]) -> None:
    """Add the duchy's entries to ``quantities`` (``hexes`` to ``colours``): the seat's
    ``estate`` (number ``index``) on its ``board``."""
    placed = float(estate.filled.bit_count() - 1)
    quantities[5] += placed
    quantities[6] = placed
    quantities[7] = placed + _stored_fitting(state, seat, estate, board)
    quantities[8] = _regions_prospect(state, index, estate, board)
    quantities[9] = _colours_prospect(state, estate, board)
