"""The solo variant's hook implementations (entry point ``solo``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from burgundy.plugin import (
    Action,
    Board,
    ObservationSlice,
    OptionSpec,
    Pending,
    PendingRule,
    PictureCell,
    PictureRow,
    Ruleset,
    State,
    TileKind,
    VariantInfo,
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
            ),
            solo_rules.WHOLE_RIVER: OptionSpec(
                False, (False, True),
                "R-SOLO-RIVER's option: the whole river joins every two of its ship spaces",
            ),
        },
        state_type=SoloState,
        action_types=ACTION_TYPES,
        pending_types=PENDING_TYPES,
    )


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
def burgundy_pending_rules(rules: Ruleset) -> Mapping[type[Pending], PendingRule]:
    """The solo module's steps and decisions."""
    return {
        ShipClearing: PendingRule(run=solo_rules.run_ship_clearing),
        BlackTrade: PendingRule(legal=solo_rules.black_trade_legal, optional=True),
        ColourReward: PendingRule(legal=solo_rules.colour_reward_legal),
        BuyPoints: PendingRule(legal=solo_rules.buy_points_legal, optional=True),
    }


@hookimpl
def burgundy_action_handlers(rules: Ruleset) -> Mapping[type[Action], Callable[..., State]]:
    """The solo module's actions."""
    return {
        TradeForBlackTile: solo_rules.apply_trade,
        PlaceBlackHex: solo_rules.apply_colour_reward,
        BuyVictoryPoints: solo_rules.apply_buy_points,
    }


@hookimpl
def burgundy_on_start_player(rules: Ruleset) -> Callable[[State, int], State]:
    """S2: 2 workers."""
    return solo_rules.start_workers


@hookimpl
def burgundy_goods_colour_limit(rules: Ruleset) -> Callable[[State, int, int], int]:
    """S4: any number of goods colours."""
    return solo_rules.colour_limit


@hookimpl
def burgundy_bonus_tile_value(rules: Ruleset) -> Callable[..., int]:
    """S15: no VP for covering a colour."""
    return solo_rules.no_bonus_vp


@hookimpl
def burgundy_placement_spaces(rules: Ruleset) -> Callable[[State, int, int, int], int]:
    """R-SOLO-BLACK: a black tile on any colour."""
    return solo_rules.black_tile_spaces


@hookimpl
def burgundy_on_round_start(rules: Ruleset) -> Callable[[State], State]:
    """S9: one hex of the white die's depot leaves (R-SOLO-REMOVE)."""
    return solo_rules.remove_round_hex


@hookimpl
def burgundy_on_place(rules: Ruleset) -> Callable[[State, int, int, int], State]:
    """S11/S12: after a ship's goods, the clearing and the trade."""
    return solo_rules.after_ship


@hookimpl
def burgundy_on_colour_complete(rules: Ruleset) -> Callable[[State, int, int], State]:
    """S15: a black-depot hex into the duchy (R-SOLO-COLOUR)."""
    return solo_rules.colour_covered


@hookimpl
def burgundy_on_vp_gained(rules: Ruleset) -> Callable[[State, int, int], State]:
    """S16/S17: buying VP and the target (R-SOLO-TARGET)."""
    return solo_rules.vp_gained


@hookimpl
def burgundy_winners(rules: Ruleset) -> Callable[[State, tuple[int, ...]], tuple[int, ...]]:
    """S19: won or lost (R-SOLO-RESULT)."""
    return solo_rules.solo_winners


@hookimpl
def burgundy_held_goods(rules: Ruleset) -> Callable[[State], Sequence[int]]:
    """The goods that left the game."""
    return solo_rules.held_goods


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[[State], None]:
    """The solo state."""
    return solo_rules.validate


@hookimpl
def burgundy_picture_rows(rules: Ruleset) -> Callable[[State, int], Sequence[PictureRow]]:
    """The solo progress with the duchy's pictures: covered spaces, target, resets."""
    return _picture_rows


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
def burgundy_evaluation(rules: Ruleset) -> Callable[[State, int, float], float]:
    """The bots value covered spaces, not VP (R-SOLO-RESULT)."""
    return solo_value


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
