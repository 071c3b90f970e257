"""The inns' rules (issue #17), each test naming its source: R-INN and R-INN-PLACE on
docs/rules.md, ES-SE's answer (I1-I3) and what docs/variants/inns.md decides."""

from __future__ import annotations

import attrs
import pytest

import burgundy
from burgundy.components import tile_code
from burgundy.geometry import bits
from burgundy.pending import PhaseStart, Turn
from burgundy.rules.income import set_estate
from burgundy.rules.place import placement_mask, put_tile
from burgundy.rules.setup import run_phase_start
from burgundy.state import State, replace
from burgundy.testing import build_position, first_turn, legal_texts, play_texts, with_tiles
from burgundy_inns.rules import INN, InnState, inns

BUILDINGS = ("warehouse", "watchtower", "carpenter", "church", "market", "boarding-house",
             "bank", "town-hall")


def rules(*variants: str, players: int = 2, **options: object) -> burgundy.Ruleset:
    return burgundy.Ruleset(players=players, variants=(*variants, "inns"), options=options)


def with_stack(state: State, stack: int) -> State:
    """``state`` with ``stack`` inns beside the black depot (taken from those to come)."""
    current = inns(state)
    total = current.stack + current.to_come
    return state.with_variant_state("inns", InnState(stack=stack, to_come=total - stack))


def position(ruleset: burgundy.Ruleset, inns_stored: int = 0,
             inn_tiles: tuple[str, ...] = (), **kwargs: object) -> State:
    """:func:`build_position` with inns (taken from those still in the box) in the seat's
    storage and on its duchy's spaces ``inn_tiles`` (no scoring)."""
    state = build_position(ruleset, **kwargs)  # type: ignore[arg-type]
    seat = state.current_player
    index = state.seats[seat].estate
    current = inns(state)
    used = inns_stored + len(inn_tiles)
    state = state.with_variant_state("inns", attrs.evolve(current, to_come=current.to_come - used))
    storage = tuple(sorted((*state.estates[index].storage, *(INN,) * inns_stored)))
    state = set_estate(state, index, storage=storage)
    names = board_of(state).space_by_name
    for name in inn_tiles:
        state = put_tile(state, index, INN, names[name], from_storage=False)
    burgundy.validation.validate_state(state)
    return state


def board_of(state: State):  # type: ignore[no-untyped-def]
    return state.rules.engine.boards[state.seat_estate(state.current_player).board]


def test_one_inn_at_each_phase_start_and_unsold_inns_stack() -> None:
    """R-INN-PLACE: at the start of each phase one inn goes beside the black depot; unsold
    inns stay, a new one is stacked on them (SE-ZH); five in all."""
    state = first_turn(rules(), 1)
    assert inns(state) == InnState(stack=1, to_come=4)  # phase A's
    for phase in range(1, 5):
        state = run_phase_start(replace(state, phase=phase), PhaseStart())
    assert inns(state) == InnState(stack=5, to_come=0)
    assert inns(run_phase_start(state, PhaseStart())) == InnState(stack=5, to_come=0)


def test_an_inn_is_bought_for_2_silver_as_the_turns_one_purchase() -> None:
    """R-INN-PLACE: buying an inn costs 2 silverlings and is the turn's one purchase: no
    black-depot hex after it; it goes into storage."""
    state = with_stack(build_position(rules(), silver=4, dice=(1, 2), black=["mine"]), 2)
    seat = state.current_player
    assert {"buy inn inns", "buy mine"} <= legal_texts(state, "buy ")
    after = play_texts(state, "buy inn inns")
    assert after.seat_estate(seat).silver == 2
    assert after.seat_estate(seat).storage == (INN,)
    assert inns(after).stack == 1
    assert legal_texts(after, "buy ") == set()  # the turn's purchase is made
    black_first = play_texts(state, "buy mine")
    assert legal_texts(black_first, "buy ") == set()


def test_no_inn_without_silver_or_once_the_stack_is_empty() -> None:
    state = with_stack(build_position(rules(), silver=1, dice=(1, 2)), 1)
    assert legal_texts(state, "buy ") == set()
    empty = with_stack(build_position(rules(), silver=2, dice=(1, 2)), 0)
    assert not any(t.startswith("buy inn") for t in legal_texts(empty, "buy "))


