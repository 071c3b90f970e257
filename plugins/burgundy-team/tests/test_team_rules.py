"""Team play's rules, each test naming its sentence (T1-T13 of RU19's "Игра в команде",
numbered in their order as docs/rules.md's sources say) or ruling (R-TEAM-SEATS, ...)."""

from __future__ import annotations

import types

import attrs
import pytest

import burgundy
from burgundy.actions import PlaceTile, TakeTile
from burgundy.components import CASTLE, tile_code
from burgundy.geometry import bits
from burgundy.pending import Turn
from burgundy.rules.income import set_estate, set_seat
from burgundy.rules.place import put_tile
from burgundy.rules.scoring import PHASE_BONUS, play_order, region_vp, score_region
from burgundy.rules.take import storage_choices
from burgundy.state import replace
from burgundy.testing import check_conformance, fetch, take_from_supply, with_dice, with_tiles
from burgundy.validation import validate_state
from burgundy_shields.effects import worker_echo
from burgundy_team.boards import team_board
from burgundy_team.rules import team_scores, team_winners

S = types.SimpleNamespace


def test_four_players_only() -> None:
    """T1: teams of two; any other count is refused with the counts that work."""
    with pytest.raises(ValueError, match=r"players must be one of \[4\]"):
        burgundy.Ruleset(players=3, variants=("team",))


def test_teams_share_a_duchy_with_its_start_resources(team: S) -> None:
    """T2-T5, R-TEAM-SEATS: two duchies on board 12a, castle on the shared space, 3 goods
    each, 3 workers for the start player's team and 5 for the other, 2 silverlings each."""
    state = team.start()
    assert [s.estate for s in state.seats] == [0, 0, 1, 1]
    board = team_board()
    for estate in state.estates:
        assert estate.board == "12a" and estate.spaces[board.start] == CASTLE
        assert sum(estate.goods) == 3 and estate.silver == 2
    a = state.seats[state.order[0]].estate
    assert state.estates[a].workers == 3 and state.estates[1 - a].workers == 5


@pytest.mark.parametrize("seed", range(6))
def test_the_first_round_is_a1_b1_a2_b2(team: S, seed: int) -> None:
    """T7: the first round's order alternates the teams, the start player first."""
    state = team.start(seed=seed)
    estates = [state.seats[s].estate for s in state.order]
    assert estates[0] == estates[2] != estates[1] == estates[3]
    assert play_order(state.track) == state.order


def test_the_teams_option(team: S) -> None:
    """R-TEAM-SEATS: option ``teams`` pairs other seats; a bad value is refused."""
    state = team.start(team.rules(teams=[[0, 2], [1, 3]]))
    assert [s.estate for s in state.seats] == [0, 1, 0, 1]
    with pytest.raises(ValueError, match="two pairs of seats"):
        team.rules(teams=[[0, 1], [1, 3]])


def test_either_partner_spends_the_shared_workers(team: S) -> None:
    """T9: the team's workers are shared: the partner sees what the mover gains."""
    state = team.start()
    seat = state.current_player
    before = state.seat_estate(team.partner(state, seat)).workers
    after = state.apply(next(a for a in state.legal_actions() if str(a).startswith("workers")))
    assert after.seat_estate(team.partner(state, seat)).workers == before + 2


def test_storage_shared_and_own_and_the_partners_untouched(team: S) -> None:
    """T8/T10, R-TEAM-STORAGE: 2 shared + 2 own spaces; with all four full a take discards
    one of them, never one of the partner's own."""
    state = team.start()
    seat = state.current_player
    other = team.partner(state, seat)
    assert storage_choices(state, seat) == ((-1, False), (-1, True))
    names = ["bank", "church", "market", "mine", "k1", "k2"]
    for name in names:
        state = fetch(state, name)
    state = take_from_supply(state, *names)
    code = tile_code
    state = set_estate(state, state.seats[seat].estate,
                       storage=tuple(sorted((code("bank"), code("church")))))
    state = set_seat(state, seat, storage=tuple(sorted((code("market"), code("mine")))))
    state = set_seat(state, other, storage=tuple(sorted((code("k1"), code("k2")))))
    validate_state(state)
    discards = {d for d, _ in storage_choices(state, seat)}
    assert discards == {code("bank"), code("church"), code("market"), code("mine")}
    take = next(a for a in state.legal_actions() if isinstance(a, TakeTile))
    after = state.apply(take)
    assert after.seats[other].storage == state.seats[other].storage


