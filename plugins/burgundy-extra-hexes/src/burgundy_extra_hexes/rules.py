"""The four extra hexes' rules (R-EXTRA-HEXES; X1-X5, from ZH19 and SE-ZH).

Nothing here is a printed component beyond the four tiles themselves: #27 and #28 are the
core's codes ``k27``, ``k28``; the crane and the geese get the codes the core keeps for this
module (64, 65).
"""

from __future__ import annotations

from collections.abc import Callable

from burgundy.plugin import (
    AUTO_SEAT,
    CHANCE_SEAT,
    TILE_BY_NAME,
    TILES,
    Action,
    Colour,
    Income,
    Pending,
    Ruleset,
    State,
    TileKind,
    add_vp,
    bits,
    brief,
    first_seat_of_estates,
    gain,
    push,
    replace,
    tile_effect,
    tile_terms,
    working_kinds,
)
from burgundy_extra_hexes.model import CRANE as CRANE  # the tile codes, also from here
from burgundy_extra_hexes.model import (
    CRANE_BUILDING,
    GOOSE,
    NAME,
    CraneChoice,
    CraneEffect,
    ExtraState,
    GeeseChoice,
    GeeseSpecies,
    HireWorkers,
    imitated_kinds,
)
from burgundy_extra_hexes.model import GEESE as GEESE

K27 = TILE_BY_NAME["k27"]
"""Tile code of knowledge #27 (the core's)."""
K28 = TILE_BY_NAME["k28"]
"""Tile code of knowledge #28 (the core's)."""
KINDS: tuple[TileKind, ...] = (
    TileKind(CRANE, "crane", Colour.CITY, building=CRANE_BUILDING, effect="crane"),
    TileKind(GEESE, "geese", Colour.PASTURE, species=GOOSE, animals=2, effect="geese"),
)
"""The crane (a black-backed building) and the geese (a black-backed animal tile, 2 geese)."""
GEESE_VP = 2
"""X4: the geese's own VP when placed (their 2 animals), and what every later animal tile
placed in their pasture scores for them."""
HIRE_SILVER = 1
"""#28: silverlings paid for one hire."""
HIRE_WORKERS = 2
"""#28: workers one hire gives."""


def extra(state: State) -> ExtraState:
    """The variant's state of ``state``."""
    value: ExtraState = state.variant_state(NAME)
    return value


def setup(rules: Ruleset) -> Callable[[State], State]:
    """X5: #27 and #28 into the yellow supply, the crane and the geese into the black one."""

    def put(state: State) -> State:
        supply = list(state.supply)
        black = list(state.black_supply)
        supply[K27] += 1
        supply[K28] += 1
        black[CRANE] += 1
        black[GEESE] += 1
        state = replace(state, supply=tuple(supply), black_supply=tuple(black))
        return state.with_variant_state(NAME, ExtraState(crane_as=("",) * len(state.estates)))

    return put


# -- #27 ------------------------------------------------------------------------------------------
Track = tuple[tuple[int, ...], ...]
"""The turn-order track: the seats on each space, bottom to top."""


def on_top(state: State, seat: int, track: Track) -> Track:
    """#27 (X1): the marker of a seat whose duchy holds #27 is on top of any stack it shares,
    whether it moved there or another marker moved onto it; from the next move on (the
    round's play order is fixed, R-TURNORDER). Shield #6 never lends #27."""
    owners = [s for s, held in enumerate(state.seats)
              if state.estates[held.estate].kinds >> K27 & 1]
    if not owners:
        return track
    out = []
    for stack in track:
        mine = [s for s in stack if s in owners]
        out.append(tuple(s for s in stack if s not in owners) + tuple(mine) if mine else stack)
    return tuple(out)


# -- #28 ------------------------------------------------------------------------------------------
_HIRE = HireWorkers()


def hire_actions(state: State, item: Pending) -> tuple[Action, ...]:
    """#28 (X2; decided on the Extra hexes page): on any decision of the seat whose duchy holds #28
    (or borrows it: shield #6), a free action: 1 silverling for 2 workers, repeatable."""
    seat = item.seat
    if seat < 0 or seat in (CHANCE_SEAT, AUTO_SEAT):
        return ()
    index = state.seats[seat].estate
    estate = state.estates[index]
    if estate.silver < HIRE_SILVER:
        return ()
    if not (estate.kinds >> K28 & 1 or working_kinds(state, index) >> K28 & 1):
        return ()
    return (_HIRE,)


def apply_hire(state: State, seat: int, action: HireWorkers) -> State:
    """Pay the silverling, take the workers (an estate's gain of workers: shield #2 sees it)."""
    return gain(state, seat, Income(silver=-HIRE_SILVER, workers=HIRE_WORKERS), "hire")


# -- the crane ------------------------------------------------------------------------------------
def crane_effect(state: State, seat: int, space: int, tile: int) -> State | None:
    """The crane placed: the player chooses the building whose effect it has (X3)."""
    if tile != CRANE:
        return None
    return push(state, CraneChoice(seat, space))


def imitated(state: State) -> tuple[int, ...]:
    """The building kinds the crane may imitate: one code of each building type of the
    ruleset but its own (the core's eight; a white castle with that variant on)."""
    return imitated_kinds(state.rules)


def crane_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """R-EXTRA-HEXES: any building effect, even one the player does not have."""
    return tuple(CraneEffect(code) for code in imitated(state))


