"""The bots' valuation of a solo game (hook ``burgundy_evaluation``).

A solo game is won by covering every space of the duchy within the 25 rounds
(R-SOLO-RESULT); VP count only on the way to the target marker, whose reset brings a die
action (R-SOLO-TARGET). So the core's valuation, in VP, is replaced by one in covered
spaces, each worth :data:`SPACE` (a VP-like scale, so that the Monte Carlo bot's ``scale``
of 10 stays a clear lead: two spaces or so):

* a finished game: the spaces covered, and :data:`WIN` spaces more if it is won;
* before that, the spaces covered, and what may still become one, weighted by ``soon``
  (1 until the last rounds, then falling to 0 with the rounds left):

  * each stored hex: :data:`PLACEABLE` when a space it may go on now is empty (its colour,
    adjacency, the building rule; a black tile any space), :data:`LATER` when a space of
    its colour is empty but out of reach for now, else nothing;
  * each die action still owed to the seat (a castle's or the target's reset,
    ``BonusAction``): :data:`DIE_ACTION`;
  * the score marker's way to the target: ``DIE_ACTION * score / target`` (the reset's die
    action; its excess is lost, so VP beyond the target are worth nothing more);
  * each silverling :data:`SILVER` (2 buy a black-depot hex), each worker :data:`WORKER`
    (up to :data:`USEFUL_WORKERS`), each good :data:`GOOD` (5 buy a black tile after a
    ship, R-SOLO-BLACK; goods are sold for silverlings and VP);
  * each colour not yet covered while the black depot holds a hex:
    ``COLOUR * f**2`` where ``f`` is the share of its spaces covered (covering it brings a
    black-depot hex straight into the duchy, R-SOLO-COLOUR);
  * each empty space next to a covered one: :data:`FRONTIER` (room to place).

The weights are hand-set, like the core's: a readable baseline, not a tuned player.
"""

from __future__ import annotations

from burgundy.plugin import TILE_COLOUR, BonusAction, State, placement_mask
from burgundy_solo.model import BLACK_TILE
from burgundy_solo.rules import solo

SPACE = 6.0
"""Value of one covered space (the unit: the other weights are in spaces)."""
WIN = 20.0
"""Spaces a won game is worth more than a lost one with every space but one covered."""
PLACEABLE = 0.55
"""A stored hex that may be placed now (given a die of the right number)."""
LATER = 0.3
"""A stored hex whose colour has an empty space out of reach for now."""
DIE_ACTION = 0.45
"""A die action owed to the seat (``BonusAction``), or the target's reset to come."""
SILVER = 0.2
"""A silverling."""
WORKER = 0.12
"""A worker, up to :data:`USEFUL_WORKERS`."""
USEFUL_WORKERS = 8
"""Workers beyond this many are worth nothing more."""
GOOD = 0.08
"""An unsold good."""
COLOUR = 0.5
"""A colour about to be covered (times the square of its covered share)."""
FRONTIER = 0.02
"""An empty space next to a covered one."""
ROUNDS = 25
"""Rounds of the game (5 phases of 5)."""
LAST_ROUNDS = 3.0
"""Over the last rounds the potential of resources falls to 0 with the rounds left."""


def rounds_left(state: State) -> float:
    """Rounds still to be played, the current one counted (0 after the last)."""
    if state.phase >= 5:
        return 0.0
    return float(ROUNDS - (state.phase * 5 + state.round))


def solo_value(state: State, seat: int, value: float) -> float:
    """The valuation of ``state`` for ``seat`` in covered spaces (see the module
    docstring); the core's ``value`` in VP is not used."""
    estate = state.seat_estate(seat)
    spaces = len(estate.spaces)
    filled = estate.filled
    covered = float(filled.bit_count())
    if state.is_terminal:
        won = filled == (1 << spaces) - 1
        return SPACE * (covered + (WIN if won else 0.0))
    soon = min(1.0, rounds_left(state) / LAST_ROUNDS)
    if soon <= 0.0 or not estate.board:
        return SPACE * covered
    board = state.rules.engine.boards[estate.board]
    empty = ((1 << spaces) - 1) & ~filled
    potential = 0.0
    for tile in estate.storage:
        if placement_mask(state, seat, tile):
            potential += PLACEABLE
        elif (
            tile != BLACK_TILE and TILE_COLOUR[tile] >= 0
            and board.colour_masks[TILE_COLOUR[tile]] & empty
        ):
            potential += LATER
    potential += DIE_ACTION * sum(
        1 for item in state.pending if isinstance(item, BonusAction) and item.seat == seat
    )
    current = solo(state)
    potential += DIE_ACTION * min(state.seats[seat].vp / max(current.target, 1), 1.0)
    potential += SILVER * estate.silver
    potential += WORKER * min(estate.workers, USEFUL_WORKERS)
    potential += GOOD * sum(estate.goods)
    if state.black_depot:
        for mask in board.colour_masks:
            if mask & empty:
                share = (mask & filled).bit_count() / mask.bit_count()
                potential += COLOUR * share * share
    potential += FRONTIER * (estate.frontier & empty).bit_count()
    return SPACE * (covered + soon * potential)
