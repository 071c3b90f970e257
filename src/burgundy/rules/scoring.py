"""Scoring: animals, completed regions, completed colours, the final scoring and winners."""

from __future__ import annotations

from burgundy._data import load
from burgundy.components import TILES
from burgundy.domains import EstateIndex, SeatIndex, Space, TileCode
from burgundy.geometry import bits
from burgundy.rules.income import add_vp, set_estate
from burgundy.state import State, replace

_TABLES = load("mainboard")
REGION_VP: tuple[int, ...] = tuple(_TABLES["region_vp_by_size"])
"""VP of a completed region by size (index = size, 1-8)."""
PHASE_BONUS: tuple[int, ...] = tuple(_TABLES["phase_bonus"])
"""Extra VP for any region completed in phase A-E."""
_LAST_PHASE = len(PHASE_BONUS) - 1  # the index of phase E
LARGE_BONUS: dict[int, int] = {int(k): v for k, v in _TABLES["colour_bonus"]["large"].items()}
"""VP of the large colour bonus tile by player count."""
SMALL_BONUS: dict[int, int] = {int(k): v for k, v in _TABLES["colour_bonus"]["small"].items()}
"""VP of the small colour bonus tile by player count."""
BONUS_VP: tuple[dict[int, int], ...] = (LARGE_BONUS, SMALL_BONUS)
"""VP of a colour's bonus tiles by size (0: large, taken first; 1: small) and player count."""
BONUS_TILES_PER_COLOUR: int = len(BONUS_VP)
"""Colour bonus tiles of each colour at the start (2: a large and a small one)."""
FINAL_VP_PER_GOOD: int = int(_TABLES["final"]["vp_per_good"])
"""Final scoring: VP per unsold goods tile (1)."""
FINAL_VP_PER_SILVER: int = int(_TABLES["final"]["vp_per_silver"])
"""Final scoring: VP per silverling (1)."""
FINAL_WORKERS_PER_VP: int = int(_TABLES["final"]["workers_per_vp"])
"""Final scoring: workers per VP, rounded down (2)."""


def region_vp(size: int) -> int:
    """VP of a completed region of ``size`` spaces (1, 3, 6, ... 36; larger sizes continue
    the triangular table, which variants such as shield #17 reach)."""
    if size < len(REGION_VP):
        return REGION_VP[size]
    return size * (size + 1) // 2


def score_placement(state: State, seat: SeatIndex, space: Space, tile: TileCode) -> State:
    """Score a hex just placed on ``space``: its animals, its region, its colour, and,
    where tiles score when placed (R-SOLO-KNOWLEDGE), its own VP (:func:`tile_terms`)."""
    if TILES[tile].species is not None:
        state = score_animals(state, seat, space, tile)
    state = score_region(state, seat, space)
    state = score_colour(state, seat, space)
    engine = state.rules.engine
    if engine.tiles_score_when_placed and engine.tile_score:
        for name, vp in sorted(tile_terms(state, seat, 1 << tile).items()):
            state = add_vp(state, seat, vp, name)
    return state


def working_kinds(state: State, estate: EstateIndex) -> int:
    """Bitmask (bit ``code``) of the tile kinds that work for estate ``estate``: those in
    its duchy and those the variants lend it (hook ``burgundy_borrowed_tiles``)."""
    mask = state.estates[estate].kinds
    for lend in state.rules.engine.borrowed_tiles:
        for code in lend(state, estate):
            mask |= 1 << code
    return mask


def building_count(state: State, estate: EstateIndex, building: str) -> int:
    """How many buildings of type ``building`` (``"bank"``, a variant's ``"white-castle"``)
    estate ``estate``'s duchy counts: its placed tiles whose kind has that building type,
    then the ``burgundy_building_count`` modifiers (the crane counts as a type of its
    owner's choice). Knowledge #16-#23 and #29 count with it.

    Examples:
        >>> import burgundy
        >>> from burgundy.rules.scoring import building_count
        >>> state = burgundy.Ruleset(players=2, variants=()).initial_state()
        >>> building_count(state, 0, "bank")
        0
    """
    spaces = state.estates[estate].spaces
    count = 0
    for code in state.rules.engine.tiles.codes_by_building.get(building, ()):
        count += spaces.count(code)
    for modifier in state.rules.engine.building_count:
        count = modifier(state, estate, building, count)
    return count


