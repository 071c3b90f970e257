"""The solo module's rules: one function per rule, wired to the core's hooks by
:mod:`burgundy_solo.plugin`.

Rule sentences are quoted by their number, as docs/rules.md's sources number them
(S1-S19: the 2019 module, RU19; P1-P17: the 2018 promo, SOLO18); rulings by their id
(R-SOLO-REMOVE, ...). """

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import cache
from importlib import resources
from typing import Any

import attrs

from burgundy.plugin import (
    EMPTY,
    PHASES,
    TILE_COLOUR,
    TILE_EFFECT,
    Action,
    Board,
    BonusAction,
    Colour,
    Pending,
    Ruleset,
    RulesView,
    State,
    TileKind,
    bits,
    brief,
    can_receive,
    depot_spaces,
    distinct,
    placement_mask,
    push,
    put_tile,
    receive,
    remove_from_depot,
    replace,
    set_estate,
    set_seat,
    settle_placement,
)
from burgundy_solo.boards import solo_board
from burgundy_solo.model import (
    BLACK_TILE,
    NAME,
    TARGET_FLOOR,
    TARGET_STEP,
    TRADE_GOODS,
    BlackTrade,
    BuyPoints,
    BuyVictoryPoints,
    ColourReward,
    PlaceBlackHex,
    ShipClearing,
    SoloState,
    TradeForBlackTile,
)

BOARD = "solo_board"
"""Option: the solo board, ``"13a"`` (default, beginners) or ``"13b"`` (advanced)."""
ART = "solo_board_art"
"""Option: the board art, ``"2019"`` (default) or ``"2018"`` (the promo: one die of 13a)."""
TARGET = "solo_target"
"""Option: where the target marker starts, 45-55 (default 50; the special edition's
difficulty setting)."""
WHOLE_RIVER = "solo_whole_river"
"""Option: the whole river joins every two of its ship spaces (R-SOLO-RIVER's option)."""
TARGET_RANGE = range(45, 56)
"""The start targets option ``solo_target`` accepts."""
SOLO_WORKERS = 2
"""Workers the solo player starts with (S2/P2; silver and goods are the core's 1 and 3)."""
ALL_COLOURS = 6
"""The goods colour limit in solo (S4/P2: any number of goods colours)."""

BLACK_TILE_KIND = TileKind(BLACK_TILE, "black-tile", None, effect=None)
"""The face-down black tile: no colour (it goes on a space of any colour: hook
``burgundy_placement["spaces"]``), no effect of any kind (R-SOLO-BLACK)."""


# -- data -------------------------------------------------------------------------------------
@cache
def depot_slots() -> dict[int, tuple[int, ...]]:
    """Each numbered depot's hex slots in removal order, as the colours of its two 2-player
    spaces (``data/depot_slots.json``: a documented default order, R-SOLO-REMOVE).

    Raises:
        ValueError: The data does not list each depot's 2-player space colours once.
    """
    text = resources.files("burgundy_solo.data").joinpath("depot_slots.json").read_text("utf-8")
    slots = {
        int(depot): tuple(int(Colour.from_label(c)) for c in colours)
        for depot, colours in json.loads(text)["slots"].items()
    }
    for depot in range(1, 7):
        printed = sorted(c for d, c in depot_spaces(2, 0) if d == depot)
        if sorted(slots.get(depot, ())) != printed:
            raise ValueError(
                f"depot_slots.json: depot {depot} must list the colours of its 2-player "
                f"spaces {printed} once each"
            )
    return slots


def solo(state: State) -> SoloState:
    """The solo state of ``state``."""
    value: SoloState = state.variant_state(NAME)
    return value


def with_solo(state: State, **changes: Any) -> State:
    """``state`` with the solo state's fields ``changes`` changed."""
    return state.with_variant_state(NAME, attrs.evolve(solo(state), **changes))


# -- options and boards -----------------------------------------------------------------------
def check_target(value: Any, rules: Ruleset) -> int:
    """Option ``solo_target``: an integer 45-55."""
    if type(value) is not int or value not in TARGET_RANGE:
        raise ValueError(
            f"option {TARGET!r} must be an integer {TARGET_RANGE.start}-"
            f"{TARGET_RANGE.stop - 1}; got {brief(value)}"
        )
    return value


