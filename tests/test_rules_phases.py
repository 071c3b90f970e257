"""Rule tests: rounds, phase ends, the end of the game and the winner.

Sources: the Spanish rulebook (ES11) p3 (phase set-up: remove the hexes left on the board,
goods may stay; draw new hexes by player count; the 3-player depot-6 exception), p4 (5 rounds
per phase), p9 ("Una fase termina tras cinco rondas. Los jugadores con minas reciben ...
piezas de plata"; final scoring: 1 VP per unsold goods tile, per silverling, per two workers,
stored hexes score nothing; tie: most empty duchy spaces, then further back in turn order);
R-TIEBREAK; docs/rules.md, "Phases and rounds" and "Final scoring".
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

from burgundy import TERMINAL, Ruleset, State
from burgundy.actions import TakeWorkers
from burgundy.components import TILE_COLOUR, TILES, Colour, tile_code
from burgundy.pending import HexDraw
from burgundy.rules.income import set_seat
from burgundy.rules.scoring import play_order
from burgundy.state import replace
from burgundy.testing import (
    first_turn,
    sample_outcome,
    take_from_supply,
    with_dice,
    with_estate,
    with_tiles,
)
from burgundy.testing import play_texts as _play
from depot_oracle import DEPOT_LAYOUT


def _layout(players: int, phase: int) -> dict[int, Counter[int]]:
    out = {}
    for depot, (two, three, four) in DEPOT_LAYOUT.items():
        labels = two + (three if players >= 3 else []) + (four if players == 4 else [])
        if players == 3 and depot == 6 and phase in (1, 3):  # B and D: a mine
            labels = [("mine" if x == "castle" else x) for x in labels]
        out[depot] = Counter(int(Colour.from_label(x)) for x in labels)
    return out



def _step(state: State, rng: random.Random) -> State:
    """One step: sampled chance, or take workers (else the last legal action, e.g. end)."""
    if state.is_chance:
        return state.apply(sample_outcome(state, rng))
    workers = [a for a in state.legal_actions() if isinstance(a, TakeWorkers)]
    return state.apply(workers[0] if workers else state.legal_actions()[-1])


# -- a whole game of "take workers" ---------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rulebook_five_phases_of_five_rounds_mines_depots_and_final_scoring(
    players: int,
) -> None:
    rng = random.Random(players)
    rules = Ruleset(players=players, variants=())
    state = first_turn(rules, seed=players)
    # seat 0 owns 2 mines (not with 4 players: they use every mine of the supply)
    mines = 2 if players < 4 else 0
    state = with_tiles(state, 0, {"e3": "mine", "f2": "mine"} if mines else {})
    start_workers = [state.seat_estate(s).workers for s in range(players)]
    worker_actions: Counter[int] = Counter()
    phase = 0
    first_of_phase = {0: state}
    last_of_phase = {}
    prev = state
    while not state.is_terminal:
        if not state.is_chance and any(isinstance(a, TakeWorkers) for a in state.legal_actions()):
            worker_actions[state.current_player] += 1
        prev, state = state, _step(state, rng)
        if state.phase != phase:
            # the phase just ended
            last_of_phase[phase] = prev
            if state.phase < 5:
                # depots are cleared (and not yet refilled), goods stay (rulebook p3)
                assert state.depots == ((),) * 6 and state.black_depot == ()
                assert state.depot_goods == prev.depot_goods
                cleared = Counter(t for d in prev.depots for t in d)
                cleared.update(prev.black_depot)
                for tile, n in cleared.items():
                    assert state.removed[tile] == prev.removed[tile] + n
                # mines pay 1 silverling each
                assert state.seat_estate(0).silver == prev.seat_estate(0).silver + mines
                for seat in range(1, players):
                    assert state.seat_estate(seat).silver == prev.seat_estate(seat).silver
            phase = state.phase
        if state.phase < 5 and phase not in first_of_phase and not state.is_chance:
            first_of_phase[phase] = state
    assert state.current_player == TERMINAL and state.phase == 5
    assert state.legal_actions() == () and state.chance_outcomes() == ()
    # 25 turns of 2 die actions each
    assert all(worker_actions[s] == 50 for s in range(players))
    for p in range(5):
        laid = first_of_phase[p]
        assert laid.phase == p and laid.round == 0
        for depot, tiles in enumerate(laid.depots, start=1):
            assert Counter(TILE_COLOUR[t] for t in tiles) == _layout(players, p)[depot], (p, depot)
        assert len(laid.black_depot) == {2: 4, 3: 6, 4: 8}[players]
        # 5 goods for the phase's rounds; round 1's is already on a depot
        assert len(laid.round_goods) == 4
        if p > 0:
            on_depots = sum(map(sum, laid.depot_goods))
            assert on_depots == sum(map(sum, last_of_phase[p - 1].depot_goods)) + 1
    # final scoring: 1 VP per unsold good, per silverling, per 2 workers; nothing else scored
    for seat in range(players):
        estate = state.seat_estate(seat)
        silver = 1 + (5 * mines if seat == 0 else 0)
        assert estate.silver == silver
        assert estate.workers == start_workers[seat] + 100
        assert state.scores[seat] == 3 + silver + (start_workers[seat] + 100) // 2
    assert last_of_phase[4].scores == (0,) * players


# -- phase set-up draws (rulebook p3) --------------------------------------------------------
def test_rulebook_hexes_are_drawn_from_the_pile_of_the_space_colour() -> None:
    state = Ruleset(players=2, variants=()).initial_state()
    rng = random.Random(0)
    while not isinstance(state.pending[-1], HexDraw):
        state = state.apply(sample_outcome(state, rng))
    item = state.pending[-1]
    assert isinstance(item, HexDraw)
    assert (item.depot, item.colour) == (1, int(Colour.CITY))
    outcomes = dict(state.chance_outcomes())
    assert {TILES[t].building for t in outcomes} == {
        "warehouse", "watchtower", "carpenter", "church", "market", "boarding-house", "bank",
        "town-hall",
    }
    assert all(math.isclose(p, 5 / 40) for p in outcomes.values())
    while not (isinstance(state.pending[-1], HexDraw) and state.pending[-1].depot == 0):
        state = state.apply(sample_outcome(state, rng))
    black = dict(state.chance_outcomes())  # the 40 black-backed hexes
    assert math.isclose(black[tile_code("ship")], 6 / 40)
    assert math.isclose(black[tile_code("k7")], 1 / 40)
    assert math.isclose(black[tile_code("cow4")], 1 / 40)
    assert tile_code("cow2") not in black


# -- phase end and final scoring, built positions ---------------------------------------------
def _last_turn(phase: int = 4, **options: Any) -> State:
    """Seat-to-move's turn in the last round of ``phase`` (2 players)."""
    state = first_turn(Ruleset(players=2, variants=(), options=options), seed=0)
    return replace(state, phase=phase, round=4, round_goods=())


