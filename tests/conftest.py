"""Shared fixtures of the core tests."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from burgundy import variants

TITHE_SRC = Path(__file__).parent.parent / "docs" / "examples" / "burgundy-tithe" / "src"
"""Source folder of the example third-party plugin."""


@pytest.fixture
def tithe_installed(tmp_path: Path) -> Iterator[None]:
    """Make ``docs/examples/burgundy-tithe`` discoverable through its entry point.

    Its distribution metadata (``entry_points.txt``) is written onto ``sys.path``, exactly
    what ``pip install`` leaves behind, so loading goes through
    ``importlib.metadata.entry_points``.
    """
    dist = tmp_path / "burgundy_tithe-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: burgundy-tithe\nVersion: 0.1.0\n")
    (dist / "entry_points.txt").write_text("[burgundy.variants]\ntithe = burgundy_tithe\n")
    sys.path[:0] = [str(tmp_path), str(TITHE_SRC)]
    variants._entry_points.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(tmp_path))
        sys.path.remove(str(TITHE_SRC))
        sys.modules.pop("burgundy_tithe", None)
        variants._entry_points.cache_clear()
