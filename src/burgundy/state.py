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
from typing import TYPE_CHECKING, Any

import attrs

from burgundy._copy import changed, copier, dict_setter, keep_fields_combined, replace
from burgundy.pending import Pending

if TYPE_CHECKING:
    from collections.abc import Hashable

    from burgundy.actions import Action
    from burgundy.variants import Ruleset

__all__ = [
    "CHANCE",
    "EMPTY",
    "TERMINAL",
    "Estate",
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

    rules: Ruleset
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
