"""Player counts a variant declares, count-dependent values from one place, and the
invariants a variant may lift (issue #13; R-SOLO-COUNT, R-SOLO-RESULT), through small test
plugins installed by entry point."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest

import burgundy
from burgundy.rules.sell import SALE_VP
from burgundy.rules.setup import black_depot_size, depot_spaces
from burgundy.testing import ConformanceError, check_conformance, check_invariants, random_playout
from burgundy.variants import every_variant

LONELY = '''
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="lonely", players=(1,), adds_players=(1,), value_players={values})
'''

GRUMPY = '''
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="grumpy", scores_may_fall={fall}, may_end_without_winner={lose})


@hookimpl
def burgundy_winners(rules):
    return lambda state, winners: ()
'''


def test_a_variant_adds_a_player_count(install_plugin: Callable[[str, str], None]) -> None:
    """R-SOLO-COUNT's mechanism: one player is possible only with a variant that adds it."""
    with pytest.raises(ValueError, match=r"players must be one of \[2, 3, 4\]"):
        burgundy.Ruleset(players=1, variants=())
    install_plugin("lonely", LONELY.format(values=2))
    with pytest.raises(ValueError, match=r"for 1 player\(s\) enable variant 'lonely'"):
        burgundy.Ruleset(players=1, variants=())  # the error names the variant to enable
    rules = burgundy.Ruleset(players=1, variants=("lonely",))
    assert rules.players == 1 and rules.value_players == 2
    with pytest.raises(ValueError, match=r"players must be one of \[1\]"):
        burgundy.Ruleset(players=2, variants=("lonely",))
    check_conformance(rules, seeds=[1, 2])


def test_count_dependent_values_follow_value_players(
    install_plugin: Callable[[str, str], None],
) -> None:
    """R-SOLO-COUNT: every count-dependent value uses the redirected count (here: a
    1-player game with the 2-player depots, black depot and sale VP)."""
    install_plugin("lonely", LONELY.format(values=2))
    rules = burgundy.Ruleset(players=1, variants=("lonely",))
    states = random_playout(rules, 3)
    first_turn = next(s for s in states if s.current_player == 0)
    drawn = sum(len(d) for d in first_turn.depots)
    assert drawn == len(depot_spaces(2, 0))
    assert len(first_turn.black_depot) == black_depot_size(2)
    sales = [
        (before, after) for before, after in pairwise(states)
        if sum(after.estates[0].sold) > sum(before.estates[0].sold)
        and before.current_player == 0
    ]
    assert sales, "the seeded game sells goods"
    before, after = sales[0]
    count = sum(after.estates[0].sold) - sum(before.estates[0].sold)
    assert dict(after.seats[0].ledger).get("sales", 0) - dict(before.seats[0].ledger).get(
        "sales", 0) == SALE_VP[2] * count


def test_value_players_default_is_the_player_count() -> None:
    for players in (2, 3, 4):
        assert burgundy.Ruleset(players=players, variants=()).value_players == players


def test_a_variant_may_lift_the_winner_and_score_invariants(
    install_plugin: Callable[[str, str], None],
) -> None:
    """R-SOLO-RESULT: ``winners()`` may be ``()``; the kit accepts it only where a variant
    says a game may end without a winner."""
    install_plugin("grumpy", GRUMPY.format(fall=False, lose=False))
    rules = burgundy.Ruleset(players=2, variants=("grumpy",))
    final = random_playout(rules, 1)[-1]
    assert final.winners() == ()
    with pytest.raises(ConformanceError, match="has winners"):
        check_invariants(final)


def test_may_end_without_winner_is_accepted_by_the_kit(
    install_plugin: Callable[[str, str], None],
) -> None:
    install_plugin("grumpy", GRUMPY.format(fall=True, lose=True))
    rules = burgundy.Ruleset(players=2, variants=("grumpy",))
    final = random_playout(rules, 1)[-1]
    check_invariants(final)
    assert rules.infos[0].scores_may_fall


def test_falling_scores_fail_the_kit_unless_a_variant_lifts_it(
    install_plugin: Callable[[str, str], None],
) -> None:
    rules = burgundy.Ruleset(players=2, variants=())
    states = random_playout(rules, 4)
    later = next(s for s in states if any(s.scores))
    earlier = states[0]
    with pytest.raises(ConformanceError, match="score fell"):
        check_invariants(earlier, later)  # as if the scores had fallen
    install_plugin("grumpy", GRUMPY.format(fall=True, lose=True))
    lifted = burgundy.Ruleset(players=2, variants=("grumpy",))
    again = random_playout(lifted, 4)
    falling = next(s for s in again if any(s.scores))
    check_invariants(again[0], falling)


def test_different_value_counts_cannot_combine(
    install_plugin: Callable[[str, str], None],
) -> None:
    install_plugin("lonely", LONELY.format(values=2))
    install_plugin("lonelier", LONELY.format(values=3).replace('"lonely"', '"lonelier"'))
    with pytest.raises(ValueError, match="different player counts"):
        burgundy.Ruleset(players=1, variants=("lonely", "lonelier"))


def test_available_variants_by_player_count(install_plugin: Callable[[str, str], None]) -> None:
    """"Every variant" of a game depends on its count: a variant that plays only alone is
    not one of a 2-player game's, and one for 2-4 players not one of a solo game's."""
    install_plugin("lonely", LONELY.format(values=2))
    assert "lonely" in burgundy.available_variants()
    assert "lonely" in burgundy.available_variants(players=1)
    assert "lonely" not in burgundy.available_variants(players=2)
    assert "knowledge" in burgundy.available_variants(players=1)  # any count


def test_every_variant_leaves_out_one_that_cannot_join(
    install_plugin: Callable[[str, str], None],
) -> None:
    """"Every variant" of a tool is as many as play together: of two that exclude each
    other (here two that deal their own boards), the second in name order is left out."""
    dealer = '''
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo

@hookimpl
def burgundy_variant():
    return VariantInfo(name="{name}", players=(2,))

@hookimpl
def burgundy_board_deal(rules):
    return ("1",)
'''
    install_plugin("deal_a", dealer.format(name="deal_a"))
    install_plugin("deal_b", dealer.format(name="deal_b"))
    every = every_variant(2)
    assert "deal_a" in every and "deal_b" not in every
    with pytest.raises(ValueError, match="more than one of them deals"):
        burgundy.Ruleset(players=2, variants=("deal_a", "deal_b"))
