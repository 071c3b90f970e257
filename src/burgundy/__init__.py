"""burgundy: a rules engine for The Castles of Burgundy (Stefan Feld; alea 2011, 2019).

The public contract::

    import burgundy

    rules = burgundy.Ruleset(players=2, variants=(), edition="2019")
    state = rules.initial_state()          # a chance node
    state.current_player                   # seat, burgundy.CHANCE or burgundy.TERMINAL
    state.legal_actions(); state.chance_outcomes(); state.apply(...)

    game = burgundy.Game(players=2, variants=(), seed=7)
    game.play(game.legal_actions()[0]); game.undo(); game.record()
"""

from __future__ import annotations

from burgundy._build import COMPILED
from burgundy._version import __version__
from burgundy.actions import Action
from burgundy.errors import IllegalActionError
from burgundy.game import Game
from burgundy.hookspecs import hookimpl
from burgundy.io import from_json, to_json
from burgundy.registry import available_variants
from burgundy.state import CHANCE, TERMINAL, Estate, Seat, State
from burgundy.variants import Ruleset

__all__ = [
    "CHANCE",
    "COMPILED",
    "TERMINAL",
    "Action",
    "Estate",
    "Game",
    "IllegalActionError",
    "Ruleset",
    "Seat",
    "State",
    "__version__",
    "available_variants",
    "from_json",
    "hookimpl",
    "to_json",
]
