"""Actions: frozen values with a short, stable text form (the record notation).

A die action names the die it uses by its rolled value (``die``) and what it does; the value
it is used as follows from the target (the depot number, the space's die number, the goods
colour), and the rules compute the workers that costs. ``die == 0`` is a die of any value
(a castle's bonus action); ``die == -1`` means no die (a building's effect); ``die ==
LOOSE_DIE + v`` (7-12) a die showing ``v`` that is not in the hand
(:func:`burgundy.domains.loose_die`: a white castle's action with the white die's value).

Notation, one line per action::

    take bank 5 d3            take a bank from depot 5 with the die showing 3
    drop ship                 where the taken hex goes, storage full: discard a stored ship
    drop ship own             ... from the seat's own storage spaces (team play)
    stow own                  ... into the seat's own free space (team play; ``stow``: the
                              estate's)
    place ship e3 d2          place a stored ship on space e3 with the die showing 2
    sell 4 d4                 sell all goods of colour 4 with the die showing 4
    workers d5                take workers with the die showing 5
    buy pig3                  buy the 3-pig tile from the black depot
    buy pig3 2 w1             ... from depot 2, paying 1 worker and 1 silverling (knowledge #6)
    buy inn inns              ... an inn from the inns' stack (a variant's source)
    goods 3 1,4               a ship takes goods 1 and 4 from depot 3
    take bank 5 d*            a castle's bonus: a die of any value
    take bank 5 v3            a loose die showing 3, not in the hand (a white castle)
    take bank 5               a building's effect (carpenter, church, market): no die
    place ship e3             the town hall's placement: no die
    sell 4                    the warehouse's sale: no die
    castle d4                 put the start castle on d4 (advanced set-up)
    decline                   decline an optional effect
    first colour-reward       of the unordered effects due together, resolve this one next
    end                       end the turn
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from burgundy.components import tile_name
from burgundy.domains import ANY_DIE as ANY_DIE
from burgundy.domains import LOOSE_DIE as LOOSE_DIE
from burgundy.domains import NO_DIE as NO_DIE
from burgundy.geometry import STANDARD_LAYOUT, space_name


def _die_text(die: int) -> str:
    if die == NO_DIE:
        return ""
    if die > LOOSE_DIE:  # a loose die: one not in the hand
        return f" v{die - LOOSE_DIE}"
    return " d*" if die == ANY_DIE else f" d{die}"


@attrs.frozen(slots=True)
class Action:
    """Base class of all actions."""


@attrs.frozen(slots=True)
class TakeTile(Action):
    """Take a hex from a numbered depot into storage.

    Attributes:
        die: Rolled value of the die used (0: any value; -1: no die, a building's effect).
        depot: The depot (1-6); with a die it is the value the die is used as.
        tile: Tile code taken.

    The hex goes into storage; where, when there is a choice (a full storage: which stored
    hex to discard; team play: the estate's or the seat's own spaces), is the decision
    that follows (:class:`~burgundy.pending.StowTile`, answered by :class:`Stow`).
    """

    die: int
    depot: int
    tile: int

    def __str__(self) -> str:
        return f"take {tile_name(self.tile)} {self.depot}{_die_text(self.die)}"


@attrs.frozen(slots=True)
class PlaceTile(Action):
    """Place a stored hex on an empty duchy space.

    Attributes:
        die: Rolled value of the die used (0: any value; -1: no die, the town hall).
        tile: Tile code placed.
        space: Duchy space index; its die number is the value the die is used as.
        layout: The layout of the duchy's board, whose space names the notation uses
            (:data:`burgundy.geometry.STANDARD_LAYOUT` for the duchies of the box).
        own: ``False``: from the estate's storage (a class value; :class:`PlaceTileOwn`
            places from the seat's own).
    """

    die: int
    tile: int
    space: int
    layout: str = STANDARD_LAYOUT
    own: ClassVar[bool] = False

    def __str__(self) -> str:
        space = space_name(self.layout, self.space)
        own = " own" if self.own else ""
        return f"place {tile_name(self.tile)} {space}{_die_text(self.die)}{own}"


@attrs.frozen(slots=True)
class PlaceTileOwn(PlaceTile):
    """:class:`PlaceTile` from the seat's own storage spaces (team play, R-TEAM-STORAGE):
    ``place bank e2 d4 own``."""

    own: ClassVar[bool] = True


@attrs.frozen(slots=True)
class SellGoods(Action):
    """Sell all goods of one colour.

    Attributes:
        die: Rolled value of the die used (0: any value; -1: no die, the warehouse).
        goods: The goods colour (1-6), the value the die is used as.
    """

    die: int
    goods: int

    def __str__(self) -> str:
        return f"sell {self.goods}{_die_text(self.die)}"


@attrs.frozen(slots=True)
class TakeWorkers(Action):
    """Take workers; the die's value does not matter.

    Attributes:
        die: Rolled value of the die used (0: any value).
    """

    die: int

    def __str__(self) -> str:
        return f"workers{_die_text(self.die)}"


BLACK_SOURCE = "black"
"""The purchase source of the base game: the black depot (see
:class:`burgundy.rules.take.PurchaseOffer`)."""


@attrs.frozen(slots=True)
class BuyTile(Action):
    """The once-per-turn purchase of a hex: from the black depot with silverlings in the
    base game, from another source or paid partly with workers where a variant offers it
    (:class:`burgundy.rules.take.PurchaseOffer`: knowledge #6's depots and workers, the
    inns' stack).

    Attributes:
        tile: Tile code bought.
        source: Where it is bought: ``"black"`` (the black depot) or the name of a
            variant's source (``"1"``-``"6"``: a numbered depot; ``"inns"``).
        workers: Workers paid instead of as many silverlings (the rest in silver).

    Where the hex goes, when there is a choice, is the decision that follows (see
    :class:`TakeTile`).
    """

    tile: int
    source: str = BLACK_SOURCE
    workers: int = 0

    def __str__(self) -> str:
        where = "" if self.source == BLACK_SOURCE and not self.workers else f" {self.source}"
        pay = f" w{self.workers}" if self.workers else ""
        return f"buy {tile_name(self.tile)}{where}{pay}"


@attrs.frozen(slots=True)
class Stow(Action):
    """Where a taken hex goes (the answer to a :class:`~burgundy.pending.StowTile`): the
    estate's storage, discarding stored hex ``discard`` first when it is full (R-STORAGE).

    Attributes:
        discard: The stored tile code discarded, or -1: into a free space.
        own: ``False``: the estate's storage (a class value; :class:`StowOwn` is the
            seat's own spaces, team play R-TEAM-STORAGE).

    Examples:
        >>> from burgundy.components import tile_code
        >>> str(Stow(tile_code("ship"))), str(StowOwn(tile_code("ship"))), str(StowOwn())
        ('drop ship', 'drop ship own', 'stow own')
    """

    discard: int = -1
    own: ClassVar[bool] = False

    def __str__(self) -> str:
        own = " own" if self.own else ""
        if self.discard < 0:
            return f"stow{own}"
        return f"drop {tile_name(self.discard)}{own}"


@attrs.frozen(slots=True)
class StowOwn(Stow):
    """:class:`Stow` into the seat's own storage spaces (team play, R-TEAM-STORAGE),
    discarding from there when ``discard`` is given: ``stow own``, ``drop ship own``."""

    own: ClassVar[bool] = True


@attrs.frozen(slots=True)
class TakeGoods(Action):
    """A ship's goods: take these colours from one depot.

    Attributes:
        depot: The depot (1-6).
        colours: The goods colours taken (sorted); all goods of each are taken.
    """

    depot: int
    colours: tuple[int, ...]

    def __str__(self) -> str:
        return f"goods {self.depot} {','.join(map(str, self.colours))}"


@attrs.frozen(slots=True)
class ChooseSpace(Action):
    """Put the start castle on a castle space (advanced set-up).

    Attributes:
        space: Duchy space index.
        layout: The layout of the duchy's board (see :class:`PlaceTile`).
    """

    space: int
    layout: str = STANDARD_LAYOUT

    def __str__(self) -> str:
        return f"castle {space_name(self.layout, self.space)}"


@attrs.frozen(slots=True)
class Decline(Action):
    """Decline an optional effect."""

    def __str__(self) -> str:
        return "decline"


@attrs.frozen(slots=True)
class EndTurn(Action):
    """End the turn: offered once both dice are used while something else is still
    possible (the purchase, or a variant's extra action); otherwise the turn ends by
    itself."""

    def __str__(self) -> str:
        return "end"


@attrs.frozen(slots=True)
class ResolveFirst(Action):
    """Resolve this one of the unordered pending items due together first
    (:class:`~burgundy.pending.OrderChoice`; :mod:`burgundy.rules.order`).

    Attributes:
        kind: The item's type, as :func:`~burgundy.rules.order.kind_label` writes it
            (``"colour-reward"`` for ``ColourReward``).
        nth: Which of the items of that type, counted from the top of the stack from 0.

    Examples:
        >>> from burgundy.actions import ResolveFirst
        >>> str(ResolveFirst("colour-reward")), str(ResolveFirst("building-take", 1))
        ('first colour-reward', 'first building-take 2')
    """

    kind: str
    nth: int = 0

    def __str__(self) -> str:
        return f"first {self.kind}" + (f" {self.nth + 1}" if self.nth else "")


ORDER_ACTIONS: tuple[type[Action], ...] = (ResolveFirst,)
"""The action types of the unordered choice: in a ruleset's action types only where a
variant declares unordered pending types (so no other ruleset's id space grows)."""


CORE_ACTIONS: tuple[type[Action], ...] = (
    TakeTile, PlaceTile, SellGoods, TakeWorkers, BuyTile, TakeGoods, ChooseSpace, Decline, EndTurn,
    PlaceTileOwn, Stow, StowOwn,
)
"""Every action type of the core, for serialisation."""
