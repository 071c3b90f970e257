"""Build and check the distributions: the core and every plugin, each as wheel and sdist.

``python tools/dist.py build`` (``make dist``)
    Empties ``dist/`` and builds into it, for the core (``.``) and every plugin
    (``plugins/*/`` with a ``pyproject.toml``), an sdist and a wheel built *from that sdist*
    (``python -m build``), so a file the sdist forgets breaks the wheel too: pure-Python
    wheels, as published. Then the core's compiled wheel for this platform, from the same
    sdist with ``BURGUNDY_COMPILE=1`` (``hatch_build.py``: the rules compiled by mypyc),
    into ``dist/compiled/``: checked and smoke-tested here, never published (PyPI takes
    the release workflow's manylinux/macOS/Windows wheels, built by cibuildwheel). Builds
    use the dev venv's hatchling, mypy and setuptools (``--no-isolation``): nothing is
    downloaded.

``python tools/dist.py check`` (``make dist-check``, run by ``make test`` and the release)
    Checks what is in ``dist/``:

    1. exactly one wheel and one sdist per distribution, at the version its
       ``pyproject.toml`` gives (``--expect-version`` also compares that with a tag);
    2. ``twine check --strict`` (metadata and README render as PyPI would);
    3. contents: every file of each package's source tree (modules, ``py.typed``, the
       JSON data, anything else not ignored) is in the wheel and in the sdist, and each
       plugin's wheel declares its ``burgundy.variants`` entry points;
    4. the compiled wheel of the core (``dist/compiled/``): a platform wheel holding every
       source file and the extension module of each compiled module;
    5. a smoke test, twice: a clean venv (in a temporary folder) gets the core and plugin wheels
       with ``pip --no-index`` from ``dist/`` and the wheelhouse that ``make dev`` fills
       (``tools/wheelhouse.py``), then, from outside the repository, ``python -c`` imports
       burgundy from that venv, checks that ``available_variants()`` lists every plugin's
       variants and that the data files load (and the web page's files), that ``burgundy
       serve`` without the ``web`` extra says so, and plays seeded random games to the end
       (the standard game and every variant together); the ``burgundy`` command runs too.
       Once with the pure wheels (``burgundy.COMPILED`` false), once with the core's
       compiled wheel instead (true).

``python tools/dist.py smoke [--compiled]``
    The smoke test's games with this interpreter's installed ``burgundy`` (the release
    workflow runs it on each compiled wheel cibuildwheel builds, ``--compiled``).

Run it with the dev venv's Python (``.venv/bin/python tools/dist.py ...``).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import project
from project import Distribution

DIST = project.ROOT / "dist"
#: Where ``build`` puts the core's compiled wheel for this platform (a folder of ``dist/``).
COMPILED = "compiled"

#: Run with ``python -c`` in the smoke venv; argv[1] is the JSON list of the variants the
#: plugin wheels declare.
SMOKE = """
import json, random, sys
from importlib import resources
import burgundy

expected = json.loads(sys.argv[1])
assert sys.prefix != sys.base_prefix, 'not in a venv'
assert burgundy.__file__.startswith(sys.prefix), f'burgundy imported from {burgundy.__file__}'
assert burgundy.COMPILED is json.loads(sys.argv[2]), f'COMPILED is {burgundy.COMPILED}'
print('burgundy.COMPILED', burgundy.COMPILED)
assert resources.files('burgundy').joinpath('py.typed').is_file(), 'py.typed missing'
variants = burgundy.available_variants()
assert set(expected) <= set(variants), f'variants {variants}, expected {expected}'
assert resources.files('burgundy').joinpath('web/static/app.js').is_file(), 'web page missing'
import importlib.util
if importlib.util.find_spec('uvicorn') is None:  # burgundy serve without burgundy[web]
    from burgundy import cli
    assert cli.main(['serve', '--port', '0']) == 2, 'serve without the web extra'
print('burgundy', burgundy.__file__)
print('available_variants():', variants)
from burgundy.registry import example_options
lineups = [(2, 1, None), (3, 2, burgundy.available_variants(players=3))]
if 1 in [c for v in variants for c in (burgundy.registry.variant_info(v).players or ())]:
    lineups.append((1, 3, burgundy.available_variants(players=1)))  # the solo module
for players, seed, chosen in lineups:
    # a variant whose option has no default plays with its example value
    options = example_options(chosen) if chosen else None
    g = burgundy.Game(players=players, seed=seed, variants=chosen, options=options)
    rng = random.Random(seed)
    decisions = 0
    while not g.state.is_terminal:
        g.play(rng.choice(g.legal_actions()))
        decisions += 1
    replay = burgundy.Game.from_record(json.loads(json.dumps(g.record())))
    assert replay.state.scores == g.state.scores, 'the record does not replay'
    print(f'{players} players, variants {g.state.rules.variants}: {decisions} decisions,',
          f'scores {g.state.scores}, winners {g.state.winners()}')
