"""Exceptions raised by the library, and the helper that keeps their messages short."""

from __future__ import annotations

import reprlib
from typing import Any


class IllegalActionError(ValueError):
    """An action (or chance outcome) that is not legal in the state it was applied to."""


MESSAGE_ECHO_LIMIT = 80
"""At most this many characters of a caller's value are echoed in an error message."""

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = MESSAGE_ECHO_LIMIT
_REPR.maxother = MESSAGE_ECHO_LIMIT
_REPR.maxlong = 40
for _name in ("maxtuple", "maxlist", "maxdict", "maxset", "maxfrozenset", "maxdeque"):
    setattr(_REPR, _name, 8)


def brief(value: Any, limit: int = MESSAGE_ECHO_LIMIT) -> str:
    """Return a short ``repr`` of a caller's value for an error message.

    Nesting, long strings, long containers and huge integers are cut (``reprlib``), and the
    result is at most ``limit`` characters, so a message that echoes its input stays short
    whatever the input; a value whose ``repr`` fails is named by its type.

    Args:
        value: Anything a caller passed in.
        limit: The most characters to return.

    Returns:
        The shortened representation.

    Examples:
        >>> from burgundy.errors import brief
        >>> brief("x" * 1000)[:12], len(brief("x" * 1000)) <= 80
        ("'xxxxxxxxxxx", True)
        >>> brief([[[[[1]]]]])
        '[[[[...]]]]'
    """
    try:
        text = _REPR.repr(value)
    except Exception:  # a hostile __repr__: name the type instead
        text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text
