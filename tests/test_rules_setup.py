"""Rule tests: game set-up.

Sources: the Spanish rulebook (ES11) pp2-3 ("El jugador inicial se determina mediante una
tirada de dados ... 1 loseta de trabajador ... el siguiente ... 2 ... 3 ... 4"; one silver,
three goods, the start castle on the central dark-green 6; the turn-order tower with the start
player on top) and p12 (advanced set-up: random boards, free choice of the castle space);
docs/rules.md, "Game set-up".
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from burgundy import CHANCE, IllegalActionError, Ruleset, State
from burgundy.components import CASTLE, base_supply
from burgundy.geometry import CENTRE, SPACE_BY_NAME, board
from burgundy.pending import BoardDraw, GoodsDraw, StartCastleChoice, StartPlayerDraw, Turn
from burgundy.rules.scoring import play_order
from burgundy.testing import find_action, first_turn, sample_outcome


def _until(state: State, stop: type, rng: random.Random) -> State:
    """Resolve chance (sampled) until the top of the stack is a ``stop``."""
    while not isinstance(state.pending[-1], stop):
        assert state.is_chance, state.pending[-1]
        state = state.apply(sample_outcome(state, rng))
    return state


def _start(players: int, start: int, edition: str = "2019", **options: Any) -> State:
    """The state right after the start-player draw chose seat ``start``."""
    rules = Ruleset(players=players, variants=(), edition=edition, options=options)
    state = rules.initial_state()
    assert isinstance(state.pending[-1], StartPlayerDraw)
    return state.apply(start)


# -- start player ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rulebook_start_player_is_uniform_over_seats(players: int) -> None:
    state = Ruleset(players=players, variants=()).initial_state()
    assert state.current_player == CHANCE
    assert isinstance(state.pending[-1], StartPlayerDraw)
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == list(range(players))
    assert all(math.isclose(p, 1 / players) for _, p in outcomes)


@pytest.mark.parametrize(
    ("players", "start"), [(n, s) for n in (2, 3, 4) for s in range(n)]
)
def test_rulebook_workers_1_to_4_in_seat_order_from_start_player(players: int, start: int) -> None:
    state = _start(players, start)
    for k in range(players):
        seat = (start + k) % players
        assert state.seat_estate(seat).workers == k + 1, (seat, k)
        assert state.seat_estate(seat).silver == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rulebook_turn_order_tower_with_start_player_on_top(players: int) -> None:
    start = players - 1
    state = _start(players, start)
    assert len(state.track) == 1  # one stack on the first space
    stack = state.track[0]
    assert stack[-1] == start  # top (last) is the start player
    assert stack == tuple(reversed([(start + k) % players for k in range(players)]))
    assert play_order(state.track) == tuple((start + k) % players for k in range(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rulebook_first_round_is_played_in_seat_order_from_the_start_player(players: int) -> None:
    rng = random.Random(5)
    state = _until(_start(players, 1), Turn, rng)
    assert state.order == tuple((1 + k) % players for k in range(players))
    assert state.current_player == 1
    assert (state.phase, state.round, state.turn) == (0, 0, 0)


# -- estates --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rulebook_each_player_starts_with_1_silver_3_goods_and_castle_on_d4(players: int) -> None:
    state = first_turn(Ruleset(players=players, variants=()), seed=2)
    for estate in state.estates:
        assert estate.board == "1"
        assert estate.silver == 1
        assert sum(estate.goods) == 3
        assert estate.sold == (0,) * 6
        assert estate.storage == ()
        assert estate.start == CENTRE
        assert estate.spaces[CENTRE] == CASTLE
        assert estate.filled == 1 << CENTRE
        assert estate.frontier == board(1).neighbours[CENTRE]
        assert estate.empty_spaces == 36
    assert state.scores == (0,) * players
    # the start castles come from the 14 coloured-back castles
    main, _ = base_supply()
    assert state.supply[CASTLE] + sum(
        1 for d in state.depots for t in d if t == CASTLE
    ) == main[CASTLE] - players
    assert sorted(w for w in (e.workers for e in state.estates)) == list(range(1, players + 1))


def test_rulebook_three_goods_are_drawn_by_chance_per_player() -> None:
    state = _start(2, 0)
    draws = [p for p in state.pending if isinstance(p, GoodsDraw) and p.estate >= 0]
    assert sorted(p.estate for p in draws) == [0, 0, 0, 1, 1, 1]
    assert isinstance(state.pending[-1], GoodsDraw)
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(math.isclose(p, 1 / 6) for _, p in outcomes)
    after = state.apply(4)
    estate = state.pending[-1].estate  # type: ignore[attr-defined]
    assert after.estates[estate].goods[3] == 1
    assert after.goods_pool == (7, 7, 7, 6, 7, 7)


# -- advanced set-up: choose the castle space (rulebook p12) ---------------------------------
def test_rulebook_advanced_setup_start_castle_choose_offers_castle_spaces() -> None:
    rng = random.Random(1)
    state = _until(_start(2, 1, start_castle="choose"), StartCastleChoice, rng)
    assert state.current_player == 1  # in turn order, the start player first
    assert sorted(str(a) for a in state.legal_actions()) == [
        "castle a2", "castle a3", "castle b3", "castle d4",
    ]
    state = state.apply(find_action(state, "castle a2"))
    assert isinstance(state.pending[-1], StartCastleChoice)
    assert state.current_player == 0
    estate = state.seat_estate(1)
    a2 = SPACE_BY_NAME["a2"]
    assert estate.start == a2 and estate.spaces[a2] == CASTLE
    assert estate.filled == 1 << a2
    assert estate.frontier == board(1).neighbours[a2]
    assert state.scores == (0, 0)  # the start castle scores nothing
    state = state.apply(find_action(state, "castle b3"))
    state = _until(state, Turn, rng)
    assert state.seat_estate(0).start == SPACE_BY_NAME["b3"]
    assert state.scores == (0, 0)


def test_start_castle_never_completes_its_region() -> None:
    """A start castle on the 1-space castle region scores nothing (SE-ZH)."""
    rng = random.Random(2)
    state = _until(_start(2, 0, start_castle="choose"), StartCastleChoice, rng)
    state = state.apply(find_action(state, "castle d4"))
    state = state.apply(find_action(state, "castle d4"))
    state = _until(state, Turn, rng)
    assert state.scores == (0, 0)
    assert state.bonus_tiles == (2,) * 6


def test_default_start_castle_is_centre_without_a_choice() -> None:
    """Rulebook p2: the castle goes on the central dark-green 6; nobody is asked."""
    rng = random.Random(3)
    state = _start(2, 0)
    while not isinstance(state.pending[-1], Turn):
        assert not isinstance(state.pending[-1], StartCastleChoice)
        state = state.apply(sample_outcome(state, rng))
    assert all(e.start == CENTRE for e in state.estates)


# -- boards option (rulebook p12: random boards) --------------------------------------------
def test_board_without_a_central_castle_asks_for_the_space() -> None:
    """Board 7's centre is a city: its start castle goes on a castle space of the player's
    choice even with the default ``start_castle="centre"``; board 1's goes on d4."""
    rng = random.Random(4)
    state = _until(_start(2, 0, boards=(7, 1)), StartCastleChoice, rng)
    assert state.current_player == 0
    assert sorted(str(a) for a in state.legal_actions()) == [
        "castle a2", "castle a3", "castle g2", "castle g3",
    ]
    assert state.seat_estate(1).start == CENTRE  # already placed
    state = _until(state.apply(find_action(state, "castle g3")), Turn, rng)
    assert state.seat_estate(0).start == SPACE_BY_NAME["g3"]


