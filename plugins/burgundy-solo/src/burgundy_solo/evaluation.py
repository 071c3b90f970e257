"""The bots' valuation of a solo game (hook ``burgundy_evaluation``): its chance to win.

A solo game is won by covering every space of the duchy within the 25 rounds
(R-SOLO-RESULT); VP count only on the way to the target marker, whose reset brings a die
action (R-SOLO-TARGET). So the core's valuation, in VP, is replaced by the seat's estimated
chance to cover the duchy (:func:`win_chance`), given as :data:`LEAD` times its log-odds:
a game of one seat has no opponent to lead, and the hook's contract for it is a lead over
what wins the game (0 an even chance), which the search bots turn back into the win chance
(``sigmoid(value / scale)``). So they maximise the chance to win, not the spaces covered:
behind the pace a risk is worth taking, ahead of it a sure space is.

The estimate is a race against the die actions (:func:`race`). Each space still to cover
takes a placement, one die action, and a hex to place, which is either in storage already
or costs a second die action to take, unless silverlings (2 buy a black-depot hex) or
goods (5 trade for one after a ship, R-SOLO-BLACK) pay for it. So with *a* die actions to
come and *h* hexes in hand, the seat could cover ``a`` more spaces if ``a <= h``, else
``h + (a - h) / 2`` (:func:`capacity`). Each of these counts:

* hexes: a stored hex that may be placed now (its colour, adjacency, the building rule)
  1; one that may go on an empty space of its colour later (out of reach now), or a black
  tile, :data:`LATER`; a silverling ½ (up to :data:`USEFUL_SILVER`); a good ⅕;
* die actions: the seat's dice left this round, two for each round after it, each die
  action owed to it (a castle's, or the target's reset: ``BonusAction``), the score
  marker's way to the target (``score / target``: the reset's die action; VP beyond the
  target are lost), and :data:`WORKER` for each worker up to :data:`USEFUL_WORKERS` (a
  worker turns a die that fits nothing into one that does).

While the black depot holds a hex, covering a colour brings one of its hexes straight into
the duchy, a space without a die action (R-SOLO-COLOUR): the colours not yet covered count
the square of their covered share.

The spaces the seat will still cover are taken as logistic, with mean
``CAPACITY * capacity + COLOURS * colours + BIAS`` and scale ``SPREAD + SPREAD_PER_ROUND *
rounds left``, and the game as won when they reach the empty spaces and :data:`LAST` more
(the last space is the hardest: it needs a hex of one colour, by one of the few ways left):
the win chance is ``sigmoid((mean - empty + 0.5 - LAST) / scale)``. The six constants are
fitted by ``tools/fit_solo.py`` to 200 games of the expert at 300 iterations a decision
(maximum likelihood of the spaces each game left empty; docs/bots.md, *Solo games*). A
finished game is won or lost: its log-odds are :data:`DECIDED`, or minus that less one for
each space left empty (so that, the game lost whatever it does, the greedy bot and the
search's order of trying actions still prefer covering more; the search's win chances
cannot tell such ends apart).
"""

from __future__ import annotations

import math

from burgundy.plugin import TILE_COLOUR, Board, BonusAction, Estate, State, placement_mask
from burgundy_solo.model import BLACK_TILE
from burgundy_solo.rules import solo

