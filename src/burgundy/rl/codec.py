"""A fixed, compact action-id space per ruleset: :class:`ActionCodec`.

Every action type has a *space* (:mod:`burgundy.action_space`): a finite, ordered list of
keys, and a key for each of its actions. The id of an action is the offset of its type's
block plus the index of its key. The blocks come in a fixed order (the core's types as in
:data:`burgundy.actions.CORE_ACTIONS`, then each enabled variant's ``action_types`` in
variant order), so an id means the same action in every state of that ruleset.

Examples:
    >>> import burgundy
    >>> from burgundy.rl import ActionCodec
    >>> codec = ActionCodec(burgundy.Ruleset(players=2, variants=("knowledge",)))
    >>> codec.size < 10_000
    True
    >>> state = burgundy.Game(players=2, seed=1, variants=("knowledge",)).state
    >>> action = state.legal_actions()[0]
    >>> codec.decode(codec.encode(action), state) == action
    True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np
import numpy.typing as npt

from burgundy import actions as act
from burgundy.action_space import type_space

if TYPE_CHECKING:
    from burgundy.state import State
    from burgundy.variants import Ruleset


def _shown(value: object, limit: int = 40) -> str:
    """``value`` for a message: an array's items (not ``array(...)``), cut at ``limit``."""
    text = repr(value.tolist()) if isinstance(value, np.ndarray) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def as_action_id(value: object) -> int:
    """The ``int`` of an integer-like action id, as policies and clients hand them over:
    a Python ``int``, a NumPy integer (``np.int64(3)``), or an integer array of one element,
    0-d (``np.array(3)``, what Stable-Baselines3's ``predict`` returns for one observation)
    or of shape ``(1,)``. The range is not checked here (:meth:`ActionCodec.block` does).

    Raises:
        ValueError: ``value`` is not integer-like: a ``bool``, a float (``2.0`` too), a
            string, ``None``, an array of another shape or dtype. The message shows the value
            cut to 40 characters.

    Examples:
        >>> import numpy as np
        >>> [as_action_id(v) for v in (3, np.int16(3), np.array(3), np.array([3]))]
        [3, 3, 3, 3]
        >>> as_action_id(np.array([2.5]))
        Traceback (most recent call last):
        ...
        ValueError: action [2.5]: not an action id (an integer, or an integer array of one element)
    """
    if isinstance(value, np.ndarray) and value.shape in ((), (1,)) and np.issubdtype(
            value.dtype, np.integer):
        return int(value.reshape(()))
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    raise ValueError(f"action {_shown(value)}: not an action id (an integer, or an integer "
                     "array of one element)")


@attrs.frozen
class Block:
    """One action type's part of the id space.

    Attributes:
        type: The action type.
        start: Its first id.
        keys: Its keys, in id order.
        key: The key of one of its actions (``key(action)``, or ``key(action, state)``
            where ``state_key``).
        state_key: Whether the key needs the state (a type with ``state_key = True``).
    """

    type: type
    start: int
    keys: tuple[Hashable, ...]
    key: Callable[..., Hashable]
    state_key: bool = False

    @property
    def size(self) -> int:
        """How many ids the block has."""
        return len(self.keys)


