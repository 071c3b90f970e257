"""The compiled engine of a ruleset: hook tuples and the dispatch of the public calls.

:class:`Engine` is built once per :class:`burgundy.Ruleset`. It asks every hook of the
base game's plugin (:mod:`burgundy.rules.base`) and of the enabled variants once, in that
order, and keeps the answers as tuples of plain callables (one attribute per hook or key of
a keyed hook, e.g. ``engine.die_cost``, ``engine.sale_income``) and dictionaries from action
and pending types to their rules. ``State.legal_actions``, ``chance_outcomes`` and ``apply``
come here. The engine holds no rule of the game: it only compiles and dispatches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

from burgundy import actions as act
from burgundy import pending as pen
from burgundy.components import RulesetTiles, TileKind, register_tiles, ruleset_tiles
from burgundy.errors import MESSAGE_ECHO_LIMIT, IllegalActionError, brief
from burgundy.geometry import Board, boards
from burgundy.hook_values import Valuation
from burgundy.hookspecs import COLLECTED_HOOKS, KEYED_HOOKS
from burgundy.pending import ActionRule, Chance, Decision, PendingKind, Step
from burgundy.rules import order as ordering
from burgundy.rules import phases, scoring, turn
from burgundy.rules.income import pop
from burgundy.state import EngineView, draw_outcome

LegacyAnswer = tuple[str, str, Callable[[Any], Any]]
"""An old hook's implementation as the ruleset found it: the hook and key its answer goes to
(:data:`~burgundy.hookspecs.LEGACY_HOOKS`) and the function, called with the ruleset."""

if TYPE_CHECKING:
    import random

    from burgundy.state import RulesView, State

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


def _type_name(kind: Any) -> str:
    """A type's name for a message (a bounded ``repr`` of anything else)."""
    return kind.__name__ if isinstance(kind, type) else brief(kind)


def _some(texts: list[str], limit: int = 12) -> str:
    """The first ``limit`` of ``texts``, joined, with ``...`` if there are more."""
    more = " ..." if len(texts) > limit else ""
    return ", ".join(texts[:limit]) + more


def _seat_estates(rules: RulesView, answers: list[Any]) -> tuple[int, ...]:
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
        "variant_deal", "pending_rules", "decisions", "chances", "steps", "action_handlers",
        "tiles_score_when_placed", "free_actions", "action_types", "pending_types",
        "unordered",
    )
    hooks = (f"{h}_mods" if callable(namespace.get(h)) else h for h in COLLECTED_HOOKS)
    keyed = (attribute for keys in KEYED_HOOKS.values() for attribute in keys.values())
    return (*own, *hooks, *keyed)


def hook_attribute(hook: str) -> str:
    """The engine attribute that holds the callables of ``hook`` (a name of
    :data:`~burgundy.hookspecs.COLLECTED_HOOKS`): the hook's name, or ``<name>_mods`` where
    :class:`Engine` has a method of that name (``legal_actions_mods``, ``winners_mods``)."""
    return f"{hook}_mods" if callable(getattr(Engine, hook, None)) else hook


