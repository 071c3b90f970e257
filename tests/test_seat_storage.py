"""Storage spaces of a seat's own (the core team play needs, issue #14: R-TEAM-STORAGE;
written generally): hook ``burgundy_seat_storage_capacity`` gives a seat spaces of its own
beside its estate's; a taken hex goes into any free one of those; with all full the seat
discards one of them, never one of its partner's own; it places from either. A small test
plugin ("keeps") puts two partners on each of two duchies with 2 shared and 2 own spaces
each (T8-T10)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import burgundy
from burgundy.actions import PlaceTile, Stow, StowOwn, TakeTile
from burgundy.components import tile_code
from burgundy.pending import StowTile, Turn
from burgundy.rules.income import set_estate, set_seat
from burgundy.rules.take import storage_choices
from burgundy.state import State, replace
from burgundy.testing import check_conformance, first_turn, take_from_supply, with_dice
from burgundy.validation import validate_state

Install = Callable[[str, str], None]

KEEPS = '''
from burgundy import hookimpl
from burgundy.variant_info import VariantInfo


@hookimpl
def burgundy_variant():
    return VariantInfo(name="keeps", players=(4,))


@hookimpl
def burgundy_seat_estates(rules):
    return (0, 0, 1, 1)


@hookimpl
def burgundy_storage(rules):
    return {
        "hexes": lambda state, estate, capacity: 2,
        "own_hexes": lambda state, seat, capacity: capacity + 2,
    }
'''


@pytest.fixture
def rules(install_plugin: Install) -> burgundy.Ruleset:
    install_plugin("keeps", KEEPS)
    return burgundy.Ruleset(players=4, variants=("keeps",))


def _partner(state: State, seat: int) -> int:
    return next(s for s in range(4) if s != seat and state.seats[s].estate ==
                state.seats[seat].estate)


def _stocked(state: State, seat: int, shared: list[str], own: list[str],
             theirs: list[str]) -> State:
    """``state`` with these hexes (from the supply) in the estate's storage, the seat's own
    and its partner's own."""
    state = take_from_supply(state, *shared, *own, *theirs)
    codes = lambda names: tuple(sorted(tile_code(n) for n in names))  # noqa: E731
    state = set_estate(state, state.seats[seat].estate, storage=codes(shared))
    state = set_seat(state, seat, storage=codes(own))
    state = set_seat(state, _partner(state, seat), storage=codes(theirs))
    validate_state(state)
    return state


def test_a_taken_hex_goes_into_any_free_space(rules: burgundy.Ruleset) -> None:
    """R-TEAM-STORAGE: with room in both, the estate's and the seat's own spaces are both
    offered; with the shared ones full, only the own; no discard while one is free."""
    state = first_turn(rules, 2)
    seat = state.current_player
    assert storage_choices(state, seat) == ((-1, False), (-1, True))
    take = next(a for a in state.legal_actions() if isinstance(a, TakeTile))
    asked = state.apply(take)  # where it goes is the decision after the take
    assert isinstance(asked.pending[-1], StowTile) and asked.pending[-1].tile == take.tile
    assert [str(a) for a in asked.legal_actions()] == ["stow", "stow own"]
    mine = asked.apply(StowOwn())
    assert take.tile in mine.seats[seat].storage and not isinstance(mine.pending[-1], StowTile)
    shared = asked.apply(Stow())
    assert take.tile in shared.seat_estate(seat).storage
    full_shared = _stocked(state, seat, ["bank", "church"], [], [])
    assert storage_choices(full_shared, seat) == ((-1, True),)
    take = next(a for a in full_shared.legal_actions() if isinstance(a, TakeTile))
    after = full_shared.apply(take)  # one place for it: no question
    assert take.tile in after.seats[seat].storage and isinstance(after.pending[-1], Turn)


def test_with_all_full_the_discard_is_from_own_or_shared_never_the_partners(
    rules: burgundy.Ruleset,
) -> None:
    """R-TEAM-STORAGE / R-STORAGE: all four spaces full: discard one of them (the new hex
    takes its place); the partner's own hexes are never offered."""
    state = first_turn(rules, 2)
    seat = state.current_player
    full = _stocked(state, seat, ["bank", "church"], ["market", "mine"], ["castle", "k1"])
    choices = set(storage_choices(full, seat))
    assert choices == {
        (tile_code("bank"), False), (tile_code("church"), False),
        (tile_code("market"), True), (tile_code("mine"), True),
    }
    take = next(a for a in full.legal_actions() if isinstance(a, TakeTile))
    asked = full.apply(take)
    assert {str(a) for a in asked.legal_actions()} == {
        "drop bank", "drop church", "drop market own", "drop mine own"}
    after = asked.apply(StowOwn(tile_code("mine")))
    assert take.tile in after.seats[seat].storage
    assert tile_code("mine") not in after.seats[seat].storage
    assert after.seats[_partner(full, seat)].storage == full.seats[_partner(full, seat)].storage


def test_placing_from_own_storage_and_the_partner_cannot(rules: burgundy.Ruleset) -> None:
    """T10/T11: a seat places from the shared spaces or its own; its partner never from
    the seat's own (k1 to c4, die 1, next to the start castle on d4 of board 1)."""
    state = first_turn(rules, 2)
    seat = state.current_player
    stocked = with_dice(_stocked(state, seat, [], ["k1"], []), seat, 1, 6)
    places = [a for a in stocked.legal_actions() if isinstance(a, PlaceTile)]
    texts = [str(a) for a in places]
    assert "place k1 c4 d1 own" in texts and all(t.startswith("place k1 c4 ") for t in texts)
    assert all(a.own for a in places)
    after = stocked.apply(places[0])
    assert after.seats[seat].storage == ()
    assert after.seat_estate(seat).spaces[places[0].space] == tile_code("k1")
    partner = _partner(stocked, seat)
    turn_of_partner = with_dice(replace(stocked, pending=(*stocked.pending[:-1],
                                                          Turn(partner))), partner, 1, 6)
    assert not [a for a in turn_of_partner.legal_actions() if isinstance(a, PlaceTile)]


def test_storage_over_the_seats_capacity_is_refused(rules: burgundy.Ruleset) -> None:
    """A loaded state with more own hexes than the seat has spaces is a ValueError."""
    state = first_turn(rules, 2)
    seat = state.current_player
    over = take_from_supply(state, "bank", "church", "market")
    over = set_seat(over, seat, storage=tuple(sorted(
        tile_code(n) for n in ("bank", "church", "market"))))
    with pytest.raises(ValueError, match="own storage spaces"):
        validate_state(over)


def test_own_storage_passes_the_conformance_kit(rules: burgundy.Ruleset) -> None:
    """Whole random games that use both kinds of storage keep every invariant and survive
    JSON and records; and the own spaces are used."""
    check_conformance(rules, seeds=[1, 2])
    game = burgundy.Game(rules, seed=3)
    rng = random.Random(3)
    used = False
    while not game.state.is_terminal and not used:
        game.play(rng.choice(game.legal_actions()))
        used = any(seat.storage for seat in game.state.seats)
    assert used


def test_the_base_game_offers_no_own_storage() -> None:
    """Without the hook nothing changes: one place for a hex taken into a free space."""
    state = first_turn(burgundy.Ruleset(players=2, variants=()), 1)
    assert storage_choices(state, state.current_player) == ((-1, False),)
