"""Rulesets and positions for the outposts tests.

Positions come from :func:`burgundy.testing.build_position` (a seeded game's first turn on
board ``11x``; the start castle on a1, the first castle space) with what a test needs; the
outposts' state is set with :func:`at`. Every position stays valid (hexes and goods
conserved; the pairs marked linked are those linked in the duchy).

Board 11x (the rulebook's example; letter = colour, digit = die number)::

    a:       C6 B5 B4 C3
    b:     Y2 Y1 Y6 Y5 Y4          forts: top-left touches b1 c1, top-right b5 c6,
    c:   S5 G4 B3 B1 S2 G3                bottom g2 g3
    d: B6 S1 B2 B6 B5 G4 M1
    e:   B2 S5 B4 B3 G1 M2
    f:     C6 S1 Y2 G5 C6
    g:       M3 S4 G1 B3
"""

from __future__ import annotations

import types
from typing import Any

import attrs
import pytest

import burgundy
from burgundy.state import State
from burgundy.testing import build_position, fetch, with_tiles
from burgundy.validation import validate_state
from burgundy_outposts.model import ALL_PAIRS, NAME, NO_BONUS, OutpostsState
from burgundy_outposts.rules import linked_pairs

SEED = 0

ROW_B = {"b1": "k15", "b2": "k16", "b3": "k17", "b4": "k18"}
"""Row b but b5: a chain from the top-left fort (b1) that b5 joins to the top-right."""
DOWN = {"c3": "market", "d3": "bank", "e3": "carpenter", "f3": "k20"}
"""From b3 down to f3: g3 (or g2) then joins it to the bottom fort."""
ALL_LINKED = {"c1": "ship", "c2": "cow3", "c3": "church", "c4": "warehouse", "c5": "ship",
              "c6": "pig3", "d2": "ship", "e2": "ship", "f2": "ship", "g2": "ship"}
"""A duchy whose three forts are all linked by one chain (row c, then the river from c2
down to g2), without knowledge tiles (each exists once): for other seats."""


def rules(players: int = 3, knowledge: bool = True, shields: bool = False,
          **options: Any) -> burgundy.Ruleset:
    """An outposts ruleset (knowledge on by default)."""
    variants = (("knowledge",) if knowledge else ()) + (("shields",) if shields else ())
    return burgundy.Ruleset(players=players, variants=(*variants, "outposts"),
                            options=options)


def position(ruleset: burgundy.Ruleset | None = None, **spec: Any) -> State:
    """The first turn of seed :data:`SEED` with ``spec`` (``build_position``'s keywords).

    The hexes of ``tiles`` (and of ``seats``' entries) are put in after the rest, and every
    pair of forts they link is marked linked, as if it had scored when it was linked (the
    loader refuses a linked pair that is not marked: it would score again); an estate with
    all three linked holds a bonus tile (large first, in the order the seats are given)."""
    tiles = spec.pop("tiles", None) or {}
    seats = {seat: dict(entry) for seat, entry in (spec.pop("seats", None) or {}).items()}
    later = {seat: entry.pop("tiles") for seat, entry in seats.items() if "tiles" in entry}
    state = build_position(ruleset or rules(), seed=SEED, seats=seats or None, **spec)
    later.setdefault(state.current_player, {}).update(tiles)
    for seat, placed in later.items():
        for space, name in placed.items():
            state = with_tiles(fetch(state, name), seat, {space: name})
    engine = state.rules.engine
    linked = [linked_pairs(engine.boards[estate.board], estate.filled)
              for estate in state.estates]
    bonus = [NO_BONUS] * len(linked)
    for seat in later:  # all three linked: the bonus tiles, large first, in the order given
        index = state.seats[seat].estate
        taken = sum(1 for b in bonus if b != NO_BONUS)
        if linked[index] == ALL_PAIRS and bonus[index] == NO_BONUS and taken < 2:
            bonus[index] = taken
    state = state.with_variant_state(NAME, OutpostsState(tuple(linked), tuple(bonus)))
    validate_state(state)
    return state


def at(state: State, estate: int, linked: int | None = None, bonus: int | None = None) -> State:
    """``state`` with estate ``estate``'s linked pairs and bonus tile set (validated)."""
    current = state.variant_state(NAME)
    new_linked, new_bonus = list(current.linked), list(current.bonus)
    if linked is not None:
        new_linked[estate] = linked
    if bonus is not None:
        new_bonus[estate] = bonus
    state = state.with_variant_state(
        NAME, attrs.evolve(current, linked=tuple(new_linked), bonus=tuple(new_bonus))
    )
    validate_state(state)
    return state


def with_shield(state: State, seat: int, number: int, space: str = "a1") -> State:
    """Seat ``seat`` has shield ``number`` on its castle on ``space`` (the shields' state is
    changed through its fields, as the plugins do not import each other)."""
    current = state.variant_state("shields")
    board = state.rules.engine.boards[state.seat_estate(seat).board]
    placed = list(current.placed)
    index = state.seats[seat].estate
    placed[index] = ((board.space_by_name[space], number),)
    state = state.with_variant_state("shields", attrs.evolve(
        current,
        supply=tuple(k for k in current.supply if k != number),
        depots=tuple(tuple(k for k in d if k != number) for d in current.depots),
        placed=tuple(placed),
    ))
    validate_state(state)
    return state


def texts(state: State, prefix: str = "") -> list[str]:
    """The legal actions' texts that start with ``prefix``."""
    return [str(a) for a in state.legal_actions() if str(a).startswith(prefix)]


def play(state: State, *moves: str) -> State:
    """Apply the legal actions with texts ``moves``, in turn."""
    for text in moves:
        for action in state.legal_actions():
            if str(action) == text:
                state = state.apply(action)
                break
        else:
            raise AssertionError(f"{text!r} is not legal; legal: {texts(state)}")
    return state


def ledger(state: State, seat: int) -> dict[str, int]:
    """Seat ``seat``'s VP by source."""
    return dict(state.seats[seat].ledger)


@pytest.fixture
def outposts() -> types.SimpleNamespace:
    """The helpers above, for the tests (conftest modules are not imported by name)."""
    return types.SimpleNamespace(
        rules=rules, position=position, at=at, with_shield=with_shield, texts=texts,
        play=play, ledger=ledger, ROW_B=ROW_B, DOWN=DOWN, ALL_LINKED=ALL_LINKED,
    )
