"""A simple, documented valuation of a position for one seat, in VP.

``evaluate(state, seat)`` = the seat's VP
  + its final-scoring terms as they stand now, except those of its goods, silver and
    workers (the variants' terms such as knowledge scoring tiles are in),
  + what its goods, silverlings and workers can still buy, with diminishing returns
    (:func:`resource_use`): ``most * (1 - e^(-count / scale))``, so the first ones are worth
    most and no stock is worth more than ``most``:

  * goods: ``most`` = 6 x the sale's VP per tile (12 VP at 2 players), ``scale`` = 5,
  * silverlings: ``most`` = 6, ``scale`` = 4 (two of them buy a hex of the black depot),
  * workers: ``most`` = 4, ``scale`` = 3 (each turns a die by one);

  + what its duchy and storage may still become:

  * each covered duchy space: 3 (progress towards regions, colours, the end),
  * each stored hex: 2 if a space of its colour next to its covered spaces is empty, else
    0.2,
  * each mine: 1 silverling for each phase end still to come,
  * each unfinished region: ``0.6 * f² * (its VP + the current phase bonus)`` where ``f``
    is the share of it already covered (its VP as it will score:
    :func:`~burgundy.rules.scoring.scored_region_size`),
  * each colour not yet finished while a bonus tile is left: ``L * 0.5 * f³ * tile VP``,
    ``L`` the share of the game's rounds left (1 at the start, 0 after the last round).

At the end of the game the value is the seat's score: its goods, silver and workers count
what they score then. (Before issue #32 they counted their final VP all game long and the
duchy's terms shrank with ``L``: the greedy bot hoarded workers and silver from the middle of
the game on; the Bots page of the docs has the numbers.)

The variants' ``burgundy_evaluation`` modifiers then change that value, in variant order
(``f(state, seat, value) -> value``). A variant not won by VP values what it is won by (the
solo module: the chance to cover the duchy) with a :class:`~burgundy.hook_values.Valuation`,
which replaces this valuation: it is then not computed.
"""

from __future__ import annotations

import math

from burgundy.components import TILE_COLOUR
from burgundy.geometry import Board
from burgundy.hook_values import Valuation
from burgundy.rules.phases import mines
from burgundy.rules.place import colour_spaces
from burgundy.rules.scoring import (
    BONUS_TILES_PER_COLOUR,
    FINAL_VP_PER_GOOD,
    FINAL_VP_PER_SILVER,
    FINAL_WORKERS_PER_VP,
    LARGE_BONUS,
    PHASE_BONUS,
    SMALL_BONUS,
    final_terms,
    region_vp,
    scored_region_size,
)
from burgundy.rules.sell import SALE_VP
from burgundy.state import Estate, State

ROUNDS = 25

GOODS_USE: tuple[float, float] = (6.0, 5.0)
"""``(most, scale)`` of the goods for :func:`resource_use`; ``most`` is in sales of one tile
(times the sale's VP per tile)."""
SILVER_USE: tuple[float, float] = (6.0, 4.0)
"""``(most, scale)`` of the silverlings for :func:`resource_use`, in VP."""
WORKER_USE: tuple[float, float] = (4.0, 3.0)
"""``(most, scale)`` of the workers for :func:`resource_use`, in VP."""


def resource_use(count: int, shape: tuple[float, float]) -> float:
    """What ``count`` goods, silverlings or workers can still buy, in VP, with diminishing
    returns: ``most * (1 - e^(-count / scale))`` for ``shape = (most, scale)``.

    Examples:
        >>> from burgundy.bots.evaluate import WORKER_USE, resource_use
        >>> resource_use(0, WORKER_USE)
        0.0
        >>> first, second = resource_use(1, WORKER_USE), resource_use(2, WORKER_USE)
        >>> second - first < first       # the second worker buys less than the first
        True
        >>> resource_use(40, WORKER_USE) < 4.0    # no stock is worth more than ``most``
        True
    """
    most, scale = shape
    return most * (1.0 - math.exp(-count / scale))


def game_left(state: State) -> float:
    """Share of the game's rounds still to be played (1.0 at the start, 0.0 at the end)."""
    if state.phase >= 5:
        return 0.0
    return 1.0 - (state.phase * 5 + state.round) / ROUNDS


def evaluate(state: State, seat: int) -> float:
    """Return the valuation of ``state`` for seat ``seat`` (see the module docstring).

    It is :func:`base_value` (at the end of the game the seat's score, the final scoring in
    it already), changed by the variants' ``burgundy_evaluation`` modifiers in variant
    order; where a variant values the states by itself (:func:`own_valuation`), its
    valuation and the modifiers after it, and :func:`base_value` is not computed.
    """
    value = 0.0 if own_valuation(state) else base_value(state, seat)
    for modifier in state.rules.engine.evaluation:
        value = modifier(state, seat, value)
    return value


def own_valuation(state: State) -> bool:
    """Whether a variant of ``state``'s ruleset values the states by itself (a
    :class:`~burgundy.hook_values.Valuation` answers its ``burgundy_evaluation``): the engine's
    ``evaluation`` then starts with it, and the bots compute no valuation of their own.

    Examples:
        >>> import burgundy
        >>> own_valuation(burgundy.Game(players=2, seed=1).state)
        False
        >>> own_valuation(burgundy.Game(players=1, variants=("knowledge", "solo"), seed=1).state)
        True
    """
    evaluation = state.rules.engine.evaluation
    return bool(evaluation) and isinstance(evaluation[0], Valuation)


