"""The ``burgundy`` command: play against bots, simulate bot matches, replay and render.

Subcommands::

    burgundy play --players 2 [--seat 0] [--bots greedy] [--variants knowledge] [--seed 7]
    burgundy simulate --players 2 --games 100 --bots greedy,random [--jobs 2] [--records DIR]
    burgundy watch --players 4 --bots greedy,mcts:60,greedy,random [--seed 7]
    burgundy replay RECORD.json [--step]
    burgundy render RECORD.json [--at N] -o board.svg
    burgundy variants
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from burgundy.actions import Action
from burgundy.bots import make_bot
from burgundy.game import Game, parse_action, replay_steps
from burgundy.render.text import board_text, duchy_text, seat_summary, state_text
from burgundy.rules.phases import PHASE_NAMES
from burgundy.state import State
from burgundy.variants import EDITIONS, Ruleset, available_variants, variant_info

PHASES = "".join(PHASE_NAMES)


# -- helpers ----------------------------------------------------------------------------------
def _ruleset(args: argparse.Namespace) -> Ruleset:
    variants = None if args.variants is None else tuple(v for v in args.variants.split(",") if v)
    return Ruleset(players=args.players, variants=variants, edition=args.edition)


def _bot_names(spec: str, count: int) -> list[str]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        raise ValueError("--bots needs at least one bot name")
    for name in names:
        make_bot(name)  # fails early on an unknown name
    return [names[i % len(names)] for i in range(count)]


def _progress(done: int, total: int, out: TextIO) -> None:
    width = 30
    filled = width * done // max(total, 1)
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        out.write("\n")
    out.flush()


def _category(source: str) -> str:
    if source.startswith("knowledge"):
        return "knowledge"
    if source in ("goods", "silver", "workers"):
        return "final"
    if source in ("colour bonus",):
        return "bonuses"
    if source in ("animals", "regions", "sales"):
        return source
    return "other"


def explain(state: State, action: Action) -> str:
    """A sentence on what ``action`` does in ``state`` (the ``?`` command)."""
    from burgundy import actions as act
    from burgundy.components import tile_name
    from burgundy.render.text import describe_tile
    from burgundy.rules.dice import PLACE, SELL, TAKE, die_cost

    seat = state.current_player
    if isinstance(action, act.TakeTile):
        cost = die_cost(state, seat, TAKE, -1, action.die, action.depot)
        text = f"take the {tile_name(action.tile)} ({describe_tile(action.tile)}) from depot " \
            f"{action.depot} into storage"
        extra = f", discarding a stored {tile_name(action.discard)}" if action.discard >= 0 else ""
        return f"{text}{extra}; costs {cost} worker(s)"
    if isinstance(action, act.PlaceTile):
        board = state.rules.engine.boards[state.seat_estate(seat).board]
        cost = die_cost(state, seat, PLACE, action.tile, action.die, board.dice[action.space])
        return f"place the {tile_name(action.tile)} ({describe_tile(action.tile)}) on a " \
            f"die-{board.dice[action.space]} space; costs {cost} worker(s)"
    if isinstance(action, act.SellGoods):
        cost = die_cost(state, seat, SELL, -1, action.die, action.goods)
        count = state.seat_estate(seat).goods[action.goods - 1]
        return f"sell all {count} goods of colour {action.goods}; costs {cost} worker(s)"
    if isinstance(action, act.TakeWorkers):
        return "take workers (the die's value does not matter)"
    if isinstance(action, act.BuyTile):
        return f"pay 2 silverlings for the black depot's {tile_name(action.tile)}"
    if isinstance(action, act.TakeGoods):
        return f"take goods {list(action.colours)} from depot {action.depot}"
    if isinstance(action, act.EndTurn):
        return "end your turn (no purchase this turn)"
    if isinstance(action, act.Decline):
        return "skip this optional effect"
    return f"{action}"


# -- play -------------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    """Play in the terminal against bots."""
    rules = _ruleset(args)
    if not 0 <= args.seat < rules.players:
        raise ValueError(f"--seat must be 0-{rules.players - 1}")
    game = Game(rules, seed=args.seed)
    names = _bot_names(args.bots, rules.players)
    bots = {seat: make_bot(names[seat], seed=(args.seed or 0) + seat)
            for seat in range(rules.players) if seat != args.seat}
    human = args.seat
    out.write(f"You are seat {human}. Commands: a number or an action's text; "
              "u = undo, ? N = explain action N, q = quit.\n")
    while not game.state.is_terminal:
        state = game.state
        seat = state.current_player
        if seat != human:
            action = bots[seat].choose(state)
            out.write(f"seat {seat} ({names[seat]}): {action}\n")
            game.play(action)
            continue
        out.write("\n" + board_text(state) + "\n")
        for other in range(len(state.seats)):
            out.write(seat_summary(state, other) + "\n")
        out.write(duchy_text(state, state.seats[human].estate) + "\n")
        legal = state.legal_actions()
        for number, action in enumerate(legal, 1):
            out.write(f"  {number:3d}. {action}\n")
        while True:
            out.write("> ")
            out.flush()
            line = stdin.readline()
            if not line:
                out.write("\n")
                return 0
            answer = line.strip()
            if answer == "q":
                out.write("Bye.\n")
                return 0
            if answer == "u":
                if _undo_to_human(game, human):
                    break
                out.write("Nothing to undo.\n")
                continue
            if answer.startswith("?"):
                rest = answer[1:].strip()
                if rest.isdigit() and 1 <= int(rest) <= len(legal):
                    out.write(explain(state, legal[int(rest) - 1]) + "\n")
                else:
                    out.write(f"Type ? and an action number 1-{len(legal)}.\n")
                continue
            try:
                if answer.isdigit():
                    if not 1 <= int(answer) <= len(legal):
                        raise ValueError(f"choose a number from 1 to {len(legal)}")
                    action = legal[int(answer) - 1]
                else:
                    action = parse_action(state, answer)
            except ValueError as exc:
                out.write(f"Not understood: {exc}\n")
                continue
            game.play(action)
            break
    _print_result(game.state, out)
    return 0


def _undo_to_human(game: Game, human: int) -> bool:
    """Undo back to the human's previous decision; False if there is none."""
    if not any(state.current_player == human for state in game.history):
        return False
    while True:
        state = game.undo()
        if state.current_player == human:
            return True


