"""The open tile catalogue (issue #13): variants register tile kinds with fixed codes through
the hook ``burgundy_tiles``, the core's kinds take the same path
(:func:`burgundy.components.register_tiles`); tiles of no colour go where a variant lets them;
a kind without effect has none; ``burgundy_tile_effect`` provides or replaces an effect.
Small test plugins are installed by entry point (codes from 128, as a third-party plugin's).
Rulings the variants rest on: a black tile has no effect at all (docs/variants/solo.md),
and white castles, inns, crane and geese are tile kinds of their own (their pages)."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import burgundy
from burgundy.actions import PlaceTile, TakeTile
from burgundy.bots.evaluate import evaluate
from burgundy.components import (
    BUILDINGS,
    CORE_EFFECTS,
    CORE_TILES,
    N_TILE_KINDS,
    NO_COLOUR,
    RESERVED_TILE_CODES,
    SHIP,
    TILE_BY_NAME,
    TILE_COLOUR,
    TILE_EFFECT,
    TILES,
    Colour,
    TileKind,
    base_supply,
    register_tiles,
    registered_tiles,
    ruleset_tiles,
    tile_code,
    tile_name,
)
from burgundy.geometry import Board, bits
from burgundy.pending import BonusAction, ShipGoods, Turn
from burgundy.render.svg import state_svg
from burgundy.render.text import describe_tile, state_text
from burgundy.rules.phases import mines
from burgundy.rules.place import colour_spaces, place_actions
from burgundy.rules.scoring import PHASE_BONUS, region_vp
from burgundy.rules.take import ALL_DEPOTS, take_actions
from burgundy.state import EMPTY, State
from burgundy.testing import (
    build_position,
    check_conformance,
    find_action,
    random_playout,
    with_estate,
    with_tiles,
)

Install = Callable[[str, str], None]

GUILD = '''
from burgundy import hookimpl
from burgundy.components import Colour, TileKind, tile_code
from burgundy.rules.income import Income, gain
from burgundy.state import replace
from burgundy.variant_info import VariantInfo

KINDS = [
    TileKind(130, "guildhall", Colour.CITY, building="guildhall", effect="guild"),
    TileKind(131, "tavern", None, effect=None),
    TileKind(132, "wreck", Colour.RIVER, kind="ship", effect=None),
    TileKind(133, "slag", Colour.MINE, kind="mine", effect=None),
]


@hookimpl
def burgundy_variant():
    return VariantInfo(name="guild")


@hookimpl
def burgundy_tiles(rules):
    return KINDS


@hookimpl
def burgundy_setup(rules):
    def setup(state):
        main, black = list(state.supply), list(state.black_supply)
        main[tile_code("guildhall")] += 6  # beige backs: city spaces of the depots draw them
        black[tile_code("tavern")] += 4
        black[tile_code("wreck")] += 2
        black[tile_code("slag")] += 2
        return replace(state, supply=tuple(main), black_supply=tuple(black))
    return setup


@hookimpl
def burgundy_placement(rules):
    tavern = tile_code("tavern")

    def spaces(state, seat, tile, mask):
        if tile != tavern:
            return mask
        estate = state.seat_estate(seat)
        every = 0
        for colour_mask in state.rules.engine.boards[estate.board].colour_masks:
            every |= colour_mask
        return every & ~estate.filled
    return {"spaces": spaces}


@hookimpl
def burgundy_tile_effect(rules):
    guildhall = tile_code("guildhall")

    def effect(state, seat, space, tile):
        if tile != guildhall:
            return None
        return gain(state, seat, Income(silver=3), "guildhall")
    return effect
'''
"""A variant with four kinds: a building of its own with its own effect (like a white
castle), a tile of no colour and no effect (like an inn), a ship and a mine without effect
(like solo black tiles)."""

CELLAR = '''
from burgundy import hookimpl
from burgundy.components import TileKind
from burgundy.state import replace
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="cellar")


@hookimpl
def burgundy_tiles():
    return [TileKind(131, "tavern", None, effect=None)]  # the guild's kind, the same again


@hookimpl
def burgundy_setup(rules):
    def setup(state):
        black = list(state.black_supply)
        black[131] += 6
        return replace(state, black_supply=tuple(black))
    return setup
'''
"""A variant declaring the guild's tavern again, with no space for it."""