def test_knowledge_6_pays_an_inn_with_workers_2019() -> None:
    """R-INN-PLACE and R-editions (#6, 2019): the inn may be paid with workers, 1 worker =
    1 silverling, mixing allowed; still the turn's one purchase. The inns and knowledge do
    not know each other: #6's payment applies to every purchase source."""
    state = with_stack(build_position(rules("knowledge"), silver=0, workers=2, dice=(1, 2),
                                      tiles={"c4": "k6"}), 1)
    seat = state.current_player
    assert "buy inn inns w2" in legal_texts(state, "buy ")
    assert "buy inn inns" not in legal_texts(state, "buy ")
    after = play_texts(state, "buy inn inns w2")
    assert (after.seat_estate(seat).workers, after.seat_estate(seat).storage) == (0, (INN,))
    assert legal_texts(after, "buy ") == set()
    mixed = with_stack(build_position(rules("knowledge"), silver=1, workers=1, dice=(1, 2),
                                      tiles={"c4": "k6"}), 1)
    assert "buy inn inns w1" in legal_texts(mixed, "buy ")


def test_an_inn_may_be_bought_in_the_middle_of_an_action_2019() -> None:
    """The editions table of docs/rules.md (2019: the purchase also mid-action) and the Inns page:
    the town hall's placement may place an inn bought while it is pending."""
    state = with_stack(build_position(rules(), storage=["town-hall"], silver=2,
                                      dice=(3, 6)), 1)
    after = play_texts(state, "place town-hall c3 d3")
    assert "buy inn inns" in legal_texts(after)
    bought = play_texts(after, "buy inn inns")
    assert any(t.startswith("place inn ") for t in legal_texts(bought))


def test_an_inn_goes_on_any_colour_with_die_number_and_adjacency() -> None:
    """R-INN-PLACE, I1 and the Inns page: any empty space, whatever its colour, with
    the die's number and next to a placed tile (around the start castle on d4)."""
    state = position(rules(), 1, dice=(3, 4))
    board = board_of(state)
    seat = state.current_player
    placed = {t for t in legal_texts(state, "place inn ")}
    expected = set()
    for space in bits(board.neighbours[board.space_by_name["d4"]]):
        if board.dice[space] in (3, 4):
            name = next(n for n, s in board.space_by_name.items() if s == space)
            expected.add(f"place inn {name} d{board.dice[space]}")
    assert placed == expected
    colours = {int(board.colours[board.space_by_name[t.split()[2]]]) for t in placed}
    assert len(colours) >= 2  # c3/e4 are city, e3 a mine: colours do not matter
    assert {"place inn c3 d3", "place inn e4 d3", "place inn e3 d4"} <= placed
    assert placement_mask(state, seat, INN)  # any die number, before the die's


def test_one_inn_per_region() -> None:
    """R-INN-PLACE, I2: at most one inn in a region (of any colour). e4 and e5 are one city."""
    state = position(rules(), 1, ("e4",), dice=(1, 1))
    seat = state.current_player
    board = board_of(state)
    assert not placement_mask(state, seat, INN) & board.regions[board.region_of[
        board.space_by_name["e5"]]].mask
    assert "place inn e5 d1" not in legal_texts(state)
    other = position(rules(), 0, ("e4",), storage=["bank"], dice=(1, 1))
    assert "place bank e5 d1" in legal_texts(other)  # the region takes other tiles


def _fill_region_but(state: State, region: int, last: str) -> State:
    """Cover every empty space of ``region`` but ``last`` with buildings of the city."""
    board = board_of(state)
    names = {s: n for n, s in board.space_by_name.items()}
    spaces = state.seat_estate(state.current_player).spaces
    todo = [names[s] for s in bits(board.regions[region].mask)
            if names[s] != last and spaces[s] < 0]
    return with_tiles(state, state.current_player, dict(zip(todo, BUILDINGS, strict=False)))


def test_an_inn_makes_its_region_score_one_space_larger() -> None:
    """R-INN, I3: the city e4-e5-f4-f5-g4 (5 spaces) completed by an inn scores as 6:
    21 VP and phase A's 10."""
    state = position(rules(), 1, dice=(3, 3), tiles={"e4": "bank"})
    board = board_of(state)
    region = board.region_of[board.space_by_name["e4"]]
    state = _fill_region_but(state, region, "g4")
    state = with_tiles(state, state.current_player, {"f3": "k1"})  # (g4 touches f3/f4)
    seat = state.current_player
    after = play_texts(state, "place inn g4 d3")
    assert after.scores[seat] - state.scores[seat] == 21 + 10


