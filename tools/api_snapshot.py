"""Write or check the listing of the public API (``tests/api/public-api.txt``).

The public API is what the API pages document: every module named by a ``::: module`` line
under ``docs/api/`` (the core's and the plugins'), and in each its public names (those of
its ``__all__``, or else those not starting with ``_`` that it defines itself). The listing
has one line a name: ``module.name kind(parameters)``, parameters by name and kind only (no
defaults or annotations, which vary with the interpreter), the fields of attrs classes
included. A change of the API is a diff of this file, reviewed with the change:

    python tools/api_snapshot.py           # write the listing
    python tools/api_snapshot.py --check   # exit 1 if the API differs from it (make test)

The listing is of the sources, the same for both builds: where the compiled build is in
place (``make compiled``), whose functions do not show their parameters, the tool reads a
copy of the package without its extension modules.
"""

from __future__ import annotations

import argparse
import atexit
import difflib
import enum
import importlib
import importlib.machinery
import importlib.util
import inspect
import re
import shutil
import sys
import tempfile
import typing
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LISTING = ROOT / "tests" / "api" / "public-api.txt"
DOC_LINE = re.compile(r"^::: ([\w.]+)\s*$", re.MULTILINE)


def _import_the_pure_sources() -> None:
    """Put a copy of the package without its compiled modules first on the path, if the
    one found has any (before anything of it is imported)."""
    spec = importlib.util.find_spec("burgundy")
    if spec is None or spec.origin is None:
        return
    package = Path(spec.origin).parent
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    if not any(p.name.endswith(suffixes) for p in package.rglob("*")):
        return
    pure = Path(tempfile.mkdtemp(prefix="burgundy-api-"))
    atexit.register(shutil.rmtree, pure, True)
    shutil.copytree(package, pure / "burgundy",
                    ignore=shutil.ignore_patterns(*(f"*{s}" for s in suffixes), "__pycache__"))
    sys.path.insert(0, str(pure))
    for name in [n for n in sys.modules if n == "burgundy" or n.startswith("burgundy.")]:
        del sys.modules[name]


def documented_modules() -> list[str]:
    """The modules the API pages render (a ``::: name`` of a class is left out)."""
    names: set[str] = set()
    for page in sorted((ROOT / "docs" / "api").rglob("*.md")):
        names.update(DOC_LINE.findall(page.read_text(encoding="utf-8")))
    modules = []
    for name in sorted(names):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError:
            continue  # a class's path (burgundy.state.State), not a module
        modules.append(name)
    return modules


def _parameters(value: Any) -> str:
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):
        return ""
    parts: list[str] = []
    for p in signature.parameters.values():
        prefix = "*" if p.kind is p.VAR_POSITIONAL else "**" if p.kind is p.VAR_KEYWORD else ""
        if p.kind is p.KEYWORD_ONLY and not any(x.startswith("*") for x in parts):
            parts.append("*")
        parts.append(prefix + p.name + ("=" if p.default is not p.empty else ""))
    return "(" + ", ".join(parts) + ")"


def _entry(module: str, name: str, value: Any) -> list[str]:
    path = f"{module}.{name}"
    if inspect.isclass(value) and issubclass(value, enum.Enum):
        return [f"{path} enum({', '.join(value.__members__)})"]
    if inspect.isclass(value) and typing.is_typeddict(value):
        return [f"{path} typeddict({', '.join(value.__annotations__)})"]
    if inspect.isclass(value) and issubclass(value, BaseException):
        return [f"{path} exception({', '.join(c.__name__ for c in value.__mro__[1:-2])})"]
    if inspect.isclass(value):
        lines = [f"{path} class{_parameters(value)}"]
        for member, item in sorted(vars(value).items()):
            if member.startswith("_"):
                continue
            if inspect.isfunction(item):
                lines.append(f"{path}.{member} method{_parameters(item)}")
            elif isinstance(item, (property, classmethod, staticmethod)):
                lines.append(f"{path}.{member} {type(item).__name__}")
        return lines
    if inspect.isfunction(value) or inspect.isbuiltin(value):
        return [f"{path} function{_parameters(value)}"]
    if inspect.ismodule(value):
        return []
    return [f"{path} {type(value).__name__}"]


def _public(module: Any) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is not None:
        return sorted(names)
    return sorted(
        name for name, value in vars(module).items()
        if not name.startswith("_")
        and (getattr(value, "__module__", module.__name__) == module.__name__
             or not callable(value))
        and not inspect.ismodule(value)
        and name not in {"annotations", "TYPE_CHECKING"}
    )


def listing() -> str:
    """The listing of the API as it is now."""
    lines = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for name in documented_modules():
            module = importlib.import_module(name)
            for public in _public(module):
                lines += _entry(name, public, getattr(module, public))
    return "\n".join(lines) + "\n"


def _has_docstring(value: Any) -> bool:
    if isinstance(value, property):
        value = value.fget
    elif isinstance(value, (classmethod, staticmethod)):
        value = value.__func__
    doc = vars(value).get("__doc__") if inspect.isclass(value) else value.__doc__
    return bool(doc and doc.strip())


def undocumented() -> list[str]:
    """The documented modules, public names, and public methods and properties of public
    classes that have no docstring (the API pages are generated from the docstrings)."""
    missing = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        for name in documented_modules():
            module = importlib.import_module(name)
            if not _has_docstring(module):
                missing.append(name)
            for public in _public(module):
                value = getattr(module, public)
                if not (inspect.isclass(value) or inspect.isfunction(value)):
                    continue  # a constant: its docstring is in the source only
                if getattr(value, "__module__", name) != name:
                    continue  # documented where it is defined
                if not _has_docstring(value):
                    missing.append(f"{name}.{public}")
                if inspect.isclass(value):
                    missing += [f"{name}.{public}.{member}"
                                for member, item in sorted(vars(value).items())
                                if not member.startswith("_")
                                and (inspect.isfunction(item)
                                     or isinstance(item, (property, classmethod, staticmethod)))
                                and not _has_docstring(item)]
    return missing


def main(argv: list[str] | None = None) -> int:
    """Write the listing, or with ``--check`` say how the API differs from it and which
    public names have no docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if changed")
    args = parser.parse_args(argv)
    _import_the_pure_sources()
    text = listing()
    current = LISTING.read_text(encoding="utf-8") if LISTING.exists() else ""
    if args.check:
        bare = undocumented()
        if bare:
            print("no docstring: " + ", ".join(bare), file=sys.stderr)
            return 1
        if current != text:
            diff = difflib.unified_diff(current.splitlines(), text.splitlines(),
                                        "listed", "now", lineterm="", n=0)
            print("\n".join(list(diff)[:60]), file=sys.stderr)
            print(f"the public API differs from {LISTING.relative_to(ROOT)}: if the change "
                  "is meant, run python tools/api_snapshot.py and list it in CHANGELOG.md",
                  file=sys.stderr)
            return 1
        return 0
    LISTING.parent.mkdir(parents=True, exist_ok=True)
    LISTING.write_text(text, encoding="utf-8")
    print(f"wrote {LISTING.relative_to(ROOT)} ({text.count(chr(10))} names)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
