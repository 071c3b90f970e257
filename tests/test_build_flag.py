"""burgundy.COMPILED and the compiled modules' list agree with what is imported (issue #34),
in either build."""

from __future__ import annotations

import importlib.util

import burgundy
from burgundy._build import COMPILED_MODULES


def test_the_compiled_modules_are_the_hot_path_of_the_rules() -> None:
    """The list the build tools compile names modules that exist, and COMPILED is a bool
    that says whether they are extension modules."""
    assert isinstance(burgundy.COMPILED, bool)
    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        assert spec.origin.endswith(".py") is not burgundy.COMPILED, spec.origin
