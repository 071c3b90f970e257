"""A headless Chromium driven through the DevTools protocol over a pipe (no extra package:
the protocol's JSON messages, each ended by a NUL byte, on the browser's file descriptors
3 and 4, as ``--remote-debugging-pipe`` sets up).

``make dev`` (and so ``make test`` and ``.ci/run``) installs Debian's ``chromium`` when it is
missing (``tools/chromium.sh``); :func:`find_chromium` fails loudly if it is not there.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str:
    """The browser's executable; an AssertionError says how to install it."""
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise AssertionError(
        "no chromium on PATH: `make dev` installs it (tools/chromium.sh: apt-get install "
        "chromium as root)"
    )


class Browser:
    """One browser process and one page of it."""

    def __init__(self, executable: str, profile: str) -> None:
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def setup() -> None:  # in the child: the browser reads fd 3 and writes fd 4
            os.dup2(to_browser_r, 3)
            os.dup2(from_browser_w, 4)

        self.process = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--remote-debugging-pipe", f"--user-data-dir={profile}",
             "--window-size=1400,1000", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=setup, close_fds=False,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.session: str | None = None

    def send(self, method: str, params: dict[str, Any] | None = None,
             timeout: float = 30.0) -> dict[str, Any]:
        """Send a command (to the page once attached) and wait for its result."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method,
                                   "params": params or {}}
        if self.session is not None and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" not in self._buffer:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"no answer to {method} in {timeout} s")
                chunk = os.read(self._from_browser, 1 << 16)
                if not chunk:
                    raise RuntimeError("the browser closed the pipe")
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result

    def open(self, url: str) -> None:
        """Open ``url`` in a new page and attach to it."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget",
                                 {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Page.navigate", {"url": url})

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.send("Runtime.evaluate", {"expression": expression,
                                                "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 30.0) -> Any:
        """Poll until ``expression`` is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"still false after {timeout} s: {expression}")
            time.sleep(0.05)

    def key(self, key: str, code: str | None = None, key_code: int = 0) -> None:
        """Press and release a key, as a person's keyboard would."""
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {
                "type": kind, "key": key, "code": code or key,
                "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code,
            })

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.send("Browser.close", timeout=5.0)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)


@contextmanager
def browser() -> Iterator[Browser]:
    """A headless Chromium for the block, closed afterwards."""
    executable = find_chromium()
    with tempfile.TemporaryDirectory() as profile:
        instance = Browser(executable, profile)
        try:
            yield instance
        finally:
            instance.close()
