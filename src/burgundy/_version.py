"""The package version, in a module of its own: the modules that record it (a game record's
header) import it from here, below everything else, not from the package."""

from __future__ import annotations

__version__ = "1.0.0"
"""The version of the ``burgundy`` distribution (as in ``pyproject.toml``)."""
