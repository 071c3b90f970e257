"""Selling goods: all goods of the die's colour, for 1 silverling and 2/3/4 VP a tile."""

from __future__ import annotations

from functools import cache
from itertools import compress

from burgundy._data import load
from burgundy.actions import SellGoods
from burgundy.components import ALL_GOODS_COLOURS
from burgundy.hook_values import Income
from burgundy.rules.dice import (
    SELL,
    CostFunction,
    cost_functions,
    dice_after,
    die_cost,
    usable_values,
)
from burgundy.rules.income import gain, set_estate, update
from burgundy.state import State

_TABLES = load("mainboard")
SALE_SILVER: int = _TABLES["sale_silver"]
"""Silverlings per sale, however many goods are sold."""
SALE_VP: dict[int, int] = {int(k): v for k, v in _TABLES["sale_vp_per_good"].items()}
"""VP per goods tile sold, by player count."""


def sell_actions(
    state: State, seat: int, dice: tuple[int, ...],
    functions: tuple[CostFunction, ...] | None = None,
) -> list[SellGoods]:
    """Return the sales open to seat ``seat`` with the given dice (see ``place_actions``);
    ``functions`` are the seat's :func:`~burgundy.rules.dice.cost_functions` if known."""
    estate = state.estates[state.seats[seat].estate]
    held = estate.goods
    actions: list[SellGoods] = []
    if not any(held):
        return actions
    if functions is None:
        functions = cost_functions(state, seat) if state.rules.engine.die_cost else ()
    workers = estate.workers
    reaches = []  # (die, the values it can be used as)
    for die in dice:
        reaches.append((die, usable_values(functions, SELL, -1, die, workers)))
    for goods in compress(ALL_GOODS_COLOURS, held):  # the colours held, in order
        for die, reach in reaches:
            if reach >> goods & 1:
                actions.append(sell_goods(die, goods))
    return actions




sell_goods = cache(SellGoods)
"""``SellGoods(die, goods)``, one shared instance per value."""


def apply_sell(state: State, seat: int, action: SellGoods) -> State:
    """Apply a :class:`SellGoods` by seat ``seat`` (legality already checked)."""
    cost = die_cost(state, seat, SELL, -1, action.die, action.goods)
    workers = state.estates[state.seats[seat].estate].workers - cost  # paid, and the die used,
    state = update(state, seat, dice_after(state, seat, action.die), {"workers": workers})
    return sell(state, seat, action.goods)  # in one copy (paying fires no event)


def sell(state: State, seat: int, goods: int) -> State:
    """Sell all of seat ``seat``'s goods of colour ``goods`` (die action or warehouse).

    Every good sold counts in ``Estate.sold``; the ``burgundy_sold_goods`` handlers may
    record that some lie elsewhere than the sold pile (trade routes), before the income.
    """
    engine = state.rules.engine
    index = state.seats[seat].estate
    estate = state.estates[index]
    count = estate.goods[goods - 1]
    held = list(estate.goods)
    held[goods - 1] = 0
    sold = list(estate.sold)
    sold[goods - 1] += count  # every sold good counts as sold, wherever it lies
    state = set_estate(state, index, goods=tuple(held), sold=tuple(sold))
    for placer in engine.sold_goods:  # a variant lays some elsewhere (trade routes)
        state = placer(state, seat, goods, count)
    income = Income(silver=SALE_SILVER, vp=SALE_VP[state.rules.value_players] * count)
    for modifier in engine.sale_income:
        income = modifier(state, seat, goods, count, income)
    state = gain(state, seat, income, "sales")
    for handler in engine.on_goods_sold:
        state = handler(state, seat, goods, count)
    return state



