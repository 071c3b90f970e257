"""What a variant declares about itself: :class:`VariantInfo` (hook ``burgundy_variant``)
with its options (:class:`OptionSpec`), purchase sources (:class:`PurchaseSource`) and the
slices it adds to the learning observation (:class:`ObservationSlice`).

Plain values, below the state and the rules: a plugin builds them from
:mod:`burgundy.plugin`; the ruleset (:mod:`burgundy.variants`) reads them. Because they sit
below :class:`burgundy.State` (whose :class:`~burgundy.state.RulesView` names them), the
functions they hold are typed by what they return; what they are called with (a state, a
seat, a ruleset) is written on each field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

EDITIONS: tuple[str, ...] = ("2019", "2011")
"""Supported editions; the first is the default."""


@attrs.frozen(slots=True)
class OptionSpec:
    """One ruleset option.

    Attributes:
        default: Value used when the caller gives none.
        choices: The valid values, or ``None`` when ``check`` decides.
        doc: One line for the documentation and error messages.
        check: Validator for options without a fixed list of choices,
            ``check(value, rules)`` with the :class:`burgundy.Ruleset` being built: returns
            the normalised value or raises ``ValueError``. An option with no default that
            plays (trade routes' deck) gives ``default=None`` and a ``check`` that refuses
            ``None`` with an explanation.
        describe: ``f(value) -> note`` for people: a few words on the ruleset's value that
            :meth:`Ruleset.describe` shows (``""``: nothing to say), or ``None``.
        kind: What kind of value it takes, in a few words for people (``"a whole number
            45-55"``), as ``burgundy variants --options`` lists it; ``""`` (default): told
            from ``choices`` or the default's type.

    Examples:
        >>> from burgundy.variant_info import OptionSpec
        >>> OptionSpec(50, None, "where the marker starts", kind="a whole number 45-55").kind
        'a whole number 45-55'
    """

    default: Any
    choices: tuple[Any, ...] | None
    doc: str
    check: Callable[[Any, Any], Any] | None = None
    describe: Callable[[Any], str] | None = None
    kind: str = ""


@attrs.frozen(slots=True)
class PurchaseSource:
    """A source a variant's purchase offers come from (hook ``burgundy_purchases["offers"]``),
    declared on :attr:`VariantInfo.purchase_sources` so that the ruleset's action space
    (:mod:`burgundy.action_space`) knows every :class:`~burgundy.actions.BuyTile` it allows.

    Attributes:
        name: The offers' :attr:`~burgundy.rules.take.PurchaseOffer.source` (the
            :attr:`~burgundy.actions.BuyTile.source` of its purchases).
        price: The most silverlings one of its purchases costs (a payment of workers,
            hook ``burgundy_purchases["payments"]``, pays up to all of them).
        tiles: The tile codes it may sell; empty (default): any hex of the ruleset.

    Examples:
        >>> from burgundy.variant_info import PurchaseSource
        >>> PurchaseSource("inns", price=2, tiles=(60,)).tiles
        (60,)
    """

    name: str
    price: int = 2
    tiles: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class ObservationSlice:
    """A named slice a variant adds to ``burgundy.rl.observe``'s vector (hook
    ``burgundy_observation_slices``): what a player sees at the table of the variant's own
    components, as plain numbers (the core imports no numpy; ``burgundy.rl`` turns them
    into float32).

    The slices of the enabled variants come after the core's, variant by variant in variant
    order: the variant's global slices ``<variant>.<name>``, then for each seat slot k = 0
    .. N-1 (slot 0 the observer, then clockwise) its per-seat slices
    ``seat[k].<variant>.<name>``, each in the order the hook gives them.

    Attributes:
        name: The slice's name (letters, digits and ``_``), unique within the variant.
        size: How many numbers ``fill`` gives (at least 1).
        fill: ``fill(state, seat) -> numbers`` (``size`` of them, ints, floats or bools).
            A global slice gets the observing seat (so that it can speak of the other seats
            relative to the observer); a per-seat slice gets the seat of the slot it
            fills (speak of other seats relative to that one, ``(other - seat) % N``).
            Nothing hidden: no face-down supply, no future chance outcome.
        per_seat: One copy per seat slot (default: one global slice). A per-seat
            ``fill`` must not depend on who observes (it is filled once per seat and shown
            to every observer).
        shared: For a global slice: the same whoever observes (``fill`` ignores the seat),
            so it is filled once, not once per observer (default ``False``: a global
            ``fill`` may speak of the seats relative to the observer).
        uses_state: Whether ``fill`` reads more of the state than the variant's own value
            (``state.variant_state(variant)``) and the ruleset. By default it does not, and
            ``observe`` calls it again only when that value changes (by identity: a new
            value object); with ``True`` it is called at every observation.

    Examples:
        >>> from burgundy.variant_info import ObservationSlice
        >>> piece = ObservationSlice("stack", 1, lambda state, seat: (0,))
        >>> piece.per_seat, piece.fill(None, 0)
        (False, (0,))
    """

    name: str
    size: int
    fill: Callable[[Any, int], Sequence[float]]
    per_seat: bool = False
    shared: bool = False
    uses_state: bool = False


@attrs.frozen(slots=True)
class VariantInfo:
    """What a variant plugin declares about itself (hook ``burgundy_variant``).

    Attributes:
        name: The variant name (must equal the entry-point name).
        version: The plugin's version.
        summary: One line for ``available_variants`` listings and docs.
        order: Position in the fixed variant order (lower first; ties by name).
        requires: Other variants that must be enabled too.
        players: The player counts the variant plays with; ``None`` (default): any count
            the ruleset allows.
        adds_players: Player counts the variant makes possible beyond the core's 2-4 (the
            solo module adds 1); it should also name them in ``players``.
        value_players: The player count whose count-dependent values (depot spaces, black
            depot, sale VP, bonus tiles, ...) the rules use instead of the real one, or
            ``None`` (R-SOLO-COUNT: solo plays with the 2-player values). Read it as
            :attr:`Ruleset.value_players`.
        scores_may_fall: The variant can move a score marker back (the solo target reset),
            so the conformance kit does not require scores to only rise.
        may_end_without_winner: A finished game may have no winner (``winners() == ()``,
            the solo module's lost game).
        tiles_score_when_placed: Scoring tiles (hook ``burgundy_scoring["tile"]``: knowledge
            #15-#26) score right after they are placed, with the counts at that moment,
            and not at game end (the solo module, R-SOLO-KNOWLEDGE).
        editions: Supported editions.
        options: The variant's own ruleset options.
        state_type: Type of the variant's namespaced state, or ``None``.
        action_types: The variant's own action types (join the serialisation union).
        pending_types: The variant's own pending types.
        free_actions: Action types that do not answer the decision they are taken in
            (like the purchase): the decision stays pending.
        example_options: Option values that let the variant play where no caller chose
            them, for tools that enable every installed variant (the benchmark, the wheel
            smoke test; see :func:`example_options`). Only a variant with an option that has
            no default needs them (trade routes: its generated deck).
        purchase_sources: The sources of the variant's purchase offers (hook
            ``burgundy_purchases["offers"]``), each a :class:`PurchaseSource`: what the ruleset's
            :class:`~burgundy.actions.BuyTile` space is made of, besides the black depot
            (:mod:`burgundy.action_space`).
        loose_dice: The variant can push a :class:`~burgundy.pending.LooseDieAction` (a
            die action with a die not in the hand, 7-12: the white castles): only then do
            the die actions' spaces hold the loose dice (:mod:`burgundy.action_space`).
        result: ``f(state) -> line``: the finished game's result in words, for a variant
            that decides it by a rule of its own (who won or whether it was lost, against
            which rule: team play's summed VP, the solo module's covered spaces); what
            :func:`burgundy.render.result.result_text` gives, or ``None`` (the base game's
            most VP).
        tile_texts: What tiles do under the variant, in words for people, by tile name
            (``{"k20": "End: 4 VP per market."}``): the terminal's ``? TILE`` says it.
        unordered_pending: Pending types whose items the player resolves in any order
            (the solo module's S18): when two or more items of these types of one seat are
            due together on top of the stack, the seat first chooses which to resolve next
            (:class:`~burgundy.pending.OrderChoice`, :mod:`burgundy.rules.order`). Name
            decision types (the core's or the variant's own); an automatic step named here
            moves with the decision directly above it. Any variant's types join one set.
    """

    name: str
    version: str = "0"
    summary: str = ""
    order: int = 100
    requires: tuple[str, ...] = ()
    players: tuple[int, ...] | None = None
    adds_players: tuple[int, ...] = ()
    value_players: int | None = None
    scores_may_fall: bool = False
    may_end_without_winner: bool = False
    tiles_score_when_placed: bool = False
    editions: tuple[str, ...] = EDITIONS
    options: Mapping[str, OptionSpec] = attrs.field(factory=dict)
    state_type: type | None = None
    action_types: tuple[type, ...] = ()
    pending_types: tuple[type, ...] = ()
    free_actions: tuple[type, ...] = ()
    example_options: Mapping[str, Any] = attrs.field(factory=dict)
    purchase_sources: tuple[PurchaseSource, ...] = ()
    loose_dice: bool = False
    result: Callable[[Any], str] | None = None
    tile_texts: Mapping[str, str] = attrs.field(factory=dict)
    unordered_pending: tuple[type, ...] = ()