def tile_terms(state: State, seat: int, kinds: int) -> dict[str, int]:
    """The VP the scoring tiles ``kinds`` (bitmask by code) are worth to seat ``seat`` now:
    each ``burgundy_scoring["tile"]`` provider asked once per kind, terms added up by name."""
    terms: dict[str, int] = {}
    for code in bits(kinds):
        for score in state.rules.engine.tile_score:
            for name, vp in score(state, seat, code).items():
                terms[name] = terms.get(name, 0) + vp
    return terms


def score_animals(state: State, seat: SeatIndex, space: Space, tile: TileCode) -> State:
    """Score an animal tile: its animals plus every earlier tile of its species in the
    same pasture, adjacent or not (rulebook: Benno's cows, 4 + 3 = 7 VP)."""
    engine = state.rules.engine
    index = state.seats[seat].estate
    estate = state.estates[index]
    board = engine.boards[estate.board]
    pasture = board.regions[board.region_of[space]].mask
    for modifier in engine.pasture:
        pasture = modifier(state, index, space, pasture)
    species = TILES[tile].species
    earlier = [
        estate.spaces[s] for s in bits(pasture & estate.filled & ~(1 << space))
        if TILES[estate.spaces[s]].species == species
    ]
    scoring = (*earlier, tile)
    vp = sum(TILES[t].animals for t in scoring)
    for score in engine.animal_score:
        vp = score(state, seat, tile, scoring, vp)
    return add_vp(state, seat, vp, "animals")


def scored_region_size(state: State, estate: int, region: int) -> int:
    """The size region ``region`` of estate ``estate`` scores as once completed: its
    spaces, as the variants change it (hook ``burgundy_region_size``: an inn's region, or
    shield #17's, scores one space larger). The bots' valuations price the regions under
    way with it too.

    Examples:
        >>> import burgundy
        >>> from burgundy.rules.scoring import scored_region_size
        >>> state = burgundy.Game(players=2, seed=1).state
        >>> board = state.rules.engine.boards[state.estates[0].board]
        >>> scored_region_size(state, 0, 0) == board.regions[0].size   # no variant changes it
        True
    """
    engine = state.rules.engine
    size = engine.boards[state.estates[estate].board].regions[region].size
    for modifier in engine.region_size:
        size = modifier(state, estate, region, size)
    return size


def score_region(state: State, seat: SeatIndex, space: Space) -> State:
    """Score the region of ``space`` if the placement completed it: its size's VP plus the
    phase bonus (10/8/6/4/2 in phases A-E)."""
    engine = state.rules.engine
    index = state.seats[seat].estate
    estate = state.estates[index]
    board = engine.boards[estate.board]
    region_index = board.region_of[space]
    region = board.regions[region_index]
    if region.mask & ~estate.filled:
        return state
    size = scored_region_size(state, index, region_index)
    bonus = PHASE_BONUS[min(state.phase, _LAST_PHASE)]
    state = add_vp(state, seat, region_vp(size) + bonus, "regions")
    for handler in engine.on_region_complete:
        state = handler(state, seat, region_index)
    return state


def bonus_tile_vp(state: State, seat: SeatIndex, colour: int, size: int, vp: int) -> int:
    """The VP of a bonus tile seat ``seat`` gains, once the variants changed its base
    ``vp`` (hook ``burgundy_bonus_tile_value``: shield #7 doubles it).

    Args:
        state: The state the tile is gained in.
        seat: The seat that gains it.
        colour: The colour completed, or :data:`~burgundy.components.NO_COLOUR` for a
            variant's bonus tile of no colour (the outposts' bonus).
        size: 0 for the large tile, 1 for the small one.
        vp: The tile's printed VP.

    Examples:
        >>> import burgundy
        >>> from burgundy.components import NO_COLOUR
        >>> from burgundy.rules.scoring import bonus_tile_vp
        >>> state = burgundy.Ruleset(players=2).initial_state()
        >>> bonus_tile_vp(state, 0, NO_COLOUR, 0, 5)  # no variant changes bonus tiles
        5
    """
    for modifier in state.rules.engine.bonus_tile_value:
        vp = modifier(state, seat, colour, size, vp)
    return vp