class ActionCodec:
    """The action ids of one ruleset: a fixed ``size``, ``encode``, ``decode`` and ``mask``.

    Args:
        rules: The ruleset.

    Attributes:
        rules: The ruleset.
        blocks: One :class:`Block` per action type, in id order.
        size: The number of ids.

    Examples:
        >>> import burgundy
        >>> codec = ActionCodec(burgundy.Ruleset(players=2, variants=()))
        >>> [(b.type.__name__, b.start) for b in codec.blocks][:3]
        [('TakeTile', 0), ('PlaceTile', 2496), ('SellGoods', 5336)]
        >>> from burgundy.actions import TakeWorkers
        >>> codec.action(codec.encode(TakeWorkers(3)))
        TakeWorkers(die=3)
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        blocks: list[Block] = []
        start = 0
        for cls in rules.engine.action_types:
            keys, key = type_space(rules, cls)
            blocks.append(Block(cls, start, keys, key, bool(getattr(cls, "state_key", False))))
            start += len(keys)
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.size: int = start
        self._by_type = {b.type: b for b in blocks}
        self._ids = {b.type: {k: b.start + i for i, k in enumerate(b.keys)} for b in blocks}
        self._cache_key: object = None
        self._cache: dict[int, act.Action] = {}
        self._known: dict[int, tuple[act.Action, int]] = {}

    @classmethod
    def of(cls, rules: Ruleset) -> ActionCodec:
        """The codec of ``rules``, built once per ruleset in a process (building one takes
        some milliseconds; a codec pickles as its ruleset and comes back through here).

        Examples:
            >>> import burgundy
            >>> rules = burgundy.Ruleset(players=2, variants=())
            >>> ActionCodec.of(rules) is ActionCodec.of(rules)
            True
        """
        codec = _CODECS.get(rules)
        if codec is None:
            if len(_CODECS) >= 64:
                _CODECS.pop(next(iter(_CODECS)))
            codec = _CODECS[rules] = cls(rules)
        return codec

    def __reduce__(self) -> tuple[Any, ...]:
        return (ActionCodec.of, (self.rules,))

    def encode(self, action: act.Action, state: State | None = None) -> int:
        """The id of ``action``.

        Args:
            action: The action.
            state: The state it is taken in: needed only for a type whose key is relative
                to the state (``state_key``: shields' tribute, which of the seat's shields
                are kept).

        Raises:
            ValueError: ``action`` is no action of this ruleset's id space (or its type
                needs the state and none is given).
        """
        block = self._by_type.get(type(action))
        if block is None:
            raise ValueError(f"{type(action).__name__}: not an action type of this ruleset")
        try:
            if block.state_key:
                if state is None:
                    raise ValueError(f"encoding a {block.type.__name__} needs the state")
                return self._ids[block.type][block.key(action, state)]
            return self._ids[block.type][block.key(action)]
        except (KeyError, TypeError):
            raise ValueError(f"{action!r} is outside the id space of this ruleset") from None

    def action(self, index: object) -> Hashable:
        """The key an id stands for (for a type whose key is the action: the action)."""
        index = as_action_id(index)
        block = self.block(index)
        return block.keys[index - block.start]

    def block(self, index: object) -> Block:
        """The block id ``index`` is in.

        Args:
            index: An id, integer-like as :func:`as_action_id` takes it.

        Raises:
            ValueError: ``index`` is not integer-like, or not an id (0 to ``size - 1``).
        """
        index = as_action_id(index)
        if not 0 <= index < self.size:
            raise ValueError(f"action id {index}: not in 0-{self.size - 1}")
        for block in reversed(self.blocks):
            if index >= block.start:
                return block
        raise AssertionError("unreachable")

    def legal_ids(self, state: State) -> dict[int, act.Action]:
        """The legal actions of ``state`` by id (cached for the last state asked).

        Raises:
            ValueError: Two legal actions share an id (a type's key leaves out a field the
                state does not determine), or one is outside the id space.
        """
        if self._cache_key is state:
            return self._cache
        out: dict[int, act.Action] = {}
        known = self._known
        for action in state.legal_actions():
            # the engine shares one instance per action value (legal-action generation
            # caches them): their ids are kept by object, holding the object itself
            hit = known.get(id(action))
            if hit is not None and hit[0] is action:
                index = hit[1]
            else:
                index = self.encode(action, state)
                if not self._by_type[type(action)].state_key:
                    if len(known) > 65536:
                        known.clear()
                    known[id(action)] = (action, index)
            if index in out:
                raise ValueError(
                    f"{action} and {out[index]} share action id {index}: the key of "
                    f"{type(action).__name__} does not tell them apart"
                )
            out[index] = action
        self._cache_key, self._cache = state, out
        return out

    def decode(self, index: object, state: State) -> act.Action:
        """The legal action of ``state`` with id ``index`` (the instance
        ``state.legal_actions()`` lists).

        Args:
            index: An id, integer-like as :func:`as_action_id` takes it (an ``int``, a NumPy
                integer, an integer array of one element).
            state: The state.

        Raises:
            ValueError: ``index`` is not integer-like, not an id, or no legal action of
                ``state`` has it.
        """
        index = as_action_id(index)
        found = self.legal_ids(state).get(index)
        if found is None:
            self.block(index)  # raises for a non-id
            raise ValueError(f"action id {index} is not legal here")
        return found

    def find(self, index: object, state: State) -> act.Action | None:
        """As :meth:`decode`, but ``None`` for anything that is no legal action's id (not
        integer-like, not an id, not legal here), as the environments treat an illegal
        action by default.

        Examples:
            >>> import burgundy
            >>> from burgundy.rl.codec import ActionCodec
            >>> state = burgundy.Game(players=2, variants=(), seed=1).state
            >>> codec = ActionCodec(state.rules)
            >>> codec.find(-1, state) is None, codec.find("7", state) is None
            (True, True)
        """
        try:
            index = as_action_id(index)
        except ValueError:
            return None
        return self.legal_ids(state).get(index)

    def mask(self, state: State, dtype: npt.DTypeLike = np.bool_) -> npt.NDArray[Any]:
        """An array of ``size``: 1 (``True``) at the ids of ``state``'s legal actions, 0
        elsewhere (everywhere at a chance node or the end).

        Args:
            state: The state.
            dtype: ``np.bool_`` (default), ``np.int8`` (PettingZoo's masks), ``np.uint8``,
                or a wider one (``np.float32``, RLlib's masks: a converted copy).

        Examples:
            >>> import burgundy
            >>> import numpy as np
            >>> state = burgundy.Game(players=2, seed=1, variants=()).state
            >>> codec = ActionCodec.of(state.rules)
            >>> mask = codec.mask(state, np.int8)
            >>> mask.dtype.name, int(mask.sum()) == len(state.legal_actions())
            ('int8', True)
        """
        # a bytearray set item by item, then viewed: ~0.6 µs less than np.zeros with a
        # fancy-index write for a typical decision's ten ids, no slower for a hundred
        buffer = bytearray(self.size)
        if state.current_player >= 0:
            for index in self.legal_ids(state):
                buffer[index] = 1
        if np.dtype(dtype).itemsize == 1:
            return np.frombuffer(buffer, dtype=dtype)
        return np.frombuffer(buffer, dtype=np.uint8).astype(dtype)

    def layout(self) -> list[tuple[str, int, int]]:
        """``(type name, first id, size)`` of every block, in id order."""
        return [(b.type.__name__, b.start, b.size) for b in self.blocks]


_CODECS: dict[Any, ActionCodec] = {}
"""The codecs :meth:`ActionCodec.of` built, by ruleset."""
