"""What the packaging tools need to know about this repository, read from its files.

Shared by ``noxfile.py``, ``tools/wheelhouse.py`` and ``tools/dist.py`` so that none of
them hard-codes a plugin, a data file or a Python version:

- :func:`distributions`: the core (``pyproject.toml``) and every plugin
  (``plugins/*/pyproject.toml``), with the packages their wheels ship;
- :func:`supported_pythons`: the ``X.Y`` versions named by the core's
  ``Programming Language :: Python :: X.Y`` classifiers (the interpreters we test);
- :func:`find_python`: a working interpreter of a given version on this machine (``PATH``
  first, then pyenv's versions), or ``None``;
- :func:`third_party_requirements`: what the distributions (and the given extras of the
  core) need from PyPI, the distributions of this repository left out;
- :data:`EXTRA_TESTS`: the test files each optional extra is needed by (left out where it
  is not installed: :func:`ignore_extra_tests`);
- :data:`WHEELHOUSE`: where ``make dev`` keeps those requirements as wheels, so that the
  test sessions and the wheel smoke test install without the network.

Only the standard library is used: the noxfile imports this module under whatever
interpreter runs nox.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Wheels of every third-party requirement, for offline installs (made by ``make dev``).
WHEELHOUSE = Path(os.environ.get("BURGUNDY_WHEELHOUSE", ROOT / ".venv" / "wheelhouse"))


#: The test files each optional extra of the core is needed by. A pytest run where an extra
#: is not installed leaves its files out (``--ignore``), never skips inside a file: the nox
#: session of a Python without wheels of the extra.
EXTRA_TESTS: dict[str, tuple[str, ...]] = {
    "ray": ("tests/test_tournament_ray.py", "tests/test_api_snapshot.py"),
    "rl": ("tests/test_rl_codec.py", "tests/test_rl_envs.py", "tests/test_rl_observation.py",
           "tests/test_rl_openspiel.py", "tests/test_rl_variant_slices.py",
           "tests/test_selfplay.py", "tests/test_fit_expert.py", "tests/test_tournament_ray.py",
           "tests/test_api_snapshot.py"),
    "openspiel": ("tests/test_rl_openspiel.py", "tests/test_api_snapshot.py"),
    "web": ("tests/test_web_api.py", "tests/test_web_browser.py", "tests/test_api_snapshot.py"),
    "web-test": ("tests/test_web_browser.py",),
    "learn": ("tests/test_rl_sb3.py",),
    "rllib": ("tests/test_rl_rllib.py",),
}


def ignore_extra_tests(present: set[str]) -> list[str]:
    """pytest arguments leaving out the test files of the extras not in ``present``."""
    files = sorted({f for extra, paths in EXTRA_TESTS.items() if extra not in present
                    for f in paths})
    return [f"--ignore={f}" for f in files]


@dataclass(frozen=True)
class Distribution:
    """One distribution of this repository (the core or a plugin)."""

    root: Path
    name: str
    version: str
    #: Requirement strings of ``[project] dependencies``.
    dependencies: tuple[str, ...]
    #: ``[project.optional-dependencies]``.
    extras: dict[str, tuple[str, ...]]
    #: Package directories the wheel ships (``[tool.hatch.build.targets.wheel] packages``),
    #: relative to :attr:`root`, e.g. ``src/burgundy``.
    packages: tuple[str, ...]
    #: Entry-point names in the group ``burgundy.variants`` (the variants a plugin adds).
    variants: tuple[str, ...]

    @property
    def normalized_name(self) -> str:
        """The name as wheel and sdist file names spell it (``burgundy_knowledge``)."""
        return re.sub(r"[-_.]+", "_", self.name).lower()

    @property
    def label(self) -> str:
        """Where it lives, relative to the repository root (``.``, ``plugins/...``)."""
        return str(self.root.relative_to(ROOT)) if self.root != ROOT else "."


def _read(pyproject: Path) -> Distribution:
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    project = data["project"]
    wheel = data.get("tool", {}).get("hatch", {}).get("build", {}).get("targets", {})
    packages = wheel.get("wheel", {}).get("packages", [])
    if not packages:
        raise SystemExit(f"{pyproject}: no [tool.hatch.build.targets.wheel] packages")
    entry_points = project.get("entry-points", {}).get("burgundy.variants", {})
    return Distribution(
        root=pyproject.parent,
        name=project["name"],
        version=project["version"],
        dependencies=tuple(project.get("dependencies", ())),
        extras={k: tuple(v) for k, v in project.get("optional-dependencies", {}).items()},
        packages=tuple(packages),
        variants=tuple(sorted(entry_points)),
    )


def core() -> Distribution:
    """The core distribution (``burgundy``, at the repository root)."""
    return _read(ROOT / "pyproject.toml")


def plugins() -> list[Distribution]:
    """Every plugin: each folder ``plugins/*/`` that has a ``pyproject.toml``, by folder."""
    return [_read(p) for p in sorted((ROOT / "plugins").glob("*/pyproject.toml"))]


