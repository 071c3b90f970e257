"""A simple, documented valuation of a position for one seat, in VP.

``evaluate(state, seat)`` = the seat's VP
  + its final-scoring terms as they stand now (unsold goods, silver, workers/2 and the
    variants' terms such as knowledge scoring tiles),
  + what its resources may still become, weighted by the share of the game left ``L``
    (1 at the start, 0 after the last round):

  * each unsold goods tile: ``L * (sale VP - 1) * 0.6`` more (it can still be sold),
  * each worker: ``L * 0.25`` less than its final half VP (workers are cheap early), and
    up to 6 workers ``L * 0.2`` each more (they turn dice),
  * each covered duchy space: ``L * 3`` (progress towards regions, colours, the end),
  * each stored hex: ``L * 2`` if a space of its colour is still empty, else ``L * 0.2``,
  * each mine: 1 silverling for each phase end still to come,
  * each unfinished region: ``L * 0.6 * f² * (its VP + the current phase bonus)`` where
    ``f`` is the share of it already covered,
  * each colour not yet finished while a bonus tile is left: ``L * 0.5 * f³ * tile VP``.

The variants' ``burgundy_evaluation`` modifiers then change that value, in variant order
(``f(state, seat, value) -> value``): a variant not won by VP values what it is won by
(the solo module: covered spaces).
"""

from __future__ import annotations

from burgundy.components import TILE_COLOUR
from burgundy.rules.phases import mines
from burgundy.rules.place import colour_spaces
from burgundy.rules.scoring import (
    BONUS_TILES_PER_COLOUR,
    LARGE_BONUS,
    PHASE_BONUS,
    SMALL_BONUS,
    final_terms,
    region_vp,
)
from burgundy.rules.sell import SALE_VP
from burgundy.state import State

ROUNDS = 25


def game_left(state: State) -> float:
    """Share of the game's rounds still to be played (1.0 at the start, 0.0 at the end)."""
    if state.phase >= 5:
        return 0.0
    return 1.0 - (state.phase * 5 + state.round) / ROUNDS


def evaluate(state: State, seat: int) -> float:
    """Return the valuation of ``state`` for seat ``seat`` (see the module docstring).

    At the end of the game it is the seat's score (the final scoring is in it already),
    unless a variant's ``burgundy_evaluation`` modifier says otherwise; the modifiers
    change every value, in variant order.
    """
    value = base_value(state, seat)
    for modifier in state.rules.engine.evaluation:
        value = modifier(state, seat, value)
    return value


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
    board = state.rules.engine.boards.get(estate.board)
    value += left * (SALE_VP[players] - 1) * 0.6 * sum(estate.goods)
    value += left * (0.2 * min(estate.workers, 6) - 0.25 * estate.workers)
    value += mines(state, index) * max(5 - state.phase, 0)
    if board is None:
        return value + left * len(estate.storage)
    value += left * 3.0 * (estate.filled.bit_count() - 1)
    for tile in estate.storage:
        colour = TILE_COLOUR[tile]
        if colour >= 0:
            open_space = board.colour_masks[colour] & ~estate.filled
        else:  # a tile of no colour: where the variants let it go
            open_space = colour_spaces(state, seat, tile)
        value += left * (2.0 if open_space else 0.2)
    phase_bonus = PHASE_BONUS[min(state.phase, len(PHASE_BONUS) - 1)]
    filled = estate.filled
    for region in board.regions:
        covered = (region.mask & filled).bit_count()
        if 0 < covered < region.size:
            share = covered / region.size
            value += left * 0.6 * share * share * (region_vp(region.size) + phase_bonus)
    for colour, tiles_left in enumerate(state.bonus_tiles):
        mask = board.colour_masks[colour]
        if tiles_left and mask & ~filled:
            share = (mask & filled).bit_count() / mask.bit_count()
            large = tiles_left == BONUS_TILES_PER_COLOUR  # the large tile is still there
            tile_vp = (LARGE_BONUS if large else SMALL_BONUS)[players]
            value += left * 0.5 * share**3 * tile_vp
    return value
