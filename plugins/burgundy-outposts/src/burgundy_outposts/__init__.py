"""The outpost boards (2019 box, 4th expansion, boards 11a-11f) as a ``burgundy`` variant.

Each player is dealt an outpost duchy with three forts printed beside its spaces. Linking
two forts by a chain of placed tiles (any colours, the start castle included) scores the
current phase's value (10/8/6/4/2) once per pair (R-OUTPOSTS); the first player to link all
three takes the large outpost bonus (5/6/7 VP with 2/3/4 players), the second the small
one (2/3/4), separate from the colour bonus tiles (R-OUTPOSTS-BONUS).

Enable it with ``burgundy.Game(players=3, seed=1, variants=("knowledge", "outposts"))``.
"""

from __future__ import annotations

__version__ = "1.0.0"