FLEET = '''
from burgundy import hookimpl
from burgundy.components import SHIP
from burgundy.rules.income import Income, gain
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="fleet")


@hookimpl
def burgundy_tile_effect(rules):
    def effect(state, seat, space, tile):
        if tile != SHIP:
            return None
        return gain(state, seat, Income(silver=1), "fleet")  # instead of goods and a move
    return effect
'''
"""A variant replacing the core's ship effect."""

TILES_OF = '''
from burgundy import hookimpl
from burgundy.components import Colour, TileKind
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="{name}")


@hookimpl
def burgundy_tiles(rules):
    return {kinds}
'''
"""A variant declaring ``kinds`` (source text)."""


def _guild(install_plugin: Install) -> burgundy.Ruleset:
    install_plugin("guild", GUILD)
    return burgundy.Ruleset(players=2, variants=("guild",))


def _board(state: State) -> Board:
    return state.rules.engine.boards[state.seat_estate(state.current_player).board]


_TILE_OF_COLOUR = {
    Colour.CITY: "bank", Colour.PASTURE: "cow2", Colour.RIVER: "ship",
    Colour.KNOWLEDGE: "k1", Colour.CASTLE: "castle", Colour.MINE: "mine",
}


def _reachable(rules: burgundy.Ruleset, colour: Colour) -> tuple[dict[str, str], int]:
    """Tiles (by space name) for the seat to move that make an empty space of ``colour``
    adjacent to its duchy, and that space."""
    probe = build_position(rules)
    board = _board(probe)
    estate = probe.seat_estate(probe.current_player)
    target = bits(board.colour_masks[colour] & ~estate.filled)[0]
    if estate.frontier >> target & 1:
        return {}, target
    neighbour = bits(board.neighbours[target] & ~estate.filled)[0]
    return {board.names[neighbour]: _TILE_OF_COLOUR[board.colours[neighbour]]}, target


def _placement(state: State, tile: int, space: int) -> PlaceTile:
    (action,) = [
        a for a in state.legal_actions()
        if isinstance(a, PlaceTile) and a.tile == tile and a.space == space
    ]
    return action


# -- the catalogue ----------------------------------------------------------------------------
def test_the_core_kinds_come_from_the_registry() -> None:
    """The core registers its kinds through register_tiles at import, codes 0-51 as before
    (golden files and saved games keep their codes); registering them again is a no-op."""
    assert len(CORE_TILES) == N_TILE_KINDS == RESERVED_TILE_CODES["core"].stop == 52
    assert registered_tiles()[:N_TILE_KINDS] == CORE_TILES
    assert all(TILES[k.code] is k and TILE_BY_NAME[k.name] == k.code for k in CORE_TILES)
    assert [k.code for k in CORE_TILES] == list(range(N_TILE_KINDS))
    assert {k.kind for k in CORE_TILES} == set(CORE_EFFECTS)
    assert all(k.effect == k.kind and TILE_EFFECT[k.code] == k.kind for k in CORE_TILES)
    assert all(TILE_COLOUR[k.code] == int(k.colour) for k in CORE_TILES if k.colour)
    assert (tile_name(0), tile_name(51), tile_code("k29")) == ("ship", "k29", 51)
    before = (list(TILES), dict(TILE_BY_NAME))
    assert register_tiles(CORE_TILES) == CORE_TILES
    assert (list(TILES), dict(TILE_BY_NAME)) == before
    with pytest.raises(ValueError, match=r"tile code 0: the core registers 'boat'.*'ship'"):
        register_tiles([TileKind(0, "boat", Colour.RIVER)])
    rules = burgundy.Ruleset(players=2, variants=())  # no variant kinds: today's arrays
    tiles = rules.engine.tiles
    assert tiles.kinds == CORE_TILES and tiles.supply_length == N_TILE_KINDS
    assert (tiles.main, tiles.black) == base_supply() == (ruleset_tiles().main,
                                                          ruleset_tiles().black)
    start = rules.initial_state()
    assert len(start.supply) == len(start.black_supply) == len(start.removed) == N_TILE_KINDS


