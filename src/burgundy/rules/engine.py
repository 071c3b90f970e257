"""The compiled engine of a ruleset: hook tuples and the dispatch of the public calls.

:class:`Engine` is built once per :class:`burgundy.Ruleset`. It asks every hook of the
enabled variants once, in variant order, and keeps the answers as tuples of plain callables
(one attribute per hook, e.g. ``engine.die_cost``) and dictionaries from action and pending
types to their rules. ``State.legal_actions``, ``chance_outcomes`` and ``apply`` come here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import pluggy

from burgundy import actions as act
from burgundy import pending as pen
from burgundy.components import RulesetTiles, TileKind, register_tiles, ruleset_tiles
from burgundy.errors import MESSAGE_ECHO_LIMIT, IllegalActionError, brief
from burgundy.geometry import Board, boards
from burgundy.hookspecs import COLLECTED_HOOKS
from burgundy.pending import PendingRule
from burgundy.rules import effects, phases, scoring, setup, take, turn
from burgundy.rules._hook_tuples import HookTuples
from burgundy.rules.dice import use_die
from burgundy.rules.income import Income, gain, pop
from burgundy.rules.place import apply_place, town_hall_legal
from burgundy.rules.sell import apply_sell
from burgundy.state import draw_outcome

if TYPE_CHECKING:
    import random

    from burgundy.state import State
    from burgundy.variants import Ruleset

_DECLINE = act.Decline()
_END = act.EndTurn()
_CHANCE = pen.CHANCE_SEAT
_AUTO = pen.AUTO_SEAT
_Turn = pen.Turn


def same_value(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same value *and of the same types*, all the way down.

    ``==`` says ``True == 1`` and ``2.0 == 2``, so an action or outcome written with a bool
    or a float would pass for the legal one; here the types of attrs values, tuples and
    their fields must match exactly.
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    fields = getattr(type(a), "__attrs_attrs__", None)
    if fields is not None:
        return all(same_value(getattr(a, f.name), getattr(b, f.name)) for f in fields)
    return bool(a == b)


def _legal_instance(action: Any, legal: tuple[act.Action, ...]) -> act.Action | None:
    """The instance in ``legal`` that ``action`` stands for: itself (the usual case, found
    without calling ``__eq__``), or the one that is :func:`same_value` as it; else ``None``."""
    for candidate in legal:
        if candidate is action:
            return action  # it is that listed instance
    for candidate in legal:
        if same_value(candidate, action):
            return candidate
    return None


def _listed_outcome(outcome: Any, outcomes: tuple[tuple[Any, float], ...]) -> tuple[bool, Any]:
    """``(True, the listed outcome)`` if ``outcome`` is one of ``outcomes`` (identical or
    :func:`same_value`), else ``(False, None)``. Plain loops: on a few dozen pairs they are
    faster than any chain of C-level iterators."""
    for candidate, _ in outcomes:
        if candidate is outcome:
            return True, candidate
    for candidate, _ in outcomes:
        if same_value(candidate, outcome):
            return True, candidate
    return False, None


def describe_input(value: Any) -> str:
    """A short text for an action or outcome a caller passed in (for error messages): its
    notation when it has a sound one, else a bounded ``repr``."""
    if isinstance(value, act.Action):
        try:
            text = str(value)
        except Exception:  # a malformed action: its notation indexes tables with its fields
            return brief(value)
        if len(text) <= MESSAGE_ECHO_LIMIT:
            return text
    return brief(value)


def _some(texts: list[str], limit: int = 12) -> str:
    """The first ``limit`` of ``texts``, joined, with ``...`` if there are more."""
    more = " ..." if len(texts) > limit else ""
    return ", ".join(texts[:limit]) + more


def _start_castle_legal(state: State, item: pen.Pending) -> tuple[act.Action, ...]:
    board = state.rules.engine.boards[state.seat_estate(item.seat).board]
    return tuple(act.ChooseSpace(space, board.layout) for space in board.start_castle_spaces())


def _apply_choose_space(state: State, seat: int, action: act.ChooseSpace) -> State:
    return setup.place_start_castle(state, state.seats[seat].estate, action.space)


_WORKERS_INCOME = Income(workers=turn.TAKE_WORKERS)


def _apply_workers(state: State, seat: int, action: act.TakeWorkers) -> State:
    state = use_die(state, seat, action.die)
    income = _WORKERS_INCOME
    for modifier in state.rules.engine.take_workers_income:
        income = modifier(state, seat, income)
    return gain(state, seat, income, "take workers")


WHITE_OUTCOMES: tuple[tuple[int, float], ...] = tuple((v, 1 / 6) for v in range(1, 7))
"""The white die's outcomes."""
DICE_OUTCOMES: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)
)
"""A seat's two dice as an unordered pair: doubles 1/36, others 2/36."""

