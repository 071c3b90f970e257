"""The bots' valuation of a solo game (hook ``burgundy_evaluation``).

A solo game is won by covering every space of the duchy within the 25 rounds
(R-SOLO-RESULT); VP count only on the way to the target marker, whose reset brings a die
action (R-SOLO-TARGET). So the core's valuation, in VP, is replaced by one in covered
spaces, each worth :data:`SPACE` (a VP-like scale, so that the Monte Carlo bot's ``scale``
of 10 stays a clear lead: two spaces or so):

* a finished game: the spaces covered, and :data:`WIN` spaces more if it is won;
* before that, the spaces covered, and :data:`PACE` times the spaces the seat can still
  cover (:func:`coverable`): a solo game is a race against its die actions. Each space
  still to cover takes a placement, one die action, and a hex to place, which is either
  in storage already or costs a second die action to take, unless silverlings (2 buy a
  black-depot hex) or goods (5 trade for one after a ship, R-SOLO-BLACK) pay for it. So
  with *a* die actions to come and *h* hexes in hand, the seat can cover ``a`` spaces if
  ``a <= h``, else ``h + (a - h) / 2``, and never more than the empty spaces. Each of
  these counts:

  * hexes: a stored hex that may be placed now (its colour, adjacency, the building
    rule) 1; one that may go on an empty space of its colour later (out of reach now), or
    a black tile, :data:`LATER`; a silverling ½ (up to :data:`USEFUL_SILVER`); a good ⅕;
  * die actions: the seat's dice left this round, two for each round after it, each die
    action owed to it (a castle's, or the target's reset: ``BonusAction``), the score
    marker's way to the target (``score / target``: the reset's die action; VP beyond the
    target are lost), and :data:`WORKER` for each worker up to :data:`USEFUL_WORKERS` (a
    worker turns a die that fits nothing into one that does);

* and while the black depot holds a hex, for each colour not yet covered,
  ``COLOUR * f**2``, where ``f`` is the share of its spaces covered: covering a colour
  brings a black-depot hex straight into the duchy, a space without a die action
  (R-SOLO-COLOUR).

The resources are worth what they add to the spaces still coverable, so they lose their
worth as the rounds run out, and a die spent on workers or a sale is a die not spent on a
hex. The weights are hand-set and were compared by Monte Carlo self-play
(docs/bots.md, *Solo games*): a readable baseline, not a tuned player.
"""

from __future__ import annotations

from burgundy.plugin import TILE_COLOUR, Board, BonusAction, Estate, State, placement_mask
from burgundy_solo.model import BLACK_TILE
from burgundy_solo.rules import solo

SPACE = 6.0
"""Value of one covered space (the unit: the other weights are in spaces)."""
WIN = 20.0
"""Spaces a won game is worth more than a lost one with every space but one covered."""
PACE = 0.7
"""Value of a space the seat can still cover (:func:`coverable`), against 1 for one
covered: dice may not fit, and the depots may not offer the hexes."""
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
COLOUR = 0.3
"""A colour about to be covered (times the square of its covered share)."""
ROUNDS = 25
"""Rounds of the game (5 phases of 5)."""


def rounds_left(state: State) -> float:
    """Rounds still to be played, the current one counted (0 after the last)."""
    if state.phase >= 5:
        return 0.0
    return float(ROUNDS - (state.phase * 5 + state.round))


def coverable(hexes: float, actions: float, empty: int) -> float:
    """The spaces a seat with ``hexes`` hexes in hand and ``actions`` die actions to come
    can still cover, of ``empty`` empty spaces: a placement takes a die action and a hex,
    and a hex not in hand takes a die action to take.

    Examples:
        >>> coverable(hexes=2.0, actions=10.0, empty=30)  # 2 placed, then 4 taken and placed
        6.0
        >>> coverable(hexes=5.0, actions=3.0, empty=30)   # the die actions run out first
        3.0
        >>> coverable(hexes=5.0, actions=40.0, empty=12)  # the duchy fills first
        12.0
    """
    if actions <= hexes:
        return min(actions, float(empty))
    return min(hexes + (actions - hexes) / 2.0, float(empty))


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


def solo_value(state: State, seat: int, value: float) -> float:
    """The valuation of ``state`` for ``seat`` in covered spaces (see the module
    docstring); the core's ``value`` in VP is not used."""
    estate = state.seat_estate(seat)
    filled = estate.filled
    covered = float(filled.bit_count())
    empty = estate.empty_mask
    if state.is_terminal:
        return SPACE * (covered + (0.0 if empty else WIN))
    if not estate.board:
        return SPACE * covered
    board = state.rules.engine.boards[estate.board]
    potential = PACE * coverable(
        _hexes_in_hand(state, seat, estate, board, empty), actions_to_come(state, seat),
        empty.bit_count(),
    )
    if state.black_depot:
        for mask in board.colour_masks:
            if mask & empty:
                share = (mask & filled).bit_count() / mask.bit_count()
                potential += COLOUR * share * share
    return SPACE * (covered + potential)
