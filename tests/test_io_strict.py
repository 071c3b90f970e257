"""``from_json`` accepts exactly the positions the game can reach, in shape, and raises a
short ``ValueError`` for anything else (issue #12).

Each test names what it rejects, and matches the message of the one check it is about, so
it fails if that check is removed (the tampered state must pass every other check). The
hypothesis tests at the end mutate real states from random playouts of every variant mix
and feed arbitrary text.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import burgundy
from burgundy.io import MESSAGE_LIMIT
from burgundy.pending import GoodsDraw, Turn
from burgundy.rules.income import set_estate, set_seat
from burgundy.state import State, replace
from burgundy.testing import first_turn, random_playout
from burgundy.validation import component_totals, validate_state

MIXES: tuple[tuple[str, ...], ...] = ((), ("knowledge",), ("shields",), ("knowledge", "shields"))

Doc = dict[str, Any]


@functools.cache
def _rules(players: int = 2, variants: tuple[str, ...] = (), **options: Any) -> burgundy.Ruleset:
    return burgundy.Ruleset(players=players, variants=variants, options=options)


@functools.cache
def _turn_text() -> str:
    """Seat 0's first turn in a 2-player base game: dice (1, 2), one silverling, nothing
    stored, order (0, 1)."""
    state = first_turn(_rules(), seed=3)
    assert state.order == (0, 1) and state.seats[0].dice == (1, 2)
    return burgundy.to_json(state)


def _turn() -> Doc:
    doc: Doc = json.loads(_turn_text())
    return doc


def _dealt() -> burgundy.Ruleset:
    """2 players, base game, boards dealt by chance and start castles chosen."""
    return _rules(2, (), boards="random", start_castle="choose")


@functools.cache
def _text_where(name: str, dealt: bool) -> str:
    """The first state of a seeded playout whose stack holds a ``name`` item."""
    rules = _dealt() if dealt else _rules()
    for seed in range(5):
        for state in random_playout(rules, seed):
            if any(type(item).__name__ == name for item in state.pending):
                return burgundy.to_json(state)
    raise AssertionError(f"no state with {name} pending")


def _where(name: str, dealt: bool = False) -> Doc:
    """A document of a 2-player base game (:func:`_dealt` if ``dealt``) with ``name``
    pending."""
    doc: Doc = json.loads(_text_where(name, dealt))
    return doc


def _load(doc: Doc, rules: burgundy.Ruleset | None = None) -> State:
    return burgundy.from_json(json.dumps(doc), rules or _rules())


def _rejects(doc: Doc, fragment: str, rules: burgundy.Ruleset | None = None) -> None:
    with pytest.raises(ValueError, match=fragment) as info:
        _load(doc, rules)
    assert len(str(info.value)) <= MESSAGE_LIMIT


def _item(doc: Doc, name: str) -> dict[str, Any]:
    """The topmost pending item of type ``name``."""
    item: dict[str, Any] = next(i for i in reversed(doc["pending"]) if i["type"] == name)
    return item


def test_the_unchanged_documents_load() -> None:
    """The controls: every document the tests below tamper with loads as it is."""
    for doc in (_turn(), _where("GoodsDraw"), _where("HexDraw"), _where("DiceRoll"),
                _where("WhiteRoll"), _where("BuildingTake"), _where("StartPlayerDraw"),
                _where("PhaseStart"), _where("BeginTurns")):
        _load(doc)
    for doc in (_where("BoardDraw", dealt=True), _where("StartCastleChoice", dealt=True)):
        _load(doc, _dealt())


# -- deep nesting -----------------------------------------------------------------------------
def test_from_json_rejects_deeply_nested_brackets() -> None:
    with pytest.raises(ValueError, match="nested too deeply"):
        burgundy.from_json("[" * 100_000, _rules())


@pytest.mark.parametrize("depth", [100_000, 1_000_000])
def test_from_json_rejects_deeply_nested_valid_json(depth: int) -> None:
    for text in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        with pytest.raises(ValueError, match="nested too deeply"):
            burgundy.from_json(text, _rules())


@pytest.mark.parametrize("depth", [50, 500, 100_000])
@pytest.mark.parametrize("field", ["white", "seats", "pending", "ext"])
def test_from_json_rejects_deep_nesting_inside_a_state(depth: int, field: str) -> None:
    doc = _turn()
    doc[field] = "HOLE"
    nested = json.dumps(doc).replace('"HOLE"', "[" * depth + "0" + "]" * depth)
    with pytest.raises(ValueError) as info:
        burgundy.from_json(nested, _rules())
    assert len(str(info.value)) <= MESSAGE_LIMIT


def test_state_from_dict_rejects_deeply_nested_python_values() -> None:
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    for field in ("white", "order", "seats", "pending"):
        doc = _turn()
        doc[field] = deep
        with pytest.raises(ValueError, match=f"'{field}'"):
            burgundy.io.state_from_dict(doc, _rules())


# -- pending items: types, seats, fields -------------------------------------------------------
@pytest.mark.parametrize(
    "name", ["GoodsDraw", "HexDraw", "DiceRoll", "WhiteRoll", "StartPlayerDraw", "BoardDraw"]
)
@pytest.mark.parametrize("seat", [0, 1, -2])
def test_from_json_rejects_a_chance_event_given_a_seat(name: str, seat: int) -> None:
    dealt = name == "BoardDraw"
    doc = _where(name, dealt)
    _item(doc, name)["seat"] = seat
    _rejects(doc, f"\\({name}\\): seat {seat}: a chance event has seat -1",
             _dealt() if dealt else None)


@pytest.mark.parametrize("name", ["PhaseStart", "StartCastles", "RoundStart", "BeginTurns"])
@pytest.mark.parametrize("seat", [0, -1])
def test_from_json_rejects_an_automatic_step_given_a_seat(name: str, seat: int) -> None:
    doc = _where(name)
    _item(doc, name)["seat"] = seat
    _rejects(doc, f"\\({name}\\): seat {seat}: an automatic step has seat -2")


@pytest.mark.parametrize("seat", [-1, -2, 2, 99])
def test_from_json_rejects_a_decision_at_no_seat_of_the_game(seat: int) -> None:
    doc = _turn()
    doc["pending"][0]["seat"] = seat
    _rejects(doc, f"\\(Turn\\): seat {seat}: no such seat")
    doc = _turn()
    doc["pending"].append({"type": "ShipGoods", "seat": seat})
    _rejects(doc, f"\\(ShipGoods\\): seat {seat}: no such seat")


@pytest.mark.parametrize("name", ["Nonsense", "TakeTile", "Pending", "ShieldDraw", ""])
def test_from_json_rejects_a_pending_type_the_ruleset_does_not_know(name: str) -> None:
    doc = _turn()
    doc["pending"].append({"type": name, "seat": -1})
    _rejects(doc, "unknown Pending type")


@pytest.mark.parametrize("estate", [7, 2, -2])
def test_from_json_rejects_a_goods_draw_for_no_estate(estate: int) -> None:
    doc = _where("GoodsDraw")
    _item(doc, "GoodsDraw")["estate"] = estate
    _rejects(doc, f"\\(GoodsDraw\\): estate {estate}: no such estate")


@pytest.mark.parametrize(
    ("depot", "colour"), [(1, 99), (9, 0), (9, -1), (0, 3), (-1, -1), (1, -1)]
)
def test_from_json_rejects_a_hex_draw_onto_no_depot_space(depot: int, colour: int) -> None:
    doc = _where("HexDraw")
    item = _item(doc, "HexDraw")
    item["depot"], item["colour"] = depot, colour
    _rejects(doc, f"depot {depot} colour {colour}: no depot space of this phase")


def test_from_json_rejects_a_hex_draw_for_a_depot_space_of_another_player_count() -> None:
    """Depot 1's spaces are river, knowledge, pasture and mine in some order: in a 2-player
    game two of them are used; the others are depot spaces of 3 or 4 players only."""
    from burgundy.rules.setup import depot_spaces

    unused = set(depot_spaces(4, 0)) - set(depot_spaces(2, 0))
    doc = _where("HexDraw")
    item = _item(doc, "HexDraw")
    item["depot"], item["colour"] = sorted(unused)[0]
    _rejects(doc, "no depot space of this phase")


@pytest.mark.parametrize("roller", [2, -1, 10**30])
def test_from_json_rejects_a_dice_roll_of_no_seat(roller: int) -> None:
    doc = _where("DiceRoll")
    _item(doc, "DiceRoll")["roller"] = roller
    _rejects(doc, "\\(DiceRoll\\): roller .*: no such seat")


@pytest.mark.parametrize("colours", [[7], [-1], [1, 2], [2, 1, 1], [], [0, 0], [3, 4, 5]])
def test_from_json_rejects_building_take_colours_no_building_gives(colours: list[int]) -> None:
    doc = _where("BuildingTake")
    _item(doc, "BuildingTake")["colours"] = colours
    _rejects(doc, "\\(BuildingTake\\): colours .*: no building takes these")


@pytest.mark.parametrize("estate", [5, 2, -1])
def test_from_json_rejects_a_board_draw_for_no_estate(estate: int) -> None:
    doc = _where("BoardDraw", dealt=True)
    doc["pending"].append({"type": "BoardDraw", "estate": estate, "seat": -1})
    _rejects(doc, f"\\(BoardDraw\\): estate {estate}: no such estate", _dealt())


def test_from_json_rejects_a_board_drawn_twice() -> None:
    doc = _where("BoardDraw", dealt=True)
    doc["pending"].insert(0, dict(_item(doc, "BoardDraw")))
    _rejects(doc, "\\(BoardDraw\\): the estate's board is drawn twice", _dealt())


def test_from_json_rejects_a_board_draw_for_an_estate_with_a_board() -> None:
    doc = _where("StartCastleChoice", dealt=True)  # every board is dealt
    doc["pending"].append({"type": "BoardDraw", "estate": 0, "seat": -1})
    _rejects(doc, "\\(BoardDraw\\): the estate has its board already", _dealt())


def test_from_json_rejects_an_estate_without_a_board_and_no_draw_of_it() -> None:
    doc = _where("BoardDraw", dealt=True)
    index = _item(doc, "BoardDraw")["estate"]
    doc["pending"] = [i for i in doc["pending"]
                      if i["type"] != "BoardDraw" or i["estate"] != index]
    _rejects(doc, f"estates\\[{index}\\].board: none dealt, and no draw of it is pending",
             _dealt())


def test_from_json_rejects_a_board_dealt_twice() -> None:
    doc = _where("StartCastleChoice", dealt=True)
    doc["estates"][1]["board"] = doc["estates"][0]["board"]
    _rejects(doc, "estates\\[0\\].board: board .* dealt again", _dealt())


def test_from_json_rejects_a_board_no_deal_gives() -> None:
    doc = _where("StartCastleChoice", dealt=True)
    doc["estates"][0]["board"] = "11"
    _rejects(doc, "estates\\[0\\].board: '11' is no board of the deal", _dealt())


def test_from_json_rejects_a_start_castle_choice_for_an_estate_with_one() -> None:
    doc = _turn()
    doc["pending"].append({"type": "StartCastleChoice", "seat": 0})
    _rejects(doc, "\\(StartCastleChoice\\): the estate has its start castle already")


def test_from_json_rejects_an_estate_without_a_start_castle_still_to_come() -> None:
    doc = _turn()
    estate = doc["estates"][0]
    start = estate["start"]
    doc["supply"][estate["spaces"][start]] += 1
    estate.update(start=-1, filled=0, frontier=0, kinds=0)
    estate["spaces"][start] = -1
    _rejects(doc, "estates\\[0\\].start: no start castle, and none is still to be placed")


def test_from_json_rejects_a_start_player_draw_after_the_start_player_is_drawn() -> None:
    doc = _turn()
    doc["pending"].append({"type": "StartPlayerDraw", "seat": -1})
    _rejects(doc, "\\(StartPlayerDraw\\): the start player is drawn already")


def test_from_json_rejects_an_empty_track_once_the_start_player_is_drawn() -> None:
    doc = _where("StartPlayerDraw")
    doc["pending"] = [i for i in doc["pending"] if i["type"] != "StartPlayerDraw"]
    _rejects(doc, "track: empty exactly while the start player is still to be drawn")


def test_from_json_rejects_a_turn_above_the_bottom_of_the_stack() -> None:
    doc = _turn()
    doc["pending"].append(dict(doc["pending"][0]))
    _rejects(doc, "\\(Turn\\): a turn is only ever at the bottom of the stack")


def test_from_json_rejects_a_turn_of_the_wrong_seat() -> None:
    doc = _turn()
    doc["pending"][0]["seat"] = 1
    _rejects(doc, "the turn is not the seat's whose turn it is")


# -- the top of the stack ---------------------------------------------------------------------
@pytest.mark.parametrize("name", ["PhaseEnd", "PhaseIncome", "RoundStart", "PhaseStart"])
def test_from_json_rejects_an_automatic_step_on_top(name: str) -> None:
    doc = _turn()
    doc["pending"].append({"type": name, "seat": -2})
    _rejects(doc, f"pending\\[1\\] \\({name}\\): an automatic step is never on top")


def test_from_json_rejects_an_empty_stack_mid_game() -> None:
    doc = _turn()
    doc["pending"] = []
    _rejects(doc, "pending: empty exactly once the game is over")


def test_from_json_rejects_a_stack_once_the_game_is_over() -> None:
    rules = _rules()
    doc = json.loads(burgundy.to_json(random_playout(rules, 1)[-1]))
    assert doc["phase"] == 5 and doc["pending"] == []
    _load(doc)
    doc["pending"] = [{"type": "WhiteRoll", "seat": -1}]
    _rejects(doc, "pending: empty exactly once the game is over")


def test_from_json_rejects_the_end_of_the_game_before_the_last_round() -> None:
    doc = json.loads(burgundy.to_json(random_playout(_rules(), 1)[-1]))
    doc["round"] = 3
    _rejects(doc, "round: the game ends after round 5")


def test_from_json_rejects_a_decision_on_top_with_no_legal_action() -> None:
    """A town hall with nothing stored and too little silver to buy: no placement, no
    purchase (the engine would have skipped it)."""
    doc = _turn()
    assert doc["estates"][0]["storage"] == [] and doc["estates"][0]["silver"] < 2
    doc["pending"].append({"type": "TownHallPlace", "seat": 0})
    _rejects(doc, "\\(TownHallPlace\\): a decision on top with no legal action")


@pytest.mark.parametrize("kinds_left", [1, 0])
def test_from_json_rejects_a_chance_event_on_top_the_engine_resolves_itself(
    kinds_left: int,
) -> None:
    """A black-pile draw with one kind of hex left (one outcome) or none: the engine
    resolves or skips it, so it is never on top."""
    doc = _turn()
    black = doc["black_supply"]
    kept = [k for k, n in enumerate(black) if n][:kinds_left]
    for k, n in enumerate(black):
        if k not in kept:
            doc["removed"][k] += n
            black[k] = 0
    doc["pending"].append({"type": "HexDraw", "depot": 0, "colour": -1, "seat": -1})
    _rejects(doc, f"\\(HexDraw\\): a chance event on top .* this one has {kinds_left}")


# -- order and turn ---------------------------------------------------------------------------
@pytest.mark.parametrize("turn", [-(10**6), -1, 2, 10**6, 10**100])
def test_from_json_rejects_a_turn_out_of_the_play_order(turn: int) -> None:
    doc = _turn()
    doc["turn"] = turn
    _rejects(doc, "turn: .* is not a position in the play order")


def test_from_json_rejects_a_turn_before_the_play_order_is_set() -> None:
    doc = _where("StartPlayerDraw")
    assert doc["order"] == []
    doc["turn"] = 1
    _rejects(doc, "turn: 1 is not a position in the play order")


@pytest.mark.parametrize("order", [[0, 0], [1], [0, 1, 2], [0, 2], [-1, 0]])
def test_from_json_rejects_a_play_order_that_is_no_permutation(order: list[int]) -> None:
    doc = _turn()
    doc["order"] = order
    _rejects(doc, "order: a permutation of the seats 0-1")


def test_from_json_rejects_an_empty_play_order_mid_game() -> None:
    doc = _turn()
    doc["order"] = []
    _rejects(doc, "order: set once the start player is drawn, until the game ends")


@pytest.mark.parametrize("track", [[[0], [1], []], [[], [], [], [], [], [], [0], [1]]])
def test_from_json_rejects_a_track_past_its_spaces_or_with_an_empty_end(
    track: list[list[int]],
) -> None:
    doc = _turn()
    doc["track"] = track
    _rejects(doc, "track: at most 7 spaces, the last one taken")


def test_from_json_rejects_more_than_five_round_goods() -> None:
    doc = _turn()
    colours = [c for c, n in enumerate(doc["goods_pool"], 1) for _ in range(n)]
    extra = 6 - len(doc["round_goods"])
    for colour in colours[:extra]:
        doc["round_goods"].append(colour)
        doc["goods_pool"][colour - 1] -= 1
    _rejects(doc, "round_goods: at most five")


# -- lists, missing and extra fields, at every level ------------------------------------------
_LIST_FIELDS: list[tuple[Any, ...]] = [
    ("order",), ("seats",), ("track",), ("track", 0), ("pending",), ("ext",),
    ("seats", 0, "dice"), ("seats", 0, "ledger"), ("estates", 0, "spaces"),
    ("estates", 1, "goods"), ("estates", 0, "bonus"), ("depots", 0), ("supply",),
]


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


@pytest.mark.parametrize("path", _LIST_FIELDS)
@pytest.mark.parametrize("value", [{}, {"0": 1}, "", "12", 0, None, True])
def test_from_json_rejects_a_non_list_where_a_list_belongs(
    path: tuple[Any, ...], value: Any
) -> None:
    doc = _turn()
    _at(doc, path[:-1])[path[-1]] = value
    _rejects(doc, "expected a list")


@pytest.mark.parametrize("value", [{}, "", "01"])
def test_from_json_rejects_a_non_list_in_a_pending_item_or_a_pair(value: Any) -> None:
    doc = _where("BuildingTake")
    _item(doc, "BuildingTake")["colours"] = value
    _rejects(doc, "\\(BuildingTake\\).colours: expected a list")
    doc = _turn()
    doc["seats"][0]["ledger"] = [value]
    _rejects(doc, "'seats'\\[0\\].ledger\\[0\\]: expected a list")


@pytest.mark.parametrize(
    ("path", "name"),
    [(("estates", 0), "silver"), (("estates", 1), "bonus"), (("seats", 0), "dice"),
     (("seats", 1), "ledger"), (("pending", 0), "seat")],
)
def test_from_json_rejects_a_missing_nested_field(path: tuple[Any, ...], name: str) -> None:
    doc = _turn()
    del _at(doc, path)[name]
    _rejects(doc, f"missing field\\(s\\) \\['{name}'\\]")


@pytest.mark.parametrize(("name", "field"), [("HexDraw", "colour"), ("GoodsDraw", "estate"),
                                             ("DiceRoll", "roller"), ("BuildingTake", "colours")])
def test_from_json_rejects_a_pending_item_missing_a_field(name: str, field: str) -> None:
    doc = _where(name)
    del _item(doc, name)[field]
    _rejects(doc, f"\\({name}\\): missing field\\(s\\) \\['{field}'\\]")


def test_from_json_rejects_an_unexpected_nested_field() -> None:
    doc = _turn()
    doc["estates"][0]["colour"] = 1
    _rejects(doc, "'estates'\\[0\\]: missing field\\(s\\) \\[\\], unexpected \\['colour'\\]")


def test_from_json_rejects_a_missing_top_level_field() -> None:
    doc = _turn()
    del doc["white"]
    _rejects(doc, "state fields: missing \\['white'\\]")


# -- the numbers of components ----------------------------------------------------------------
def test_from_json_rejects_an_extra_estate() -> None:
    doc = _turn()
    doc["estates"].append(json.loads(json.dumps(doc["estates"][1])))
    _rejects(doc, "estates: expected 2, got 3")


def test_from_json_rejects_a_missing_estate() -> None:
    doc = _turn()
    doc["estates"].pop()
    _rejects(doc, "estates: expected 2, got 1")


def test_from_json_rejects_a_seat_on_another_seats_estate() -> None:
    doc = _turn()
    doc["seats"][1]["estate"] = 0
    _rejects(doc, "seats\\[1\\].estate: seat 1 plays on estate 1")


def test_from_json_rejects_a_board_other_than_the_rulesets() -> None:
    doc = _turn()
    doc["estates"][0]["board"] = "3"
    _rejects(doc, "estates\\[0\\].board: the ruleset puts board 1 here")


@pytest.mark.parametrize("change", [-1, 1])
def test_from_json_rejects_goods_that_vanish_or_appear(change: int) -> None:
    doc = _turn()
    colour = next(c for c, n in enumerate(doc["goods_pool"]) if n)
    doc["goods_pool"][colour] += change
    word = "fewer" if change < 0 else "more"
    _rejects(doc, f"goods: {word} goods of colour {colour + 1} than the game holds")


def test_from_json_rejects_goods_taken_from_an_estate() -> None:
    doc = _turn()
    goods = doc["estates"][0]["goods"]
    colour = next(c for c, n in enumerate(goods) if n)
    goods[colour] -= 1
    _rejects(doc, f"goods: fewer goods of colour {colour + 1}")


@pytest.mark.parametrize("variants", MIXES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_goods_are_conserved_exactly_in_random_playouts(
    variants: tuple[str, ...], players: int
) -> None:
    """No rule takes goods out of the game: sold goods stay in ``sold``, goods left on the
    depots stay there across phases (rulebook set-up), so every state holds exactly the
    start's goods (what validate_state requires)."""
    rules = _rules(players, variants)
    _, goods = component_totals(rules)
    assert sum(goods) == 42
    for state in random_playout(rules, players)[::7]:
        validate_state(state)


