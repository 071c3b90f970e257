"""The engine's hook tuples, typed for the type checker.

Generated from :mod:`burgundy.hookspecs` by ``tools/hook_table.py``: do not edit; run
``python tools/hook_table.py`` after adding or changing a hook (a test fails while this
file is out of date). :class:`burgundy.rules.engine.Engine` sets each attribute at run time
from the hookspec module itself; this file only tells mypy their names and types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from burgundy.actions import Action
    from burgundy.hook_values import DieUse, Income, PictureCell, PictureRow, PurchaseOffer
    from burgundy.pending import Pending
    from burgundy.state import State


class HookTuples:
    """One attribute per hook that returns a callable: the enabled variants' callables, in
    variant order (the base class of :class:`~burgundy.rules.engine.Engine`)."""

    __slots__ = ()

    setup: tuple[Callable[[State], State], ...]
    die_cost: tuple[Callable[[State, int], Callable[[DieUse, int], int] | None], ...]
    region_size: tuple[Callable[[State, int, int, int], int], ...]
    pasture: tuple[Callable[[State, int, int, int], int], ...]
    animal_score: tuple[Callable[[State, int, int, tuple[int, ...], int], int], ...]
    bonus_tile_value: tuple[Callable[[State, int, int, int, int], int], ...]
    turn_order_move: tuple[
        Callable[[State, int, tuple[tuple[int, ...], ...]], tuple[tuple[int, ...], ...]], ...
    ]
    building_count: tuple[Callable[[State, int, str, int], int], ...]
    legal_actions_mods: tuple[
        Callable[[State, Pending, tuple[Action, ...]], tuple[Action, ...]], ...
    ]
    winners_mods: tuple[Callable[[State, tuple[int, ...]], tuple[int, ...]], ...]
    evaluation: tuple[Callable[[State, int, float], float], ...]
    extra_actions: tuple[Callable[[State, Pending], Iterable[Action]], ...]
    sold_goods: tuple[Callable[[State, int, int, int], State], ...]
    tile_effect: tuple[Callable[[State, int, int, int], State | None], ...]
    borrowed_tiles: tuple[Callable[[State, int], tuple[int, ...]], ...]
    validate: tuple[Callable[[State], None], ...]
    storage_capacity: tuple[Callable[[State, int, int], int], ...]
    seat_storage_capacity: tuple[Callable[[State, int, int], int], ...]
    goods_colour_limit: tuple[Callable[[State, int, int], int], ...]
    placement_spaces: tuple[Callable[[State, int, int, int], int], ...]
    adjacency_required: tuple[Callable[[State, int, bool], bool], ...]
    one_building_per_city: tuple[Callable[[State, int, bool], bool], ...]
    sale_income: tuple[Callable[[State, int, int, int, Income], Income], ...]
    take_workers_income: tuple[Callable[[State, int, Income], Income], ...]
    mine_income: tuple[Callable[[State, int, Income], Income], ...]
    purchase_offers: tuple[Callable[[State, int], Iterable[PurchaseOffer]], ...]
    purchase_payments: tuple[
        Callable[[State, int, PurchaseOffer, tuple[int, ...]], tuple[int, ...]], ...
    ]
    final_scoring: tuple[Callable[[State, int], Mapping[str, int]], ...]
    tile_score: tuple[Callable[[State, int, int], Mapping[str, int]], ...]
    final_terms: tuple[Callable[[State, int, dict[str, int]], dict[str, int]], ...]
    held_goods: tuple[Callable[[State], Sequence[int]], ...]
    held_tiles: tuple[Callable[[State], Mapping[int, int]], ...]
    picture_rows: tuple[Callable[[State, int], Sequence[PictureRow]], ...]
    board_picture_rows: tuple[Callable[[State], Sequence[PictureRow]], ...]
    depot_marks: tuple[Callable[[State, int], Sequence[PictureCell]], ...]
    space_marks: tuple[Callable[[State, int], Mapping[int, PictureCell]], ...]
    on_start_player: tuple[Callable[[State, int], State], ...]
    on_phase_start: tuple[Callable[[State], State], ...]
    on_round_start: tuple[Callable[[State], State], ...]
    on_turn_start: tuple[Callable[[State, int], State], ...]
    on_place: tuple[Callable[[State, int, int, int], State], ...]
    on_region_complete: tuple[Callable[[State, int, int], State], ...]
    on_colour_complete: tuple[Callable[[State, int, int], State], ...]
    on_goods_sold: tuple[Callable[[State, int, int, int], State], ...]
    on_workers_gained: tuple[Callable[[State, int, int], State], ...]
    on_vp_gained: tuple[Callable[[State, int, int], State], ...]
    on_phase_end: tuple[Callable[[State], State], ...]
    on_game_end: tuple[Callable[[State], State], ...]
