"""The hook ``burgundy_region_size`` (a completed region scores as a larger one: the inns,
shield #17) reaches the rule that scores a region and the bots' valuations of the regions
under way alike, through one function, :func:`~burgundy.rules.scoring.scored_region_size`.
A small test plugin makes every region score two spaces larger."""

from __future__ import annotations

from collections.abc import Callable

import burgundy
from burgundy.bots.evaluate import base_value, game_left
from burgundy.bots.features import QUANTITIES, features
from burgundy.rules.scoring import PHASE_BONUS, region_vp, scored_region_size
from burgundy.state import State
from burgundy.testing import random_playout

Install = Callable[[str, str], None]

LARGER = '''
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="larger")


@hookimpl
def burgundy_region_size(rules):
    return lambda state, estate, region, size: size + 2
'''


def _under_way(state: State, seat: int) -> list[tuple[int, float]]:
    """The regions of ``seat``'s duchy begun and not completed: (index, share covered)."""
    estate = state.seat_estate(seat)
    board = state.rules.engine.boards[estate.board]
    return [(number, (region.mask & estate.filled).bit_count() / region.size)
            for number, region in enumerate(board.regions)
            if 0 < (region.mask & estate.filled).bit_count() < region.size]


def _regions_term(state: State, seat: int, extra: int) -> float:
    """The ``regions`` quantity of the expert's features, each region scoring as
    ``extra`` spaces larger (module docstring of ``burgundy.bots.features``)."""
    board = state.rules.engine.boards[state.seat_estate(seat).board]
    bonus = PHASE_BONUS[min(state.phase, len(PHASE_BONUS) - 1)]
    return sum(share * share * (region_vp(board.regions[number].size + extra) + bonus)
               for number, share in _under_way(state, seat))


def test_the_larger_size_is_scored_and_valued(install_plugin: Install) -> None:
    install_plugin("larger", LARGER)
    plain_rules = burgundy.Ruleset(players=2, variants=())
    larger_rules = burgundy.Ruleset(players=2, variants=("larger",))
    plain = random_playout(plain_rules, 5)
    larger = random_playout(larger_rules, 5)
    # the same game: the size a region scores as changes VP, never what is legal
    assert [s.estates[0].filled for s in plain] == [s.estates[0].filled for s in larger]
    assert larger[-1].seats[0].vp > plain[-1].seats[0].vp  # completed regions scored larger

    step = next(i for i in range(40, len(plain)) if not plain[i].is_chance
                and _under_way(plain[i], 0) and game_left(plain[i]) > 0)
    before, after = plain[step], larger[step]
    first = _under_way(before, 0)[0][0]
    size = before.rules.engine.boards[before.seat_estate(0).board].regions[first].size
    assert scored_region_size(before, before.seats[0].estate, first) == size
    assert scored_region_size(after, after.seats[0].estate, first) == size + 2

    term = 1 + QUANTITIES.index("regions")  # its "@start" entry: times the share left
    left = game_left(before)
    assert abs(features(before, 0)[term] - left * _regions_term(before, 0, 0)) < 1e-9
    assert abs(features(after, 0)[term] - left * _regions_term(after, 0, 2)) < 1e-9
    assert _regions_term(after, 0, 2) > _regions_term(before, 0, 0)

    # the greedy valuation: 0.6 of the same term, on top of the rest (the VP differ by
    # the regions completed so far)
    vp_gap = after.seats[0].vp - before.seats[0].vp
    gap = base_value(after, 0) - base_value(before, 0) - vp_gap
    expected = 0.6 * (_regions_term(after, 0, 2) - _regions_term(before, 0, 0))
    assert abs(gap - expected) < 1e-9
