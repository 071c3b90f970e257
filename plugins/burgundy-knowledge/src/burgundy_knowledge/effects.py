"""One function per kind of knowledge effect; ``data/tiles.json`` says which tile has which.

Every function here is a modifier, event handler or provider for one core hook; the plugin
module wires them up. ``owns(state, estate, n)`` tells whether knowledge tile ``#n`` lies in
an estate's duchy.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from itertools import combinations
from typing import Any

import attrs

from burgundy.plugin import (
    BUILDINGS,
    PLACE,
    TAKE,
    TILE_BY_NAME,
    TILE_COLOUR,
    TILES,
    Action,
    Colour,
    DieUse,
    Income,
    Pending,
    PurchaseOffer,
    PurchaseSource,
    ShipGoods,
    State,
    building_count,
    depot_offer,
    first_seat_of_estates,
    goods_colour_limit,
    mines,
    take_goods,
    working_kinds,
)
from burgundy_knowledge.actions import TakeGoodsTwo

TILE_DATA: dict[str, Any] = json.loads(
    resources.files("burgundy_knowledge.data").joinpath("tiles.json").read_text("utf-8")
)
"""The effect of each knowledge tile, by number (as a string)."""
CODE: dict[int, int] = {n: TILE_BY_NAME[f"k{n}"] for n in range(1, 27)}
"""Tile code of knowledge tile #n."""


working_tiles = working_kinds
"""Bitmask (by tile code) of the tiles that work for an estate: those placed in its duchy
and those lent to it by another variant (hook ``burgundy_borrowed_tiles``, e.g. shield #6):
the core's :func:`burgundy.rules.scoring.working_kinds`, which the scoring tiles' final
scoring uses too."""


def owns(state: State, estate: int, n: int) -> bool:
    """Whether knowledge tile ``#n`` works for estate ``estate`` (see :func:`working_tiles`)."""
    return bool(working_tiles(state, estate) >> CODE[n] & 1)


def seat_owns(state: State, seat: int, n: int) -> bool:
    """Whether knowledge tile ``#n`` works for seat ``seat``'s estate (see :func:`owns`)."""
    return owns(state, state.seats[seat].estate, n)


def tiles_with(effect: str) -> list[int]:
    """Numbers of the tiles with effect kind ``effect``."""
    return [int(n) for n, spec in TILE_DATA.items() if n.isdigit() and spec["effect"] == effect]


def edition_value(spec: dict[str, Any], key: str, edition: str) -> Any:
    """``spec[key]``, picking the edition's entry when it differs by edition."""
    value = spec[key]
    return value[edition] if isinstance(value, dict) else value


# -- #1 ---------------------------------------------------------------------------------------
def lift_building_limit(state: State, estate: int, applies: bool) -> bool:
    """#1: the one-building-per-city rule does not apply to this duchy."""
    return applies and not owns(state, estate, 1)


# -- #2 ---------------------------------------------------------------------------------------
def mine_workers(state: State, estate: int, income: Income) -> Income:
    """#2: one worker per mine at each phase end, besides the silverling."""
    if not owns(state, estate, 2):
        return income
    count = mines(state, estate)  # the core's count: kinds whose effect is a mine's
    return attrs.evolve(income, workers=income.workers + count * TILE_DATA["2"]["per_mine"])


# -- #3, #4 -----------------------------------------------------------------------------------
def sale_income(state: State, seat: int, goods: int, count: int, income: Income) -> Income:
    """#3: one more silverling per sale (2 instead of 1); #4: one worker per sale."""
    if seat_owns(state, seat, 3):
        income = attrs.evolve(income, silver=income.silver + TILE_DATA["3"]["silver"])
    if seat_owns(state, seat, 4):
        income = attrs.evolve(income, workers=income.workers + TILE_DATA["4"]["workers"])
    return income


# -- #5 ---------------------------------------------------------------------------------------
def neighbours(depot: int) -> tuple[int, int]:
    """The two depots next to ``depot`` on the ring 1-6 (6 and 1 touch)."""
    return (depot % 6 + 1, (depot - 2) % 6 + 1)