def apply_crane(state: State, seat: int, action: CraneEffect) -> State:
    """The effect of the chosen building, as if it had been placed on the crane's space
    (the one crane of the game; its decision is answered)."""
    space = state.seat_estate(seat).spaces.index(CRANE)
    return tile_effect(state, seat, space, action.tile)


def crane_count(state: State, estate: int, building: str, count: int) -> int:
    """X3, R-EXTRA-HEXES: at game end the crane counts as one building of the type that
    gives its owner the most knowledge VP (#16-#23, #29), chosen automatically: each type is
    tried and the best one (the first in the ruleset's order on a tie) counts."""
    if building == CRANE_BUILDING or not state.estates[estate].kinds >> CRANE & 1:
        return count
    chosen = extra(state).crane_as[estate] or best_crane_type(state, estate)
    return count + (building == chosen)


def best_crane_type(state: State, estate: int) -> str:
    """The building type the crane of estate ``estate`` scores its owner best as: every
    type of the ruleset (not the crane's own) tried with the scoring tiles that work for
    the estate."""
    seat = first_seat_of_estates(state)[estate]
    kinds = working_kinds(state, estate)
    current = extra(state)
    best, best_vp = "", -1
    for code in imitated(state):
        building = TILES[code].building or ""
        choice = list(current.crane_as)
        choice[estate] = building
        trial = state.with_variant_state(NAME, ExtraState(crane_as=tuple(choice)))
        vp = sum(tile_terms(trial, seat, kinds).values())
        if vp > best_vp:
            best, best_vp = building, vp
    return best


# -- the geese ------------------------------------------------------------------------------------
def pasture_of(state: State, estate: int, space: int) -> int:
    """The pasture of ``space`` with the variants' pasture modifiers (shield #1: all)."""
    engine = state.rules.engine
    board = engine.boards[state.estates[estate].board]
    mask = board.regions[board.region_of[space]].mask
    for modifier in engine.pasture:
        mask = modifier(state, estate, space, mask)
    return mask


def _species_tiles(state: State, estate: int, mask: int) -> dict[str, list[int]]:
    spaces = state.estates[estate].spaces
    found: dict[str, list[int]] = {}
    for space in bits(mask & state.estates[estate].filled):
        species = TILES[spaces[space]].species
        if species is not None and species != GOOSE:
            found.setdefault(species, []).append(spaces[space])
    return found


def geese_effect(state: State, seat: int, space: int, tile: int) -> State | None:
    """The geese placed (their own 2 VP the core scores as for any animal tile): the player
    picks another species of their pasture (X4); none there: nothing more."""
    if tile != GEESE:
        return None
    index = state.seats[seat].estate
    if not _species_tiles(state, index, pasture_of(state, index, space)):
        return state
    return push(state, GeeseChoice(seat, space))


def geese_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """The species with tiles in the geese's pasture, in the core's species order."""
    assert isinstance(item, GeeseChoice)
    index = state.seats[item.seat].estate
    found = _species_tiles(state, index, pasture_of(state, index, item.space))
    return tuple(GeeseSpecies(species) for species in sorted(found))


def apply_geese(state: State, seat: int, action: GeeseSpecies) -> State:
    """X4: the VP of every tile of the chosen species in the pasture: their animals, with the
    animal-score modifiers (knowledge #7: +1 a tile that scores)."""
    index = state.seats[seat].estate
    geese_space = _geese_space(state, index)  # the one geese tile of the game
    tiles = tuple(_species_tiles(state, index, pasture_of(state, index, geese_space))
                  .get(action.species, ()))
    vp = sum(TILES[t].animals for t in tiles)
    for score in state.rules.engine.animal_score:
        vp = score(state, seat, GEESE, tiles, vp)
    return add_vp(state, seat, vp, "geese")


def _geese_space(state: State, estate: int) -> int:
    return state.estates[estate].spaces.index(GEESE)


def later_animals(state: State, seat: int, space: int, tile: int) -> State:
    """X4: after the geese, every animal tile placed in their pasture scores 2 VP more for
    them (knowledge #7: +1, the geese being an animal tile that scores)."""
    if tile == GEESE or TILES[tile].species is None:
        return state
    index = state.seats[seat].estate
    estate = state.estates[index]
    if not estate.kinds >> GEESE & 1:
        return state
    if not pasture_of(state, index, space) >> _geese_space(state, index) & 1:
        return state
    vp = GEESE_VP
    for score in state.rules.engine.animal_score:
        vp = score(state, seat, GEESE, (GEESE,), vp)
    return add_vp(state, seat, vp, "geese")


def validate(state: State) -> None:
    """The variant's part of a loaded state: one ``crane_as`` entry per estate, each ``""``
    (the rules set it only on the copies they score to compare the crane's types, never on
    a state of the game); at most one crane and one geese decision on the stack (the box
    has one of each; what each names is checked by the item itself).

    Raises:
        ValueError: What is wrong.
    """
    current = extra(state)
    if len(current.crane_as) != len(state.estates):
        raise ValueError("extra_hexes: one crane_as entry per estate expected")
    for entry in current.crane_as:
        if entry != "":
            raise ValueError(f"extra_hexes: crane_as {brief(entry)}: the crane's type is "
                             "chosen only when it is scored, never kept in a state")
    for kind in (CraneChoice, GeeseChoice):
        if sum(1 for item in state.pending if type(item) is kind) > 1:
            raise ValueError(f"extra_hexes: two {kind.__name__} decisions pending (the box "
                             "has one crane and one geese tile)")