def base_value(state: State, seat: int) -> float:
    """The core's valuation of ``state`` for ``seat``, before the variants' modifiers."""
    if state.is_terminal:
        return float(state.seats[seat].vp)
    value = float(state.seats[seat].vp) + sum(final_terms(state, seat).values())
    left = game_left(state)
    if left <= 0.0:
        return value
    players = state.rules.value_players
    index = state.seats[seat].estate
    estate = state.estates[index]
    value += _resources(state, seat, estate, players)
    value += mines(state, index) * max(5 - state.phase, 0)
    board = state.rules.engine.boards.get(estate.board)
    if board is None:
        return value + len(estate.storage)
    value += 3.0 * (estate.filled.bit_count() - 1)
    fitting = _stored_fitting(state, seat, estate, board)
    value += 2.0 * fitting + 0.2 * (len(estate.storage) - fitting)
    value += 0.6 * _regions_prospect(state, index, estate, board)
    value += left * 0.5 * _colours_prospect(state, estate, board)
    return value


def stored_fitting(state: State, seat: int) -> int:
    """Return how many of the seat's stored hexes have an empty space they may go on next
    to its covered ones: one of their colour on the edge of the covered spaces, or, for a
    hex of no colour, where the variants let it go.

    Examples:
        >>> import burgundy
        >>> from burgundy.bots.evaluate import stored_fitting
        >>> stored_fitting(burgundy.Game(players=2, seed=1).state, 0)   # nothing stored yet
        0
    """
    estate = state.seat_estate(seat)
    board = state.rules.engine.boards.get(estate.board)
    if board is None:  # a seat without a duchy board
        return 0
    return _stored_fitting(state, seat, estate, board)


def _stored_fitting(state: State, seat: int, estate: Estate, board: Board) -> int:
    """:func:`stored_fitting` of the seat's ``estate`` on its ``board``."""
    open_edge = estate.frontier & ~estate.filled
    fitting = 0
    for tile in estate.storage:
        colour = TILE_COLOUR[tile]
        if colour >= 0:
            fitting += bool(board.colour_masks[colour] & open_edge)
        else:  # a tile of no colour: where the variants let it go
            fitting += bool(colour_spaces(state, seat, tile))
    return fitting


def regions_prospect(state: State, seat: int) -> float:
    """Return what the seat's regions under way may still score: the sum over its duchy's
    regions that are started but not finished of ``f² x (VP + B)``, where ``f`` is the share
    of the region covered, VP what the region scores at the size it will score as
    (:func:`~burgundy.rules.scoring.scored_region_size`) and ``B`` the current phase's bonus.

    Examples:
        >>> import burgundy
        >>> from burgundy.bots.evaluate import regions_prospect
        >>> regions_prospect(burgundy.Game(players=2, seed=1).state, 0)  # the castle's own
        0.0
    """
    index = state.seats[seat].estate
    estate = state.estates[index]
    board = state.rules.engine.boards.get(estate.board)
    if board is None:  # a seat without a duchy board
        return 0.0
    return _regions_prospect(state, index, estate, board)


def _regions_prospect(state: State, index: int, estate: Estate, board: Board) -> float:
    """:func:`regions_prospect` of ``estate`` (number ``index``) on its ``board``."""
    phase_bonus = PHASE_BONUS[min(state.phase, len(PHASE_BONUS) - 1)]
    filled = estate.filled
    resized = bool(state.rules.engine.region_size)  # no variant resizes: no call per region
    total = 0.0
    for number, region in enumerate(board.regions):
        covered = (region.mask & filled).bit_count()
        if 0 < covered < region.size:
            share = covered / region.size
            vp = region_vp(scored_region_size(state, index, number) if resized else region.size)
            total += share * share * (vp + phase_bonus)
    return total


def colours_prospect(state: State, seat: int) -> float:
    """Return what the seat may still win of the colours' bonus tiles: the sum over the
    colours its duchy has not finished, while a bonus tile of that colour is left, of
    ``f³ x`` that tile's VP (the large one while it is there), where ``f`` is the share of
    the colour's spaces covered.

    Examples:
        >>> import burgundy
        >>> from burgundy.bots.evaluate import colours_prospect
        >>> colours_prospect(burgundy.Game(players=2, seed=1).state, 0) > 0  # the castle
        True
    """
    estate = state.seat_estate(seat)
    board = state.rules.engine.boards.get(estate.board)
    if board is None:  # a seat without a duchy board
        return 0.0
    return _colours_prospect(state, estate, board)


def _colours_prospect(state: State, estate: Estate, board: Board) -> float:
    """:func:`colours_prospect` of ``estate`` on its ``board``."""
    filled = estate.filled
    players = state.rules.value_players
    total = 0.0
    for colour, tiles_left in enumerate(state.bonus_tiles):
        mask = board.colour_masks[colour]
        if tiles_left and mask & ~filled:
            share = (mask & filled).bit_count() / mask.bit_count()
            large = tiles_left == BONUS_TILES_PER_COLOUR  # the large tile is still there
            total += share**3 * (LARGE_BONUS if large else SMALL_BONUS)[players]
    return total


def _resources(state: State, seat: int, estate: Estate, players: int) -> float:
    """What the estate's goods, silver and workers can still buy, less what the final
    scoring (in the value already, at the estate's first seat) gives for them: while the
    game is on they count by their use, not by their final VP."""
    goods = sum(estate.goods)
    most, scale = GOODS_USE
    value = resource_use(goods, (most * SALE_VP[players], scale))
    value += resource_use(estate.silver, SILVER_USE) + resource_use(estate.workers, WORKER_USE)
    index = state.seats[seat].estate
    if all(other.estate != index for other in state.seats[:seat]):  # its first seat
        value -= goods * FINAL_VP_PER_GOOD + estate.silver * FINAL_VP_PER_SILVER
        value -= estate.workers // FINAL_WORKERS_PER_VP
    return value
