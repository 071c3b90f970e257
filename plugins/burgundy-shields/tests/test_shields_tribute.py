"""Shield tribute at each phase end, before mine income.

Source: docs/variants/shields.md, "Tribute" (SE-ZH; RU19 omits it but its #3 needs it):
with the shields module, shield tribute is paid first: at the end of each phase,
before mine income, pay 1 silver per shield; a shield you cannot or will not pay for is
removed from the game. Shield #3: tribute may be paid with workers instead of silver, one
worker per silver, mixing allowed.

Positions: the last turn of round 5 (``last_turn_of_phase``); the seat takes workers with both
dice (+4 workers), which ends the phase. Castles: d4 (start) and a2.
"""

from __future__ import annotations

import pytest

from burgundy.pending import Turn
from burgundy.testing import legal_texts
from burgundy.testing import play_texts as do
from burgundy_shields.model import ShieldTribute


def shields(state):
    return state.variant_state("shields")


def to_phase_end(state):
    """Play the seat's last turn (workers, workers) and end it: the phase ends."""
    state = do(state, "workers d1", "workers d2")
    if isinstance(state.pending[-1], Turn) and "end" in legal_texts(state):
        state = do(state, "end")
    return state


def owned(state, seat):
    return sorted(shields(state).shields_of(state.seats[seat].estate))


@pytest.mark.parametrize("phase", [0, 1, 2, 3, 4])
def test_tribute_at_every_phase_end_keep_or_lose(build, phase):
    """Shields page: at the end of each phase (A-E) the seat chooses which shields to keep, paying
    1 silver each; the others leave the game (removed, not back on a depot)."""
    state = build(dice=(1, 2), silver=5, tiles={"a2": "castle"}, shields={"d4": 1, "a2": 7},
                  black=(), phase=phase, last_turn_of_phase=True)
    seat = state.current_player
    at_end = to_phase_end(state)
    assert isinstance(at_end.pending[-1], ShieldTribute) and at_end.current_player == seat
    assert legal_texts(at_end) == {"tribute 1,7", "tribute 1", "tribute 7", "tribute none"}
    after = do(at_end, "tribute 7")
    assert owned(after, seat) == [7]
    assert shields(after).removed == (1,)
    assert after.seat_estate(seat).silver == 4
    if phase < 4:
        assert after.phase == phase + 1
    else:
        assert after.is_terminal
        ledger = dict(after.seats[seat].ledger)
        assert ledger["shield #7"] == 8 and "shield #1" not in ledger


def test_keeping_every_shield_costs_one_silver_each(build):
    state = build(dice=(1, 2), silver=5, tiles={"a2": "castle"}, shields={"d4": 1, "a2": 7},
                  black=(), last_turn_of_phase=True)
    seat = state.current_player
    after = do(to_phase_end(state), "tribute 1,7")
    assert owned(after, seat) == [1, 7]
    assert after.seat_estate(seat).silver == 3
    assert shields(after).removed == ()


def test_tribute_none_loses_every_shield(build):
    state = build(dice=(1, 2), silver=5, tiles={"a2": "castle"}, shields={"d4": 1, "a2": 7},
                  black=(), last_turn_of_phase=True)
    seat = state.current_player
    after = do(to_phase_end(state), "tribute none")
    assert owned(after, seat) == []
    assert shields(after).removed == (1, 7)
    assert after.seat_estate(seat).silver == 5


@pytest.mark.parametrize(
    ("silver", "options"),
    [
        (1, {"tribute 1", "tribute 7", "tribute none"}),
        (0, {"tribute none"}),
    ],
)
def test_too_little_silver_must_lose_shields(build, silver, options):
    """Shields page "a shield you cannot ... pay for is removed": with 1 silver only one of two
    shields can be kept; with none, both go (workers do not pay without #3)."""
    state = build(dice=(1, 2), silver=silver, tiles={"a2": "castle"},
                  shields={"d4": 1, "a2": 7}, last_turn_of_phase=True)
    at_end = to_phase_end(state)
    assert at_end.seat_estate(state.current_player).workers == 4  # workers do not pay
    assert legal_texts(at_end) == options