def test_tile_kinds_are_checked_when_made() -> None:
    with pytest.raises(ValueError, match="name must be lower-case"):
        TileKind(200, "Big Bank", Colour.CITY)
    with pytest.raises(ValueError, match="without effect has no building type"):
        TileKind(200, "ghost", Colour.CITY, building="bank", effect=None)
    with pytest.raises(ValueError, match="without effect has no building type, species"):
        TileKind(200, "ghost", Colour.PASTURE, species="cow", animals=2, effect=None)
    with pytest.raises(ValueError, match="effect 'building' is a building type's effect"):
        TileKind(200, "crane", None, building="crane", effect="building")
    with pytest.raises(ValueError, match="a species and at least one animal"):
        TileKind(200, "goose", Colour.PASTURE, species="goose")
    with pytest.raises(ValueError, match="Colour or None"):
        TileKind(200, "odd", 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="integer 0-1023"):
        TileKind(1024, "far", None)
    crane = TileKind(200, "crane", None, building="crane", effect="crane")
    assert (crane.kind, crane.effect) == ("building", "crane")
    assert TileKind(200, "goose2", Colour.PASTURE, species="goose", animals=2).kind == "animal"


def test_unknown_codes_have_no_name() -> None:
    for code in (-1, 127, 5000):  # -1 once named the last kind by accident
        with pytest.raises(ValueError, match="unknown tile code"):
            tile_name(code)
    with pytest.raises(ValueError, match="unknown tile 'nothing'"):
        tile_code("nothing")


def test_code_and_name_conflicts_raise_naming_both(install_plugin: Install) -> None:
    rules = _guild(install_plugin)
    assert tile_name(130) == "guildhall"
    kinds = {
        "clash": '[TileKind(130, "guild-hall", Colour.CITY, effect=None)]',
        "namesake": '[TileKind(140, "bank", Colour.CITY, building="bank")]',
        "squatter": '[TileKind(60, "inn", None, effect=None)]',
        "junk": "[1, 2]",
        "twins": '[TileKind(141, "twin", None), TileKind(141, "other-twin", None)]',
    }
    for name, source in kinds.items():
        install_plugin(name, TILES_OF.format(name=name, kinds=source))
    with pytest.raises(ValueError, match=(
        r"tile code 130: variant 'clash' registers 'guild-hall' .* but the code holds "
        r"'guildhall' \(code 130, building, registered by variant 'guild'\)"
    )):
        burgundy.Ruleset(players=2, variants=("clash",))
    with pytest.raises(ValueError, match=(
        r"tile name 'bank': variant 'namesake' registers it for code 140 .* but it names "
        r"'bank' \(code 9, building, registered by the core\)"
    )):
        burgundy.Ruleset(players=2, variants=("namesake",))
    with pytest.raises(ValueError, match=r"range 'inns' keeps \(60-63\); a third-party"):
        burgundy.Ruleset(players=2, variants=("squatter",))
    with pytest.raises(ValueError, match="variant 'junk': 1 is no TileKind"):
        burgundy.Ruleset(players=2, variants=("junk",))
    with pytest.raises(ValueError, match="tile code 141: variant 'twins' registers 'other-twin'"):
        burgundy.Ruleset(players=2, variants=("twins",))
    assert "guild-hall" not in TILE_BY_NAME and "twin" not in TILE_BY_NAME  # nothing of them
    assert len(TILES) == 134
    install_plugin("cellar", CELLAR)  # the guild's tavern, the same kind again: a no-op
    both = burgundy.Ruleset(players=2, variants=("cellar", "guild"))
    assert both.engine.tiles.codes == rules.engine.tiles.codes


