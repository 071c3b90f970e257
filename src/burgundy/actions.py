"""Actions: frozen values with a short, stable text form (the record notation).

A die action names the die it uses by its rolled value (``die``) and what it does; the value
it is used as follows from the target (the depot number, the space's die number, the goods
colour), and the rules compute the workers that costs. ``die == 0`` is a die of any value
(a castle's bonus action); ``die == -1`` means no die (a building's effect); ``die ==
LOOSE_DIE + v`` (7-12) a die showing ``v`` that is not in the hand
(:func:`burgundy.domains.loose_die`: a white castle's action with the white die's value).

Notation, one line per action::

    take bank 5 d3            take a bank from depot 5 with the die showing 3
    take bank 5 d3 drop ship  ... discarding a stored ship first (storage full)
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


def _drop_text(discard: int, own: bool = False) -> str:
    """`` drop X`` for a discard, and `` own`` when the hex goes into the seat's own
    storage (and the discard is from there)."""
    return ("" if discard < 0 else f" drop {tile_name(discard)}") + (" own" if own else "")


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
        discard: Stored tile code discarded first because storage is full, or -1.
        own: ``False``: into the estate's storage (a class value; :class:`TakeTileOwn`
            takes into the seat's own).
    """

    die: int
    depot: int
    tile: int
    discard: int = -1
    own: ClassVar[bool] = False

    def __str__(self) -> str:
        drop = _drop_text(self.discard, self.own)
        return f"take {tile_name(self.tile)} {self.depot}{_die_text(self.die)}{drop}"


@attrs.frozen(slots=True)
class TakeTileOwn(TakeTile):
    """:class:`TakeTile` into the seat's own storage spaces, discarding from there when
    ``discard`` is given (team play, R-TEAM-STORAGE): ``take bank 3 d4 own``.

    A type of its own rather than a field, so that the base game's actions stay as small
    and fast to make as they were.
    """

    own: ClassVar[bool] = True


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
        discard: Stored tile code discarded first because storage is full, or -1.
        source: Where it is bought: ``"black"`` (the black depot) or the name of a
            variant's source (``"1"``-``"6"``: a numbered depot; ``"inns"``).
        workers: Workers paid instead of as many silverlings (the rest in silver).
        own: ``False``: into the estate's storage (a class value; :class:`BuyTileOwn`
            buys into the seat's own).
    """

    tile: int
    discard: int = -1
    source: str = BLACK_SOURCE
    workers: int = 0
    own: ClassVar[bool] = False

    def __str__(self) -> str:
        where = "" if self.source == BLACK_SOURCE and not self.workers else f" {self.source}"
        pay = f" w{self.workers}" if self.workers else ""
        return f"buy {tile_name(self.tile)}{where}{pay}{_drop_text(self.discard, self.own)}"


@attrs.frozen(slots=True)
class BuyTileOwn(BuyTile):
    """:class:`BuyTile` into the seat's own storage spaces (team play, R-TEAM-STORAGE):
    ``buy bank own``."""

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


CORE_ACTIONS: tuple[type[Action], ...] = (
    TakeTile, PlaceTile, SellGoods, TakeWorkers, BuyTile, TakeGoods, ChooseSpace, Decline, EndTurn,
    TakeTileOwn, PlaceTileOwn, BuyTileOwn,
)
"""Every action type of the core, for serialisation."""