# -- checks that must each have their own test (mutation survivors) ---------------------------
def test_from_json_rejects_a_wrong_frontier() -> None:
    doc = _turn()
    doc["estates"][0]["frontier"] ^= 1
    _rejects(doc, "estates\\[0\\].frontier: does not match the covered spaces")


def test_from_json_rejects_wrong_kinds() -> None:
    doc = _turn()
    doc["estates"][1]["kinds"] |= 1 << 40
    _rejects(doc, "estates\\[1\\].kinds: does not match the covered spaces")


def test_from_json_rejects_a_wrong_filled_mask() -> None:
    doc = _turn()
    doc["estates"][0]["filled"] |= 1
    _rejects(doc, "estates\\[0\\].filled: does not match the covered spaces")


def test_from_json_rejects_unsorted_dice() -> None:
    doc = _turn()
    doc["seats"][0]["dice"] = [2, 1]
    _rejects(doc, "seats\\[0\\].dice: must be sorted")


@pytest.mark.parametrize("white", [7, -1])
def test_from_json_rejects_a_white_die_out_of_range(white: int) -> None:
    doc = _turn()
    doc["white"] = white
    _rejects(doc, "white: must be 0-6")


def test_from_json_rejects_an_unsorted_ledger() -> None:
    doc = _turn()
    doc["seats"][0].update(vp=3, ledger=[["b", 1], ["a", 2]])
    _rejects(doc, "seats\\[0\\].ledger: entries sorted by source")
    doc["seats"][0].update(vp=3, ledger=[["a", 1], ["a", 2]])
    _rejects(doc, "seats\\[0\\].ledger: entries sorted by source")
    doc["seats"][0].update(vp=0, ledger=[["a", 0]])
    _rejects(doc, "seats\\[0\\].ledger: entries sorted by source")


