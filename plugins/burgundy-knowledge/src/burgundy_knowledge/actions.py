"""The knowledge variant's own actions (they join the serialisation union)."""

from __future__ import annotations

import attrs

from burgundy.actions import Action


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