def the_board(rules: RulesView) -> Board:
    """The ruleset's solo board (options ``solo_board``, ``solo_board_art``,
    ``solo_whole_river``).

    Raises:
        ValueError: Option ``boards`` is not left at ``"standard"`` (the board is
            ``solo_board``'s).
    """
    if rules.options["boards"] != "standard":
        raise ValueError(
            f"solo plays on board 13a or 13b, chosen with option {BOARD!r}; leave option "
            f"'boards' at 'standard'"
        )
    return solo_board(rules.options[BOARD], rules.options[ART], rules.options[WHOLE_RIVER])


def setup(rules: Ruleset) -> Callable[[State], State]:
    """The solo set-up: the solo board (S3), the target marker (S5), the black tiles in the
    supply (the 2 workers come once the start player is drawn: :func:`start_workers`)."""
    board = the_board(rules)
    target = rules.options[TARGET]

    def set_up(state: State) -> State:
        state = set_estate(state, 0, board=board.id, spaces=(EMPTY,) * board.size)
        supply = list(state.supply)
        supply[BLACK_TILE] += sum(state.black_supply)  # one per black-backed hex
        state = replace(state, supply=tuple(supply))
        return state.with_variant_state(NAME, SoloState(target=target))

    return set_up


def start_workers(state: State, start: int) -> State:
    """S2/P2: the solo player has 2 workers (and the core's 1 silverling and 3 goods)."""
    return set_estate(state, 0, workers=SOLO_WORKERS)


# -- modifiers ------------------------------------------------------------------------------
def colour_limit(state: State, estate: int, limit: int) -> int:
    """S4/P2: goods of every colour may be held."""
    return ALL_COLOURS


def no_bonus_vp(state: State, seat: int, colour: int, size: int, vp: int) -> int:
    """S15/P14, R-SOLO-COLOUR: covering a colour gives no VP (its bonus tile is still taken,
    worth nothing, so knowledge #26 counts the colours covered: R-SOLO-KNOWLEDGE)."""
    return 0


def black_tile_spaces(state: State, seat: int, tile: int, mask: int) -> int:
    """R-SOLO-BLACK: a black tile goes on an empty space of any colour."""
    if tile != BLACK_TILE:
        return mask
    return state.seat_estate(seat).empty_mask


# -- each round: one hex leaves (R-SOLO-REMOVE) -----------------------------------------------
def removed_hex(state: State) -> tuple[int, int] | None:
    """The ``(depot, tile)`` that leaves the game this round: the hex in the first occupied
    slot of the white die's depot, or of the next depot clockwise (6 -> 1) while a depot is
    empty; ``None`` when all six are empty (S9/P7)."""
    slots = depot_slots()
    for step in range(6):
        depot = (state.white - 1 + step) % 6 + 1
        tiles = state.depots[depot - 1]
        if not tiles:
            continue
        for colour in slots[depot]:
            for tile in tiles:
                if TILE_COLOUR[tile] == colour:
                    return depot, tile
        return depot, tiles[0]  # a hex of no slot's colour (another variant's): the first
    return None


def remove_round_hex(state: State) -> State:
    """Round start, after the round's goods (S9/P7): one hex of the white die's depot
    leaves the game; no chance (R-SOLO-REMOVE)."""
    found = removed_hex(state)
    if found is None:
        return state
    depot, tile = found
    removed = list(state.removed)
    removed[tile] += 1
    return replace(remove_from_depot(state, depot, tile), removed=tuple(removed))


# -- ships: the other goods leave, then the black-tile trade ----------------------------------
def after_ship(state: State, seat: int, space: int, tile: int) -> State:
    """A ship placed (not a black tile: it has no effect, P12): once its goods are taken,
    :class:`ShipClearing` (pushed below the ship's goods decision, which the core pushes
    next)."""
    if TILE_EFFECT[tile] != "ship":
        return state
    return push(state, ShipClearing(trader=seat))