def _print_result(state: State, out: TextIO) -> None:
    out.write("\nFinal scores:\n")
    for seat in range(len(state.seats)):
        ledger = ", ".join(f"{k} {v}" for k, v in state.seats[seat].ledger)
        out.write(f"  seat {seat}: {state.seats[seat].vp} VP ({ledger})\n")
    out.write(f"Winner: seat {', '.join(map(str, state.winners()))}\n")


# -- simulate ---------------------------------------------------------------------------------
def play_bot_game(task: tuple[dict[str, Any], list[str], int]) -> dict[str, Any]:
    """Play one bot game (``(ruleset dict, bot name per seat, seed)``) and return its
    record, scores, winners and ledgers."""
    ruleset, names, seed = task
    rules = Ruleset.from_dict(ruleset)
    bots = [make_bot(name, seed=seed * 10 + seat) for seat, name in enumerate(names)]
    game = Game(rules, seed=seed)
    while not game.state.is_terminal:
        game.play(bots[game.state.current_player].choose(game.state))
    final = game.state
    return {
        "record": game.record(),
        "bots": names,
        "scores": list(final.scores),
        "winners": list(final.winners()),
        "ledgers": [dict(seat.ledger) for seat in final.seats],
    }


def cmd_simulate(args: argparse.Namespace, out: TextIO = sys.stdout,
                 err: TextIO = sys.stderr) -> int:
    """Play bot games and print win rates, scores and the score breakdown."""
    rules = _ruleset(args)
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    lineup = _bot_names(args.bots, rules.players)
    tasks = []
    for g in range(args.games):
        names = [lineup[(seat + g) % rules.players] for seat in range(rules.players)]
        tasks.append((rules.to_dict(), names, args.seed + g))
    results: list[dict[str, Any]] = []
    runner: Callable[[Any], Any]
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for result in pool.map(play_bot_game, tasks):
                results.append(result)
                _progress(len(results), len(tasks), err)
    else:
        runner = play_bot_game
        for task in tasks:
            results.append(runner(task))
            _progress(len(results), len(tasks), err)
    if args.records:
        folder = Path(args.records)
        folder.mkdir(parents=True, exist_ok=True)
        for g, result in enumerate(results):
            (folder / f"game-{g:04d}.json").write_text(json.dumps(result["record"]) + "\n")
    out.write(summary_table(results))
    return 0


