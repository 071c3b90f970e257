"""Fill the wheelhouse: wheels of every third-party requirement, for offline installs.

Run by ``make dev`` (``make wheelhouse``), the set-up step that may use PyPI, so that the
checks after it never download anything: the interpreter sessions of ``noxfile.py`` and
the wheel smoke test of ``tools/dist.py check`` install with ``pip --no-index
--find-links .venv/wheelhouse``.

What goes in: the runtime requirements of the core and of every plugin
(``attrs``, ``cattrs``, ``pluggy``, ...), the core's ``test`` extra (``pytest``, ...) and
the build back-end (``hatchling`` and what it asks for, for the sessions' editable
installs, which pip builds in isolated environments from the wheelhouse too), each as a wheel
built or downloaded *for each interpreter* (``pip --python X wheel``): some wheels are
specific to one Python version (PyYAML's, for one).

For which interpreters: every supported version (the core's ``Python :: X.Y``
classifiers) found on this machine, and the one running this script. An interpreter whose
wheels are already there for the same requirements is skipped (a marker file
``.ready-X.Y`` records the requirements), so running this again is cheap.

The optional extras (:data:`LEARNING_EXTRAS`: ``ray``, ``rl``, ``openspiel``, ``web``) are
fetched after that, each on its own and for each interpreter; one that has no wheel for a
Python is left out for it, never an error: the marker ``.extras-X.Y`` lists those that are
there, and the nox session of that Python installs them and leaves out their test files
(noxfile.py).

Usage: ``python tools/wheelhouse.py`` (from the dev venv; ``--force`` to redo all).
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import project


def requirements() -> list[str]:
    """Everything the offline installs need, sorted: the third-party requirements, and
    what each distribution's build back-end needs for an editable install (its
    ``build-system.requires`` and what it asks for besides, e.g. ``editables``)."""
    import build  # the dev extra has it; it asks the back-end through its own hooks

    wanted = set(project.third_party_requirements(("test",)))
    for dist in project.distributions():
        builder = build.ProjectBuilder(dist.root)
        wanted.update(builder.build_system_requires)
        wanted.update(builder.get_requires_for_build("editable"))
    return sorted(wanted)


LEARNING_EXTRAS: tuple[str, ...] = ("ray", "rl", "openspiel", "web")
"""The core's optional extras the test sessions use where they have wheels (Ray for the
tournaments' Ray backend, burgundy.rl, the web server of ``burgundy serve``). Not
``web-test`` (Playwright), ``learn`` or ``rllib`` (torch): their tests run in ``.venv``
only (noxfile.py)."""


def extra_requirements(extra: str) -> list[str]:
    """The third-party requirements an extra adds (beyond the distributions' own)."""
    base = set(project.third_party_requirements(()))
    return sorted(set(project.third_party_requirements((extra,))) - base)


def extras_marker(version: str) -> Path:
    """The file listing the learning extras with wheels for Python ``version``."""
    return project.WHEELHOUSE / f".extras-{version}"


def interpreters() -> dict[str, str]:
    """``{"X.Y": executable}`` of the interpreters to fill the wheelhouse for."""
    found: dict[str, str] = {}
    for version in project.supported_pythons():
        exe = project.find_python(version)
        if exe is None:
            print(f"wheelhouse: Python {version} not found on this machine; skipped")
        else:
            found[version] = exe
    found.setdefault(f"{sys.version_info[0]}.{sys.version_info[1]}", sys.executable)
    return found


def marker(version: str) -> Path:
    return project.WHEELHOUSE / f".ready-{version}"


def fingerprint(reqs: list[str]) -> str:
    return hashlib.sha256("\n".join(reqs).encode()).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild for every interpreter")
    args = parser.parse_args()

    reqs = requirements()
    learning = {extra: extra_requirements(extra) for extra in LEARNING_EXTRAS}
    digest = fingerprint(reqs + [f"{e}: {' '.join(r)}" for e, r in learning.items()])
    project.WHEELHOUSE.mkdir(parents=True, exist_ok=True)
    for version, exe in interpreters().items():
        done = marker(version)
        if not args.force and done.is_file() and done.read_text().strip() == digest:
            print(f"wheelhouse: Python {version} up to date ({exe})")
            continue
        print(f"wheelhouse: Python {version} ({exe}): {' '.join(reqs)}")
        # pip's --python runs this pip for the other interpreter, so wheel tags (and
        # environment markers) are that interpreter's even if it has no pip of its own.
        command = [sys.executable, "-m", "pip", "--python", exe, "wheel", "--quiet",
                   "--wheel-dir", str(project.WHEELHOUSE),
                   "--find-links", str(project.WHEELHOUSE), *reqs]
        result = subprocess.run(command, check=False)
        if result.returncode != 0:
            print(f"wheelhouse: pip wheel failed for Python {version}", file=sys.stderr)
            return result.returncode
        present = []
        for extra, extra_reqs in learning.items():
            fetch = [*command[: command.index("--find-links") + 2], "--only-binary", ":all:",
                     *extra_reqs]
            if subprocess.run(fetch, check=False).returncode == 0:
                present.append(extra)
            else:
                print(f"wheelhouse: no wheels of extra {extra!r} for Python {version}; its "
                      "tests are left out of that session (noxfile.py)")
        extras_marker(version).write_text("".join(f"{e}\n" for e in present))
        done.write_text(digest + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
