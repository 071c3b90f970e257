"""Pending decisions and chance events: the items on a state's stack.

The top of :attr:`burgundy.State.pending` says what happens next. A *decision* belongs to a
seat (``seat >= 0``) and is answered by one of ``legal_actions()``; a *chance event*
(``seat == -1``) by one of ``chance_outcomes()``; an *automatic step* (``seat == -2``) is a
bookkeeping step the engine runs by itself and never shows.
"""

from __future__ import annotations

import attrs

CHANCE_SEAT = -1
"""``seat`` of a chance event."""
AUTO_SEAT = -2
"""``seat`` of an automatic step."""


@attrs.frozen(slots=True)
class Pending:
    """Base class of everything on the pending stack.

    Attributes:
        seat: The deciding seat; -1 for chance, -2 for an automatic step.
    """

    seat: int


# -- chance events --------------------------------------------------------------------------
@attrs.frozen(slots=True)
class StartPlayerDraw(Pending):
    """Chance: who starts (uniform over the seats)."""

    seat: int = CHANCE_SEAT


@attrs.frozen(slots=True)
class BoardDraw(Pending):
    """Chance: which duchy board estate ``estate`` is dealt (advanced set-up)."""

    estate: int = 0
    seat: int = CHANCE_SEAT


@attrs.frozen(slots=True)
class GoodsDraw(Pending):
    """Chance: one goods tile from the face-down goods.

    Attributes:
        estate: The estate receiving it, or -1 for the next round space.
    """

    estate: int = -1
    seat: int = CHANCE_SEAT


@attrs.frozen(slots=True)
class HexDraw(Pending):
    """Chance: one hex onto a depot space.

    Attributes:
        depot: 1-6 for a numbered depot, 0 for the black depot.
        colour: Colour of the depot space (the pile drawn from), -1 for the black pile.
    """

    depot: int = 0
    colour: int = -1
    seat: int = CHANCE_SEAT


@attrs.frozen(slots=True)
class WhiteRoll(Pending):
    """Chance: the start player's roll of the white die."""

    seat: int = CHANCE_SEAT


@attrs.frozen(slots=True)
class DiceRoll(Pending):
    """Chance: the roll of one seat's two dice (outcome: a sorted pair).

    Attributes:
        roller: The seat rolling.
    """

    roller: int = 0
    seat: int = CHANCE_SEAT


# -- automatic steps ------------------------------------------------------------------------
@attrs.frozen(slots=True)
class StartCastles(Pending):
    """Automatic: place the start castles (or ask for their spaces)."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class PhaseStart(Pending):
    """Automatic: clear the depots and lay out a new phase."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class RoundStart(Pending):
    """Automatic: fix this round's play order and roll the dice."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class BeginTurns(Pending):
    """Automatic: the round's goods go to the white die's depot; the first turn starts."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class PhaseEnd(Pending):
    """Automatic: the phase ends; variants act (their decisions come before the income)."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class PhaseIncome(Pending):
    """Automatic: phase-end mine income; then the next phase or the final scoring."""

    seat: int = AUTO_SEAT


# -- decisions ------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class Turn(Pending):
    """A seat's turn: two die actions, at most one purchase, then the end of the turn."""


@attrs.frozen(slots=True)
class StartCastleChoice(Pending):
    """Advanced set-up: choose the space of the start castle."""


@attrs.frozen(slots=True)
class ShipGoods(Pending):
    """A ship was placed: take the goods of one depot."""


@attrs.frozen(slots=True)
class BonusAction(Pending):
    """A castle was placed: one more die action with a die of any value (R-CASTLE)."""


@attrs.frozen(slots=True)
class BuildingTake(Pending):
    """Carpenter's workshop, church or market: take a hex of the named colours.

    Attributes:
        colours: Colour indices of the hexes that may be taken.
    """

    colours: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class WarehouseSell(Pending):
    """Warehouse: sell one kind of goods."""


@attrs.frozen(slots=True)
class TownHallPlace(Pending):
    """Town hall: place one more hex from storage (R-TOWNHALL)."""


CORE_PENDING: tuple[type[Pending], ...] = (
    StartPlayerDraw, BoardDraw, GoodsDraw, HexDraw, WhiteRoll, DiceRoll,
    StartCastles, PhaseStart, RoundStart, BeginTurns, PhaseEnd, PhaseIncome,
    Turn, StartCastleChoice, ShipGoods, BonusAction, BuildingTake, WarehouseSell, TownHallPlace,
)
"""Every pending type of the core, for serialisation."""