# -- exact types, whoever built the state -----------------------------------------------------
def _first_turn_state() -> State:
    return burgundy.from_json(_turn_text(), _rules())


_TYPE_CHANGES: list[tuple[str, Callable[[State], State], str]] = [
    ("dice-true", lambda s: set_seat(s, 0, dice=(True, 2)),
     "seats\\[0\\].dice\\[0\\]: expected an integer, got True"),
    ("dice-float", lambda s: set_seat(s, 0, dice=(1, 2.0)),
     "seats\\[0\\].dice\\[1\\]: expected an integer, got 2.0"),
    ("dice-list", lambda s: set_seat(s, 0, dice=[1, 2]), "seats\\[0\\].dice: expected a tuple"),
    ("silver-bool", lambda s: set_estate(s, 0, silver=True),
     "estates\\[0\\].silver: expected an integer"),
    ("workers-float", lambda s: set_estate(s, 1, workers=2.0),
     "estates\\[1\\].workers: expected an integer"),
    ("spaces-list", lambda s: set_estate(s, 0, spaces=list(s.estates[0].spaces)),
     "estates\\[0\\].spaces: expected a tuple"),
    ("bonus-pair-list", lambda s: set_estate(s, 0, bonus=([0, 0],)),
     "estates\\[0\\].bonus\\[0\\]: expected a tuple"),
    ("ledger-vp-str", lambda s: set_seat(s, 0, ledger=(("x", "0"),)),
     "seats\\[0\\].ledger\\[0\\]\\[1\\]: expected an integer"),
    ("seats-list", lambda s: replace(s, seats=list(s.seats)), "seats: expected a tuple"),
    ("seat-not-a-seat", lambda s: replace(s, seats=(s.estates[0], s.seats[1])),
     "seats\\[0\\]: expected a Seat"),
    ("phase-bool", lambda s: replace(s, phase=False), "phase: expected an integer, got False"),
    ("turn-float", lambda s: replace(s, turn=0.0), "turn: expected an integer"),
    ("purchased-int", lambda s: replace(s, purchased=0),
     "purchased: expected true or false, got 0"),
    ("track-lists", lambda s: replace(s, track=tuple(list(t) for t in s.track)),
     "track\\[0\\]: expected a tuple"),
    ("pending-list", lambda s: replace(s, pending=list(s.pending)), "pending: expected a tuple"),
    ("pending-field-float", lambda s: replace(s, pending=(Turn(0.0),)),
     "pending\\[0\\] \\(Turn\\).seat: expected an integer"),
    ("pending-not-pending", lambda s: replace(s, pending=(0,)),
     "pending\\[0\\]: 0 is not a pending item"),
    ("pending-foreign-type", lambda s: replace(s, pending=(*s.pending, _Foreign(0))),
     "is not a pending item of a type of this ruleset"),
    ("goods-draw-bool", lambda s: replace(s, pending=(*s.pending, GoodsDraw(estate=False))),
     "GoodsDraw\\).estate: expected an integer"),
    ("ext-list", lambda s: replace(s, ext=[]), "ext: expected a tuple"),
]


