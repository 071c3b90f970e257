"""The shields' rules: set-up, the doubles action, tribute and the 18 effects.

Each function is a modifier, event handler, provider or part of a type's rule (hook
``burgundy_rules``) for one core hook; the plugin module wires them up.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations
from typing import Any

import attrs

from burgundy.plugin import (
    ANY_DIE,
    CASTLE,
    SALE_VP,
    SHIP,
    TILES,
    Action,
    BonusAction,
    Colour,
    Income,
    Pending,
    Ruleset,
    State,
    Turn,
    add_silver,
    add_workers,
    bits,
    brief,
    cost_functions,
    cost_with,
    die_cost,
    distinct,
    first_seat_of_estates,
    goods_colour_limit,
    placement_mask,
    push,
    put_tile,
    remove_from_depot,
    replace,
    set_estate,
    set_seat,
    settle_placement,
    spaces_holding,
)
from burgundy_shields.model import (
    DATA,
    SHIELD_USE,
    SHIELDS,
    Borrow,
    PayTribute,
    PlaceFromDepot,
    SetDie,
    ShieldDraw,
    ShieldGoods,
    ShieldPlacement,
    ShieldState,
    ShieldTribute,
    TakeColour,
    TakeShield,
    shield_vp,
)

NAME = "shields"
UNLIMITED = 1_000_000
"""Storage capacity with shield #4."""


def shields(state: State) -> ShieldState:
    """The shields' state (``state.variant_state("shields")``, inlined: a hot path)."""
    for name, value in state.ext:
        if name == NAME:
            return value  # type: ignore[no-any-return]
    raise KeyError(NAME)


def with_shields(state: State, value: ShieldState) -> State:
    """``state`` with the shields' state replaced."""
    return state.with_variant_state(NAME, value)


def has(state: State, estate: int, number: int) -> bool:
    """Whether shield ``number`` lies in estate ``estate``'s duchy."""
    return shields(state).has(estate, number)


def seat_has(state: State, seat: int, number: int) -> bool:
    """Whether shield ``number`` lies in seat ``seat``'s duchy."""
    return shields(state).has(state.seats[seat].estate, number)


# -- set-up -----------------------------------------------------------------------------------
def setup(rules: Ruleset) -> Any:
    """Return the set-up function: the shields' state and the draws onto the depots."""
    counts = DATA["setup"][str(rules.value_players)]

    def lay_out(state: State) -> State:
        n = len(state.estates)
        state = with_shields(
            state, ShieldState(SHIELDS, ((),) * 6, ((),) * n, borrow=(-1,) * n)
        )
        draws = [ShieldDraw(depot=d) for d in range(1, 7) for _ in range(counts[d - 1])]
        return push(state, *reversed(draws))

    return lay_out


def draw_outcomes(state: State, item: Pending) -> tuple[tuple[int, float], ...]:
    """Each face-down shield is equally likely."""
    supply = shields(state).supply
    return tuple((n, 1.0 / len(supply)) for n in supply)


def resolve_draw(state: State, item: Pending, number: int) -> State:
    """Shield ``number`` goes onto depot ``item.depot``."""
    assert isinstance(item, ShieldDraw)
    current = shields(state)
    depots = list(current.depots)
    depots[item.depot - 1] = tuple(sorted((*depots[item.depot - 1], number)))
    supply = tuple(n for n in current.supply if n != number)
    return with_shields(state, attrs.evolve(current, supply=supply, depots=tuple(depots)))


# -- the doubles action -----------------------------------------------------------------------
def castle_spaces(state: State, seat: int) -> list[int]:
    """Spaces of the castles in seat ``seat``'s duchy (the start castle counts)."""
    return spaces_holding(state.estates[state.seats[seat].estate].spaces, CASTLE)


def take_shield_actions(state: State, seat: int, dice: tuple[int, ...]) -> list[Action]:
    """Shield takes with two dice made equal, or with a castle's any-value die (#11)."""
    current = shields(state)
    actions: list[Action] = []
    if not any(current.depots):
        return actions
    castles: list[int] | None = None  # asked for once a depot is in reach
    estate = state.estates[state.seats[seat].estate]
    workers = estate.workers
    functions = cost_functions(state, seat) if state.rules.engine.die_cost else ()
    for depot in range(1, 7):
        on_depot = current.depots[depot - 1]
        if not on_depot:
            continue
        if dice != (ANY_DIE,):
            cost = 0
            for die in dice:
                cost += cost_with(functions, SHIELD_USE, -1, die, depot)
            if cost > workers:
                continue
        if castles is None:
            castles = castle_spaces(state, seat)
            layout = state.rules.engine.boards[estate.board].layout
        actions += [
            take_shield(dice, depot, shield, space, layout)
            for shield in sorted(set(on_depot)) for space in castles
        ]
    return actions


