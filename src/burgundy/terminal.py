"""The terminal game of ``burgundy play``: a person against bots.

:class:`Session` runs the game: it prints the bots' moves under a header where each round
starts, shows the table at each of the person's decisions (the main board, one line per
seat with its dice used and unused, the person's duchy with coordinates) and the legal
actions, numbered (:func:`choices`; with a full storage, which stored hex to drop is the
engine's own next decision, asked as a list of its own), and reads the answers.
On a terminal the answers are read with line editing, history and tab completion of the
action texts (the standard library's :mod:`readline`); from a pipe, line by line.

The commands (``help`` lists them): a number or an action's text plays it; ``? N``
explains action N (:func:`explain`); ``b`` shows the main board, ``d N`` seat N's duchy
(``d`` every seat's); ``l`` lists the actions again; ``u`` undoes back to the person's
previous decision; ``s [FILE]`` saves the game's record; ``q`` quits (saving first when a
record file was given).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from burgundy import actions as act
from burgundy.actions import Action
from burgundy.components import TILES, Colour, tile_name
from burgundy.game import Game, parse_action
from burgundy.geometry import SPACE_NAMES
from burgundy.pending import StowTile
from burgundy.render.result import result_text
from burgundy.render.text import board_text, duchy_text, seat_summary
from burgundy.rules.base import _WORKERS_INCOME
from burgundy.rules.dice import PLACE, SELL, TAKE, die_cost
from burgundy.rules.effects import BUILDING_EFFECT
from burgundy.rules.phases import PHASE_NAMES
from burgundy.rules.take import storage_choices
from burgundy.state import State

__all__ = ["Choice", "LineReader", "Session", "choices", "dump_record", "effect_text", "explain"]

HELP = """\
Commands:
  N or an action's text   play it (Tab completes the text)
  ? N                     explain action N
  b                       the main board
  d [N]                   seat N's duchy and summary (every seat without N)
  l                       list the actions again
  u                       undo back to your previous decision
  s [FILE]                save the game's record (to the --record file without FILE)
  q                       quit (saving first when there is a record file)
  help                    this list"""
"""The command summary ``help`` prints."""


# -- explanations -----------------------------------------------------------------------------
def effect_text(code: int) -> str:
    """What tile ``code`` does once placed, in a few words.

    Examples:
        >>> from burgundy.components import tile_code
        >>> effect_text(tile_code("bank"))
        'bank: 2 silverlings at once'
        >>> effect_text(tile_code("cow3"))
        '3 cows: scores its animals, and those of the same species already in its pasture'
    """
    kind = TILES[code]
    name = tile_name(code)
    if kind.species:
        return (f"{kind.animals} {kind.species}s: scores its animals, and those of the same "
                "species already in its pasture")
    if kind.building and kind.building in BUILDING_EFFECT:
        effect = BUILDING_EFFECT[kind.building]
        parts = []
        if effect.take is not None:
            colours = " or ".join(Colour(c).label for c in effect.take)
            parts.append(f"take a {colours} hex from a numbered depot")
        if effect.sell:
            parts.append("sell one kind of goods")
        if effect.place:
            parts.append("place one more hex from storage")
        income = effect.income
        gains = [f"{n} {what}" for n, what in ((income.silver, "silverlings"),
                                               (income.workers, "workers"),
                                               (income.vp, "VP")) if n]
        if gains:
            parts.append(" and ".join(gains) + " at once")
        return f"{name}: {'; '.join(parts) or 'a building'}"
    if kind.knowledge:
        return f"knowledge tile #{kind.knowledge}: its rule holds for you from now on"
    return {
        "ship": "ship: take all goods of one depot, move up on the turn-order track",
        "castle": "castle: one more action with a die of any value",
        "mine": "mine: 1 silverling at each phase end",
    }.get(name, name)


def _cost(state: State, kind: str, tile: int, die: int, value: int) -> str:
    workers = die_cost(state, state.current_player, kind, tile, die, value)
    if die <= 0:
        return ""
    return f"; costs {workers} worker{'s' if workers != 1 else ''}" if workers else \
        "; costs no workers"


def _drop(state: State) -> str:
    """What follows a take by the seat to move when its hex has more than one place to go."""
    seat = state.current_player
    if 0 <= seat < len(state.seats) and len(storage_choices(state, seat)) > 1:
        return "; then you choose where it goes (storage is full: which stored hex to drop)"
    return ""


def _space_names(state: State) -> tuple[str, ...]:
    """The space names of the board of the seat to move (the standard layout's while its
    board is not dealt)."""
    seat = state.current_player
    if not 0 <= seat < len(state.seats):
        return SPACE_NAMES
    board = state.rules.engine.boards.get(state.seat_estate(seat).board)
    return board.names if board is not None else SPACE_NAMES


def _space_text(state: State, space: int) -> str:
    """Space ``space`` of the mover's board by name (its number when it has none)."""
    names = _space_names(state)
    return names[space] if 0 <= space < len(names) else str(space)