class Engine(EngineView):
    """Compiled rules of one :class:`burgundy.Ruleset`.

    Besides the attributes below, one tuple per hook that returns a callable
    (:data:`burgundy.hookspecs.COLLECTED_HOOKS`): ``engine.die_cost``, ``engine.on_place``,
    ... (see :func:`hook_attribute`), the enabled variants' callables in variant order. They
    are derived from :mod:`burgundy.hookspecs` when the engine is built, and typed for mypy
    by :class:`burgundy.state.EngineView` (the protocol this class implements, which
    ``tools/hook_table.py`` writes from the same module).

    Of the hook tuples, ``evaluation`` starts with the last
    :class:`~burgundy.hook_values.Valuation` among the ``burgundy_evaluation`` answers, if
    there is one: a variant's own valuation replaces what comes before it (the bots'
    valuations then compute none of their own: :func:`burgundy.bots.evaluate.own_valuation`).

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
        tiles_score_when_placed: Whether scoring tiles (``burgundy_scoring["tile"]``) score
            when placed instead of at game end (a variant's
            :attr:`~burgundy.variant_info.VariantInfo.tiles_score_when_placed`).
        unordered: The pending types the variants declare unordered
            (:attr:`~burgundy.variant_info.VariantInfo.unordered_pending`,
            :mod:`burgundy.rules.order`); empty in most rulesets, and then nothing of the
            choice is on the hot path but a test of this set.
    """

    def __init__(
        self, rules: RulesView, manager: pluggy.PluginManager,
        validate: Callable[[State], None],
        legacy: Mapping[int, Sequence[LegacyAnswer]] | None = None,
    ) -> None:
        self.rules = rules
        self._validate = validate
        self.caches: dict[str, Any] = {}
        # the base game's plugin first (any plugin not a variant), then the variants in order
        order = {id(plugin): k for k, plugin in enumerate(rules.plugins)}
        names = dict(zip(map(id, rules.plugins), rules.variants, strict=True))
        legacy = legacy or {}

        def collect(hook_name: str) -> list[tuple[str, Any]]:
            """``(variant, answer)`` of every implementation of the hook that answers, in
            plugin order; an old hook's answer (:data:`~burgundy.hookspecs.LEGACY_HOOKS`)
            beside its plugin's."""
            impls = sorted(
                getattr(manager.hook, f"burgundy_{hook_name}").get_hookimpls(),
                key=lambda impl: order.get(id(impl.plugin), -1),
            )
            out = []
            for impl in impls:
                result = impl.function(*[{"rules": rules}[a] for a in impl.argnames])
                if result is not None:
                    out.append((names.get(id(impl.plugin), "base"), result))
            for plugin_id, answers in sorted(legacy.items(), key=lambda kv: order[kv[0]]):
                for hook, key, function in answers:
                    if hook != hook_name:
                        continue
                    result = function(rules)
                    if result is not None:
                        out.append((names[plugin_id], {key: result} if key else result))
            out.sort(key=lambda pair: -1 if pair[0] == "base" else rules.variants.index(pair[0]))
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
            setattr(self, hook_attribute(name), tuple(a for _, a in collect(name)))
        # a variant's own valuation replaces what comes before it (the core's, the modifiers):
        # the tuple starts with the last one (burgundy.bots.evaluate.own_valuation)
        replacing = [k for k, f in enumerate(self.evaluation) if isinstance(f, Valuation)]
        if replacing:
            self.evaluation = self.evaluation[replacing[-1]:]
        for name, keys in KEYED_HOOKS.items():
            self._compile_keyed(name, keys, collect(name))
        self.seat_estates: tuple[int, ...] = _seat_estates(
            rules, [a for _, a in collect("seat_estates")]
        )
        self.boards: dict[str, Board] = dict(boards())
        for _, extra in collect("boards"):
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
        deals = [a for _, a in collect("board_deal")]
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
        self._compile_rules(collect("rules"))
        self.tiles_score_when_placed: bool = any(
            info.tiles_score_when_placed for info in rules.infos
        )
        self.unordered: frozenset[type] = ordering.unordered_types(rules)
        with_order = bool(self.unordered)  # the choice's types only where it can happen
        self.action_types: tuple[type, ...] = (
            act.CORE_ACTIONS + (act.ORDER_ACTIONS if with_order else ())
            + tuple(t for info in rules.infos for t in info.action_types)
        )
        self.pending_types: tuple[type, ...] = (
            pen.CORE_PENDING + (pen.ORDER_PENDING if with_order else ())
            + tuple(t for info in rules.infos for t in info.pending_types)
        )

    def _compile_keyed(
        self, hook: str, keys: Mapping[str, str], answers: list[tuple[str, Any]]
    ) -> None:
        """Collect the callables of keyed hook ``hook`` into the tuple of each key.

        Raises:
            ValueError: An answer is not a mapping, names a key the hook does not have, or
                gives a key something that is not callable.
        """
        found: dict[str, list[Callable[..., Any]]] = {key: [] for key in keys}
        for variant, answer in answers:
            if not isinstance(answer, Mapping):
                raise ValueError(
                    f"variant {variant!r}: burgundy_{hook} must answer a mapping of "
                    f"{sorted(keys)} to functions; got {brief(answer)}"
                )
            for key, function in answer.items():
                if key not in found:
                    raise ValueError(
                        f"variant {variant!r}: burgundy_{hook} has no key {brief(key)}; "
                        f"valid: {sorted(keys)}"
                    )
                if not callable(function):
                    raise ValueError(
                        f"variant {variant!r}: burgundy_{hook}[{key!r}] must be a function; "
                        f"got {brief(function)}"
                    )
                found[key].append(function)
        for key, attribute in keys.items():
            setattr(self, attribute, tuple(found[key]))

    def _compile_rules(self, answers: list[tuple[str, Any]]) -> None:
        """The rule of every action and pending type (hook ``burgundy_rules``): the base
        game's and the variants'.

        Raises:
            ValueError: A type is given two rules, or a rule is of no kind the engine knows.
        """
        self.pending_rules: dict[type, PendingKind] = {}
        self.action_handlers: dict[type, Callable[[State, int, Any], State]] = {}
        free: set[type] = {t for info in self.rules.infos for t in info.free_actions}
        given: dict[type, str] = {}
        for variant, answer in answers:
            if not isinstance(answer, Mapping):
                raise ValueError(f"variant {variant!r}: burgundy_rules must answer a mapping "
                                 f"of types to rules; got {brief(answer)}")
            for kind, rule in answer.items():
                if kind in given:
                    raise ValueError(f"variant {variant!r} gives {_type_name(kind)} a rule, which "
                                     f"{given[kind]!r} gives already")
                given[kind] = variant
                if isinstance(rule, ActionRule):
                    self.action_handlers[kind] = rule.apply
                    if rule.free:
                        free.add(kind)
                elif isinstance(rule, (Decision, Chance, Step)):
                    self.pending_rules[kind] = rule
                else:
                    raise ValueError(
                        f"variant {variant!r}: the rule of {_type_name(kind)} must be an "
                        f"ActionRule, a Decision, a Chance or a Step; got {brief(rule)}"
                    )
        self.free_actions: frozenset[type] = frozenset(free)
        self.decisions: dict[type, Decision] = {
            k: r for k, r in self.pending_rules.items() if isinstance(r, Decision)
        }
        self.chances: dict[type, Chance] = {
            k: r for k, r in self.pending_rules.items() if isinstance(r, Chance)
        }
        self.steps: dict[type, Step] = {
            k: r for k, r in self.pending_rules.items() if isinstance(r, Step)
        }

    def validate_state(self, state: State) -> None:
        """Check that ``state`` is a possible position under this ruleset
        (:func:`burgundy.validation.validate_state`, which the ruleset hands the engine when it
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
        rule = self.decisions[type(item)]
        return self._complete(state, item, rule, rule.legal(state, item))

    def _complete(
        self, state: State, item: pen.Pending, rule: Decision, own: Iterable[act.Action]
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
        return self.chances[type(item)].outcomes(state, item)

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
            return self._resolved(state, item, self.listed_outcome(state, action))
        found = self.legal_instance(state, action)
        return self.advance(self._apply_decision(state, item, found))

    def play(self, state: State, action: Any) -> tuple[Any, State]:
        """Apply an action or a chance outcome and say which listed one was applied (see
        :meth:`burgundy.State.play`): one search of the legal list, as in :meth:`apply`.
        """
        if not state.pending:
            raise IllegalActionError("the game is over; no action can be applied")
        item = state.pending[-1]
        if item.seat == _CHANCE:
            outcome = self.listed_outcome(state, action)
            return outcome, self._resolved(state, item, outcome)
        found = self.legal_instance(state, action)
        return found, self.advance(self._apply_decision(state, item, found))

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
        rule = self.chances[type(item)]
        state = rule.resolve(state if rule.pops else pop(state), item, outcome)
        return self.advance(state)

    def _apply_decision(self, state: State, item: pen.Pending, action: Any) -> State:
        if action is _DECLINE or isinstance(action, act.Decline):
            state = pop(state)
            return ordering.drop_chosen(state) if self.unordered else state
        if isinstance(action, act.EndTurn):
            return phases.end_turn(state)
        if not isinstance(item, _Turn) and type(action) not in self.free_actions:
            answer = self.decisions[type(item)].answer
            if answer is not None:
                return answer(state, item, action)
            state = pop(state)
            if self.unordered:  # the chosen decision is answered: its marker goes too
                state = ordering.drop_chosen(state)
        return self.action_handlers[type(action)](state, item.seat, action)

    def advance(self, state: State) -> State:
        """Run automatic steps, single-outcome chance and empty decisions until a real
        decision, a chance node with a choice, or the end."""
        decisions, chances, steps = self.decisions, self.chances, self.steps
        while state.pending:
            item = state.pending[-1]
            if isinstance(item, _Turn):  # the usual case first: the turn goes on
                if state.seats[item.seat].dice or state.legal_actions() != (_END,):
                    break
                state = phases.end_turn(state)
                continue
            seat = item.seat
            if seat == _CHANCE:
                chance = chances[type(item)]
                outcomes = chance.outcomes(state, item)
                if len(outcomes) > 1:
                    state._keep_outcomes(outcomes)
                    break
                if not outcomes:
                    state = pop(state)  # nothing left to draw
                else:
                    state = chance.resolve(
                        state if chance.pops else pop(state), item, outcomes[0][0]
                    )
                continue
            if seat == _AUTO:
                step = steps[type(item)]
                state = step.run(state if step.pops else pop(state), item)
                continue
            if self.unordered and type(item) in self.unordered and ordering.choice_due(state):
                state = ordering.push_choice(state)  # which of them first: the seat chooses
                continue
            rule = decisions[type(item)]
            own = rule.legal(state, item)
            if own or rule.purchase_helps:
                legal = self._complete(state, item, rule, own)
                state._keep_legal(legal)
                if own or legal:
                    break  # with no own answer, a purchase now may give it a target
            state = pop(state)  # an effect with no possible target is skipped
        return state

    def winners(self, state: State) -> tuple[int, ...]:
        """The winners of a finished game (see :meth:`burgundy.State.winners`)."""
        return scoring.winners(state)

    # A slotted engine: its attributes and methods are read at every decision, and CPython
    # 3.11 specialises a method call only on an object without an instance dict
    # (docs/performance.md, "Round two").
    __slots__ = _engine_slots(locals())