def score_colour(state: State, seat: SeatIndex, space: Space) -> State:
    """Award a colour bonus tile if the placement covered the last space of its colour
    (R-BONUS: first large, second small, later none)."""
    engine = state.rules.engine
    index = state.seats[seat].estate
    estate = state.estates[index]
    board = engine.boards[estate.board]
    colour = int(board.colours[space])
    if board.colour_masks[colour] & ~estate.filled:
        return state
    left = state.bonus_tiles[colour]
    if left > 0:
        size = BONUS_TILES_PER_COLOUR - left  # the large tile goes first
        vp = bonus_tile_vp(state, seat, colour, size, BONUS_VP[size][state.rules.value_players])
        bonus = list(state.bonus_tiles)
        bonus[colour] = left - 1
        state = replace(state, bonus_tiles=tuple(bonus))
        state = set_estate(state, index, bonus=(*estate.bonus, (colour, size)))
        state = add_vp(state, seat, vp, "colour bonus")
    for handler in engine.on_colour_complete:
        state = handler(state, seat, colour)
    return state


def first_seat_of_estates(state: State) -> dict[int, int]:
    """Map each estate to the lowest seat playing on it (who books the estate's points)."""
    owners: dict[int, int] = {}
    for index, seat in enumerate(state.seats):
        owners.setdefault(seat.estate, index)
    return owners


def final_terms(state: State, seat: int) -> dict[str, int]:
    """Return the final-scoring terms of one seat: unsold goods, silver, workers, the
    scoring tiles (:func:`tile_terms`, unless they scored when placed) and the variants'
    terms (shields, ...). Estate terms go to the estate's first seat."""
    terms: dict[str, int] = {}
    index = state.seats[seat].estate
    if first_seat_of_estates(state)[index] == seat:
        estate = state.estates[index]
        terms["goods"] = sum(estate.goods) * FINAL_VP_PER_GOOD
        terms["silver"] = estate.silver * FINAL_VP_PER_SILVER
        terms["workers"] = estate.workers // FINAL_WORKERS_PER_VP
        engine = state.rules.engine
        if engine.tile_score and not engine.tiles_score_when_placed:
            terms.update(tile_terms(state, seat, working_kinds(state, index)))
    for term in state.rules.engine.final_scoring:
        for name, vp in term(state, seat).items():
            terms[name] = terms.get(name, 0) + vp
    for modifier in state.rules.engine.final_terms:
        terms = modifier(state, seat, terms)
    return terms


def final_scoring(state: State) -> State:
    """Add every seat's final-scoring terms to its score."""
    all_terms = [final_terms(state, seat) for seat in range(len(state.seats))]
    for seat, terms in enumerate(all_terms):
        for name, vp in sorted(terms.items()):
            state = add_vp(state, seat, vp, name)
    return state


def play_order(track: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Return the play order the turn-order track gives: the furthest space first, within a
    stack the top first."""
    return tuple(seat for stack in reversed(track) for seat in reversed(stack))


def winners(state: State) -> tuple[int, ...]:
    """Return the winning seats (R-TIEBREAK): most VP; then most (option ``"most"``) or
    fewest empty duchy spaces; then the tied seat further back in turn order."""
    sign = 1 if state.rules.options["tiebreak_empty"] == "most" else -1
    order = play_order(state.track)

    def rank(seat: int) -> tuple[int, int, int]:
        empty = state.seat_estate(seat).empty_spaces
        return (state.seats[seat].vp, sign * empty, order.index(seat))

    best = max(range(len(state.seats)), key=rank)
    result: tuple[int, ...] = (best,)
    for modifier in state.rules.engine.winners_mods:
        result = modifier(state, result)
    return result