def test_a_region_across_the_seam(team: S) -> None:
    """R-TEAM-DUCHY: regions run across the halves where they touch: covering the last
    space of a region with spaces on both halves scores its whole size (and the phase
    bonus)."""
    board = team_board()
    across = [r for r in board.regions if {board.names[s][0] for s in bits(r.mask)} == {"L", "R"}]
    assert across, "board 12a has no region across the seam"
    region = min(across, key=lambda r: r.size)
    assert region.size >= 2
    state = team.start()
    seat = state.current_player
    spaces = list(bits(region.mask))
    tile = {0: "bank", 1: "cow2", 2: "ship", 3: "k1", 4: "castle", 5: "mine"}[
        int(board.colours[spaces[0]])]
    covered = state
    for space in spaces:
        covered = fetch(covered, tile)
        covered = take_from_supply(covered, tile)
        covered = put_tile(covered, state.seats[seat].estate, tile_code(tile), space, False)
    scored = score_region(covered, seat, spaces[-1])
    gained = scored.seats[seat].vp - covered.seats[seat].vp
    assert gained == region_vp(region.size) + PHASE_BONUS[0]


def test_a_colour_is_covered_on_both_halves(team: S) -> None:
    """R-TEAM-DUCHY: a colour is complete only when its spaces on both halves are covered
    (the castle colour: 7 spaces, the shared one included)."""
    board = team_board()
    castles = [board.names[s] for s in board.castle_spaces()]
    assert len(castles) == 7 and {n[0] for n in castles} == {"L", "R"}
    state = team.start()
    seat = state.current_player
    left_only = {n: "castle" for n in castles if n.startswith("L") and n != "Ld7"}
    some = with_tiles(state, seat, left_only)
    assert board.colour_masks[4] & ~some.seat_estate(seat).filled  # the right half's left


def test_team_scores_and_winners(team: S) -> None:
    """T13, R-TEAM-RESULT: partners' VP add up; both seats of the better team win; a tie
    goes to the duchy with more empty spaces (option fewest: fewer)."""
    state = team.start()
    a = state.seats[0].estate
    scored = set_seat(set_seat(state, 0, vp=10, ledger=(("other", 10),)), 1, vp=5,
                      ledger=(("other", 5),))
    scored = set_seat(scored, 2, vp=12, ledger=(("other", 12),))
    assert team_scores(scored) == (15, 12) and a == 0
    assert team_winners(scored, (2,)) == (0, 1)
    tied = set_seat(scored, 3, vp=3, ledger=(("other", 3),))
    fuller = with_tiles(tied, 0, {"La1": "castle"})  # team 0's duchy: one empty space fewer
    assert team_winners(fuller, ()) == (2, 3)  # most empty spaces
    fewest = team.rules(tiebreak_empty="fewest")
    flipped = replace(fuller, rules=fewest)
    assert team_winners(flipped, ()) == (0, 1)


def test_placing_from_own_storage(team: S) -> None:
    """T11: either partner places on the shared duchy, from the shared spaces or their own
    (a knowledge tile from one's own spaces next to the start castle)."""
    state = team.start()
    seat = state.current_player
    board = team_board()
    near = [s for s in bits(board.neighbours[board.start])
            if board.colours[s] == 3]  # a knowledge space next to the castle
    assert near
    die = board.dice[near[0]]
    stocked = take_from_supply(fetch(state, "k1"), "k1")
    stocked = with_dice(set_seat(stocked, seat, storage=(tile_code("k1"),)), seat, die, die)
    places = [a for a in stocked.legal_actions() if isinstance(a, PlaceTile)]
    assert places and all(a.own for a in places)
    assert isinstance(stocked.pending[-1], Turn)


def _team_goods(state: burgundy.State, estate: int, goods: tuple[int, ...]) -> burgundy.State:
    """``state`` with the estate's goods ``goods``, the rest back in (or from) the pool."""
    old = state.estates[estate].goods
    pool = tuple(p + o - g for p, o, g in zip(state.goods_pool, old, goods, strict=True))
    return replace(set_estate(state, estate, goods=goods), goods_pool=pool)