def _field_text(state: State, name: str, value: Any) -> str:
    """A field of an action in words (tiles by name, spaces by their name on the mover's
    board)."""
    if name in ("tile", "discard") and isinstance(value, int):
        return f"{name} {tile_name(value)}" if value >= 0 else f"no {name}"
    if name == "space" and isinstance(value, int) and 0 <= value < len(_space_names(state)):
        return f"space {_space_text(state, value)}"
    return f"{name} {value}"


def explain(state: State, action: Action) -> str:
    """A sentence on what ``action`` does in ``state`` (the ``?`` command).

    The core's actions are explained one by one: what is taken, placed or sold, what it
    does and what the die costs in workers. An action of a variant explains itself with an
    ``explain(state)`` method when it has one; otherwise the first line of its class's
    docstring and its fields are shown.

    Examples:
        >>> import burgundy
        >>> from burgundy.actions import TakeWorkers
        >>> state = burgundy.Game(players=2, variants=(), seed=1).state
        >>> explain(state, TakeWorkers(die=3))
        'take 2 workers (the value of the die does not matter)'
    """
    if isinstance(action, act.TakeTile):
        source = "a building's effect: " if action.die < 0 else ""
        return (f"{source}take the {tile_name(action.tile)} from depot {action.depot} into "
                f"storage ({effect_text(action.tile)})"
                f"{_cost(state, TAKE, -1, action.die, action.depot)}{_drop(state)}")
    if isinstance(action, act.PlaceTile):
        board = state.rules.engine.boards[state.seat_estate(state.current_player).board]
        value = board.dice[action.space]
        return (f"place the {tile_name(action.tile)} on {_space_text(state, action.space)}, a die-"
                f"{value} space ({effect_text(action.tile)})"
                f"{_cost(state, PLACE, action.tile, action.die, value)}")
    if isinstance(action, act.SellGoods):
        count = state.seat_estate(state.current_player).goods[action.goods - 1]
        return (f"sell all {count} goods of colour {action.goods}: silverlings and VP"
                f"{_cost(state, SELL, -1, action.die, action.goods)}")
    if isinstance(action, act.TakeWorkers):
        income = _WORKERS_INCOME
        for modifier in state.rules.engine.take_workers_income:
            income = modifier(state, state.current_player, income)
        gains = [f"{n} {what}" for n, what in ((income.workers, "workers"),
                                               (income.silver, "silverlings"),
                                               (income.vp, "VP")) if n]
        return f"take {' and '.join(gains)} (the value of the die does not matter)"
    if isinstance(action, act.BuyTile):
        where = {act.BLACK_SOURCE: "the black depot's"}.get(
            action.source, f"depot {action.source}'s" if action.source.isdigit()
            else f"the {action.source}' stack's")
        pay = f" paying {action.workers} worker{'s' if action.workers != 1 else ''} and the " \
            "rest in silverlings" if action.workers else " for its price in silverlings"
        return (f"buy {where} {tile_name(action.tile)}{pay}, into storage "
                f"({effect_text(action.tile)}){_drop(state)}")
    if isinstance(action, act.TakeGoods):
        colours = ", ".join(map(str, action.colours))
        return f"the ship takes every goods tile of colour {colours} from depot {action.depot}"
    if isinstance(action, act.ChooseSpace):
        return f"put your start castle on {_space_text(state, action.space)}"
    if isinstance(action, act.Stow):
        item = state.pending[-1] if state.pending else None
        taken = tile_name(item.tile) if isinstance(item, StowTile) else "taken hex"
        where = "your own storage spaces" if action.own else "the storage"
        if action.discard < 0:
            return f"put the {taken} in a free space of {where}"
        return (f"discard the stored {tile_name(action.discard)} from {where} (out of the game)"
                f" to make room for the {taken}")
    if isinstance(action, act.Decline):
        return "skip this optional effect"
    if isinstance(action, act.EndTurn):
        return "end your turn without the purchase (or the variant's extra action)"
    own = getattr(action, "explain", None)
    if callable(own):
        return str(own(state))
    doc = (type(action).__doc__ or type(action).__name__).strip().split("\n\n")[0]
    summary = " ".join(doc.split())
    if attrs.has(type(action)):
        fields = ", ".join(_field_text(state, f.name, getattr(action, f.name))
                           for f in attrs.fields(type(action)))
        if fields:
            summary = f"{summary} ({fields})"
    return summary