def two_depot_choices(state: State, seat: int, a: int, b: int) -> list[TakeGoodsTwo]:
    """Ways to take goods from both depots ``a`` and ``b`` under the colour limit.

    The colours that end up held are chosen as for one depot (R-SHIP): colours already held
    are taken from both; if more new colours lie on the two depots than free slots, each way
    of filling the slots is a choice. Both depots must give something.
    """
    index = state.seats[seat].estate
    held = {c + 1 for c, n in enumerate(state.estates[index].goods) if n}
    at_a = {c + 1 for c, n in enumerate(state.depot_goods[a - 1]) if n}
    at_b = {c + 1 for c, n in enumerate(state.depot_goods[b - 1]) if n}
    there = at_a | at_b
    new = sorted(there - held)
    free = max(goods_colour_limit(state, index) - len(held), 0)
    picks = [tuple(new)] if len(new) <= free else list(combinations(new, free))
    out = []
    for pick in picks:
        final = (there & held) | set(pick)
        take_a, take_b = tuple(sorted(at_a & final)), tuple(sorted(at_b & final))
        if take_a and take_b:
            first, second = (a, b) if a < b else (b, a)
            cols = (take_a, take_b) if a < b else (take_b, take_a)
            out.append(TakeGoodsTwo(first, cols[0], second, cols[1]))
    return out


