"""The inns' rules: the tile kind, the stack beside the black depot, placement, scoring.

The count (5) is the 2019 box's (RU19; ZH19). The rules are the Special Edition's (SE-ZH),
with ES-SE's answer on placement and scoring (I1-I3) and R-INN, R-INN-PLACE: the region's
+1 has no cap (no rule text quoted on the Inns page caps it; issue #30).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs

from burgundy.plugin import (
    PHASES,
    PURCHASE_PRICE,
    PhaseStart,
    PictureCell,
    PictureRow,
    PurchaseOffer,
    Ruleset,
    State,
    TileKind,
    bits,
    spaces_holding,
)

NAME = "inns"
"""The variant's name (its entry point and the key of its state)."""
INN = 60
"""Tile code of the inn (the first of the codes the core keeps for this module)."""
KIND = TileKind(INN, "inn", None, effect=None)
"""The inn: no colour (it goes where :func:`inn_spaces` allows), no effect, no type."""
INNS = 5
"""Inns in the box: one for each phase A-E."""
PRICE = PURCHASE_PRICE
"""Silverlings an inn costs (2, as a black-depot hex)."""
SOURCE = "inns"
"""The purchase source's name in the notation: ``buy inn inns``."""


@attrs.frozen(slots=True)
class InnState:
    """Where the inns not in a duchy or storage are (the variant's state, key ``"inns"``).

    Attributes:
        stack: Inns beside the black depot, for sale.
        to_come: Inns still in the box, one to be laid out at each phase start.

    Examples:
        >>> from burgundy_inns.rules import InnState
        >>> InnState(stack=0, to_come=5).stack
        0
    """

    stack: int
    to_come: int


def inns(state: State) -> InnState:
    """The inns' state of ``state``."""
    value: InnState = state.variant_state(NAME)
    return value


def setup(rules: Ruleset) -> Callable[[State], State]:
    """The five inns wait in the box; the first is laid out at phase A's start."""
    return lambda state: state.with_variant_state(NAME, InnState(stack=0, to_come=INNS))


def phase_start(state: State) -> State:
    """R-INN-PLACE: at the start of each phase one inn goes beside the black depot; unsold
    ones stay (a new one is stacked on them)."""
    current = inns(state)
    if not current.to_come:
        return state
    return state.with_variant_state(
        NAME, InnState(stack=current.stack + 1, to_come=current.to_come - 1)
    )


def held(state: State) -> Mapping[int, int]:
    """The inns beside the black depot and still in the box (hexes conservation counts)."""
    current = inns(state)
    return {INN: current.stack + current.to_come}


def _take(state: State, tile: int) -> State:
    current = inns(state)
    return state.with_variant_state(NAME, attrs.evolve(current, stack=current.stack - 1))


def offers(state: State, seat: int) -> tuple[PurchaseOffer[State], ...]:
    """R-INN-PLACE: an inn beside the black depot may be bought, 2 silverlings, as the
    turn's one purchase (the core's purchase: knowledge #6's workers pay for it too)."""
    if not inns(state).stack:
        return ()
    return (_OFFER,)


_OFFER = PurchaseOffer(SOURCE, (INN,), _take, PRICE)


def inn_regions(state: State, estate: int) -> int:
    """Bitmask (bit ``region``) of the regions of estate ``estate``'s duchy holding an inn."""
    current = state.estates[estate]
    if not current.kinds >> INN & 1:
        return 0
    board = state.rules.engine.boards[current.board]
    mask = 0
    for space, tile in enumerate(current.spaces):
        if tile == INN:
            mask |= 1 << board.region_of[space]
    return mask


def inn_spaces(state: State, seat: int, tile: int, mask: int) -> int:
    """R-INN-PLACE, I1-I2: an inn may go on an empty space of any colour (the die number and
    adjacency apply as usual, after this), but not in a region that holds an inn."""
    if tile != INN:
        return mask
    index = state.seats[seat].estate
    estate = state.estates[index]
    board = state.rules.engine.boards[estate.board]
    spaces = estate.empty_mask
    for region in bits(inn_regions(state, index)):
        spaces &= ~board.regions[region].mask
    return mask | spaces


def region_size(state: State, estate: int, region: int, size: int) -> int:
    """R-INN, I3 "aumenta el tamaño del área en 1 espacio para fines de puntuación": a
    completed region with an inn scores one space larger, with no cap: a region of 8
    scores as 9 (45 VP, the region table's own progression). Shield #17's +1 comes after
    (the shields come later in the variant order: an 8-region with an inn and #17 scores
    as 10)."""
    if not inn_regions(state, estate) >> region & 1:
        return size
    return size + 1


def laid_out(state: State) -> int:
    """How many inns have come out of the box by ``state``'s phase: one at each phase
    start (R-INN-PLACE), so phase ``p``'s once its start has run (``p + 1``), all five once
    the game is over."""
    if state.phase >= PHASES:
        return INNS
    starting = any(isinstance(item, PhaseStart) for item in state.pending)
    return state.phase + (0 if starting else 1)


def validate(state: State) -> None:
    """The inns' part of a loaded state: the counts are whole numbers; the inns still in
    the box are those the phases to come lay out (:func:`laid_out`: 5 before phase A's
    start, 4 during phase A, ..., none in phase E); at most one inn per region of a duchy
    (conservation of the five the core checks, hook ``burgundy_held["tiles"]``, which
    bounds the stack).

    Raises:
        ValueError: What is wrong.
    """
    current = inns(state)
    if not isinstance(current, InnState) or not all(
        type(n) is int and n >= 0 for n in (current.stack, current.to_come)
    ):
        raise ValueError("inns: the stack and the inns to come are counts")
    if current.to_come != INNS - laid_out(state):
        raise ValueError(f"inns: {current.to_come} inns still in the box in phase "
                         f"{state.phase + 1}; the phases to come lay out "
                         f"{INNS - laid_out(state)}")
    for index, estate in enumerate(state.estates):
        if not estate.kinds >> INN & 1:
            continue
        board = state.rules.engine.boards[estate.board]
        regions = [board.region_of[s] for s in spaces_holding(estate.spaces, INN)]
        if len(regions) != len(set(regions)):
            raise ValueError(f"inns: estate {index} has two inns in one region")




def board_rows(state: State) -> tuple[PictureRow, ...]:
    """The inns beside the main board, for its pictures: one cell per inn for sale (the
    stack), then one per inn still in the box.

    Examples:
        >>> import burgundy
        >>> from burgundy_inns.rules import board_rows
        >>> game = burgundy.Game(players=2, variants=("inns",), seed=1)
        >>> [cell.text for cell in board_rows(game.state)[0].cells]
        ['inn', 'box', 'box', 'box', 'box']
    """
    now = inns(state)
    cells = (
        *(PictureCell("inn", group=0, title="an inn for sale: 2 silverlings")
          for _ in range(now.stack)),
        *(PictureCell("box", group=1, title="an inn still in the box: one comes out at each "
                      "phase start") for _ in range(now.to_come)),
    )
    return (PictureRow("inns", cells, ("for sale", "to come")),)
