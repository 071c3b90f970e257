"""The game state: seats, estates, the main board and the stack of pending decisions.

Every class here is a frozen attrs value with slots; collections are tuples. A new state
shares everything that did not change with the state it came from, so keeping every state of a
game costs little. :class:`State` is the object a user holds: it answers whose move it is,
what the legal actions are, and applies one to give the next state.
"""

from __future__ import annotations

import operator
import random
from bisect import bisect
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from burgundy._copy import changed, copier, dict_setter, keep_fields_combined, replace

if TYPE_CHECKING:
    from burgundy.actions import Action
    from burgundy.components import RulesetTiles
    from burgundy.geometry import Board
    from burgundy.hook_values import DieUse, Income, PictureCell, PictureRow, PurchaseOffer
    from burgundy.variant_info import ObservationSlice, OptionSpec, VariantInfo

__all__ = [
    "AUTO_SEAT",
    "CHANCE",
    "CHANCE_SEAT",
    "EMPTY",
    "TERMINAL",
    "EngineView",
    "Estate",
    "Pending",
    "RulesView",
    "Seat",
    "State",
    "build_state",
    "changed",
    "copier",
    "draw_outcome",
    "replace",
]

CHANCE: int = -1
"""``State.current_player`` at a chance node: call ``chance_outcomes()``."""
TERMINAL: int = -4
"""``State.current_player`` once the game is over."""
EMPTY: int = -1
"""Tile code of an empty duchy space."""
CHANCE_SEAT: int = -1
"""``seat`` of a chance event on the pending stack."""
AUTO_SEAT: int = -2
"""``seat`` of an automatic step on the pending stack."""

def draw_outcome(outcomes: tuple[tuple[Any, float], ...], rng: random.Random) -> Any:
    """The outcome of ``outcomes`` (pairs ``(outcome, probability)``) that one
    ``rng.random()`` draws: the same draw as ``rng.choices(outcomes, probabilities)[0]``
    (a bisection over the cumulative probabilities), without building the lists first.
    :meth:`State.sample_outcome` and :meth:`State.resolve_chance` draw with it."""
    cumulative = []  # what random.choices accumulates: the probabilities, in order
    total = 0.0
    for _, probability in outcomes:
        total += probability
        cumulative.append(total)
    last = len(cumulative) - 1
    return outcomes[bisect(cumulative, rng.random() * (cumulative[-1] + 0.0), 0, last)][0]


@attrs.frozen(slots=True)
class Pending:
    """Base class of everything on the pending stack (:attr:`State.pending`): the
    decisions, chance events and automatic steps of :mod:`burgundy.pending` and the
    variants' own.

    Attributes:
        seat: The deciding seat; -1 for chance, -2 for an automatic step.
    """

    seat: int

    def validate(self, state: State) -> None:
        """Check this item's own fields against ``state``, the state whose stack holds it.

        :func:`burgundy.validation.validate_state` calls it on every item once it has
        checked that every field holds a value of its annotated type, that the item's type
        is one of the ruleset's, that its seat fits the kind of item the ruleset's rule
        makes of the type (a chance event, :class:`~burgundy.pending.Chance`, at seat -1;
        an automatic step, :class:`~burgundy.pending.Step`, at -2; a decision,
        :class:`~burgundy.pending.Decision`, at a seat of the game) and the rule's own
        ``validate``, if it has one. The base class has nothing more to check. A type with
        fields of its own overrides this method to check them against the state, calling
        ``super().validate(state)`` first; a plugin's pending types do the same. What needs
        the rules' tables goes in the rule's ``validate``, not here.

        Args:
            state: The state whose stack holds the item.

        Raises:
            ValueError: What is wrong (:func:`~burgundy.validation.validate_state` adds where).
        """