@pytest.mark.parametrize("silver", [0, 1])
def test_tribute_comes_before_mine_income(build, silver):
    """Shields page: tribute is paid before the mines pay. With no silver and two mines the
    shield cannot be kept (the mines' silver comes too late); with 1 silver it can. The
    income arrives afterwards either way."""
    state = build(dice=(1, 2), silver=silver, tiles={"e3": "mine", "f2": "mine"},
                  shields={"d4": 7}, last_turn_of_phase=True)
    seat = state.current_player
    at_end = to_phase_end(state)
    assert at_end.seat_estate(seat).silver == silver  # no income yet
    if silver == 0:
        assert legal_texts(at_end) == {"tribute none"}
        after = do(at_end, "tribute none")
        assert owned(after, seat) == []
        assert after.seat_estate(seat).silver == 2
    else:
        assert "tribute 7" in legal_texts(at_end)
        after = do(at_end, "tribute 7")
        assert owned(after, seat) == [7]
        assert after.seat_estate(seat).silver == 2  # 1 - 1 + 2 mines
    assert after.phase == 1


def test_no_shields_no_tribute_decision(build):
    """Shields page: only shields cost tribute; a phase end without shields goes straight on."""
    state = build(dice=(1, 2), silver=3, black=(), last_turn_of_phase=True)
    after = to_phase_end(state)
    assert after.phase == 1
    assert not any(isinstance(p, ShieldTribute) for p in after.pending)


def test_every_seat_with_shields_pays(build, other):
    """Shields page "each phase end ... pay 1 silver per shield": both seats are asked, each for its
    own shields, and each pays from its own silver."""
    state = build(dice=(1, 2), silver=2, shields={"d4": 1}, their_shields={"d4": 7},
                  black=(), last_turn_of_phase=True)
    seat, them = state.current_player, other(state)
    at_end = to_phase_end(state)
    asked = []
    while isinstance(at_end.pending[-1], ShieldTribute):
        who = at_end.current_player
        asked.append(who)
        mine = owned(at_end, who)
        keep = ",".join(map(str, mine))
        text = f"tribute {keep}" if at_end.seat_estate(who).silver >= len(mine) else "tribute none"
        at_end = do(at_end, text)
    assert sorted(asked) == sorted([seat, them])
    assert owned(at_end, seat) == [1]
    assert at_end.seat_estate(seat).silver == 1


# -- #3: workers pay ---------------------------------------------------------------------------


def test_shield_3_pays_tribute_with_workers_mixing_allowed(build):
    """Shield #3 (SE-ZH): tribute may be paid with workers instead of silver, 1 worker per
    silver, mixing allowed. 1 silver + 4 workers: both shields can be kept with one worker
    and one silver, or two workers."""
    state = build(dice=(1, 2), silver=1, workers=0, tiles={"a2": "castle"},
                  shields={"d4": 3, "a2": 7}, last_turn_of_phase=True)
    seat = state.current_player
    at_end = to_phase_end(state)
    texts = legal_texts(at_end)
    assert {"tribute 3,7 w1", "tribute 3,7 w2"} <= texts
    assert "tribute 3,7" not in texts  # 2 silver needed, only 1 held
    after = do(at_end, "tribute 3,7 w1")
    assert owned(after, seat) == [3, 7]
    assert after.seat_estate(seat).workers == 3
    assert after.seat_estate(seat).silver == 0 + 0  # 1 - 1, no mines
    after2 = do(at_end, "tribute 3,7 w2")
    assert after2.seat_estate(seat).workers == 2 and after2.seat_estate(seat).silver == 1


def test_without_shield_3_workers_do_not_pay(build):
    """Shields page: the control for #3: the same position with #1 instead of #3."""
    state = build(dice=(1, 2), silver=1, workers=0, tiles={"a2": "castle"},
                  shields={"d4": 1, "a2": 7}, last_turn_of_phase=True)
    texts = legal_texts(to_phase_end(state))
    assert not any(" w" in t for t in texts)
    assert "tribute 1,7" not in texts


def test_shield_3_no_silver_at_all_workers_only(build):
    """Shield #3: with no silver the shields can still be kept, paid fully with workers."""
    state = build(dice=(1, 2), silver=0, workers=0, tiles={"a2": "castle"},
                  shields={"d4": 3, "a2": 7}, last_turn_of_phase=True)
    seat = state.current_player
    at_end = to_phase_end(state)
    assert "tribute 3,7 w2" in legal_texts(at_end)
    assert "tribute 3,7 w1" not in legal_texts(at_end)
    after = do(at_end, "tribute 3,7 w2")
    assert owned(after, seat) == [3, 7] and after.seat_estate(seat).workers == 2
