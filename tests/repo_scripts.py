"""Loading one of the repository's scripts (``tools/``, ``benchmarks/``, ``docs/``) as a
module, for the tests that call its functions: the scripts are files, not packages."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_script(path: Path, name: str, *, register: bool = False) -> ModuleType:
    """The module of the script at ``path``, run under ``name``.

    ``register`` puts it in ``sys.modules`` first, as an import would: a script whose
    classes are pickled, or whose dataclasses look their module up, needs it.
    """
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
