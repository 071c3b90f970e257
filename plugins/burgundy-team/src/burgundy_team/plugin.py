"""The team variant's hook implementations (entry point ``team``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from burgundy.plugin import (
    Board,
    EventHandlers,
    ObservationSlice,
    OptionSpec,
    Ruleset,
    State,
    StorageModifiers,
    VariantInfo,
    hookimpl,
)
from burgundy_team import __version__
from burgundy_team import boards as team_boards
from burgundy_team import rules as team_rules


@hookimpl
def burgundy_variant() -> VariantInfo:
    """Team play: 4 players in two teams of two, both editions."""
    return VariantInfo(
        name="team",
        version=__version__,
        summary="Team play: two teams of two, each on one shared duchy (board 12a, or the "
                "caller's).",
        order=15,  # before the shields: #4 lifts the storage limit this sets
        result=team_rules.result,  # the summed VP of the partners (R-TEAM-RESULT)
        players=(4,),
        options={
            team_rules.TEAMS: OptionSpec(
                team_rules.DEFAULT_TEAMS, None,
                "the two teams as two pairs of seats (R-TEAM-SEATS)", team_rules.check_teams,
                kind="a JSON list of two pairs of seats, e.g. [[0,2],[1,3]]",
                describe=lambda v: "teams " + " vs ".join("+".join(map(str, p)) for p in v),
            ),
            team_boards.OPTION: OptionSpec(
                team_boards.BOARD_ID, None,
                "the team board: '12a' or a board given as data (12b is not shipped; T2/T3)",
                team_boards.check_team_board,
                kind="12a, or a JSON board given as data",
                describe=lambda v: "" if isinstance(v, str) else f"team board {v[0]}",
            ),
        },
    )


@hookimpl
def burgundy_seat_estates(rules: Ruleset) -> Sequence[int]:
    """Partners share an estate (R-TEAM-SEATS)."""
    return team_rules.seat_estates(rules)


@hookimpl
def burgundy_boards(rules: Ruleset) -> Mapping[str, Board]:
    """The team board: 12a, or the caller's (option ``team_board``)."""
    board = team_rules.the_board(rules)
    return {board.id: board}


@hookimpl
def burgundy_board_deal(rules: Ruleset) -> Sequence[str]:
    """Both duchies on 12a (T2): the deal of one board gives every estate a copy; a ruleset
    with another variant that deals its own boards (the outposts) is refused by the core."""
    return team_rules.board_deal(rules)


@hookimpl
def burgundy_events(rules: Ruleset) -> EventHandlers:
    """T5/T7 (start player): 3 and 5 workers, 2 silverlings a team, the order A1, B1, A2,
    B2."""
    return {"start_player": team_rules.start_resources}


@hookimpl
def burgundy_storage(rules: Ruleset) -> StorageModifiers:
    """T8: 2 shared spaces (hexes) and 2 spaces of each partner's own (own hexes,
    R-TEAM-STORAGE)."""
    return {"hexes": team_rules.shared_storage, "own_hexes": team_rules.own_storage}


@hookimpl
def burgundy_winners(rules: Ruleset) -> Callable[[State, tuple[int, ...]], tuple[int, ...]]:
    """T13: the team with more VP (R-TEAM-RESULT)."""
    return team_rules.team_winners


@hookimpl
def burgundy_validate(rules: Ruleset) -> Callable[[State], None]:
    """Both duchies on 12a."""
    return team_rules.validate


@hookimpl
def burgundy_observation_slices(rules: Ruleset) -> tuple[ObservationSlice, ...]:
    """Team play in ``burgundy.rl.observe``: which seat slots are the observer's team (its
    own slot and its partner's: 1; the other team: 0). The shared duchy and each partner's
    own storage are the core's slices."""
    estates = rules.engine.seat_estates
    n = rules.players

    def partners(state: State, seat: int) -> list[int]:
        return [int(estates[(seat + k) % n] == estates[seat]) for k in range(n)]

    return (ObservationSlice("partners", n, partners),)
