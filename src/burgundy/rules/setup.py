"""Game set-up and phase set-up.

Game set-up (rulebook "Setup"): the start player is chosen by chance; workers 1-4 go out in
seat order from the start player; the turn-order markers are stacked on the first space with
the start player on top; every estate gets 1 silverling, 3 goods at random and its start
castle (on the central 6, or on a castle space its player chooses in the advanced set-up).

Phase set-up: the hexes left on the depots leave the game, goods stay; the numbered depots
are filled by player count from the piles of matching back colour (in a 3-player game depot
6's castle space takes a mine in phases B and D), the black depot from the black pile, and
five goods go on the round spaces.
"""

from __future__ import annotations

from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from burgundy._data import load
from burgundy.components import (
    ALL_GOODS_COLOURS,
    CASTLE,
    COLOURS,
    GOODS_COLOURS,
    GOODS_PER_COLOUR,
    TILE_CODE_LIMIT,
    Colour,
    ruleset_tiles,
)
from burgundy.errors import brief
from burgundy.geometry import N_SPACES, NO_BOARD, STANDARD_BOARD
from burgundy.pending import (
    BoardDraw,
    GoodsDraw,
    HexDraw,
    Pending,
    PhaseStart,
    RoundStart,
    StartCastleChoice,
    StartCastles,
    StartPlayerDraw,
)
from burgundy.rules.income import push, set_estate
from burgundy.rules.phases import PHASE_NAMES
from burgundy.rules.place import put_tile
from burgundy.rules.scoring import BONUS_TILES_PER_COLOUR, play_order
from burgundy.state import EMPTY, Estate, Seat, State, build_state, changed, copier, replace

if TYPE_CHECKING:
    from burgundy.state import RulesView

_BOARD = load("mainboard")
START_SILVER: int = int(_BOARD["start_silver"])
"""Silverlings of every estate at the start (1)."""
START_WORKERS: tuple[int, ...] = tuple(_BOARD["start_workers_by_order"])
"""Workers at the start of the start player and of the next seats clockwise (1, 2, 3, 4)."""
START_GOODS: int = int(_BOARD["goods_per_player"])
"""Goods tiles drawn for every estate at the start (3)."""
GOODS_PER_PHASE: int = int(_BOARD["goods_per_phase"])
"""Goods tiles laid out on the round spaces each phase (5, one a round)."""
BLACK_DEPOT_SIZE: dict[int, int] = {int(k): int(v) for k, v in _BOARD["black_depot_size"].items()}
"""Hexes drawn onto the black depot each phase, by player count (4/6/8 for 2/3/4)."""
DEPOTS: int = len(_BOARD["depots"])
"""Numbered depots (6), one per die number."""
_DEPOT_SPACES: tuple[tuple[int, int, int], ...] = tuple(
    sorted(
        (
            (int(depot), int(mark), int(Colour.from_label(label)))
            for depot, marks in _BOARD["depots"].items()
            for mark, labels in marks.items()
            for label in labels
        ),
        key=itemgetter(0, 1),  # stable: a mark's spaces keep their order
    )
)
"""The numbered depots' hex spaces as ``(depot, player mark 2/3/4, colour)``, depot by
depot and mark by mark."""
# With 3 players, the mark-3 space of colour _MINE_SPACE of depot _MINE_DEPOT (depot 6's
# castle space) takes a mine in the phases _MINE_PHASES (B and D).
_EXCEPTION = _BOARD["three_player_exception"]
_MINE_DEPOT: int = int(_EXCEPTION["depot"])
_MINE_SPACE: int = int(Colour.from_label(_EXCEPTION["space_colour"]))
_MINE_PHASES: frozenset[int] = frozenset(PHASE_NAMES.index(p) for p in _EXCEPTION["phases_as_mine"])
CODES_BY_COLOUR: tuple[tuple[int, ...], ...] = ruleset_tiles().codes_by_colour
"""The core's tile codes of each colour (a ruleset's, with its variants' kinds:
``rules.engine.tiles.codes_by_colour``)."""
_ALL_CODES = tuple(range(TILE_CODE_LIMIT))


@cache
def depot_spaces(players: int, phase: int) -> tuple[tuple[int, int], ...]:
    """Return the ``(depot, colour)`` hex spaces of the numbered depots used in a phase.

    2 players use the spaces marked 2; 3 players also those marked 3 (with depot 6's castle
    space holding a mine in phases B and D); 4 players all 24.
    """
    spaces = []
    for depot, mark, colour in _DEPOT_SPACES:
        if mark > players:
            continue
        if (
            players == 3 and mark == 3 and depot == _MINE_DEPOT and colour == _MINE_SPACE
            and phase in _MINE_PHASES
        ):
            colour = int(Colour.MINE)
        spaces.append((depot, colour))
    return tuple(spaces)


def black_depot_size(players: int) -> int:
    """Hexes on the black depot each phase (4/6/8 for 2/3/4 players)."""
    return BLACK_DEPOT_SIZE[players]