@attrs.frozen(slots=False)
class Seat:
    """A person at the table: dice, victory points and private storage.

    Attributes:
        estate: Index of the estate (duchy) this seat plays on.
        dice: The seat's unused dice this turn (rolled values, sorted); ``()`` between turns.
        rolled: The seat's two dice as rolled this round (sorted).
        vp: Victory points on the score track.
        ledger: Where the VP came from: ``(source, VP)`` pairs sorted by source, e.g.
            ``("animals", 14)``, ``("regions", 36)``, ``("knowledge #15", 8)``.
        storage: Private hex storage (team play); empty in the base game, where storage
            belongs to the estate.
    """

    estate: int
    dice: tuple[int, ...] = ()
    rolled: tuple[int, ...] = ()
    vp: int = 0
    ledger: tuple[tuple[str, int], ...] = ()
    storage: tuple[int, ...] = ()

    def __attrs_post_init__(self) -> None:
        keep_fields_combined(self)

    def __setstate__(self, data: dict[str, Any]) -> None:
        keep_fields_combined(self, data)


@attrs.frozen(slots=False)
class Estate:
    """A duchy with everything that belongs to it.

    Attributes:
        board: Duchy board id (``"1"`` .. ``"10"``, or a variant's board); ``""`` before a
            random deal has dealt it.
        spaces: Tile code on each space, or :data:`EMPTY`.
        filled: Bitmask of the covered spaces.
        frontier: Bitmask of the spaces adjacent to a covered space.
        kinds: Bitmask of the tile codes placed in the duchy (bit ``code``), so "does this
            duchy hold a k8?" is one AND.
        start: Space of the start castle, or -1 before it is placed.
        storage: Hex storage (tile codes, sorted).
        goods: Unsold goods by colour (index 0 = goods 1 ... 5 = goods 6).
        sold: Sold goods by colour.
        silver: Silverlings.
        workers: Worker tiles.
        bonus: Bonus tiles won, as ``(colour, size)`` with size 0 large and 1 small.
    """

    board: str
    spaces: tuple[int, ...]
    filled: int = 0
    frontier: int = 0
    kinds: int = 0
    start: int = -1
    storage: tuple[int, ...] = ()
    goods: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    sold: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    silver: int = 0
    workers: int = 0
    bonus: tuple[tuple[int, int], ...] = ()

    def __attrs_post_init__(self) -> None:
        keep_fields_combined(self)

    def __setstate__(self, data: dict[str, Any]) -> None:
        keep_fields_combined(self, data)

    @property
    def empty_spaces(self) -> int:
        """Number of uncovered duchy spaces."""
        return len(self.spaces) - self.filled.bit_count()

    @property
    def empty_mask(self) -> int:
        """Bitmask of the uncovered duchy spaces (bit ``space``): the complement of
        :attr:`filled` on the duchy.

        Examples:
            >>> import burgundy
            >>> estate = burgundy.Game(players=2, seed=1).state.estates[0]
            >>> estate.empty_mask.bit_count() == estate.empty_spaces == 36  # the start castle
            True
        """
        return ((1 << len(self.spaces)) - 1) & ~self.filled