@attrs.frozen
class _Foreign(Turn):
    """A pending type no ruleset knows (a subclass of a known one)."""


@pytest.mark.parametrize(
    ("change", "fragment"), [(c, f) for _, c, f in _TYPE_CHANGES],
    ids=[i for i, _, _ in _TYPE_CHANGES],
)
def test_validate_state_rejects_values_of_the_wrong_type(
    change: Callable[[State], State], fragment: str
) -> None:
    """A state built without the loader (``replace``, the rules' helpers) is checked as
    strictly: a bool or float is no int, a list no tuple."""
    state = _first_turn_state()
    validate_state(state)
    with pytest.raises(ValueError, match=fragment):
        validate_state(change(state))


def test_validate_state_rejects_a_bool_given_through_attrs_evolve() -> None:
    """Built with ``attrs.evolve`` (the constructor may check it already)."""
    state = _first_turn_state()
    with pytest.raises(ValueError, match="white: expected an integer, got True"):
        validate_state(attrs.evolve(state, white=True))


# -- short messages ---------------------------------------------------------------------------
_HUGE = "x" * 100_000


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d.update({_HUGE: 1}),
        lambda d: d.update(white=_HUGE),
        lambda d: d.update(white=int("9" * 4000)),
        lambda d: d.update(order=[_HUGE[:1000]] * 1000),
        lambda d: d["estates"][0].update({_HUGE: 1, _HUGE[1:]: 2}),
        lambda d: d["pending"].append({"type": _HUGE}),
        lambda d: d["pending"].append({"type": "Turn", "seat": 0, _HUGE: [[[[[[1]]]]]]}),
        lambda d: d.update(ext=[[_HUGE, 1]] * 100),
        lambda d: d.update(format=_HUGE, version=True),
    ],
)
def test_load_errors_are_short_whatever_the_input(tamper: Callable[[Doc], None]) -> None:
    doc = _turn()
    tamper(doc)
    with pytest.raises(ValueError) as info:
        _load(doc)
    assert len(str(info.value)) <= MESSAGE_LIMIT


