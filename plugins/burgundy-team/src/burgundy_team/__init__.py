"""Team play of the 2019 box as a ``burgundy`` variant plugin.

Four players in two teams of two; each team shares one duchy, board 12a (two halves sharing
the start castle's space: 73 spaces), with its workers, silverlings, goods and 2 shared
storage spaces; each player keeps their own dice, VP, turn-order marker and 2 storage
spaces of their own. Partners' VP add up. Side 12b is not known and is not shipped.

Enable it with ``burgundy.Ruleset(players=4, variants=("knowledge", "team"))``.
"""

from __future__ import annotations

__version__ = "1.0.0"
