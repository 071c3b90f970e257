"""The value types hooks take and return: what a die is used for, income, purchase offers,
picture rows, a variant's own valuation.

They sit below the rules and the pictures (which build and read them) so that the hook
specifications (:mod:`burgundy.hookspecs`) name no module of the rules or of the pictures.
A plugin imports them from :mod:`burgundy.plugin`; the modules of the rules and pictures
that build them re-export them (``burgundy.rules.dice.DieUse``,
``burgundy.rules.income.Income``, ``burgundy.rules.take.PurchaseOffer``,
``burgundy.render.parts.PictureRow`` and ``PictureCell`` keep working).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import attrs

from burgundy.domains import Die, TileCode

StateT = TypeVar("StateT")
"""The state type a :class:`PurchaseOffer` takes from: :class:`burgundy.State` (the offer
module sits below it, so the offer names it by this parameter: ``PurchaseOffer[State]``)."""

__all__ = ["DieUse", "Income", "PictureCell", "PictureRow", "PurchaseOffer", "Valuation"]


@attrs.frozen(slots=True)
class DieUse:
    """What a die is being used for, passed to ``burgundy_die_cost`` modifiers.

    Attributes:
        kind: ``"take"``, ``"place"``, ``"sell"`` or ``"workers"``.
        tile: The hex placed (tile code); -1 for the other uses.
        die: The die as the action names it: its rolled value, 0 (any value), -1 (no
            die) or a loose die (7-12, :func:`~burgundy.domains.loose_die`).
        value: The value it is used as.
    """

    kind: str
    tile: TileCode
    die: Die
    value: int


@attrs.frozen(slots=True)
class Income:
    """Something a seat earns at once.

    Attributes:
        silver: Silverlings.
        workers: Worker tiles.
        vp: Victory points.
    """

    silver: int = 0
    workers: int = 0
    vp: int = 0


@attrs.frozen(slots=True, eq=False)
class PurchaseOffer(Generic[StateT]):
    """A place the turn's one purchase may be made from, as a variant offers it to a seat
    (hook ``burgundy_purchases["offers"]``): the core's is the black depot; knowledge #6 offers
    the numbered depots, the inns their stack.

    Every purchase, whatever its source, is a :class:`~burgundy.actions.BuyTile` (naming
    the source and the workers paid): the core lists them (:func:`purchase_actions`), checks
    the price, stores the hex (R-STORAGE: a full storage discards one first; the seats' own
    spaces, R-TEAM-STORAGE) and marks the turn's purchase made (:func:`apply_buy`). The
    ``burgundy_purchases["payments"]`` modifiers say how a seat may pay an offer.

    Attributes:
        source: The source's name in the notation (``buy inn inns``): a word, unique in the
            ruleset; ``"black"`` is the core's.
        tiles: The tile codes the seat may buy there now, sorted and distinct (``()``: none).
        take: ``f(state, tile) -> state``: the source gives up one ``tile`` (the core then
            stores it).
        price: Silverlings it costs (2); a payment of ``w`` workers pays ``w`` of them.

    Annotate offers as ``PurchaseOffer[State]``: the class is generic in the state it takes
    from only so that this module need not import :mod:`burgundy.state`.

    Examples:
        >>> from burgundy.plugin import PurchaseOffer
        >>> offer = PurchaseOffer("stall", (60,), lambda state, tile: state, price=3)
        >>> offer.source, offer.tiles, offer.price
        ('stall', (60,), 3)
    """

    source: str
    tiles: tuple[TileCode, ...]
    take: Callable[[StateT, TileCode], StateT]
    price: int = 2


@attrs.frozen(slots=True)
class PictureCell:
    """One cell of a :class:`PictureRow`.

    Attributes:
        text: What the cell says, short (up to about six characters fit the SVG cell).
        goods: A goods colour 1-6 the cell is marked with (its fill), or 0 for none.
        holds: A goods colour 1-6 of a goods tile lying on the cell, or 0 for none.
        group: The group the cell belongs to, an index into :attr:`PictureRow.groups`;
            the cells of a group are drawn together.
        title: A longer description (the SVG tooltip; the text picture ignores it).

    Examples:
        >>> from burgundy.plugin import PictureCell
        >>> PictureCell("4 VP", goods=3).holds
        0
    """

    text: str
    goods: int = 0
    holds: int = 0
    group: int = 0
    title: str = ""


@attrs.frozen(slots=True)
class PictureRow:
    """A labelled row of cells a variant adds to an estate's pictures.

    Attributes:
        label: What the row is (it heads the row in both pictures).
        cells: The cells, left to right.
        groups: Names of the cells' groups, by :attr:`PictureCell.group` (``()``: none).

    Examples:
        >>> from burgundy.plugin import PictureCell, PictureRow
        >>> row = PictureRow("route", (PictureCell("2 sv", goods=1, holds=1),), ("A",))
        >>> row.cells[0].holds, row.groups
        (1, ('A',))
    """

    label: str
    cells: tuple[PictureCell, ...]
    groups: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class Valuation(Generic[StateT]):
    """A ``burgundy_evaluation`` answer that values a state by itself, in place of the
    core's valuation, rather than modifying it.

    A variant whose game is won by something other than VP values its states in its own
    terms and has no use for the core's value in VP. Answered wrapped in a ``Valuation``,
    its function is asked without it: the bots' valuations
    (:func:`burgundy.bots.evaluate.evaluate`, the expert's
    :meth:`~burgundy.bots.expert.ExpertWeights.value`) then skip their own computation and
    the modifiers of the variants before it, and the modifiers after it change its value as
    usual. Called as a modifier, it ignores the value it is given.

    Attributes:
        value: ``value(state, seat) -> float``, the state's value for the seat.

    Examples:
        A variant won by silverlings: the bots count those, 3 VP each::

            @hookimpl
            def burgundy_evaluation(rules):
                return Valuation(lambda state, seat: 3.0 * state.seat_estate(seat).silver)

        >>> Valuation(lambda state, seat: 2.5)(None, 0, 99.0)
        2.5
    """

    value: Callable[[StateT, int], float]

    def __call__(self, state: StateT, seat: int, value: float) -> float:
        """The value of ``state`` for ``seat``; ``value``, the value so far, is not used."""
        return self.value(state, seat)