def run_ship_clearing(state: State, item: Pending) -> State:
    """S11/P10: every good left on the depots leaves the game; then the trade of S12/P11 is
    offered."""
    assert isinstance(item, ShipClearing)
    out = list(solo(state).goods_out)
    for goods in state.depot_goods:
        for colour, n in enumerate(goods):
            out[colour] += n
    state = replace(state, depot_goods=((0,) * 6,) * 6)
    state = with_solo(state, goods_out=tuple(out))
    return push(state, BlackTrade(item.trader))


def payments(goods: tuple[int, ...], count: int = TRADE_GOODS) -> Iterator[tuple[int, ...]]:
    """Every way to pay ``count`` goods out of ``goods`` (counts by colour), as counts by
    colour, in a fixed order; any mix of colours (R-SOLO-BLACK).

    Examples:
        >>> from burgundy_solo.rules import payments
        >>> list(payments((2, 0, 0, 0, 0, 4), 5))
        [(1, 0, 0, 0, 0, 4), (2, 0, 0, 0, 0, 3)]
    """
    if not goods:
        if count == 0:
            yield ()
        return
    rest = goods[1:]
    for paid in range(min(goods[0], count) + 1):
        if sum(rest) >= count - paid:
            for tail in payments(rest, count - paid):
                yield (paid, *tail)


def black_trade_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """R-SOLO-BLACK: a black-depot hex of the player's choice for any 5 goods, into storage
    (a stored hex discarded first when it is full, R-STORAGE); none when the black depot
    is empty or fewer than 5 goods are held."""
    seat = item.seat
    estate = state.seat_estate(seat)
    if not state.black_depot or not state.supply[BLACK_TILE] or sum(estate.goods) < TRADE_GOODS:
        return ()
    if not can_receive(state, seat):
        return ()
    return tuple(
        TradeForBlackTile(tile, paid)
        for tile in distinct(state.black_depot)
        for paid in payments(estate.goods)
    )


def apply_trade(state: State, seat: int, action: TradeForBlackTile) -> State:
    """The goods leave the game (not sold: #15/#25 do not count them); the hex leaves the
    black depot and the game, a black tile from the supply takes its place in storage."""
    index = state.seats[seat].estate
    goods = state.estates[index].goods
    out = solo(state).goods_out
    state = set_estate(
        state, index, goods=tuple(h - p for h, p in zip(goods, action.goods, strict=True))
    )
    state = with_solo(state, goods_out=tuple(o + p for o, p in zip(out, action.goods, strict=True)))
    removed, supply = list(state.removed), list(state.supply)
    removed[action.tile] += 1
    supply[BLACK_TILE] -= 1
    state = replace(
        remove_from_depot(state, 0, action.tile), removed=tuple(removed), supply=tuple(supply)
    )
    return receive(state, seat, BLACK_TILE)


# -- covering a colour: a black-depot hex straight into the duchy -----------------------------
def colour_covered(state: State, seat: int, colour: int) -> State:
    """S15/P14: a black-depot hex of the player's choice goes into the duchy (after the
    placement's own effect: the reward is pushed first)."""
    if not state.black_depot or state.phase >= PHASES:
        return state
    return push(state, ColourReward(seat))


def colour_reward_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """R-SOLO-COLOUR: any black-depot hex on a space its colour and adjacency allow, any die
    number (as R-SHIELD-14-15); none fits: the reward is skipped."""
    seat = item.seat
    layout = state.rules.engine.boards[state.seat_estate(seat).board].layout
    return tuple(
        PlaceBlackHex(tile, space, layout)
        for tile in distinct(state.black_depot)
        for space in bits(placement_mask(state, seat, tile))
    )


def apply_colour_reward(state: State, seat: int, action: PlaceBlackHex) -> State:
    """The hex leaves the black depot for the duchy: it scores and its effect happens (a
    colour it covers in turn brings the next reward)."""
    state = remove_from_depot(state, 0, action.tile)
    state = put_tile(state, state.seats[seat].estate, action.tile, action.space, False)
    return settle_placement(state, seat, action.tile, action.space)