take_shield = cache(TakeShield)
"""``TakeShield(dice, depot, shield, space, layout)``, one shared instance per value."""


def set_die_actions(state: State, seat: int) -> list[Action]:
    """Shield #16: turn one unused die to any other value, once per turn."""
    current = shields(state)
    if current.die_set or not current.has(state.seats[seat].estate, 16):
        return []
    return [
        SetDie(die, value)
        for die in distinct(state.seats[seat].dice)
        for value in range(1, 7)
        if value != die
    ]


def extra_actions(state: State, item: Pending) -> Iterable[Action]:
    """The doubles action, #16 and #6's choice on a turn; #11's shield as a castle's
    bonus."""
    if isinstance(item, Turn):
        dice = state.seats[item.seat].dice
        actions = take_shield_actions(state, item.seat, dice) if len(dice) == 2 else []
        return actions + set_die_actions(state, item.seat) + borrow_actions(state, item.seat)
    if isinstance(item, BonusAction) and seat_has(state, item.seat, 11):
        return take_shield_actions(state, item.seat, (ANY_DIE,))
    return ()


def apply_take_shield(state: State, seat: int, action: TakeShield) -> State:
    """Spend the dice (and workers), move the shield onto the castle, maybe replacing one."""
    if action.dice != (ANY_DIE,):
        cost = sum(die_cost(state, seat, SHIELD_USE, -1, d, action.depot) for d in action.dice)
        state = add_workers(state, seat, -cost)
        dice = list(state.seats[seat].dice)
        for d in action.dice:
            dice.remove(d)
        state = set_seat(state, seat, dice=tuple(dice))
    current = shields(state)
    index = state.seats[seat].estate
    depots = list(current.depots)
    left = list(depots[action.depot - 1])
    left.remove(action.shield)
    depots[action.depot - 1] = tuple(left)
    replaced = [n for space, n in current.placed[index] if space == action.space]
    placed = list(current.placed)
    placed[index] = tuple(sorted(
        (*((s, n) for s, n in current.placed[index] if s != action.space),
         (action.space, action.shield))
    ))
    state = with_shields(state, attrs.evolve(
        current, depots=tuple(depots), placed=tuple(placed),
        removed=tuple(sorted((*current.removed, *replaced))),
    ))
    return state


def apply_set_die(state: State, seat: int, action: SetDie) -> State:
    """#16: turn the die."""
    dice = list(state.seats[seat].dice)
    dice.remove(action.die)
    state = set_seat(state, seat, dice=tuple(sorted((*dice, action.value))))
    return with_shields(state, attrs.evolve(shields(state), die_set=True))


def reset_turn(state: State, seat: int) -> State:
    """A new turn: #16 may be used again."""
    current = shields(state)
    return with_shields(state, attrs.evolve(current, die_set=False)) if current.die_set else state


# -- phase end: #14/#15 and the tribute -------------------------------------------------------
def phase_end(state: State) -> State:
    """Queue, in play order, the #14/#15 placements and then the tribute (before income)."""
    order = state.order or tuple(range(len(state.seats)))
    current = shields(state)
    tribute = [ShieldTribute(seat) for seat in order if current.placed[state.seats[seat].estate]]
    placements: list[Pending] = []
    for seat in order:
        if seat_has(state, seat, 14):
            placements.append(ShieldPlacement(seat, black=False))
        if seat_has(state, seat, 15):
            placements.append(ShieldPlacement(seat, black=True))
    return push(state, *reversed(tribute), *reversed(placements))


def tribute_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """Keep any set of shields and pay for it (workers too with #3); the most kept first."""
    index = state.seats[item.seat].estate
    owned = sorted(shields(state).shields_of(index))
    estate = state.estates[index]
    price = int(DATA["tribute_per_shield"])
    with_workers = 3 in owned
    actions: list[Action] = []
    for size in range(len(owned), -1, -1):
        for keep in combinations(owned, size):
            due = price * size
            for workers in range(0, due + 1) if with_workers else (0,):
                if workers <= estate.workers and due - workers <= estate.silver:
                    actions.append(PayTribute(keep, workers))
    return tuple(actions)


def apply_tribute(state: State, seat: int, action: PayTribute) -> State:
    """Pay for the kept shields; the others leave the game."""
    due = int(DATA["tribute_per_shield"]) * len(action.keep)
    state = add_silver(state, seat, -(due - action.workers))
    state = add_workers(state, seat, -action.workers)
    current = shields(state)
    index = state.seats[seat].estate
    lost = [n for _, n in current.placed[index] if n not in action.keep]
    placed = list(current.placed)
    placed[index] = tuple((s, n) for s, n in current.placed[index] if n in action.keep)
    return with_shields(state, attrs.evolve(
        current, placed=tuple(placed), removed=tuple(sorted((*current.removed, *lost)))
    ))