CORE_PENDING_RULES: dict[type, PendingRule] = {
    pen.StartPlayerDraw: PendingRule(
        outcomes=setup.start_player_outcomes, resolve=setup.resolve_start_player
    ),
    pen.BoardDraw: PendingRule(outcomes=setup.board_outcomes, resolve=setup.resolve_board),
    pen.GoodsDraw: PendingRule(
        outcomes=setup.goods_outcomes, resolve=setup.resolve_goods, pops=True
    ),
    pen.HexDraw: PendingRule(
        outcomes=setup.hex_outcomes, resolve=setup.resolve_hex, pops=True,
        validate=setup.validate_hex_draw,
    ),
    pen.WhiteRoll: PendingRule(
        outcomes=lambda s, i: WHITE_OUTCOMES, resolve=phases.resolve_white, pops=True
    ),
    pen.DiceRoll: PendingRule(
        outcomes=lambda s, i: DICE_OUTCOMES, resolve=phases.resolve_dice, pops=True
    ),
    pen.StartCastles: PendingRule(run=setup.run_start_castles),
    pen.PhaseStart: PendingRule(run=setup.run_phase_start),
    pen.RoundStart: PendingRule(run=phases.run_round_start, pops=True),
    pen.BeginTurns: PendingRule(run=phases.run_begin_turns, pops=True),
    pen.PhaseEnd: PendingRule(run=phases.run_phase_end),
    pen.PhaseIncome: PendingRule(run=phases.run_phase_income),
    pen.Turn: PendingRule(legal=turn.turn_legal),
    pen.StartCastleChoice: PendingRule(legal=_start_castle_legal),
    pen.ShipGoods: PendingRule(legal=effects.ship_goods_legal),
    pen.BonusAction: PendingRule(legal=turn.bonus_action_legal),
    pen.LooseDieAction: PendingRule(legal=turn.loose_die_legal),
    pen.BuildingTake: PendingRule(
        legal=effects.building_take_legal, optional=True,
        validate=effects.validate_building_take,
    ),
    pen.WarehouseSell: PendingRule(legal=effects.warehouse_legal, optional=True),
    pen.TownHallPlace: PendingRule(
        legal=town_hall_legal, optional=True, purchase_helps=True
    ),
    pen.StowTile: PendingRule(
        legal=take.stow_legal, extras=False, answer=take.answer_stow,
        validate=take.validate_stow,
    ),
}
"""How the engine handles each core pending type."""

CORE_ACTION_HANDLERS: dict[type, Callable[[State, int, Any], State]] = {
    act.TakeTile: take.apply_take,
    act.PlaceTile: apply_place,
    act.PlaceTileOwn: apply_place,
    act.SellGoods: apply_sell,
    act.TakeWorkers: _apply_workers,
    act.BuyTile: take.apply_buy,
    act.TakeGoods: effects.apply_take_goods,
    act.ChooseSpace: _apply_choose_space,
}
"""Apply function of each core action type (Decline and EndTurn are the engine's own)."""

FREE_ACTIONS: frozenset[type] = frozenset({act.BuyTile})
"""Action types that do not answer the decision they are taken in (it stays pending)."""


