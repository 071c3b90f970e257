"""``python hatch_build.py --from-wheel WHEEL``: ``make test`` puts the extension modules of
the compiled wheel ``make dist`` built beside their sources, instead of compiling the rules
a second time (issue #34: the ~15-minute budget). It must refuse a wheel that is not of
this tree, not compiled, or not a wheel."""

from __future__ import annotations

import importlib.machinery
import shutil
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.fixture
def hatch_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The script as a module, its ``src/`` a copy of the compiled modules' sources."""
    module = load_script(ROOT / "hatch_build.py", "hatch_build_under_test")
    src = tmp_path / "src"
    for name in module.compiled_modules():
        source = Path(*name.split(".")).with_suffix(".py")
        (src / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "src" / source, src / source)
    monkeypatch.setattr(module, "SRC", src)
    return module


def _wheel(path: Path, module: ModuleType, *, leave_out: str = "",
           source_change: str = "") -> Path:
    """A wheel holding the compiled modules' sources and one fake extension module each."""
    with zipfile.ZipFile(path, "w") as wheel:
        for name in (*module.compiled_modules(), f"{module.GROUP}__mypyc"):
            stem = name.replace(".", "/")
            if name != f"{module.GROUP}__mypyc":
                text = (ROOT / "src" / f"{stem}.py").read_bytes()
                wheel.writestr(f"{stem}.py", text + (b"# changed\n" if name == source_change
                                                     else b""))
            if name != leave_out:
                wheel.writestr(f"{stem}{SUFFIX}", f"extension of {name}")
    return path


def test_the_extension_modules_go_beside_their_sources(hatch_build: ModuleType,
                                                       tmp_path: Path) -> None:
    hatch_build.unpack_in_place(_wheel(tmp_path / "compiled.whl", hatch_build))
    for name in (*hatch_build.compiled_modules(), f"{hatch_build.GROUP}__mypyc"):
        built = hatch_build.SRC / f"{name.replace('.', '/')}{SUFFIX}"
        assert built.read_text() == f"extension of {name}"
        source = built.with_name(built.name.split(".")[0] + ".py")
        if source.exists():  # the suite refuses an extension module older than its source
            assert built.stat().st_mtime >= source.stat().st_mtime


def test_a_wheel_of_another_tree_is_refused(hatch_build: ModuleType, tmp_path: Path) -> None:
    changed = hatch_build.compiled_modules()[0]
    wheel = _wheel(tmp_path / "old.whl", hatch_build, source_change=changed)
    with pytest.raises(SystemExit, match=r"differs from old\.whl.s: the wheel is of another"):
        hatch_build.unpack_in_place(wheel)
    assert not list(hatch_build.SRC.rglob(f"*{SUFFIX}"))  # nothing put in place


def test_a_wheel_without_an_extension_module_is_refused(hatch_build: ModuleType,
                                                        tmp_path: Path) -> None:
    wheel = _wheel(tmp_path / "pure.whl", hatch_build, leave_out=f"{hatch_build.GROUP}__mypyc")
    with pytest.raises(SystemExit, match=f"has no {hatch_build.GROUP}__mypyc"):
        hatch_build.unpack_in_place(wheel)
    assert not list(hatch_build.SRC.rglob(f"*{SUFFIX}"))


@pytest.mark.parametrize("content", [None, b"not a zip"])
def test_a_missing_or_broken_wheel_is_refused(hatch_build: ModuleType, tmp_path: Path,
                                              content: bytes | None) -> None:
    wheel = tmp_path / "burgundy.whl"
    if content is not None:
        wheel.write_bytes(content)
    with pytest.raises(SystemExit, match="is not a wheel"):
        hatch_build.unpack_in_place(wheel)