"""


# --- helpers -----------------------------------------------------------------------------


def _say(message: str) -> None:
    print(f"dist: {message}", flush=True)


def _run(*command: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    printable = " ".join("'<SMOKE>'" if c == SMOKE else str(c) for c in command)
    _say(f"$ {printable}")
    result = subprocess.run([str(c) for c in command], cwd=cwd, env=env, check=False)
    if result.returncode != 0:
        raise SystemExit(f"dist: failed ({result.returncode}): {printable}")


def _source_files(dist: Distribution) -> Iterator[Path]:
    """Every file of the packages a wheel ships, relative to ``dist.root``, as hatchling
    would take them (caches, compiled files and ``make compiled``'s extension modules left
    out)."""
    built = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for package in dist.packages:
        for path in sorted((dist.root / package).rglob("*")):
            if (path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
                    and not path.name.endswith(built)):
                yield path.relative_to(dist.root)


def _artifacts(dist: Distribution, outdir: Path) -> tuple[Path, Path]:
    """The wheel and the sdist of ``dist`` in ``outdir`` (exactly one of each)."""
    stem = f"{dist.normalized_name}-{dist.version}"
    wheels = sorted(outdir.glob(f"{stem}-*.whl"))
    sdists = sorted(outdir.glob(f"{stem}.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        raise SystemExit(
            f"dist: {dist.name} {dist.version}: expected one wheel and one sdist in {outdir},"
            f" found {[p.name for p in wheels + sdists]} (run `make dist`)"
        )
    return wheels[0], sdists[0]


# --- build -------------------------------------------------------------------------------


def build(outdir: Path) -> None:
    if outdir.exists():
        shutil.rmtree(outdir)
    outdir.mkdir(parents=True)
    for dist in project.distributions():
        _say(f"building {dist.name} {dist.version} ({dist.label})")
        # sdist first, then the wheel from the unpacked sdist (python -m build's default).
        _run(sys.executable, "-m", "build", "--no-isolation", "--outdir", outdir, dist.root)
    build_compiled(outdir)


def build_compiled(outdir: Path) -> None:
    """The core's compiled wheel for this platform, from its sdist in ``outdir``."""
    core = project.distributions()[0]
    _, sdist = _artifacts(core, outdir)
    _say(f"building {core.name} {core.version} compiled (BURGUNDY_COMPILE=1)")
    with tempfile.TemporaryDirectory(prefix="burgundy-compiled-") as tmp:
        with tarfile.open(sdist) as tf:
            tf.extractall(tmp, filter="data")
        source = Path(tmp) / f"{core.normalized_name}-{core.version}"
        _run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
             outdir / COMPILED, source, env={**os.environ, "BURGUNDY_COMPILE": "1"})


# --- check -------------------------------------------------------------------------------


def check_files(dists: list[Distribution], outdir: Path, expect_version: str | None) -> None:
    expected: set[Path] = set()
    for dist in dists:
        if expect_version is not None and dist.version != expect_version:
            raise SystemExit(
                f"dist: {dist.name} is at version {dist.version}, the tag says {expect_version}"
            )
        expected.update(_artifacts(dist, outdir))
    expected.add(outdir / COMPILED)
    others = sorted(p.name for p in outdir.iterdir() if p not in expected)
    if others:
        raise SystemExit(f"dist: unexpected files in {outdir}: {others} (run `make dist`)")
    _say(f"{len(expected)} files: " + ", ".join(sorted(p.name for p in expected)))


def check_contents(dist: Distribution, wheel: Path, sdist: Path) -> None:
    sources = list(_source_files(dist))
    stem = f"{dist.normalized_name}-{dist.version}"
    with zipfile.ZipFile(wheel) as zf:
        in_wheel = set(zf.namelist())
        entry_points = zf.read(f"{stem}.dist-info/entry_points.txt").decode() if (
            f"{stem}.dist-info/entry_points.txt" in in_wheel
        ) else ""
    with tarfile.open(sdist) as tf:
        in_sdist = set(tf.getnames())
    missing = []
    for rel in sources:
        # In the wheel a package sits at the top (src/burgundy/x -> burgundy/x).
        package = next(p for p in dist.packages if rel.is_relative_to(p))
        in_wheel_name = (Path(package).name / rel.relative_to(package)).as_posix()
        if in_wheel_name not in in_wheel:
            missing.append(f"{wheel.name}: {in_wheel_name}")
        if f"{stem}/{rel.as_posix()}" not in in_sdist:
            missing.append(f"{sdist.name}: {stem}/{rel.as_posix()}")
    for required in ("pyproject.toml", "README.md", "hatch_build.py"):
        if (dist.root / required).is_file() and f"{stem}/{required}" not in in_sdist:
            missing.append(f"{sdist.name}: {stem}/{required}")
    if f"{stem}.dist-info/METADATA" not in in_wheel:
        missing.append(f"{wheel.name}: {stem}.dist-info/METADATA")
    for name in dist.variants:
        if "[burgundy.variants]" not in entry_points or f"\n{name} =" not in entry_points:
            missing.append(f"{wheel.name}: entry point burgundy.variants {name}")
    if missing:
        raise SystemExit("dist: missing from the distributions:\n  " + "\n  ".join(missing))
    data = [r.relative_to(p).as_posix() for r in sources for p in dist.packages
            if r.is_relative_to(p) and r.suffix != ".py"]
    _say(f"{dist.name}: wheel and sdist hold all {len(sources)} package files;"
         f" non-Python: {', '.join(data) or 'none'}")


