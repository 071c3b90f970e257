"""The white castles of the 2019 box as a ``burgundy`` variant plugin.

Six beige-backed and two black-backed white castles join the supplies, and knowledge tile
#29 the yellow one. A white castle is a building (a city space, one per city); placed, it
gives one die action with the white die's value (R-WHITE-CASTLE). #29 scores 4 VP per
white castle at game end. 2019 edition only.

Enable it with ``burgundy.Ruleset(players=2, variants=("knowledge", "white_castles"))``.
"""

from __future__ import annotations

__version__ = "1.0.0"
