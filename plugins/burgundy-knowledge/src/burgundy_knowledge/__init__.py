"""The knowledge (monastery) tiles #1-#26 as a ``burgundy`` variant plugin.

Enabled by name (``Ruleset(variants=("knowledge",))``) or by default in the standard game.
Every tile works through the core's hooks alone (:mod:`burgundy.hookspecs`); what each tile
does is data (``data/tiles.json``) and each kind of effect is one small function in
:mod:`burgundy_knowledge.effects`. A tile works from the moment it is placed in a duchy;
tiles in storage do nothing and score nothing.
"""

from __future__ import annotations

__version__ = "1.0.0"
