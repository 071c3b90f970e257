"""The outposts' rules (issue #15): the rulebook example, the chains, the phase value once
per pair, the outpost bonus tiles. Sentences O1-O3 are RU19's (numbered as
docs/rules.md's sources say); the example is the 2019 rulebook's (p12: top-left and top-right
linked in phase A score 10, the bottom fort joined in phase C scores 6 + 6); rulings R-OUTPOSTS and
R-OUTPOSTS-BONUS."""

from __future__ import annotations

import types

import pytest

from burgundy.rules.scoring import final_terms
from burgundy_outposts.model import ALL_PAIRS, PAIRS

S = types.SimpleNamespace
TL_TR = 1 << PAIRS.index((0, 1))
TR_B = 1 << PAIRS.index((1, 2))


def _phase_c_join(o: S, players: int = 3, **spec: object) -> tuple[object, int]:
    """Phase C, top-left and top-right linked since phase A: a cow on g3 joins the bottom
    fort to the chain (b3 c3 d3 e3 f3 g3)."""
    tiles = {**o.ROW_B, "b5": "k19", **o.DOWN}
    state = o.position(o.rules(players), tiles=tiles, storage=["cow2"], dice=(1, 3), phase=2,
                       **spec)
    seat = state.current_player
    return o.at(state, state.seats[seat].estate, linked=TL_TR), seat


def test_rulebook_example_phase_a_two_forts_score_10(outposts: S) -> None:
    """Rulebook example (O2, R-OUTPOSTS): b5 closes row b from the top-left fort (b1) to the
    top-right one (b5) in phase A: 10 VP, under their own ledger source."""
    state = outposts.position(storage=["k19"], tiles=outposts.ROW_B, dice=(4, 2))
    seat = state.current_player
    after = outposts.play(state, "place k19 b5 d4")
    assert outposts.ledger(after, seat)["outposts"] == 10
    assert after.variant_state("outposts").linked[seat] == TL_TR


def test_rulebook_example_phase_c_third_fort_scores_6_and_6(outposts: S) -> None:
    """Rulebook example, continued (O2): in phase C the bottom fort joins: both new pairs
    (bottom with top-left, bottom with top-right) score phase C's 6, the first pair does not
    score again."""
    state, seat = _phase_c_join(outposts)
    before = outposts.ledger(state, seat).get("outposts", 0)
    after = outposts.play(state, "place cow2 g3 d1")
    assert outposts.ledger(after, seat)["outposts"] - before == 6 + 6
    assert after.variant_state("outposts").linked[seat] == ALL_PAIRS


def test_each_pair_scores_once(outposts: S) -> None:
    """R-OUTPOSTS: each pair scores the phase bonus once: a further tile on the chain
    scores nothing more."""
    state = outposts.position(storage=["k19", "k21"], tiles=outposts.ROW_B, dice=(4, 2))
    seat = state.current_player
    after = outposts.play(state, "place k19 b5 d4")
    assert outposts.ledger(after, seat)["outposts"] == 10


def test_chain_through_the_start_castle(outposts: S) -> None:
    """R-OUTPOSTS: a chain of placed tiles of any colour, the start castle (a1) included:
    b1 - a1 - a2 - a3 - a4 - b5."""
    tiles = {"b1": "k15", "a2": "market", "a3": "bank", "a4": "castle"}
    state = outposts.position(storage=["k19"], tiles=tiles, dice=(4, 2))
    seat = state.current_player
    assert outposts.position().seat_estate(seat).spaces[0] != 0  # a1 holds the start castle
    after = outposts.play(state, "place k19 b5 d4")
    assert outposts.ledger(after, seat)["outposts"] == 10


def test_no_link_without_a_chain(outposts: S) -> None:
    """R-OUTPOSTS: tiles touching two forts but not joined to each other link nothing."""
    tiles = {"b1": "k15", "c5": "ship"}  # b1 joins the start castle a1, c5 stands apart
    state = outposts.position(storage=["k19"], tiles=tiles, dice=(4, 2))
    seat = state.current_player
    after = outposts.play(state, "place k19 b5 d4")  # b5-c5 touches the top-right fort only
    assert "outposts" not in outposts.ledger(after, seat)


def test_one_placement_links_two_pairs(outposts: S) -> None:
    """R-OUTPOSTS: a placement that joins a chain from the top-left fort to a chain already
    linking top-right and bottom links two pairs at once: 2 x 8 in phase B, and, all three
    linked, the large outpost bonus (5 VP with 2 players)."""
    tiles = {"c1": "ship", "d2": "ship", "d3": "market", "d4": "bank",
             "c6": "pig2", "d6": "cow3", "e5": "sheep2", "f4": "chicken2", "g3": "cow4"}
    state = outposts.position(outposts.rules(2), tiles=tiles, storage=["watchtower"],
                              dice=(5, 2), phase=1)
    seat = state.current_player
    state = outposts.at(state, state.seats[seat].estate, linked=TR_B)
    after = outposts.play(state, "place watchtower d5 d5")
    ledger = outposts.ledger(after, seat)
    assert ledger["outposts"] == 2 * 8
    assert ledger["outpost bonus"] == 5


