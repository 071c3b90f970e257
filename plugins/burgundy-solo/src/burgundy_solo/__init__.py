"""The solo module (2019 box, boards 13a/13b; the 2018 solo promo) as a ``burgundy`` variant.

One player on a duchy of separate territories joined only by the printed river, with the
2-player values; each round one hex of the white die's depot leaves the game; a ship takes
one depot's goods and clears the rest, after which 5 goods may buy a face-down black tile;
covering a colour brings a black-depot hex straight into the duchy; knowledge tiles score
when placed; VP may be bought with silverlings; reaching the target marker resets the score
and grants a castle's die action. The game is won by covering all 37 spaces within the 25
rounds.

Enable it with ``burgundy.Ruleset(players=1, variants=("knowledge", "solo"))``.
"""

from __future__ import annotations

__version__ = "1.0.0"
