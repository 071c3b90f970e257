"""Test sessions, one per supported CPython: ``tests-3.11``, ``tests-3.12``, ``tests-3.13``.

Each session makes a venv with that interpreter (under ``.venv/nox/``, reused from run to
run), installs the core with its ``test`` extra and every plugin (each ``plugins/*/`` with
a ``pyproject.toml``), all editable, and runs pytest. The venv is made and filled by uv
(in the ``dev`` extra: about 5 s where pip took 70, Ray's wheel most of it), or by
``venv`` and pip where nox finds no uv. Arguments after ``--`` go to pytest
(``nox -s tests-3.13 -- -x tests/test_api.py``).

- The versions are the core's ``Programming Language :: Python :: X.Y`` classifiers; add
  one there to add a session.
- Interpreters are looked for on ``PATH`` and in pyenv (``tools/project.py``); a version
  that is not on this machine is skipped with a note, never an error, and nox never
  downloads a Python.
- Installs are offline, from the wheelhouse that ``make dev`` fills
  (``tools/wheelhouse.py``): tests never download. A reused venv is only re-installed when
  a ``pyproject.toml`` or the wheelhouse changed (sources are editable installs).
- The optional extras the tests use (``ray``: tournaments on Ray; ``rl``, ``openspiel``:
  burgundy.rl) are installed too where the wheelhouse has wheels of them for that Python
  (``tools/wheelhouse.py`` lists them in ``.extras-X.Y``). **The rule for an extra without
  wheels for a Python:** that session does not collect the test files that need it
  (``EXTRA_TESTS`` of ``tools/project.py``: ``tests/test_tournament_ray.py`` needs ``ray``,
  ``tests/test_rl_*.py``, ``tests/test_selfplay.py`` and ``tests/test_fit_expert.py`` need
  ``rl``,
  ``tests/test_rl_openspiel.py`` needs ``openspiel``; ``tests/test_api_snapshot.py``, which
  imports every documented module, needs all of them), by pytest's ``--ignore``; the
  session's log says which. Nothing is skipped inside a test file. ``web`` (Starlette,
  uvicorn: ``burgundy serve``) is fetched like the learning extras, so the API tests
  (``tests/test_web_api.py``) run in every session; ``web-test`` (Playwright, for
  ``tests/test_web_browser.py``) is never put in the wheelhouse, so the browser tests run
  once, in ``.venv`` (``make unit``: the ``dev`` extra has it), and every nox session
  leaves them out by this same rule: the page they test is the same on every Python, and
  a headless Chromium per interpreter would only add wall time to ``make test``. ``learn``
  (torch, sb3-contrib: ``tests/test_rl_sb3.py``) and ``rllib`` (``ray[rllib]``, torch:
  ``tests/test_rl_rllib.py``) are not fetched either, by the same rule: torch's CPU build
  (2.13.0) is on this machine for Python 3.11 only (any other is a CUDA build of several
  GB), so the real learning clients run once, in ``.venv``. (Ray has
  wheels for
  every supported version today: ray 2.60.0 for 3.11, 3.12 and 3.13, checked 2026-12-01
  with ``pip download ray --no-deps --only-binary=:all: --python-version X.Y``.)
- ``make test`` runs these sessions with ``BURGUNDY_NOX_SKIP`` set to the version of
  ``.venv``, on which it has just run the same suite (on the compiled build:
  ``make unit-builds``), so that version is not run twice. ``make interpreters`` does the same;
  ``nox`` or ``nox -s tests-3.11`` run every session, or one.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import nox

sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))

import project

nox.options.envdir = str(project.ROOT / ".venv" / "nox")
nox.options.reuse_venv = "yes"
nox.options.download_python = "never"
nox.options.error_on_missing_interpreters = False

#: Versions whose session is skipped (comma-separated ``X.Y``), e.g. ``.venv``'s, on which
#: ``make test`` has already run the suite.
SKIP = {v.strip() for v in os.environ.get("BURGUNDY_NOX_SKIP", "").split(",") if v.strip()}


def _extras(version: str) -> list[str]:
    """The learning extras the wheelhouse has for Python ``version``."""
    listed = project.WHEELHOUSE / f".extras-{version}"
    return listed.read_text().split() if listed.is_file() else []


def _left_out(version: str) -> list[str]:
    """pytest arguments leaving out the test files of extras without wheels here."""
    return project.ignore_extra_tests(set(_extras(version)))


def _install_fingerprint(version: str) -> str:
    """What a session's install depends on: the pyproject files and the wheelhouse."""
    digest = hashlib.sha256(version.encode())
    digest.update(" ".join(_extras(version)).encode())
    for dist in project.distributions():
        digest.update(str(dist.root).encode())
        digest.update((dist.root / "pyproject.toml").read_bytes())
    for wheel in sorted(project.WHEELHOUSE.glob("*.whl")):
        digest.update(wheel.name.encode())
    return digest.hexdigest()