def test_trade_routes_each_player_has_a_row_the_seller_fills_it(team: S) -> None:
    """TR1 "Каждый игрок получает ... по 3 вчетвером" (each player gets 3 cards with four
    players), R-ROUTE-TEAM: in team play each partner has a row of their own, 3 tiles, so
    the box's 12 are all dealt; a sale from the shared goods goes onto the seller's row, the
    partner's stays as it was; whole games keep every invariant."""
    rules = burgundy.Ruleset(players=4, variants=("team", "trade_routes"),
                             options={"trade_routes_deck": "generated"})
    state = team.start(rules)
    routes = state.variant_state("trade_routes")
    assert len(routes.rows) == 4 and all(len(row) == 3 for row in routes.rows)
    assert routes.undealt == ()
    seat = state.current_player
    other = team.partner(state, seat)
    estate = state.seats[seat].estate
    state = with_dice(_team_goods(state, estate, (0, 0, 0, 2, 0, 0)), seat, 4, 4)
    validate_state(state)
    sold = state.apply(next(a for a in state.legal_actions() if str(a) == "sell 4 d4"))
    after = sold.variant_state("trade_routes")
    assert after.goods[seat] == (4, 4) and after.goods[other] == ()
    assert sold.estates[estate].sold[3] == 2  # the team's sold goods
    partner_turn = replace(_team_goods(sold, estate, (1, 0, 0, 0, 0, 0)),
                           pending=(*sold.pending[:-1], Turn(other)),
                           turn=sold.order.index(other))
    partner_turn = with_dice(partner_turn, other, 1, 1)
    validate_state(partner_turn)
    resold = partner_turn.apply(next(a for a in partner_turn.legal_actions()
                                     if str(a) == "sell 1 d1"))
    routes = resold.variant_state("trade_routes")
    assert routes.goods[other] == (1,) and routes.goods[seat] == (4, 4)
    check_conformance(rules, seeds=[2])


@pytest.mark.parametrize("number", [13, 14])
def test_knowledge_13_and_14_work_for_either_partner(team: S, number: int) -> None:
    """The Team page (docs/variants/team.md): knowledge tiles work for the team, whichever partner
    placed them: with #13 (a silverling more) or #14 (4 workers) in the team's duchy, both
    partners' take-workers action gets it."""
    state = team.start()
    seat = state.current_player
    estate = state.seats[seat].estate
    board = team_board()
    space = next(s for s in range(board.size) if board.colours[s] == 3
                 and state.estates[estate].spaces[s] < 0)
    with_tile = fetch(state, f"k{number}")
    with_tile = take_from_supply(with_tile, f"k{number}")
    with_tile = put_tile(with_tile, estate, tile_code(f"k{number}"), space, False)
    for who in (seat, team.partner(state, seat)):
        turn = replace(with_tile, pending=(*with_tile.pending[:-1], Turn(who)))
        turn = with_dice(turn, who, 2, 5)
        before = turn.seat_estate(who)
        after = turn.apply(next(a for a in turn.legal_actions() if str(a) == "workers d2"))
        now = after.seat_estate(who)
        if number == 13:
            assert (now.workers - before.workers, now.silver - before.silver) == (2, 1)
        else:
            assert now.workers - before.workers == 4


def test_shield_2_does_not_fire_on_the_partners_gains(team: S) -> None:
    """R-TEAM-RESULT (shield #2): "another player gains workers" means a player of the
    other team: a partner's gain (the same duchy) gives the team nothing more; the other
    team's gain gives it 1 worker."""
    rules = team.rules(shields=True)
    state = team.start(rules)
    shields = state.variant_state("shields")
    placed = list(shields.placed)
    placed[0] = ((team_board().start, 2),)  # shield #2 in team 0's duchy
    state = state.with_variant_state("shields", attrs.evolve(shields, placed=tuple(placed)))
    mine = [s for s in range(4) if state.seats[s].estate == 0]
    theirs = [s for s in range(4) if state.seats[s].estate == 1]
    workers = state.estates[0].workers
    assert worker_echo(state, mine[1], 2).estates[0].workers == workers
    assert worker_echo(state, theirs[0], 2).estates[0].workers == workers + 1


def test_team_play_and_the_outposts_are_refused_together() -> None:
    """T2: team play plays on board 12a, the outposts on their own boards: both deal the
    boards (hook ``burgundy_board_deal``), so the core refuses the pair with a clear error."""
    with pytest.raises(ValueError, match="more than one of them deals the boards"):
        burgundy.Ruleset(players=4, variants=("team", "outposts"))
