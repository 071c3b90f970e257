"""The page of ``burgundy serve`` in a real headless Chromium (issue #33), driven by
Playwright: a whole 2-player game against a bot clicked through (buttons, and depots and
spaces on the picture), two people in two browser contexts each seeing the other's moves,
and the page at phone width (a move and its undo tapped), with nothing loaded from anywhere
but the server.

The browser is Debian's ``/usr/bin/chromium`` (``tools/chromium.sh``, run by ``make dev``);
Playwright's own browsers are never installed or downloaded, and Chromium's background
networking is off. The pages are opened with ``bypass_csp`` only so that the test's own
``wait_for_function`` expressions may run (the page's policy forbids evaluated strings).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from browser import find_chromium
from webserver import Served, served

pytestmark = pytest.mark.heavy  # a long file: scheduled first (conftest.py)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(tmp_path_factory.mktemp("web") / "games.sqlite3", bot_delay=0.02) as running:
        yield running


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    executable = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else find_chromium()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def _watch_requests(page: Page, server: Served, seen: list[str]) -> None:
    page.on("request", lambda request: seen.append(request.url))


def _only_local(seen: list[str], server: Served) -> None:
    assert seen and all(url.startswith(server.base + "/") for url in seen), [
        url for url in seen if not url.startswith(server.base + "/")]


def _new_game(page: Page, server: Served, seats: list[str], seed: int) -> None:
    page.set_default_timeout(20_000)
    page.goto(server.base + "/")
    page.wait_for_function("document.body.dataset.ready === '1'")
    assert page.is_visible("#new-game") and not page.is_visible("#play")
    page.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    page.click("details > summary")  # "More options"
    page.fill("#seed", str(seed))
    page.click("#start")


def _my_move(page: Page, seat: int) -> bool:
    """Wait until ``seat`` may move on ``page`` (True) or the game is over (False)."""
    page.wait_for_function(
        f"document.body.dataset.terminal === '1' || (document.body.dataset.toMove === "
        f"'{seat}' && document.querySelectorAll('button.action:not([disabled])').length > 0)",
        timeout=60_000)
    return bool(page.evaluate("document.body.dataset.terminal") != "1")


def _actions(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("game.actions"))


def _play_one(page: Page, index: int, counts: dict[str, int]) -> None:
    """Play one move: on the picture (a depot or a space) where one action alone uses it,
    else a button of the list."""
    turn = page.evaluate("game.turn")
    actions = _actions(page)
    by_space = [a for a in actions if a["space"] is not None
                and sum(b["space"] == a["space"] for b in actions) == 1]
    by_depot = [a for a in actions if a["depot"] is not None and a["kind"] == "take"
                and sum(b["depot"] == a["depot"] for b in actions) == 1]
    if by_space and index % 2 == 0:
        chosen = by_space[0]
        page.locator(f'g.duchy[data-estate="{chosen["estate"]}"] '
                     f'polygon.space[data-space="{chosen["space"]}"]').click(force=True)
        counts["space"] += 1
    elif by_depot and index % 3 == 0:
        chosen = by_depot[0]
        page.locator(f'#board g.depot[data-depot="{chosen["depot"]}"] > circle').first.click(
            force=True)
        counts["depot"] += 1
    else:
        buttons = page.locator("button.action")
        buttons.nth(index % buttons.count()).click()
        counts["button"] += 1
    page.wait_for_function(f"document.body.dataset.turn !== '{turn}'", timeout=30_000)


def test_a_whole_game_against_a_bot(chromium: Browser, server: Served) -> None:
    page = chromium.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    seen: list[str] = []
    _watch_requests(page, server, seen)
    page.add_init_script("""
        window.statuses = [];
        new MutationObserver(() => {
          const s = document.getElementById('status');
          if (s) window.statuses.push(s.textContent);
        }).observe(document, {subtree: true, childList: true, characterData: true});
    """)
    _new_game(page, server, ["human", "greedy"], seed=77)
    page.wait_for_url("**/games/*?token=*")
    _my_move(page, 0)
    # hovering a move highlights what it uses on the picture
    if page.evaluate("document.body.dataset.toMove") == "0":
        take = page.locator('button.action[data-kind="take"]').first
        depot = str(take.get_attribute("data-action")).split()[2]  # "take TILE DEPOT dN"
        take.hover()
        assert page.locator(f'#board g.depot[data-depot="{depot}"].hl').count() == 1
        page.mouse.move(1, 1)
        assert page.locator("#board .hl").count() == 0
    counts = {"space": 0, "depot": 0, "button": 0}
    moves = 0
    while _my_move(page, 0):
        _play_one(page, moves, counts)
        moves += 1
        if counts["space"] == 1 and not page.evaluate("document.body.dataset.hovered || ''"):
            # a place move's stored hex and space light up on hover too
            place = [a for a in _actions(page) if a["kind"] == "place"] if \
                page.evaluate("document.body.dataset.toMove") == "0" else []
            if place:
                page.locator(f'button.action[data-action="{place[0]["text"]}"]').hover()
                assert page.locator("#board .hl").count() >= 2
                page.mouse.move(1, 1)
                page.evaluate("document.body.dataset.hovered = '1'")
    assert page.evaluate("document.body.dataset.terminal") == "1"
    assert "The game is over" in str(page.text_content("#status"))
    assert counts["space"] > 3 and counts["depot"] > 3 and counts["button"] > 3, counts
    assert any("(greedy) is thinking" in s for s in page.evaluate("window.statuses"))
    log = page.locator("#log li").count()
    assert log == page.evaluate("game.log.length") > 2 * moves - 1
    scores = [int(t) for t in page.locator("#scores .score").all_text_contents()]
    assert scores == page.evaluate("game.scores") and max(scores) > 0
    _only_local(seen, server)
    page.close()


def test_two_people_see_each_others_moves(chromium: Browser, server: Served) -> None:
    host = chromium.new_page(bypass_csp=True)
    _new_game(host, server, ["human", "human"], seed=78)
    host.wait_for_selector("#links:not([hidden])")
    links = [host.get_attribute(f'#seat-links a[data-seat="{s}"]', "href") for s in (0, 1)]
    host.close()
    pages = []
    seen: list[str] = []
    for link in links:
        context = chromium.new_context(bypass_csp=True)
        page = context.new_page()
        _watch_requests(page, server, seen)
        page.goto(server.base + str(link))
        page.wait_for_function("document.body.dataset.ready === '1'")
        page.evaluate("window.loadedOnce = true")  # gone if the page reloads
        pages.append(page)
    changes = 0
    last = None
    for _ in range(14):
        mover = int(pages[0].evaluate("document.body.dataset.toMove"))
        changes += last is not None and mover != last
        last = mover
        page, other = pages[mover], pages[1 - mover]
        assert other.locator("button.action").count() == 0  # not its turn: no moves offered
        turn = int(page.evaluate("document.body.dataset.turn"))
        text = page.locator("button.action").first.get_attribute("data-action")
        page.locator("button.action").first.click()
        for each in pages:  # both pages show it, the other without a reload
            each.wait_for_function(f"document.body.dataset.turn === '{turn + 1}'")
            assert each.locator("#log li").last.text_content() == f"seat {mover}: {text}"
    assert changes >= 2
    assert all(p.evaluate("window.loadedOnce === true") for p in pages)
    _only_local(seen, server)
    for page in pages:
        page.context.close()


def test_the_page_at_phone_width(chromium: Browser, server: Served) -> None:
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                   has_touch=True, bypass_csp=True)
    page = context.new_page()
    _new_game(page, server, ["human", "random"], seed=79)
    page.wait_for_url("**/games/*?token=*")
    _my_move(page, 0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the board is redrawn (a new <svg>) whenever the game changes, also while this test
    # reads it: measure it in one step in the page, once it is drawn
    width = "document.querySelector('#board svg')?.getBoundingClientRect().width ?? 0"
    page.wait_for_function(f"{width} > 0")
    assert page.evaluate(width) <= 390
    before = page.evaluate("document.body.dataset.turn")
    page.locator("button.action").first.tap()
    page.wait_for_function(f"document.body.dataset.turn !== '{before}'")
    _my_move(page, 0)  # the bot may have moved since: undo takes its moves back too
    assert page.is_visible("#undo")
    page.locator("#undo").tap()
    page.wait_for_function(f"document.body.dataset.turn === '{before}'")
    assert page.evaluate("document.body.dataset.toMove") == "0"
    context.close()
