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
(``d`` every seat's); ``l`` lists the actions again; ``hint`` shows the expert bot's choice
and its estimate of the person's win chance; ``u`` undoes back to the person's previous
decision; ``s [FILE]`` saves the game's record; ``q`` quits (saving first when a record
file was given).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import attrs

from burgundy import actions as act
from burgundy.actions import Action
from burgundy.components import TILES, Colour, tile_code, tile_name
from burgundy.game import Game, parse_action
from burgundy.geometry import SPACE_NAMES
from burgundy.pending import StowTile
from burgundy.render.result import result_text
from burgundy.render.text import (
    COLOUR_LETTER,
    board_text,
    duchy_text,
    seat_summary,
    species_plural,
    tile_label,
)
from burgundy.rules.base import _WORKERS_INCOME
from burgundy.rules.dice import PLACE, SELL, TAKE, die_cost
from burgundy.rules.effects import BUILDING_EFFECT
from burgundy.rules.phases import PHASE_NAMES
from burgundy.rules.take import purchase_offers, storage_choices
from burgundy.state import State

__all__ = [
    "Choice", "LineReader", "Palette", "Session", "action_cost", "choices", "cost_text",
    "dump_record", "effect_text", "explain", "find_tile", "key_line", "legend_text",
    "tile_text",
]

