"""The ``burgundy`` command as a person meets it (issue #19): help with defaults, one-line
errors with status 2, ``simulate``'s counts, broken plugins, and ``play`` — saving,
resuming, round headers, grouped lists, explanations, dice, coordinates — driven both
through pipes and through a pseudo-terminal (line editing, history, tab completion).
"""

from __future__ import annotations

import io
import json
import os
import pty
import random
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import burgundy
from burgundy import cli, registry
from burgundy.actions import TakeTile
from burgundy.game import Game
from burgundy.pending import StowTile, Turn
from burgundy.render.text import dice_text, duchy_text
from burgundy.rules.take import storage_choices
from burgundy.terminal import LineReader, Session, choices, explain


def _subparsers() -> dict[str, object]:
    parser = cli.build_parser()
    for action in parser._actions:
        if isinstance(action.choices, dict):
            return dict(action.choices)
    raise AssertionError("no subcommands")


# -- help, version, errors ----------------------------------------------------------------------
def test_every_option_has_help_with_its_default() -> None:
    for name, parser in _subparsers().items():
        for action in parser._actions:  # type: ignore[attr-defined]
            if not action.option_strings or action.dest == "help":
                continue
            text = action.help or ""
            assert "default" in text or "required" in text, f"{name} {action.option_strings}"
    top = cli.build_parser()
    assert "::" not in (top.description or "") and "``" not in (top.description or "")
    assert "random, greedy, mcts" in " ".join(top.format_help().split())  # the bot names


def test_version_names_the_engine_and_the_variants(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["--version"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    version = burgundy.__version__
    assert out.startswith(f"burgundy {version} ") and f"knowledge {version}" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--jobs", "0"], "--jobs must be at least 1"),
        (["simulate", "--jobs", "x"], "invalid int value"),
        (["simulate", "--games", "1", "--bots", "greedy,random,greedy"], "3 bots for 2 seats"),
        (["watch", "--players", "2", "--bots", "mcts:0"], "unknown bot"),
        (["play", "--seat", "5"], "--seat must be 0-1"),
        (["render", "missing.json", "-o", "x.svg"], "cannot read missing.json"),
        (["nonsense"], "invalid choice"),
        (["render", "x.json"], "required"),
    ],
)
def test_user_errors_are_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = cli.main(argv)
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("burgundy: error: ") and err.count("\n") == 1, err
    assert message in err


def test_render_into_a_missing_folder_is_an_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game(players=2, variants=(), seed=1)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(game.record()))
    code = cli.main(["render", str(record), "-o", str(tmp_path / "missing" / "x.svg")])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("burgundy: error: cannot write ") and \
        err.count("\n") == 1


def test_render_options(tmp_path: Path) -> None:
    game = Game(players=3, variants=(), seed=2)
    rng = random.Random(2)
    for _ in range(30):
        game.play(rng.choice(game.legal_actions()))
    record = tmp_path / "game.json"
    record.write_text(json.dumps(game.record()))
    out = tmp_path / "x.svg"
    assert cli.main(["render", str(record), "-o", str(out), "--coordinates", "--last-move",
                     "--seats", "0,2", "--width", "600"]) == 0
    picture = out.read_text()
    assert picture.count('class="duchy"') == 2 and 'class="last-move"' in picture
    assert 'width="600"' in picture and ">d4<" in picture  # a space's name
    assert cli.main(["render", str(record), "-o", str(out), "--seats", "7"]) == 2


# -- simulate -------------------------------------------------------------------------------------
def test_simulate_counts_games_and_seats_apart() -> None:
    parser = cli.build_parser()
    args = parser.parse_args(["simulate", "--players", "3", "--games", "2", "--variants", "",
                              "--bots", "random,greedy"])
    out, err = io.StringIO(), io.StringIO()
    assert cli.cmd_simulate(args, out=out, err=err) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "2 games, 3 players"
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    # random, greedy, random: random plays 2 seats in each of the 2 games
    assert rows["random"][1:3] == ["2", "4"] and rows["greedy"][1:3] == ["2", "2"]
    assert "\r" not in err.getvalue()


# -- a broken plugin -------------------------------------------------------------------------------
@pytest.fixture
def broken_plugin(tmp_path: Path) -> Iterator[None]:
    """An installed variant whose module has a syntax error."""
    dist = tmp_path / "burgundy_broken-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: burgundy-broken\nVersion: 0.1.0\n")
    (dist / "entry_points.txt").write_text("[burgundy.variants]\nbroken = burgundy_broken\n")
    (tmp_path / "burgundy_broken.py").write_text("def oops(:\n")
    sys.path.insert(0, str(tmp_path))
    registry._entry_points.cache_clear()
    try:
        yield
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("burgundy_broken", None)
        registry._entry_points.cache_clear()