def test_not_json_errors_are_short() -> None:
    for text in ("[1," * 10_000, '"' + "x" * 100_000, "9" * 5000, b"\xff" * 1000, "NaN"):
        with pytest.raises(ValueError) as info:
            burgundy.from_json(text, _rules())
        assert len(str(info.value)) <= MESSAGE_LIMIT


# -- hypothesis: mutated real states, arbitrary text ------------------------------------------
@functools.cache
def _sample_texts(variants: tuple[str, ...], players: int) -> tuple[str, ...]:
    """JSON texts of real states of a seeded playout: a few per kind of stack top, and the
    end. Immutable (strings), so every example starts from the same data."""
    chosen: dict[str, list[str]] = {}
    for state in random_playout(_rules(players, variants), seed=players):
        top = type(state.pending[-1]).__name__ if state.pending else "end"
        texts = chosen.setdefault(top, [])
        if len(texts) < 3 and (not texts or len(state.pending) % 3 == 0 or top == "end"):
            texts.append(burgundy.to_json(state))
    return tuple(text for texts in chosen.values() for text in texts)




def _places(doc: Any) -> list[tuple[Any, Any]]:
    """Every ``(container, key)`` inside ``doc``, depth first."""
    out: list[tuple[Any, Any]] = []
    keys = list(doc) if isinstance(doc, dict) else range(len(doc))
    for key in keys:
        out.append((doc, key))
        if isinstance(doc[key], (dict, list)):
            out += _places(doc[key])
    return out