def summary_table(results: Sequence[dict[str, Any]]) -> str:
    """The table ``simulate`` prints: per bot name, games, wins, win rate, mean and spread
    of scores and the mean score breakdown."""
    per_bot: dict[str, dict[str, Any]] = {}
    for result in results:
        for seat, name in enumerate(result["bots"]):
            row = per_bot.setdefault(name, {"games": 0, "wins": 0, "scores": [], "parts": {}})
            row["games"] += 1
            row["wins"] += seat in result["winners"]
            row["scores"].append(result["scores"][seat])
            for source, vp in result["ledgers"][seat].items():
                key = _category(source)
                row["parts"][key] = row["parts"].get(key, 0) + vp
    columns = ["animals", "regions", "sales", "bonuses", "knowledge", "final", "other"]
    lines = [f"{'bot':12s} {'games':>5s} {'wins':>5s} {'win%':>6s} {'mean':>6s} {'sd':>5s} "
             + " ".join(f"{c:>9s}" for c in columns)]
    for name, row in sorted(per_bot.items()):
        scores = row["scores"]
        sd = statistics.pstdev(scores) if len(scores) > 1 else 0.0
        parts = " ".join(f"{row['parts'].get(c, 0) / row['games']:9.1f}" for c in columns)
        lines.append(
            f"{name:12s} {row['games']:5d} {row['wins']:5d} "
            f"{100 * row['wins'] / row['games']:5.1f}% {statistics.mean(scores):6.1f} "
            f"{sd:5.1f} {parts}"
        )
    return "\n".join(lines) + "\n"


