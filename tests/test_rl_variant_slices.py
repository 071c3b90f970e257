"""The variants' own slices of ``burgundy.rl.observe`` (hook burgundy_observation_slices,
issue #18): each plugin's slices show its components as its state has them at every state
of a real game, change when they change, and leave out what is hidden (the face-down
shields, the undealt route tiles)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

import burgundy
from burgundy.registry import example_options
from burgundy.rl import observation_layout, observe
from burgundy.state import State, replace
from burgundy_shields.model import SHIELDS
from burgundy_trade_routes.plugin import KINDS, SPACE_NUMBERS
from burgundy_trade_routes.tiles import SPACES_PER_TILE, route_of, space_of


def _game(players: int, variants: tuple[str, ...], seed: int) -> Iterator[State]:
    """Every state of one random game (chance sampled, decisions at random)."""
    rules = burgundy.Ruleset(players=players, variants=variants,
                             options=example_options(variants))
    rng = random.Random(seed)
    state = rules.initial_state()
    while not state.is_terminal:
        yield state
        state = state.apply(state.sample_outcome(rng) if state.is_chance
                            else rng.choice(state.legal_actions()))
    yield state


def _slice(vector: npt.NDArray[np.float32], state: State, name: str) -> list[float]:
    for slice_name, start, size in observation_layout(state.rules):
        if slice_name == name:
            return [float(x) for x in vector[start:start + size]]
    raise KeyError(name)


def _with(state: State, variant: str, **changes: Any) -> State:
    """``state`` with fields of a variant's value changed (no validation: a probe)."""
    ext = tuple((k, attrs.evolve(v, **changes) if k == variant else v) for k, v in state.ext)
    return replace(state, ext=ext)


def test_shields_show_depots_duchies_and_out_of_the_game_not_the_face_down() -> None:
    """Shields: the shields on the depots' goods spaces, in each duchy (per seat slot, own
    first) and out of the game are what the shields' state says at every state; they change
    over a game; emptying the face-down shields changes nothing."""
    seen = set()
    for state in _game(3, ("knowledge", "shields"), seed=0):
        shields = state.variant_state("shields")
        vector = observe(state, 1)
        on_depots = _slice(vector, state, "shields.depots")
        assert on_depots == [float(n in shields.depots[d]) for d in range(6) for n in SHIELDS]
        assert _slice(vector, state, "shields.removed") == [
            float(n in shields.removed) for n in SHIELDS]
        for k in range(3):
            mine = shields.shields_of(state.seats[(1 + k) % 3].estate)
            assert _slice(vector, state, f"seat[{k}].shields.placed") == [
                float(n in mine) for n in SHIELDS]
        hidden = _with(state, "shields", supply=())
        assert observe(hidden, 1).tobytes() == vector.tobytes()
        seen.add((tuple(on_depots), tuple(_slice(vector, state, "seat[0].shields.placed"))))
    assert len(seen) > 10


def test_shields_show_shield_6s_lender_relative_and_16s_die() -> None:
    """Shield #6's lender is one-hot by how many seats clockwise of the borrowing seat it
    sits; #16's die this turn is a flag."""
    state = next(s for s in _game(3, ("knowledge", "shields"), seed=1) if not s.is_chance)
    borrow = [-1, -1, -1]
    borrow[state.seats[1].estate] = 0  # seat 1 borrows seat 0's knowledge tiles
    probe = _with(state, "shields", borrow=tuple(borrow), die_set=True)
    vector = observe(probe, 0)  # seat 1 is slot 1 of observer 0
    assert _slice(vector, probe, "seat[1].shields.borrow") == [0.0, 0.0, 1.0]  # 2 clockwise
    assert _slice(vector, probe, "seat[0].shields.borrow") == [0.0, 0.0, 0.0]
    assert _slice(vector, probe, "shields.die_set") == [1.0]
    assert _slice(observe(state, 0), state, "shields.die_set") == [0.0]


