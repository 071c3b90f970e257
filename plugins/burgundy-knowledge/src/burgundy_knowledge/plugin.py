"""The knowledge variant's hook implementations (entry point ``knowledge``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from burgundy.plugin import Action, Pending, PurchaseOffer, Ruleset, State, VariantInfo, hookimpl
from burgundy_knowledge import __version__, effects
from burgundy_knowledge.actions import TakeGoodsTwo


@hookimpl
def burgundy_variant() -> VariantInfo:
    """The knowledge variant: tiles #1-#26, both editions, 2-4 players."""
    return VariantInfo(
        name="knowledge",
        version=__version__,
        summary="The 26 knowledge (monastery) tiles of the base game.",
        order=10,
        action_types=(TakeGoodsTwo,),
        purchase_sources=effects.PURCHASE_SOURCES,
    )


@hookimpl
def burgundy_one_building_per_city(rules: Ruleset) -> Callable[[State, int, bool], bool]:
    """#1."""
    return effects.lift_building_limit


@hookimpl
def burgundy_mine_income(rules: Ruleset) -> Callable[..., Any]:
    """#2."""
    return effects.mine_workers


@hookimpl
def burgundy_sale_income(rules: Ruleset) -> Callable[..., Any]:
    """#3, #4."""
    return effects.sale_income


@hookimpl
def burgundy_legal_actions(
    rules: Ruleset,
) -> Callable[[State, Pending, tuple[Action, ...]], tuple[Action, ...]]:
    """#5."""
    return effects.ship_two_depots


@hookimpl
def burgundy_purchase_offers(rules: Ruleset) -> Callable[[State, int], Iterable[PurchaseOffer]]:
    """#6: the numbered depots."""
    return effects.purchase_offers


@hookimpl
def burgundy_purchase_payments(
    rules: Ruleset,
) -> Callable[[State, int, PurchaseOffer, tuple[int, ...]], tuple[int, ...]]:
    """#6 (2019): workers instead of silverlings."""
    return effects.purchase_payments


@hookimpl
def burgundy_action_handlers(rules: Ruleset) -> Mapping[type[Action], Callable[..., State]]:
    """#5's own action."""
    return {TakeGoodsTwo: effects.apply_take_goods_two}


@hookimpl
def burgundy_animal_score(rules: Ruleset) -> Callable[..., Any]:
    """#7."""
    return effects.animal_bonus


@hookimpl
def burgundy_die_cost(rules: Ruleset) -> Callable[..., Any]:
    """#8-#12."""
    return effects.die_cost


@hookimpl
def burgundy_take_workers_income(rules: Ruleset) -> Callable[..., Any]:
    """#13, #14."""
    return effects.take_workers_income


@hookimpl
def burgundy_tile_score(rules: Ruleset) -> Callable[[State, int, int], Mapping[str, int]]:
    """#15-#26 (at game end; when placed in the solo module)."""
    return effects.tile_score
