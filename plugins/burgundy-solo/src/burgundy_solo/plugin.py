"""The solo variant's hook implementations (entry point ``solo``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from burgundy.plugin import (
    ActionRule,
    Board,
    BonusAction,
    BuildingTake,
    Decision,
    EventHandlers,
    HeldThings,
    LooseDieAction,
    ObservationSlice,
    OptionSpec,
    PictureCell,
    PictureRow,
    PictureRowHooks,
    PlacementModifiers,
    Ruleset,
    ShipGoods,
    State,
    Step,
    StorageModifiers,
    TileKind,
    TownHallPlace,
    Valuation,
    VariantInfo,
    WarehouseSell,
    hookimpl,
)
from burgundy_solo import __version__
from burgundy_solo import rules as solo_rules
from burgundy_solo.boards import ARTS, BOARD_IDS
from burgundy_solo.evaluation import solo_value
from burgundy_solo.model import (
    ACTION_TYPES,
    NAME,
    PENDING_TYPES,
    BlackTrade,
    BuyPoints,
    BuyVictoryPoints,
    ColourReward,
    PlaceBlackHex,
    ShipClearing,
    SoloState,
    TradeForBlackTile,
)


@hookimpl
def burgundy_variant() -> VariantInfo:
    """The solo module: 1 player, both editions, the 2-player values."""
    return VariantInfo(
        name=NAME,
        version=__version__,
        summary="The solo module: one player, boards 13a/13b, a target marker, 25 rounds.",
        order=40,
        players=(1,),
        adds_players=(1,),
        value_players=2,  # R-SOLO-COUNT
        scores_may_fall=True,  # the target reset (R-SOLO-TARGET)
        may_end_without_winner=True,  # a lost game (R-SOLO-RESULT)
        tiles_score_when_placed=True,  # R-SOLO-KNOWLEDGE
        result=solo_rules.result,  # won or lost on covered spaces (R-SOLO-RESULT)
        tile_texts={"black-tile": "black tile: a hex traded face down for 5 goods; it goes "
                                  "on a space of any colour with its die number, counts for "
                                  "its region and colour, and has no effect (R-SOLO-BLACK)."},
        options={
            solo_rules.BOARD: OptionSpec(
                "13a", BOARD_IDS, "the solo board: 13a (beginners) or 13b (advanced)",
                describe=lambda v: f"board {v}",
            ),
            solo_rules.ART: OptionSpec(
                "2019", ARTS, "the board art: 2019 box or 2018 promo (13a's space A19: 3 or 1)",
            ),
            solo_rules.TARGET: OptionSpec(
                50, None, "where the target marker starts, 45-55 (R-SOLO-TARGET)",
                solo_rules.check_target, describe=lambda v: f"target {v}" if v != 50 else "",
                kind="a whole number 45-55",
            ),
            solo_rules.WHOLE_RIVER: OptionSpec(
                False, (False, True),
                "R-SOLO-RIVER's option: the whole river joins every two of its ship spaces",
            ),
        },
        state_type=SoloState,
        action_types=ACTION_TYPES,
        pending_types=PENDING_TYPES,
        unordered_pending=UNORDERED,
    )


UNORDERED = (
    ColourReward, BonusAction, BlackTrade, BuyPoints, ShipGoods, ShipClearing, BuildingTake,
    WarehouseSell, TownHallPlace, LooseDieAction,
)
"""S18 "Действия и эффекты выполняются в любом порядке" (actions and effects are resolved
in any order), R-SOLO-ORDER: the effects the solo rules bring together are unordered: the
colour reward, the target reset's extra action (the castle's), the trade, the VP purchase
and a placed hex's own effect (a ship's goods, with the clearing after them; a building's;
a castle's; a white castle's)."""


@hookimpl
def burgundy_boards(rules: Ruleset) -> Mapping[str, Board]:
    """The ruleset's solo board (13a or 13b, in its art)."""
    board = solo_rules.the_board(rules)
    return {board.id: board}


@hookimpl
def burgundy_tiles(rules: Ruleset) -> Iterable[TileKind]:
    """The face-down black tile (R-SOLO-BLACK)."""
    return (solo_rules.BLACK_TILE_KIND,)


@hookimpl
def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
    """Board, target, black tiles, 2 workers (S2-S5)."""
    return solo_rules.setup(rules)


