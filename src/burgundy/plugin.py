"""The one module a plugin imports: the promised names for writing variants.

A variant plugin imports from here (beside ``burgundy`` itself and
:mod:`burgundy.testing`) and from nowhere else in ``burgundy``: every name in
:data:`__all__` is part of the public API, kept under the versioning policy
(``docs/releasing.md``), while the modules they come from may change. An import-linter
contract checked by ``make test`` holds the project's own plugins to this.

What is here, by group:

* **Declaring a variant:** :data:`hookimpl`, :class:`VariantInfo`, :class:`OptionSpec`,
  :class:`PurchaseSource`, :class:`ObservationSlice`.
* **The rules of a variant's own types** (hook ``burgundy_rules``): :class:`Decision`,
  :class:`Chance`, :class:`Step`, :class:`ActionRule`, the base class :class:`Pending` and
  the seats of chance events and automatic steps.
* **What hooks take and give:** :class:`DieUse`, :class:`Income`, :class:`PurchaseOffer`,
  :class:`PictureRow`, :class:`PictureCell`, :class:`Valuation` and the keyed hooks' mappings
  (:class:`IncomeModifiers`, :class:`EventHandlers`, ...).
* **The values plugins read:** :class:`State`, :class:`Ruleset`, :class:`Action`, boards
  and spaces, tile kinds and their tables, the core's pending types; :class:`RulesView`
  and :class:`EngineView`, the types of ``state.rules`` and ``state.rules.engine`` as the
  type checker sees them (a :class:`Ruleset` and its compiled engine at run time).
* **Editing a state:** :func:`replace`, :func:`set_seat`, :func:`set_estate`,
  :func:`push`, :func:`gain`, :func:`add_silver`, :func:`add_workers`, :func:`add_vp`.
* **Rules a variant builds on:** taking, storing, placing and scoring hexes as the core
  does (:func:`receive`, :func:`put_tile`, :func:`bonus_tile_vp`, ...).

Examples:
    >>> from burgundy.plugin import Decision, VariantInfo, hookimpl
    >>> VariantInfo(name="tithe").name
    'tithe'
"""

from __future__ import annotations

from burgundy.action_space import (
    ALL_DEPOTS,
    boards_in_play,
    colour_sets,
    placements,
    spaces_in_play,
    tiles_in_play,
)
from burgundy.actions import ANY_DIE, Action, ResolveFirst
from burgundy.bots.evaluate import base_value, evaluate
from burgundy.components import (
    BUILDINGS,
    CASTLE,
    NO_COLOUR,
    SHIP,
    TILE_BY_NAME,
    TILE_COLOUR,
    TILE_EFFECT,
    TILES,
    Colour,
    TileKind,
    distinct,
    spaces_holding,
    tile_code,
    tile_name,
)
from burgundy.errors import brief
from burgundy.geometry import (
    NO_BOARD,
    ROW_LENGTHS,
    SPACE_BY_NAME,
    STANDARD_LAYOUT,
    Board,
    Cell,
    Landmark,
    bits,
    board,
    board_from_cells,
    boards,
    make_board,
    space_name,
)
from burgundy.hook_values import (
    DieUse,
    Income,
    PictureCell,
    PictureRow,
    PurchaseOffer,
    Valuation,
)
from burgundy.hookspecs import (
    EventHandlers,
    HeldThings,
    IncomeModifiers,
    PictureRowHooks,
    PlacementModifiers,
    PurchaseHooks,
    ScoringHooks,
    StorageModifiers,
    hookimpl,
)
from burgundy.pending import (
    ActionRule,
    BonusAction,
    BuildingTake,
    Chance,
    Decision,
    LooseDieAction,
    OrderChoice,
    PhaseStart,
    ShipGoods,
    Step,
    TownHallPlace,
    Turn,
    WarehouseSell,
)
from burgundy.rules.dice import PLACE, TAKE, cost_functions, cost_with, die_cost
from burgundy.rules.effects import BUILDING_EFFECT, goods_colour_limit, take_goods, tile_effect
from burgundy.rules.income import (
    add_silver,
    add_vp,
    add_workers,
    gain,
    push,
    set_estate,
    set_seat,
)
from burgundy.rules.phases import PHASES, mines
from burgundy.rules.place import placement_mask, put_tile, settle_placement
from burgundy.rules.scoring import (
    BONUS_VP,
    PHASE_BONUS,
    bonus_tile_vp,
    building_count,
    first_seat_of_estates,
    play_order,
    tile_terms,
    working_kinds,
)
from burgundy.rules.sell import SALE_VP
from burgundy.rules.setup import depot_spaces
from burgundy.rules.take import (
    PURCHASE_PRICE,
    can_receive,
    depot_offer,
    receive,
    remove_from_depot,
)
from burgundy.state import (
    AUTO_SEAT,
    CHANCE_SEAT,
    EMPTY,
    EngineView,
    Estate,
    Pending,
    RulesView,
    Seat,
    State,
    replace,
)
from burgundy.variant_info import ObservationSlice, OptionSpec, PurchaseSource, VariantInfo
from burgundy.variants import Ruleset