def ship_two_depots(state: State, item: Pending, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """#5: a ship may take the goods of a depot and of a depot next to it."""
    if not isinstance(item, ShipGoods) or not seat_owns(state, item.seat, 5):
        return actions
    extra: list[Action] = []
    for a in range(1, 7):
        b = a % 6 + 1
        extra.extend(two_depot_choices(state, item.seat, a, b))
    return actions + tuple(dict.fromkeys(extra))


def apply_take_goods_two(state: State, seat: int, action: TakeGoodsTwo) -> State:
    """Apply a :class:`TakeGoodsTwo`."""
    state = take_goods(state, seat, action.first, action.first_colours)
    return take_goods(state, seat, action.second, action.second_colours)


# -- #6 ---------------------------------------------------------------------------------------
def purchase_offers(state: State, seat: int) -> tuple[PurchaseOffer[State], ...]:
    """#6: the turn's purchase may also be made from the six numbered depots (both
    editions; the core's one purchase mechanism, hook ``burgundy_purchases["offers"]``)."""
    if not working_tiles(state, state.seats[seat].estate) >> _K6 & 1:  # seat_owns, inline
        return ()
    return tuple(depot_offer(state, depot, _K6_PRICE) for depot in range(1, 7))


def purchase_payments(
    state: State, seat: int, offer: PurchaseOffer[State], payments: tuple[int, ...]
) -> tuple[int, ...]:
    """#6 (2019): any purchase may be paid with workers instead of silverlings, 1 worker =
    1 silverling, mixing allowed: from any source, the black depot and a variant's (an inn)
    included (hook ``burgundy_purchases["payments"]``)."""
    if not _WORKERS_PAY[state.rules.edition] or not (
        working_tiles(state, state.seats[seat].estate) >> _K6 & 1
    ):
        return payments
    return tuple(dict.fromkeys((*payments, *range(offer.price + 1))))


_K6 = CODE[6]
_K6_PRICE = int(TILE_DATA["6"]["price"])  # silverlings, as the core's black depot (2)
PURCHASE_SOURCES: tuple[PurchaseSource, ...] = tuple(
    PurchaseSource(str(depot), _K6_PRICE) for depot in range(1, 7)
)
"""#6's sources (:attr:`burgundy.variant_info.VariantInfo.purchase_sources`): the numbered
depots ``"1"``-``"6"``, any hex, at #6's price."""
_WORKERS_PAY = {
    edition: bool(edition_value(TILE_DATA["6"], "workers_pay", edition))
    for edition in ("2011", "2019")
}


# -- #7 ---------------------------------------------------------------------------------------
def animal_bonus(
    state: State, seat: int, tile: int, scoring: tuple[int, ...], vp: int
) -> int:
    """#7: one more VP for every animal tile that scores (Benno: (3+1)+(4+1) = 9)."""
    if seat_owns(state, seat, 7):
        return vp + len(scoring) * int(TILE_DATA["7"]["vp_per_tile"])
    return vp


# -- #8-#12 -----------------------------------------------------------------------------------
_FREE_STEP = {
    n: (TILE_DATA[str(n)]["use"], {int(Colour.from_label(c)) for c in TILE_DATA[str(n)]["colours"]})
    for n in tiles_with("free_step")
}


_COST_TILES = sum(1 << CODE[n] for n in (8, *_FREE_STEP))
_WORKER_STEP = int(TILE_DATA["8"]["step"])


def die_cost(state: State, seat: int) -> Callable[[DieUse, int], int] | None:
    """#8: each worker turns a die by up to 2; #9-#12: one free ±1 for placing the tiles
    pictured or for taking a hex (ruling K-FREE-STEP: the free change is ±1, also with #8).

    Returns ``None`` when the seat's duchy holds none of #8-#12. The cost function
    recomputes from the core's ring distance, so the knowledge variant comes first in the
    variant order.
    """
    owned = working_tiles(state, state.seats[seat].estate) & _COST_TILES
    return _cost_function(owned) if owned else None


@cache
def _cost_function(owned: int) -> Callable[[DieUse, int], int]:
    """The cost function of a duchy holding the cost tiles of mask ``owned`` (one shared
    function per combination of #8-#12)."""
    free_take = False
    free_colours: set[int] = set()  # colours placed with a free ±1
    for n, (kind, colours) in _FREE_STEP.items():
        if owned >> CODE[n] & 1:
            if kind == TAKE:
                free_take = True
            elif kind == PLACE:
                free_colours |= colours
    step = _WORKER_STEP if owned >> CODE[8] & 1 else 1

    def cost(use: DieUse, cost: int) -> int:
        kind = use.kind
        if (kind == TAKE and free_take) or (
            kind == PLACE and TILE_COLOUR[use.tile] in free_colours
        ):
            cost = max(cost - 1, 0)
        return -(-cost // step)

    return cost


# -- #13, #14 ---------------------------------------------------------------------------------
def take_workers_income(state: State, seat: int, income: Income) -> Income:
    """#13: the take-workers action also gives a silverling; #14: it gives 4 workers."""
    working = working_tiles(state, state.seats[seat].estate)
    if working >> CODE[13] & 1:
        income = attrs.evolve(income, silver=income.silver + TILE_DATA["13"]["silver"])
    if working >> CODE[14] & 1:
        income = attrs.evolve(income, workers=income.workers + TILE_DATA["14"]["workers"])
    return income


# -- #15-#26 ----------------------------------------------------------------------------------
NUMBER_OF_CODE: dict[int, int] = {code: n for n, code in CODE.items()}
"""Knowledge tile number of each knowledge tile code."""


def tile_score(state: State, seat: int, code: int) -> dict[str, int]:
    """The VP of scoring tile ``#15``-``#26`` (tile ``code``) for seat ``seat``'s estate, with
    the counts of ``state`` (hook ``burgundy_scoring["tile"]``: at game end, or when placed
    in the solo module); ``{}`` for any other tile."""
    number = NUMBER_OF_CODE.get(code, 0)
    if number < 15:
        return {}
    estate = state.seat_estate(seat)
    spec = TILE_DATA[str(number)]
    vp = edition_value(spec, "vp", state.rules.edition)
    effect = spec["effect"]
    if effect == "vp_per_sold_colour":
        count = sum(1 for n in estate.sold if n)
    elif effect == "vp_per_building":
        count = building_count(state, state.seats[seat].estate, spec["building"])
    elif effect == "vp_per_species":
        count = len({TILES[t].species for t in estate.spaces if t >= 0 and TILES[t].species})
    elif effect == "vp_per_sold_good":
        count = sum(estate.sold)
    elif effect == "vp_per_bonus_tile":
        count = len(estate.bonus)
    else:  # pragma: no cover - the data file names only the kinds above
        raise ValueError(f"unknown scoring effect {effect!r}")
    return {f"knowledge #{number}": vp * count}


def final_scoring(state: State, seat: int) -> dict[str, int]:
    """The terms of the scoring tiles #15-#26 working for the seat's estate (its first seat
    books them), as the core's final scoring counts them with :func:`tile_score`."""
    index = state.seats[seat].estate
    if first_seat_of_estates(state)[index] != seat:
        return {}
    terms: dict[str, int] = {}
    for number in range(15, 27):
        if owns(state, index, number):
            terms.update(tile_score(state, seat, CODE[number]))
    return terms


assert set(BUILDINGS) == {TILE_DATA[str(n)]["building"] for n in tiles_with("vp_per_building")}
