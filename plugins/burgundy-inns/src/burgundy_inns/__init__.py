"""The inns of the 2019 box as a ``burgundy`` variant plugin.

Five inns, one laid beside the black depot at the start of each phase; bought for 2
silverlings as the turn's one purchase (knowledge #6, 2019: with workers too); placed on an
empty space of any colour, one per region; a region with an inn scores one space larger, at
most 8 (R-INN, R-INN-PLACE). 2019 edition, 2-4 players.

Enable it with ``burgundy.Ruleset(players=2, variants=("knowledge", "inns"))``.
"""

from __future__ import annotations

__version__ = "1.0.0"
