"""The component problem (issue #16): option ``trade_routes_deck`` — a supplied deck, the
generated one, and no default that pretends; the printed tiles known ship as data, marked
printed (R-ROUTE-DECK: tiles A, B, C of the 2019 rulebook, ZH19 p.12; C's worker count unreadable).
"""

from __future__ import annotations

import io
import json
import types
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import burgundy
from burgundy import cli
from burgundy_trade_routes.model import RouteState
from burgundy_trade_routes.plugin import SUMMARY
from burgundy_trade_routes.tiles import (
    DATA,
    MAX_DECK,
    NEEDS_DECK,
    PRINTED,
    REWARD_KINDS,
    check_deck,
    deck_tiles,
    describe_deck,
    generated_deck,
    parse_reward,
    printed_tile,
)

GENERATED_TABLE = [
    "G1: 1 silver:2 | 3 take_building | 5 vp:4",
    "G2: 2 extra_action | 4 workers:4 | 6 take_castle_mine_knowledge",
    "G3: 3 sell_goods | 5 silver:2 | 1 take_building",
    "G4: 4 vp:4 | 6 extra_action | 2 workers:4",
    "G5: 5 take_castle_mine_knowledge | 1 sell_goods | 3 silver:2",
    "G6: 6 take_building | 2 vp:4 | 4 extra_action",
    "G7: 2 workers:4 | 4 take_castle_mine_knowledge | 6 sell_goods",
    "G8: 3 silver:2 | 5 take_building | 1 vp:4",
    "G9: 4 extra_action | 6 workers:4 | 2 take_castle_mine_knowledge",
    "G10: 5 sell_goods | 1 silver:2 | 3 take_building",
    "G11: 6 vp:4 | 2 extra_action | 4 workers:4",
    "G12: 1 take_castle_mine_knowledge | 3 sell_goods | 5 silver:2",
]
"""The generated deck, written out: any change of it is a change of every generated game
(and of the docs page's table)."""


def _rules(players: int = 2) -> types.SimpleNamespace:
    return types.SimpleNamespace(players=players)


def _table(deck: Any) -> list[str]:
    return [f"{t.name}: " + " | ".join(f"{s.goods} {s.reward}" for s in t.spaces) for t in deck]


# -- no default that pretends -----------------------------------------------------------------
def test_enabling_without_a_deck_explains_both_choices() -> None:
    """R-ROUTE-DECK, no default deck: the ValueError names the option, explains a supplied
    deck (shape and reward vocabulary) and "generated" (generated, not the printed
    tiles)."""
    with pytest.raises(ValueError) as info:
        burgundy.Ruleset(players=2, variants=("knowledge", "trade_routes"))
    text = str(info.value)
    assert text == NEEDS_DECK
    for needed in ("trade_routes_deck", "only 3 of the 12 printed", "list of route tiles",
                   "[goods 1-6, reward]", "silver:N", "sell_goods", '"generated"',
                   "generated, not the printed tiles", "E2019-A"):
        assert needed in text, needed


def test_burgundy_variants_shows_the_need_for_a_deck() -> None:
    """``burgundy variants`` lists the variant with its summary, which says a deck is
    needed and what ``generated`` is."""
    out = io.StringIO()
    args = cli.build_parser().parse_args(["variants"])
    assert args.func(args, out=out) == 0
    line = next(line for line in out.getvalue().splitlines() if line.startswith("trade_routes"))
    assert "trade_routes_deck" in line and "generated, not the printed tiles" in line
    assert burgundy.registry.variant_info("trade_routes").summary == SUMMARY


def test_the_ruleset_describes_a_generated_deck_as_generated() -> None:
    rules = burgundy.Ruleset(players=2, variants=("trade_routes",),
                             options={"trade_routes_deck": "generated"})
    assert rules.describe().endswith("trade-route deck: generated, not the printed tiles")
    assert rules.options["trade_routes_deck"] == "generated"
    assert describe_deck(check_deck(["E2019-A", "E2019-B", *_filler(8)], _rules())) == (
        "trade-route deck: 10 tiles supplied (2 printed)")