def test_an_inn_region_of_8_scores_as_9_and_shield_17_adds_after() -> None:
    """R-INN, I3 "aumenta el tamaño del área en 1 espacio para fines de puntuación" (makes
    the area one space larger for scoring): no text caps it, so an 8-region with an inn
    scores as 9, 45 VP (the region table's progression: 36 + 9); shield #17's +1 comes
    after: 10 spaces, 55 VP. Board 10's city of 8 spaces (a2 b3 c4 d1 d2 d3 d4 d5)."""
    from burgundy_shields.model import ShieldState

    for shields, vp in ((False, 45), (True, 55)):
        variants = ("shields",) if shields else ()
        ruleset = rules(*variants, boards=["10", "10"])
        state = position(ruleset, 1, dice=(1, 2))
        board = board_of(state)
        seat = state.current_player
        region = next(i for i, r in enumerate(board.regions) if r.size == 8)
        empty = [n for n, s in board.space_by_name.items()
                 if board.regions[region].mask >> s & 1
                 and state.seat_estate(seat).spaces[s] < 0]
        last = empty[-1]
        state = _fill_region_but(state, region, last)
        die = board.dice[board.space_by_name[last]]
        state = burgundy.testing.with_dice(state, seat, die, die)
        if shields:
            current: ShieldState = state.variant_state("shields")
            placed = list(current.placed)
            start = state.seat_estate(seat).start
            placed[state.seats[seat].estate] = ((start, 17),)
            state = state.with_variant_state("shields", attrs.evolve(
                current, supply=tuple(k for k in current.supply if k != 17),
                depots=tuple(tuple(k for k in d if k != 17) for d in current.depots),
                placed=tuple(placed)))
        text = f"place inn {last} d{die}"
        if text not in legal_texts(state):  # not next to a covered space: cover a neighbour
            pytest.fail(f"{text} not legal: {sorted(legal_texts(state, 'place '))}")
        after = play_texts(state, text)
        gained = after.scores[seat] - state.scores[seat]
        assert gained == vp + 10, shields


def test_an_inn_counts_for_its_spaces_colour() -> None:
    """The Inns page: the inn covers a space of a colour, so a colour can be completed
    by it (the castle spaces a2 a3 b3 and d4: the inn on the last takes the bonus tile)."""
    state = position(rules(), 1, dice=(6, 6),
                     tiles={"a2": "castle", "a3": "castle", "c3": "bank", "c4": "k1"})
    seat = state.current_player
    after = play_texts(state, "place inn b3 d6")
    assert after.seat_estate(seat).bonus  # the castle colour's large bonus tile
    assert after.scores[seat] - state.scores[seat] >= 5


def test_an_inn_has_no_effect_and_no_type() -> None:
    """R-INN-PLACE: no effect, no type (no building for #16-#23, no animal, no castle)."""
    from burgundy.rules.scoring import building_count

    state = position(rules(), 1, dice=(3, 3))
    seat = state.current_player
    after = play_texts(state, "place inn e4 d3")
    assert isinstance(after.pending[-1], Turn) and after.current_player == seat
    for building in ("bank", "warehouse", "town-hall"):
        assert building_count(after, after.seats[seat].estate, building) == 0
    assert burgundy.components.TILES[INN].effect is None


def test_the_2011_edition_and_solo_are_refused() -> None:
    """The Inns page: not in 2011 (a 2019 module), not in a solo game."""
    with pytest.raises(ValueError, match=r"inns.*2019"):
        burgundy.Ruleset(players=2, variants=("inns",), edition="2011")
    with pytest.raises(ValueError, match="players"):
        burgundy.Ruleset(players=1, variants=("solo", "inns"))


def test_a_bad_inn_state_is_refused() -> None:
    state = first_turn(rules(), 1)
    bad = state.with_variant_state("inns", InnState(stack=2, to_come=4))
    with pytest.raises(ValueError, match="hexes: not conserved"):
        burgundy.validation.validate_state(bad)
    negative = state.with_variant_state("inns", InnState(stack=-1, to_come=6))
    with pytest.raises(ValueError, match="counts"):
        burgundy.validation.validate_state(negative)
    assert tile_code("inn") == INN


def test_the_pictures_show_the_stack_and_the_inns_to_come() -> None:
    """R-INN-PLACE: the inns for sale lie beside the black depot, in sight of every player;
    the text and SVG pictures of the main board show them and those still in the box, and
    follow a purchase."""
    from burgundy.render.parts import board_rows
    from burgundy.render.svg import board_svg, state_svg
    from burgundy.render.text import board_text

    state = with_stack(build_position(rules(), silver=4, dice=(1, 2)), 2)
    (row,) = board_rows(state)
    assert row.label == "inns" and row.groups == ("for sale", "to come")
    assert [cell.text for cell in row.cells] == ["inn", "inn", "box", "box", "box"]
    assert "  inns: for sale [inn] [inn] | to come [box] [box] [box]" in board_text(state)
    svg = board_svg(state)
    assert svg.count('class="picture-row"') == 1 and "an inn for sale" in svg
    assert state_svg(state).count('class="picture-row"') == 1
    after = play_texts(state, "buy inn inns")
    assert "  inns: for sale [inn] | to come [box] [box] [box]" in board_text(after)
