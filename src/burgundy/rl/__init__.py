"""Learning and search adapters (``pip install burgundy[rl]``): a fixed action-id space
(:class:`ActionCodec`), observation vectors (:func:`observe`) and environments for
PettingZoo (:mod:`burgundy.rl.pettingzoo`), Gymnasium (:mod:`burgundy.rl.gym`) and
OpenSpiel (:mod:`burgundy.rl.openspiel`, ``pip install burgundy[openspiel]``).

``import burgundy`` never imports this package; importing it needs numpy.

Examples:
    >>> import burgundy
    >>> from burgundy.rl import ActionCodec, observe
    >>> state = burgundy.Game(players=2, seed=1, variants=("knowledge",)).state
    >>> observe(state, state.current_player).dtype.name
    'float32'
"""

from __future__ import annotations

from burgundy.rl.codec import ActionCodec
from burgundy.rl.observation import (
    OBSERVATION_VERSION,
    observation_layout,
    observation_size,
    observe,
)

__all__ = [
    "OBSERVATION_VERSION", "ActionCodec", "observation_layout", "observation_size", "observe",
]