@pytest.mark.parametrize(
    ("option", "value"),
    [("start_castle", "anywhere"), ("tiebreak_empty", "least"),
     ("building_take_may_discard", 1), ("no_such_option", True)],
)
def test_bad_options_are_rejected(option: str, value: Any) -> None:
    """docs/rules.md (the options of the rulings): only the documented values are accepted."""
    with pytest.raises(ValueError):
        Ruleset(players=2, variants=(), options={option: value})


def test_boards_option_one_board_per_seat() -> None:
    """Rulebook p12 (advanced set-up): each player plays on a board of their own."""
    state = first_turn(Ruleset(players=3, variants=(), options={"boards": (3, 5, 3)}), seed=0)
    assert [e.board for e in state.estates] == ["3", "5", "3"]  # numbers are taken as ids
    again = first_turn(Ruleset(players=3, variants=(), options={"boards": ("3", "5", "3")}), 0)
    assert again == state


@pytest.mark.parametrize(
    ("edition", "value"),
    [("2019", (1,)), ("2019", (1, 11)), ("2019", "best"), ("2011", (2, 1)), ("2019", (1, True)),
     ("2019", ("1", "01")), ("2019", (1.0, 2)), ("2019", ("1", None))],
)
def test_boards_option_rejects_bad_values(edition: str, value: Any) -> None:
    """The editions table of docs/rules.md: boards 1-10 in the 2019 numbering, no #2 in 2011, one
    per seat."""
    with pytest.raises(ValueError):
        Ruleset(players=2, variants=(), edition=edition, options={"boards": value})


def test_boards_random_is_a_chance_node_with_distinct_boards() -> None:
    """Rulebook p12: "cada jugador recibe un tablero al azar" — uniform over the boards
    not yet dealt."""
    state = _start(3, 0, boards="random")
    assert isinstance(state.pending[-1], BoardDraw)
    outcomes = state.chance_outcomes()
    ids = [str(n) for n in range(1, 11)]
    assert [o for o, _ in outcomes] == ids
    assert all(math.isclose(p, 1 / 10) for _, p in outcomes)
    with pytest.raises(IllegalActionError):
        state.apply(7)  # a board is dealt by its id
    state = state.apply("7")
    second = [o for o, _ in state.chance_outcomes()]
    assert second == [b for b in ids if b != "7"]
    state = state.apply("2")
    third = state.chance_outcomes()
    assert [o for o, _ in third] == [b for b in ids if b not in ("2", "7")]
    assert all(math.isclose(p, 1 / 8) for _, p in third)
    state = state.apply("10")
    assert [e.board for e in state.estates] == ["7", "2", "10"]


def test_boards_random_2011_has_no_board_2() -> None:
    """The editions table of docs/rules.md: 2019 numbering; the 2011 box has no 2019 board #2."""
    state = _start(2, 0, edition="2011", boards="random")
    assert [o for o, _ in state.chance_outcomes()] == ["1", *map(str, range(3, 11))]
    with pytest.raises(IllegalActionError):
        state.apply("2")


@pytest.mark.parametrize("seed", range(4))
def test_boards_random_deals_distinct_boards(seed: int) -> None:
    """Rulebook p12: random boards, one board per player."""
    state = first_turn(Ruleset(players=4, variants=(), options={"boards": "random"}), seed)
    boards = [e.board for e in state.estates]
    assert len(set(boards)) == 4
    assert all(b in {str(n) for n in range(1, 11)} for b in boards)