LEAD = 10.0
"""The value of log-odds of 1: the bots' scale, a clear lead (hook ``burgundy_evaluation``)."""
CAPACITY = 1.4504
"""Spaces covered, on average, for each space of :func:`capacity` (fitted)."""
COLOURS = 1.0111
"""Spaces covered for each unit of the colours' term (fitted)."""
BIAS = -3.5264
"""Spaces covered beyond those terms (fitted)."""
SPREAD = 0.8053
"""The logistic scale, in spaces, of the spaces still to be covered, but for
:data:`SPREAD_PER_ROUND` for each round left (fitted)."""
SPREAD_PER_ROUND = 0.0181
"""What each round left adds to :data:`SPREAD` (fitted)."""
LAST = 1.1238
"""What covering the last space costs more than any other, in spaces (fitted)."""
DECIDED = 20.0
"""The log-odds of a finished game that is won (minus them: lost)."""
LATER = 0.8
"""A stored hex whose colour has an empty space out of reach for now, or a black tile,
as a share of a hex that may be placed now."""
USEFUL_SILVER = 12
"""Silverlings beyond this many buy nothing more (2 a black-depot hex, which holds 4 a
phase)."""
GOODS_PER_HEX = 5
"""Goods traded for one black-depot hex after a ship (R-SOLO-BLACK)."""
WORKER = 0.15
"""A worker, as a share of a die action, up to :data:`USEFUL_WORKERS`."""
USEFUL_WORKERS = 6
"""Workers beyond this many are worth nothing more."""
ROUNDS = 25
"""Rounds of the game (5 phases of 5)."""


def rounds_left(state: State) -> float:
    """Rounds still to be played, the current one counted (0 after the last)."""
    if state.phase >= 5:
        return 0.0
    return float(ROUNDS - (state.phase * 5 + state.round))


def hexes_in_hand(state: State, seat: int) -> float:
    """The hexes the seat of ``state`` can place without a die action to take them:
    those in storage (see the module docstring), and what its silverlings and goods buy.

    Examples:
        >>> import burgundy
        >>> from burgundy_solo.evaluation import hexes_in_hand
        >>> game = burgundy.Game(players=1, variants=("knowledge", "solo"), seed=1)
        >>> state = game.play(game.legal_actions()[0])  # the start castle
        >>> estate = game.state.estates[0]
        >>> estate.storage, estate.silver, sum(estate.goods)  # half a hex, and 3 fifths
        ((), 1, 3)
        >>> round(hexes_in_hand(game.state, 0), 2)
        1.1
    """
    estate = state.seat_estate(seat)
    board = state.rules.engine.boards[estate.board]
    return _hexes_in_hand(state, seat, estate, board, estate.empty_mask)


def _hexes_in_hand(state: State, seat: int, estate: Estate, board: Board, empty: int) -> float:
    """:func:`hexes_in_hand` of the seat's ``estate`` on its ``board``, whose ``empty``
    spaces the caller has at hand."""
    hexes = 0.0
    for tile in estate.storage:
        if placement_mask(state, seat, tile):
            hexes += 1.0
        elif tile == BLACK_TILE or (
            TILE_COLOUR[tile] >= 0 and board.colour_masks[TILE_COLOUR[tile]] & empty
        ):
            hexes += LATER
    hexes += min(estate.silver, USEFUL_SILVER) / 2.0
    return hexes + sum(estate.goods) / GOODS_PER_HEX


def actions_to_come(state: State, seat: int) -> float:
    """The die actions the seat of ``state`` has still to take (see the module
    docstring), its workers counted as shares of one.

    Examples:
        >>> import burgundy
        >>> from burgundy_solo.evaluation import actions_to_come
        >>> game = burgundy.Game(players=1, variants=("knowledge", "solo"), seed=1)
        >>> state = game.play(game.legal_actions()[0])  # the start castle: round 1, two dice
        >>> game.state.seats[0].dice, game.state.estates[0].workers
        ((2, 6), 2)
        >>> round(actions_to_come(game.state, 0), 2)  # 2 + 2 * 24 rounds + 2 workers
        50.3
    """
    estate = state.seat_estate(seat)
    later_rounds = max(rounds_left(state) - 1.0, 0.0)
    actions = len(state.seats[seat].dice) + 2.0 * later_rounds
    actions += sum(
        1 for item in state.pending if isinstance(item, BonusAction) and item.seat == seat
    )
    actions += min(state.seats[seat].vp / max(solo(state).target, 1), 1.0)
    return actions + WORKER * min(estate.workers, USEFUL_WORKERS)


