"""Seats sharing estates and the start resources as hooks (the core team play needs, issue
#14: R-TEAM-SEATS; written generally): ``burgundy_seat_estates`` says which estate each seat
plays on, ``burgundy_on_start_player`` changes the start resources and the first order once
the start player is known. A small test plugin ("pairs") puts two partners on each of two
duchies, with 3 and 5 workers and 2 silverlings per duchy and the first order A1, B1, A2,
B2 (the team module's set-up, T4-T7)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import burgundy
from burgundy.rules.scoring import play_order
from burgundy.testing import check_conformance, first_turn

Install = Callable[[str, str], None]

PAIRS = '''
from burgundy import hookimpl
from burgundy.rules.income import set_estate
from burgundy.rules.scoring import play_order
from burgundy.state import replace
from burgundy.variant_info import VariantInfo

ANSWER = {answer}


@hookimpl
def burgundy_variant():
    return VariantInfo(name="pairs", players=(4,))


@hookimpl
def burgundy_seat_estates(rules):
    return ANSWER


@hookimpl
def burgundy_events(rules):
    def start(state, first):
        team_a = state.seats[first].estate
        for estate in range(2):
            state = set_estate(state, estate, workers=3 if estate == team_a else 5, silver=2)
        a = [s for s in range(4) if state.seats[s].estate == team_a]
        b = [s for s in range(4) if state.seats[s].estate != team_a]
        a.sort(key=lambda s: s != first)
        order = (a[0], b[0], a[1], b[1])
        track = (tuple(reversed(order)),)
        return replace(state, track=track, order=play_order(track))
    return {{"start_player": start}}
'''


def _rules(install: Install, answer: object = (0, 0, 1, 1)) -> burgundy.Ruleset:
    install("pairs", PAIRS.format(answer=repr(answer)))
    return burgundy.Ruleset(players=4, variants=("pairs",))


def test_partners_share_an_estate_and_its_resources(install_plugin: Install) -> None:
    """R-TEAM-SEATS, T4/T5: two estates for four seats; 3 goods per estate; 3 workers for
    the start player's team, 5 for the other, 2 silverlings each."""
    rules = _rules(install_plugin)
    state = first_turn(rules, 3)
    assert [seat.estate for seat in state.seats] == [0, 0, 1, 1]
    assert len(state.estates) == 2
    assert all(sum(estate.goods) == 3 for estate in state.estates)
    start = state.order[0]
    team_a = state.seats[start].estate
    assert state.estates[team_a].workers == 3 and state.estates[1 - team_a].workers == 5
    assert all(estate.silver == 2 for estate in state.estates)


def test_the_first_order_alternates_the_teams(install_plugin: Install) -> None:
    """T7: the first round's order is A1, B1, A2, B2 (the track set by the event)."""
    rules = _rules(install_plugin)
    for seed in range(4):
        state = first_turn(rules, seed)
        order = state.order
        estates = [state.seats[s].estate for s in order]
        assert estates[0] == estates[2] != estates[1] == estates[3]
        assert play_order(state.track) == order


def test_a_seat_spends_what_its_partner_sees(install_plugin: Install) -> None:
    """T9: the estate's workers are shared: a seat's take-workers action raises what its
    partner has."""
    rules = _rules(install_plugin)
    state = first_turn(rules, 5)
    seat = state.current_player
    partner = next(s for s in range(4) if s != seat and state.seats[s].estate ==
                   state.seats[seat].estate)
    before = state.seat_estate(partner).workers
    take = next(a for a in state.legal_actions() if str(a).startswith("workers"))
    after = state.apply(take)
    assert after.seat_estate(partner).workers == before + 2


def test_shared_estates_pass_the_conformance_kit(install_plugin: Install) -> None:
    """Whole games with shared estates keep every invariant and survive JSON and records."""
    check_conformance(_rules(install_plugin), seeds=[1, 2])


@pytest.mark.parametrize(
    "answer", [(0, 0, 1), (1, 1, 0, 0), (0, 2, 1, 1), ("0", 0, 1, 1), 7],
)
def test_a_bad_answer_is_refused(install_plugin: Install, answer: object) -> None:
    """One estate per seat, numbered in order of first seat; else a clear ValueError."""
    with pytest.raises(ValueError, match="one estate per seat"):
        _rules(install_plugin, answer)


def test_the_boards_option_names_one_board_per_estate(install_plugin: Install) -> None:
    """With shared estates the ``boards`` option names a board per estate."""
    _rules(install_plugin)
    rules = burgundy.Ruleset(players=4, variants=("pairs",), options={"boards": ["3", "5"]})
    assert [e.board for e in first_turn(rules, 1).estates] == ["3", "5"]
    with pytest.raises(ValueError, match="one board id per estate"):
        burgundy.Ruleset(players=4, variants=("pairs",), options={"boards": [1, 2, 3, 4]})