@pytest.mark.parametrize(("players", "large", "small"), [(2, 5, 2), (3, 6, 3), (4, 7, 4)])
def test_outpost_bonus_tiles_by_player_count(
    outposts: S, players: int, large: int, small: int
) -> None:
    """O3 and R-OUTPOSTS-BONUS: the first to link all three forts takes the large outpost
    bonus (5/6/7 with 2/3/4 players), the second the small one (2/3/4), a third nothing;
    they are not colour bonus tiles (``Estate.bonus`` stays empty)."""
    state, seat = _phase_c_join(outposts, players)
    first = outposts.play(state, "place cow2 g3 d1")
    assert outposts.ledger(first, seat)["outpost bonus"] == large
    assert first.seat_estate(seat).bonus == ()
    assert first.variant_state("outposts").bonus_left == 1

    probe = outposts.position(outposts.rules(players))
    mover = probe.current_player
    other = next(s for s in range(players) if s != mover)
    state, seat = _phase_c_join(
        outposts, players, seats={other: {"tiles": outposts.ALL_LINKED}}
    )
    state = outposts.at(state, state.seats[other].estate, linked=ALL_PAIRS, bonus=0)
    second = outposts.play(state, "place cow2 g3 d1")
    assert outposts.ledger(second, seat)["outpost bonus"] == small
    assert second.variant_state("outposts").bonus_left == 0

    if players > 2:
        third_seat = next(s for s in range(players) if s not in (mover, other))
        state, seat = _phase_c_join(outposts, players, seats={
            other: {"tiles": outposts.ALL_LINKED}, third_seat: {"tiles": outposts.ALL_LINKED}
        })
        state = outposts.at(state, state.seats[other].estate, linked=ALL_PAIRS, bonus=0)
        state = outposts.at(state, state.seats[third_seat].estate, linked=ALL_PAIRS, bonus=1)
        third = outposts.play(state, "place cow2 g3 d1")
        assert "outpost bonus" not in outposts.ledger(third, seat)
        assert outposts.ledger(third, seat)["outposts"] == 12


def test_knowledge_26_does_not_count_the_outpost_bonus(outposts: S) -> None:
    """R-OUTPOSTS-BONUS and the editions table (2019 #26: 3 VP per bonus tile, outpost bonus tiles
    do not count): with #26 in the duchy the outpost bonus adds nothing to #26's term."""
    state, seat = _phase_c_join(outposts)
    state = outposts.position(
        outposts.rules(), tiles={**outposts.ROW_B, "b5": "k19", **outposts.DOWN, "b2": "k26"},
        storage=["cow2"], dice=(1, 3), phase=2,
    )
    state = outposts.at(state, state.seats[seat].estate, linked=TL_TR)
    after = outposts.play(state, "place cow2 g3 d1")
    assert outposts.ledger(after, seat)["outpost bonus"] == 6
    assert final_terms(after, seat).get("knowledge #26", 0) == 0


def test_shield_7_doubles_the_outpost_bonus(outposts: S) -> None:
    """R-OUTPOSTS-BONUS: shield #7 (bonus tiles score double) doubles the outpost bonus
    (a bonus tile of no colour, hook ``burgundy_bonus_tile_value``): 2 x 6 with 3 players;
    the phase value of the pairs is no bonus tile (6 + 6 stays)."""
    tiles = {**outposts.ROW_B, "b5": "k19", **outposts.DOWN}
    state = outposts.position(outposts.rules(3, shields=True), tiles=tiles, storage=["cow2"],
                              dice=(1, 3), phase=2)
    seat = state.current_player
    state = outposts.at(state, state.seats[seat].estate, linked=TL_TR)
    state = outposts.with_shield(state, seat, 7)
    after = outposts.play(state, "place cow2 g3 d1")
    ledger = outposts.ledger(after, seat)
    assert ledger["outpost bonus"] == 12
    assert ledger["outposts"] == 12


def test_shield_14_placement_at_phase_end_scores_the_ending_phase(outposts: S) -> None:
    """R-OUTPOSTS-BONUS ("a placement outside a turn ... scores at the phase that is
    ending") with R-SHIELD-14-15: shield #14's placement at the end of phase B closes row c
    (c1 ... c6, from the top-left fort to the top-right) and scores phase B's 8, not C's 6."""
    tiles = {"c1": "ship", "c2": "cow2", "c4": "market", "c5": "ship", "c6": "pig2"}
    state = outposts.position(outposts.rules(2, shields=True), tiles=tiles, dice=(1, 2),
                              phase=1, last_turn_of_phase=True, depots={3: ["bank"]})
    seat = state.current_player
    state = outposts.with_shield(state, seat, 14)
    state = outposts.play(state, "workers d1", "workers d2")
    if "end" in outposts.texts(state):
        state = outposts.play(state, "end")
    assert "direct bank 3 c3" in outposts.texts(state)
    after = outposts.play(state, "direct bank 3 c3")
    assert after.phase == 1
    assert outposts.ledger(after, seat)["outposts"] == 8