# -- a variant's kinds play -------------------------------------------------------------------
def test_a_variant_tile_kind_plays_to_the_end(install_plugin: Install) -> None:
    """Its set-up puts the kinds in; the ruleset's arrays reach its last code; random games
    keep every invariant (hexes conserved, serialisation round-trips, determinism)."""
    rules = _guild(install_plugin)
    tiles = rules.engine.tiles
    assert tiles.supply_length == 134 and {130, 131, 132, 133} <= tiles.codes
    assert tiles.building_codes >> 130 & 1 and tiles.uncoloured_codes == 1 << 131
    assert 130 in tiles.codes_by_colour[Colour.CITY] and tiles.mine_codes == (2,)
    start = rules.initial_state()
    assert len(start.supply) == len(start.black_supply) == len(start.removed) == 134
    assert (start.supply[130], start.black_supply[131]) == (6, 4)
    check_conformance(rules, seeds=[3, 4])
    placed = {
        t for seed in (5, 6, 7) for e in random_playout(rules, seed)[-1].estates
        for t in e.spaces if t >= 130
    }
    assert placed, "random games place the variant's tiles"


def test_a_variant_tile_is_taken_placed_scored_and_has_its_effect(
    install_plugin: Install,
) -> None:
    rules = _guild(install_plugin)
    state = build_position(rules, depots={3: ["guildhall", "bank"]}, dice=(3, 5))
    seat = state.current_player
    take = find_action(state, "take guildhall 3 d3")
    assert isinstance(take, TakeTile) and take.tile == tile_code("guildhall") == 130
    assert state.seat_estate(seat).storage == ()
    assert state.apply(take).seat_estate(seat).storage == (130,)

    # the last space of a city region: it completes the region, then its own effect
    probe = build_position(rules)
    board = _board(probe)
    start = probe.seat_estate(probe.current_player).start
    region = max(
        (r for r in board.regions if r.colour == Colour.CITY and not r.mask >> start & 1),
        key=lambda r: r.size,
    )
    spaces = list(bits(region.mask))
    target, others = spaces[0], spaces[1:]
    filled = {board.names[s]: BUILDINGS[k % len(BUILDINGS)] for k, s in enumerate(others)}
    state = build_position(rules, tiles=filled, storage=["guildhall"], silver=1,
                           dice=(board.dice[target],) * 2)
    action = _placement(state, 130, target)
    assert str(action).startswith("place guildhall ")
    assert burgundy.game.parse_action(state, str(action)) is action
    after = state.apply(action)
    mine = after.seat_estate(seat)
    assert mine.spaces[target] == 130 and mine.kinds >> 130 & 1
    assert after.seats[seat].vp - state.seats[seat].vp == region_vp(region.size) + PHASE_BONUS[0]
    assert mine.silver == 1 + 3  # the variant's effect, and none of the core's
    assert dict(after.seats[seat].ledger)["regions"] > 0
    # saved, loaded, pickled, recorded: the codes travel
    assert burgundy.from_json(burgundy.to_json(after), rules) == after
    assert pickle.loads(pickle.dumps(after)) == after
    game = burgundy.Game(rules, seed=11)
    while not game.state.is_terminal:
        legal = game.legal_actions()
        ours = [a for a in legal if getattr(a, "tile", -1) >= 130]
        game.play((ours or legal)[0])
    record = json.loads(json.dumps(game.record()))
    assert any(name in json.dumps(record) for name in ("guildhall", "tavern", "wreck"))
    assert burgundy.Game.from_record(record).state == game.state