# -- the printed tiles ------------------------------------------------------------------------
def test_the_three_printed_tiles_ship_as_data_marked_printed() -> None:
    """R-ROUTE-DECK: tiles A, B, C of the 2019 rulebook (ZH19 p.12) as read; C's
    worker count is unreadable and the data says so."""
    assert sorted(PRINTED) == ["E2019-A", "E2019-B", "E2019-C"]
    assert [(s.goods, str(s.reward)) for s in printed_tile("E2019-A").spaces] == [
        (1, "silver:2"), (6, "extra_action"), (5, "take_building")]
    assert [(s.goods, str(s.reward)) for s in printed_tile("E2019-B").spaces] == [
        (5, "sell_goods"), (2, "take_castle_mine_knowledge"), (3, "vp:4")]
    c = PRINTED["E2019-C"]
    assert c["spaces"] == [[3, "workers:?"], [5, "take_castle_mine_knowledge"],
                           [2, "extra_action"]]
    assert "count is hidden" in c["unreadable"]
    assert printed_tile("E2019-A").source == "printed"
    with pytest.raises(ValueError, match="E2019-C' is not fully known: space 1 gives workers"):
        printed_tile("E2019-C")


def test_tile_c_is_used_written_out_with_the_count_from_the_box() -> None:
    """E2019-C by name is refused (its count is unknown); written out with a worker count it
    is accepted and marked printed; written out differently elsewhere it is refused."""
    with pytest.raises(ValueError, match="tile 3: printed tile 'E2019-C' is not fully known"):
        check_deck(["E2019-A", "E2019-B", "E2019-C", *_filler(7)], _rules())
    c = ["E2019-C", [3, "workers:3"], [5, "take_castle_mine_knowledge"], [2, "extra_action"]]
    deck = check_deck(["E2019-A", "E2019-B", c, *_filler(7)], _rules())
    assert deck_tiles(deck)[2].source == "printed"
    assert str(deck_tiles(deck)[2].spaces[0].reward) == "workers:3"
    wrong = ["E2019-C", [3, "workers:3"], [5, "take_building"], [2, "extra_action"]]
    with pytest.raises(ValueError, match="'E2019-C' is a printed tile, read"):
        check_deck([wrong, *_filler(9)], _rules())
    with pytest.raises(ValueError, match="'E2019-A' is a printed tile"):
        check_deck([["E2019-A", [1, "vp:4"], [6, "extra_action"], [5, "take_building"]],
                    *_filler(9)], _rules())


# -- the generated deck -----------------------------------------------------------------------
def test_the_generated_deck_keeps_its_documented_constraints() -> None:
    """R-ROUTE-DECK, the constraints the docs state: 12 tiles named G1-G12, source
    "generated"; a tile's three goods numbers differ and each number is asked for by 6
    spaces; a tile's three rewards differ, each of the seven printed kinds on 5 spaces (2
    silverlings on 6); the rewards are the printed kinds with their printed amounts
    (workers: 4, assumed)."""
    deck = generated_deck()
    assert [t.name for t in deck] == [f"G{i}" for i in range(1, 13)]
    assert {t.source for t in deck} == {"generated"}
    assert all(len({s.goods for s in t.spaces}) == 3 for t in deck)
    assert Counter(s.goods for t in deck for s in t.spaces) == {n: 6 for n in range(1, 7)}
    assert all(len({str(s.reward) for s in t.spaces}) == 3 for t in deck)
    kinds = Counter(str(s.reward) for t in deck for s in t.spaces)
    printed = {str(s.reward) for name in ("E2019-A", "E2019-B") for s in printed_tile(name).spaces}
    assert set(kinds) == printed | {"workers:4"}
    assert kinds["silver:2"] == 6 and all(n == 5 for k, n in kinds.items() if k != "silver:2")
    assert DATA["generated"]["rewards"] == [
        "silver:2", "take_building", "vp:4", "extra_action", "workers:4",
        "take_castle_mine_knowledge", "sell_goods"]