# -- VP: buying, and the target marker (R-SOLO-TARGET) ----------------------------------------
def vp_gained(state: State, seat: int, vp: int) -> State:
    """After a VP gain: the marker reaching the target resets it; otherwise the player may
    buy VP (S16/P15; one purchase decision pending at a time: with the effects in any
    order, S18, it need not be on top). At game end the VP are only counted (no target, no
    purchase: the game is over)."""
    state = with_solo(state, total=solo(state).total + vp)
    if state.phase >= PHASES:
        return state
    if state.seats[seat].vp >= solo(state).target:
        return reset(state, seat)
    pending = state.pending
    if state.seat_estate(seat).silver and not any(isinstance(p, BuyPoints) for p in pending):
        return push(state, BuyPoints(seat))
    return state


def reset(state: State, seat: int) -> State:
    """S17/P16: the score marker back to 0 (the excess is lost), the target 5 lower (never
    below 5), and one die action as for a castle (R-CASTLE)."""
    current = solo(state)
    state = set_seat(state, seat, vp=0, ledger=())
    state = with_solo(
        state, target=max(current.target - TARGET_STEP, TARGET_FLOOR), resets=current.resets + 1
    )
    return push(state, BonusAction(seat))


def buy_points_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """``buy K vp`` for K from 1 to the silverlings held (R-SOLO-TARGET: more than the
    target needs is pointless but allowed)."""
    silver = state.seat_estate(item.seat).silver
    return tuple(BuyVictoryPoints(k) for k in range(1, silver + 1))


def apply_buy_points(state: State, seat: int, action: BuyVictoryPoints) -> State:
    """Pay the silverlings; the marker moves (ledger source ``bought VP``); the target is
    checked."""
    index = state.seats[seat].estate
    state = set_estate(state, index, silver=state.estates[index].silver - action.count)
    current = state.seats[seat]
    ledger = dict(current.ledger)
    ledger["bought VP"] = ledger.get("bought VP", 0) + action.count
    state = set_seat(
        state, seat, vp=current.vp + action.count, ledger=tuple(sorted(ledger.items()))
    )
    state = with_solo(state, total=solo(state).total + action.count)
    if state.seats[seat].vp >= solo(state).target:
        return reset(state, seat)
    return state


# -- the result (R-SOLO-RESULT) ---------------------------------------------------------------
def covered_all(state: State) -> bool:
    """Whether every space of the solo duchy is covered (S19/P17)."""
    return state.estates[0].empty_spaces == 0


def solo_winners(state: State, winners: tuple[int, ...]) -> tuple[int, ...]:
    """``(0,)`` when all 37 spaces are covered, else ``()`` (R-SOLO-RESULT)."""
    return (0,) if covered_all(state) else ()


def result(state: State) -> str:
    """The finished solo game's result in words, against its rule (S19/P17,
    R-SOLO-RESULT): won with all 37 spaces covered within the 25 rounds, else lost; then the
    score (``State.scores``: the score marker, R-SOLO-TARGET) and every VP scored.

    Examples:
        >>> import burgundy
        >>> from burgundy_solo.rules import result
        >>> game = burgundy.Game(players=1, variants=("knowledge", "solo"), seed=7)
        >>> while not game.state.is_terminal:
        ...     _ = game.play(game.legal_actions()[0])
        >>> print(result(game.state))  # doctest: +NORMALIZE_WHITESPACE
        Lost: 9 of 37 spaces covered; the solo game is won by covering all 37 within the
        25 rounds. Score 17 VP on the track (71 VP scored in all, 1 reset).
    """
    p = progress(state)
    won = (f"Won: all {p.spaces} spaces covered within the 25 rounds" if p.won else
           f"Lost: {p.covered} of {p.spaces} spaces covered; the solo game is won by covering "
           f"all {p.spaces} within the 25 rounds")
    resets = f", {p.resets} reset{'s' if p.resets != 1 else ''}" if p.resets else ""
    return f"{won}. Score {p.score} VP on the track ({p.total} VP scored in all{resets})."