def _place(doc: Doc, rng: random.Random) -> tuple[Any, Any]:
    """Where to change ``doc``: any of its values alike (most are deep inside), or one
    reached by a walk from the top (each level alike: fields and pending items too). Not
    ``format`` and ``version`` (other tests change those)."""
    if rng.random() < 0.5:
        return rng.choice(_places(doc)[2:])
    parent: Any = doc
    key: Any = rng.choice(list(doc)[2:])
    while isinstance(parent[key], (dict, list)) and parent[key] and rng.random() < 0.6:
        parent = parent[key]
        key = rng.choice(list(parent) if isinstance(parent, dict) else range(len(parent)))
    return parent, key


def _value(rng: random.Random) -> Any:
    """A new JSON value, built afresh (nothing is shared between changes or examples)."""
    scalars = [-3, -2, -1, 0, 1, 2, 3, 5, 6, 7, 8, -(10**6), 2**70, 1.5, 2.0, True, False,
               None, "", "x"]
    kind = rng.randrange(5)
    if kind == 0:
        return [rng.randint(-1, 6) for _ in range(rng.randrange(4))]
    if kind == 1:
        return [[rng.randint(0, 3)] * rng.randrange(3) for _ in range(rng.randrange(3))]
    if kind == 2:
        return {rng.choice(_KEYS): rng.choice(scalars) for _ in range(rng.randrange(3))}
    if kind == 3:
        return {"type": rng.choice(_PENDING_NAMES), "seat": rng.randint(-2, 3)}
    return rng.choice(scalars)