# -- the list ---------------------------------------------------------------------------------
@attrs.frozen
class Choice:
    """One numbered entry of the action list.

    Attributes:
        text: What the list shows (the action's notation).
        actions: The action, as a one-item tuple.
    """

    text: str
    actions: tuple[Action, ...]


def choices(legal: Sequence[Action]) -> list[Choice]:
    """The numbered entries of the list of ``legal``: one per action, in their order. (Which
    stored tile a full storage drops is a decision of its own, listed when it is due.)

    Examples:
        >>> from burgundy.actions import BuyTile, TakeWorkers
        >>> [entry.text for entry in choices([TakeWorkers(die=2), BuyTile(tile=1)])]
        ['workers d2', 'buy castle']
    """
    return [Choice(str(action), (action,)) for action in legal]


def columns(entries: Sequence[str], width: int) -> list[str]:
    """Lay out numbered ``entries`` in as many columns as fit ``width`` characters, numbered
    down each column.

    Examples:
        >>> columns(["workers d2", "sell 3 d5", "end"], 80)
        ['  1. workers d2    2. sell 3 d5     3. end']
        >>> columns(["workers d2", "sell 3 d5", "end"], 20)
        ['  1. workers d2', '  2. sell 3 d5', '  3. end']
    """
    if not entries:
        return []
    cells = [f"{number:3d}. {text}" for number, text in enumerate(entries, 1)]
    cell = max(len(c) for c in cells) + 2
    count = max(1, min(len(cells), (width + 2) // cell))
    rows = -(-len(cells) // count)
    count = -(-len(cells) // rows)
    lines = []
    for row in range(rows):
        parts = [cells[col * rows + row] for col in range(count) if col * rows + row < len(cells)]
        lines.append("".join(p.ljust(cell) for p in parts[:-1]) + parts[-1])
    return lines


# -- records ----------------------------------------------------------------------------------
def dump_record(record: dict[str, Any]) -> str:
    """A record as JSON text to read: its fields indented, one step a line.

    Examples:
        >>> print(dump_record({"format": "burgundy-record", "steps": [{"action": "end"}]}))
        {
         "format": "burgundy-record",
         "steps": [
          {"action": "end"}
         ]
        }
        <BLANKLINE>
    """
    head = {key: value for key, value in record.items() if key != "steps"}
    text = json.dumps(head, indent=1, ensure_ascii=False)
    steps = ",\n".join(f"  {json.dumps(step, ensure_ascii=False)}" for step in record["steps"])
    body = f' "steps": [\n{steps}\n ]' if steps else ' "steps": []'
    joiner = ",\n" if head else "\n"
    return text[:-2] + joiner + body + "\n}\n" if head else "{\n" + body + "\n}\n"


def save_record(game: Game, path: str | Path) -> None:
    """Write ``game``'s record to ``path`` (through a temporary file: a failed write leaves
    the old file whole).

    Raises:
        ValueError: The file cannot be written (the message says why).
    """
    target = Path(path)
    temporary = target.with_name(f".{target.name}.tmp")
    try:
        temporary.write_text(dump_record(game.record()), encoding="utf-8")
        os.replace(temporary, target)
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror or exc}") from None


# -- reading answers --------------------------------------------------------------------------
class LineReader:
    """Reads the person's answers: with :mod:`readline` (line editing, history, tab
    completion) when ``stdin`` is a terminal, else line by line.

    Args:
        stdin: Where answers come from.
        out: Where prompts go.
    """

    def __init__(self, stdin: TextIO, out: TextIO) -> None:
        self.stdin = stdin
        self.out = out
        self.candidates: list[str] = []
        """The texts Tab completes (the legal actions' and the commands)."""
        self.interactive = (
            stdin is sys.stdin and out is sys.stdout and stdin.isatty() and out.isatty()
        )
        self._readline: Any = None
        if self.interactive:
            try:
                import readline
            except ImportError:  # a Python without readline: plain input() still edits a line
                readline = None  # type: ignore[assignment]
            if readline is not None:
                readline.set_completer_delims("")
                readline.set_completer(self._complete)
                if "libedit" in (readline.__doc__ or ""):
                    readline.parse_and_bind("bind ^I rl_complete")
                else:
                    readline.parse_and_bind("tab: complete")
                self._readline = readline

    def _complete(self, text: str, index: int) -> str | None:
        matches = [c for c in self.candidates if c.startswith(text)]
        return matches[index] if index < len(matches) else None

    def read(self, prompt: str) -> str | None:
        """One answer, stripped; ``None`` at the end of input."""
        if self.interactive:
            try:
                return input(prompt).strip()
            except EOFError:
                self.out.write("\n")
                return None
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if not line:
            self.out.write("\n")
            return None
        return line.strip()


# -- the session ------------------------------------------------------------------------------
class _Quit(Exception):
    """The person quit (or the input ended)."""


class Session:
    """A terminal game: one person (seat ``human``) against bots.

    Args:
        game: The game, new or resumed.
        human: The person's seat.
        bots: A bot for every other seat.
        names: Each seat's name for the moves shown (``"you"`` for the person).
        reader: Where answers come from.
        out: Where everything is printed.
        record_path: Where ``s`` and ``q`` save the record (``None``: ``s`` needs a file).
        width: Columns for the action list (default: the terminal's).
    """

    def __init__(
        self, game: Game, human: int, bots: dict[int, Any], names: Sequence[str],
        reader: LineReader, out: TextIO, record_path: str | None = None,
        width: int | None = None,
    ) -> None:
        self.game = game
        self.human = human
        self.bots = bots
        self.names = list(names)
        self.reader = reader
        self.out = out
        self.record_path = record_path
        self.width = width or shutil.get_terminal_size((100, 24)).columns
        self._shown: tuple[int, int] = (-1, -1)

    # -- output ---------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        """Print a line."""
        self.out.write(text + "\n")
        self.out.flush()

    def _round_header(self, state: State) -> None:
        """A header where a round starts, before anything of that round is shown."""
        where = (state.phase, state.round)
        if where == self._shown or state.is_terminal or state.phase >= len(PHASE_NAMES):
            return
        self._shown = where
        title = f" Phase {PHASE_NAMES[state.phase]}, round {state.round + 1} "
        self.say("")
        self.say(f"{'=' * 3}{title}{'=' * max(3, 60 - len(title))}")
        dice = "  ".join(
            f"{self.names[s]} {' '.join(map(str, state.seats[s].rolled)) or '-'}"
            for s in range(len(state.seats))
        )
        self.say(f"white die {state.white or '-'} | dice: {dice}")

    def show_table(self, state: State) -> None:
        """The main board, every seat's line and the person's duchy."""
        self.say(board_text(state))
        for seat in range(len(state.seats)):
            self.say(seat_summary(state, seat) + ("  <- you" if seat == self.human else ""))
        self.say(duchy_text(state, state.seats[self.human].estate, coordinates=True))

    def show_duchy(self, state: State, seat: int) -> None:
        """Seat ``seat``'s line and duchy (with coordinates)."""
        self.say(seat_summary(state, seat))
        self.say(duchy_text(state, state.seats[seat].estate, coordinates=True))

    def show_list(self, entries: Sequence[Choice]) -> None:
        """The numbered action list, in columns."""
        for line in columns([c.text for c in entries], self.width):
            self.say(line)

    # -- saving ---------------------------------------------------------------------------
    def save(self, path: str | None = None) -> None:
        """Save the record to ``path`` (default: the record file)."""
        target = path or self.record_path
        if target is None:
            self.say("Give a file: s FILE (or start with --record FILE).")
            return
        try:
            save_record(self.game, target)
        except ValueError as exc:
            self.say(f"Not saved: {exc}")
            return
        self.say(f"Saved to {target}.")

    # -- the game ---------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end or until the person quits; returns the exit status (0)."""
        self.say(f"You are seat {self.human}. Type help for the commands; Tab completes "
                 "an action's text.")
        state = self.game.state
        partners = [s for s in state.estate_seats()[state.seats[self.human].estate]
                    if s != self.human]
        if partners:  # team play: a bot plays the partner's seat
            self.say("Your partner: " + ", ".join(f"seat {s} ({self.names[s]})"
                                                   for s in partners)
                     + "; you share the duchy, workers, silverlings, goods and storage.")
        try:
            while not self.game.state.is_terminal:
                state = self.game.state
                self._round_header(state)
                seat = state.current_player
                if seat != self.human:
                    action = self.bots[seat].choose(state)
                    self.say(f"seat {seat} ({self.names[seat]}): {action}")
                    self.game.play(action)
                    continue
                self._decide(state)
        except _Quit:
            if self.record_path is not None:
                self.save()
            self.say("Bye.")
            return 0
        self.say("")
        self.say("Game over.")
        print_result(self.game.state, self.out)
        if self.record_path is not None:
            self.save()
        return 0

    def _decide(self, state: State) -> None:
        """Show the table and the list, then read answers until one is played (or undone)."""
        self.say("")
        self.show_table(state)
        entries = choices(state.legal_actions())
        self.show_list(entries)
        texts = {str(a) for a in state.legal_actions()}
        self.reader.candidates = [*sorted(texts), "help", "board", "undo", "save", "quit"]
        while True:
            answer = self.reader.read("> ")
            if answer is None:
                raise _Quit
            if self._command(state, answer, entries):
                return

    def _command(self, state: State, answer: str, entries: Sequence[Choice]) -> bool:
        """Handle one answer; True once the game moved on (a play or an undo)."""
        word, _, rest = answer.partition(" ")
        rest = rest.strip()
        if answer in ("q", "quit", "exit"):
            raise _Quit
        if answer in ("help", "h"):
            self.say(HELP)
            return False
        if answer in ("b", "board"):
            self.say(board_text(state))
            return False
        if word in ("d", "duchy"):
            seats = range(len(state.seats))
            if not rest:
                for seat in seats:
                    self.show_duchy(state, seat)
            elif rest.isdigit() and int(rest) in seats:
                self.show_duchy(state, int(rest))
            else:
                self.say(f"Type d and a seat 0-{len(state.seats) - 1}.")
            return False
        if answer in ("l", "list"):
            self.show_list(entries)
            return False
        if word in ("s", "save"):
            self.save(rest or None)
            return False
        if answer in ("u", "undo"):
            if _undo_to(self.game, self.human):
                self.say("Undone.")
                self._shown = (-1, -1)
                return True
            self.say("Nothing to undo.")
            return False
        if word.startswith("?"):
            what = (word[1:] + " " + rest).strip()
            if what.isdigit() and 1 <= int(what) <= len(entries):
                choice = entries[int(what) - 1]
                self.say(explain(state, choice.actions[0]))
            else:
                self.say(f"Type ? and an action number 1-{len(entries)}.")
            return False
        chosen = self._chosen(state, answer, entries)
        if chosen is None:
            return False
        self.game.play(chosen.actions[0])
        return True

    def _chosen(self, state: State, answer: str, entries: Sequence[Choice]) -> Choice | None:
        if answer.isdigit():
            if 1 <= int(answer) <= len(entries):
                return entries[int(answer) - 1]
            self.say(f"Not understood: choose a number from 1 to {len(entries)}.")
            return None
        try:
            action = parse_action(state, answer)
        except ValueError as exc:
            self.say(f"Not understood: {exc}")
            return None
        return Choice(str(action), (action,))


def _undo_to(game: Game, human: int) -> bool:
    """Undo back to the person's previous decision; False if there is none."""
    if not any(state.current_player == human for state in game.history):
        return False
    while True:
        state = game.undo()
        if state.current_player == human:
            return True


def print_result(state: State, out: TextIO) -> None:
    """The final scores (``State.scores``) with each seat's ledger, then the result against
    the rule that decides it (:func:`burgundy.render.result.result_text`)."""
    out.write("\nFinal scores:\n")
    for seat in range(len(state.seats)):
        ledger = ", ".join(f"{k} {v}" for k, v in state.seats[seat].ledger)
        out.write(f"  seat {seat}: {state.seats[seat].vp} VP ({ledger})\n")
    teams = [seats for seats in state.estate_seats() if len(seats) > 1]
    for seats in teams:  # partners sharing an estate (team play): their VP add up
        total = sum(state.seats[s].vp for s in seats)
        out.write(f"  team {' + '.join(f'seat {s}' for s in seats)}: {total} VP\n")
    out.write(result_text(state) + "\n")