def capacity(hexes: float, actions: float) -> float:
    """The spaces a seat with ``hexes`` hexes in hand and ``actions`` die actions to come
    could still cover were its duchy endless: a placement takes a die action and a hex, and
    a hex not in hand takes a die action to take.

    Examples:
        >>> capacity(hexes=2.0, actions=10.0)
        6.0
        >>> capacity(hexes=5.0, actions=3.0)
        3.0
    """
    if actions <= hexes:
        return actions
    return hexes + (actions - hexes) / 2.0


def race(state: State, seat: int) -> tuple[int, float, float, float]:
    """The race of the seat of ``state`` against its die actions: ``(empty, capacity,
    colours, rounds left)`` — its empty spaces, the spaces it could still cover were its
    duchy endless (:func:`capacity` of :func:`hexes_in_hand` and :func:`actions_to_come`),
    the sum over the colours it has not covered of the square of their covered share while
    the black depot holds a hex (else 0), and :func:`rounds_left`.

    Examples:
        >>> import burgundy
        >>> from burgundy_solo.evaluation import race
        >>> game = burgundy.Game(players=1, variants=("knowledge", "solo"), seed=1)
        >>> state = game.play(game.legal_actions()[0])  # the start castle
        >>> empty, room, colours, rounds = race(state, 0)
        >>> empty, round(room, 2), round(colours, 2), rounds
        (36, 25.7, 0.06, 25.0)
    """
    estate = state.seat_estate(seat)
    empty = estate.empty_mask
    if not estate.board:
        return empty.bit_count(), 0.0, 0.0, rounds_left(state)
    board = state.rules.engine.boards[estate.board]
    room = capacity(_hexes_in_hand(state, seat, estate, board, empty),
                    actions_to_come(state, seat))
    colours = 0.0
    if state.black_depot:
        filled = estate.filled
        for mask in board.colour_masks:
            if mask & empty:
                share = (mask & filled).bit_count() / mask.bit_count()
                colours += share * share
    return empty.bit_count(), room, colours, rounds_left(state)


def log_odds(state: State, seat: int) -> float:
    """The log-odds of :func:`win_chance` (see the module docstring).

    Examples:
        >>> import burgundy
        >>> from burgundy_solo.evaluation import log_odds, race
        >>> game = burgundy.Game(players=1, variants=("knowledge", "solo"), seed=1)
        >>> state = game.play(game.legal_actions()[0])  # the start castle
        >>> race(state, 0)[0], round(log_odds(state, 0), 2)  # 36 spaces to go: about 1 in 10
        (36, -2.24)
    """
    if state.is_terminal:
        empty = state.seat_estate(seat).empty_mask.bit_count()
        return DECIDED if not empty else -DECIDED - empty
    empty, room, colours, rounds = race(state, seat)
    spread = SPREAD + SPREAD_PER_ROUND * rounds
    return (CAPACITY * room + COLOURS * colours + BIAS - empty + 0.5 - LAST) / spread


def win_chance(state: State, seat: int) -> float:
    """The chance that the seat of ``state`` covers its duchy within the 25 rounds, as
    the bots estimate it (see the module docstring).

    Examples:
        >>> import burgundy
        >>> from burgundy_solo.evaluation import win_chance
        >>> game = burgundy.Game(players=1, variants=("knowledge", "solo"), seed=1)
        >>> state = game.play(game.legal_actions()[0])  # the start castle
        >>> 0.0 < win_chance(state, 0) < 0.5
        True
    """
    return 1.0 / (1.0 + math.exp(-max(min(log_odds(state, seat), 50.0), -50.0)))


def solo_value(state: State, seat: int) -> float:
    """The valuation of ``state`` for ``seat``: :data:`LEAD` times the log-odds of its
    :func:`win_chance` (the plugin's ``burgundy_evaluation``, a ``Valuation``: the bots
    compute no value in VP beside it)."""
    return LEAD * log_odds(state, seat)
