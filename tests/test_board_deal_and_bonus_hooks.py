"""Three general core changes the outposts module needs (issue #15), tested with small test
plugins installed by entry point: hook ``burgundy_board_deal`` (a variant's boards replace
the random deal's 1-10, every duchy is dealt from them, copies once all are dealt: the
Outposts page's deal of the outpost boards), a bonus tile of no colour seen by hook
``burgundy_bonus_tile_value`` (:func:`burgundy.rules.scoring.bonus_tile_vp`: shield #7 sees
the outposts' bonus, R-OUTPOSTS-BONUS) and board landmarks (the forts) in the pictures."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import burgundy
from burgundy.components import NO_COLOUR
from burgundy.geometry import NO_BOARD, Landmark
from burgundy.io import from_json, to_json
from burgundy.pending import BoardDraw
from burgundy.render.svg import duchy_svg
from burgundy.render.text import duchy_text
from burgundy.rules.scoring import bonus_tile_vp
from burgundy.state import replace
from burgundy.testing import check_conformance
from burgundy.validation import validate_state

Install = Callable[[str, str], None]

DUCHIES = '''
import attrs
from burgundy import hookimpl
from burgundy.geometry import Landmark, board
from burgundy.variant_info import VariantInfo

DEAL = {deal}


@hookimpl
def burgundy_variant():
    return VariantInfo(name="duchies")


@hookimpl
def burgundy_boards(rules):
    one = board("1")
    mark = Landmark("tower", 0.0, 1.0, 1 << 4 | 1 << 9, kind="tower")
    return {{
        "m1": attrs.evolve(one, id="m1", name="Mine 1", dealt=False, landmarks=(mark,)),
        "m2": attrs.evolve(board("2"), id="m2", name="Mine 2", dealt=False),
    }}


@hookimpl
def burgundy_board_deal(rules):
    return DEAL
'''
"""Two boards of the variant's own, and the deal from them."""


def _dealt(rules: burgundy.Ruleset, seed: int = 0) -> list[str]:
    game = burgundy.Game(rules, seed=seed)
    return [estate.board for estate in game.state.estates]


def test_a_variants_deal_replaces_the_box_boards(install_plugin: Install) -> None:
    """Option ``boards="standard"`` deals too once a variant gives the deal: each estate
    a board of it, by chance; two players, two boards: one each."""
    install_plugin("duchies", DUCHIES.format(deal='("m1", "m2")'))
    rules = burgundy.Ruleset(players=2, variants=("duchies",))
    assert rules.engine.deal_boards == ("m1", "m2") and rules.engine.variant_deal
    first = rules.initial_state()
    assert all(e.board == NO_BOARD for e in first.estates)
    draw = first
    while not isinstance(draw.pending[-1], BoardDraw):
        draw = draw.apply(draw.chance_outcomes()[0][0])
    assert [o for o, _ in draw.chance_outcomes()] == ["m1", "m2"]
    for seed in range(4):
        assert sorted(_dealt(rules, seed)) == ["m1", "m2"]


def test_a_deal_smaller_than_the_players_gives_copies(install_plugin: Install) -> None:
    """A board is dealt again only once every board of the deal is: three players, two
    boards: both dealt, one twice; one board: the same for all (the outposts' 11x)."""
    install_plugin("duchies", DUCHIES.format(deal='("m1", "m2")'))
    rules = burgundy.Ruleset(players=3, variants=("duchies",))
    for seed in range(4):
        dealt = _dealt(rules, seed)
        assert set(dealt) == {"m1", "m2"}
    check_conformance(rules, seeds=[1])
    state = burgundy.Game(rules, seed=1).state
    assert from_json(to_json(state), rules) == state
    wrong = list(state.estates)
    others = [b for b in ("m1", "m2") if [e.board for e in wrong].count(b) == 2]
    other = "m1" if others == ["m2"] else "m2"
    wrong = [replace(e, board=other) if e.board != other else e for e in wrong]
    with pytest.raises(ValueError, match="dealt again"):
        validate_state(replace(state, estates=tuple(wrong)))


def test_one_board_deal_and_fixed_boards(install_plugin: Install) -> None:
    install_plugin("duchies", DUCHIES.format(deal='("m1",)'))
    rules = burgundy.Ruleset(players=4, variants=("duchies",))
    assert _dealt(rules) == ["m1"] * 4
    fixed = burgundy.Ruleset(players=2, variants=("duchies",), options={"boards": ["m2", "1"]})
    assert _dealt(fixed) == ["m2", "1"]


@pytest.mark.parametrize("deal", ['("m1", "nowhere")', '()', '("m1", "m1")'])
def test_a_bad_deal_is_refused(install_plugin: Install, deal: str) -> None:
    install_plugin("duchies", DUCHIES.format(deal=deal))
    with pytest.raises(ValueError, match="board deal"):
        burgundy.Ruleset(players=2, variants=("duchies",))


BONUS = '''
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="colourless")


@hookimpl
def burgundy_bonus_tile_value(rules):
    return lambda state, seat, colour, size, vp: vp * 10 if colour < 0 else vp
'''
"""Bonus tiles of no colour are worth ten times their VP."""


def test_bonus_tile_of_no_colour_goes_through_the_modifiers(install_plugin: Install) -> None:
    """``bonus_tile_vp`` folds ``burgundy_bonus_tile_value`` for a bonus of no colour
    (colour ``NO_COLOUR``) as for a colour's (shield #7 doubles both: R-OUTPOSTS-BONUS)."""
    install_plugin("colourless", BONUS)
    state = burgundy.Ruleset(players=2, variants=("colourless",)).initial_state()
    assert bonus_tile_vp(state, 0, NO_COLOUR, 0, 5) == 50
    assert bonus_tile_vp(state, 0, 3, 0, 5) == 5
    plain = burgundy.Ruleset(players=2, variants=()).initial_state()
    assert bonus_tile_vp(plain, 0, NO_COLOUR, 1, 2) == 2


def test_landmarks_are_drawn_and_named(install_plugin: Install) -> None:
    """A board's landmarks (the outposts' forts): the SVG draws each with a title naming
    the spaces it touches; the text picture names them under the rows."""
    install_plugin("duchies", DUCHIES.format(deal='("m1",)'))
    state = burgundy.Game(burgundy.Ruleset(players=2, variants=("duchies",)), seed=0).state
    svg = duchy_svg(state, 0)
    assert 'class="landmarks"' in svg and "tower tower: touches b1, c1" in svg
    assert "tower tower: touches b1 c1" in duchy_text(state, 0)
    assert Landmark("x", 0, 0, 1).kind == ""
