"""Exceptions raised by the library."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action (or chance outcome) that is not legal in the state it was applied to."""