__all__ = [
    "ALL_DEPOTS",
    "ANY_DIE",
    "AUTO_SEAT",
    "BONUS_VP",
    "BUILDINGS",
    "BUILDING_EFFECT",
    "CASTLE",
    "CHANCE_SEAT",
    "EMPTY",
    "NO_BOARD",
    "NO_COLOUR",
    "PHASES",
    "PHASE_BONUS",
    "PLACE",
    "PURCHASE_PRICE",
    "ROW_LENGTHS",
    "SALE_VP",
    "SHIP",
    "SPACE_BY_NAME",
    "STANDARD_LAYOUT",
    "TAKE",
    "TILES",
    "TILE_BY_NAME",
    "TILE_COLOUR",
    "TILE_EFFECT",
    "Action",
    "ActionRule",
    "Board",
    "BonusAction",
    "BuildingTake",
    "Cell",
    "Chance",
    "Colour",
    "Decision",
    "DieUse",
    "EngineView",
    "Estate",
    "EventHandlers",
    "HeldThings",
    "Income",
    "IncomeModifiers",
    "Landmark",
    "LooseDieAction",
    "ObservationSlice",
    "OptionSpec",
    "OrderChoice",
    "Pending",
    "PhaseStart",
    "PictureCell",
    "PictureRow",
    "PictureRowHooks",
    "PlacementModifiers",
    "PurchaseHooks",
    "PurchaseOffer",
    "PurchaseSource",
    "ResolveFirst",
    "RulesView",
    "Ruleset",
    "ScoringHooks",
    "Seat",
    "ShipGoods",
    "State",
    "Step",
    "StorageModifiers",
    "TileKind",
    "TownHallPlace",
    "Turn",
    "Valuation",
    "VariantInfo",
    "WarehouseSell",
    "add_silver",
    "add_vp",
    "add_workers",
    "base_value",
    "bits",
    "board",
    "board_from_cells",
    "boards",
    "boards_in_play",
    "bonus_tile_vp",
    "brief",
    "building_count",
    "can_receive",
    "colour_sets",
    "cost_functions",
    "cost_with",
    "depot_offer",
    "depot_spaces",
    "die_cost",
    "distinct",
    "evaluate",
    "first_seat_of_estates",
    "gain",
    "goods_colour_limit",
    "hookimpl",
    "make_board",
    "mines",
    "placement_mask",
    "placements",
    "play_order",
    "push",
    "put_tile",
    "receive",
    "remove_from_depot",
    "replace",
    "set_estate",
    "set_seat",
    "settle_placement",
    "space_name",
    "spaces_holding",
    "spaces_in_play",
    "take_goods",
    "tile_code",
    "tile_effect",
    "tile_name",
    "tile_terms",
    "tiles_in_play",
    "working_kinds",
]
