"""The shields variant's state, pending decisions and actions."""

from __future__ import annotations

import json
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from burgundy.plugin import (
    ALL_DEPOTS,
    ANY_DIE,
    CHANCE_SEAT,
    STANDARD_LAYOUT,
    Action,
    Colour,
    Pending,
    boards_in_play,
    brief,
    die_cost,
    placements,
    space_name,
    spaces_in_play,
    tile_name,
    tiles_in_play,
)

if TYPE_CHECKING:
    from burgundy.plugin import Ruleset, State

DATA: dict[str, Any] = json.loads(
    resources.files("burgundy_shields.data").joinpath("shields.json").read_text("utf-8")
)
"""The shield table and set-up counts."""
SHIELDS: tuple[int, ...] = tuple(sorted(int(n) for n in DATA["shields"]))
"""Shield numbers 1-18."""


SHIELD_USE = "shield"
"""``DieUse.kind`` of the dice spent on a shield (knowledge #8 applies, #9-#12 do not)."""


def shield_vp(number: int) -> int:
    """End VP of shield ``number`` (12, 8 or 4)."""
    return int(DATA["shields"][str(number)]["vp"])


def shield_text(number: int) -> str:
    """What shield ``number`` does, in words, with its VP (the terminal's ``?`` texts).

    Examples:
        >>> shield_text(18)
        'shield #18 (4 VP at the end): Placed hexes need not touch a covered space.'
    """
    return (f"shield #{number} ({shield_vp(number)} VP at the end): "
            f"{DATA['shields'][str(number)]['text']}")


def _workers(count: int) -> str:
    return f"{count} worker{'s' if count != 1 else ''}" if count else "no workers"


@attrs.frozen(slots=True)
class ShieldState:
    """Where the shields are (the variant's namespaced state, key ``"shields"``).

    Attributes:
        supply: Shields not yet drawn (face down), sorted.
        depots: Shields on each numbered depot's goods space, sorted.
        placed: Per estate, ``(castle space, shield)`` pairs sorted by space.
        removed: Shields out of the game, sorted.
        borrow: Per estate, the seat whose knowledge tiles shield #6 lends it, or -1.
        die_set: Whether the seat to move used shield #16 this turn.
    """

    supply: tuple[int, ...]
    depots: tuple[tuple[int, ...], ...]
    placed: tuple[tuple[tuple[int, int], ...], ...]
    removed: tuple[int, ...] = ()
    borrow: tuple[int, ...] = ()
    die_set: bool = False

    def shields_of(self, estate: int) -> tuple[int, ...]:
        """The shields in estate ``estate``'s duchy."""
        return tuple(shield for _, shield in self.placed[estate])

    def has(self, estate: int, number: int) -> bool:
        """Whether shield ``number`` lies in estate ``estate``'s duchy."""
        for _, shield in self.placed[estate]:  # noqa: SIM110 - a loop, not any(): hot path
            if shield == number:
                return True
        return False


# -- pending ----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class ShieldDraw(Pending):
    """Chance: a shield from the face-down shields onto a depot's goods space.

    Attributes:
        depot: The depot, 1-6.
    """

    depot: int = 1
    seat: int = CHANCE_SEAT

    def validate(self, state: State) -> None:
        """Also: ``depot`` is 1-6, and a shield is left face down for each draw pending."""
        super().validate(state)
        if not 1 <= self.depot <= 6:
            raise ValueError(f"depot {brief(self.depot)}: the depots are 1-6")
        draws = sum(1 for item in state.pending if isinstance(item, ShieldDraw))
        left = len(state.variant_state("shields").supply)
        if draws > left:
            raise ValueError(f"{draws} shield draws pending with {left} shields face down")

    def describe_outcome(self, outcome: int) -> str:
        """Text for transcripts: ``"shield depot 3: #7"``."""
        return f"shield depot {self.depot}: #{outcome}"


@attrs.frozen(slots=True)
class ShieldTribute(Pending):
    """Phase end: pay 1 silverling per shield kept; the others leave the game."""


@attrs.frozen(slots=True)
class ShieldPlacement(Pending):
    """Shields #14/#15 at a phase end: place a hex from a depot straight into the duchy.

    Attributes:
        black: From the black depot (#15) rather than the numbered ones (#14).
    """

    black: bool = False