def test_trade_routes_show_each_route_space_by_space_not_the_undealt_tiles() -> None:
    """Trade routes: per seat slot, each route space's goods colour, reward and the goods
    lying on it, as the routes' state has them; the goods on the routes change over a
    game; the undealt tiles (in the box) are not in the vector."""
    filled = set()
    for state in _game(2, ("knowledge", "trade_routes"), seed=1):
        routes = state.variant_state("trade_routes")
        compiled = route_of(state.rules)
        vector = observe(state, 0)
        for k in range(2):
            estate = state.seats[k].estate
            row, goods = routes.rows[estate], routes.goods[estate]
            numbers = _slice(vector, state, f"seat[{k}].trade_routes.route")
            for index in range(len(row) * SPACES_PER_TILE):
                space = space_of(compiled, row, index)
                at = index * SPACE_NUMBERS
                assert numbers[at + space.goods - 1] == 1.0
                assert numbers[at + 6 + KINDS.index(space.reward.kind)] == 1.0
                lying = numbers[at + 7 + len(KINDS):at + SPACE_NUMBERS]
                assert lying == [float(index < len(goods) and goods[index] == c)
                                 for c in range(1, 7)]
            assert not any(numbers[len(row) * SPACES_PER_TILE * SPACE_NUMBERS:])
        filled.add(sum(len(g) for g in routes.goods))
        hidden = _with(state, "trade_routes", undealt=())
        assert observe(hidden, 0).tobytes() == vector.tobytes()
    assert len(filled) > 5


def test_outposts_show_the_links_of_each_duchy() -> None:
    """Outposts: per seat slot, the pairs of forts linked so far (the seed's game links a
    pair in seat 0's duchy) and the outpost bonus tile taken."""
    linked = set()
    for state in _game(3, ("knowledge", "outposts"), seed=2):
        outposts = state.variant_state("outposts")
        vector = observe(state, 2)
        for k in range(3):
            estate = state.seats[(2 + k) % 3].estate
            assert _slice(vector, state, f"seat[{k}].outposts.linked") == [
                float(outposts.linked[estate] >> bit & 1) for bit in range(3)]
        linked.add(tuple(_slice(vector, state, "seat[1].outposts.linked")))  # seat 0
    assert len(linked) == 2
    probe = _with(state, "outposts", bonus=(1, -1, 0))
    vector = observe(probe, 0)
    assert _slice(vector, probe, "seat[0].outposts.bonus") == [0.0, 1.0]  # the small one
    assert _slice(vector, probe, "seat[1].outposts.bonus") == [0.0, 0.0]
    assert _slice(vector, probe, "seat[2].outposts.bonus") == [1.0, 0.0]


def test_inns_show_the_stack_and_the_inns_to_come() -> None:
    """Inns: the stack beside the black depot and the inns still in the box, one laid out
    at each phase start."""
    seen = set()
    for state in _game(2, ("knowledge", "inns"), seed=3):
        inns = state.variant_state("inns")
        vector = observe(state, 0)
        shown = (_slice(vector, state, "inns.stack")[0], _slice(vector, state, "inns.to_come")[0])
        assert shown == (inns.stack, inns.to_come)
        seen.add(shown)
    assert len({to_come for _, to_come in seen}) == 6  # 5 .. 0


def test_solo_shows_its_track_and_the_goods_out_of_the_game() -> None:
    """Solo: the target marker, the resets, the VP scored over the game and the goods out
    of the game, as the solo state has them; they change over the game."""
    seen = set()
    for state in _game(1, ("knowledge", "solo"), seed=0):
        solo = state.variant_state("solo")
        vector = observe(state, 0)
        track = _slice(vector, state, "solo.track")
        assert track == [np.float32(solo.target / 100), solo.resets,
                         np.float32(solo.total / 100)]
        assert _slice(vector, state, "solo.goods_out") == list(solo.goods_out)
        seen.add(tuple(track))
    assert len(seen) > 10


def test_team_play_shows_the_observers_team() -> None:
    """Team play: the observer's own slot and its partner's are 1, the other team's 0
    (partners share a duchy: option ``teams``)."""
    rules = burgundy.Ruleset(players=4, variants=("knowledge", "team"),
                             options={"teams": ((0, 2), (1, 3))})
    state = burgundy.Game(rules, seed=1).state
    for seat in range(4):
        assert _slice(observe(state, seat), state, "team.partners") == [1.0, 0.0, 1.0, 0.0]
