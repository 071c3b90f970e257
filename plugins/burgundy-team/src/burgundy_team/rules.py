"""Team play's rules, one function per rule, wired to the core's hooks by
:mod:`burgundy_team.plugin`. Sentences T1-T13 are those of RU19's section "Игра в
команде", numbered in their order (docs/rules.md, sources); rulings R-TEAM-SEATS,
R-TEAM-DUCHY, R-TEAM-STORAGE, R-TEAM-RESULT."""

from __future__ import annotations

from typing import Any

from burgundy.plugin import (
    NO_BOARD,
    Board,
    Ruleset,
    RulesView,
    State,
    brief,
    play_order,
    replace,
    set_estate,
)
from burgundy_team.boards import BOARD_ID, OPTION, custom_board, team_board

TEAMS = "teams"
"""Option: the two teams as two pairs of seats (default ``[[0, 1], [2, 3]]``)."""
DEFAULT_TEAMS: tuple[tuple[int, int], tuple[int, int]] = ((0, 1), (2, 3))
SHARED_STORAGE = 2
"""The team's shared storage spaces (T8)."""
OWN_STORAGE = 2
"""Each partner's own storage spaces (T8)."""
WORKERS_A, WORKERS_B = 3, 5
"""Start workers of the start player's team and of the other (T5)."""
SILVER = 2
"""Start silverlings of each team (T5)."""


def check_teams(value: Any, rules: Ruleset) -> tuple[tuple[int, int], tuple[int, int]]:
    """Option ``teams``: two pairs of seats that cover seats 0-3 once."""
    try:
        pairs = tuple(tuple(pair) for pair in value)
    except TypeError:
        pairs = ()
    seats = [s for pair in pairs for s in pair]
    if len(pairs) != 2 or any(len(p) != 2 for p in pairs) or sorted(seats) != [0, 1, 2, 3] \
            or not all(type(s) is int for s in seats):
        raise ValueError(f"option {TEAMS!r} must be two pairs of seats covering 0-3 once, "
                         f"e.g. [[0, 1], [2, 3]]; got {brief(value)}")
    first, second = sorted(tuple(sorted(p)) for p in pairs)
    return (first[0], first[1]), (second[0], second[1])


def seat_estates(rules: Ruleset) -> tuple[int, ...]:
    """R-TEAM-SEATS: the team of seat 0 plays on estate 0, the other on estate 1."""
    first = next(p for p in rules.options[TEAMS] if 0 in p)
    return tuple(0 if seat in first else 1 for seat in range(4))


def the_board(rules: RulesView) -> Board:
    """The team board (T2): board 12a, or the caller's (option ``team_board``, T3: its
    start castle on one of its two marked spaces, chosen by the team's first player in the
    first round's order).

    Raises:
        ValueError: The core's ``boards`` or ``start_castle`` option is not left at its
            default (the team board and its start spaces come from the team board, T2/T3).
    """
    if rules.options["boards"] != "standard":
        raise ValueError("team play plays on its team board (option 'team_board'); leave "
                         "option 'boards' at 'standard'")
    if rules.options["start_castle"] != "centre":
        raise ValueError("team play's start castle goes on the team board's start space "
                         "(T3); leave option 'start_castle' at 'centre'")
    chosen = rules.options[OPTION]
    return team_board() if chosen == BOARD_ID else custom_board(chosen)


def board_deal(rules: Ruleset) -> tuple[str, ...]:
    """T2: the boards are dealt from 12a alone, so both estates get it (the core's deal,
    hook ``burgundy_board_deal``: a copy per estate)."""
    return (the_board(rules).id,)


def team_of(state: State, seat: int) -> tuple[int, ...]:
    """The seats of seat ``seat``'s team (its estate's seats), in seat order."""
    estate = state.seats[seat].estate
    return tuple(s for s in range(len(state.seats)) if state.seats[s].estate == estate)


def start_resources(state: State, start: int) -> State:
    """T5/T7, R-TEAM-SEATS: team A (the start player's) has 3 workers, team B 5, each team
    2 silverlings; the first round's order is A1, B1, A2, B2 (A1 the start player, B1 the
    first of team B clockwise from A1)."""
    team_a = state.seats[start].estate
    for estate in range(2):
        workers = WORKERS_A if estate == team_a else WORKERS_B
        state = set_estate(state, estate, workers=workers, silver=SILVER)
    clockwise = [(start + k) % 4 for k in range(4)]
    a = [s for s in clockwise if state.seats[s].estate == team_a]
    b = [s for s in clockwise if state.seats[s].estate != team_a]
    order = (a[0], b[0], a[1], b[1])
    track = (tuple(reversed(order)),)
    return replace(state, track=track, order=play_order(track))


def shared_storage(state: State, estate: int, capacity: int) -> int:
    """T8: the team's 2 shared spaces (the variant comes before the shields in variant
    order, so shield #4's "no limit" still lifts it)."""
    return SHARED_STORAGE


def own_storage(state: State, seat: int, capacity: int) -> int:
    """T8: each partner's 2 spaces of their own."""
    return capacity + OWN_STORAGE


def team_scores(state: State) -> tuple[int, int]:
    """The two teams' VP, summed over partners (T13), by estate (team of seat 0 first).

    Examples:
        >>> import burgundy
        >>> from burgundy_team.rules import team_scores
        >>> team_scores(burgundy.Game(players=4, variants=("team",), seed=1).state)
        (0, 0)
    """
    totals = [0, 0]
    for seat in state.seats:
        totals[seat.estate] += seat.vp
    return totals[0], totals[1]


def team_winners(state: State, winners: tuple[int, ...]) -> tuple[int, ...]:
    """T13, R-TEAM-RESULT: the team with more VP wins (both seats); a tie goes by the
    core's tie-break on the team duchy (option ``tiebreak_empty``), then to the team whose
    better-placed member is further back in turn order."""
    sign = 1 if state.rules.options["tiebreak_empty"] == "most" else -1
    order = play_order(state.track)
    totals = team_scores(state)

    def rank(estate: int) -> tuple[int, int, int]:
        seats = [s for s in range(4) if state.seats[s].estate == estate]
        best_placed = min(order.index(s) for s in seats)
        return (totals[estate], sign * state.estates[estate].empty_spaces, best_placed)

    best = max((0, 1), key=rank)
    return tuple(s for s in range(4) if state.seats[s].estate == best)


def result(state: State) -> str:
    """The finished team game's result in words (T13, R-TEAM-RESULT): the winning team,
    its partners' summed VP against the other team's.

    Examples:
        >>> import burgundy
        >>> from burgundy_team.rules import result
        >>> game = burgundy.Game(players=4, variants=("team",), seed=1)
        >>> while not game.state.is_terminal:
        ...     _ = game.play(game.legal_actions()[0])
        >>> result(game.state).startswith("Winners: seats ")
        True
    """
    winners = state.winners()
    totals = team_scores(state)
    best = state.seats[winners[0]].estate
    if totals[best] > totals[1 - best]:
        why = (f"the team with more VP, its partners' VP summed: {totals[best]} to "
               f"{totals[1 - best]}")
    else:
        why = f"the teams tied on {totals[best]} VP, the tie-break on the team duchies"
    return f"Winners: seats {' + '.join(map(str, winners))}, {why} (R-TEAM-RESULT)"


def validate(state: State) -> None:
    """Both duchies are the team board (or not dealt yet, at set-up).

    Raises:
        ValueError: A duchy is not.
    """
    board = the_board(state.rules).id
    if any(estate.board not in (board, NO_BOARD) for estate in state.estates):
        raise ValueError(f"team play: both duchies must be the team board {board!r}")
