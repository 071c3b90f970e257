"""The shields module of the 2019 box as a ``burgundy`` variant plugin.

Eighteen shields lie on the depots' goods spaces (set-up by player count, drawn as chance,
never refilled). A seat whose two dice show the same number (workers may make the pair) may
spend both to take a shield from that depot and put it on a castle in its duchy, replacing
the shield there if it likes. At each phase end, before mine income, every shield costs a
silverling or is lost. Each shield changes a rule while it lies in the duchy and scores
12, 8 or 4 VP at the end. Everything works through the core's hooks
(:mod:`burgundy.hookspecs`); what each shield does is data (``data/shields.json``).
"""

from __future__ import annotations

__version__ = "1.0.0"