def _seat_estates(rules: Ruleset, answers: list[Any]) -> tuple[int, ...]:
    """The estate of each seat: the one variant's answer to ``burgundy_seat_estates``,
    checked, or one estate per seat.

    Raises:
        ValueError: Two variants answer, or the answer is no estate per seat numbered 0, 1,
            ... in order of first seat.
    """
    if not answers:
        return tuple(range(rules.players))
    if len(answers) > 1:
        raise ValueError("two variants say which estate each seat plays on; only one may")
    answer = answers[0]
    estates = tuple(answer) if isinstance(answer, (list, tuple)) else ()
    firsts = list(dict.fromkeys(estates))
    if (
        len(estates) != rules.players or not all(type(e) is int for e in estates)
        or firsts != list(range(len(firsts)))
    ):
        raise ValueError(
            f"burgundy_seat_estates must give one estate per seat ({rules.players}), "
            f"numbered 0, 1, ... in order of their first seat; got {brief(answer)}"
        )
    return estates


def _engine_slots(namespace: dict[str, Any]) -> tuple[str, ...]:
    """The attribute names of :class:`Engine`, from its class body ``namespace``: its own
    and one per hook of :data:`~burgundy.hookspecs.COLLECTED_HOOKS` (see
    :func:`hook_attribute`)."""
    own = (
        "rules", "_validate", "caches", "tiles", "seat_estates", "boards", "deal_boards",
        "variant_deal", "pending_rules", "action_handlers", "tiles_score_when_placed",
        "free_actions", "action_types", "pending_types",
    )
    hooks = (f"{h}_mods" if callable(namespace.get(h)) else h for h in COLLECTED_HOOKS)
    return (*own, *hooks)


def hook_attribute(hook: str) -> str:
    """The engine attribute that holds the callables of ``hook`` (a name of
    :data:`~burgundy.hookspecs.COLLECTED_HOOKS`): the hook's name, or ``<name>_mods`` where
    :class:`Engine` has a method of that name (``legal_actions_mods``, ``winners_mods``)."""
    return f"{hook}_mods" if callable(getattr(Engine, hook, None)) else hook