def test_the_generated_deck_is_deterministic_and_written_out() -> None:
    assert _table(generated_deck()) == GENERATED_TABLE
    generated_deck.cache_clear()
    assert _table(generated_deck()) == GENERATED_TABLE
    assert deck_tiles("generated") == generated_deck()


def test_the_docs_page_shows_the_generated_deck_labelled(request: pytest.FixtureRequest) -> None:
    """The docs page's table of the generated deck is this deck, under a heading that says
    it is generated, not the printed tiles."""
    from pathlib import Path

    page = Path(request.config.rootpath) / "docs" / "variants" / "trade-routes.md"
    text = page.read_text(encoding="utf-8")
    assert "generated, not the printed tiles" in text
    for tile in generated_deck():
        cells = " | ".join(f"{s.goods}: {s.reward.label}" for s in tile.spaces)
        assert f"| {tile.name} | {cells} |" in text, tile.name


# -- a supplied deck --------------------------------------------------------------------------
def _filler(n: int) -> list[Any]:
    return [{"name": f"F{k}", "spaces": [[1, "vp:1"], [2, "vp:2"], [3, "vp:3"]]}
            for k in range(n)]


def test_a_supplied_deck_in_every_written_form() -> None:
    """A tile as a dict (name optional, spaces as pairs or dicts), as [name, space x3], or
    a printed tile's name: kept in one form, the ruleset's."""
    deck = [
        {"name": "one", "spaces": [[1, "silver:2"], [2, "extra_action"], [3, "take_building"]]},
        {"spaces": [{"goods": 4, "reward": "vp:4"}, {"goods": 5, "reward": "sell_goods"},
                    {"goods": 6, "reward": "take_pasture_river"}]},
        ["three", [6, "workers:4"], [5, "take_castle_mine_knowledge"], [4, "vp:1"]],
        "E2019-B",
        *_filler(6),
    ]
    kept = check_deck(deck, _rules())
    assert kept[:4] == (
        ("one", (1, "silver:2"), (2, "extra_action"), (3, "take_building")),
        ("T2", (4, "vp:4"), (5, "sell_goods"), (6, "take_pasture_river")),
        ("three", (6, "workers:4"), (5, "take_castle_mine_knowledge"), (4, "vp:1")),
        "E2019-B",
    )
    assert check_deck(kept, _rules()) == kept  # the kept form is accepted as it is
    assert [t.source for t in deck_tiles(kept)][:4] == ["supplied"] * 3 + ["printed"]


def test_a_supplied_deck_travels_in_the_ruleset_description_and_records(tr: Any) -> None:
    """The deck is part of ``Ruleset.to_dict()`` (JSON), so records replay and rulesets
    pickle with it."""
    rules = tr.rules_for(3, "test")
    spec = json.loads(json.dumps(rules.to_dict()))
    again = burgundy.Ruleset.from_dict(spec)
    assert again == rules and again.options["trade_routes_deck"] == rules.options[
        "trade_routes_deck"]
    game = burgundy.Game(rules, seed=4)
    for _ in range(30):
        game.play(game.legal_actions()[-1])
    replay = burgundy.Game.from_record(json.loads(json.dumps(game.record())))
    assert replay.state == game.state