def compiled_wheel(dist: Distribution, outdir: Path) -> Path:
    """The core's compiled wheel in ``outdir/compiled`` (exactly one, a platform wheel)."""
    wheels = sorted((outdir / COMPILED).glob(f"{dist.normalized_name}-{dist.version}-*.whl"))
    others = sorted(p.name for p in (outdir / COMPILED).iterdir()) if (
        outdir / COMPILED).is_dir() else []
    if len(wheels) != 1 or len(others) != 1:
        raise SystemExit(f"dist: expected the core's compiled wheel alone in {outdir / COMPILED},"
                         f" found {others} (run `make dist`)")
    if wheels[0].name.endswith("-none-any.whl"):
        raise SystemExit(f"dist: {wheels[0].name} is a pure wheel, not a compiled one")
    return wheels[0]


def check_compiled(dist: Distribution, wheel: Path) -> None:
    """The compiled wheel holds every package file and each compiled module's extension."""
    sys.path.insert(0, str(project.ROOT))
    import hatch_build

    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    wanted = hatch_build.extension_members()
    for rel in _source_files(dist):
        package = next(p for p in dist.packages if rel.is_relative_to(p))
        wanted.append((Path(package).name / rel.relative_to(package)).as_posix())
    missing = [name for name in wanted if name not in names]
    if missing:
        raise SystemExit(f"dist: missing from {wheel.name}:\n  " + "\n  ".join(missing))
    _say(f"{wheel.name}: every package file and {len(hatch_build.compiled_modules())}"
         " compiled modules")


def _offline_ready(version: str) -> None:
    if not (project.WHEELHOUSE / f".ready-{version}").is_file():
        raise SystemExit(
            f"dist: no wheels for Python {version} in {project.WHEELHOUSE}: run `make dev`"
            " (or `make wheelhouse`) first; the smoke test installs without the network"
        )


def smoke(dists: list[Distribution], outdir: Path, compiled: bool) -> None:
    _offline_ready(f"{sys.version_info[0]}.{sys.version_info[1]}")
    wheels = [_artifacts(dist, outdir)[0] for dist in dists]
    if compiled:
        wheels[0] = compiled_wheel(dists[0], outdir)
    variants = sorted(v for dist in dists for v in dist.variants)
    with tempfile.TemporaryDirectory(prefix="burgundy-smoke-") as tmp:
        env_dir = Path(tmp) / "venv"
        _say(f"smoke venv {env_dir}")
        # Without a pip of its own (ensurepip takes seconds): this venv's pip installs
        # into it (--python).
        venv.EnvBuilder(clear=True).create(env_dir)
        python = env_dir / "bin" / "python"
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        env.pop("VIRTUAL_ENV", None)
        _run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet",
             "--disable-pip-version-check", "--no-index", "--find-links", project.WHEELHOUSE,
             *wheels, env=env)
        # From the temporary folder, so nothing of the repository can be imported.
        _run(python, "-c", SMOKE, json.dumps(variants), json.dumps(compiled), cwd=Path(tmp),
             env=env)
        _run(env_dir / "bin" / "burgundy", "variants", cwd=Path(tmp), env=env)


def check(outdir: Path, expect_version: str | None) -> None:
    dists = project.distributions()
    check_files(dists, outdir, expect_version)
    compiled = compiled_wheel(dists[0], outdir)
    published = sorted(p for p in outdir.iterdir() if p.is_file())
    _run(sys.executable, "-m", "twine", "check", "--strict", *published, compiled)
    for dist in dists:
        check_contents(dist, *_artifacts(dist, outdir))
    check_compiled(dists[0], compiled)
    smoke(dists, outdir, compiled=False)
    smoke(dists, outdir, compiled=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("build", "check", "smoke"))
    parser.add_argument("--compiled", action="store_true",
                        help="smoke: the installed burgundy must be the compiled build")
    parser.add_argument("--outdir", type=Path, default=DIST, help="default: dist/")
    parser.add_argument("--expect-version", metavar="VERSION",
                        help="check: every distribution must be at this version"
                        " (a release tag without its leading v)")
    args = parser.parse_args()
    start = time.monotonic()
    if args.command == "smoke":
        with tempfile.TemporaryDirectory(prefix="burgundy-smoke-") as tmp:
            _run(sys.executable, "-c", SMOKE, "[]", json.dumps(args.compiled), cwd=Path(tmp))
    elif args.command == "build":
        build(args.outdir.resolve())
    else:
        check(args.outdir.resolve(), args.expect_version)
    _say(f"{args.command} done in {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