def _install(session: nox.Session, version: str) -> None:
    ready = project.WHEELHOUSE / f".ready-{version}"
    if not ready.is_file():
        session.error(
            f"no wheels for Python {version} in {project.WHEELHOUSE}: run `make wheelhouse`"
            " (or `make dev`) first; the sessions install without the network"
        )
    # The stamp: the fingerprint, then the names of this repository's distributions in
    # the venv (so that a plugin removed from plugins/ is uninstalled, not left behind).
    stamp = Path(session.virtualenv.location) / ".burgundy-installed"
    fingerprint = _install_fingerprint(version)
    old = stamp.read_text().split() if stamp.is_file() else []
    if old[:1] == [fingerprint]:
        session.log("reused venv is up to date (pyproject files and wheelhouse unchanged)")
        return
    uv = session.venv_backend == "uv"
    if old[1:]:
        uninstall = ("uv", "pip", "uninstall") if uv else ("python", "-m", "pip", "uninstall",
                                                           "--yes")
        session.run_install(*uninstall, "--quiet", *old[1:])
    # Offline: the installer also fills the isolated build environments (hatchling) from
    # there. No bytecode at install time (uv compiles none unless asked; pip is told
    # --no-compile): the first import compiles what a run uses (the Makefile lets Python
    # write bytecode caches), not every module of every wheel.
    offline = ["--no-index", "--find-links", str(project.WHEELHOUSE)]
    if not uv:
        offline.append("--no-compile")
    editable = [f"{project.ROOT}[{','.join(['test', *_extras(version)])}]"]
    editable += [str(plugin.root) for plugin in project.plugins()]
    session.install(*offline, *(arg for path in editable for arg in ("-e", path)))
    names = [dist.name for dist in project.distributions()]
    stamp.write_text("\n".join([fingerprint, *names]) + "\n")


def _define(version: str) -> None:
    executable = project.find_python(version)
    skip = None
    if executable is None:
        skip = f"Python {version} is not on this machine (looked on PATH and in pyenv)"
    elif version in SKIP:
        skip = f"Python {version} is covered by the .venv run of pytest (make test, make unit)"

    def tests(session: nox.Session) -> None:
        if skip:
            session.skip(skip)
        _install(session, version)
        left_out = _left_out(version)
        if left_out:
            session.log(f"no wheels of some optional extras for Python {version}: {left_out}")
        workers = os.environ.get("PYTEST_WORKERS", "auto")  # pytest-xdist, as make unit
        session.run("python", "-m", "pytest", "-n", workers, "--dist", "loadfile",
                    "--durations=15", *left_out, *session.posargs)

    tests.__doc__ = f"pytest on CPython {version} (core and every plugin installed)"
    nox.session(
        name=f"tests-{version}",
        # A skipped session gets no venv: nothing is created just to be skipped.
        python=False if skip else executable,
        # uv (the dev extra) makes the venv and installs in seconds; pip's venv where
        # nox finds no uv.
        venv_backend="none" if skip else "uv|venv",
        tags=["tests"],
    )(tests)


for _version in project.supported_pythons():
    _define(_version)
