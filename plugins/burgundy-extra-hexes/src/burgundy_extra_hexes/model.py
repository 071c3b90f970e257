"""The extra hexes' state, pending decisions and actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from burgundy.plugin import TILES, Action, Pending, brief, tile_name

if TYPE_CHECKING:
    from burgundy.plugin import Ruleset, RulesView, State

NAME = "extra_hexes"
"""The variant's name (its entry point and the key of its state)."""
CRANE_BUILDING = "crane"
"""The crane's own building type (X3: one crane exists; it does not block the type it
imitates)."""
GOOSE = "goose"
"""The geese's species: an extra species for #24, never another species (X4)."""


def imitated_kinds(rules: RulesView) -> tuple[int, ...]:
    """The building kinds the crane may imitate under ``rules``: one code of each building
    type of the ruleset but its own (the core's eight; a white castle with that variant on).

    Examples:
        >>> import burgundy
        >>> len(imitated_kinds(burgundy.Ruleset(players=2, variants=("extra_hexes",))))
        8
    """
    by_building = rules.engine.tiles.codes_by_building
    return tuple(codes[0] for building, codes in by_building.items()
                 if building != CRANE_BUILDING and codes)


@attrs.frozen(slots=True)
class ExtraState:
    """The extra hexes' state (key ``"extra_hexes"``).

    Attributes:
        crane_as: Per estate, the building type its crane counts as at game end, or ``""``:
            chosen automatically, the type that scores its owner best (R-EXTRA-HEXES). The
            rules set it only on the copies they score to compare the types.

    Examples:
        >>> from burgundy_extra_hexes.model import ExtraState
        >>> ExtraState(crane_as=("", "")).crane_as
        ('', '')
    """

    crane_as: tuple[str, ...]


CRANE = 64
"""Tile code of the crane."""
GEESE = 65
"""Tile code of the geese."""
_NAMES = {CRANE: "crane", GEESE: "geese"}


def _space_check(state: State, seat: int, space: int, tile: int) -> None:
    """``space`` is a space of seat ``seat``'s duchy that holds ``tile``."""
    estate = state.seat_estate(seat)
    board = state.rules.engine.boards.get(estate.board)
    if board is None or not 0 <= space < board.size:
        raise ValueError(f"space {brief(space)}: no such space of the seat's duchy")
    if estate.spaces[space] != tile:
        raise ValueError(f"space {space}: holds no {_NAMES[tile]}, which the decision is "
                         "about")


@attrs.frozen(slots=True)
class CraneChoice(Pending):
    """The crane was placed on ``space``: choose the building whose effect it has."""

    space: int = 0

    def validate(self, state: State) -> None:
        """Also: ``space`` is a space of the seat's duchy that holds the crane."""
        super().validate(state)
        _space_check(state, self.seat, self.space, CRANE)


@attrs.frozen(slots=True)
class GeeseChoice(Pending):
    """The geese were placed on ``space``: choose the other species of their pasture whose
    tiles score for them."""

    space: int = 0

    def validate(self, state: State) -> None:
        """Also: ``space`` is a space of the seat's duchy that holds the geese."""
        super().validate(state)
        _space_check(state, self.seat, self.space, GEESE)


@attrs.frozen(slots=True)
class CraneEffect(Action):
    """The crane's effect: that of a building of the kind ``tile`` (``crane bank``).

    Attributes:
        tile: The tile code of a building kind of the ruleset (the core's eight, a white
            castle).
    """

    tile: int

    @classmethod
    def action_space(cls, rules: Ruleset) -> tuple[CraneEffect, ...]:
        """Every crane effect of ``rules`` (:mod:`burgundy.action_space`): one per building
        type but the crane's own, as the crane's decision offers them (X3).

        Examples:
            >>> import burgundy
            >>> rules = burgundy.Ruleset(players=2, variants=("extra_hexes",))
            >>> len(CraneEffect.action_space(rules))
            8
        """
        return tuple(cls(code) for code in imitated_kinds(rules))

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal (no cost: the crane's placement paid)."""
        return (f"the crane's effect: that of a {tile_name(self.tile)}, as if you had just "
                "placed one (X3)")

    def __str__(self) -> str:
        return f"crane {tile_name(self.tile)}"


@attrs.frozen(slots=True)
class GeeseSpecies(Action):
    """The geese score the tiles of ``species`` in their pasture (``geese cow``).

    Attributes:
        species: An animal species with tiles in the geese's pasture.
    """

    species: str

    @classmethod
    def action_space(cls, rules: Ruleset) -> tuple[GeeseSpecies, ...]:
        """Every species the geese may score under ``rules`` (:mod:`burgundy.action_space`):
        each species of the ruleset's tiles but the geese's own (X4).

        Examples:
            >>> import burgundy
            >>> rules = burgundy.Ruleset(players=2, variants=("extra_hexes",))
            >>> [a.species for a in GeeseSpecies.action_space(rules)]
            ['chicken', 'cow', 'pig', 'sheep']
        """
        species = {TILES[code].species for code in rules.engine.tiles.codes}
        return tuple(cls(s) for s in sorted(s for s in species if s and s != GOOSE))

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal."""
        return (f"the geese also score the {self.species} tiles of their pasture, as if they "
                "had just been placed (X4)")

    def __str__(self) -> str:
        return f"geese {self.species}"


@attrs.frozen(slots=True)
class HireWorkers(Action):
    """Knowledge #28: pay 1 silverling for 2 workers (``hire``), on any of the seat's
    decisions, as often as it likes."""

    def explain(self, state: State) -> str:
        """The ``?`` text of the terminal, with the cost."""
        return ("knowledge #28: pay 1 silverling for 2 workers; a free action, the decision "
                "stays open (costs 1 silverling)")

    def cost(self, state: State) -> tuple[int, int]:
        """Workers and silverlings it costs: 1 silverling."""
        return (0, 1)

    def __str__(self) -> str:
        return "hire"


ACTION_TYPES: tuple[type[Action], ...] = (CraneEffect, GeeseSpecies, HireWorkers)
"""The variant's action types."""
PENDING_TYPES: tuple[type[Pending], ...] = (CraneChoice, GeeseChoice)
"""The variant's pending types."""
