"""``burgundy replay --html``: the replay page, opened in a real headless Chromium.

Issue #19: "one self-contained page (no network) that steps through a game — main board,
every duchy, the ledger — with buttons and keys; checked in a real headless browser in the
test suite: the test opens the page, steps forward and back, and reads the DOM".
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import burgundy
from browser import browser
from burgundy import cli
from burgundy.render.html import replay_frames


@pytest.fixture(scope="module")
def record() -> dict[str, object]:
    game = burgundy.Game(players=3, variants=("knowledge",), seed=12)
    game.seat_names = ("human", "greedy", "random")
    rng = random.Random(12)
    for _ in range(40):
        game.play(rng.choice(game.legal_actions()))
    return json.loads(json.dumps(game.record()))


@pytest.fixture(scope="module")
def page(record: dict[str, object], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page, written by ``burgundy replay --html`` (made once: it draws 41 frames)."""
    folder = tmp_path_factory.mktemp("replay")
    path = folder / "game.html"
    assert cli.main(["replay", "--html", str(path), _write(record, folder)]) == 0
    return path


def test_the_page_is_self_contained(record: dict[str, object], page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    # nothing is loaded from elsewhere: no src/href to any URL, no @import, no fetch
    assert not re.search(r"(src|href)\s*=\s*[\"'](?!#)", text)
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text and "@import" not in text and "fetch(" not in text
    frames = replay_frames(record)
    assert len(frames) == 41  # the start and one per action
    assert frames[0][0].startswith("start")
    assert frames[1][0].startswith("1. seat ")


def test_the_page_steps_forward_and_back_in_a_browser(
    record: dict[str, object], page: Path
) -> None:
    frames = replay_frames(record)
    with browser() as chrome:
        chrome.open(page.as_uri())
        chrome.wait_for("document.body.dataset.frame === '0'")
        assert chrome.evaluate("document.getElementById('position').textContent") == (
            f"1 / {len(frames)}")
        # the whole table: the main board, a duchy per seat and the ledger
        assert chrome.evaluate("document.querySelectorAll('#picture svg g.board').length") == 1
        assert chrome.evaluate("document.querySelectorAll('#picture svg g.duchy').length") == 3
        assert chrome.evaluate("document.querySelectorAll('#picture svg g.ledger').length") == 1
        assert chrome.evaluate("document.title").endswith("human vs greedy vs random")

        chrome.key("ArrowRight", key_code=39)  # a real key press
        chrome.wait_for("document.body.dataset.frame === '1'")
        caption = chrome.evaluate("document.getElementById('caption').textContent")
        assert caption == frames[1][0]
        assert chrome.evaluate("document.querySelector('#moves li.current').dataset.frame") \
            == "1"
        assert chrome.evaluate("document.querySelectorAll('#picture .last-move').length") >= 1

        chrome.evaluate("document.getElementById('next').click()")
        chrome.wait_for("document.body.dataset.frame === '2'")
        chrome.evaluate("document.getElementById('prev').click()")
        chrome.wait_for("document.body.dataset.frame === '1'")
        chrome.key("ArrowLeft", key_code=37)
        chrome.wait_for("document.body.dataset.frame === '0'")

        chrome.key("End", key_code=35)
        last = len(frames) - 1
        chrome.wait_for(f"document.body.dataset.frame === '{last}'")
        assert chrome.evaluate("document.getElementById('caption').textContent") == (
            frames[last][0])
        shown = chrome.evaluate(
            "[...document.querySelectorAll('#picture g.score text')].map(t => t.textContent)")
        for vp in frames[last][1].scores:
            assert f"{vp} VP" in " ".join(shown)
        chrome.evaluate("document.querySelector('#moves li[data-frame=\"5\"]').click()")
        chrome.wait_for("document.body.dataset.frame === '5'")
        chrome.key("Home", key_code=36)
        chrome.wait_for("document.body.dataset.frame === '0'")


def _write(record: dict[str, object], folder: Path) -> str:
    path = folder / "game.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_a_bad_record_writes_no_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "burgundy-record", "version": 3, "steps": []}')
    out = tmp_path / "out.html"
    assert cli.main(["replay", "--html", str(out), str(bad)]) == 2
    assert capsys.readouterr().err.startswith("burgundy: error: ")
    assert not out.exists()
