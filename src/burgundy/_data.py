"""Loading of the packaged JSON data files (``burgundy/data``)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> Any:
    """Return the parsed JSON data file ``burgundy/data/<name>.json``.

    Args:
        name: The file name without the ``.json`` suffix.

    Returns:
        The parsed JSON document (cached; treat it as read-only).
    """
    text = resources.files("burgundy.data").joinpath(f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)