def placement_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """#14/#15: any hex of the depots that fits a space (colour, adjacency; any die number,
    R-SHIELD-14-15)."""
    assert isinstance(item, ShieldPlacement)
    sources = [(0, state.black_depot)] if item.black else list(enumerate(state.depots, 1))
    layout = state.rules.engine.boards[state.seat_estate(item.seat).board].layout
    return tuple(
        PlaceFromDepot(depot, tile, space, layout)
        for depot, tiles in sources
        for tile in distinct(tiles)
        for space in bits(placement_mask(state, item.seat, tile))
    )


def apply_place_from_depot(state: State, seat: int, action: PlaceFromDepot) -> State:
    """Put the hex straight into the duchy; it scores and its effect happens."""
    state = remove_from_depot(state, action.depot, action.tile)
    state = put_tile(state, state.seats[seat].estate, action.tile, action.space, False)
    return settle_placement(state, seat, action.tile, action.space)


# -- #5, #6 -----------------------------------------------------------------------------------
def on_place(state: State, seat: int, space: int, tile: int) -> State:
    """#5: after a ship (and its own goods), take all goods of one colour from the depots."""
    if tile == SHIP and seat_has(state, seat, 5):
        return push(state, ShieldGoods(seat))
    return state


def goods_colour_legal(state: State, item: Pending) -> tuple[Action, ...]:
    """#5's choices: a colour lying on a depot that the goods storage can take."""
    index = state.seats[item.seat].estate
    held = {c + 1 for c, n in enumerate(state.estates[index].goods) if n}
    room = len(held) < goods_colour_limit(state, index)
    there = {c + 1 for depot in state.depot_goods for c, n in enumerate(depot) if n}
    return tuple(TakeColour(c) for c in sorted(there) if c in held or room)


def apply_take_colour(state: State, seat: int, action: TakeColour) -> State:
    """Take every goods tile of the colour from the six depots."""
    index = state.seats[seat].estate
    column = action.goods - 1
    taken = sum(depot[column] for depot in state.depot_goods)
    depot_goods = tuple(
        tuple(0 if c == column else n for c, n in enumerate(depot)) for depot in state.depot_goods
    )
    goods = list(state.estates[index].goods)
    goods[column] += taken
    state = replace(state, depot_goods=depot_goods)
    return set_estate(state, index, goods=tuple(goods))


def borrow_actions(state: State, seat: int) -> list[Action]:
    """#6: on any of its turns after taking the shield, the seat may choose (once) a seat
    whose knowledge tiles also work for it — only with the knowledge variant on."""
    mine = state.seats[seat].estate
    current = shields(state)
    if not current.has(mine, 6) or current.borrow[mine] >= 0:
        return []
    if "knowledge" not in state.rules.variants:
        return []
    return [Borrow(other) for other in range(len(state.seats)) if state.seats[other].estate != mine]


def apply_borrow(state: State, seat: int, action: Borrow) -> State:
    """#6: remember whose knowledge tiles work for this estate."""
    current = shields(state)
    borrow = list(current.borrow)
    borrow[state.seats[seat].estate] = action.target
    return with_shields(state, attrs.evolve(current, borrow=tuple(borrow)))


def borrowed_tiles(state: State, estate: int) -> tuple[int, ...]:
    """#6: the knowledge tiles (except #27) in the chosen seat's duchy."""
    current = shields(state)
    target = current.borrow[estate] if estate < len(current.borrow) else -1
    if target < 0 or not current.has(estate, 6):  # cheap test first: no one borrows
        return ()
    spaces = state.estates[state.seats[target].estate].spaces
    return tuple(t for t in spaces if t >= 0 and 0 < TILES[t].knowledge != 27)


# -- modifiers --------------------------------------------------------------------------------
def pasture(state: State, estate: int, space: int, mask: int) -> int:
    """#1: all pastures count as one."""
    if has(state, estate, 1):
        board = state.rules.engine.boards[state.estates[estate].board]
        return board.colour_masks[Colour.PASTURE]
    return mask


def worker_echo(state: State, seat: int, workers: int) -> State:
    """#2: whenever another seat gains workers, take 1 worker."""
    gainer = state.seats[seat].estate
    for index, placed in enumerate(shields(state).placed):
        if index != gainer and any(n == 2 for _, n in placed):
            extra = int(DATA["shields"]["2"]["workers"])
            state = set_estate(state, index, workers=state.estates[index].workers + extra)
    return state


