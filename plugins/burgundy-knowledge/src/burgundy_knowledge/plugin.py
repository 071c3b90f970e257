"""The knowledge variant's hook implementations (entry point ``knowledge``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from burgundy.plugin import (
    Action,
    ActionRule,
    IncomeModifiers,
    Pending,
    PlacementModifiers,
    PurchaseHooks,
    Ruleset,
    ScoringHooks,
    State,
    VariantInfo,
    hookimpl,
)
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
        tile_texts={f"k{n}": f"knowledge tile #{n}: {spec['text']}"
                    for n, spec in effects.TILE_DATA.items() if n.isdigit()},
    )


@hookimpl
def burgundy_placement(rules: Ruleset) -> PlacementModifiers:
    """#1 (one building per city)."""
    return {"one_building_per_city": effects.lift_building_limit}


@hookimpl
def burgundy_income(rules: Ruleset) -> IncomeModifiers:
    """#2 (mine income), #3 and #4 (sale income), #13 and #14 (take workers)."""
    return {
        "mine": effects.mine_workers,
        "sale": effects.sale_income,
        "take_workers": effects.take_workers_income,
    }


@hookimpl
def burgundy_legal_actions(
    rules: Ruleset,
) -> Callable[[State, Pending, tuple[Action, ...]], tuple[Action, ...]]:
    """#5."""
    return effects.ship_two_depots


@hookimpl
def burgundy_purchases(rules: Ruleset) -> PurchaseHooks:
    """#6: the numbered depots (offers); in the 2019 edition workers instead of silverlings
    (payments)."""
    return {"offers": effects.purchase_offers, "payments": effects.purchase_payments}


@hookimpl
def burgundy_rules(rules: Ruleset) -> Mapping[type, ActionRule]:
    """#5's own action."""
    return {TakeGoodsTwo: ActionRule(effects.apply_take_goods_two)}


@hookimpl
def burgundy_animal_score(rules: Ruleset) -> Callable[..., Any]:
    """#7."""
    return effects.animal_bonus


@hookimpl
def burgundy_die_cost(rules: Ruleset) -> Callable[..., Any]:
    """#8-#12."""
    return effects.die_cost


@hookimpl
def burgundy_scoring(rules: Ruleset) -> ScoringHooks:
    """#15-#26 (tile: at game end; when placed in the solo module)."""
    return {"tile": effects.tile_score}