def test_rulebook_mines_pay_one_silver_each_at_phase_end() -> None:
    state = _last_turn(phase=0)
    a, b = state.order
    state = with_tiles(state, a, {"e3": "mine", "f2": "mine", "g1": "mine"})
    state = with_tiles(state, b, {"e3": "mine"})
    state = with_estate(state, a, silver=0, workers=0)
    state = with_estate(state, b, silver=0, workers=0)
    state = with_dice(with_dice(state, a, 1, 2), b, 1, 2)
    state = _play(state, "workers d1", "workers d2", "workers d1", "workers d2")
    assert state.phase == 1 and state.round == 0
    assert state.seat_estate(a).silver == 3
    assert state.seat_estate(b).silver == 1
    assert state.scores == (0, 0)  # mines give no VP


def test_rulebook_final_scoring_goods_silver_workers_not_storage() -> None:
    state = _last_turn()
    a, b = state.order
    state = take_from_supply(state, "bank", "watchtower")
    state = with_estate(state, a, goods=(1, 0, 2, 0, 0, 3), silver=5, workers=3,
                        storage=["bank", "watchtower"])
    state = with_estate(state, b, goods=(0,) * 6, silver=0, workers=0)
    state = with_tiles(state, b, {"e3": "mine", "f2": "mine", "g1": "mine"})
    state = replace(state, black_depot=())  # no purchase to offer
    state = with_dice(with_dice(state, a, 1, 2), b, 1, 2)
    vp = 20
    state = set_seat(set_seat(state, a, vp=vp), b, vp=vp)
    state = _play(state, "workers d1", "workers d2", "workers d1", "workers d2")
    assert state.is_terminal
    # a: 6 goods + 5 silver + 7 workers // 2 = 3; stored hexes score nothing
    assert state.scores[a] == vp + 6 + 5 + 3
    # b: mines pay 3 silver at the end of phase E first; 4 workers = 2 VP
    assert state.scores[b] == vp + 3 + 2


