"""The outposts variant's hook implementations (entry point ``outposts``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from burgundy.plugin import (
    Board,
    EventHandlers,
    ObservationSlice,
    OptionSpec,
    PictureRowHooks,
    Ruleset,
    State,
    VariantInfo,
    hookimpl,
)
from burgundy_outposts import __version__
from burgundy_outposts import rules as outpost_rules
from burgundy_outposts.boards import check_custom_boards
from burgundy_outposts.model import NAME, NO_BONUS, PAIRS, OutpostsState


def _describe_custom(value: object) -> str:
    return f"{len(value)} caller boards" if isinstance(value, tuple) and value else ""


@hookimpl
def burgundy_variant() -> VariantInfo:
    """The outpost boards: 2-4 players, the 2019 edition (its box holds them)."""
    return VariantInfo(
        name=NAME,
        version=__version__,
        summary="Outpost boards (4th expansion): link the three forts of your duchy.",
        order=45,
        players=(2, 3, 4),
        editions=("2019",),
        options={
            outpost_rules.BOARDS: OptionSpec(
                None, None,
                "the outpost boards dealt, one per player, by chance (default: every "
                "outpost board: 11x and the caller's)",
                outpost_rules.check_boards,
                describe=lambda v: f"outpost boards {', '.join(v)}" if v else "",
                kind="a JSON list of outpost board ids, one per player, or null",
            ),
            outpost_rules.CUSTOM: OptionSpec(
                (), None,
                "outpost boards the caller gives: a list of {id, rows, dice, forts, name, "
                "confidence} (see the docs)",
                check_custom_boards, describe=_describe_custom,
                kind="a JSON list of boards as data",
            ),
        },
        state_type=OutpostsState,
    )


@hookimpl
def burgundy_boards(rules: Ruleset) -> Mapping[str, Board]:
    """Board ``11x`` and the caller's outpost boards."""
    return outpost_rules.outpost_boards(rules)


@hookimpl
def burgundy_board_deal(rules: Ruleset) -> Sequence[str]:
    """O1: every duchy is an outpost board, dealt by chance."""
    return outpost_rules.deal(rules)


@hookimpl
def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
    """No pair linked, no bonus taken."""
    return outpost_rules.setup(rules)


@hookimpl
def burgundy_events(rules: Ruleset) -> EventHandlers:
    """O2/O3 (on place): linked forts score; the outpost bonus tiles (R-OUTPOSTS,
    R-OUTPOSTS-BONUS)."""
    return {"place": outpost_rules.on_place(rules)}


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[[State], None]:
    """The outposts' state."""
    return outpost_rules.validate


@hookimpl
def burgundy_picture_rows(rules: Ruleset) -> PictureRowHooks:
    """Each pair of forts, linked or not, and the outpost bonus (under the estate); the
    outpost bonus tiles left (beside the board)."""
    return {"estate": outpost_rules.picture_rows, "board": outpost_rules.board_rows}


# -- what the outposts show at the table (burgundy.rl.observe) ---------------------------------
def _outposts(state: State) -> OutpostsState:
    value: OutpostsState = state.variant_state(NAME)
    return value


def _linked(state: State, seat: int) -> list[int]:
    """0/1 per pair of forts (:data:`~burgundy_outposts.model.PAIRS`): linked so far in the
    seat's duchy."""
    mask = _outposts(state).linked[state.seats[seat].estate]
    return [(mask >> k) & 1 for k in range(len(PAIRS))]


def _bonus(state: State, seat: int) -> list[int]:
    """The outpost bonus tile the seat's estate took: (large, small), 0/1."""
    taken = _outposts(state).bonus[state.seats[seat].estate]
    return [int(taken == size) for size in (0, 1)] if taken != NO_BONUS else [0, 0]


@hookimpl
def burgundy_observation_slices(rules: Ruleset) -> tuple[ObservationSlice, ...]:
    """The outposts in ``burgundy.rl.observe``: per seat, the pairs of forts linked and the
    outpost bonus tile taken (the boards' spaces are the core's ``filled`` and ``duchy``)."""
    return (
        ObservationSlice("linked", len(PAIRS), _linked, per_seat=True),
        ObservationSlice("bonus", 2, _bonus, per_seat=True),
    )
