"""``burgundy serve``'s JSON API (issue #33), against a real server on loopback.

Every error code of the API, the record it serves, two concurrent moves for one turn,
a server killed mid-game and started again, and the bots playing by themselves.
"""

from __future__ import annotations

import doctest
import importlib
import json
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import burgundy
from burgundy import cli
from burgundy.bots import ExpertBot
from webserver import Served, new_game, served, state, wait_for_seat

WEB_MODULES = ("burgundy.web", "burgundy.web.app", "burgundy.web.store",
               "burgundy.web.tables")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(tmp_path_factory.mktemp("web") / "games.sqlite3") as running:
        yield running


def _people(server: Served, **body: Any) -> tuple[str, list[str]]:
    """A game of people only: its id and each seat's token."""
    answer = new_game(server, **body)
    return answer["id"], [seat["token"] for seat in answer["seats"]]


@pytest.mark.parametrize("module", WEB_MODULES)
def test_module_imports_first(module: str) -> None:
    result = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_the_package_store_and_tables_import_no_web_stack() -> None:
    code = ("import sys, burgundy.web, burgundy.web.store, burgundy.web.tables; "
            "print([m for m in ('starlette', 'uvicorn') if m in sys.modules])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("module", WEB_MODULES)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_a_new_game_gives_each_person_a_secret_link(server: Served) -> None:
    status, answer = server.call("POST", "/api/games", {
        "players": 3, "variants": ["knowledge"], "options": {}, "seed": 7,
        "seats": ["human", "greedy", "human"]})
    assert status == 201
    seats = answer["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2]
    assert [s["kind"] for s in seats] == ["human", "greedy", "human"]
    assert seats[1]["token"] is None and seats[1]["url"] is None
    tokens = [seats[0]["token"], seats[2]["token"]]
    assert tokens[0] != tokens[1] and all(len(t) >= 32 for t in tokens)
    assert seats[0]["url"] == f"/games/{answer['id']}?token={tokens[0]}"
    # the database keeps only digests of the tokens
    text = Path(server.db).read_bytes() + Path(f"{server.db}-wal").read_bytes()
    assert tokens[0].encode() not in text


def test_the_state_of_a_seat(server: Served) -> None:
    game, (zero, one) = _people(server, players=2, variants=[], seats=["human", "human"],
                                seed=11)
    mover = state(server, game, zero)["to_move"]
    tokens = (zero, one)
    mine = state(server, game, tokens[mover])
    assert mine["seat"] == mover and mine["turn"] == 0 and not mine["terminal"]
    assert mine["scores"] == [0, 0]
    assert mine["legal_actions"] and all(isinstance(a, str) for a in mine["legal_actions"])
    assert [a["text"] for a in mine["actions"]] == mine["legal_actions"]
    take = next(a for a in mine["actions"] if a["kind"] == "take")
    assert take["depot"] in range(1, 7) and take["estate"] == mover
    assert mine["record"]["steps"] and mine["record"]["header"]["seats"] == ["human", "human"]
    assert mine["svg"] == f"/api/games/{game}/svg"
    other = state(server, game, tokens[1 - mover])
    assert other["legal_actions"] == [] and other["seat"] == 1 - mover
    spectator = state(server, game, None)
    assert spectator["seat"] is None and spectator["legal_actions"] == []
    status, picture = server.call("GET", mine["svg"])
    assert status == 200 and picture.startswith("<svg") and 'data-depot="1"' in picture


def test_a_move_and_every_error_code(server: Served) -> None:
    game, tokens = _people(server, players=2, variants=[], seats=["human", "human"], seed=5)
    now = state(server, game, tokens[0])
    mover = now["to_move"]
    token, other = tokens[mover], tokens[1 - mover]
    mine = state(server, game, token)
    path = f"/api/games/{game}/actions"
    action = mine["legal_actions"][0]

    # 403: a wrong token, another seat's turn; 404: no such game
    assert server.call("POST", path, {"token": "nope", "action": action, "turn": 0}) == (
        403, {"error": "wrong token for this game"})
    assert server.call("POST", path, {"token": other, "action": action, "turn": 0}) == (
        403, {"error": "it is not your turn"})
    assert server.call("GET", f"/api/games/{game}?token=nope")[0] == 403
    assert server.call("POST", "/api/games/nothing/actions",
                       {"token": token, "action": action, "turn": 0})[0] == 404
    assert server.call("GET", "/api/games/nothing")[0] == 404
    assert server.call("GET", "/api/games/nothing/record")[0] == 404
    # 422: not a legal action (the engine's short message), not text, a bad turn
    status, answer = server.call("POST", path, {"token": token, "action": "take castle 9 d9",
                                                "turn": 0})
    assert status == 422 and answer["error"].startswith(
        "'take castle 9 d9' is not a legal action here; legal: ")
    assert server.call("POST", path, {"token": token, "action": 3, "turn": 0})[0] == 422
    assert server.call("POST", path, {"token": token, "action": action, "turn": "0"})[0] == 422
    assert server.call("POST", path, {"token": token, "action": action})[0] == 422
    assert server.call("POST", path, [1, 2])[0] == 422
    # 400: not JSON; 413: too large; 405, 404
    assert server.call("POST", path, raw=b"{not json") == (400, {"error": "the body is not JSON"})
    assert server.call("POST", path, raw=b"\xff\xfe")[0] == 400
    assert server.call("POST", path, raw=b"[" * 100_000)[0] == 413
    assert server.call("POST", path, raw=b"[" * 5_000 + b"]" * 5_000)[0] == 400
    assert server.call("DELETE", path) == (405, {"error": "method not allowed"})
    assert server.call("GET", "/api/nowhere") == (404, {"error": "not found"})

    # 200: the new state
    status, after = server.call("POST", path, {"token": token, "action": action, "turn": 0})
    assert status == 200 and after["turn"] == 1
    assert after["log"] == [{"turn": 0, "seat": mover, "action": action}]
    # 409: the same click again (a stale turn), whoever's turn it is now
    status, answer = server.call("POST", path, {"token": token, "action": action, "turn": 0})
    assert status == 409 and "stale" in answer["error"]


def test_a_hint_is_the_experts_choice_for_the_seat_to_move(server: Served) -> None:
    """Issue #35: GET /api/games/{id}/hint gives the seat to move the expert's choice, with
    its win chance and the searched options; the same search in Python gives the same."""
    game, tokens = _people(server, players=2, variants=[], seats=["human", "human"], seed=3)
    mover = state(server, game, tokens[0])["to_move"]
    path = f"/api/games/{game}/hint"
    status, hint = server.call("GET", f"{path}?token={tokens[mover]}&iterations=40")
    assert status == 200, hint
    mine = state(server, game, tokens[mover])
    assert hint["turn"] == 0 and hint["action"] in mine["legal_actions"]
    assert 0.0 <= hint["win_chance"] <= 1.0
    assert hint["options"][0]["action"] == hint["action"]
    visits = [option["visits"] for option in hint["options"]]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 40
    expected = ExpertBot(iterations=40, seed=0).hint(
        burgundy.Game.from_record(mine["record"]).state)
    assert hint["action"] == str(expected.action)
    assert hint["win_chance"] == round(expected.win_chance, 4)
    # 403: no token, a wrong one, the other seat's; 422: a bad number of iterations
    assert server.call("GET", path)[0] == 403
    assert server.call("GET", f"{path}?token=nope")[0] == 403
    assert server.call("GET", f"{path}?token={tokens[1 - mover]}") == (
        403, {"error": "it is not your turn"})
    for bad in ("0", "-3", "x", "999999"):
        status, answer = server.call("GET", f"{path}?token={tokens[mover]}&iterations={bad}")
        assert status == 422 and "'iterations' must be" in answer["error"], bad


def test_bad_new_games_are_refused_with_a_message(server: Served) -> None:
    cases: list[tuple[Any, str]] = [
        ({"players": 9}, "'players' must be a whole number 1-4"),
        ({"players": True}, "'players' must be a whole number 1-4"),
        ({"players": 2, "seats": ["human"]}, "'seats' must be a list of 2 seat kinds"),
        ({"players": 2, "seats": ["human", "alphazero"]}, "unknown bot 'alphazero'"),
        ({"players": 2, "seats": ["human", "mcts:999999"]}, "searches too long"),
        ({"players": 2, "seats": ["human", "expert:think=60"]}, "thinks too long"),
        ({"players": 2, "seats": ["human", "expert:workers=2"]}, "searches on 2 cores"),
        ({"players": 2, "seats": ["human", "expert:depth=2"]}, "the expert takes"),
        ({"players": 2, "seats": ["human", 3]}, "'seats' must be a list of 2 seat kinds"),
        ({"variants": ["nope"]}, "nope"),
        ({"variants": "knowledge"}, "'variants' must be a list of names"),
        ({"options": {"tiebreak_empty": "sometimes"}}, "option 'tiebreak_empty'"),
        ({"options": {"nope": 1}}, "unknown option(s)"),
        ({"options": []}, "'options' must be an object"),
        ({"seed": -1}, "'seed' must be a whole number"),
        ({"seed": 1.5}, "'seed' must be a whole number"),
        ({"colour": "red"}, "unknown field(s)"),
        ({"players": 1}, ""),  # one player needs the solo variant
        ([], "the body must be a JSON object"),
    ]
    for body, message in cases:
        status, answer = server.call("POST", "/api/games", body)
        assert status == 422, (body, answer)
        assert message in answer["error"] and len(answer["error"]) < 400, (body, answer)


def test_the_record_replays(server: Served, tmp_path: Path) -> None:
    game, tokens = _people(server, players=2, variants=["knowledge"], seats=["human", "human"],
                           seed=21)
    for _ in range(12):
        now = state(server, game, tokens[0])
        token = tokens[now["to_move"]]
        mine = state(server, game, token)
        status, _ = server.call("POST", f"/api/games/{game}/actions", {
            "token": token, "action": mine["legal_actions"][-1], "turn": mine["turn"]})
        assert status == 200
    status, record = server.call("GET", f"/api/games/{game}/record")
    assert status == 200
    replayed = burgundy.Game.from_record(record)
    assert replayed.state.scores == tuple(state(server, game, None)["scores"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code, out, _ = cli.run_captured(["replay", str(path)])
    assert code == 0 and "seat" in out


def test_two_concurrent_moves_for_one_turn(server: Served) -> None:
    game, tokens = _people(server, players=2, variants=[], seats=["human", "human"], seed=8)
    now = state(server, game, tokens[0])
    token = tokens[now["to_move"]]
    mine = state(server, game, token)
    actions = mine["legal_actions"][:2]
    barrier = threading.Barrier(2)
    results: list[int] = []

    def click(action: str) -> None:
        barrier.wait()
        status, _ = server.call("POST", f"/api/games/{game}/actions",
                                {"token": token, "action": action, "turn": mine["turn"]})
        results.append(status)

    threads = [threading.Thread(target=click, args=(a,)) for a in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [200, 409]
    assert len(state(server, game, None)["log"]) == 1


def test_undo_until_another_person_moves(server: Served) -> None:
    game, tokens = _people(server, players=2, variants=[], seats=["human", "human"], seed=9)
    path = f"/api/games/{game}"
    first = state(server, game, tokens[0])["to_move"]
    token = tokens[first]
    assert server.call("POST", f"{path}/undo", {"token": token})[0] == 403  # nothing yet
    before = state(server, game, token)
    status, after = server.call("POST", f"{path}/actions", {
        "token": token, "action": before["legal_actions"][0], "turn": 0})
    assert status == 200 and after["can_undo"]
    status, undone = server.call("POST", f"{path}/undo", {"token": token})
    assert status == 200 and undone["turn"] == 0 and undone["legal_actions"] == before[
        "legal_actions"]
    assert server.call("POST", f"{path}/undo", {"token": "nope"})[0] == 403
    # play until the other person has moved: then this seat may not undo
    while True:
        now = state(server, game, None)
        mover = now["to_move"]
        mine = state(server, game, tokens[mover])
        server.call("POST", f"{path}/actions", {"token": tokens[mover],
                                                "action": mine["legal_actions"][0],
                                                "turn": now["turn"]})
        if mover != first:
            break
    assert not state(server, game, token)["can_undo"]
    assert server.call("POST", f"{path}/undo", {"token": token})[0] == 403
    status, _ = server.call("POST", f"{path}/undo", {"token": tokens[1 - first]})
    assert status == 200


def test_undo_takes_back_the_bots_moves_too(server: Served) -> None:
    answer = new_game(server, players=2, variants=[], seats=["human", "random"], seed=12)
    game, token = answer["id"], answer["seats"][0]["token"]
    now = wait_for_seat(server, game, token, 0)
    turn = now["turn"]
    status, _ = server.call("POST", f"/api/games/{game}/actions",
                            {"token": token, "action": now["legal_actions"][0], "turn": turn})
    assert status == 200
    status, undone = server.call("POST", f"/api/games/{game}/undo", {"token": token})
    assert status == 200 and undone["turn"] == turn and undone["to_move"] == 0


def test_the_events_stream_says_when_a_game_moved(server: Served) -> None:
    game, tokens = _people(server, players=2, variants=[], seats=["human", "human"], seed=3)
    host, port = server.url.split(":")
    with socket.create_connection((host, int(port)), timeout=10) as conn:
        conn.sendall(f"GET /api/games/{game}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        seen = b""
        while b"data: 0" not in seen:
            seen += conn.recv(4096)
        assert b"text/event-stream" in seen
        now = state(server, game, None)
        token = tokens[now["to_move"]]
        mine = state(server, game, token)
        server.call("POST", f"/api/games/{game}/actions",
                    {"token": token, "action": mine["legal_actions"][0], "turn": 0})
        while b"data: 1" not in seen:
            seen += conn.recv(4096)


def _stored_moves(db: Path, game: str) -> list[tuple[int, int, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT turn, seat, action FROM moves WHERE game = ? "
                            "ORDER BY turn", (game,)).fetchall()


def test_bots_play_by_themselves_and_every_move_is_stored(server: Served) -> None:
    answer = new_game(server, players=3, variants=["knowledge"],
                      seats=["random", "greedy", "random"], seed=4)
    game = answer["id"]
    final = wait_for_seat(server, game, None, None, timeout=120)
    assert final["terminal"] and final["winners"]
    moves = _stored_moves(server.db, game)
    assert [m[0] for m in moves] == list(range(len(moves))) == [m["turn"] for m in final["log"]]
    record = server.call("GET", f"/api/games/{game}/record")[1]
    assert burgundy.Game.from_record(record).state.scores == tuple(final["scores"])


def test_a_killed_server_resumes_every_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = Served(db, bot_delay=0.0)
    try:
        answer = new_game(first, players=2, variants=["knowledge"], seats=["human", "greedy"],
                          seed=31)
        game, token = answer["id"], answer["seats"][0]["token"]
        bots = new_game(first, players=2, variants=[], seats=["random", "random"], seed=32,
                        )["id"]
        for _ in range(10):
            now = wait_for_seat(first, game, token, 0)
            status, _ = first.call("POST", f"/api/games/{game}/actions", {
                "token": token, "action": now["legal_actions"][0], "turn": now["turn"]})
            assert status == 200
        before = state(first, game, token)
    finally:
        first.kill()  # SIGKILL: no shutdown, nothing flushed on the way out
    second = Served(db, bot_delay=0.0)
    try:
        after = wait_for_seat(second, game, token, 0)
        assert after["record"]["steps"][: len(before["record"]["steps"])] == \
            before["record"]["steps"]
        assert after["log"][: len(before["log"])] == before["log"]
        while not after["terminal"]:  # finish it, against the bot the new server runs
            status, _ = second.call("POST", f"/api/games/{game}/actions", {
                "token": token, "action": after["legal_actions"][0], "turn": after["turn"]})
            assert status == 200
            after = wait_for_seat(second, game, token, 0)
        assert after["terminal"]
        assert wait_for_seat(second, bots, None, None, timeout=120)["terminal"]  # bots too
        record = second.call("GET", f"/api/games/{game}/record")[1]
        assert burgundy.Game.from_record(record).state.is_terminal
        assert len(_stored_moves(db, game)) == len(after["log"])
    finally:
        second.stop()


def test_the_command_line(tmp_path: Path) -> None:
    assert re.search(r"serve\s+play in the browser", cli.build_parser().format_help())
    with pytest.raises(ValueError, match="--port must be 0-65535"):
        cli.run(["serve", "--port", "70000"])
    with pytest.raises(ValueError, match="--bot-delay"):
        cli.run(["serve", "--bot-delay", "-1"])
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    try:
        port = busy.getsockname()[1]
        with pytest.raises(ValueError, match=f"cannot listen on 127.0.0.1:{port}"):
            cli.run(["serve", "--port", str(port), "--db", str(tmp_path / "x.sqlite3")])
    finally:
        busy.close()


def test_the_page_and_its_files_come_from_the_server(server: Served) -> None:
    for path in ("/", "/static/app.js", "/static/app.css"):
        status, text = server.call("GET", path)
        assert status == 200 and text
    status, page = server.call("GET", "/")
    assert "http://" not in page and "https://" not in page
    assert server.call("GET", "/static/nothing.js")[0] == 404
    status, catalogue = server.call("GET", "/api/variants")
    names = [v["name"] for v in catalogue["variants"]]
    assert names == list(burgundy.available_variants())
    assert "human" in catalogue["kinds"] and "greedy" in catalogue["bots"]


def test_a_stored_hex_is_marked_on_the_picture() -> None:
    from burgundy.render.svg import state_svg

    game = burgundy.Game(players=2, variants=(), seed=1)
    while not any(game.state.seats[s].estate is not None and
                  game.state.estates[game.state.seats[s].estate].storage for s in (0, 1)):
        game.play(next((a for a in game.legal_actions() if str(a).startswith("take")),
                       game.legal_actions()[0]))
    picture = state_svg(game.state)
    assert 'data-storage="0"' in picture


def test_a_move_answer_is_quick(server: Served) -> None:
    game, tokens = _people(server, players=2, variants=[], seats=["human", "human"], seed=2)
    now = state(server, game, None)
    token = tokens[now["to_move"]]
    mine = state(server, game, token)
    started = time.perf_counter()
    status, _ = server.call("POST", f"/api/games/{game}/actions",
                            {"token": token, "action": mine["legal_actions"][0], "turn": 0})
    assert status == 200 and time.perf_counter() - started < 5


def test_the_encoded_state_is_the_state() -> None:
    from burgundy.web.store import Store
    from burgundy.web.tables import Tables

    tables = Tables(Store(":memory:"))
    table, _ = tables.create({"players": 2, "variants": [], "seats": ["human", "human"],
                              "seed": 6})
    for step in range(30):
        seat = table.to_move
        assert seat is not None
        for who in (seat, 1 - seat, None):
            assert json.loads(table.view_json(who)) == table.view(who)
        tables.play(table, seat, table.view(seat)["legal_actions"][step % 3 - 1], table.turn)
        if step % 7 == 6:  # an undo: the kept encodings are cut back too
            tables.undo(table, table.moves[-1].seat)
            assert json.loads(table.view_json(None)) == table.view(None)