def test_one_building_per_city_holds_for_a_variant_building(install_plugin: Install) -> None:
    rules = _guild(install_plugin)
    probe = build_position(rules)
    board = _board(probe)
    region = max((r for r in board.regions if r.colour == Colour.CITY), key=lambda r: r.size)
    first = bits(region.mask)[0]
    second = bits(board.neighbours[first] & region.mask)[0]
    for stored, allowed in (("bank", True), ("guildhall", False)):
        state = build_position(rules, tiles={board.names[first]: "guildhall"},
                               storage=[stored], dice=(board.dice[second],) * 2)
        places = {a.space for a in state.legal_actions() if isinstance(a, PlaceTile)}
        assert (second in places) is allowed, stored


def test_a_pickled_variant_state_travels_to_a_fresh_process(install_plugin: Install) -> None:
    """The other process has only the core's kinds until the ruleset is built there; the
    same codes name the same kinds."""
    rules = _guild(install_plugin)
    state = build_position(rules, storage=["tavern", "guildhall"], dice=(2, 4))
    folder = Path(sys.modules["burgundy_test_guild"].__file__ or "").parent
    code = (
        "import pickle, sys, burgundy\n"
        "from burgundy.components import TILE_BY_NAME\n"
        "assert 'tavern' not in TILE_BY_NAME\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "assert TILE_BY_NAME['tavern'] == 131\n"
        "sys.stdout.write(burgundy.to_json(state))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), *sys.path])}
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(state),
                         capture_output=True, env=env, check=True).stdout
    assert burgundy.from_json(out, rules) == state


def test_states_of_variant_tiles_are_refused_without_the_variant(
    install_plugin: Install,
) -> None:
    rules = _guild(install_plugin)
    state = build_position(rules, storage=["tavern"])
    text = burgundy.to_json(state)
    base = burgundy.Ruleset(players=2, variants=())
    with pytest.raises(ValueError, match=r"unknown tile code|expected 52 entries, got 134"):
        burgundy.from_json(text, base)
    plain = build_position(base)
    changed = with_estate(plain, plain.current_player, storage=(131,))
    with pytest.raises(ValueError, match=r"storage: unknown tile code"):
        attrs.evolve(changed)  # the constructor validates


# -- no colour ---------------------------------------------------------------------------------
def test_a_tile_of_no_colour_goes_where_the_variant_allows(install_plugin: Install) -> None:
    rules = _guild(install_plugin)
    probe = build_position(rules)
    board = _board(probe)
    estate = probe.seat_estate(probe.current_player)
    open_spaces = estate.frontier & ~estate.filled
    colours = {board.colours[s] for s in bits(open_spaces)}
    assert len(colours) > 1
    dice = tuple(sorted({board.dice[s] for s in bits(open_spaces)}))[:2]
    state = build_position(rules, storage=["tavern"], dice=dice)
    seat = state.current_player
    expected = {s for s in bits(open_spaces) if board.dice[s] in dice}
    got = {a.space for a in state.legal_actions() if isinstance(a, PlaceTile)}
    assert got == expected and len({board.colours[s] for s in got}) > 1  # any colour
    action = next(a for a in state.legal_actions() if isinstance(a, PlaceTile))
    after = state.apply(action)
    assert after.seat_estate(seat).spaces[action.space] == 131
    assert isinstance(after.pending[-1], Turn) and after.pending[-1].seat == seat
    assert (after.seat_estate(seat).silver, after.seat_estate(seat).workers) == (0, 0)
    assert burgundy.from_json(burgundy.to_json(after), rules) == after
    # the pictures, the text, the bot and help name it without a colour table
    assert "tavern (no colour)" in state_svg(after) and "TAVE" in state_text(after)
    assert "no colour" in state_svg(state)  # in storage too
    assert describe_tile(131) == "tavern: no effect; it covers its space"
    assert isinstance(evaluate(state, seat), float)


