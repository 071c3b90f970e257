"""Direct tests of base-game rules that before only a seeded bot-strength test noticed when
they broke: the start workers by turn order, the round's goods on the white die's depot, and
the once-per-turn purchase that every turn allows again.

Sources: the Spanish 2011 rulebook ("ES11"): p.3 "Ese jugador recibe 1 loseta de
trabajador ... El siguiente jugador en el sentido de las agujas del reloj recibe 2 losetas de
trabajador, el siguiente 3 y el cuarto jugador recibe 4"; p.4 the start player places the
round's goods tile on the depot of the white die; p.9 the black-depot purchase, "una vez por
turno". The Russian 2019 summary ("RU19") says the same of the workers ("Он берёт
1 рабочего, следующий по часовой стрелке — 2, третий — 3, четвёртый — 4") and of the white
die ("Первый игрок перекладывает тайл товара с деления текущего раунда на склад с номером
белого кубика"); no edition differs on these (SE-ZH says the same; the team module's own
start resources are not part of the base game). Rulings: R-WHITE, R-TURNORDER.
"""

from __future__ import annotations

import random

import pytest

from base_positions import play_to
from burgundy import Game, Ruleset, State
from burgundy.actions import TakeWorkers
from burgundy.pending import StartPlayerDraw, Turn, WhiteRoll
from burgundy.testing import build_position, legal_texts, play_texts

EDITIONS = ["2019", "2011"]
VARIANTS = [(), ("knowledge",)]


def _resolve(state: State, rng: random.Random, stop: type = Turn) -> State:
    """Play on until the top of the stack is a ``stop`` (see :func:`base_positions.play_to`)."""
    return play_to(state, stop, rng)


# -- start workers: 1, 2, 3, 4 by turn order (ES11 p.3, RU19) ------------------------------------
@pytest.mark.parametrize("variants", VARIANTS, ids=["base", "knowledge"])
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_workers_one_to_four_in_turn_order(
    players: int, edition: str, variants: tuple[str, ...]
) -> None:
    """The start player (first in turn order) has 1 worker, the next seat clockwise 2, the
    third 3, the fourth 4, whoever starts; everyone 1 silverling."""
    rules = Ruleset(players=players, variants=variants, edition=edition)
    for start in range(players):
        state = rules.initial_state()
        assert isinstance(state.pending[-1], StartPlayerDraw)
        state = _resolve(state.apply(start), random.Random(start))
        assert (state.phase, state.round, state.turn) == (0, 0, 0)
        clockwise = tuple((start + k) % players for k in range(players))
        assert state.order == clockwise, "the first round is played clockwise from the start"
        workers = [state.seat_estate(seat).workers for seat in state.order]
        assert workers == [1, 2, 3, 4][:players], (start, workers)
        assert [state.seat_estate(seat).silver for seat in state.order] == [1] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_starts_with_one_to_four_workers_in_turn_order(players: int) -> None:
    starts = set()
    for seed in range(12):
        state = Game(players=players, seed=seed).state
        starts.add(state.order[0])
        assert state.current_player == state.order[0]
        assert [state.seat_estate(s).workers for s in state.order] == [1, 2, 3, 4][:players]
    assert len(starts) > 1  # more than one start player came up


# -- the round's goods on the white die's depot (R-WHITE, ES11 p.4, RU19) -------------------------
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    "whites", [(1, 2, 3, 4, 5), (6, 5, 4, 3, 2), (3, 3, 3, 3, 3), (6, 1, 6, 1, 6)]
)
def test_each_rounds_goods_go_to_the_depot_the_white_die_shows(
    whites: tuple[int, ...], edition: str
) -> None:
    """Every round of phase A: the next goods tile of the round spaces goes onto the depot
    whose number the white die shows, and nowhere else; the round spaces lose it."""
    rng = random.Random(sum(whites))
    state = Ruleset(players=3, variants=(), edition=edition).initial_state()
    for number, white in enumerate(whites):
        state = _resolve(state, rng, WhiteRoll)
        assert (state.phase, state.round) == (0, number)
        goods, before = state.round_goods, state.depot_goods
        assert len(goods) == 5 - number
        state = _resolve(state.apply(white), rng)  # every seat's dice, then the first turn
        assert state.white == white
        expected = [list(d) for d in before]
        expected[white - 1][goods[0] - 1] += 1
        assert state.depot_goods == tuple(tuple(d) for d in expected), (number, white)
        assert state.round_goods == goods[1:]