@attrs.frozen(slots=False, eq=False, repr=False)
class State:
    """An immutable game state.

    Build the first one with :meth:`burgundy.Ruleset.initial_state`; every other one comes
    from :meth:`apply`. Two states are equal when every field but :attr:`rules` is equal.

    Examples:
        >>> import random
        >>> import burgundy
        >>> state = burgundy.Ruleset(players=2, variants=()).initial_state()
        >>> state.current_player == burgundy.CHANCE
        True
        >>> rng = random.Random(0)
        >>> while state.is_chance:  # the start player, goods, depots, dice ...
        ...     outcomes = state.chance_outcomes()
        ...     state = state.apply(rng.choices(*zip(*outcomes))[0])
        >>> state.current_player in (0, 1)
        True
        >>> action = state.legal_actions()[0]
        >>> after = state.apply(action)
        >>> after is not state and state.apply(action) == after
        True

    Attributes:
        rules: The compiled ruleset this state is played under.
        seats: The seats, in clockwise order.
        estates: The estates (duchies).
        phase: Phase index 0-4 (A-E); 5 once the game is over.
        round: Round within the phase, 0-4.
        order: Play order of this round (seat indices).
        turn: Index into :attr:`order` of the seat whose turn it is.
        track: The turn-order track: one stack per space (seat indices, bottom first).
        white: The white die (0 before the first roll).
        depots: Hexes on the six numbered depots (tile codes, sorted).
        black_depot: Hexes on the black depot.
        depot_goods: Goods on each numbered depot, counts by colour.
        round_goods: The goods still on the round spaces (colours 1-6), the next one first.
        goods_pool: Goods not yet drawn, counts by colour.
        supply: Face-down hexes with coloured backs, counts by tile code.
        black_supply: Face-down black-backed hexes, counts by tile code.
        removed: Hexes out of the game (discarded or cleared), counts by tile code.
        bonus_tiles: Bonus tiles left per colour (2: large and small, 1: small, 0: none).
        purchased: Whether the seat to move has made this turn's purchase.
        pending: Stack of pending decisions and chance events, the top last.
        ext: Variant state, ``(variant name, value)`` pairs in the ruleset's variant order.
    """

    rules: RulesView
    seats: tuple[Seat, ...]
    estates: tuple[Estate, ...]
    phase: int
    round: int
    order: tuple[int, ...]
    turn: int
    track: tuple[tuple[int, ...], ...]
    white: int
    depots: tuple[tuple[int, ...], ...]
    black_depot: tuple[int, ...]
    depot_goods: tuple[tuple[int, ...], ...]
    round_goods: tuple[int, ...]
    goods_pool: tuple[int, ...]
    supply: tuple[int, ...]
    black_supply: tuple[int, ...]
    removed: tuple[int, ...]
    bonus_tiles: tuple[int, ...]
    purchased: bool
    pending: tuple[Pending, ...]
    ext: tuple[tuple[str, Any], ...] = ()
    # Caches of answers derived from the fields: never given to __init__ (so
    # ``attrs.evolve`` starts them afresh), reset by every copy, left out of pickles.
    _cache_legal: tuple[Action, ...] | None = attrs.field(default=None, init=False)
    _cache_key: tuple[Any, ...] | None = attrs.field(default=None, init=False)
    _cache_outcomes: tuple[tuple[Any, float], ...] | None = attrs.field(
        default=None, init=False
    )
    _cache_hash: int | None = attrs.field(default=None, init=False)

    def __attrs_post_init__(self) -> None:
        """A state built by its constructor (``attrs.evolve``, a hand-built position) is
        checked like a loaded one: the engine's own copies never come here."""
        keep_fields_combined(self)
        self.rules.engine.validate_state(self)

    # -- identity ---------------------------------------------------------------------------
    @property
    def key(self) -> tuple[Hashable, ...]:
        """A canonical hashable key of the position (cached), for transposition tables.

        Two states have the same key exactly when they are equal; the ruleset is not part of
        it.
        """
        key = self._cache_key
        if key is None:
            key = self.__dict__["_cache_key"] = _value_fields(self.__dict__)
        return key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self is other or self.key == other.key

    def __hash__(self) -> int:
        value = self._cache_hash
        if value is None:
            value = self.__dict__["_cache_hash"] = hash(self.key)
        return value

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the fields without the caches (a hash is only valid in its process)."""
        data = self.__dict__.copy()
        for name in _CACHE_FIELDS:
            data[name] = None
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        keep_fields_combined(self, data)

    def __copy__(self) -> State:
        return self  # immutable: a copy may be the state itself

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self

    def __repr__(self) -> str:
        who = self.current_player
        label = {CHANCE: "chance", TERMINAL: "terminal"}.get(who, f"seat {who}")
        phase = "ABCDE"[self.phase] if self.phase < 5 else "end"
        return (
            f"<State {self.rules.players}p phase {phase} round {self.round + 1} {label} "
            f"scores {self.scores}>"
        )

    # -- the public contract ----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Seat to move, or :data:`CHANCE` at a chance node, or :data:`TERMINAL`."""
        if not self.pending:
            return TERMINAL
        top = self.pending[-1]
        return CHANCE if top.seat < 0 else top.seat

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return not self.pending

    @property
    def is_chance(self) -> bool:
        """Whether this is a chance node."""
        return bool(self.pending) and self.pending[-1].seat < 0

    @property
    def scores(self) -> tuple[int, ...]:
        """Victory points of each seat, as on the score track: what the rules count as
        each player's score.

        In the base game and its modules the most VP wins (R-TIEBREAK; team play sums the
        partners'). In the solo module the score is the score marker where it stands: it
        goes back to 0 each time it reaches the target, the excess lost (R-SOLO-TARGET),
        and the game is won or lost on the covered spaces, not on VP (R-SOLO-RESULT); the
        solo state keeps every VP scored (``burgundy_solo.rules.progress``).

        Examples:
            >>> import burgundy
            >>> burgundy.Game(players=2, variants=(), seed=1).state.scores
            (0, 0)
        """
        return tuple(seat.vp for seat in self.seats)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions at this decision node, in a deterministic order.

        Returns ``()`` at chance nodes and at the end of the game.
        """
        legal = self._cache_legal
        if legal is None:
            legal = self.__dict__["_cache_legal"] = self.rules.engine.legal_actions(self)
        return legal

    def chance_outcomes(self) -> tuple[tuple[Any, float], ...]:
        """The outcomes of this chance node with their exact probabilities.

        Returns ``()`` at decision nodes.
        """
        outcomes = self._cache_outcomes
        if outcomes is None:
            outcomes = self.__dict__["_cache_outcomes"] = self.rules.engine.chance_outcomes(self)
        return outcomes

    def _keep_legal(self, legal: tuple[Action, ...]) -> None:
        """Keep ``legal`` as this state's legal actions: the engine, which lists them while
        it advances past empty decisions, hands them over instead of listing them twice."""
        self.__dict__["_cache_legal"] = legal

    def _keep_outcomes(self, outcomes: tuple[tuple[Any, float], ...]) -> None:
        """Keep ``outcomes`` as this chance node's outcomes (as :meth:`_keep_legal`)."""
        self.__dict__["_cache_outcomes"] = outcomes

    def sample_outcome(self, rng: random.Random) -> Any:
        """Draw an outcome of this chance node with its probability, using ``rng``.

        The same draw as ``rng.choices(outcomes, probabilities)[0]`` (one ``rng.random()``
        call and a bisection over the cumulative probabilities), without building the
        lists first. :class:`burgundy.Game` samples chance with it.

        Raises:
            ValueError: This is not a chance node.
        """
        outcomes = self._cache_outcomes or self.chance_outcomes()
        if not outcomes:
            raise ValueError("sample_outcome() needs a chance node")
        return draw_outcome(outcomes, rng)

    def resolve_chance(self, rng: random.Random) -> State:
        """Play chance with ``rng`` from here until a decision node or the end.

        The same states and the same draws as ``state = state.apply(state.sample_outcome(rng))``
        while ``state.is_chance``, in one call: each outcome is drawn from the list the
        engine made while reaching the node and resolved at once, without the checks
        :meth:`apply` makes on an outcome from outside (a drawn one is listed by
        construction). A decision node or the end comes back as it is. Search keeps the
        exact :meth:`chance_outcomes` and :meth:`apply`.

        Examples:
            >>> import random, burgundy
            >>> start = burgundy.Ruleset(players=2, variants=()).initial_state()
            >>> state = start.resolve_chance(random.Random(5))
            >>> state.is_chance, state.current_player in (0, 1)
            (False, True)
        """
        return self.rules.engine.resolve_chance(self, rng)

    def apply(self, action: Any) -> State:
        """Return the state after ``action`` (or a chance outcome at a chance node).

        Raises:
            IllegalActionError: The action or outcome is not legal here.
        """
        return self.rules.engine.apply(self, action)

    def play(self, action: Any) -> tuple[Any, State]:
        """Apply ``action`` (or a chance outcome at a chance node) as :meth:`apply` does, and
        return the listed instance that was applied with the state after it: the action as
        :meth:`legal_actions` lists it (or the outcome as :meth:`chance_outcomes` lists it),
        never the caller's object, found in one search. :class:`burgundy.Game` records what
        this returns.

        Raises:
            IllegalActionError: The action or outcome is not legal here.

        Examples:
            >>> import burgundy
            >>> from burgundy.testing import first_turn
            >>> state = first_turn(burgundy.Ruleset(players=2, variants=()))
            >>> action = state.legal_actions()[0]
            >>> listed, after = state.play(action)
            >>> listed is action and after == state.apply(action)
            True
        """
        return self.rules.engine.play(self, action)

    def winners(self) -> tuple[int, ...]:
        """The seats that won, ties broken by the rules (R-TIEBREAK).

        Usually one seat; a variant may make it several (partners) or none (``()``: a
        solo game that was lost, R-SOLO-RESULT).

        Raises:
            ValueError: The game is not over.
        """
        if not self.is_terminal:
            raise ValueError("winners() is only defined at the end of the game")
        return self.rules.engine.winners(self)

    def _repr_svg_(self) -> str:
        """An SVG picture of the board and the duchies (shown by Jupyter)."""
        from burgundy.render.svg import repr_svg

        return repr_svg(self)

    # -- helpers ----------------------------------------------------------------------------
    def variant_state(self, name: str) -> Any:
        """Return the state kept by variant ``name``.

        Raises:
            KeyError: The variant keeps no state here.
        """
        for key, value in self.ext:
            if key == name:
                return value
        raise KeyError(name)

    def with_variant_state(self, name: str, value: Any) -> State:
        """Return a copy with variant ``name``'s state set to ``value``."""
        ext = tuple((k, value if k == name else v) for k, v in self.ext)
        if not any(k == name for k, _ in self.ext):
            ext = (*ext, (name, value))
        return replace(self, ext=ext)

    def seat_estate(self, seat: int) -> Estate:
        """Return the estate seat ``seat`` plays on."""
        return self.estates[self.seats[seat].estate]

    def estate_seats(self) -> tuple[tuple[int, ...], ...]:
        """The seats that play on each estate, by estate: one seat each in the base game,
        partners together when a variant makes seats share an estate (team play's teams).

        Examples:
            >>> import burgundy
            >>> burgundy.Game(players=3, variants=(), seed=1).state.estate_seats()
            ((0,), (1,), (2,))
        """
        return tuple(
            tuple(s for s, seat in enumerate(self.seats) if seat.estate == e)
            for e in range(len(self.estates))
        )


