"""Knowledge #9, #10 and #11: a free ±1 on the dice that place the pictured tiles, tested
through the legal actions and the workers paid, colour by colour.

Sources: the Spanish 2011 rulebook (ES11) p.11: "9) ... puede ajustar todos los dados
que se usen para colocar edificios (losetas beige) en +/- 1, como si hubiera usado una loseta
de trabajador"; "10) ... para colocar barcos o animales (losetas azules o verde claro)";
"11) ... para colocar castillos, minas o 'conocimientos' (losetas verde oscuro, grises o
amarillas)"; docs/variants/knowledge.md (#9-#11: "acts like one free worker; combinable with real
workers"); the plugin's ruling K-FREE-STEP (docs/rules.md, library (i)): the free change is
one step.

Board 1 around the start castle on d4: c3 city 3, d3 river 2, e3 mine 4, c4 knowledge 1; c2
(pasture 4) and b3 (castle 6) become reachable once c3 is covered. The tile under test lies
on g3, far from the spaces placed on. Every position comes from the ``build`` fixture
(conftest.py), so hexes and goods stay conserved.
"""

from __future__ import annotations

import pytest

from burgundy.testing import find_action, legal_texts

FREE_STEP_TILE = {"city": "k9", "river": "k10", "pasture": "k10",
                  "castle": "k11", "mine": "k11", "knowledge": "k11"}
"""Which of #9-#11 frees a step for placing a hex of each colour (ES11 p.11)."""

PLACEMENTS = {
    # colour: (hex placed, space, the space's die number, tiles that make it reachable)
    "city": ("bank", "c3", 3, {}),
    "river": ("ship", "d3", 2, {}),
    "pasture": ("cow3", "c2", 4, {"c3": "watchtower"}),
    "castle": ("castle", "b3", 6, {"c3": "watchtower"}),
    "mine": ("mine", "e3", 4, {}),
    "knowledge": ("k20", "c4", 1, {}),
}
COLOURS = sorted(PLACEMENTS)


def _ring(value: int, step: int) -> int:
    """``value`` moved ``step`` round the ring of die values 1-6."""
    return (value - 1 + step) % 6 + 1


def _position(build, colour, owned, die, workers):
    """The seat to move with the hex of ``colour`` in storage, the knowledge tiles
    ``owned`` in its duchy, doubles of ``die`` and ``workers`` workers."""
    placed, _space, _number, reach = PLACEMENTS[colour]
    spaces = dict(zip(("g3", "g2", "a4"), owned, strict=False))
    return build(tiles={**reach, **spaces}, storage=[placed], dice=(die, die), workers=workers)


def _placement(colour, die):
    placed, space, _number, _reach = PLACEMENTS[colour]
    return f"place {placed} {space} d{die}"


def _workers_after(state, text):
    seat = state.current_player
    return state.apply(find_action(state, text)).seat_estate(seat).workers


@pytest.mark.parametrize("step", [1, -1])
@pytest.mark.parametrize("colour", COLOURS)
def test_one_off_places_without_a_worker_with_the_tile(build, colour, step):
    """A die one off the space's number places the hex with no worker at all, and none is
    paid; without the tile the same placement needs (and costs) one worker."""
    die = _ring(PLACEMENTS[colour][2], step)
    text = _placement(colour, die)
    owned = (FREE_STEP_TILE[colour],)
    with_tile = _position(build, colour, owned, die, workers=0)
    assert text in legal_texts(with_tile), f"#{owned[0][1:]} frees a step for {colour}"
    assert _workers_after(with_tile, text) == 0
    assert text not in legal_texts(_position(build, colour, (), die, workers=0))
    without = _position(build, colour, (), die, workers=1)
    assert text in legal_texts(without)
    assert _workers_after(without, text) == 0  # the one worker was paid


@pytest.mark.parametrize("colour", COLOURS)
def test_two_off_costs_one_worker_with_the_tile_and_two_without(build, colour):
    """The free step is one step, "as if one worker were paid" (ES11; K-FREE-STEP): a die
    two off needs one real worker more."""
    die = _ring(PLACEMENTS[colour][2], 2)
    text = _placement(colour, die)
    owned = (FREE_STEP_TILE[colour],)
    assert text not in legal_texts(_position(build, colour, owned, die, workers=0))
    one = _position(build, colour, owned, die, workers=1)
    assert text in legal_texts(one)
    assert _workers_after(one, text) == 0
    three = _position(build, colour, owned, die, workers=3)
    assert _workers_after(three, text) == 2
    assert text not in legal_texts(_position(build, colour, (), die, workers=1))
    assert _workers_after(_position(build, colour, (), die, workers=3), text) == 1


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("tile", ["k9", "k10", "k11"])
def test_each_tile_frees_its_own_colours_only(build, tile, colour):
    """#9 helps buildings only, #10 ships and animals only, #11 castles, mines and
    knowledge tiles only."""
    die = _ring(PLACEMENTS[colour][2], 1)
    state = _position(build, colour, (tile,), die, workers=0)
    helps = FREE_STEP_TILE[colour] == tile
    assert (_placement(colour, die) in legal_texts(state)) is helps


@pytest.mark.parametrize(
    "owned", [("k9", "k10"), ("k10", "k11"), ("k9", "k11"), ("k9", "k10", "k11")]
)
def test_tiles_together_free_every_colour_of_each(build, owned):
    for colour in COLOURS:
        die = _ring(PLACEMENTS[colour][2], -1)
        state = _position(build, colour, owned, die, workers=0)
        helps = FREE_STEP_TILE[colour] in owned
        assert (_placement(colour, die) in legal_texts(state)) is helps, colour


@pytest.mark.parametrize("tile", ["k9", "k10", "k11"])
def test_the_free_step_is_for_placing_not_for_taking_or_selling(build, tile):
    """#9-#11 speak of the dice "que se usen para colocar"; taking a hex is #12's."""
    state = build(tiles={"g3": tile}, dice=(2, 2), workers=0, depots={3: ["bank"]},
                  goods=(0, 0, 1, 0, 0, 0))
    assert "take bank 3 d2" not in legal_texts(state)
    assert "sell 3 d2" not in legal_texts(state)


@pytest.mark.parametrize("colour", COLOURS)
def test_the_tile_in_storage_frees_nothing(build, colour):
    """A knowledge tile works only in the duchy (docs/variants/knowledge.md)."""
    placed, _space, number, reach = PLACEMENTS[colour]
    die = _ring(number, 1)
    state = build(tiles=reach, storage=[placed, FREE_STEP_TILE[colour]], dice=(die, die),
                  workers=0)
    assert _placement(colour, die) not in legal_texts(state)