class Engine(HookTuples):
    """Compiled rules of one :class:`burgundy.Ruleset`.

    Besides the attributes below, one tuple per hook that returns a callable
    (:data:`burgundy.hookspecs.COLLECTED_HOOKS`): ``engine.die_cost``, ``engine.on_place``,
    ... (see :func:`hook_attribute`), the enabled variants' callables in variant order. They
    are derived from :mod:`burgundy.hookspecs` when the engine is built, and typed for mypy
    by ``burgundy.rules._hook_tuples``, which ``tools/hook_table.py`` writes from the same
    module.

    Attributes:
        rules: The ruleset.
        caches: What the layers above the engine keep per ruleset, by name (``"io.loader"``,
            ``"initial_state"``,
            ...): the engine has no attributes but these (its class has ``__slots__``).
        boards: Duchy boards by id (the core's and the variants').
        deal_boards: The ids of the boards the random deal deals from (those marked
            ``dealt`` whose editions hold the ruleset's, or a variant's: hook
            ``burgundy_board_deal``).
        variant_deal: Whether a variant gives the deal (then option ``boards="standard"``
            deals too).
        pending_rules: Rule of each pending type.
        action_handlers: Apply function of each action type: ``f(state, seat, action)``.
        free_actions: Action types that leave the pending decision in place.
        action_types: Every action type (serialisation union).
        pending_types: Every pending type (serialisation union).
        tiles: The tile kinds the ruleset plays with (the core's and the variants', hook
            ``burgundy_tiles``), its supply length and the tables its rules read by code.
        seat_estates: The estate of each seat (``burgundy_seat_estates``; by default one
            each).
        tiles_score_when_placed: Whether scoring tiles (``burgundy_tile_score``) score
            when placed instead of at game end (a variant's
            :attr:`~burgundy.variants.VariantInfo.tiles_score_when_placed`).
    """

    def __init__(
        self, rules: Ruleset, manager: pluggy.PluginManager,
        validate: Callable[[State], None],
    ) -> None:
        self.rules = rules
        self._validate = validate
        self.caches: dict[str, Any] = {}
        order = {id(plugin): k for k, plugin in enumerate(rules.plugins)}

        def collect(hook_name: str) -> list[Any]:
            impls = sorted(
                getattr(manager.hook, f"burgundy_{hook_name}").get_hookimpls(),
                key=lambda impl: order.get(id(impl.plugin), len(order)),
            )
            out = []
            for impl in impls:
                result = impl.function(*[{"rules": rules}[a] for a in impl.argnames])
                if result is not None:
                    out.append(result)
            return out

        # the variants' tile kinds first: their other hooks may look the codes up
        tile_hooks = {id(i.plugin): i for i in manager.hook.burgundy_tiles.get_hookimpls()}
        kinds: list[TileKind] = []
        for variant, plugin in zip(rules.variants, rules.plugins, strict=True):
            impl = tile_hooks.get(id(plugin))
            answer: Any = None
            if impl is not None:
                answer = impl.function(*[{"rules": rules}[a] for a in impl.argnames])
            if answer is not None:
                kinds += register_tiles(answer, variant)
        self.tiles: RulesetTiles = ruleset_tiles(kinds)
        for name in COLLECTED_HOOKS:
            setattr(self, hook_attribute(name), tuple(collect(name)))
        self.seat_estates: tuple[int, ...] = _seat_estates(rules, collect("seat_estates"))
        self.boards: dict[str, Board] = dict(boards())
        for extra in collect("boards"):
            for board_id, board in extra.items():
                if board_id != board.id or board_id in self.boards:
                    raise ValueError(
                        f"a variant's board {board_id!r} is listed under another id or "
                        f"clashes with a board of the ruleset"
                    )
                self.boards[board_id] = board
        self.deal_boards: tuple[str, ...] = tuple(
            board_id for board_id, board in self.boards.items()
            if board.dealt and rules.edition in board.editions
        )
        deals = collect("board_deal")
        if len(deals) > 1:
            raise ValueError(
                f"variants {list(rules.variants)}: more than one of them deals the boards "
                f"(hook burgundy_board_deal)"
            )
        self.variant_deal: bool = bool(deals)
        if deals:
            deal = tuple(str(b) for b in deals[0])
            valid = [
                b for b, board in self.boards.items() if rules.edition in board.editions
            ]
            bad = [b for b in deal if b not in valid]
            if bad or not deal or len(set(deal)) != len(deal):
                raise ValueError(
                    f"a variant's board deal {list(deal)} must name distinct boards of the "
                    f"{rules.edition} edition; valid: {valid}"
                )
            self.deal_boards = deal
        self.pending_rules: dict[type, PendingRule] = dict(CORE_PENDING_RULES)
        for extra in collect("pending_rules"):
            self.pending_rules.update(extra)
        self.action_handlers: dict[type, Callable[[State, int, Any], State]] = dict(
            CORE_ACTION_HANDLERS
        )
        for extra in collect("action_handlers"):
            self.action_handlers.update(extra)
        self.tiles_score_when_placed: bool = any(
            info.tiles_score_when_placed for info in rules.infos
        )
        self.free_actions: frozenset[type] = FREE_ACTIONS.union(
            *(info.free_actions for info in rules.infos)
        )
        self.action_types: tuple[type, ...] = act.CORE_ACTIONS + tuple(
            t for info in rules.infos for t in info.action_types
        )
        self.pending_types: tuple[type, ...] = pen.CORE_PENDING + tuple(
            t for info in rules.infos for t in info.pending_types
        )

    def validate_state(self, state: State) -> None:
        """Check that ``state`` is a possible position under this ruleset
        (:func:`burgundy.io.validate_state`, which the ruleset hands the engine when it
        builds it: the engine is below ``io``); ``State``'s constructor calls it.

        Raises:
            ValueError: What is wrong, and where.
        """
        self._validate(state)

    # -- decisions --------------------------------------------------------------------------
    def legal_actions(self, state: State) -> tuple[act.Action, ...]:
        """The legal actions of ``state`` (see :meth:`burgundy.State.legal_actions`)."""
        if not state.pending:
            return ()
        item = state.pending[-1]
        if item.seat < 0:
            return ()
        rule = self.pending_rules[type(item)]
        assert rule.legal is not None
        return self._complete(state, item, rule, rule.legal(state, item))

    def _complete(
        self, state: State, item: pen.Pending, rule: PendingRule, own: Iterable[act.Action]
    ) -> tuple[act.Action, ...]:
        """The legal actions of decision ``item`` from its rule's own answers ``own``: add
        Decline, the purchases and the variants' extra actions, End, then the modifiers."""
        actions: list[act.Action]
        if isinstance(item, _Turn):  # the usual case: purchases are among its own answers
            actions = own if isinstance(own, list) else list(own)  # a new list: extended here
            for extra in self.extra_actions:
                actions += extra(state, item)
            if not state.seats[item.seat].dice:
                actions.append(_END)
        else:
            actions = list(own)
            extras = turn.mid_action_purchases(state, item) if rule.extras else []
            if rule.extras:
                for extra in self.extra_actions:
                    extras += extra(state, item)
            if rule.optional and (actions or (rule.purchase_helps and extras)):
                actions.append(_DECLINE)
            actions += extras
        result = tuple(actions)
        for modifier in self.legal_actions_mods:
            result = modifier(state, item, result)
        return result

    def chance_outcomes(self, state: State) -> tuple[tuple[Any, float], ...]:
        """The outcomes of a chance node (see :meth:`burgundy.State.chance_outcomes`)."""
        if not state.pending or state.pending[-1].seat != pen.CHANCE_SEAT:
            return ()
        item = state.pending[-1]
        rule = self.pending_rules[type(item)]
        assert rule.outcomes is not None
        return rule.outcomes(state, item)

    def legal_instance(self, state: State, action: Any) -> act.Action:
        """The legal action of decision node ``state`` that ``action`` stands for: the
        shared instance that ``legal_actions()`` lists, so that what is applied and recorded
        is always the canonical one (never the caller's object).

        Raises:
            IllegalActionError: ``action`` is no legal action of ``state`` (compared by
                identity or :func:`same_value`: a bool or float never equals an int).
        """
        if not state.pending or state.pending[-1].seat < 0:
            raise IllegalActionError("no decision is due here")
        legal = state._cache_legal or state.legal_actions()
        found = _legal_instance(action, legal)
        if found is None:
            item = state.pending[-1]
            raise IllegalActionError(
                f"{describe_input(action)} is not legal for seat {item.seat} at "
                f"{type(item).__name__}; legal: {_some([str(a) for a in legal])}"
            )
        return found

    def listed_outcome(self, state: State, outcome: Any) -> Any:
        """The outcome of chance node ``state`` that ``outcome`` stands for, as
        ``chance_outcomes()`` lists it.

        Raises:
            IllegalActionError: ``state`` is no chance node, or ``outcome`` is none of its
                outcomes (compared by identity or :func:`same_value`).
        """
        if not state.pending or state.pending[-1].seat != _CHANCE:
            raise IllegalActionError("no chance outcome is due here")
        outcomes = state._cache_outcomes or state.chance_outcomes()
        listed, found = _listed_outcome(outcome, outcomes)
        if not listed:
            raise IllegalActionError(
                f"{brief(outcome)} is not an outcome of {type(state.pending[-1]).__name__}; "
                f"valid: {_some([brief(o) for o, _ in outcomes])}"
            )
        return found

    def apply(self, state: State, action: Any) -> State:
        """Apply an action or a chance outcome (see :meth:`burgundy.State.apply`).

        What is applied is the listed instance (:meth:`legal_instance`, or the outcome as
        ``chance_outcomes()`` lists it), never the caller's object.
        """
        if not state.pending:
            raise IllegalActionError("the game is over; no action can be applied")
        item = state.pending[-1]
        if item.seat == _CHANCE:
            outcomes = state._cache_outcomes or state.chance_outcomes()
            # the listed outcome itself, the usual case, found inline before the general
            # search (with the inline search below and sell's reach: -0.6 % instructions)
            for outcome, _ in outcomes:
                if outcome is action:
                    return self._resolved(state, item, outcome)
            listed, outcome = _listed_outcome(action, outcomes)
            if not listed:
                self.listed_outcome(state, action)  # raises, naming the outcome
            return self._resolved(state, item, outcome)
        legal = state._cache_legal or state.legal_actions()
        for candidate in legal:  # the listed instance itself, the usual case, inline
            if candidate is action:
                return self.advance(self._apply_decision(state, item, candidate))
        found = _legal_instance(action, legal)
        if found is None:
            self.legal_instance(state, action)  # raises, naming the action
        return self.advance(self._apply_decision(state, item, found))

    def resolve_chance(
        self,
        state: State,
        rng: random.Random,
        drawn: list[tuple[State, Any]] | None = None,
    ) -> State:
        """Draw and resolve chance with ``rng`` until a decision or the end (see
        :meth:`burgundy.State.resolve_chance`); each chance node and the outcome drawn
        there go to ``drawn`` if given (:class:`burgundy.Game` records them).

        The chance branch of :meth:`apply` without its checks: the outcome is drawn from
        the node's own list, so it is listed. Measured on random games through
        :meth:`burgundy.Game.play` (standard game, callgrind): 311k -> 307k instructions per
        decision (-1.3 %).
        """
        while state.pending:
            item = state.pending[-1]
            if item.seat != _CHANCE:
                break
            outcome = draw_outcome(state._cache_outcomes or state.chance_outcomes(), rng)
            if drawn is not None:
                drawn.append((state, outcome))
            state = self._resolved(state, item, outcome)
        return state

    def _resolved(self, state: State, item: pen.Pending, outcome: Any) -> State:
        """Chance node ``state`` (``item`` on top) after its listed ``outcome``, advanced."""
        rule = self.pending_rules[type(item)]
        state = rule.resolve(state if rule.pops else pop(state), item, outcome)  # type: ignore[misc]
        return self.advance(state)

    def _apply_decision(self, state: State, item: pen.Pending, action: Any) -> State:
        if action is _DECLINE or isinstance(action, act.Decline):
            return pop(state)
        if isinstance(action, act.EndTurn):
            return phases.end_turn(state)
        if not isinstance(item, _Turn) and type(action) not in self.free_actions:
            answer = self.pending_rules[type(item)].answer
            if answer is not None:
                return answer(state, item, action)
            state = pop(state)
        return self.action_handlers[type(action)](state, item.seat, action)

    def advance(self, state: State) -> State:
        """Run automatic steps, single-outcome chance and empty decisions until a real
        decision, a chance node with a choice, or the end."""
        rules = self.pending_rules
        while state.pending:
            item = state.pending[-1]
            if isinstance(item, _Turn):  # the usual case first: the turn goes on
                if state.seats[item.seat].dice or state.legal_actions() != (_END,):
                    break
                state = phases.end_turn(state)
                continue
            rule = rules[type(item)]
            seat = item.seat
            if seat == _CHANCE:
                outcomes = rule.outcomes(state, item)  # type: ignore[misc]
                if len(outcomes) > 1:
                    state.__dict__["_cache_outcomes"] = outcomes
                    break
                if not outcomes:
                    state = pop(state)  # nothing left to draw
                else:
                    state = rule.resolve(  # type: ignore[misc]
                        state if rule.pops else pop(state), item, outcomes[0][0]
                    )
                continue
            if seat == _AUTO:
                state = rule.run(state if rule.pops else pop(state), item)  # type: ignore[misc]
                continue
            own = rule.legal(state, item)  # type: ignore[misc]
            if own or rule.purchase_helps:
                legal = state.__dict__["_cache_legal"] = self._complete(state, item, rule, own)
                if own or legal:
                    break  # with no own answer, a purchase now may give it a target
            state = pop(state)  # an effect with no possible target is skipped
        return state

    def winners(self, state: State) -> tuple[int, ...]:
        """The winners of a finished game (see :meth:`burgundy.State.winners`)."""
        return scoring.winners(state)

    # A slotted engine: its attributes and methods are read at every decision, and CPython
    # 3.11 specialises a method call only on an object without an instance dict (-1 %
    # instructions per decision of the user loop, callgrind).
    __slots__ = _engine_slots(locals())