# -- watch, replay, render, variants ----------------------------------------------------------
def cmd_watch(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Bots play a seeded game; the board is shown at each round and every move printed."""
    rules = _ruleset(args)
    names = _bot_names(args.bots, rules.players)
    bots = [make_bot(name, seed=args.seed + seat) for seat, name in enumerate(names)]
    game = Game(rules, seed=args.seed)
    out.write("Seats: " + ", ".join(f"{s} = {n}" for s, n in enumerate(names)) + "\n")
    shown = (-1, -1)
    while not game.state.is_terminal:
        state = game.state
        if (state.phase, state.round) != shown:
            shown = (state.phase, state.round)
            out.write("\n" + "=" * 78 + "\n" + state_text(state) + "\n")
        action = bots[state.current_player].choose(state)
        out.write(f">> seat {state.current_player} ({names[state.current_player]}): {action}\n")
        game.play(action)
    out.write("\n" + state_text(game.state) + "\n")
    _print_result(game.state, out)
    return 0


def _load_record(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a record")
    return data.get("record", data) if "steps" not in data else data


def states_of(record: dict[str, Any]) -> list[tuple[str, State]]:
    """Every step of a record as ``(text, state after it)``, after checking the record."""
    steps = replay_steps(record)
    start = Ruleset.from_dict(record["ruleset"]).initial_state()
    return [("start", start)] + [
        (step.text if step.seat < 0 else f"seat {step.seat}: {step.text}", step.state)
        for step in steps
    ]


def cmd_replay(args: argparse.Namespace, stdin: TextIO = sys.stdin,
               out: TextIO = sys.stdout) -> int:
    """Show a recorded game step by step."""
    steps = states_of(_load_record(args.record))
    shown = (-1, -1)
    for index, (text, state) in enumerate(steps):
        if not state.is_chance and (state.phase, state.round) != shown and not state.is_terminal:
            shown = (state.phase, state.round)
            out.write("\n" + state_text(state) + "\n")
        out.write(f"[{index}] {text}\n")
        if args.step and text.startswith("seat"):
            out.write("(Enter for the next step, q to stop) ")
            out.flush()
            if stdin.readline().strip() == "q":
                return 0
    final = steps[-1][1]
    if final.is_terminal:
        _print_result(final, out)
    return 0


def cmd_render(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Write an SVG picture of a recorded game at a step."""
    from burgundy.render.svg import state_svg

    steps = states_of(_load_record(args.record))
    at = len(steps) - 1 if args.at is None else args.at
    if not 0 <= at < len(steps):
        raise ValueError(f"--at must be 0-{len(steps) - 1}")
    Path(args.output).write_text(state_svg(steps[at][1]), encoding="utf-8")
    out.write(f"wrote {args.output} (step {at}: {steps[at][0]})\n")
    return 0


def cmd_variants(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """List the installed variants with their versions."""
    names = available_variants()
    if not names:
        out.write("no variants installed\n")
    for name in names:
        info = variant_info(name)
        out.write(f"{name:12s} {info.version:8s} {info.summary}\n")
    return 0


# -- entry point ------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``burgundy`` command."""
    parser = argparse.ArgumentParser(prog="burgundy", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def ruleset_args(p: argparse.ArgumentParser, players: int = 2) -> None:
        p.add_argument("--players", type=int, default=players)
        p.add_argument("--variants", default=None,
                       help="comma-separated variants (default: the standard game; '' for none)")
        p.add_argument("--edition", default=EDITIONS[0], choices=EDITIONS)
        p.add_argument("--seed", type=int, default=1)

    play = sub.add_parser("play", help="play against bots in the terminal")
    ruleset_args(play)
    play.add_argument("--seat", type=int, default=0)
    play.add_argument("--bots", default="greedy")
    play.set_defaults(func=cmd_play)

    simulate = sub.add_parser("simulate", help="play bot games and print statistics")
    ruleset_args(simulate)
    simulate.add_argument("--games", type=int, default=10)
    simulate.add_argument("--bots", default="greedy,random")
    simulate.add_argument("--jobs", type=int, default=1)
    simulate.add_argument("--records", default=None, help="folder for each game's record")
    simulate.set_defaults(func=cmd_simulate)

    watch = sub.add_parser("watch", help="watch a seeded bot game")
    ruleset_args(watch, players=4)
    watch.add_argument("--bots", default="greedy,mcts:60,greedy,random")
    watch.set_defaults(func=cmd_watch)

    replay = sub.add_parser("replay", help="show a recorded game")
    replay.add_argument("record")
    replay.add_argument("--step", action="store_true", help="wait for Enter after each move")
    replay.set_defaults(func=cmd_replay)

    render = sub.add_parser("render", help="write an SVG of a recorded game")
    render.add_argument("record")
    render.add_argument("--at", type=int, default=None, help="step index (default: the end)")
    render.add_argument("-o", "--output", required=True)
    render.set_defaults(func=cmd_render)

    variants = sub.add_parser("variants", help="list installed variants")
    variants.set_defaults(func=cmd_variants)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``burgundy`` command; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except ValueError as exc:
        print(f"burgundy: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. `burgundy replay game.json | head`
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    raise SystemExit(main())
