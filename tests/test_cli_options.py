"""The command line's ruleset (issue #32): ``--option KEY=VALUE`` on every command that
starts a game, ``--variants`` lists and ``+x,-y`` edits, the start banner, ``variants
--options``, the hint for a needed option, and every module of the box from one line of
docs/cli.md."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from burgundy import cli
from burgundy.cli import banner, run_captured, variant_names
from burgundy.registry import available_variants, variant_info
from burgundy.variants import CORE_OPTIONS, Ruleset

DOCS = Path(__file__).resolve().parents[1] / "docs" / "cli.md"


# -- --variants ---------------------------------------------------------------------------------
def test_a_plain_list_is_exactly_that_list_and_signs_edit_the_standard_set() -> None:
    assert variant_names(None) is None  # left out: the standard game
    assert variant_names("team") == ("team",)  # exactly that: no knowledge tiles
    assert variant_names("") == ()
    assert variant_names("+shields") == ("knowledge", "shields")
    assert variant_names("+shields,-knowledge") == ("shields",)
    assert variant_names("+team, +shields") == ("knowledge", "team", "shields")


@pytest.mark.parametrize(("spec", "message"), [
    ("knowledge,+shields", "not both"),
    ("-shields", "'shields' is not in the set"),
    ("+", "names no variant"),
])
def test_bad_variant_edits_are_one_clear_line(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        variant_names(spec)


def test_edits_reach_the_game_and_the_banner() -> None:
    code, out, _ = run_captured(["play", "--variants", "+shields,-knowledge", "--players",
                                 "3"], "q\n")
    assert code == 0
    assert out.splitlines()[0] == ("Rules: 3 players \u00b7 2019 edition \u00b7 variants "
                                   "shields \u00b7 options at their defaults")


# -- --option -----------------------------------------------------------------------------------
def test_options_are_parsed_as_json_or_text_and_reach_the_ruleset(tmp_path: Path) -> None:
    code, _, err = run_captured([
        "simulate", "--players", "1", "--variants", "+solo", "--bots", "greedy", "--games",
        "1", "--option", "solo_target=45", "--option", "solo_board_art=2018",
        "--option", "solo_whole_river=true", "--records", str(tmp_path)])
    assert code == 0
    assert "options solo_board_art=2018 solo_target=45 solo_whole_river=true" in err
    options = json.loads((tmp_path / "game-0000.json").read_text())["ruleset"]["options"]
    assert options["solo_target"] == 45 and options["solo_board_art"] == "2018"
    assert options["solo_whole_river"] is True


def test_a_json_list_option(tmp_path: Path) -> None:
    code, out, _ = run_captured(["watch", "--players", "4", "--variants", "+team", "--bots",
                                 "random", "--option", "teams=[[0,2],[1,3]]"])
    assert code == 0
    assert "options teams=[[0,2],[1,3]]" in out.splitlines()[0]
    assert "Teams: 0+2 vs 1+3" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--option", "solo_target"], "--option takes KEY=VALUE"),
    (["--option", "=3"], "--option takes KEY=VALUE"),
    (["--option", "tiebreak_empty=most", "--option", "tiebreak_empty=fewest"], "given twice"),
    (["--option", "nonsense=1"], r"unknown option\(s\) \['nonsense'\]; valid: \["),
    (["--option", "tiebreak_empty=sometimes"], "option 'tiebreak_empty' must be one of"),
    (["--players", "1", "--variants", "+solo", "--option", "solo_target=60"], "45"),
])
def test_bad_options_are_one_error_line(argv: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--games", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("burgundy: error: ") and err.count("\n") == 1
    assert re.search(message, err), err


def test_a_needed_option_says_how_to_give_it_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["simulate", "--games", "1", "--variants", "+trade_routes"]) == 2
    err = capsys.readouterr().err
    assert "needs option 'trade_routes_deck'" in err
    assert "On the command line: --option trade_routes_deck=generated" in err


@pytest.mark.parametrize("command", [
    ["play"], ["watch", "--bots", "random"], ["simulate", "--games", "1"],
    ["tournament", "--games", "2", "--jobs", "1"], ["render", "-o", "{tmp}/start.svg"],
    ["selfplay", "--bot", "mcts:2", "--games", "1", "--jobs", "1", "--out", "{tmp}/shards"],
])
def test_every_command_that_starts_a_game_takes_options(command: list[str],
                                                        tmp_path: Path) -> None:
    if command[0] == "selfplay":
        pytest.importorskip("numpy")
    argv = [part.replace("{tmp}", str(tmp_path)) for part in command]
    argv += ["--players", "2", "--variants", "+trade_routes", "--option",
             "trade_routes_deck=generated", "--option", "tiebreak_empty=fewest"]
    code, out, err = run_captured(argv, "q\n")
    assert code == 0
    shown = out if command[0] in ("play", "watch", "render") else err
    assert ("variants knowledge, trade_routes \u00b7 options tiebreak_empty=fewest "
            "trade_routes_deck=generated") in shown


def test_render_without_a_record_draws_a_new_game_and_refuses_options_with_one(
    tmp_path: Path,
) -> None:
    picture = tmp_path / "start.svg"
    code, out, _ = run_captured(["render", "--players", "3", "--variants", "+shields", "-o",
                                 str(picture)])
    assert code == 0 and picture.read_text().startswith("<svg")
    assert "3 players" in out and "at its first decision" in out
    code, _, _ = run_captured(["simulate", "--games", "1", "--records", str(tmp_path)])
    record = tmp_path / "game-0000.json"
    with pytest.raises(ValueError, match="a record has its own ruleset"):
        run_captured(["render", str(record), "--option", "tiebreak_empty=fewest", "-o",
                      str(picture)])
    with pytest.raises(ValueError, match="--variants and --option are for a new game"):
        run_captured(["play", "--resume", str(record), "--variants", "+shields"])


def test_the_banner_names_the_variants_and_every_changed_option() -> None:
    rules = Ruleset(players=2, variants=("knowledge", "trade_routes"),
                    options={"trade_routes_deck": "generated", "boards": "random"})
    assert banner(rules) == ("Rules: 2 players \u00b7 2019 edition \u00b7 variants knowledge, "
                             "trade_routes \u00b7 options boards=random "
                             "trade_routes_deck=generated")


# -- variants --options -------------------------------------------------------------------------
def test_variants_options_lists_every_option_of_every_variant() -> None:
    code, out, _ = run_captured(["variants", "--options"])
    assert code == 0
    listed = dict(re.findall(r"^  (\w+) = (.*)$", out, flags=re.MULTILINE))
    expected = dict(CORE_OPTIONS)
    for name in available_variants():
        expected.update(variant_info(name).options)
    assert set(listed) == set(expected)
    for key, spec in expected.items():
        assert spec.doc in out, key
        assert "(default: " in listed[key]
    assert listed["solo_target"] == "a whole number 45-55 (default: 50)"
    assert listed["tiebreak_empty"] == "one of most, fewest (default: most)"
    assert "none: it must be given" in listed["trade_routes_deck"]


def test_tournament_help_prints_a_plain_percent_sign() -> None:
    text = cli.build_parser()._subparsers._group_actions[0].choices[  # type: ignore[union-attr]
        "tournament"].format_help()
    assert "95%" in text and "95%%" not in text


# -- every module, one documented line each -----------------------------------------------------
def _module_lines() -> list[tuple[str, str]]:
    text = DOCS.read_text(encoding="utf-8")
    table = text.split("<!-- every-module")[1].split("<!-- /every-module -->")[0]
    return re.findall(r"^\| ([^|]+?) \| `(burgundy [^`]+)` \|$", table, flags=re.MULTILINE)


def _variants_of(argv: list[str]) -> tuple[str, ...]:
    flags = dict(zip(argv[2::2], argv[3::2], strict=False))
    return variant_names(flags.get("--variants")) or (
        ("knowledge",) if "--variants" not in flags else ())


def test_the_table_names_every_installed_module() -> None:
    lines = _module_lines()
    named: set[str] = set()
    for _, line in lines:
        named |= set(_variants_of(shlex.split(line)))
    assert named == set(available_variants())
    assert len(lines) == len(available_variants()) + 1  # and the bare base game


@pytest.mark.parametrize(("module", "line"), _module_lines())
def test_each_module_starts_from_its_documented_line(module: str, line: str) -> None:
    argv = shlex.split(line)
    assert argv[:2] == ["burgundy", "play"], line
    code, out, _ = run_captured(argv[1:], "q\n")
    assert code == 0, module
    first = out.splitlines()[0]
    variants = _variants_of(argv)
    assert first.startswith("Rules: ") and (
        f"variants {', '.join(variants)} \u00b7" if variants else "base game") in first, first
    assert "You are seat 0." in out and out.rstrip().endswith("Bye.")
