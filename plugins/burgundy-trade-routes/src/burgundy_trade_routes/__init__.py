"""The trade routes of the 2019 box (8th expansion) as a ``burgundy`` variant plugin.

Every player lays a row of route tiles (5, 4 or 3 with 2, 3 or 4 players; in team play
each partner their own), each with three spaces that ask for a goods number and show a
reward. Sold goods go onto the seller's route's empty spaces left to right; a goods tile on a
space of its own number gives that space's reward at once: silverlings, VP and workers with
no decision, a take or a sale as the building it copies may (declinable), an extra action
as a castle's; once the route is full, sales go to the sold pile as usual. Every sold good
counts as sold (knowledge #15/#25) wherever it lies.

Only three of the twelve printed tiles are known, so the deck is the caller's: option
``trade_routes_deck`` takes a list of tiles (:mod:`burgundy_trade_routes.tiles`) or
``"generated"`` — a deterministic set of twelve built from the printed reward kinds,
generated, not the printed tiles.
"""

from __future__ import annotations

__version__ = "1.0.0"