def test_the_white_die_alone_picks_the_depot() -> None:
    """The same round with the same dice for every seat and each white die in turn: the
    goods tile lands on depot 1, 2, ..., 6 accordingly, and on no other."""
    rng = random.Random(7)
    at_white = _resolve(Ruleset(players=2, variants=()).initial_state(), rng, WhiteRoll)
    colour = at_white.round_goods[0]
    for white in range(1, 7):
        state = at_white.apply(white)
        while state.is_chance:
            state = state.apply(state.chance_outcomes()[0][0])  # the same dice each time
        added = [
            after[colour - 1] - before[colour - 1]
            for after, before in zip(state.depot_goods, at_white.depot_goods, strict=True)
        ]
        assert added == [int(depot == white) for depot in range(1, 7)], white


# -- the purchase: once per turn, again every turn (ES11 p.9) -------------------------------------
BLACK = ["bank", "market", "watchtower", "church"]


def _purchase_position(edition: str, players: int = 2) -> State:
    """The first turn with 8 silverlings for every seat, four hexes on the black depot and
    doubles of 1 for the seat to move."""
    return build_position(
        Ruleset(players=players, variants=(), edition=edition), dice=(1, 1), black=BLACK,
        seats={seat: {"silver": 8} for seat in range(players)},
    )


def _finish_turn(state: State, rng: random.Random) -> State:
    """Take workers with each die left, end the turn if a purchase keeps it open, and
    resolve chance up to the next turn."""
    seat = state.current_player
    while state.current_player == seat:
        workers = [a for a in state.legal_actions() if isinstance(a, TakeWorkers)]
        state = state.apply(workers[0]) if workers else play_texts(state, "end")
    return _resolve(state, rng)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_seat_buys_at_most_once_per_turn(edition: str) -> None:
    state = _purchase_position(edition)
    me = state.current_player
    assert not state.purchased
    assert legal_texts(state, "buy ") == {f"buy {t}" for t in BLACK}
    state = play_texts(state, "buy bank")
    assert state.purchased and state.seat_estate(me).silver == 6
    assert legal_texts(state, "buy ") == set(), "a second purchase in the same turn"
    state = play_texts(state, "workers d1")
    assert state.current_player == me
    assert legal_texts(state, "buy ") == set(), "a second purchase after a die action"
    state = play_texts(state, "workers d1")
    assert state.current_player != me  # nothing left to do: the turn is over
    assert state.seat_estate(me).silver == 6


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_purchase_is_open_again_at_every_turn(edition: str, players: int) -> None:
    """Every seat buys in round 1 (each turn starts with the purchase open, whoever bought
    before); in round 2 the first seat may buy again in its own next turn."""
    state = _purchase_position(edition, players)
    rng = random.Random(players)
    first = state.current_player
    state = _finish_turn(play_texts(state, "buy bank"), rng)
    left = BLACK[1:]
    for _ in range(players - 1):  # the other seats of round 1
        seat = state.current_player
        assert seat != first and isinstance(state.pending[-1], Turn)
        assert not state.purchased, f"seat {seat}'s turn starts with the purchase flag set"
        assert legal_texts(state, "buy ") == {f"buy {t}" for t in left}
        state = _finish_turn(play_texts(state, f"buy {left.pop(0)}"), rng)
    assert state.round == 1 and state.current_player == first  # no ship: the same order
    assert not state.purchased
    assert legal_texts(state, "buy ") == {f"buy {t}" for t in left}
    silver = state.seat_estate(first).silver
    state = play_texts(state, f"buy {left[0]}")
    assert state.seat_estate(first).silver == silver - 2
    assert legal_texts(state, "buy ") == set()