class RulesView(Protocol):
    """What a state, the rules and the hooks read of the ruleset a state is played under.

    :class:`burgundy.Ruleset` is the one class that has these members (it is the type of
    :attr:`State.rules` at run time); this protocol names them below the ruleset's own
    module, so that the state, the rules and the hook specifications
    (:mod:`burgundy.hookspecs`) need not import the module that loads the plugins and
    compiles the engine. Annotate with :class:`burgundy.Ruleset` in code of your own.

    Examples:
        >>> import burgundy
        >>> from burgundy.state import RulesView
        >>> rules: RulesView = burgundy.Ruleset(players=3, variants=())
        >>> rules.players, rules.engine is rules.initial_state().rules.engine
        (3, True)
    """

    @property
    def players(self) -> int:
        """Number of players."""

    @property
    def value_players(self) -> int:
        """The player count whose values the rules use (:attr:`burgundy.Ruleset.value_players`)."""

    @property
    def variants(self) -> tuple[str, ...]:
        """The enabled variants, in variant order."""

    @property
    def edition(self) -> str:
        """``"2019"`` or ``"2011"``."""

    @property
    def options(self) -> Mapping[str, Any]:
        """The ruleset's options by name, resolved."""

    @property
    def infos(self) -> tuple[VariantInfo, ...]:
        """What each enabled variant declares about itself, in variant order."""

    @property
    def plugins(self) -> tuple[object, ...]:
        """The enabled variants' plugin modules, in variant order."""

    @property
    def observation_slices(self) -> tuple[tuple[str, ObservationSlice], ...]:
        """The variants' slices of the learning observation, ``(variant, slice)``."""

    @property
    def engine(self) -> EngineView:
        """The compiled rules: the hook tuples and the dispatch."""

    def option_specs(self) -> dict[str, OptionSpec]:
        """Every option the ruleset accepts: the core's and its variants'."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able description of the ruleset."""

    def describe(self) -> str:
        """The ruleset in a few human-readable lines."""

    def initial_state(self) -> State:
        """The state before the set-up's chance events."""

    def __hash__(self) -> int:
        """Rulesets are hashable (equal ones alike): tables are cached by ruleset."""