@pytest.mark.usefixtures("broken_plugin")
def test_a_broken_plugin_is_named_and_skipped_the_others_listed() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = cli.cmd_variants(cli.build_parser().parse_args(["variants"]), out=out, err=err)
    assert code == 2
    listed = [line.split()[0] for line in out.getvalue().splitlines()]
    assert "knowledge" in listed and "shields" in listed and "broken" not in listed
    lines = [line for line in err.getvalue().splitlines() if "'broken'" in line]
    assert len(lines) == 1 and lines[0].startswith("burgundy: error: variant 'broken'")
    assert "SyntaxError" in lines[0] and lines[0].endswith("skipped")
    assert "broken (fails to load)" in cli.version_text()


# -- play through pipes ---------------------------------------------------------------------------
def _play(argv: list[str], script: str) -> str:
    args = cli.build_parser().parse_args(["play", *argv])
    out = io.StringIO()
    assert cli.cmd_play(args, stdin=io.StringIO(script), out=out) == 0
    return out.getvalue()


def test_play_saves_on_quit_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = _play(["--players", "3", "--seed", "4", "--bots", "greedy,random", "--record",
                 str(path)], "1\n1\nq\n")
    assert f"Saved to {path}." in out and out.rstrip().endswith("Bye.")
    record = json.loads(path.read_text())
    assert record["version"] == 4
    assert record["header"]["seats"] == ["human", "random", "greedy"]
    assert record["header"]["date"] and record["header"]["result"] is None
    steps = len(record["steps"])
    out = _play(["--resume", str(path)], "1\ns\nq\n")
    assert f"Resumed {path} at step {steps}." in out
    again = json.loads(path.read_text())
    assert len(again["steps"]) > steps and again["header"]["seats"] == record["header"]["seats"]
    assert again["steps"][:steps] == record["steps"]
    assert burgundy.Game.from_record(again).state.current_player == 0  # the person's turn


def test_play_shows_round_headers_where_rounds_start_and_duchies_on_request() -> None:
    out = _play(["--players", "2", "--seed", "5", "--variants", "", "--bots", "random"],
                "d 1\nb\nhelp\n" + "1\n" * 30 + "q\n")
    headers = [(m.start(), m.groups()) for m in re.finditer(r"=== Phase (\w), round (\d) ", out)]
    assert len(headers) >= 2
    # what is shown of a round comes under that round's header: no header is late
    for board in re.finditer(r"\nPhase (\w), round (\d) \|", out):
        last = [where for start, where in headers if start < board.start()][-1]
        assert last == board.groups()
    assert "seat 1:" in out and "  1     2     3     4" in out  # a duchy with coordinates
    assert "Commands:" in out


def _state_with_full_storage() -> tuple[burgundy.State, dict[str, object]]:
    """A position of the person's (seat of the mover) with a take into a full storage, and
    the record that leads there."""
    for seed in range(40):
        game = Game(players=2, variants=(), seed=seed)
        rng = random.Random(seed)
        while not game.state.is_terminal:
            state = game.state
            legal = game.legal_actions()
            if isinstance(state.pending[-1], Turn) and any(
                isinstance(a, TakeTile) for a in legal
            ) and len(storage_choices(state, state.current_player)) >= 2:
                return state, game.record()
            game.play(rng.choice(legal))
    raise AssertionError("no position with a full storage found")


def test_the_drop_is_its_own_question() -> None:
    """R-STORAGE in the terminal: a take into a full storage is one entry; which stored tile
    to drop is the game's next decision, listed on its own."""
    state, record = _state_with_full_storage()
    legal = state.legal_actions()
    entries = choices(legal)
    assert [entry.text for entry in entries] == [str(a) for a in legal]
    number = next(i for i, a in enumerate(legal, 1) if isinstance(a, TakeTile))
    game = Game.from_record(record)
    out = io.StringIO()
    reader = LineReader(io.StringIO(f"? {number}\n{number}\n? 1\n1\n"), out)
    session = Session(game, state.current_player, {}, ["a", "b"], reader, out)
    session._decide(game.state)
    assert isinstance(game.state.pending[-1], StowTile)
    session._decide(game.state)
    text = out.getvalue()
    assert "then you choose where it goes" in text
    assert "to make room for the" in text
    steps = [s["action"] for s in game.record()["steps"] if "action" in s]
    assert steps[-2] == str(legal[number - 1]) and steps[-1].startswith("drop ")


