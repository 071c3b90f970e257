"""Core hooks the trade routes need (issue #16), tested with a small test plugin:

- every sold good counts in ``Estate.sold``, and ``burgundy_sold_goods`` handlers see the
  sale once the goods are counted, before the income (die sale and warehouse sale alike);
- ``burgundy_picture_rows``: rows a variant adds reach the text and SVG pictures;
- ``burgundy_board_picture_rows``: rows a variant adds to the main board reach its text
  and SVG pictures, which grow by a strip a row;
- an option with no default (``OptionSpec`` with ``default=None`` and a refusing check),
  the example value tools use (``VariantInfo.example_options``, ``example_options``) and
  the notes ``Ruleset.describe`` shows (``OptionSpec.describe``).
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import burgundy
from burgundy import hookimpl, registry
from burgundy.hookspecs import PictureRowHooks
from burgundy.pending import WarehouseSell
from burgundy.registry import example_options
from burgundy.render.parts import PictureCell, PictureRow, board_rows, estate_rows
from burgundy.render.svg import BOARD_HEIGHT, DUCHY_HEIGHT, board_svg, duchy_svg, state_svg
from burgundy.render.text import board_text, state_text
from burgundy.rules.income import push
from burgundy.rules.sell import SALE_SILVER, SALE_VP
from burgundy.state import State
from burgundy.testing import build_position, check_conformance, find_action
from burgundy.variant_info import OptionSpec, VariantInfo
from burgundy.variants import Ruleset


@attrs.frozen(slots=True)
class TallyState:
    """What the test plugin saw: ``(seat, goods, count, sold of that colour)`` per sale."""

    calls: tuple[tuple[int, int, int, int], ...] = ()


def _check_mode(value: Any, rules: Ruleset) -> Any:
    if value is None:
        raise ValueError("variant 'tally' needs option 'tally_mode' (say 'loud' or 'quiet')")
    if value not in ("loud", "quiet"):
        raise ValueError("option 'tally_mode' must be 'loud' or 'quiet'")
    return value


def _tally_plugin() -> types.SimpleNamespace:
    @hookimpl
    def burgundy_variant() -> VariantInfo:
        return VariantInfo(
            name="tally", state_type=TallyState,
            options={"tally_mode": OptionSpec(None, None, "how to tally; no default",
                                              _check_mode, lambda v: f"tally: {v}")},
            example_options={"tally_mode": "quiet"},
        )

    @hookimpl
    def burgundy_setup(rules: Ruleset) -> Callable[[State], State]:
        return lambda state: state.with_variant_state("tally", TallyState())

    @hookimpl
    def burgundy_sold_goods(rules: Ruleset) -> Callable[[State, int, int, int], State]:
        def tally(state: State, seat: int, goods: int, count: int) -> State:
            sold = state.seat_estate(seat).sold[goods - 1]
            seen: TallyState = state.variant_state("tally")
            return state.with_variant_state(
                "tally", TallyState((*seen.calls, (seat, goods, count, sold)))
            )

        return tally

    @hookimpl
    def burgundy_picture_rows(rules: Ruleset) -> PictureRowHooks:
        def rows(state: State, estate: int) -> tuple[PictureRow, ...]:
            calls = len(state.variant_state("tally").calls)
            cells = (PictureCell("sold", goods=2, holds=2, group=0, title="a tally"),
                     PictureCell(str(calls), group=1))
            return (PictureRow("tally row", cells, ("first", "second")),)

        def board_rows_(state: State) -> tuple[PictureRow, ...]:
            calls = len(state.variant_state("tally").calls)
            return (PictureRow("tally board", (PictureCell(f"{calls} sales", goods=4),)),
                    PictureRow("empty", ()))

        return {"estate": rows, "board": board_rows_}

    return types.SimpleNamespace(
        burgundy_variant=burgundy_variant, burgundy_setup=burgundy_setup,
        burgundy_sold_goods=burgundy_sold_goods, burgundy_picture_rows=burgundy_picture_rows,
    )


class _EntryPoint:
    def __init__(self, name: str, plugin: object) -> None:
        self.name, self.plugin, self.dist = name, plugin, None

    def load(self) -> object:
        return self.plugin


@pytest.fixture(name="tally")
def tally_fixture(monkeypatch: pytest.MonkeyPatch) -> Ruleset:
    """The test plugin ``tally`` installed (as an entry point); its ruleset, 2 players."""
    points = dict(registry._entry_points())
    points["tally"] = _EntryPoint("tally", _tally_plugin())
    monkeypatch.setattr(registry, "_entry_points", lambda: points)
    return Ruleset(players=2, variants=("tally",), options={"tally_mode": "loud"})


def test_every_sold_good_counts_and_the_hook_sees_the_sale_counted(tally: Ruleset) -> None:
    """A die sale of 3 goods of colour 2: all 3 in ``sold`` (nothing taken off it), and the
    handler was called with the count once ``sold`` held them, before the income."""
    state = build_position(tally, goods=(0, 3, 0, 0, 0, 0), dice=(2, 5))
    seat = state.current_player
    after = state.apply(find_action(state, "sell 2 d2"))
    assert after.seat_estate(seat).sold == (0, 3, 0, 0, 0, 0)
    assert after.seat_estate(seat).goods == (0,) * 6
    assert after.variant_state("tally").calls == ((seat, 2, 3, 3),)
    assert after.scores[seat] - state.scores[seat] == SALE_VP[2] * 3  # the income unchanged
    assert after.seat_estate(seat).silver == state.seat_estate(seat).silver + SALE_SILVER


def test_a_warehouse_sale_goes_through_the_same_hook(tally: Ruleset) -> None:
    state = build_position(tally, goods=(0, 0, 0, 2, 0, 0), dice=(1, 5))
    seat = state.current_player
    state = push(state, WarehouseSell(seat))
    after = state.apply(find_action(state, "sell 4"))
    assert after.seat_estate(seat).sold[3] == 2
    assert after.variant_state("tally").calls == ((seat, 4, 2, 2),)


def test_rulesets_with_the_hooks_conform(tally: Ruleset) -> None:
    check_conformance(tally, seeds=[3])


def test_picture_rows_reach_the_text_and_svg_pictures(tally: Ruleset) -> None:
    state = build_position(tally, goods=(0, 3, 0, 0, 0, 0), dice=(2, 5))
    assert estate_rows(state, 0) == (PictureRow("tally row", (
        PictureCell("sold", goods=2, holds=2, group=0, title="a tally"),
        PictureCell("0", group=1)), ("first", "second")),)
    text = state_text(state)
    assert text.count("  tally row: first [2:sold <2>] | second [0]") == 2  # both estates
    svg = duchy_svg(state, 0)
    assert 'class="picture-row"' in svg and "<title>a tally</title>" in svg
    height = float(re.search(r'<svg[^>]* height="([0-9.]+)"', svg).group(1))  # type: ignore[union-attr]
    assert height > DUCHY_HEIGHT
    plain = burgundy.Ruleset(players=2, variants=()).initial_state()
    assert estate_rows(plain, 0) == () and 'class="picture-row"' not in state_svg(plain)
    whole = state_svg(state)
    assert whole.count('class="picture-row"') == 2 + 2  # a row per duchy, the board's two


def test_board_picture_rows_reach_the_board_pictures(tally: Ruleset) -> None:
    state = build_position(tally, goods=(0, 3, 0, 0, 0, 0), dice=(2, 5))
    after = state.apply(find_action(state, "sell 2 d2"))
    assert board_rows(after) == (PictureRow("tally board", (PictureCell("1 sales", goods=4),)),
                                 PictureRow("empty", ()))
    text = board_text(after)
    assert text.endswith("  tally board: [4:1 sales]\n  empty: -")
    assert state_text(after).count("tally board") == 1  # the board's, not an estate's
    svg = board_svg(after)
    assert svg.count('class="picture-row"') == 2
    height = float(re.search(r'<svg[^>]* height="([0-9.]+)"', svg).group(1))  # type: ignore[union-attr]
    plain = burgundy.Ruleset(players=2, variants=()).initial_state()
    plain_height = float(
        re.search(r'<svg[^>]* height="([0-9.]+)"', board_svg(plain)).group(1))  # type: ignore[union-attr]
    assert plain_height == BOARD_HEIGHT < height
    assert board_rows(plain) == () and "picture-row" not in board_svg(plain)
    # the whole table: two board strips and one row under each of the two duchies
    assert state_svg(after).count('class="picture-row"') == 4


def test_an_option_without_default_its_example_value_and_its_note(tally: Ruleset) -> None:
    with pytest.raises(ValueError, match="needs option 'tally_mode'"):
        Ruleset(players=2, variants=("tally",))
    assert example_options(("tally",)) == {"tally_mode": "quiet"}
    assert example_options(("knowledge", "tally")) == {"tally_mode": "quiet"}
    assert tally.describe() == "2 players · 2019 edition · tally · tally: loud"
    assert Ruleset(players=2, variants=("tally",), options=example_options(("tally",))
                   ).options["tally_mode"] == "quiet"


def test_describe_is_the_line_the_pictures_always_showed() -> None:
    rules = burgundy.Ruleset(players=3, variants=("knowledge",), edition="2011")
    assert rules.describe() == "3 players · 2011 edition · knowledge"
    assert rules.describe() in state_svg(rules.initial_state())
    assert burgundy.Ruleset(players=2, variants=()).describe().endswith("· base game")
