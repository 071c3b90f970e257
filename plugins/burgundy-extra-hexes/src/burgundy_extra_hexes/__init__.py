"""The four extra hexes of the 2019 box as a ``burgundy`` variant plugin.

Knowledge #27 and #28 join the yellow supply, the crane and the geese the black one
(R-EXTRA-HEXES). 2019 edition only.

Enable it with ``burgundy.Ruleset(players=2, variants=("knowledge", "extra_hexes"))``.
"""

from __future__ import annotations

__version__ = "1.0.0"
