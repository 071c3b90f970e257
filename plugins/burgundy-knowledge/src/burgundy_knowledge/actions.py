"""The knowledge variant's own actions (they join the serialisation union)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from burgundy.action_space import ALL_DEPOTS, colour_sets, tiles_in_play
from burgundy.actions import Action
from burgundy.components import tile_name

if TYPE_CHECKING:
    from burgundy.variants import Ruleset


@attrs.frozen(slots=True)
class KnowledgeBuy(Action):
    """Knowledge #6: the turn's purchase from another depot, or paid with workers (2019).

    Attributes:
        depot: 0 for the black depot, 1-6 for a numbered depot.
        tile: Tile code bought.
        workers: Workers paid instead of silverlings (2019 edition; the rest in silver).

    Where the hex goes, when there is a choice, is the decision that follows
    (:class:`burgundy.actions.Stow`, as after the core's take).
    """

    depot: int
    tile: int
    workers: int = 0

    @classmethod
    def action_space(cls, rules: Ruleset) -> list[KnowledgeBuy]:
        """Every purchase a game of ``rules`` can offer (:mod:`burgundy.action_space`): any
        depot, any tile in play, 0-2 workers."""
        tiles = tiles_in_play(rules)
        return [cls(d, t, w) for d in ALL_DEPOTS for t in tiles for w in range(3)]

    def __str__(self) -> str:
        where = "black" if self.depot == 0 else str(self.depot)
        pay = f" w{self.workers}" if self.workers else ""
        return f"buy {tile_name(self.tile)} {where}{pay}"


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

    @classmethod
    def action_space(cls, rules: Ruleset) -> list[tuple[int, int, tuple[int, ...]]]:
        """The keys of :meth:`action_key` (:mod:`burgundy.action_space`): each pair of
        neighbouring depots with each set of colours taken."""
        pairs = sorted((min(a, a % 6 + 1), max(a, a % 6 + 1)) for a in range(1, 7))
        return [(a, b, c) for a, b in pairs for c in colour_sets(rules)]

    def action_key(self) -> tuple[int, int, tuple[int, ...]]:
        """The two depots and the colours taken overall: in a state, which come from which
        depot follows from the depots' goods."""
        return (self.first, self.second,
                tuple(sorted(set(self.first_colours) | set(self.second_colours))))

    def __str__(self) -> str:
        a = ",".join(map(str, self.first_colours))
        b = ",".join(map(str, self.second_colours))
        return f"goods {self.first} {a} + {self.second} {b}"