def _record_to(state: burgundy.State) -> dict[str, object]:
    for seed in range(40):
        game = Game(players=2, variants=(), seed=seed)
        rng = random.Random(seed)
        while not game.state.is_terminal and game.state != state:
            game.play(rng.choice(game.legal_actions()))
        if game.state == state:
            return game.record()
    raise AssertionError("state not reached")


def test_every_action_kind_is_explained() -> None:
    """Every kind of action of the core and of the installed variants explains itself in
    words (not just its notation), at every decision of whole games."""
    kinds: set[str] = set()
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        game = Game(players=players, seed=seed, variants=("knowledge", "shields"))
        rng = random.Random(seed)
        while not game.state.is_terminal:
            for action in game.legal_actions():
                text = explain(game.state, action)
                assert text and text != str(action), (type(action).__name__, text)
                kinds.add(type(action).__name__)
            game.play(rng.choice(game.legal_actions()))
    assert {"TakeTile", "PlaceTile", "TakeWorkers", "SellGoods", "BuyTile"} <= kinds
    assert "TakeShield" in kinds


def test_dice_are_shown_used_and_unused_and_the_duchy_has_coordinates() -> None:
    game = Game(players=2, variants=(), seed=1)
    seat = game.state.current_player
    a, b = game.state.seats[seat].rolled
    after = game.play(f"workers d{a}")
    assert dice_text(after, seat) == f"{b} [{a} used]"
    other = 1 - seat  # its turn is still to come: its dice are all unused
    assert dice_text(after, other) == " ".join(map(str, after.seats[other].rolled))
    lines = duchy_text(after, 0, coordinates=True).splitlines()
    assert len(lines) == 14 and lines[6].split() == ["1", "2", "3", "4", "5", "6", "7"]
    assert lines[7].startswith("d ")


# -- play through a pseudo-terminal ---------------------------------------------------------------
class Terminal:
    """``burgundy play`` in a pseudo-terminal: keys in, screen text out."""

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the command on the terminal
            os.environ["TERM"] = "xterm"
            os.environ["COLUMNS"] = "120"
            os.environ.pop("NO_COLOR", None)
            os.environ.update(env or {})
            os.chdir(cwd)
            os.execv(sys.executable, [sys.executable, "-m", "burgundy.cli", *argv])
        self.text = ""

    def read_until(self, pattern: str, timeout: float = 60.0) -> str:
        """Read until ``pattern`` (a regex) shows; returns what was read since the last
        call."""
        deadline = time.monotonic() + timeout
        start = len(self.text)
        while not re.search(pattern, _screen(self.text[start:])):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {pattern!r} after: {self.text[start:][-2000:]!r}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"ended before {pattern!r}: {self.text[-2000:]!r}")
                self.text += chunk.decode("utf-8", "replace")
        return _screen(self.text[start:])

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> int:
        """Wait for the command to end (killed after 20 s: a failed test never hangs)."""
        deadline = time.monotonic() + 20
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                os.kill(self.pid, 9)
                _, status = os.waitpid(self.pid, 0)
                break
            try:  # keep reading, so that the command never blocks on a full terminal
                if select.select([self.fd], [], [], 0.1)[0]:
                    os.read(self.fd, 65536)
            except OSError:
                time.sleep(0.1)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


