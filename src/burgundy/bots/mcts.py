"""Monte Carlo tree search through chance nodes.

Each iteration walks down from the root: at a decision node it expands the next untried
action (actions are tried best-first by :func:`~burgundy.bots.evaluate`, and a node may have
at most ``ceil(widening * sqrt(visits))`` children, so the search goes deep on the promising
actions), else it picks the child with the best UCB1 score for the seat to move; at a chance
node it samples an outcome with its probability. A new leaf is scored by the evaluation: each
seat's value is ``sigmoid((own - best other) / scale)``, and with a single seat (the solo
module) ``sigmoid(own / scale)``: a lone seat's valuation is its lead over what wins the
game (the hook ``burgundy_evaluation``), so the leaf is its chance to win. Values are backed
up as vectors, so any number of players works.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from burgundy.actions import Action
from burgundy.bots.evaluate import evaluate
from burgundy.state import State


class _Node:
    __slots__ = ("children", "draws", "outcomes", "state", "untried", "value", "visits")

    def __init__(self, state: State) -> None:
        self.state = state
        self.visits = 0
        self.draws = 0  # times chance drew this node (chance widening: its weight)
        self.value: list[float] = [0.0] * len(state.seats)
        self.children: list[tuple[Action, _Node]] = []
        # the actions not expanded yet, best first: (action, state after it, the mover's
        # value of that state, which the new leaf then reuses)
        self.untried: list[tuple[Action, State, float]] | None = None
        self.outcomes: dict[Any, _Node] = {}


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector in the block (unless it is off already).

    A search allocates a tree of states that stays alive to its end, and the collector,
    which runs every few hundred allocations, walks all of it again and again (and, given
    back while the tree is alive, at once: the allocations made in the block count): the
    search drops its tree inside the block (docs/performance.md). The tree holds no
    reference cycle (the states and nodes only point down), so nothing waits for the
    collector: reference counting frees what the search drops, and a cycle made in the
    meantime elsewhere in the process is collected once the block ends.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _is_number(value: object) -> bool:
    """Whether ``value`` is a finite int or float (not a bool)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


