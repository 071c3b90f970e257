"""Two hooks the solo module needs, written generally (issue #13): ``burgundy_tile_score``
(a scoring tile's own VP, booked at game end, or when placed where a variant declares
``tiles_score_when_placed``: R-SOLO-KNOWLEDGE) and ``burgundy_held_goods`` (goods a variant
keeps outside the core's fields, counted by conservation: the solo ship's cleared goods,
R-SOLO-BLACK). Small test plugins are installed by entry point."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import burgundy
from burgundy.components import CASTLE
from burgundy.rules.scoring import final_terms
from burgundy.state import replace
from burgundy.testing import build_position, find_action
from burgundy.validation import goods_outside_pool, validate_state

Install = Callable[[str, str], None]

TOWERS = '''
from burgundy import hookimpl
from burgundy.components import CASTLE
from burgundy.variant_info import VariantInfo

WHEN_PLACED = {when_placed}


@hookimpl
def burgundy_variant():
    return VariantInfo(name="towers", tiles_score_when_placed=WHEN_PLACED)


@hookimpl
def burgundy_scoring(rules):
    def score(state, seat, code):
        if code != CASTLE:
            return {{}}
        castles = state.seat_estate(seat).spaces.count(CASTLE)
        return {{"towers": 5 * castles}}
    return {{"tile": score}}
'''
"""A scoring tile: every castle kind in the duchy is worth 5 VP per castle in it."""

HOARD = '''
import attrs
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo


@attrs.frozen
class HoardState:
    goods: tuple[int, ...] = (0, 0, 0, 0, 0, 0)


@hookimpl
def burgundy_variant():
    return VariantInfo(name="hoard", state_type=HoardState)


@hookimpl
def burgundy_setup(rules):
    return lambda state: state.with_variant_state("hoard", HoardState())


@hookimpl
def burgundy_held(rules):
    return {"goods": lambda state: state.variant_state("hoard").goods}
'''
"""Goods kept in the variant's state, outside the core's fields."""


def _castle_turn(rules: burgundy.Ruleset) -> burgundy.State:
    """A first turn with a castle in storage and a 6 for castle space b3 of board 1 (next
    to c4, covered here)."""
    return build_position(
        rules, seed=3, tiles={"c4": "k1"}, storage=["castle"], dice=(6, 1), workers=3
    )


def _place_castle(state: burgundy.State) -> burgundy.State:
    place = next(a for a in state.legal_actions() if str(a).startswith("place castle"))
    return state.apply(place)


@pytest.mark.parametrize("when_placed", [False, True])
def test_tile_score_books_at_game_end_or_when_placed(
    install_plugin: Install, when_placed: bool
) -> None:
    """R-SOLO-KNOWLEDGE: the same provider scores at game end by default, and right after
    the tile is placed (with the counts at that moment) where a variant says so."""
    install_plugin("towers", TOWERS.format(when_placed=when_placed))
    rules = burgundy.Ruleset(players=2, variants=("towers",))
    state = _castle_turn(rules)
    seat = state.current_player
    before = state.seats[seat].vp
    after = _place_castle(state)
    gained = after.seats[seat].vp - before
    ledger = dict(after.seats[seat].ledger)
    terms = final_terms(after, seat)
    if when_placed:
        assert ledger.get("towers") == 10  # two castles now: the start castle and this one
        assert "towers" not in terms  # nothing more at game end
        assert gained >= 10
    else:
        assert "towers" not in ledger
        assert terms["towers"] == 10  # counted at game end (here: from this state)


def test_tile_score_only_for_the_estates_first_seat(install_plugin: Install) -> None:
    """Estate terms are booked once, by the estate's first seat (as the core's own)."""
    install_plugin("towers", TOWERS.format(when_placed=False))
    rules = burgundy.Ruleset(players=2, variants=("towers",))
    state = burgundy.Game(players=2, variants=("towers",), seed=1).state
    for seat in range(2):
        assert final_terms(state, seat)["towers"] == 5 * state.seat_estate(seat).spaces.count(
            CASTLE
        )
    assert rules.engine.tile_score and not rules.engine.tiles_score_when_placed


def test_held_goods_count_in_conservation(install_plugin: Install) -> None:
    """A good moved from the pool into the variant's state is still one of the game's: the
    state validates, and ``goods_outside_pool`` counts it; the same good counted nowhere
    (the pool less one, the variant holding none) is refused."""
    install_plugin("hoard", HOARD)
    rules = burgundy.Ruleset(players=2, variants=("hoard",))
    state = burgundy.Game(players=2, variants=("hoard",), seed=2).state
    colour = next(c for c, n in enumerate(state.goods_pool) if n)
    pool = list(state.goods_pool)
    pool[colour] -= 1
    held = [0] * 6
    held[colour] = 1
    kept = replace(state, goods_pool=tuple(pool)).with_variant_state(
        "hoard", type(state.variant_state("hoard"))(goods=tuple(held))
    )
    validate_state(kept)
    assert goods_outside_pool(kept)[colour] == goods_outside_pool(state)[colour] + 1
    lost = replace(state, goods_pool=tuple(pool))
    with pytest.raises(ValueError, match="fewer goods of colour"):
        validate_state(lost)
    assert rules.engine.held_goods


def test_castle_turn_helper_places_a_castle(install_plugin: Install) -> None:
    """The position the tests above use has a castle placement (so they test something)."""
    install_plugin("towers", TOWERS.format(when_placed=True))
    state = _castle_turn(burgundy.Ruleset(players=2, variants=("towers",)))
    assert any(str(a).startswith("place castle") for a in state.legal_actions())
    assert find_action(state, str(next(
        a for a in state.legal_actions() if str(a).startswith("place castle")
    )))
