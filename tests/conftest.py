"""Shared fixtures of the core tests."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import burgundy
from burgundy import registry

# The compiled build's comparison with the pure sources runs where the compiled build is in
# place (make test runs the suite on it: make unit-builds); on the pure build both sides
# would be pure, so it is not collected there.
collect_ignore = [] if burgundy.COMPILED else ["test_compiled.py"]

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
    registry._entry_points.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(tmp_path))
        sys.path.remove(str(TITHE_SRC))
        sys.modules.pop("burgundy_tithe", None)
        registry._entry_points.cache_clear()


@contextlib.contextmanager
def _distributions(folder: Path, forget: Callable[[], None]) -> Iterator[list[str]]:
    """``folder`` on ``sys.path`` while the test runs, for the distributions written there;
    afterwards the modules the caller lists (the yielded list) are unloaded and ``forget``
    (an entry-point cache's ``cache_clear``) runs."""
    installed: list[str] = []
    sys.path.insert(0, str(folder))
    try:
        yield installed
    finally:
        sys.path.remove(str(folder))
        for module in installed:
            sys.modules.pop(module, None)
        forget()


def _write_distribution(folder: Path, module: str, source: str, entry_points: str) -> None:
    """A one-module distribution in ``folder`` (on ``sys.path``): the module's source and
    its metadata with ``entry_points`` (the text of ``entry_points.txt``)."""
    (folder / f"{module}.py").write_text(source, encoding="utf-8")
    dist = folder / f"{module}-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1.0\n")
    (dist / "entry_points.txt").write_text(entry_points)


@pytest.fixture
def install_plugin(tmp_path: Path) -> Iterator[Callable[[str, str], None]]:
    """Install small test plugins through the real entry-point path: call it with a variant
    name and the source of its module (which implements the hooks at module level)."""
    with _distributions(tmp_path, registry._entry_points.cache_clear) as installed:

        def install(name: str, source: str) -> None:
            module = f"burgundy_test_{name}"
            _write_distribution(tmp_path, module, source,
                                f"[burgundy.variants]\n{name} = {module}\n")
            installed.append(module)
            registry._entry_points.cache_clear()

        yield install


SAMPLER_SRC = Path(__file__).parent.parent / "docs" / "examples" / "burgundy-sampler" / "src"
"""Source folder of the example third-party bot."""


@pytest.fixture
def sampler_installed(tmp_path: Path) -> Iterator[None]:
    """Make ``docs/examples/burgundy-sampler`` discoverable through its entry point in the
    group ``burgundy.bots``: its distribution metadata is written onto ``sys.path``, as
    ``pip install`` leaves it, so :func:`burgundy.bots.make_bot` finds it through
    ``importlib.metadata.entry_points``."""
    from burgundy import bots

    dist = tmp_path / "burgundy_sampler-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: burgundy-sampler\nVersion: 0.1.0\n"
    )
    (dist / "entry_points.txt").write_text("[burgundy.bots]\nsampler = burgundy_sampler:make\n")
    sys.path[:0] = [str(tmp_path), str(SAMPLER_SRC)]
    bots._entry_points.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(tmp_path))
        sys.path.remove(str(SAMPLER_SRC))
        sys.modules.pop("burgundy_sampler", None)
        bots._entry_points.cache_clear()


@pytest.fixture
def install_bot(tmp_path: Path) -> Iterator[Callable[[str, str, str], None]]:
    """Install a small test bot distribution through the real entry-point path: call it
    with the bot's name, the source of its module and the entry point's object
    (``"module:attr"`` is built from it)."""
    from burgundy import bots

    with _distributions(tmp_path, bots._entry_points.cache_clear) as installed:

        def install(name: str, source: str, attr: str) -> None:
            module = f"burgundy_testbot_{name}"
            _write_distribution(tmp_path, module, source,
                                f"[burgundy.bots]\n{name} = {module}:{attr}\n")
            installed.append(module)
            bots._entry_points.cache_clear()

        yield install
