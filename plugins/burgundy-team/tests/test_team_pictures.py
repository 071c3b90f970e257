"""Team play in the pictures (issue #32: every variant's components are drawn): the shared
duchy drawn once with both partners named, and a seat's own storage spaces beside the
estate's, in the text picture and in the SVG."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import burgundy
from burgundy.plugin import tile_name
from burgundy.render.svg import state_svg
from burgundy.render.text import seat_summary
from burgundy.state import State


def _with_own_storage(rules: burgundy.Ruleset) -> tuple[State, int]:
    """A seeded game played on at random until a seat keeps a hex in its own storage."""
    game = burgundy.Game(rules, seed=2)
    rng = random.Random(2)
    for _ in range(200):
        owners = [s for s, seat in enumerate(game.state.seats) if seat.storage]
        if owners and game.state.current_player >= 0:
            return game.state, owners[0]
        game.play(rng.choice(game.legal_actions()))
    raise AssertionError("no seat stored a hex of its own in 200 moves")


def test_the_shared_duchy_and_the_own_storage_appear_in_the_text_and_the_svg(team) -> None:
    state, seat = _with_own_storage(team.rules())
    code = state.seats[seat].storage[0]
    name = tile_name(code)
    assert f"+ own {name}" in seat_summary(state, seat)
    root = ET.fromstring(state_svg(state))
    duchies = [g for g in root.iter() if g.get("class") == "duchy"]
    assert len(duchies) == 2  # one picture per shared duchy, not one per seat
    mine = next(d for d in duchies if d.get("data-estate") == str(state.seats[seat].estate))
    both = sorted((seat, team.partner(state, seat)))
    header = "".join(mine.itertext())
    assert f"seat {both[0]} & seat {both[1]}" in header and f"seat {seat} storage" in header
    own = [(g.get("data-tile"), g.get("data-storage")) for g in mine.iter()
           if g.get("class") == "tile" and ":" in (g.get("data-storage") or "")]
    assert own == [(name, f"{seat}:0")]