@attrs.frozen(slots=True)
class ShieldGoods(Pending):
    """Shield #5 after a ship: take all goods of one colour from the six depots."""


# -- actions ----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class TakeShield(Action):
    """Take a shield from a depot onto a castle of the duchy (replacing one there).

    Attributes:
        dice: The two dice spent (rolled values), or ``(0,)`` for a castle's bonus (#11).
        depot: The depot (1-6), the number both dice are used as.
        shield: The shield taken.
        space: The castle space it goes on.
        layout: The layout of the duchy's board, whose space names the notation uses.
    """

    dice: tuple[int, ...]
    depot: int
    shield: int
    space: int
    layout: str = STANDARD_LAYOUT

    @classmethod
    def action_space(cls, rules: Ruleset) -> list[tuple[int, int, int, str]]:
        """The keys of :meth:`action_key` (:mod:`burgundy.action_space`): each depot, shield
        and castle space of the boards in play."""
        castles = [(space, layout) for layout, space, colours in spaces_in_play(rules)
                   if int(Colour.CASTLE) in colours]
        return [(d, n, s, lay) for d in range(1, 7) for n in SHIELDS for s, lay in castles]

    def action_key(self) -> tuple[int, int, int, str]:
        """Depot, shield and space: the dice spent are the seat's two (or a castle's bonus
        die), which the state says."""
        return (self.depot, self.shield, self.space, self.layout)

    def cost(self, state: State) -> tuple[int, int]:
        """Workers and silverlings it costs: the workers that turn both dice to the depot's
        number (a double; none with a castle's bonus, #11)."""
        if self.dice == (ANY_DIE,):
            return (0, 0)
        seat = state.current_player
        return (sum(die_cost(state, seat, SHIELD_USE, -1, d, self.depot) for d in self.dice),
                0)

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal: the shield, where it goes and what it costs."""
        where = f"onto your castle on {space_name(self.layout, self.space)}"
        if self.dice == (ANY_DIE,):
            how = "with the castle's bonus action (shield #11: no dice, no workers)"
        else:
            dice = " and ".join(map(str, self.dice))
            how = (f"with both dice, {dice}, used as a double of {self.depot}s instead of two "
                   f"actions; costs {_workers(self.cost(state)[0])}")
        return (f"take shield {self.shield} from depot {self.depot} {where} (a shield already "
                f"there leaves the game), {how}. It is {shield_text(self.shield)}")

    def __str__(self) -> str:
        dice = " d*" if self.dice == (ANY_DIE,) else "".join(f" d{d}" for d in self.dice)
        return f"shield {self.shield} {self.depot} {space_name(self.layout, self.space)}{dice}"


@attrs.frozen(slots=True)
class PayTribute(Action):
    """Keep these shields and pay for them; the rest leave the game.

    Attributes:
        keep: The shields kept, sorted.
        workers: Workers paid instead of silverlings (shield #3).
    """

    keep: tuple[int, ...]
    workers: int = 0

    #: :meth:`action_key` needs the state (:mod:`burgundy.action_space`).
    state_key: ClassVar[bool] = True

    @classmethod
    def action_space(cls, rules: Ruleset) -> list[tuple[int, int]]:
        """The keys of :meth:`action_key`: which of the shields held (at most one per castle
        space of a board in play) are kept, as a bit mask, and the workers paid (at most
        one per shield)."""
        most = max(sum(1 for c in rules.engine.boards[b].colours if c == Colour.CASTLE)
                   for b in boards_in_play(rules))
        return [(mask, w) for mask in range(1 << most) for w in range(most + 1)]

    def action_key(self, state: State) -> tuple[int, int]:
        """Which of the deciding seat's shields (in shield order) are kept, as a bit mask,
        and the workers paid: the same choice in every state."""
        index = state.seats[state.current_player].estate
        owned = sorted(state.variant_state("shields").shields_of(index))
        mask = sum(1 << owned.index(n) for n in self.keep if n in owned)
        return (mask if all(n in owned for n in self.keep) else -1, self.workers)

    def cost(self, state: State) -> tuple[int, int]:
        """Workers and silverlings it costs: the tribute of the shields kept, ``workers`` of
        it in workers (shield #3)."""
        due = len(self.keep) * int(DATA["tribute_per_shield"])
        return (self.workers, max(0, due - self.workers))

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal, with the cost."""
        if not self.keep:
            return "the phase-end tribute: keep no shield; every shield you hold leaves the game"
        workers, silver = self.cost(state)
        paid = f"{silver} silverling{'s' if silver != 1 else ''}"
        if workers:
            paid += f" and {_workers(workers)} (shield #3)"
        kept = ", ".join(f"#{n}" for n in self.keep)
        return (f"the phase-end tribute: keep shields {kept}, paying {paid}; the shields not "
                "kept leave the game")

    def __str__(self) -> str:
        kept = ",".join(map(str, self.keep)) or "none"
        pay = f" w{self.workers}" if self.workers else ""
        return f"tribute {kept}{pay}"


@attrs.frozen(slots=True)
class PlaceFromDepot(Action):
    """Shields #14/#15: a hex from a depot straight onto a space (any die number).

    Attributes:
        depot: 1-6, or 0 for the black depot.
        tile: Tile code.
        space: Duchy space.
        layout: The layout of the duchy's board, whose space names the notation uses.
    """

    depot: int
    tile: int
    space: int
    layout: str = STANDARD_LAYOUT

    @classmethod
    def action_space(cls, rules: Ruleset) -> list[PlaceFromDepot]:
        """Any depot, and a tile in play on a space of its colour (:mod:`burgundy.action_space`)."""
        pairs = placements(rules, tiles_in_play(rules))
        return [cls(d, t, s, lay) for d in ALL_DEPOTS for t, s, lay in pairs]

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal (free: shields #14/#15 at a phase end)."""
        where = "the black depot" if self.depot == 0 else f"depot {self.depot}"
        number = 15 if self.depot == 0 else 14
        return (f"shield #{number}: place the {tile_name(self.tile)} from {where} straight onto "
                f"{space_name(self.layout, self.space)} (any die number, no workers), with its "
                "effect")

    def __str__(self) -> str:
        where = "black" if self.depot == 0 else str(self.depot)
        return f"direct {tile_name(self.tile)} {where} {space_name(self.layout, self.space)}"


@attrs.frozen(slots=True)
class TakeColour(Action):
    """Shield #5: take all goods of one colour from the six depots.

    Attributes:
        goods: The goods colour, 1-6.
    """

    goods: int

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal (free: shield #5 after a ship)."""
        return f"shield #5: take every goods tile of colour {self.goods} from the six depots"

    def __str__(self) -> str:
        return f"goods colour {self.goods}"


@attrs.frozen(slots=True)
class Borrow(Action):
    """Shield #6: from now on the knowledge tiles of seat ``target`` also work for you
    (a free action, once, on any of your turns after taking the shield).

    Attributes:
        target: The seat lending its knowledge tiles.
    """

    target: int

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal (a free action)."""
        return (f"shield #6: from now on the knowledge tiles of seat {self.target} also work "
                "for you, those it places later too (a free action, once)")

    def __str__(self) -> str:
        return f"borrow {self.target}"


@attrs.frozen(slots=True)
class SetDie(Action):
    """Shield #16: once per turn, turn one unused die to any value.

    Attributes:
        die: The die's current value.
        value: Its new value.
    """

    die: int
    value: int

    @classmethod
    def action_space(cls, rules: Ruleset) -> tuple[SetDie, ...]:
        """Every turn of a die (:mod:`burgundy.action_space`): a die of the hand (1-6) to
        any other value, never a loose die (not in the hand).

        Examples:
            >>> import burgundy
            >>> len(SetDie.action_space(burgundy.Ruleset(players=3, variants=("shields",))))
            30
        """
        return tuple(cls(d, v) for d in range(1, 7) for v in range(1, 7) if v != d)

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal (a free action)."""
        return (f"shield #16: turn your unused die {self.die} to {self.value}, no workers "
                "(once per turn, a free action)")

    def __str__(self) -> str:
        return f"set d{self.die} {self.value}"


PENDING_TYPES = (ShieldDraw, ShieldTribute, ShieldPlacement, ShieldGoods)
ACTION_TYPES = (TakeShield, PayTribute, PlaceFromDepot, TakeColour, Borrow, SetDie)