def test_a_tile_of_no_colour_goes_nowhere_by_itself(install_plugin: Install) -> None:
    """Without a variant that gives it spaces it goes on none: NO_COLOUR never reads the
    last colour's table (the mines') by accident; no depot space draws it, and no building
    that takes hexes of some colours takes it."""
    install_plugin("cellar", CELLAR)
    rules = burgundy.Ruleset(players=2, variants=("cellar",))
    assert TILE_COLOUR[131] == NO_COLOUR and rules.engine.tiles.uncoloured_codes == 1 << 131
    assert all(131 not in codes for codes in rules.engine.tiles.codes_by_colour)
    state = build_position(rules, storage=["tavern"], dice=(1, 6), workers=6,
                           depots={1: ["tavern", "mine", "bank"]})
    seat = state.current_player
    assert 131 in state.depots[0] and state.seat_estate(seat).storage == (131,)
    assert colour_spaces(state, seat, 131) == 0
    assert not place_actions(state, seat, (0,), any_number=True)
    assert not [a for a in state.legal_actions() if isinstance(a, PlaceTile)]
    for colours in ((int(Colour.MINE),), (int(Colour.CITY),), tuple(range(6))):
        taken = {a.tile for a in take_actions(state, seat, -1, ALL_DEPOTS, colours)}
        assert 131 not in taken and taken
    assert "take tavern 1 d1" in {str(a) for a in state.legal_actions()}  # by a die: yes
    assert isinstance(evaluate(state, seat), float) and "no colour" in state_svg(state)


# -- no effect ---------------------------------------------------------------------------------
def test_a_kind_without_effect_is_placed_without_any(install_plugin: Install) -> None:
    """A ship-kind tile without effect: no goods, no turn-order move (a real ship does both);
    a mine-kind tile without effect gives no silver (as the solo black tile:
    docs/variants/solo.md)."""
    rules = _guild(install_plugin)
    tiles, river = _reachable(rules, Colour.RIVER)
    probe = build_position(rules)
    die = _board(probe).dice[river]
    goods = {d: (1, 0, 0, 0, 0, 0) for d in range(1, 7)}
    results = {}
    for name in ("ship", "wreck"):
        state = build_position(rules, tiles=tiles, storage=[name], dice=(die, 7 - die),
                               depot_goods=goods)
        seat = state.current_player
        after = state.apply(_placement(state, tile_code(name), river))
        results[name] = (after.pending[-1], after.track != state.track)
    assert isinstance(results["ship"][0], ShipGoods) and results["ship"][1]
    assert isinstance(results["wreck"][0], Turn) and not results["wreck"][1]
    state = build_position(rules)
    seat = state.current_player
    board = _board(state)
    mine_spaces = list(bits(board.colour_masks[Colour.MINE]))
    state = with_tiles(state, seat, {board.names[mine_spaces[0]]: "slag"})
    assert mines(state, state.seats[seat].estate) == 0
    state = with_tiles(state, seat, {board.names[mine_spaces[1]]: "mine"})
    assert mines(state, state.seats[seat].estate) == 1
    assert state.seat_estate(seat).spaces.count(EMPTY) > 0


# -- the effect provider -----------------------------------------------------------------------
def test_an_effect_provider_replaces_a_core_effect(install_plugin: Install) -> None:
    install_plugin("fleet", FLEET)
    rules = burgundy.Ruleset(players=2, variants=("fleet",))
    assert len(rules.engine.tile_effect) == 1
    tiles, river = _reachable(rules, Colour.RIVER)
    die = _board(build_position(rules)).dice[river]
    goods = {d: (1, 0, 0, 0, 0, 0) for d in range(1, 7)}
    state = build_position(rules, tiles=tiles, storage=["ship", "castle"],
                           dice=(die, die), depot_goods=goods)
    seat = state.current_player
    after = state.apply(_placement(state, SHIP, river))
    assert isinstance(after.pending[-1], Turn)  # no goods to choose
    assert after.track == state.track and after.seat_estate(seat).silver == 1
    # any other tile keeps the core's effect: a castle's die action
    tiles, castle = _reachable(rules, Colour.CASTLE)
    die = _board(build_position(rules)).dice[castle]
    state = build_position(rules, tiles=tiles, storage=["castle"], dice=(die, die))
    assert isinstance(state.apply(_placement(state, 1, castle)).pending[-1], BonusAction)
    check_conformance(rules, seeds=[1])