def validate_hex_draw(state: State, item: Pending) -> None:
    """Check a :class:`~burgundy.pending.HexDraw` on a loaded stack (its rule's
    ``validate``): the black depot with colour -1, or a numbered depot's space of this
    phase (:func:`depot_spaces`, by the count the values are taken for).

    Raises:
        ValueError: No such depot space.
    """
    assert isinstance(item, HexDraw)
    if item.depot == 0 and item.colour == -1:
        return
    if (item.depot, item.colour) not in depot_spaces(state.rules.value_players, state.phase):
        raise ValueError(
            f"depot {brief(item.depot)} colour {brief(item.colour)}: no depot space of this "
            f"phase (the black depot is depot 0 colour -1)"
        )


def initial_state(rules: RulesView) -> State:
    """Return the state before set-up's first chance event (the start player draw)."""
    n = rules.players
    seat_estates = rules.engine.seat_estates
    count = max(seat_estates) + 1
    option = rules.options["boards"]
    dealt = option == "random" or (option == "standard" and rules.engine.variant_deal)
    if dealt:
        ids: tuple[str, ...] = (NO_BOARD,) * count
    elif option == "standard":
        ids = (STANDARD_BOARD,) * count
    else:
        ids = tuple(option)
    boards = rules.engine.boards
    main, black = rules.engine.tiles.main, rules.engine.tiles.black
    state = build_state(
        rules=rules,
        seats=tuple(Seat(estate=seat_estates[i]) for i in range(n)),
        estates=tuple(
            Estate(board=b, spaces=(EMPTY,) * (boards[b].size if b else N_SPACES)) for b in ids
        ),
        phase=0, round=0, order=(), turn=0, track=(), white=0,
        depots=((),) * DEPOTS, black_depot=(),
        depot_goods=((0,) * GOODS_COLOURS,) * DEPOTS, round_goods=(),
        goods_pool=(GOODS_PER_COLOUR,) * GOODS_COLOURS,
        supply=main, black_supply=black, removed=(0,) * len(main),
        bonus_tiles=(BONUS_TILES_PER_COLOUR,) * len(COLOURS), purchased=False,
        pending=(),
    )
    goods = tuple(
        GoodsDraw(estate=i) for i in reversed(range(count)) for _ in range(START_GOODS)
    )
    draws = tuple(BoardDraw(estate=i) for i in reversed(range(count))) if dealt else ()
    state = push(state, PhaseStart(), StartCastles(), *goods, *draws, StartPlayerDraw())
    for setup in rules.engine.setup:
        state = setup(state)
    return rules.engine.advance(state)


# -- chance of the game set-up --------------------------------------------------------------
def start_player_outcomes(state: State, item: Pending) -> tuple[tuple[int, float], ...]:
    """Each seat starts with probability 1/n."""
    n = len(state.seats)
    return tuple((seat, 1.0 / n) for seat in range(n))


def resolve_start_player(state: State, item: Pending, start: int) -> State:
    """Seat ``start`` starts: workers 1, 2, 3, 4 from it in seat order; markers stacked;
    then the variants' ``on_start_player`` events (other start resources, another first
    order)."""
    n = len(state.seats)
    clockwise = [(start + k) % n for k in range(n)]
    for k, seat in enumerate(clockwise):
        state = set_estate(
            state, state.seats[seat].estate, workers=START_WORKERS[k], silver=START_SILVER
        )
    track = (tuple(reversed(clockwise)),)
    state = replace(state, track=track, order=play_order(track))
    for handler in state.rules.engine.on_start_player:
        state = handler(state, start)
    return state


def board_outcomes(state: State, item: Pending) -> tuple[tuple[str, float], ...]:
    """A board not yet dealt, each equally likely (from ``engine.deal_boards``: the box's
    duchies 1-10, in the 2011 edition without #2, and any board a variant marks dealt, or
    a variant's deal, hook ``burgundy_board_deal``). Once every board of the deal is dealt,
    every one may be dealt again (copies, for a deal of fewer boards than players)."""
    pool = state.rules.engine.deal_boards
    counts = [e.board for e in state.estates].count
    fewest = min(counts(b) for b in pool)
    left = [b for b in pool if counts(b) == fewest]
    return tuple((b, 1.0 / len(left)) for b in left)


def resolve_board(state: State, item: Pending, board_id: str) -> State:
    """Estate ``item.estate`` is dealt board ``board_id`` (its spaces, all empty)."""
    assert isinstance(item, BoardDraw)
    size = state.rules.engine.boards[board_id].size
    return set_estate(state, item.estate, board=board_id, spaces=(EMPTY,) * size)


def goods_outcomes(state: State, item: Pending) -> tuple[tuple[int, float], ...]:
    """A face-down goods tile, by colour, in proportion to what is left."""
    return _draw_outcomes(ALL_GOODS_COLOURS, state.goods_pool)