def held_goods(state: State) -> tuple[int, ...]:
    """The goods that left the game (hook ``burgundy_held["goods"]``)."""
    return solo(state).goods_out


@attrs.frozen(slots=True)
class Progress:
    """How far a solo game has got (:func:`progress`).

    Attributes:
        covered: Spaces covered.
        spaces: Spaces of the duchy (37).
        target: Where the target marker stands.
        resets: How often the target was reached.
        total: Every VP the score marker moved over the game.
        score: The score marker (``State.scores[0]``: the player's score as the solo
            rules count it, back to 0 at each reset, R-SOLO-TARGET).
        won: Whether the game is won (every space covered).
        over: Whether the game is over.
    """

    covered: int
    spaces: int
    target: int
    resets: int
    total: int
    score: int
    won: bool
    over: bool


def progress(state: State) -> Progress:
    """How far the solo game of ``state`` has got.

    Examples:
        >>> import burgundy
        >>> from burgundy_solo.rules import progress
        >>> game = burgundy.Game(players=1, variants=("knowledge", "solo"), seed=1)
        >>> p = progress(game.state)
        >>> p.covered, p.spaces, p.target, p.won  # the start castle is the first decision
        (0, 37, 50, False)
    """
    estate = state.estates[0]
    current = solo(state)
    return Progress(
        covered=estate.filled.bit_count(), spaces=len(estate.spaces), target=current.target,
        resets=current.resets, total=current.total, score=state.seats[0].vp,
        won=covered_all(state), over=state.is_terminal,
    )


# -- validation ---------------------------------------------------------------------------------
MAX_SILVER = 200
"""The most silverlings the solo estate may hold in a valid state: the VP purchase lists
one action per silverling held, and its action space documents 1 to 200
(:class:`~burgundy_solo.model.BuyVictoryPoints`); no game comes near it."""
MAX_TOTAL = 999
"""The most VP the score marker may have moved over a game in a valid state (a bound far
beyond any game, so the resets it allows are bounded too)."""


def validate(state: State) -> None:
    """The solo part of a loaded state: the target where the resets put it; while the game
    runs the score marker below the target (it resets on reaching it, S17/P16); the VP
    total at least the score plus every target reached (each reset took the target's VP)
    and at most :data:`MAX_TOTAL`; silver at most :data:`MAX_SILVER`; goods out of the game
    as 6 counts; the board the option's.

    Raises:
        ValueError: What is wrong.
    """
    current = solo(state)
    start = state.rules.options[TARGET]
    if not 0 <= current.total <= MAX_TOTAL:
        raise ValueError(f"solo: total {brief(current.total)}: 0-{MAX_TOTAL}")
    if current.resets < 0 or current.resets * TARGET_FLOOR > current.total or (
        current.target != max(start - TARGET_STEP * current.resets, TARGET_FLOOR)
    ):
        raise ValueError(
            f"solo: target {brief(current.target)} does not follow from the start target "
            f"{start} and {brief(current.resets)} resets"
        )
    reached = sum(max(start - TARGET_STEP * k, TARGET_FLOOR) for k in range(current.resets))
    if current.total < state.seats[0].vp + reached:
        raise ValueError(f"solo: the VP total {current.total} is below the score marker "
                         f"({state.seats[0].vp}) and the {reached} VP of the targets reached")
    if state.phase < PHASES and state.seats[0].vp >= current.target:
        raise ValueError(f"solo: score {state.seats[0].vp} at or over the target "
                         f"{current.target} (the marker resets on reaching it)")
    if state.estates[0].silver > MAX_SILVER:
        raise ValueError(f"solo: more than {MAX_SILVER} silverlings")
    if len(current.goods_out) != 6 or any(n < 0 for n in current.goods_out):
        raise ValueError("solo: goods_out must be 6 counts, none negative")
    board = the_board(state.rules)
    if state.estates[0].board != board.id:
        raise ValueError(f"solo: the duchy must be board {board.id!r} (option {BOARD!r})")
