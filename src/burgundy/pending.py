"""Pending decisions and chance events: the items on a state's stack.

The top of :attr:`burgundy.State.pending` says what happens next. A *decision* belongs to a
seat (``seat >= 0``) and is answered by one of ``legal_actions()``; a *chance event*
(``seat == -1``) by one of ``chance_outcomes()``; an *automatic step* (``seat == -2``) is a
bookkeeping step the engine runs by itself and never shows.

How the engine handles each type is its rule: a :class:`Decision`, a :class:`Chance` or a
:class:`Step` (the base game's in :mod:`burgundy.rules.base`, a variant's from hook
``burgundy_rules``, which also gives each action type its :class:`ActionRule`).

When a state is validated (:func:`burgundy.validation.validate_state`) every item's seat is
checked by the kind of item its rule makes of it (:func:`check_seat`), then the rule's own
``validate`` (a check that needs the rules' tables: the depot spaces of a phase, what the
buildings do), then the item's own fields (:meth:`Pending.validate`). The base class
:class:`Pending` and the seats of chance (:data:`CHANCE_SEAT`) and of the automatic steps
(:data:`AUTO_SEAT`) live with the state (:mod:`burgundy.state`), which holds the stack; they
are importable from here too. This module is a value type below the rules and imports none
of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from burgundy.errors import brief
from burgundy.geometry import NO_BOARD
from burgundy.state import AUTO_SEAT as AUTO_SEAT
from burgundy.state import CHANCE_SEAT as CHANCE_SEAT
from burgundy.state import Pending as Pending

if TYPE_CHECKING:
    from burgundy.actions import Action
    from burgundy.state import State

@attrs.frozen(slots=True)
class Decision:
    """The rule of a pending type that a seat decides (hook ``burgundy_rules``).

    Attributes:
        legal: ``f(state, item) -> actions``: the decision's own answers, a tuple or a new
            list that the engine may extend (the turn's own, which saves a copy at every
            turn). The engine adds ``Decline`` (if ``optional``), the purchases open in the
            middle of an action and the variants' extra actions (if ``extras``).
        optional: The effect may be declined (adds ``Decline``); a decision with no legal
            action is skipped either way.
        purchase_helps: A purchase in the middle of the action (2019 edition) can give this
            decision a target (the town hall places what was just bought), so it is not
            skipped while one is open; the player may buy, or decline.
        extras: Whether the purchases open in the middle of an action (2019 edition) and
            the variants' extra actions (``burgundy_extra_actions``) are offered beside the
            decision's own answers; ``False`` for a decision that finishes the action just
            taken (:class:`StowTile`: where the hex goes).
        answer: ``f(state, item, action) -> State`` for a decision whose answers need the
            item's own fields (:class:`StowTile`'s held hex): applies any of its own
            answers instead of the action type's rule; the item is still on top of the
            stack and the function removes it. Decline, End and free actions (purchases)
            keep their usual handling.
        validate: ``f(state, item)``, raising ``ValueError``: the checks of an item of this
            type that need the rules' own tables, run by :meth:`Pending.validate` after
            the seat check.

    Examples:
        >>> from burgundy.pending import Decision
        >>> Decision(legal=lambda state, item: (), optional=True).optional
        True
    """

    legal: Callable[[State, Pending], Sequence[Action]]
    optional: bool = False
    purchase_helps: bool = False
    extras: bool = True
    answer: Callable[[State, Pending, Action], State] | None = None
    validate: Callable[[State, Pending], None] | None = None


@attrs.frozen(slots=True)
class Chance:
    """The rule of a pending type that chance decides (seat -1).

    Attributes:
        outcomes: ``f(state, item) -> ((outcome, probability), ...)``, from the public
            counts of what is left; one outcome is resolved at once, none pops the item.
        resolve: ``f(state, item, outcome) -> State``; the item is already popped, unless
            ``pops``.
        pops: ``resolve`` receives the state with the item still on top of the stack and
            removes it itself, in the same copy as its own changes (one state copy fewer
            for the engine's most frequent chance events).
        validate: As :attr:`Decision.validate`.

    Examples:
        >>> from burgundy.pending import Chance
        >>> coin = Chance(lambda state, item: ((0, 0.5), (1, 0.5)),
        ...               lambda state, item, outcome: state)
        >>> coin.outcomes(None, None)
        ((0, 0.5), (1, 0.5))
    """

    outcomes: Callable[[State, Pending], tuple[tuple[Any, float], ...]]
    resolve: Callable[[State, Pending, Any], State]
    pops: bool = False
    validate: Callable[[State, Pending], None] | None = None


@attrs.frozen(slots=True)
class Step:
    """The rule of a pending type the engine runs by itself (seat -2): bookkeeping that is
    never shown (the phase end, the income).

    Attributes:
        run: ``f(state, item) -> State``; the item is already popped, unless ``pops``.
        pops: ``run`` receives the state with the item still on top and removes it itself.
        validate: As :attr:`Decision.validate`.

    Examples:
        >>> from burgundy.pending import Step
        >>> Step(run=lambda state, item: state, pops=True).pops
        True
    """

    run: Callable[[State, Pending], State]
    pops: bool = False
    validate: Callable[[State, Pending], None] | None = None


@attrs.frozen(slots=True)
class ActionRule:
    """The rule of an action type (hook ``burgundy_rules``).

    Attributes:
        apply: ``f(state, seat, action) -> State``, called once the action is found legal
            and, unless ``free``, the decision it answers is popped.
        free: The action does not answer the decision it is taken in (like the purchase):
            the decision stays pending.

    Examples:
        >>> from burgundy.pending import ActionRule
        >>> ActionRule(lambda state, seat, action: state, free=True).free
        True
    """

    apply: Callable[[State, int, Any], State]
    free: bool = False


PendingKind = Decision | Chance | Step
"""The rule of a pending type: a decision, a chance event or an automatic step."""
TypeRule = Decision | Chance | Step | ActionRule
"""What ``burgundy_rules`` maps a type to."""


def check_seat(state: State, item: Pending) -> None:
    """Check ``item`` may stand on ``state``'s stack as the kind of item the ruleset's rule
    makes of its type, then run the rule's own ``validate``.

    A chance event (:class:`Chance`) stands at seat -1, an automatic step (:class:`Step`)
    at -2, a decision (:class:`Decision`) at a seat of the game.
    :func:`burgundy.validation.validate_state` calls it on every item before the item's
    own :meth:`Pending.validate`.

    Raises:
        ValueError: The type is not one of the ruleset's, or the seat or the rule's check
            fails.
    """
    rule = state.rules.engine.pending_rules.get(type(item))
    if isinstance(rule, Decision):
        players = len(state.seats)
        _require(
            0 <= item.seat < players,
            f"seat {brief(item.seat)}: no such seat (a decision's seat is 0-{players - 1})",
        )
    elif isinstance(rule, Chance):
        _require(item.seat == CHANCE_SEAT, f"seat {brief(item.seat)}: a chance event has "
                 f"seat {CHANCE_SEAT}")
    elif isinstance(rule, Step):
        _require(item.seat == AUTO_SEAT, f"seat {brief(item.seat)}: an automatic step has "
                 f"seat {AUTO_SEAT}")
    else:
        raise ValueError("not a pending type of this ruleset")
    if rule.validate is not None:
        rule.validate(state, item)


@attrs.frozen(slots=True)
class PendingRule:
    """How the engine handled one pending type before 1.0 (deprecated: give a
    :class:`Decision`, :class:`Chance` or :class:`Step` to hook ``burgundy_rules``).

    Give ``legal`` for a decision, ``outcomes`` and ``resolve`` for a chance event, ``run``
    for an automatic step; :meth:`kind` turns it into that rule.

    Attributes:
        legal: As :attr:`Decision.legal`.
        outcomes: As :attr:`Chance.outcomes`.
        resolve: As :attr:`Chance.resolve`.
        run: As :attr:`Step.run`.
        optional: As :attr:`Decision.optional`.
        purchase_helps: As :attr:`Decision.purchase_helps`.
        pops: As :attr:`Chance.pops` and :attr:`Step.pops`.
        validate: As :attr:`Decision.validate`.
        extras: As :attr:`Decision.extras`.
        answer: As :attr:`Decision.answer`.

    Examples:
        >>> from burgundy.pending import PendingRule, Step
        >>> isinstance(PendingRule(run=lambda state, item: state).kind(), Step)
        True
    """

    legal: Callable[[State, Pending], Sequence[Action]] | None = None
    outcomes: Callable[[State, Pending], tuple[tuple[Any, float], ...]] | None = None
    resolve: Callable[[State, Pending, Any], State] | None = None
    run: Callable[[State, Pending], State] | None = None
    optional: bool = False
    purchase_helps: bool = False
    pops: bool = False
    validate: Callable[[State, Pending], None] | None = None
    extras: bool = True
    answer: Callable[[State, Pending, Action], State] | None = None

    def kind(self) -> PendingKind:
        """The :class:`Decision`, :class:`Chance` or :class:`Step` this rule describes.

        Raises:
            ValueError: It gives none of ``legal``, ``outcomes`` with ``resolve``, or
                ``run``.
        """
        if self.legal is not None:
            return Decision(self.legal, self.optional, self.purchase_helps, self.extras,
                            self.answer, self.validate)
        if self.outcomes is not None and self.resolve is not None:
            return Chance(self.outcomes, self.resolve, self.pops, self.validate)
        if self.run is not None:
            return Step(self.run, self.pops, self.validate)
        raise ValueError("a PendingRule needs legal, outcomes and resolve, or run")


def _require(condition: bool, message: str) -> None:
    """Raise ``ValueError(message)`` unless ``condition`` holds."""
    if not condition:
        raise ValueError(message)


def _estate_index(state: State, estate: int, what: str) -> None:
    """Check that ``estate`` indexes one of ``state``'s estates."""
    _require(
        0 <= estate < len(state.estates),
        f"{what} {brief(estate)}: no such estate (0-{len(state.estates) - 1})",
    )


# -- chance events --------------------------------------------------------------------------
@attrs.frozen(slots=True)
class StartPlayerDraw(Pending):
    """Chance: who starts (uniform over the seats)."""

    seat: int = CHANCE_SEAT

    def validate(self, state: State) -> None:
        """Also: the start player is not drawn yet (the turn-order track is empty)."""
        super().validate(state)
        _require(not state.track, "the start player is drawn already (the track is set)")


@attrs.frozen(slots=True)
class BoardDraw(Pending):
    """Chance: which duchy board estate ``estate`` is dealt (advanced set-up)."""

    estate: int = 0
    seat: int = CHANCE_SEAT

    def validate(self, state: State) -> None:
        """Also: ``estate`` exists, has no board yet and is dealt one only once."""
        super().validate(state)
        _estate_index(state, self.estate, "estate")
        _require(
            state.estates[self.estate].board == NO_BOARD, "the estate has its board already"
        )
        draws = [
            item for item in state.pending
            if isinstance(item, BoardDraw) and item.estate == self.estate
        ]
        _require(len(draws) == 1, "the estate's board is drawn twice")


@attrs.frozen(slots=True)
class GoodsDraw(Pending):
    """Chance: one goods tile from the face-down goods.

    Attributes:
        estate: The estate receiving it, or -1 for the next round space.
    """

    estate: int = -1
    seat: int = CHANCE_SEAT

    def validate(self, state: State) -> None:
        """Also: ``estate`` is -1 or an estate."""
        super().validate(state)
        if self.estate != -1:
            _estate_index(state, self.estate, "estate")


@attrs.frozen(slots=True)
class HexDraw(Pending):
    """Chance: one hex onto a depot space.

    Attributes:
        depot: 1-6 for a numbered depot, 0 for the black depot.
        colour: Colour of the depot space (the pile drawn from), -1 for the black pile.

    On validation its rule checks that this is the black depot with colour -1 or a numbered
    depot's space of this phase (:func:`burgundy.rules.setup.validate_hex_draw`).
    """

    depot: int = 0
    colour: int = -1
    seat: int = CHANCE_SEAT


@attrs.frozen(slots=True)
class WhiteRoll(Pending):
    """Chance: the start player's roll of the white die."""

    seat: int = CHANCE_SEAT


@attrs.frozen(slots=True)
class DiceRoll(Pending):
    """Chance: the roll of one seat's two dice (outcome: a sorted pair).

    Attributes:
        roller: The seat rolling.
    """

    roller: int = 0
    seat: int = CHANCE_SEAT

    def validate(self, state: State) -> None:
        """Also: ``roller`` is a seat."""
        super().validate(state)
        players = len(state.seats)
        _require(
            0 <= self.roller < players,
            f"roller {brief(self.roller)}: no such seat (0-{players - 1})",
        )


# -- automatic steps ------------------------------------------------------------------------
@attrs.frozen(slots=True)
class StartCastles(Pending):
    """Automatic: place the start castles (or ask for their spaces)."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class PhaseStart(Pending):
    """Automatic: clear the depots and lay out a new phase."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class RoundStart(Pending):
    """Automatic: fix this round's play order and roll the dice."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class BeginTurns(Pending):
    """Automatic: the round's goods go to the white die's depot; the first turn starts."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class PhaseEnd(Pending):
    """Automatic: the phase ends; variants act (their decisions come before the income)."""

    seat: int = AUTO_SEAT


@attrs.frozen(slots=True)
class PhaseIncome(Pending):
    """Automatic: phase-end mine income; then the next phase or the final scoring."""

    seat: int = AUTO_SEAT


# -- decisions ------------------------------------------------------------------------------
@attrs.frozen(slots=True)
class Turn(Pending):
    """A seat's turn: two die actions, at most one purchase, then the end of the turn."""

    def validate(self, state: State) -> None:
        """Also: the seat is the one whose turn it is (``state.order[state.turn]``)."""
        super().validate(state)
        _require(
            0 <= state.turn < len(state.order) and self.seat == state.order[state.turn],
            "the turn is not the seat's whose turn it is (order/turn)",
        )


@attrs.frozen(slots=True)
class StartCastleChoice(Pending):
    """Advanced set-up: choose the space of the start castle."""

    def validate(self, state: State) -> None:
        """Also: the seat's estate has its board and no start castle yet."""
        super().validate(state)
        estate = state.seat_estate(self.seat)
        _require(estate.board in state.rules.engine.boards, "the estate has no board yet")
        _require(estate.start == -1, "the estate has its start castle already")


@attrs.frozen(slots=True)
class ShipGoods(Pending):
    """A ship was placed: take the goods of one depot."""


@attrs.frozen(slots=True)
class BonusAction(Pending):
    """A castle was placed: one more die action with a die of any value (R-CASTLE)."""


@attrs.frozen(slots=True)
class LooseDieAction(Pending):
    """One die action (take a hex, place a hex, sell goods, take workers) with a *loose*
    die showing ``value``: a die that is not in the hand (:func:`burgundy.domains.loose_die`;
    workers change it as usual, no die of the hand is spent). A variant pushes it: the
    white castle's action with the white die's value (R-WHITE-CASTLE). Not optional: with
    no possible action it is skipped.

    Attributes:
        value: The value the die shows (1-6).
    """

    value: int = 1

    def validate(self, state: State) -> None:
        """Also: ``value`` is 1-6."""
        super().validate(state)
        _require(1 <= self.value <= 6, f"value {brief(self.value)}: a die shows 1-6")


@attrs.frozen(slots=True)
class BuildingTake(Pending):
    """Carpenter's workshop, church or market: take a hex of the named colours.

    Attributes:
        colours: Colour indices of the hexes that may be taken, in the order of the
            building's effect in ``tiles.json``.

    On validation its rule checks that ``colours`` are those of a building that takes
    (:func:`burgundy.rules.effects.validate_building_take`).
    """

    colours: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class WarehouseSell(Pending):
    """Warehouse: sell one kind of goods."""


@attrs.frozen(slots=True)
class TownHallPlace(Pending):
    """Town hall: place one more hex from storage (R-TOWNHALL)."""


@attrs.frozen(slots=True)
class StowTile(Pending):
    """A hex was taken and where it goes is a choice: which stored hex to discard when
    storage is full (R-STORAGE), or (team play, R-TEAM-STORAGE) the estate's or the seat's
    own spaces. Answered by :class:`~burgundy.actions.Stow` / ``StowOwn``; the hex is held
    here until then (conservation counts it).

    Attributes:
        tile: The tile code taken.

    A take that may not discard (a building's without the ``building_take_may_discard``
    option, R-BUILDING-FULL) is only offered with a free space, where discarding is never
    a choice, so the item needs no flag for it.
    """

    tile: int = 0


# -- unordered pending items (a variant's VariantInfo.unordered_pending) ----------------------
@attrs.frozen(slots=True)
class OrderChoice(Pending):
    """Two or more pending items that a variant declares *unordered*
    (:attr:`~burgundy.variant_info.VariantInfo.unordered_pending`) are due together on top
    of the stack for one seat: the seat chooses which to resolve next
    (:class:`~burgundy.actions.ResolveFirst`; :mod:`burgundy.rules.order`). The engine
    pushes it on top of them; it has no fields of its own.
    """


@attrs.frozen(slots=True)
class ChosenNext(Pending):
    """Automatic marker: the unordered decision directly above it was chosen to be resolved
    next (:class:`OrderChoice`), so no choice is asked for it again. The engine removes it
    when that decision is answered or skipped (:mod:`burgundy.rules.order`)."""

    seat: int = AUTO_SEAT


ORDER_PENDING: tuple[type[Pending], ...] = (OrderChoice, ChosenNext)
"""The pending types of the unordered choice: in a ruleset's serialisation union (and the
observation's ``pending`` slice) only where a variant declares unordered pending types."""


CORE_PENDING: tuple[type[Pending], ...] = (
    StartPlayerDraw, BoardDraw, GoodsDraw, HexDraw, WhiteRoll, DiceRoll,
    StartCastles, PhaseStart, RoundStart, BeginTurns, PhaseEnd, PhaseIncome,
    Turn, StartCastleChoice, ShipGoods, BonusAction, BuildingTake, WarehouseSell, TownHallPlace,
    LooseDieAction, StowTile,
)
"""Every pending type of the core, for serialisation."""