def distributions() -> list[Distribution]:
    """The core, then every plugin."""
    return [core(), *plugins()]


def _requirement_name(requirement: str) -> str:
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    if match is None:
        raise SystemExit(f"cannot read the requirement {requirement!r}")
    return re.sub(r"[-_.]+", "-", match.group(1)).lower()


def third_party_requirements(extras: tuple[str, ...] = ()) -> list[str]:
    """The requirements of every distribution, plus the core's ``extras``, leaving out
    this repository's own distributions (and so self-references such as
    ``burgundy[test]`` inside ``dev``, whose contents are followed instead)."""
    dists = distributions()
    own = {_requirement_name(d.name) for d in dists}
    main = dists[0]
    wanted: list[str] = []
    for dist in dists:
        wanted.extend(dist.dependencies)
    # (extra, environment marker of the self-reference that named it, or "")
    pending = [(extra, "") for extra in extras]
    seen: set[tuple[str, str]] = set()
    while pending:
        extra, marker = pending.pop()
        if (extra, marker) in seen:
            continue
        seen.add((extra, marker))
        for requirement in main.extras.get(extra, ()):
            name = _requirement_name(requirement)
            if name == _requirement_name(main.name):
                inner = re.search(r"\[([^\]]*)\]", requirement)
                _, _, own_marker = requirement.partition(";")
                markers = [m.strip() for m in (marker, own_marker) if m.strip()]
                combined = " and ".join(f"({m})" for m in markers) if len(markers) > 1 else (
                    markers[0] if markers else "")
                pending.extend((e.strip(), combined)
                               for e in (inner.group(1) if inner else "").split(","))
            else:
                wanted.append(_with_marker(requirement, marker))
    return sorted({r for r in wanted if _requirement_name(r) not in own})


def _with_marker(requirement: str, marker: str) -> str:
    """``requirement`` that applies only where ``marker`` holds too (a marker of the
    self-reference, e.g. ``burgundy[ray]; python_version < "3.14"``, passed on to what the
    extra holds)."""
    if not marker:
        return requirement
    spec, _, own = requirement.partition(";")
    if own.strip():
        return f"{spec.strip()}; ({own.strip()}) and ({marker})"
    return f"{spec.strip()}; {marker}"


def supported_pythons() -> list[str]:
    """The ``X.Y`` versions of the core's ``Programming Language :: Python :: X.Y``
    classifiers, oldest first."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    versions = [
        m.group(1)
        for c in data["project"].get("classifiers", ())
        if (m := re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", c))
    ]
    return sorted(versions, key=lambda v: tuple(int(p) for p in v.split(".")))


def _probe(executable: str, version: str) -> str | None:
    """The real path of ``executable`` if it runs and is CPython ``version``, else None.

    A pyenv shim for a version that is installed but not selected exists on ``PATH`` and
    fails when run, hence running it rather than trusting ``shutil.which``.
    """
    code = (
        "import sys; "
        "print(sys.implementation.name, '%d.%d' % sys.version_info[:2], sys.executable)"
    )
    try:
        out = subprocess.run(
            [executable, "-c", code], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    fields = out.stdout.split(maxsplit=2)
    if out.returncode != 0 or len(fields) != 3 or fields[:2] != ["cpython", version]:
        return None
    return fields[2].strip()


def _pyenv_candidates(version: str) -> list[str]:
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    found = []
    for path in root.glob(f"{version}.*/bin/python{version}"):
        release = path.parent.parent.name  # e.g. 3.12.1; not 3.13.0t or 3.12-dev
        if re.fullmatch(rf"{re.escape(version)}\.\d+", release):
            found.append((int(release.rsplit(".", 1)[1]), str(path)))
    return [p for _, p in sorted(found, reverse=True)]


def find_python(version: str) -> str | None:
    """A working CPython ``version`` (``"3.12"``) on this machine, or ``None``.

    Looks at every ``pythonX.Y`` on ``PATH`` in order, then at pyenv's installed versions
    (``$PYENV_ROOT/versions/X.Y.*``, newest patch release first).
    """
    candidates = []
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        exe = shutil.which(f"python{version}", path=directory) if directory else None
        if exe:
            candidates.append(exe)
    candidates.extend(_pyenv_candidates(version))
    for candidate in dict.fromkeys(candidates):
        real = _probe(candidate, version)
        if real:
            return real
    return None

