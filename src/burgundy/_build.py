"""Which build of the core is running: plain Python, or the rules compiled with mypyc.

The same ``.py`` files make both builds. :data:`COMPILED_MODULES` names the modules mypyc
compiles (``make compiled`` builds them in place beside their sources; a wheel built with
``BURGUNDY_COMPILE=1`` ships them, see ``hatch_build.py`` and docs/performance.md). The build
tools read this tuple from this file without importing the package, so it is the one list.

:data:`COMPILED` is true when every one of those modules is found as an extension module,
as the import system finds them (an extension module beside its ``.py`` file is imported
first). It is computed here without importing the modules (``importlib.util.find_spec``).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
from typing import Final

__all__ = ["COMPILED", "COMPILED_MODULES"]

COMPILED_MODULES: Final[tuple[str, ...]] = (
    "burgundy._copy",
    "burgundy._sorted",
    "burgundy.rules.dice",
    "burgundy.rules.effects",
    "burgundy.rules.engine",
    "burgundy.rules.income",
    "burgundy.rules.phases",
    "burgundy.rules.place",
    "burgundy.rules.scoring",
    "burgundy.rules.sell",
    "burgundy.rules.setup",
    "burgundy.rules.take",
    "burgundy.rules.turn",
    "burgundy.bots.evaluate",
    "burgundy.bots.features",
)
"""The modules the compiled build compiles with mypyc: the hot path of the rules; two
helpers the rules call all the time, ``burgundy._copy`` (every copy a rule makes of a
state, seat or estate) and ``burgundy._sorted`` (``distinct``, asked for every storage,
depot and dice a decision lists actions from); and the valuations the search bots call at
every node (``burgundy.bots.evaluate``, and ``burgundy.bots.features`` for the expert's).

Left out: ``burgundy.bots.mcts`` and ``burgundy.bots.expert`` (their bots are public
classes that users and the expert subclass; a compiled class cannot have a Python
subclass), ``burgundy.rules.base`` (pluggy marks its hook functions with an attribute, which
a compiled function cannot carry), and the value types (``state``, ``components``,
``actions``, ``pending``, ``geometry``): they are attrs classes, which mypyc does not
compile, and they stay attrs classes for their documented behaviour (pickle,
``attrs.evolve``, equality, hash, ``repr``). Compiled code reads their fields like any
Python code does."""


def _is_extension(module: str) -> bool:
    spec = importlib.util.find_spec(module)
    origin = spec.origin if spec is not None else None
    return origin is not None and origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


COMPILED: Final[bool] = all(_is_extension(module) for module in COMPILED_MODULES)
"""Whether the running core is the compiled build (``burgundy.COMPILED``).

Examples:
    >>> import burgundy
    >>> isinstance(burgundy.COMPILED, bool)
    True
"""