# -- R-TIEBREAK ---------------------------------------------------------------------------
def _tied_end(tiebreak: str, tiles_a: int, tiles_b: int, track: tuple[int, ...] | None = None
              ) -> tuple[State, int, int]:
    """End a 2-player game with equal VP; seat a / b cover ``tiles_*`` more spaces."""
    state = _last_turn(tiebreak_empty=tiebreak)
    a, b = state.order
    spaces = ["c3", "d5", "e4", "d3"]
    names = {"c3": "bank", "d5": "ship", "e4": "market", "d3": "ship"}
    for seat, n in ((a, tiles_a), (b, tiles_b)):
        state = with_tiles(state, seat, {s: names[s] for s in spaces[:n]})
        state = with_estate(state, seat, goods=(0,) * 6, silver=0, workers=0)
    state = with_dice(with_dice(state, a, 1, 2), b, 1, 2)
    if track is not None:
        state = replace(state, track=(track,))
    state = _play(state, "workers d1", "workers d2", "workers d1", "workers d2")
    assert state.is_terminal
    assert state.scores[a] == state.scores[b] == 2
    return state, a, b


def test_r_tiebreak_default_most_empty_spaces_wins() -> None:
    state, a, b = _tied_end("most", tiles_a=1, tiles_b=3)
    assert state.seat_estate(a).empty_spaces == 35
    assert state.seat_estate(b).empty_spaces == 33
    assert state.winners() == (a,)
    state, a, b = _tied_end("most", tiles_a=3, tiles_b=1)
    assert state.winners() == (b,)


def test_r_tiebreak_option_fewest_empty_spaces_wins() -> None:
    state, a, b = _tied_end("fewest", tiles_a=1, tiles_b=3)
    assert state.winners() == (b,)
    state, a, b = _tied_end("fewest", tiles_a=3, tiles_b=1)
    assert state.winners() == (a,)


@pytest.mark.parametrize("tiebreak", ["most", "fewest"])
def test_r_tiebreak_then_the_player_further_back_in_turn_order(tiebreak: str) -> None:
    state, a, b = _tied_end(tiebreak, tiles_a=2, tiles_b=2)
    assert play_order(state.track) == (a, b)
    assert state.winners() == (b,)
    state, a, b = _tied_end(tiebreak, tiles_a=2, tiles_b=2, track=(0, 1))  # 1 on top
    assert play_order(state.track) == (1, 0)
    assert state.winners() == (0,)


def test_r_tiebreak_reads_the_track_at_the_end_of_the_game() -> None:
    """Rulebook p9: "el que vaya más retrasado en el track de orden de turno" — a ship in
    the last round moves b ahead, so a (now further back) wins the tie."""
    state = _last_turn()
    a, b = state.order
    state = replace(state, depot_goods=((0,) * 6,) * 6)
    state = with_estate(state, a, goods=(0,) * 6, silver=0, workers=0)
    state = take_from_supply(state, "ship")
    state = with_estate(state, b, goods=(0,) * 6, silver=1, workers=0, storage=["ship"])
    state = with_tiles(state, a, {"c3": "bank"})
    state = with_dice(with_dice(state, a, 1, 2), b, 5, 1)
    state = _play(state, "workers d1", "workers d2", "place ship d5 d5", "workers d1")
    assert state.is_terminal
    assert state.scores[a] == state.scores[b] == 2
    assert state.seat_estate(a).empty_spaces == state.seat_estate(b).empty_spaces == 35
    assert play_order(state.track) == (b, a)
    assert state.winners() == (a,)


def test_rulebook_most_vp_wins_regardless_of_tiebreak() -> None:
    state = _last_turn(tiebreak_empty="fewest")
    a, b = state.order
    for seat in (a, b):
        state = with_estate(state, seat, goods=(0,) * 6, silver=0, workers=0)
    state = with_estate(state, b, silver=1)
    state = with_tiles(state, a, {"c3": "bank", "d3": "ship"})
    state = with_dice(with_dice(state, a, 1, 2), b, 1, 2)
    state = _play(state, "workers d1", "workers d2", "workers d1", "workers d2")
    assert state.scores[b] == state.scores[a] + 1
    assert state.winners() == (b,)


def test_winners_only_at_the_end() -> None:
    """Rulebook p9: the winner is decided after the final scoring."""
    state = _last_turn()
    with pytest.raises(ValueError):
        state.winners()