def storage_capacity(state: State, estate: int, capacity: int) -> int:
    """#4: no limit on hex storage."""
    return UNLIMITED if has(state, estate, 4) else capacity


def bonus_tile_value(state: State, seat: int, colour: int, size: int, vp: int) -> int:
    """#7: bonus tiles gained from now on score double."""
    return vp * 2 if seat_has(state, seat, 7) else vp


def mine_income(state: State, estate: int, income: Income) -> Income:
    """#8: mines give 2 silverlings instead of 1."""
    if has(state, estate, 8):
        mines = state.estates[estate].spaces.count(TILES[2].code)
        return attrs.evolve(income, silver=income.silver + mines)
    return income


def sale_income(state: State, seat: int, goods: int, count: int, income: Income) -> Income:
    """#9: 1 silverling per goods tile instead of per sale; #12: the sale's VP doubled."""
    if seat_has(state, seat, 9) and count:
        income = attrs.evolve(income, silver=income.silver + count - 1)
    if seat_has(state, seat, 12):
        per_good = SALE_VP[state.rules.value_players]
        income = attrs.evolve(income, vp=income.vp + per_good * count)
    return income


def region_size(state: State, estate: int, region: int, size: int) -> int:
    """#17: completed regions score one space larger."""
    return size + int(DATA["shields"]["17"]["extra"]) if has(state, estate, 17) else size


def adjacency(state: State, estate: int, required: bool) -> bool:
    """#18: placed tiles need not touch earlier ones."""
    return required and not has(state, estate, 18)


def final_scoring(state: State, seat: int) -> dict[str, int]:
    """Each shield still in the duchy scores its VP (estate's first seat)."""
    index = state.seats[seat].estate
    if first_seat_of_estates(state)[index] != seat:
        return {}
    return {f"shield #{n}": shield_vp(n) for n in shields(state).shields_of(index)}


def final_terms(state: State, seat: int, terms: dict[str, int]) -> dict[str, int]:
    """#10: scoring knowledge tiles double; #13: shield VP double."""
    index = state.seats[seat].estate
    double_knowledge = has(state, index, 10)
    double_shields = has(state, index, 13)
    if not (double_knowledge or double_shields):
        return terms
    out = {}
    for name, vp in terms.items():
        doubled = (double_knowledge and name.startswith("knowledge #")) or (
            double_shields and name.startswith("shield #")
        )
        out[name] = vp * 2 if doubled else vp
    return out


def validate(state: State) -> None:
    """The shields' part of :func:`burgundy.validation.validate_state` (the core has checked the
    rest, and that the shields' state is a :class:`ShieldState` of the right types).

    The 18 shields are each in exactly one place (conserved: face down, on a depot, in a
    duchy or out of the game); the face-down, depot and removed shields are sorted, as the
    rules keep them; placed ones sit on castles, one per castle, sorted by space; the table
    has six depots and one entry per estate; and shield #6's choice is -1 or another
    estate's seat (only with the knowledge variant on, whose tiles it lends).

    Raises:
        ValueError: What is wrong.
    """
    current = shields(state)
    if len(current.depots) != 6 or len(current.placed) != len(state.estates):
        raise ValueError("shields: six depots and one entry per estate expected")
    if len(current.borrow) != len(state.estates):
        raise ValueError("shields: one #6 entry per estate expected")
    for name, values in (("supply", current.supply), ("removed", current.removed),
                         *((f"depots[{d}]", depot) for d, depot in enumerate(current.depots))):
        if list(values) != sorted(values):
            raise ValueError(f"shields: {name} must be sorted")
    seen = [*current.supply, *current.removed]
    for depot in current.depots:
        seen.extend(depot)
    for index, placed in enumerate(current.placed):
        spaces = state.estates[index].spaces
        if len({space for space, _ in placed}) != len(placed):
            raise ValueError(f"shields: estate {index} has two shields on one castle")
        if list(placed) != sorted(placed):
            raise ValueError(f"shields: estate {index}'s shields must be sorted by space")
        for space, shield in placed:
            seen.append(shield)
            if not 0 <= space < len(spaces) or spaces[space] != CASTLE:
                raise ValueError(f"shields: shield {brief(shield)} is not on a castle")
    if sorted(seen) != list(SHIELDS):
        raise ValueError("shields: each of the 18 shields must be in exactly one place")
    lends = "knowledge" in state.rules.variants
    for index, target in enumerate(current.borrow):
        if target == -1:
            continue
        if not lends or not 0 <= target < len(state.seats):
            raise ValueError("shields: #6 names no such seat" if lends else
                             "shields: #6 lends knowledge tiles only with the knowledge variant")
        if state.seats[target].estate == index:
            raise ValueError(f"shields: estate {index}'s #6 names a seat of its own estate")