def resolve_goods(state: State, item: Pending, colour: int) -> State:
    """Goods tile ``colour`` goes to an estate or to the next round space (the draw is
    popped here: ``PendingRule.pops``)."""
    assert isinstance(item, GoodsDraw)
    pool = list(state.goods_pool)
    pool[colour - 1] -= 1
    changes: dict[str, Any] = {"goods_pool": tuple(pool), "pending": state.pending[:-1]}
    if item.estate < 0:
        changes["round_goods"] = (*state.round_goods, colour)
    else:
        estate = state.estates[item.estate]
        goods = list(estate.goods)
        goods[colour - 1] += 1
        estates = list(state.estates)
        estates[item.estate] = replace(estate, goods=tuple(goods))
        changes["estates"] = tuple(estates)
    return changed(state, changes)


def run_start_castles(state: State, item: Pending) -> State:
    """Place each estate's start castle on the central 6, or ask for a castle space
    (advanced set-up, or a board whose centre is no castle space), in turn order: one
    castle per estate, chosen by its first seat in that order."""
    engine = state.rules.engine
    choose = state.rules.options["start_castle"] == "choose"
    asks = []
    done: set[int] = set()
    for seat in state.order:
        index = state.seats[seat].estate
        if index in done:
            continue  # partners share one duchy and one start castle
        done.add(index)
        board = engine.boards[state.estates[index].board]
        if choose or board.start < 0 or board.colours[board.start] != Colour.CASTLE:
            asks.append(StartCastleChoice(seat))
        else:
            state = place_start_castle(state, index, board.start)
    return push(state, *reversed(asks))


def place_start_castle(state: State, estate: int, space: int) -> State:
    """Put a castle from the supply on ``space`` as estate ``estate``'s start castle; it
    scores nothing (the start castle never completes a region)."""
    supply = list(state.supply)
    supply[CASTLE] -= 1
    state = replace(state, supply=tuple(supply))
    state = put_tile(state, estate, CASTLE, space, from_storage=False)
    return set_estate(state, estate, start=space)


# -- phase set-up ---------------------------------------------------------------------------
def run_phase_start(state: State, item: Pending) -> State:
    """Clear the depots' hexes and queue the draws that lay out the phase; then the
    variants' phase-start events (``burgundy_events["phase_start"]``)."""
    removed = list(state.removed)
    for tile in (*(t for depot in state.depots for t in depot), *state.black_depot):
        removed[tile] += 1
    state = replace(state, depots=((),) * DEPOTS, black_depot=(), removed=tuple(removed))
    state = push(state, *_phase_steps(state.rules.value_players, state.phase))
    for handler in state.rules.engine.on_phase_start:
        state = handler(state)
    return state


@cache
def _phase_steps(players: int, phase: int) -> tuple[Pending, ...]:
    """What lays out a phase, the top last: the hex draws, the goods draws, then the first
    round (one shared tuple per player count and phase; pending items are frozen)."""
    hex_draws = [HexDraw(depot=d, colour=c) for d, c in depot_spaces(players, phase)]
    hex_draws += [HexDraw(depot=0, colour=-1)] * black_depot_size(players)
    goods = [GoodsDraw(estate=-1)] * GOODS_PER_PHASE
    return (RoundStart(), *goods, *reversed(hex_draws))


def hex_outcomes(state: State, item: Pending) -> tuple[tuple[int, float], ...]:
    """A face-down hex from the pile of the space's back colour, by tile code, in
    proportion to what is left; no outcome when the pile is empty."""
    assert isinstance(item, HexDraw)
    if item.depot == 0:
        pile = state.black_supply
        return _draw_outcomes(_ALL_CODES[: len(pile)], pile)
    colour = item.colour
    tiles = state.rules.engine.tiles
    counts = tiles.counts_by_colour[colour](state.supply)
    return _draw_outcomes(tiles.codes_by_colour[colour], counts)


def _draw_outcomes(
    codes: tuple[int, ...], counts: tuple[int, ...]
) -> tuple[tuple[int, float], ...]:
    """The draw of one of ``codes`` with ``counts`` of each left, in proportion: pairs
    ``(code, count / total)`` for the codes left."""
    total = sum(counts)
    outcomes = []
    for code, count in zip(codes, counts, strict=True):
        if count:
            outcomes.append((code, count / total))
    return tuple(outcomes)


def resolve_hex(state: State, item: Pending, tile: int) -> State:
    """Hex ``tile`` is drawn onto its depot (the draw is popped here: ``PendingRule.pops``)."""
    assert isinstance(item, HexDraw)
    below = state.pending[:-1]
    if item.depot == 0:
        black = list(state.black_supply)
        black[tile] -= 1
        black_depot = tuple(sorted((*state.black_depot, tile)))
        return _BLACK_DRAWN(
            state, {"black_supply": tuple(black), "black_depot": black_depot, "pending": below}
        )
    supply = list(state.supply)
    supply[tile] -= 1
    depots = list(state.depots)
    depots[item.depot - 1] = tuple(sorted((*depots[item.depot - 1], tile)))
    return _DRAWN(state, {"supply": tuple(supply), "depots": tuple(depots), "pending": below})


_DRAWN = copier(State, "supply", "depots", "pending")
_BLACK_DRAWN = copier(State, "black_supply", "black_depot", "pending")
