"""The knowledge variant's own actions (they join the serialisation union)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from burgundy.plugin import Action, colour_sets

if TYPE_CHECKING:
    from burgundy.plugin import Ruleset, State


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

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal: what the ship takes, from where (free: the die
        is the ship's placement's)."""
        first = ", ".join(map(str, self.first_colours)) or "none"
        second = ", ".join(map(str, self.second_colours)) or "none"
        return (f"knowledge #5: the ship takes every goods tile of colour {first} from depot "
                f"{self.first} and of colour {second} from depot {self.second}")

    def action_key(self) -> tuple[int, int, tuple[int, ...]]:
        """The two depots and the colours taken overall: in a state, which come from which
        depot follows from the depots' goods."""
        return (self.first, self.second,
                tuple(sorted(set(self.first_colours) | set(self.second_colours))))

    def __str__(self) -> str:
        a = ",".join(map(str, self.first_colours))
        b = ",".join(map(str, self.second_colours))
        return f"goods {self.first} {a} + {self.second} {b}"