BAD_DECKS: list[tuple[Any, str]] = [
    ("printed", "must be 'generated' or a list of route tiles"),
    (7, "must be 'generated' or a list"),
    ({"name": "x"}, "must be 'generated' or a list"),
    (_filler(9), "9 tiles; 2 players need 10-24"),
    (_filler(MAX_DECK + 1), "25 tiles"),
    ([*_filler(9), "E2019-Z"], "tile 10: no printed tile 'E2019-Z'"),
    ([*_filler(9), {"name": "x", "spaces": [[1, "vp:4"], [2, "vp:4"]]}], "tile 10: a tile has 3"),
    ([*_filler(9), {"name": "x", "spaces": [[0, "vp:4"], [2, "vp:4"], [3, "vp:4"]]}],
     "tile 10 space 1: goods must be a number 1-6"),
    ([*_filler(9), {"name": "x", "spaces": [[True, "vp:4"], [2, "vp:4"], [3, "vp:4"]]}],
     "goods must be a number 1-6; got True"),
    ([*_filler(9), {"name": "x", "spaces": [[1, "vp:7"], [2, "vp:4"], [3, "vp:4"]]}],
     "reward 'vp:7' is none of"),
    ([*_filler(9), {"name": "x", "spaces": [[1, "gold"], [2, "vp:4"], [3, "vp:4"]]}],
     "reward 'gold' is none of"),
    ([*_filler(9), {"name": "x", "spaces": [[1, "sell_goods:2"], [2, "vp:4"], [3, "vp:4"]]}],
     "reward 'sell_goods:2' is none of"),
    ([*_filler(9), {"name": "x", "spaces": [1, [2, "vp:4"], [3, "vp:4"]]}],
     "a space is [goods, reward]"),
    ([*_filler(9), {"name": "x", "spaces": [[1, "vp:1"]] * 3, "colour": 1}], "got keys"),
    ([*_filler(9), {"name": "", "spaces": [[1, "vp:1"]] * 3}], "a name is a text of 1-20"),
    ([*_filler(9), ["x" * 99, [1, "vp:1"], [1, "vp:1"], [1, "vp:1"]]], "a name is a text"),
    ([*_filler(9), [[1, "vp:1"], [1, "vp:1"], [1, "vp:1"]]], "a tile is a printed tile's name"),
    (_filler(9) + _filler(1), "tile names must differ; twice: ['F0']"),
]


@pytest.mark.parametrize(("deck", "message"), BAD_DECKS, ids=[m for _, m in BAD_DECKS])
def test_bad_decks_raise_a_short_clear_value_error(deck: Any, message: str) -> None:
    with pytest.raises(ValueError) as info:
        burgundy.Ruleset(players=2, variants=("trade_routes",),
                         options={"trade_routes_deck": deck})
    assert message in str(info.value)
    assert len(str(info.value)) < 400


def test_the_deck_size_follows_the_player_count() -> None:
    """At least the tiles the count deals: 10 for 2 players, 12 for 3 and 4."""
    assert len(check_deck(_filler(10), _rules(2))) == 10
    for players in (3, 4):
        with pytest.raises(ValueError, match=f"11 tiles; {players} players need 12-24"):
            check_deck(_filler(11), _rules(players))
        assert len(check_deck(_filler(12), _rules(players))) == 12


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=12)
    | st.sampled_from(["generated", "vp:4", "sell_goods", "E2019-A", "E2019-C", "workers:?"]),
    lambda inner: st.lists(inner, max_size=14) | st.dictionaries(
        st.sampled_from(["name", "spaces", "goods", "reward", "x"]), inner, max_size=3),
    max_leaves=40,
)


@given(JSON)
def test_any_deck_value_gives_a_deck_or_a_value_error(value: Any) -> None:
    """Arbitrary JSON-like data as the option: a playable ruleset or a short ValueError."""
    try:
        rules = burgundy.Ruleset(players=2, variants=("trade_routes",),
                                 options={"trade_routes_deck": value})
    except ValueError as exc:
        assert len(str(exc)) < 1200
        return
    state = rules.initial_state()
    assert isinstance(state.variant_state("trade_routes"), RouteState)


def test_the_reward_vocabulary_is_closed() -> None:
    assert set(REWARD_KINDS) == {
        "silver", "vp", "workers", "extra_action", "take_building",
        "take_castle_mine_knowledge", "take_pasture_river", "sell_goods"}
    assert parse_reward("workers:6").amount == 6
    for bad in ("workers", "workers:0", "workers:07", "vp:-1", "vp:", ":4", "VP:4", 4, None):
        with pytest.raises(ValueError, match="is none of"):
            parse_reward(bad)