_KEYS = ("type", "seat", "estate", "depot", "colour", "colours", "roller", "black", "x")
_PENDING_NAMES = ("Turn", "ShipGoods", "BuildingTake", "GoodsDraw", "HexDraw", "DiceRoll",
                  "PhaseEnd", "ShieldDraw", "ShieldTribute", "Nonsense")


def _mutate(doc: Doc, rng: random.Random) -> None:
    """One change somewhere inside ``doc``: a value changed (an integer nudged, or another
    JSON value), a key or entry deleted or added, or a value wrapped in a list or object."""
    parent, key = _place(doc, rng)
    old = parent[key]
    how = rng.choice(["nudge", "value", "delete", "add", "wrap"])
    if how == "nudge" and type(old) is int:
        parent[key] = old + rng.choice([-2, -1, 1, 2, 7])
    elif how == "delete":
        del parent[key]
    elif how == "add" and isinstance(parent, dict):
        parent[rng.choice(_KEYS)] = _value(rng)
    elif how == "add":
        parent.insert(key, _value(rng))
    elif how == "wrap":
        parent[key] = rng.choice([[old], {"value": old}, [], {}])
    else:
        parent[key] = _value(rng)


@settings(
    max_examples=1500, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_mutated_real_states_load_as_playable_states_or_raise_short_value_errors(
    data: st.DataObject,
) -> None:
    variants = data.draw(st.sampled_from(MIXES), label="variants")
    players = data.draw(st.sampled_from((2, 3, 4)), label="players")
    rules = _rules(players, variants)
    doc = json.loads(data.draw(st.sampled_from(_sample_texts(variants, players))))
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))  # uniform choices
    for _ in range(rng.randint(1, 3)):
        _mutate(doc, rng)
    try:
        state = burgundy.from_json(json.dumps(doc), rules)
    except ValueError as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT, str(exc)[:500]
        return
    validate_state(state)
    assert burgundy.from_json(burgundy.to_json(state), rules) == state
    legal = state.legal_actions()
    outcomes = state.chance_outcomes()
    if state.is_terminal:
        assert not legal and not outcomes
    elif state.is_chance:
        assert len(outcomes) > 1 and not legal
        state.apply(outcomes[0][0])
    else:
        assert legal and not outcomes
        state.apply(legal[0])
        state.apply(legal[-1])


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=200)))
def test_arbitrary_text_raises_a_short_value_error(text: str | bytes) -> None:
    with pytest.raises(ValueError) as info:
        burgundy.from_json(text, _rules())
    assert len(str(info.value)) <= MESSAGE_LIMIT


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(value=_JSON)
def test_arbitrary_json_raises_a_short_value_error(value: Any) -> None:
    with pytest.raises(ValueError) as info:
        burgundy.from_json(json.dumps(value), _rules())
    assert len(str(info.value)) <= MESSAGE_LIMIT
