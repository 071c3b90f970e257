"""The knowledge variant's own actions (they join the serialisation union)."""

from __future__ import annotations

import attrs

from burgundy.actions import Action
from burgundy.components import tile_name


@attrs.frozen(slots=True)
class KnowledgeBuy(Action):
    """Knowledge #6: the turn's purchase from another depot, or paid with workers (2019).

    Attributes:
        depot: 0 for the black depot, 1-6 for a numbered depot.
        tile: Tile code bought.
        workers: Workers paid instead of silverlings (2019 edition; the rest in silver).
        discard: Stored tile code discarded first because storage is full, or -1.
        own: Into the seat's own storage spaces (team play; see
            :class:`burgundy.actions.TakeTile`).
    """

    depot: int
    tile: int
    workers: int = 0
    discard: int = -1
    own: bool = False

    def __str__(self) -> str:
        where = "black" if self.depot == 0 else str(self.depot)
        pay = f" w{self.workers}" if self.workers else ""
        drop = "" if self.discard < 0 else f" drop {tile_name(self.discard)}"
        return f"buy {tile_name(self.tile)} {where}{pay}{drop}{' own' if self.own else ''}"


@attrs.frozen(slots=True)
class TakeGoodsTwo(Action):
    """Knowledge #5: a ship takes goods from a depot and from a depot next to it.

    Attributes:
        first: The lower-numbered depot of the two (depots form a ring, so 1 and 6 touch).
        first_colours: Goods colours taken from ``first``.
        second: The other depot.
        second_colours: Goods colours taken from ``second``.
    """

    first: int
    first_colours: tuple[int, ...]
    second: int
    second_colours: tuple[int, ...]

    def __str__(self) -> str:
        a = ",".join(map(str, self.first_colours))
        b = ",".join(map(str, self.second_colours))
        return f"goods {self.first} {a} + {self.second} {b}"