class EngineView(Protocol):
    """What the rules and the hooks read of a ruleset's compiled engine
    (:attr:`RulesView.engine`): one tuple per hook that returns a callable, the enabled
    variants' callables in variant order (``engine.die_cost``, ``engine.on_place``, ...;
    see :func:`burgundy.rules.engine.hook_attribute`), the ruleset's tables and the
    dispatch.

    :class:`burgundy.rules.engine.Engine` is the one class that implements it; the
    attributes below the first block are documented there.
    """

    __slots__ = ()

    # -- the hook tuples (tools/hook_table.py writes them from burgundy.hookspecs)
    setup: tuple[Callable[[State], State], ...] = ()
    die_cost: tuple[Callable[[State, int], Callable[[DieUse, int], int] | None], ...] = ()
    region_size: tuple[Callable[[State, int, int, int], int], ...] = ()
    pasture: tuple[Callable[[State, int, int, int], int], ...] = ()
    animal_score: tuple[Callable[[State, int, int, tuple[int, ...], int], int], ...] = ()
    bonus_tile_value: tuple[Callable[[State, int, int, int, int], int], ...] = ()
    turn_order_move: tuple[
        Callable[[State, int, tuple[tuple[int, ...], ...]], tuple[tuple[int, ...], ...]], ...
    ] = ()
    building_count: tuple[Callable[[State, int, str, int], int], ...] = ()
    legal_actions_mods: tuple[
        Callable[[State, Pending, tuple[Action, ...]], tuple[Action, ...]], ...
    ] = ()
    winners_mods: tuple[Callable[[State, tuple[int, ...]], tuple[int, ...]], ...] = ()
    evaluation: tuple[Callable[[State, int, float], float], ...] = ()
    extra_actions: tuple[Callable[[State, Pending], Iterable[Action]], ...] = ()
    sold_goods: tuple[Callable[[State, int, int, int], State], ...] = ()
    tile_effect: tuple[Callable[[State, int, int, int], State | None], ...] = ()
    borrowed_tiles: tuple[Callable[[State, int], tuple[int, ...]], ...] = ()
    validate: tuple[Callable[[State], None], ...] = ()
    storage_capacity: tuple[Callable[[State, int, int], int], ...] = ()
    seat_storage_capacity: tuple[Callable[[State, int, int], int], ...] = ()
    goods_colour_limit: tuple[Callable[[State, int, int], int], ...] = ()
    stored_hexes_limit: tuple[Callable[[State, int, int], int], ...] = ()
    placement_spaces: tuple[Callable[[State, int, int, int], int], ...] = ()
    adjacency_required: tuple[Callable[[State, int, bool], bool], ...] = ()
    one_building_per_city: tuple[Callable[[State, int, bool], bool], ...] = ()
    sale_income: tuple[Callable[[State, int, int, int, Income], Income], ...] = ()
    take_workers_income: tuple[Callable[[State, int, Income], Income], ...] = ()
    mine_income: tuple[Callable[[State, int, Income], Income], ...] = ()
    purchase_offers: tuple[Callable[[State, int], Iterable[PurchaseOffer[State]]], ...] = ()
    purchase_payments: tuple[
        Callable[[State, int, PurchaseOffer[State], tuple[int, ...]], tuple[int, ...]], ...
    ] = ()
    final_scoring: tuple[Callable[[State, int], Mapping[str, int]], ...] = ()
    tile_score: tuple[Callable[[State, int, int], Mapping[str, int]], ...] = ()
    final_terms: tuple[Callable[[State, int, dict[str, int]], dict[str, int]], ...] = ()
    held_goods: tuple[Callable[[State], Sequence[int]], ...] = ()
    held_tiles: tuple[Callable[[State], Mapping[int, int]], ...] = ()
    picture_rows: tuple[Callable[[State, int], Sequence[PictureRow]], ...] = ()
    board_picture_rows: tuple[Callable[[State], Sequence[PictureRow]], ...] = ()
    depot_marks: tuple[Callable[[State, int], Sequence[PictureCell]], ...] = ()
    space_marks: tuple[Callable[[State, int], Mapping[int, PictureCell]], ...] = ()
    on_start_player: tuple[Callable[[State, int], State], ...] = ()
    on_phase_start: tuple[Callable[[State], State], ...] = ()
    on_round_start: tuple[Callable[[State], State], ...] = ()
    on_turn_start: tuple[Callable[[State, int], State], ...] = ()
    on_place: tuple[Callable[[State, int, int, int], State], ...] = ()
    on_region_complete: tuple[Callable[[State, int, int], State], ...] = ()
    on_colour_complete: tuple[Callable[[State, int, int], State], ...] = ()
    on_goods_sold: tuple[Callable[[State, int, int, int], State], ...] = ()
    on_workers_gained: tuple[Callable[[State, int, int], State], ...] = ()
    on_vp_gained: tuple[Callable[[State, int, int], State], ...] = ()
    on_phase_end: tuple[Callable[[State], State], ...] = ()
    on_game_end: tuple[Callable[[State], State], ...] = ()
    # -- end of the hook tuples

    rules: RulesView
    caches: dict[str, Any]
    tiles: RulesetTiles
    seat_estates: tuple[int, ...]
    boards: Mapping[str, Board]
    deal_boards: tuple[str, ...]
    variant_deal: bool
    tiles_score_when_placed: bool
    unordered: frozenset[type]
    action_types: tuple[type, ...]
    pending_types: tuple[type, ...]
    pending_rules: Mapping[type, object]
    action_handlers: Mapping[type, Callable[[State, int, Any], State]]
    free_actions: frozenset[type]
    decisions: Mapping[type, object]

    def validate_state(self, state: State) -> None:
        """Check ``state`` (:func:`burgundy.validation.validate_state`)."""

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """The legal actions at ``state``."""

    def chance_outcomes(self, state: State) -> tuple[tuple[Any, float], ...]:
        """The outcomes of the chance node ``state`` with their probabilities."""

    def legal_instance(self, state: State, action: Any) -> Action:
        """The listed action equal to ``action``."""

    def listed_outcome(self, state: State, outcome: Any) -> Any:
        """The listed outcome equal to ``outcome``."""

    def apply(self, state: State, action: Any) -> State:
        """The state after ``action`` or a chance outcome."""

    def play(self, state: State, action: Any) -> tuple[Any, State]:
        """The listed instance applied and the state after it."""

    def resolve_chance(self, state: State, rng: random.Random) -> State:
        """Play chance with ``rng`` until a decision node or the end."""

    def advance(self, state: State) -> State:
        """Run the automatic steps and skip the empty decisions on top of the stack."""

    def winners(self, state: State) -> tuple[int, ...]:
        """The winning seats of the finished game ``state``."""


def build_state(**fields: Any) -> State:
    """Make a :class:`State` from its fields without the checks its constructor runs.

    For the rules' own set-up, whose first states (before the set-up's steps are on the
    stack) are not positions of a game yet. Everyone else builds states with ``State(...)``
    (checked) or gets them from ``apply``.
    """
    state: State = object.__new__(State)
    values: dict[str, Any] = dict.fromkeys(_FIELD_NAMES)  # in field order, as a constructor's
    values["ext"] = ()
    values.update(fields)
    if len(values) != len(_FIELD_NAMES):
        raise TypeError(f"State has no field(s) {sorted(set(values) - set(_FIELD_NAMES))}")
    dict_setter(State)(state, values)
    return state


_FIELD_NAMES: tuple[str, ...] = tuple(a.name for a in attrs.fields(State))


_CACHE_FIELDS: tuple[str, ...] = tuple(
    a.name for a in attrs.fields(State) if a.name.startswith("_cache")
)
_STATE_VALUE_FIELDS: tuple[str, ...] = tuple(
    a.name for a in attrs.fields(State) if a.name != "rules" and not a.name.startswith("_cache")
)
_value_fields = operator.itemgetter(*_STATE_VALUE_FIELDS)
