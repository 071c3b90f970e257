"""The compiled build: mypyc compiles the hot path of the rules into extension modules.

One source, two builds. The modules named by ``COMPILED_MODULES`` in
``src/burgundy/_build.py`` are compiled by mypyc from the same ``.py`` files the pure build
runs; an extension module sits beside its ``.py`` file, and Python imports the extension
first.

- **Wheels.** hatchling runs :class:`CompileHook` for every wheel. With the environment
  variable ``BURGUNDY_COMPILE=1`` it compiles the modules and the wheel becomes a platform
  wheel (``cp311-cp311-linux_x86_64``, ...) holding the extension modules beside the
  ``.py`` files, as mypy's and black's wheels do. Without it (the default, and always for
  the sdist and editable installs) the wheel is pure Python (``py3-none-any``), which runs
  anywhere: that is the fallback pip takes where no compiled wheel fits.
- **In place.** ``python hatch_build.py`` (``make compiled``) compiles them beside their
  sources in ``src/``, so the editable development environment runs compiled;
  ``python hatch_build.py --clean`` (``make pure``) removes them again.

A compiled build needs mypy (which ships mypyc), setuptools and a C compiler; the hook asks
the build frontend for the first two only when ``BURGUNDY_COMPILE=1``.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib.machinery
import os
import shutil
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # `make pure` or `make clean` in a venv without the dev extras
    BuildHookInterface = object  # type: ignore[misc,assignment]

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"

#: The extension module mypyc's runtime and the compiled modules' code share (one group).
GROUP = "burgundy"


def compiled_modules(root: Path = ROOT) -> tuple[str, ...]:
    """``COMPILED_MODULES`` of ``src/burgundy/_build.py``, read without importing it."""
    tree = ast.parse((root / "src" / "burgundy" / "_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and node.target.id == "COMPILED_MODULES" and node.value is not None):
            value = ast.literal_eval(node.value)
            return tuple(str(name) for name in value)
    raise SystemExit("hatch_build: no COMPILED_MODULES in src/burgundy/_build.py")


def _sources(root: Path) -> list[str]:
    return [f"src/{name.replace('.', '/')}.py" for name in compiled_modules(root)]


@contextlib.contextmanager
def _cwd(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def compile_modules(root: Path, build_dir: Path, inplace: bool) -> list[Path]:
    """Compile the modules with mypyc; return the extension modules built.

    ``inplace`` puts them beside their sources under ``root/src``; otherwise they are laid
    out under ``build_dir/lib`` as in a wheel (``burgundy/rules/take.cpython-...so``)."""
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    with _cwd(root):
        extensions = mypycify(_sources(root), group_name=GROUP,
                              target_dir=str(build_dir / "c"))
        dist = Distribution({"name": "burgundy", "ext_modules": extensions,
                             "package_dir": {"": "src"}})
        command: Any = dist.get_command_obj("build_ext")
        command.inplace = inplace
        command.build_lib = str(build_dir / "lib")
        command.build_temp = str(build_dir / "temp")
        dist.run_command("build_ext")
        outputs = [Path(p) if Path(p).is_absolute() else root / p
                   for p in command.get_outputs()]
    return outputs


def built_in_place(root: Path = ROOT) -> list[Path]:
    """The extension modules ``make compiled`` left under ``root/src``."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    names = [*compiled_modules(root), f"{GROUP}__mypyc"]
    found = []
    for name in names:
        folder = root / "src" / Path(*name.split(".")[:-1])
        stem = name.split(".")[-1]
        found += [p for p in folder.glob(f"{stem}.*") if p.name.endswith(suffixes)]
    return sorted(found)


def _wanted() -> bool:
    return os.environ.get("BURGUNDY_COMPILE", "") not in ("", "0")


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """hatchling's build hook: a compiled wheel when ``BURGUNDY_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return ["mypy>=1.11", "setuptools>=61"] if _wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or not _wanted():
            return
        root = Path(self.root)
        build_dir = Path(tempfile.mkdtemp(prefix="burgundy-mypyc-"))
        self._build_dir = build_dir
        lib = build_dir / "lib"
        for built in compile_modules(root, build_dir, inplace=False):
            build_data["force_include"][str(built)] = built.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        build_dir = getattr(self, "_build_dir", None)
        if build_dir is not None:
            shutil.rmtree(build_dir, ignore_errors=True)


def extension_members(root: Path = ROOT) -> list[str]:
    """The extension modules of the compiled build for this interpreter, as paths in a
    wheel (and under ``src/``): each compiled module's, and the group's library
    (``burgundy/rules/take.cpython-311-x86_64-linux-gnu.so``, ...)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]  # ".cpython-311-x86_64-linux-gnu.so"
    return [f"{name.replace('.', '/')}{suffix}"
            for name in (*compiled_modules(root), f"{GROUP}__mypyc")]


def unpack_in_place(wheel_path: Path) -> None:
    """Put the extension modules of a compiled wheel of this tree beside their sources in
    ``src/``, as compiling them in place would (``make test`` compiles the rules once, for
    the wheel that ``make dist`` builds from the sdist, and runs the suite on its modules).
    """
    if not zipfile.is_zipfile(wheel_path):
        raise SystemExit(f"hatch_build: {wheel_path} is not a wheel (run `make dist`)")
    with zipfile.ZipFile(wheel_path) as wheel:
        names = set(wheel.namelist())
        members = extension_members()
        missing = [member for member in members if member not in names]
        if missing:
            raise SystemExit(f"hatch_build: {wheel_path} has no {', '.join(missing)} (a"
                             " compiled wheel of this tree for this Python is needed)")
        for name in compiled_modules():
            source = f"{name.replace('.', '/')}.py"
            if source not in names or wheel.read(source) != (SRC / source).read_bytes():
                raise SystemExit(f"hatch_build: {source} differs from {wheel_path.name}'s: the"
                                 " wheel is of another tree (run `make dist` again)")
        for member in members:
            target = SRC / member
            with wheel.open(member) as data, open(target, "wb") as out:
                shutil.copyfileobj(data, out)  # written now: newer than the sources


def main() -> int:
    parser = argparse.ArgumentParser(description="Compile the rules in place with mypyc"
                                     " (make compiled), or remove them (make pure).")
    parser.add_argument("--clean", action="store_true",
                        help="remove the compiled modules: the pure build runs again")
    parser.add_argument("--from-wheel", type=Path, metavar="WHEEL",
                        help="take the compiled modules from WHEEL, a compiled wheel of this"
                        " tree (make dist's), instead of compiling them again")
    args = parser.parse_args()
    for path in built_in_place():
        path.unlink()
        if args.clean:
            print(f"removed {path.relative_to(ROOT)}")
    if args.clean:
        return 0
    if args.from_wheel is not None:
        unpack_in_place(args.from_wheel)
        print(f"took {len(compiled_modules())} compiled modules from {args.from_wheel.name}:"
              f" {', '.join(str(p.relative_to(ROOT)) for p in built_in_place())}")
        return 0
    compile_modules(ROOT, ROOT / "build" / "mypyc", inplace=True)
    built = built_in_place()
    for path in built:  # built now (setuptools copies a module it did not rebuild with its
        path.touch()  # old time: its code is in the group's library; the suite compares times)
    print(f"compiled {len(compiled_modules())} modules in place:"
          f" {', '.join(str(p.relative_to(ROOT)) for p in built)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
