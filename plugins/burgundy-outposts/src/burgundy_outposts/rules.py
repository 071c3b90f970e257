"""The outposts' rules: one function per rule, wired to the core's hooks by
:mod:`burgundy_outposts.plugin`.

Rule sentences are quoted by their number (O1-O3, as docs/rules.md's sources number them:
RU19, section "Новые герцогства (№№ 11a–11f): «Заставы»"); rulings by their
id (R-OUTPOSTS, R-OUTPOSTS-BONUS).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from burgundy.plugin import (
    BONUS_VP,
    NO_COLOUR,
    PHASE_BONUS,
    Board,
    PictureCell,
    PictureRow,
    Ruleset,
    State,
    add_vp,
    bits,
    bonus_tile_vp,
    brief,
)
from burgundy_outposts.boards import (
    EXAMPLE,
    FORT,
    CustomBoard,
    custom_board,
    example_board,
    fort_masks,
)
from burgundy_outposts.model import ALL_PAIRS, NAME, NO_BONUS, PAIRS, OutpostsState

BOARDS = "outpost_boards"
"""Option: the outpost boards dealt, one per player, by chance (O1); default ``None``:
every outpost board of the ruleset (``11x`` and the caller's)."""
CUSTOM = "outpost_custom_boards"
"""Option: outpost boards the caller gives (:mod:`burgundy_outposts.boards`)."""
VP_SOURCE = "outposts"
"""The ledger's source of the VP for linked forts (O2)."""
BONUS_SOURCE = "outpost bonus"
"""The ledger's source of the outpost bonus tiles (O3)."""
_LAST_PHASE = len(PHASE_BONUS) - 1


# -- boards and options -----------------------------------------------------------------------
def outpost_boards(rules: Ruleset) -> dict[str, Board]:
    """The ruleset's outpost boards by id: ``11x`` and the caller's (option
    ``outpost_custom_boards``)."""
    found = {EXAMPLE: example_board()}
    entries: tuple[CustomBoard, ...] = rules.options[CUSTOM]
    for entry in entries:
        found[entry[0]] = custom_board(entry)
    return found


def check_boards(value: Any, rules: Any) -> tuple[str, ...] | None:
    """Option ``outpost_boards``: ``None`` or a list of distinct board ids (checked against
    the ruleset's outpost boards by :func:`deal`).

    Examples:
        >>> from burgundy_outposts.rules import check_boards
        >>> check_boards(["11x"], None)
        ('11x',)
    """
    if value is None:
        return None
    if (not isinstance(value, (list, tuple)) or not value
            or any(not isinstance(b, str) for b in value) or len(set(value)) != len(value)):
        raise ValueError(f"option {BOARDS!r} must be a list of distinct outpost board ids "
                         f"(e.g. ['11x']); got {brief(value)}")
    return tuple(value)


def deal(rules: Ruleset) -> tuple[str, ...]:
    """The boards dealt (O1): option ``outpost_boards``, each an outpost board of the
    ruleset; with fewer boards than players, copies (hook ``burgundy_board_deal``).

    Raises:
        ValueError: A board of the option or of option ``boards`` is no outpost board.
    """
    known = outpost_boards(rules)
    chosen: tuple[str, ...] | None = rules.options[BOARDS]
    chosen = chosen if chosen is not None else tuple(known)
    bad = [b for b in chosen if b not in known]
    fixed = rules.options["boards"]
    if isinstance(fixed, tuple):
        bad += [b for b in fixed if b not in known]
    if bad:
        raise ValueError(
            f"{bad[0]!r} is no outpost board; with outposts every duchy is one: "
            f"valid: {list(known)} (more with option {CUSTOM!r})"
        )
    return chosen


# -- state ------------------------------------------------------------------------------------
def outposts(state: State) -> OutpostsState:
    """The outposts' state of ``state``."""
    value: OutpostsState = state.variant_state(NAME)
    return value


def setup(rules: Ruleset) -> Callable[[State], State]:
    """An empty record per estate: no pair linked, no bonus taken."""
    deal(rules)  # refuses a bad board at once
    n = rules.players

    def set_up(state: State) -> State:
        n_estates = len(state.estates) if state.estates else n
        return state.with_variant_state(
            NAME, OutpostsState(linked=(0,) * n_estates, bonus=(NO_BONUS,) * n_estates)
        )
    return set_up


# -- the links (R-OUTPOSTS) -------------------------------------------------------------------
def chain(board: Board, filled: int, space: int) -> int:
    """The mask of the chain of placed tiles through ``space``: the placed spaces joined to
    it by neighbour after neighbour (R-OUTPOSTS: any colours)."""
    neighbours = board.neighbours
    found = frontier = 1 << space
    while frontier:
        grow = 0
        for s in bits(frontier):
            grow |= neighbours[s]
        frontier = grow & filled & ~found
        found |= frontier
    return found


def pairs_joined(forts: Sequence[int], joined: int) -> int:
    """The pairs (bit ``k``: :data:`~burgundy_outposts.model.PAIRS` ``[k]``) whose forts both
    touch the chain ``joined``.

    Examples:
        >>> from burgundy_outposts.rules import pairs_joined
        >>> pairs_joined((0b1, 0b10, 0b100), 0b011)  # forts 0 and 1: pair 0
        1
    """
    touched = [bool(mask & joined) for mask in forts]
    return sum(1 << k for k, (a, b) in enumerate(PAIRS) if touched[a] and touched[b])


def linked_pairs(board: Board, filled: int) -> int:
    """Every pair of ``board``'s forts linked by a chain of the placed spaces ``filled``."""
    forts = fort_masks(board)
    linked = 0
    seen = 0
    for space in bits(filled & ~seen):
        if seen >> space & 1:
            continue
        joined = chain(board, filled, space)
        seen |= joined
        linked |= pairs_joined(forts, joined)
    return linked


def on_place(rules: Ruleset) -> Callable[[State, int, int, int], State]:
    """After a placement (in a turn or outside one: shields #14/#15 at the phase end): each
    pair of forts it links for the first time scores the phase value (O2, R-OUTPOSTS), the
    phase the placement is made in (R-OUTPOSTS-BONUS: at a phase end the one ending); the
    first and second estate with all three pairs linked take the large and small outpost
    bonus (O3, R-OUTPOSTS-BONUS)."""
    forts_of = {b: fort_masks(board) for b, board in outpost_boards(rules).items()}

    def placed(state: State, seat: int, space: int, tile: int) -> State:
        index = state.seats[seat].estate
        current = outposts(state)
        before = current.linked[index]
        if before == ALL_PAIRS:
            return state
        estate = state.estates[index]
        forts = forts_of.get(estate.board)
        if forts is None:
            return state
        engine = state.rules.engine
        joined = chain(engine.boards[estate.board], estate.filled, space)
        new = pairs_joined(forts, joined) & ~before
        if not new:
            return state
        linked = list(current.linked)
        linked[index] = before | new
        bonus = current.bonus
        size = 2 - current.bonus_left
        won = linked[index] == ALL_PAIRS and size < 2
        if won:
            bonus = (*bonus[:index], size, *bonus[index + 1:])
        state = state.with_variant_state(NAME, OutpostsState(tuple(linked), bonus))
        per_pair = PHASE_BONUS[min(state.phase, _LAST_PHASE)]
        state = add_vp(state, seat, per_pair * new.bit_count(), VP_SOURCE)
        if won:
            vp = BONUS_VP[size][state.rules.value_players]
            state = add_vp(state, seat, bonus_tile_vp(state, seat, NO_COLOUR, size, vp),
                           BONUS_SOURCE)
        return state
    return placed


# -- checks and pictures ----------------------------------------------------------------------
def validate(state: State) -> None:
    """The outposts' state: one entry per estate; a pair marked linked is linked in the
    duchy; a bonus only with all pairs linked; one large and one small tile at most, the
    large first."""
    current = outposts(state)
    n = len(state.estates)
    if len(current.linked) != n or len(current.bonus) != n:
        raise ValueError(f"outposts: one entry per estate ({n}) in linked and bonus")
    boards = state.rules.engine.boards
    for index, (linked, bonus) in enumerate(zip(current.linked, current.bonus, strict=True)):
        if type(linked) is not int or not 0 <= linked <= ALL_PAIRS:
            raise ValueError(f"outposts: estate {index}: linked {brief(linked)} is no pair mask")
        board = boards.get(state.estates[index].board)
        really = 0
        if board is not None and any(m.kind == FORT for m in board.landmarks):
            really = linked_pairs(board, state.estates[index].filled)
        if linked & ~really:
            raise ValueError(f"outposts: estate {index}: a pair marked linked is not linked")
        if bonus not in (NO_BONUS, 0, 1) or (bonus != NO_BONUS and linked != ALL_PAIRS):
            raise ValueError(f"outposts: estate {index}: bonus {brief(bonus)} without all "
                             f"three forts linked, or no such tile")
    taken = sorted(b for b in current.bonus if b != NO_BONUS)
    if taken not in ([], [0], [0, 1]):
        raise ValueError(f"outposts: bonus tiles {taken}: the large one first, each once")


def picture_rows(state: State, estate: int) -> Sequence[PictureRow]:
    """The estate's forts: each pair linked or open, and the outpost bonus taken."""
    current = outposts(state)
    board = state.rules.engine.boards.get(state.estates[estate].board)
    if board is None:
        return ()
    names = [m.name for m in board.landmarks if m.kind == FORT]
    if len(names) != 3:
        return ()
    linked = current.linked[estate]
    short = ["".join(word[:1] for word in name.split("-")).upper() for name in names]
    cells = tuple(
        PictureCell(
            f"{short[a]}-{short[b]} {'ok' if linked >> k & 1 else '..'}",
            title=f"forts {names[a]} and {names[b]}: "
                  f"{'linked' if linked >> k & 1 else 'not linked yet'}",
        )
        for k, (a, b) in enumerate(PAIRS)
    )
    bonus = current.bonus[estate]
    if bonus != NO_BONUS:
        size = "large" if bonus == 0 else "small"
        cells += (PictureCell(f"{size} bonus", title=f"outpost bonus tile: {size}"),)
    return (PictureRow("forts", cells),)


def board_rows(state: State) -> tuple[PictureRow, ...]:
    """The outpost bonus tiles still beside the board (O3: the large one for the first
    duchy to link all its forts, then the small one), with their VP; no row once both are
    taken.

    Examples:
        >>> import burgundy
        >>> from burgundy_outposts.rules import board_rows
        >>> game = burgundy.Game(players=2, variants=("outposts",), seed=1)
        >>> [cell.text for cell in board_rows(game.state)[0].cells]
        ['large 5 VP', 'small 2 VP']
    """
    left = outposts(state).bonus_left
    players = state.rules.value_players
    cells = tuple(
        PictureCell(f"{size} {BONUS_VP[k][players]} VP",
                    title=f"the {size} outpost bonus tile: {BONUS_VP[k][players]} VP for "
                          f"the {'first' if k == 0 else 'second'} duchy to link all its forts")
        for k, size in enumerate(("large", "small")) if k >= 2 - left
    )
    return (PictureRow("outpost bonus tiles left", cells),) if cells else ()