class MCTSBot:
    """Monte Carlo tree search guided by the greedy evaluation.

    Args:
        iterations: Search iterations per decision.
        seed: Seed of the bot's RNG (sampling chance and breaking ties).
        exploration: UCB1 exploration constant.
        widening: Progressive-widening factor (children allowed ~ widening * sqrt(visits)).
        scale: VP difference that counts as a clear lead when scoring leaves.
        time_budget: Seconds per decision instead of a fixed number of iterations.
        evaluation: The valuation ``evaluation(state, seat) -> VP`` that orders the
            actions and scores the leaves (``None``: :func:`~burgundy.bots.evaluate.evaluate`).
        chance_widening: ``None`` (the default): every chance node keeps a child per outcome
            it samples. A number ``c``: a run of chance nodes (a round's dice, one seat's
            after another) is one draw to the next decision, and it keeps at most
            ``ceil(c * sqrt(visits + 1))`` distinct draws; past that, an iteration revisits
            the draw with the fewest visits for the times it was drawn, so the search goes
            on below the draws it has instead of stopping at a new one each time.

    Raises:
        ValueError: ``iterations`` below 1, ``exploration`` negative, ``widening`` or
            ``chance_widening`` not a positive number.
    """

    def __init__(
        self,
        iterations: int = 200,
        seed: int = 0,
        exploration: float = 0.7,
        widening: float = 1.5,
        scale: float = 10.0,
        time_budget: float | None = None,
        evaluation: Callable[[State, int], float] | None = None,
        chance_widening: float | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if not _is_number(exploration) or exploration < 0:
            raise ValueError(f"exploration must be a finite number, 0 or more; got {exploration!r}")
        if not _is_number(widening) or widening <= 0:
            raise ValueError(f"widening must be a positive number; got {widening!r}")
        if chance_widening is not None and (not _is_number(chance_widening)
                                            or chance_widening <= 0):
            raise ValueError("chance_widening must be a positive number or None; "
                             f"got {chance_widening!r}")
        self.chance_widening = chance_widening
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.widening = widening
        self.scale = scale
        self.time_budget = time_budget
        self.evaluation = evaluate if evaluation is None else evaluation

    def choose(self, state: State) -> Action:
        """Return the most visited action of the root after the search."""
        return self.search(state)[0]

    def search(self, state: State) -> tuple[Action, tuple[tuple[Action, int], ...]]:
        """Search from ``state`` and return the action :meth:`choose` plays and the search
        policy: each expanded root action with its visit count (a single legal action is
        played without a search: it comes back with a count of 1).

        Examples:
            >>> import burgundy
            >>> from burgundy.bots import MCTSBot
            >>> state = burgundy.Game(players=2, seed=7).state
            >>> action, visits = MCTSBot(iterations=30, seed=1).search(state)
            >>> action == max(visits, key=lambda pair: pair[1])[0]
            True
            >>> sum(count for _, count in visits) <= 30
            True
        """
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], ((legal[0], 1),)
        children = self._root_children(state)
        best = max(children, key=lambda child: child[1])[0]
        return best, tuple((action, visits) for action, visits, _ in children)

    # -- search ------------------------------------------------------------------------------
    def _root_children(self, state: State) -> list[tuple[Action, int, list[float]]]:
        """Search from ``state`` with the cyclic garbage collector paused, and return each
        child of the root: its action, visits and sums of leaf values by seat. The tree is
        dropped before the collector is given back, so that no collection walks it."""
        with _cyclic_gc_paused():
            root = self._grow(state)
            children = [(action, child.visits, child.value) for action, child in root.children]
            del root
        return children

    def _grow(self, state: State) -> _Node:
        """Run the search's iterations from ``state`` and return the root of its tree."""
        root = _Node(state)
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        done = 0
        while True:
            self._iterate(root)
            done += 1
            if deadline is None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        return root


    def _iterate(self, root: _Node) -> None:
        node = root
        path = [node]
        while True:
            state = node.state
            if state.is_terminal:
                values = self._leaf_values(state)
                break
            if state.is_chance:
                node = self._chance_child(node)
                path.append(node)
                continue
            if node.untried is None:
                node.untried = self._ordered_children(state)
            allowed = math.ceil(self.widening * math.sqrt(node.visits + 1))
            if node.untried and len(node.children) < allowed:
                action, child_state, value = node.untried.pop(0)
                child = _Node(child_state)
                node.children.append((action, child))
                path.append(child)
                values = self._leaf_values(child_state, (state.current_player, value))
                break
            node = self._select(node)
            path.append(node)
        for visited in path:
            visited.visits += 1
            for seat, v in enumerate(values):
                visited.value[seat] += v

    def _ordered_children(self, state: State) -> list[tuple[Action, State, float]]:
        seat = state.current_player
        scored = []
        for action in state.legal_actions():
            after = state.apply(action)
            value = self.evaluation(after, seat)
            scored.append((value + self.rng.random() * 1e-6, action, after, value))
        scored.sort(key=lambda item: -item[0])
        return [(action, after, value) for _, action, after, value in scored]

    def _chance_child(self, node: _Node) -> _Node:
        if self.chance_widening is not None:
            return self._widened_chance_child(node)
        outcome = node.state.sample_outcome(self.rng)  # rng.choices' draw, lists unbuilt
        child = node.outcomes.get(outcome)
        if child is None:
            child = _Node(node.state.apply(outcome))
            node.outcomes[outcome] = child
        return child

    def _widened_chance_child(self, node: _Node) -> _Node:
        """The next decision (or the end) below a chance node, with chance widening: a new
        draw of the whole run of chance while the node has fewer than its limit of draws,
        else the draw visited least for the times it was drawn."""
        assert self.chance_widening is not None
        outcomes = node.outcomes
        if len(outcomes) >= math.ceil(self.chance_widening * math.sqrt(node.visits + 1)):
            return min(outcomes.values(), key=lambda child: child.visits / child.draws)
        state = node.state
        while state.is_chance:
            state = state.apply(state.sample_outcome(self.rng))
        child = outcomes.get(state.key)
        if child is None:
            child = outcomes[state.key] = _Node(state)
        child.draws += 1
        return child

    def _select(self, node: _Node) -> _Node:
        seat = node.state.current_player
        log_n = math.log(node.visits + 1)
        best = None
        best_score = float("-inf")
        for _, child in node.children:
            mean = child.value[seat] / child.visits
            score = mean + self.exploration * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def _valuations(self, state: State, known: tuple[int, float] | None) -> list[float]:
        """Each seat's valuation of ``state``; ``known`` is ``(seat, value)`` of a seat
        already valued (the mover's, when its actions were ordered), which is not valued
        again."""
        values = []
        for seat in range(len(state.seats)):
            if known is not None and known[0] == seat:
                values.append(known[1])
            else:
                values.append(self.evaluation(state, seat))
        return values

    def _leaf_values(self, state: State, known: tuple[int, float] | None = None) -> list[float]:
        raw = self._valuations(state, known)
        out = []
        for seat, own in enumerate(raw):
            # a lone seat's valuation is already a lead: over what wins the game
            others = max((v for s, v in enumerate(raw) if s != seat), default=0.0)
            lead = max(min((own - others) / self.scale, 50.0), -50.0)  # no overflow
            out.append(1.0 / (1.0 + math.exp(-lead)))
        return out
