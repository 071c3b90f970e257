"""The solo module's state, pending items and actions."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

import attrs

from burgundy.plugin import (
    AUTO_SEAT,
    STANDARD_LAYOUT,
    Action,
    Pending,
    brief,
    placements,
    space_name,
    tile_name,
    tiles_in_play,
)

if TYPE_CHECKING:
    from burgundy.plugin import Ruleset, State

NAME = "solo"
"""The variant's name (its entry point and the key of its state)."""
BLACK_TILE = 52
"""Tile code of the face-down *black tile* (R-SOLO-BLACK; the code the core reserves for
the solo module)."""
TRADE_GOODS = 5
"""Goods traded for one black tile (S12/P11)."""
TARGET_STEP = 5
"""How far the target marker moves down at each reset (S17/P16)."""
TARGET_FLOOR = 5
"""The lowest target (R-SOLO-TARGET: the special edition's floor; the 2011/2019 texts give
none, and a target of 0 would reset forever)."""


@attrs.frozen(slots=True)
class SoloState:
    """How far the solo game has got (the variant's state, key ``"solo"``).

    ``State.scores`` shows the score marker where it stands on the track (back to 0 at each
    reset); this keeps what the track forgets.

    Attributes:
        target: Where the target marker stands (R-SOLO-TARGET).
        resets: How often the score marker reached the target.
        total: Every VP the score marker moved over the game (gains and bought VP).
        goods_out: Goods that left the game by colour (the ship's clearing of the other
            depots, the goods traded for black tiles): the core counts them in goods
            conservation (hook ``burgundy_held["goods"]``).

    Examples:
        >>> from burgundy_solo.model import SoloState
        >>> SoloState(target=50).goods_out
        (0, 0, 0, 0, 0, 0)
    """

    target: int
    resets: int = 0
    total: int = 0
    goods_out: tuple[int, ...] = (0, 0, 0, 0, 0, 0)


# -- pending ----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class ShipClearing(Pending):
    """Automatic, after a ship's goods: the goods left on every depot leave the game
    (S11/P10); then the black-tile trade is offered (S12/P11).

    Attributes:
        trader: The seat whose ship it was.
    """

    trader: int = 0
    seat: int = AUTO_SEAT

    def validate(self, state: State) -> None:
        """Also: ``trader`` is a seat."""
        super().validate(state)
        if not 0 <= self.trader < len(state.seats):
            raise ValueError(f"trader {brief(self.trader)}: no such seat")


@attrs.frozen(slots=True)
class BlackTrade(Pending):
    """The optional trade right after a ship: 5 goods for one black-depot hex, face down
    into storage (R-SOLO-BLACK)."""


@attrs.frozen(slots=True)
class ColourReward(Pending):
    """A colour was covered: a black-depot hex of the player's choice goes straight into
    the duchy (R-SOLO-COLOUR); skipped when none fits."""


@attrs.frozen(slots=True)
class BuyPoints(Pending):
    """The optional purchase of VP right after a VP gain, 1 silverling each
    (R-SOLO-TARGET)."""


# -- actions ----------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class TradeForBlackTile(Action):
    """Trade 5 goods for black-depot hex ``tile``, kept face down in storage as a black
    tile (R-SOLO-BLACK).

    Attributes:
        tile: The black-depot hex taken (it leaves the game; a black tile takes its place).
        goods: The goods paid, by colour (6 counts adding up to 5).

    The black tile goes into storage; with it full, which stored hex is discarded
    (R-STORAGE) is the decision that follows (:class:`burgundy.actions.Stow`).
    """

    tile: int
    goods: tuple[int, ...]

    @classmethod
    def action_space(cls, rules: Ruleset) -> list[TradeForBlackTile]:
        """Every trade (:mod:`burgundy.action_space`): any tile in play, any 5 goods."""
        pays = [g for g in product(range(6), repeat=6) if sum(g) == 5]
        return [cls(t, g) for t in tiles_in_play(rules) for g in pays]

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal, with what it costs (5 goods)."""
        paid = ", ".join(f"{n} of colour {colour + 1}" for colour, n in enumerate(self.goods)
                         if n)
        return (f"trade 5 goods ({paid}) for the black depot's {tile_name(self.tile)}, kept face "
                "down in storage as a black tile: it covers a space of any colour and has no "
                "effect (R-SOLO-BLACK)")

    def __str__(self) -> str:
        paid = "".join(str(colour + 1) * n for colour, n in enumerate(self.goods))
        return f"trade {tile_name(self.tile)} for goods {paid}"


@attrs.frozen(slots=True)
class PlaceBlackHex(Action):
    """Place black-depot hex ``tile`` straight on ``space`` (R-SOLO-COLOUR; any die number).

    Attributes:
        tile: The black-depot hex.
        space: The duchy space.
        layout: The layout of the duchy's board, whose space names the notation uses.
    """

    tile: int
    space: int
    layout: str = STANDARD_LAYOUT

    @classmethod
    def action_space(cls, rules: Ruleset) -> list[PlaceBlackHex]:
        """Every placement (:mod:`burgundy.action_space`): a tile in play on a space of the
        boards in play."""
        return [cls(t, s, lay) for t, s, lay in placements(rules, tiles_in_play(rules))]

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal (free: the colour reward)."""
        return (f"the colour reward: place the black depot's {tile_name(self.tile)} straight "
                f"onto {space_name(self.layout, self.space)} (any die number, no workers), with "
                "its effect (R-SOLO-COLOUR)")

    def __str__(self) -> str:
        return f"reward {tile_name(self.tile)} {space_name(self.layout, self.space)}"


@attrs.frozen(slots=True)
class BuyVictoryPoints(Action):
    """Buy ``count`` VP for as many silverlings (R-SOLO-TARGET).

    Attributes:
        count: VP bought, at least 1.
    """

    count: int

    @classmethod
    def action_space(cls, rules: Ruleset) -> list[BuyVictoryPoints]:
        """1 to 200 VP (:mod:`burgundy.action_space`)."""
        return [cls(n) for n in range(1, 201)]

    def cost(self, state: State) -> tuple[int, int]:
        """Workers and silverlings it costs: 1 silverling a VP."""
        return (0, self.count)

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal, with the cost."""
        return (f"buy {self.count} VP for {self.count} silverling{'s' if self.count != 1 else ''}"
                "; the score marker moves, and reaching the target resets it (R-SOLO-TARGET)")

    def __str__(self) -> str:
        return f"buy {self.count} vp"


PENDING_TYPES = (ShipClearing, BlackTrade, ColourReward, BuyPoints)
"""The variant's pending types."""
ACTION_TYPES = (TradeForBlackTile, PlaceBlackHex, BuyVictoryPoints)
"""The variant's action types."""