def _screen(text: str) -> str:
    """Terminal output as it reads: escape sequences and bells dropped."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\x07", "", text)


def test_play_in_a_terminal_edits_lines_recalls_history_and_completes(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    terminal = Terminal(["play", "--players", "2", "--seed", "3", "--variants", "",
                         "--bots", "random", "--record", str(record)], tmp_path)
    try:
        shown = terminal.read_until(r"\n> $")
        # line editing: "q", then the left arrow, then "x" before it: the line is "xq"
        terminal.type("q\x1b[Dx\r")
        assert "Not understood: 'xq'" in terminal.read_until(r"\n> $")
        # history: the up arrow brings "xq" back
        terminal.type("\x1b[A\r")
        assert "Not understood: 'xq'" in terminal.read_until(r"\n> $")
        # tab completion of an action's text
        texts = re.findall(r"\d+\. (workers d\d)", shown)
        assert texts, shown
        terminal.type("worke\t")
        assert "workers d" in terminal.read_until(r"workers d")
        terminal.type(texts[0].removeprefix("workers d") + "\r")
        terminal.read_until(r"\n> $")
        terminal.type("s\r")
        assert "Saved to" in terminal.read_until(r"\n> $")
        terminal.type("q\r")
        terminal.read_until("Bye.")
    finally:
        code = terminal.close()
    assert code == 0
    steps = json.loads(record.read_text())["steps"]
    assert {"action": texts[0]} in steps


def test_line_reader_reads_pipes_line_by_line() -> None:
    out = io.StringIO()
    reader = LineReader(io.StringIO(" 1 \n"), out)
    assert not reader.interactive
    assert reader.read("> ") == "1" and reader.read("> ") is None
    assert out.getvalue() == "> > \n"


def test_the_subprocess_runs_the_same_cli() -> None:
    result = subprocess.run([sys.executable, "-m", "burgundy.cli", "--version"],
                            capture_output=True, text=True, check=True)
    assert result.stdout.startswith("burgundy ")


# -- the terminal explains itself (issue #32) -----------------------------------------------------
SGR = re.compile(r"\x1b\[([0-9;]*)m")


def _ring(a: int, b: int) -> int:
    """Workers to turn a die from ``a`` to ``b`` in the base game (ES11 p.4: 1 and 6 are
    neighbours)."""
    step = abs(a - b)
    return min(step, 6 - step)


def test_the_terminal_shows_colours_a_key_costs_a_legend_and_tiles(tmp_path: Path) -> None:
    """Colour by hex colour and seat, the key under the duchy, each action's cost in the
    list, ``legend`` and ``? TILE``, in a real pseudo-terminal."""
    terminal = Terminal(["play", "--players", "2", "--seed", "3", "--bots", "random"], tmp_path)
    try:
        terminal.read_until(r"\n> $")
        raw = terminal.text
        screen = _screen(raw)
        # colour: castles dark green, the seats' names in their colours
        assert "\x1b[32mCAST\x1b[0m" in raw
        assert re.search(r"\x1b\[1;31mseat 0\x1b\[0m", raw)
        assert re.search(r"\x1b\[(32|92|94|33|93|90)m[cgsbym][1-6]\x1b\[0m", raw)
        # the key, right under the duchy's last row
        lines = screen.splitlines()
        key = next(i for i, line in enumerate(lines) if line.startswith("c castle g pasture"))
        assert lines[key - 1].lstrip().startswith(("m", "y", "b", "g", "s", "c")), lines[key - 1]
        assert "legend" in lines[key] and "1w 2s: cost" in lines[key]
        # each take's cost: the ring distance of its die to its depot (no knowledge tiles
        # turn dice in this game's first decision), "(Nw)" when it is not free
        takes = re.findall(r"\d+\. take \S+ (\d) d(\d)(?: \((\d)w\))?", screen)
        assert takes, screen
        for depot, die, workers in takes:
            assert int(workers or 0) == _ring(int(die), int(depot)), (depot, die, workers)
        assert any(workers for _, _, workers in takes)
        # the legend and tiles by code or label
        terminal.type("legend\r")
        shown = terminal.read_until(r"\n> $")
        assert "Legend" in shown and "CAST=castle" in shown and "K20=k20" in shown
        assert "1w = costs 1 worker" in shown
        terminal.type("? k20\r")
        assert "knowledge tile #20: End: 4 VP per market." in terminal.read_until(r"\n> $")
        terminal.type("? COW3\r")
        assert "cow3 (COW3 on the duchy), a pasture hex" in terminal.read_until(r"\n> $")
        terminal.type("? nothing\r")
        assert "or a tile's code or name" in terminal.read_until(r"\n> $")
        terminal.type("q\r")
        terminal.read_until("Bye.")
    finally:
        code = terminal.close()
    assert code == 0


def test_no_colour_with_no_color_or_off_a_terminal(tmp_path: Path) -> None:
    terminal = Terminal(["play", "--players", "2", "--seed", "3", "--bots", "random"], tmp_path,
                        env={"NO_COLOR": "1"})
    try:
        terminal.read_until(r"\n> $")
        assert "CAST" in terminal.text and not SGR.search(terminal.text)
        terminal.type("q\r")
        terminal.read_until("Bye.")
    finally:
        code = terminal.close()
    assert code == 0
    out = _play(["--players", "2", "--seed", "3", "--bots", "random"], "legend\nq\n")
    assert "Legend" in out and "\x1b[" not in out  # a pipe: no colour


def _team_record_with_one_stored_hex() -> tuple[dict[str, object], int]:
    """A team game where seat 0 is to take a hex with exactly one hex in the shared
    storage and room in its own spaces too (R-TEAM-STORAGE): the record there, and the
    number of a take in the list."""
    for seed in range(60):
        game = Game(players=4, variants=("knowledge", "team"), seed=seed)
        rng = random.Random(seed)
        while not game.state.is_terminal:
            state = game.state
            legal = game.legal_actions()
            if (state.current_player == 0 and isinstance(state.pending[-1], Turn)
                    and len(state.seat_estate(0).storage) == 1
                    and len(storage_choices(state, 0)) > 1):
                takes = [i for i, a in enumerate(legal, 1) if isinstance(a, TakeTile)]
                if takes:
                    return game.record(), takes[0]
            game.play(rng.choice(legal))
    raise AssertionError("no such position")


def test_team_play_explains_stow_and_never_calls_one_hex_full(tmp_path: Path) -> None:
    """R-TEAM-STORAGE: with one hex in the shared storage, a take's ``?`` says where the hex
    may go ('stow' or 'stow own'), not that the storage is full."""
    record, number = _team_record_with_one_stored_hex()
    path = tmp_path / "team.json"
    path.write_text(json.dumps(record))
    terminal = Terminal(["play", "--resume", str(path)], tmp_path)
    try:
        start = terminal.read_until(r"\n> $")
        assert "'stow own'" in start  # the partner line says how storage works
        terminal.type(f"? {number}\r")
        shown = terminal.read_until(r"\n> $")
        assert "storage is full" not in shown
        assert "'stow' into the storage you share with your partner" in shown
        assert "'stow own' into your own storage spaces" in shown
        terminal.type("q\r")
        terminal.read_until("Bye.")
    finally:
        code = terminal.close()
    assert code == 0


def test_every_variant_action_explains_itself_in_words() -> None:
    """Every action type a variant declares has its own ``explain(state)`` (not the
    docstring fallback); the ones random games meet give a sentence, not their notation."""
    from burgundy.registry import available_variants, variant_info
    from burgundy.terminal import action_cost

    for name in available_variants():
        for kind in variant_info(name).action_types:
            assert callable(getattr(kind, "explain", None)), (name, kind.__name__)
    seen: set[str] = set()
    for players, variants, options in (
        (2, ("knowledge", "shields", "extra_hexes", "white_castles"), {}),
        (1, ("knowledge", "solo"), {}),
        (2, ("knowledge", "trade_routes"), {"trade_routes_deck": "generated",
                                            "trade_routes_order": "choose"}),
    ):
        for seed in (1, 2):
            game = Game(burgundy.Ruleset(players=players, variants=variants, options=options),
                        seed=seed)
            rng = random.Random(seed)
            while not game.state.is_terminal:
                for action in game.legal_actions():
                    text = explain(game.state, action)
                    assert text and text != str(action), (type(action).__name__, text)
                    assert min(action_cost(game.state, action)) >= 0
                    seen.add(type(action).__name__)
                game.play(rng.choice(game.legal_actions()))
    assert {"TakeShield", "PayTribute", "BuyVictoryPoints", "LayRouteTile"} <= seen


def test_the_listed_cost_is_what_playing_it_spends() -> None:
    """The list's cost of a take, a purchase, a shield (ES11 p.4, the shields' doubles) and
    a VP purchase (R-SOLO-TARGET) is the workers and silverlings the action spends."""
    from burgundy.actions import BuyTile
    from burgundy.terminal import action_cost

    checked: set[str] = set()
    for players, variants in ((2, ("shields",)), (1, ("solo",))):
        for seed in (1, 2, 3):
            game = Game(players=players, variants=variants, seed=seed)
            rng = random.Random(seed)
            while not game.state.is_terminal:
                state = game.state
                seat = state.current_player
                for action in state.legal_actions():
                    name = type(action).__name__
                    if not (isinstance(action, (TakeTile, BuyTile))
                            or name in ("TakeShield", "BuyVictoryPoints")):
                        continue
                    before = state.seat_estate(seat)
                    played = state.apply(action)
                    if (played.phase, played.round) != (state.phase, state.round):
                        continue  # the round ended: its income is no cost of the action
                    after = played.seat_estate(seat)
                    workers, silver = action_cost(state, action)
                    assert (before.workers - after.workers, before.silver - after.silver) == (
                        workers, silver), (str(action), workers, silver)
                    checked.add(name)
                game.play(rng.choice(state.legal_actions()))
    assert {"TakeTile", "BuyTile", "TakeShield", "BuyVictoryPoints"} <= checked