HELP = """\
Commands:
  N or an action's text   play it (Tab completes the text)
  ? N                     explain action N (what it does, what it costs)
  ? TILE                  explain a tile by its code or name: ? k20, ? K20, ? bank, ? COW3
  legend                  what the letters, labels, colours and costs on the screen mean
  b                       the main board
  d [N]                   seat N's duchy and summary (every seat without N)
  l                       list the actions again
  hint                    the expert bot's choice here and its estimate of your win chance
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
        return (f"{kind.animals} {species_plural(kind.species)}: scores its animals, and those "
                "of the same species already in its pasture")
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
    """What follows a take by the seat to move when its hex has more than one place to go:
    a free space of the shared storage or of the seat's own spaces (team play,
    R-TEAM-STORAGE: ``stow`` or ``stow own``), or with every space full which stored hex to
    drop (R-STORAGE)."""
    seat = state.current_player
    if not 0 <= seat < len(state.seats):
        return ""
    places = storage_choices(state, seat)
    if len(places) <= 1:
        return ""
    if any(discard < 0 for discard, _ in places):
        return ("; then you choose where it goes: 'stow' into the storage you share with "
                "your partner, 'stow own' into your own storage spaces")
    return "; then you choose where it goes (storage is full: which stored hex to drop)"


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
        shared = len(state.estate_seats()[state.seats[state.current_player].estate]) > 1 \
            if 0 <= state.current_player < len(state.seats) else False
        where = ("your own storage spaces (only you place from them)" if action.own else
                 "the storage you share with your partner" if shared else "the storage")
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


# -- costs ------------------------------------------------------------------------------------
def action_cost(state: State, action: Action) -> tuple[int, int]:
    """What ``action`` costs the seat to move, as ``(workers, silverlings)``: the workers
    that turn its die to the value it is used as (ES11 p.4), a purchase's price; a variant's
    action says with a ``cost(state)`` method (the shields' doubles, the solo VP purchase).

    Examples:
        >>> import burgundy
        >>> from burgundy.actions import BuyTile, TakeWorkers
        >>> state = burgundy.Game(players=2, variants=(), seed=1).state
        >>> action_cost(state, TakeWorkers(die=3))
        (0, 0)
    """
    seat = state.current_player
    if not 0 <= seat < len(state.seats):
        return (0, 0)
    if isinstance(action, act.TakeTile):
        return (die_cost(state, seat, TAKE, -1, action.die, action.depot), 0)
    if isinstance(action, act.PlaceTile):
        board = state.rules.engine.boards[state.seat_estate(seat).board]
        return (die_cost(state, seat, PLACE, action.tile, action.die, board.dice[action.space]),
                0)
    if isinstance(action, act.SellGoods):
        return (die_cost(state, seat, SELL, -1, action.die, action.goods), 0)
    if isinstance(action, act.BuyTile):
        price = next((offer.price for offer in purchase_offers(state, seat)
                      if offer.source == action.source), 2)
        return (action.workers, max(0, price - action.workers))
    own = getattr(action, "cost", None)
    if callable(own):
        workers, silver = own(state)
        return (int(workers), int(silver))
    return (0, 0)


def cost_text(cost: tuple[int, int]) -> str:
    """A cost as the action list shows it: ``1w`` a worker, ``2s`` two silverlings,
    ``""`` nothing.

    Examples:
        >>> cost_text((1, 0)), cost_text((0, 2)), cost_text((2, 1)), cost_text((0, 0))
        ('1w', '2s', '2w 1s', '')
    """
    workers, silver = cost
    return " ".join(part for part in (f"{workers}w" if workers else "",
                                      f"{silver}s" if silver else "") if part)


# -- tiles ------------------------------------------------------------------------------------
def find_tile(state: State, text: str) -> int | None:
    """The tile a person names: by its notation name (``k20``, ``bank``, ``cow3``) or by the
    label the duchies show (``K20``, ``BANK``, ``COW3``, ``CAST``), any case; ``None``
    when no tile of the ruleset has it.

    Examples:
        >>> import burgundy
        >>> state = burgundy.Ruleset(players=2).initial_state()
        >>> find_tile(state, "K20") == find_tile(state, "k20") == tile_code("k20")
        True
        >>> find_tile(state, "CAST") == tile_code("castle"), find_tile(state, "x9")
        (True, None)
    """
    word = text.strip().lower()
    codes = state.rules.engine.tiles.codes
    try:
        code = tile_code(word)
    except ValueError:
        code = -1
    if code in codes:
        return code
    for code in codes:
        if tile_label(code).lower() == word:
            return code
    return None


def tile_text(state: State, code: int) -> str:
    """What ``? TILE`` says of tile ``code``: its name and label, its colour (where it goes),
    and what it does (a variant's own words for its tiles, :attr:`VariantInfo.tile_texts`).

    Examples:
        >>> import burgundy
        >>> state = burgundy.Ruleset(players=2).initial_state()
        >>> tile_text(state, tile_code("bank"))
        'bank (BANK on the duchy), a city hex (beige, on a city space): bank: 2 silverlings at once'
    """
    kind = TILES[code]
    name = tile_name(code)
    colour = kind.colour
    where = f"a {colour.label} hex ({_COLOUR_WORDS[colour]}, on a {colour.label} space)" \
        if colour is not None else "a hex of no colour"
    texts = [info.tile_texts[name] for info in state.rules.infos if name in info.tile_texts]
    does = texts[-1] if texts else effect_text(code)
    return f"{name} ({tile_label(code)} on the duchy), {where}: {does}"


_COLOUR_WORDS: dict[Colour, str] = {
    Colour.CASTLE: "dark green", Colour.PASTURE: "light green", Colour.RIVER: "blue",
    Colour.CITY: "beige", Colour.KNOWLEDGE: "yellow", Colour.MINE: "grey",
}
"""The colours of the printed hexes, in words."""


# -- colour -----------------------------------------------------------------------------------
_TILE_SGR: dict[Colour, str] = {
    Colour.CASTLE: "32", Colour.PASTURE: "92", Colour.RIVER: "94", Colour.CITY: "33",
    Colour.KNOWLEDGE: "93", Colour.MINE: "90",
}
"""The terminal colour (SGR code) of each hex colour: castles dark green, pastures light
green, rivers blue, cities beige (dark yellow), knowledge yellow, mines grey."""
_SEAT_SGR = ("1;31", "1;36", "1;35", "1;34")
"""The colour of each seat's name (bold red, cyan, magenta, blue)."""


def is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (``False`` for a closed stream or one that cannot
    tell).

    Examples:
        >>> import io
        >>> is_terminal(io.StringIO())
        False
    """
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _wants_colour(out: TextIO) -> bool:
    """Colour on a terminal, unless ``NO_COLOR`` is set (https://no-color.org)."""
    return not os.environ.get("NO_COLOR") and is_terminal(out)


class Palette:
    """The colours of the terminal game: hexes by their colour, seats by their number; off
    (the text unchanged) when ``enabled`` is false.

    Args:
        enabled: Whether to colour (default: standard output is a terminal and
            ``NO_COLOR`` is not set).

    Examples:
        >>> Palette(False).seat(0, "seat 0")
        'seat 0'
        >>> Palette(True).seat(0, "seat 0")
        '\\x1b[1;31mseat 0\\x1b[0m'
    """

    def __init__(self, enabled: bool | None = None) -> None:
        self.enabled = _wants_colour(sys.stdout) if enabled is None else enabled

    def paint(self, code: str, text: str) -> str:
        """``text`` in SGR colour ``code``."""
        return f"\x1b[{code}m{text}\x1b[0m" if self.enabled and code else text

    def seat(self, seat: int, text: str) -> str:
        """``text`` in seat ``seat``'s colour."""
        return self.paint(_SEAT_SGR[seat % len(_SEAT_SGR)], text)

    def colour(self, colour: Colour | None, text: str) -> str:
        """``text`` in the colour of hexes of ``colour``."""
        return self.paint(_TILE_SGR.get(colour, "") if colour is not None else "", text)

    def seats(self, text: str) -> str:
        """Every ``seat N`` of ``text`` in its seat's colour."""
        if not self.enabled:
            return text
        return re.sub(r"\bseat (\d)\b", lambda m: self.seat(int(m[1]), m[0]), text)

    def duchy(self, state: State, text: str) -> str:
        """A duchy's text (:func:`~burgundy.render.text.duchy_text`) with each space in its
        hex colour: the empty ones by their letter, the covered ones by their tile."""
        if not self.enabled:
            return text
        labels = _labels(state)
        letters = {letter: colour for colour, letter in COLOUR_LETTER.items()}

        def one(match: re.Match[str]) -> str:
            word = match[0]
            if word[0] in letters and word[1:].isdigit() and len(word) == 2:
                return self.colour(letters[word[0]], word)
            return self.colour(labels[word], word) if word in labels else word

        return "\n".join(line if ":" in line else  # a landmark's line: names, not spaces
                         re.sub(r"\b[A-Za-z][A-Za-z0-9]{1,3}\b", one, line)
                         for line in text.split("\n"))

    def board(self, state: State, text: str) -> str:
        """The main board's text with the depots' hexes in their colours."""
        if not self.enabled:
            return text
        names = {tile_name(c): TILES[c].colour for c in state.rules.engine.tiles.codes}
        lines = []
        for line in text.split("\n"):
            head, colon, rest = line.partition(": ")
            if colon and head.strip().startswith(("depot", "black depot")):
                tiles, goods, tail = rest.partition(" goods ")
                tiles = re.sub(r"[a-z][a-z0-9-]*", lambda m: self.colour(
                    names.get(m[0]), m[0]) if m[0] in names else m[0], tiles)
                line = f"{head}{colon}{tiles}{goods}{tail}"
            lines.append(line)
        return self.seats("\n".join(lines))


def _labels(state: State) -> dict[str, Colour | None]:
    """The duchy labels of the ruleset's tiles and their colours (a label two colours
    share is left uncoloured)."""
    labels: dict[str, Colour | None] = {}
    for code in state.rules.engine.tiles.codes:
        label = tile_label(code)
        colour: Colour | None = TILES[code].colour
        labels[label] = colour if labels.get(label, colour) == colour else None
    return labels


def key_line(palette: Palette) -> str:
    """The one-line key printed under the person's duchy.

    Examples:
        >>> print(key_line(Palette(False)))  # doctest: +NORMALIZE_WHITESPACE
        c castle g pasture s river b city y knowledge m mine + die | ? K17: a tile |
        1w 2s: cost | legend
    """
    letters = " ".join(palette.colour(colour, f"{letter} {colour.label}")
                       for colour, letter in _KEY_ORDER)
    return f"{letters} + die | ? K17: a tile | 1w 2s: cost | legend"


_KEY_ORDER = [(c, COLOUR_LETTER[c]) for c in (Colour.CASTLE, Colour.PASTURE, Colour.RIVER,
                                               Colour.CITY, Colour.KNOWLEDGE, Colour.MINE)]


def legend_text(state: State, palette: Palette) -> str:
    """What the ``legend`` command prints: the spaces' letters and colours, every tile
    label of the ruleset with its name, the seat line's words and the costs of the list."""
    lines = ["Legend", "  Duchy spaces: an empty space is its colour's letter and its die "
             "number (d4 is the space under 4 in row d):"]
    for colour, letter in _KEY_ORDER:
        lines.append("    " + palette.colour(colour, f"{letter}N") +
                     f"  {colour.label} ({_COLOUR_WORDS[colour]} hexes)")
    lines.append("  A covered space shows its tile's label (? LABEL explains a tile):")
    by_colour: dict[Colour | None, list[str]] = {}
    for code in state.rules.engine.tiles.codes:
        by_colour.setdefault(TILES[code].colour, []).append(
            f"{tile_label(code)}={tile_name(code)}")
    kinds: list[Colour | None] = [c for c, _ in _KEY_ORDER]
    for kind in [*kinds, None]:
        entries = by_colour.get(kind)
        if entries:
            title = kind.label if kind is not None else "no colour"
            shown = " ".join(dict.fromkeys(entries))
            lines.append(f"    {title}: " + palette.colour(kind, shown))
    lines += [
        "  Seat lines: VP | silver: silverlings | workers | goods 1x2: two goods of colour 1 |"
        " sold: goods sold | storage | dice 5 [2 used]: unused dice, then the used ones"
        " (* a die of any value)",
        "  Main board: depot N: its hexes, then its goods; bonus tiles left: L large, S small"
        " of each colour",
        "  Action list: 1w = costs 1 worker (turning the die), 2s = costs 2 silverlings;"
        " nothing shown = free",
        "  Colours: the hexes as on the table; " + " ".join(
            palette.seat(seat, f"seat {seat}") for seat in range(len(state.seats))),
    ]
    return "\n".join(lines)


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
    cost: str = ""
    """What it costs (:func:`cost_text`: ``1w``, ``2s``), ``""`` when free or not known."""

    @property
    def shown(self) -> str:
        """The entry as the list shows it: the text, then its cost in brackets."""
        return f"{self.text} ({self.cost})" if self.cost else self.text


def choices(legal: Sequence[Action], state: State | None = None) -> list[Choice]:
    """The numbered entries of the list of ``legal``: one per action, in their order, with
    its cost in ``state`` (:func:`action_cost`) when given. (Which stored tile a full
    storage drops is a decision of its own, listed when it is due.)

    Examples:
        >>> from burgundy.actions import BuyTile, TakeWorkers
        >>> [entry.text for entry in choices([TakeWorkers(die=2), BuyTile(tile=1)])]
        ['workers d2', 'buy castle']
    """
    if state is None:
        return [Choice(str(action), (action,)) for action in legal]
    return [Choice(str(action), (action,), cost_text(action_cost(state, action)))
            for action in legal]


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
        palette: The colours (default: on when ``out`` is a terminal and ``NO_COLOR`` is
            not set).
        advisor: The bot whose choice ``hint`` shows, with a ``hint(state)`` method as
            :meth:`burgundy.bots.expert.ExpertBot.hint` (default: the expert bot, thinking for
            :data:`burgundy.bots.expert.DEFAULT_THINK` seconds).
    """

    def __init__(
        self, game: Game, human: int, bots: dict[int, Any], names: Sequence[str],
        reader: LineReader, out: TextIO, record_path: str | None = None,
        width: int | None = None, palette: Palette | None = None,
        advisor: Any | None = None,
    ) -> None:
        self.advisor = advisor
        self.game = game
        self.human = human
        self.bots = bots
        self.names = list(names)
        self.reader = reader
        self.out = out
        self.record_path = record_path
        self.width = width or shutil.get_terminal_size((100, 24)).columns
        self._shown: tuple[int, int] = (-1, -1)
        self.palette = palette if palette is not None else Palette(_wants_colour(out))

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
        self.say(self.palette.seats(f"white die {state.white or '-'} | dice: {dice}"))

    def show_table(self, state: State) -> None:
        """The main board, every seat's line and the person's duchy with the key under it."""
        self.say(self.palette.board(state, board_text(state)))
        for seat in range(len(state.seats)):
            self.say(self.palette.seats(seat_summary(state, seat))
                     + ("  <- you" if seat == self.human else ""))
        self.say(self._duchy(state, self.human))
        self.say(key_line(self.palette))

    def _duchy(self, state: State, seat: int) -> str:
        text = duchy_text(state, state.seats[seat].estate, coordinates=True)
        return self.palette.duchy(state, text)

    def show_duchy(self, state: State, seat: int) -> None:
        """Seat ``seat``'s line and duchy (with coordinates)."""
        self.say(self.palette.seats(seat_summary(state, seat)))
        self.say(self._duchy(state, seat))

    def show_list(self, entries: Sequence[Choice]) -> None:
        """The numbered action list, in columns, each action with its cost (``1w``: a
        worker, ``2s``: two silverlings)."""
        for line in columns([c.shown for c in entries], self.width):
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
                     + "; you share the duchy, workers, silverlings, goods and storage. You "
                     "also have storage spaces of your own: a hex you take goes to the shared "
                     "storage with 'stow', to your own with 'stow own' (when both have room).")
        try:
            while not self.game.state.is_terminal:
                state = self.game.state
                self._round_header(state)
                seat = state.current_player
                if seat != self.human:
                    action = self.bots[seat].choose(state)
                    self.say(self.palette.seats(f"seat {seat} ({self.names[seat]}): {action}"))
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
        entries = choices(state.legal_actions(), state)
        self.show_list(entries)
        texts = {str(a) for a in state.legal_actions()}
        self.reader.candidates = [*sorted(texts), "help", "hint", "legend", "board", "undo",
                                  "save", "quit"]
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
            self.say(self.palette.board(state, board_text(state)))
            return False
        if answer in ("legend", "key"):
            self.say(legend_text(state, self.palette))
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
        if answer == "hint":
            self.say(self._hint(state, entries))
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
            tile = find_tile(state, what) if what and not what.isdigit() else None
            if what.isdigit() and 1 <= int(what) <= len(entries):
                choice = entries[int(what) - 1]
                self.say(explain(state, choice.actions[0]))
            elif tile is not None:
                self.say(tile_text(state, tile))
            else:
                self.say(f"Type ? and an action number 1-{len(entries)}, or a tile's code or "
                         "name (? k20, ? bank).")
            return False
        chosen = self._chosen(state, answer, entries)
        if chosen is None:
            return False
        self.game.play(chosen.actions[0])
        return True

    def _hint(self, state: State, entries: Sequence[Choice]) -> str:
        """The advisor's choice among ``entries`` and its estimated win chance."""
        if self.advisor is None:
            from burgundy.bots import ExpertBot

            self.advisor = ExpertBot()
        hint = self.advisor.hint(state)
        number = next(i for i, c in enumerate(entries, 1) if hint.action in c.actions)
        shown = f"Hint: {number}. {entries[number - 1].shown.strip()}  (the expert's choice; "
        return shown + f"its estimate of your win chance after it: {hint.win_chance:.0%})"

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
