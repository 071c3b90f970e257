"""Settings shared by every test of the repository (core and plugins).

Hypothesis runs *derandomized* by default: every run of ``make test`` tries the same
examples, so a green run is repeatable and a red one reproduces (a test that fails one run
in twenty is a failing test). To explore new examples locally, run with
``HYPOTHESIS_PROFILE=explore`` (random examples, more of them, and the example database).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", max_examples=1000, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the files marked ``heavy`` first, each in its collection order.

    ``make test`` hands whole files to its two workers (``--dist loadfile``) in collection
    order (``--no-loadscope-reorder``). A long file handed out last keeps one worker busy
    while the other has nothing left: started first, the long files run beside each other
    and the many short ones fill in the end.
    """
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)


def pytest_report_header() -> str:
    """Say which build of the core the suite runs: pure Python, or compiled in place."""
    import burgundy

    return f"burgundy: {'compiled (mypyc)' if burgundy.COMPILED else 'pure Python'} build"


def pytest_sessionstart() -> None:
    """Refuse to test a stale compiled build: an extension module older than its source
    would run the old code (``make compiled`` rebuilds it, ``make pure`` removes it)."""
    import importlib.util
    from pathlib import Path

    import pytest

    from burgundy._build import COMPILED_MODULES

    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(name)
        origin = Path(spec.origin) if spec is not None and spec.origin else None
        if origin is None or origin.suffix == ".py":
            continue
        source = origin.parent / f"{name.rsplit('.', 1)[-1]}.py"
        if source.stat().st_mtime > origin.stat().st_mtime:
            pytest.exit(f"{origin} is older than {source.name}: run `make compiled` to"
                        " rebuild the compiled modules, or `make pure` to remove them", 2)