@hookimpl
def burgundy_rules(rules: Ruleset) -> Mapping[type, Step | Decision | ActionRule]:
    """The solo module's steps, decisions and actions."""
    return {
        ShipClearing: Step(solo_rules.run_ship_clearing),
        BlackTrade: Decision(solo_rules.black_trade_legal, optional=True),
        ColourReward: Decision(solo_rules.colour_reward_legal),
        BuyPoints: Decision(solo_rules.buy_points_legal, optional=True),
        TradeForBlackTile: ActionRule(solo_rules.apply_trade),
        PlaceBlackHex: ActionRule(solo_rules.apply_colour_reward),
        BuyVictoryPoints: ActionRule(solo_rules.apply_buy_points),
    }


@hookimpl
def burgundy_events(rules: Ruleset) -> EventHandlers:
    """S2: 2 workers (start player); S9: one hex of the white die's depot leaves (round
    start, R-SOLO-REMOVE); S11/S12: after a ship's goods, the clearing and the trade
    (place); S15: a black-depot hex into the duchy (colour complete, R-SOLO-COLOUR);
    S16/S17: buying VP and the target (VP gained, R-SOLO-TARGET)."""
    return {
        "start_player": solo_rules.start_workers,
        "round_start": solo_rules.remove_round_hex,
        "place": solo_rules.after_ship,
        "colour_complete": solo_rules.colour_covered,
        "vp_gained": solo_rules.vp_gained,
    }


@hookimpl
def burgundy_storage(rules: Ruleset) -> StorageModifiers:
    """S4: any number of goods colours."""
    return {"goods_colours": solo_rules.colour_limit}


@hookimpl
def burgundy_bonus_tile_value(rules: Ruleset) -> Callable[..., int]:
    """S15: no VP for covering a colour."""
    return solo_rules.no_bonus_vp


@hookimpl
def burgundy_placement(rules: Ruleset) -> PlacementModifiers:
    """R-SOLO-BLACK: a black tile on any colour (spaces)."""
    return {"spaces": solo_rules.black_tile_spaces}


@hookimpl
def burgundy_winners(rules: Ruleset) -> Callable[[State, tuple[int, ...]], tuple[int, ...]]:
    """S19: won or lost (R-SOLO-RESULT)."""
    return solo_rules.solo_winners


@hookimpl
def burgundy_held(rules: Ruleset) -> HeldThings:
    """The goods that left the game."""
    return {"goods": solo_rules.held_goods}


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[[State], None]:
    """The solo state."""
    return solo_rules.validate


@hookimpl
def burgundy_picture_rows(rules: Ruleset) -> PictureRowHooks:
    """The solo progress with the duchy's pictures (estate): covered spaces, target,
    resets; beside the board, the goods out of the game."""
    return {"estate": _picture_rows, "board": _board_rows}


def _board_rows(state: State) -> Sequence[PictureRow]:
    """The goods that left the game (a ship clears the other depots; goods traded for
    black tiles), a cell per colour with its count; no row while none has."""
    out: SoloState = state.variant_state("solo")
    cells = tuple(PictureCell(f"\u00d7{count}", goods=colour + 1,
                              title=f"{count} goods {colour + 1} out of the game")
                  for colour, count in enumerate(out.goods_out) if count)
    return (PictureRow("goods out of the game", cells),) if cells else ()


def _picture_rows(state: State, estate: int) -> Sequence[PictureRow]:
    p = solo_rules.progress(state)
    cells: tuple[PictureCell, ...] = (
        PictureCell(f"{p.covered}/{p.spaces} covered"),
        PictureCell(f"target {p.target}"),
        PictureCell(f"resets {p.resets}"),
        PictureCell(f"{p.total} VP in all"),
    )
    if p.over:
        cells += (PictureCell("won" if p.won else "lost"),)
    return (PictureRow("solo", cells),)


@hookimpl
def burgundy_evaluation(rules: Ruleset) -> Valuation[State]:
    """The bots value the chance to cover the duchy, not VP (R-SOLO-RESULT): a valuation
    of its own, in place of the core's."""
    return Valuation(solo_value)


def _observed(state: State, seat: int) -> list[float]:
    """The target marker and the score track's resets, every VP scored over the game
    (/ 100, as the core's ``vp``), and the goods out of the game by colour."""
    solo: SoloState = state.variant_state("solo")
    return [solo.target / 100, solo.resets, solo.total / 100, *solo.goods_out]


@hookimpl
def burgundy_observation_slices(rules: Ruleset) -> tuple[ObservationSlice, ...]:
    """The solo game in ``burgundy.rl.observe``: ``track`` (the target / 100, the resets,
    the VP scored over the game / 100) and ``goods_out`` (goods out of the game by
    colour: public, they left face up)."""
    return (
        ObservationSlice("track", 3, lambda state, seat: _observed(state, seat)[:3],
                         shared=True),
        ObservationSlice("goods_out", 6, lambda state, seat: _observed(state, seat)[3:],
                         shared=True),
    )
