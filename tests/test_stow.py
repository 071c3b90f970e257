"""Where a taken hex goes is its own decision (issue #18): with a full storage, the take
(or purchase) comes first and which stored hex to discard (R-STORAGE) is the
:class:`~burgundy.pending.StowTile` after it, answered by a :class:`~burgundy.actions.Stow`.
A small test plugin ("gift") takes a hex with an action of its own through the core's
``receive``, and a decision of its own answered through ``Decision.answer``: the general
way the core offers (docs/hooks.md, "Taking a hex")."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import burgundy
from burgundy.actions import BuyTile, Stow, TakeTile
from burgundy.components import tile_code
from burgundy.pending import StowTile, Turn
from burgundy.rules.income import set_estate
from burgundy.state import replace
from burgundy.testing import build_position, check_conformance
from burgundy.validation import validate_state

Install = Callable[[str, str], None]

BASE = burgundy.Ruleset(players=2, variants=())


def _full() -> burgundy.State:
    return build_position(BASE, seed=3, storage=["ship", "mine", "ship"], dice=(2, 5),
                          silver=4)


def test_r_storage_a_full_storage_asks_the_drop_after_the_take() -> None:
    """R-STORAGE: with all three spaces full the player discards a stored hex (one choice
    per distinct kind); the take itself is one action per hex, not one per discard."""
    state = _full()
    takes = [a for a in state.legal_actions() if isinstance(a, TakeTile)]
    assert takes and len({(a.die, a.depot, a.tile) for a in takes}) == len(takes)
    take = takes[0]
    asked = state.apply(take)
    item = asked.pending[-1]
    assert isinstance(item, StowTile) and item.tile == take.tile and item.seat == 0
    assert sorted(str(a) for a in asked.legal_actions()) == ["drop mine", "drop ship"]
    validate_state(asked)  # the held hex counts for conservation
    after = asked.apply(Stow(tile_code("ship")))
    storage = after.seat_estate(0).storage
    assert sorted(storage) == sorted([tile_code("mine"), tile_code("ship"), take.tile])
    assert after.removed[tile_code("ship")] == state.removed[tile_code("ship")] + 1
    assert isinstance(after.pending[-1], Turn) and len(after.seats[0].dice) == 1


def test_r_storage_the_purchase_asks_the_drop_too_and_nothing_else_meanwhile() -> None:
    """R-STORAGE holds for the black-depot purchase; while the drop is asked nothing else
    is offered (no purchase, no variant's extra action: ``Decision.extras`` is off)."""
    state = _full()
    buy = next(a for a in state.legal_actions() if isinstance(a, BuyTile))
    asked = state.apply(buy)
    assert isinstance(asked.pending[-1], StowTile)
    assert all(isinstance(a, Stow) for a in asked.legal_actions())
    assert asked.purchased and asked.seat_estate(0).silver == 2


def test_with_room_the_hex_goes_in_at_once() -> None:
    """ES11 p.5: a free space takes the hex; no question is asked."""
    state = build_position(BASE, seed=3, storage=["ship"], dice=(2, 5))
    take = next(a for a in state.legal_actions() if isinstance(a, TakeTile))
    after = state.apply(take)
    assert isinstance(after.pending[-1], Turn)
    assert take.tile in after.seat_estate(0).storage


def test_a_held_hex_survives_json_and_a_bad_one_is_refused() -> None:
    """A state waiting for the drop round-trips; a tampered held hex is a ValueError."""
    asked = _full().apply(next(a for a in _full().legal_actions() if isinstance(a, TakeTile)))
    again = burgundy.from_json(burgundy.to_json(asked), BASE)
    assert again == asked
    data = json.loads(burgundy.to_json(asked))
    data["pending"][-1]["tile"] = 999
    with pytest.raises(ValueError):
        burgundy.from_json(json.dumps(data), BASE)
    # with a free space there is nothing to ask (a stored ship moved out of the game)
    ship = tile_code("ship")
    removed = list(asked.removed)
    removed[ship] += 1
    roomy = set_estate(replace(asked, removed=tuple(removed)), 0,
                       storage=tuple(sorted((tile_code("mine"), ship))))
    with pytest.raises(ValueError, match="no choice"):
        validate_state(roomy)


GIFT = '''
import attrs

from burgundy.plugin import (
    Action, ActionRule, Decision, Pending, Turn, VariantInfo, can_receive, hookimpl, push,
    receive, remove_from_depot, replace, set_estate,
)


@attrs.frozen(slots=True)
class Gift(Action):
    """Take the black depot's hex for nothing (once a turn)."""

    tile: int

    def __str__(self):
        return f"gift {self.tile}"


@attrs.frozen(slots=True)
class Echo(Pending):
    """A decision whose answer needs the item's own field."""

    value: int = 0


@attrs.frozen(slots=True)
class Say(Action):
    """Answer an Echo."""

    def __str__(self):
        return "say"


def _extra(state, item):
    if isinstance(item, Turn) and not state.purchased and state.black_depot:
        if can_receive(state, item.seat):
            return [Gift(t) for t in sorted(set(state.black_depot))]
    return []


def _gift(state, seat, action):
    state = replace(remove_from_depot(state, 0, action.tile), purchased=True)
    return receive(push(state, Echo(seat, action.tile)), seat, action.tile)


def _answer(state, item, action):
    silver = state.seat_estate(item.seat).silver + (1 if item.value >= 0 else 0)
    state = replace(state, pending=state.pending[:-1])
    return set_estate(state, state.seats[item.seat].estate, silver=silver)


@hookimpl
def burgundy_variant():
    return VariantInfo(name="gift", action_types=(Gift, Say), pending_types=(Echo,))


@hookimpl
def burgundy_extra_actions(rules):
    return _extra


@hookimpl
def burgundy_rules(rules):
    return {
        Gift: ActionRule(_gift),
        Echo: Decision(legal=lambda state, item: (Say(),), answer=_answer),
    }
'''


def test_a_variants_take_asks_the_drop_through_the_core(install_plugin: Install) -> None:
    """A plugin's action that takes a hex calls ``receive``: with a full storage the core's
    StowTile follows it, answered before the plugin's own next decision; a plugin decision
    with ``Decision.answer`` is applied by it (one silverling here), with the item on
    top; random games with the plugin keep every invariant."""
    install_plugin("gift", GIFT)
    rules = burgundy.Ruleset(players=2, variants=("gift",))
    state = build_position(rules, seed=3, storage=["ship", "mine", "bank"], dice=(2, 5),
                           silver=0)
    gift = next(a for a in state.legal_actions() if type(a).__name__ == "Gift")
    asked = state.apply(gift)
    assert isinstance(asked.pending[-1], StowTile)
    assert sorted(str(a) for a in asked.legal_actions()) == ["drop bank", "drop mine", "drop ship"]
    echo = asked.apply(Stow(tile_code("bank")))
    assert type(echo.pending[-1]).__name__ == "Echo"
    assert gift.tile in echo.seat_estate(0).storage
    done = echo.apply(echo.legal_actions()[0])
    assert done.seat_estate(0).silver == 1 and isinstance(done.pending[-1], Turn)
    check_conformance(rules, seeds=[1])
