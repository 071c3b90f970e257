"""The hook surface for variants (pluggy project ``burgundy``).

Every hook is called **once**, when a :class:`burgundy.Ruleset` is built, with the ruleset
as its one argument. It answers a plain callable, a mapping of callables keyed by what they
are for, a value, or ``None`` to opt out; the engine collects the callables of every enabled
variant into tuples, in variant order, and the hot path (``legal_actions``, ``apply``) calls
those tuples, never pluggy. The base game registers its own rules through the same hooks
(:mod:`burgundy.rules.base`, the default plugin).

Four kinds of hooks:

* **modifiers** answer ``f(state, *context, value) -> value``: they change a value the core
  computed (a die cost, an income, a region size), folded in variant order.
* **keyed hooks** answer a mapping from a key to a callable, one key per situation the
  hook covers (:data:`KEYED_HOOKS`): ``burgundy_income`` is keyed by the income's source
  (``"sale"``, ``"take_workers"``, ``"mine"``), ``burgundy_events`` by the event. Each key's
  callable has its own signature, typed by the hook's :class:`~typing.TypedDict`; a key
  that is not listed is refused with a ``ValueError`` when the ruleset is built.
* **providers** add things: the variant's identity, tile kinds, boards, the rules of its
  own action and pending types (``burgundy_rules``), extra legal actions, scoring terms.
* **events** are the keyed hook ``burgundy_events``: handlers ``f(state, *context) ->
  state`` run after something happened.

All hook names start with ``burgundy_``; a misspelled hook implementation fails loudly
when the ruleset is built. Hooks of earlier releases (``burgundy_sale_income``,
``burgundy_on_place``, ``burgundy_pending_rules``, ...) still work with a
``DeprecationWarning`` (:data:`LEGACY_HOOKS` says where each went).

The contexts passed to the callables:

* ``seat`` is a seat index; ``estate`` an estate index.
* ``use`` is a :class:`burgundy.plugin.DieUse`: what a die is being used for.
* ``income`` is a :class:`burgundy.plugin.Income` (silver, workers, vp).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

import pluggy

if TYPE_CHECKING:
    from burgundy.actions import Action
    from burgundy.components import TileKind
    from burgundy.geometry import Board
    from burgundy.hook_values import DieUse, Income, PictureCell, PictureRow, PurchaseOffer
    from burgundy.pending import Pending, TypeRule
    from burgundy.state import RulesView, State
    from burgundy.variant_info import ObservationSlice, VariantInfo

hookspec = pluggy.HookspecMarker("burgundy")
"""Marker for hook specifications."""
hookimpl = pluggy.HookimplMarker("burgundy")
"""Marker for hook implementations; plugins decorate their hooks with it."""

Modifier = Callable[..., Any]
"""A modifier: ``f(state, *context, value) -> value``."""
Handler = Callable[..., "State"]
"""An event handler: ``f(state, *context) -> State``."""


# -- the keyed hooks' mappings --------------------------------------------------------------
class StorageModifiers(TypedDict, total=False):
    """The keys of :func:`burgundy_storage`: what an estate or a seat can hold.

    Attributes:
        hexes: ``f(state, estate, capacity) -> capacity``: the estate's hex storage
            spaces (base 3).
        own_hexes: ``f(state, seat, capacity) -> capacity``: the hex storage spaces a seat
            has of its own (base 0: in the base game storage belongs to the estate). A
            seat with spaces of its own (team play's 2 private spaces beside the team's
            shared ones, R-TEAM-STORAGE) chooses where a hex it takes goes
            (:class:`~burgundy.pending.StowTile`: ``stow own``, ``drop ship own``) and
            says which storage it places from (``place bank e2 d4 own``).
        goods_colours: ``f(state, estate, limit) -> limit``: how many goods colours the
            estate may hold (base 3).
        stored_hexes: ``f(state, estate, most) -> most``: the most hexes the estate's
            storage may hold in a valid state (base: its storage spaces, ``hexes``), for a
            variant whose spaces can shrink below what is stored (shield #4 lost: the
            hexes stay). :func:`burgundy.validation.validate_state` checks it.
    """

    hexes: Callable[[State, int, int], int]
    own_hexes: Callable[[State, int, int], int]
    goods_colours: Callable[[State, int, int], int]
    stored_hexes: Callable[[State, int, int], int]


class PlacementModifiers(TypedDict, total=False):
    """The keys of :func:`burgundy_placement`: where a hex may go.

    Attributes:
        spaces: ``f(state, seat, tile, mask) -> mask``: the spaces the tile's colour
            allows (base: the empty spaces of its colour; inns and solo black tiles widen
            it). Adjacency and the building rule are applied after.
        adjacency: ``f(state, estate, required) -> required``: whether a placement must
            touch a covered space (base ``True``; shield #2 lifts it).
        one_building_per_city: ``f(state, estate, applies) -> applies``: whether a city
            may hold each building type once (base ``True``; knowledge #1 lifts it).
    """

    spaces: Callable[[State, int, int, int], int]
    adjacency: Callable[[State, int, bool], bool]
    one_building_per_city: Callable[[State, int, bool], bool]


class IncomeModifiers(TypedDict, total=False):
    """The keys of :func:`burgundy_income`, one per source of income.

    Attributes:
        sale: ``f(state, seat, goods, count, income) -> income``: what a sale of ``count``
            goods of colour ``goods`` earns.
        take_workers: ``f(state, seat, income) -> income``: the take-workers die action
            (base 2 workers).
        mine: ``f(state, estate, income) -> income``: an estate's phase-end mine income.
    """

    sale: Callable[[State, int, int, int, Income], Income]
    take_workers: Callable[[State, int, Income], Income]
    mine: Callable[[State, int, Income], Income]


class PurchaseHooks(TypedDict, total=False):
    """The keys of :func:`burgundy_purchases`: where the turn's one purchase may be made,
    and how it may be paid.

    Attributes:
        offers: ``f(state, seat) -> offers``: places a seat may buy from besides the black
            depot, each a :class:`~burgundy.plugin.PurchaseOffer` (a source name, the
            tiles it holds, how it gives one up, the price). Asked only while the turn's
            purchase is open; answer ``()`` for a seat that may not buy there. The core
            makes every purchase the same way, whatever its source: one
            :class:`~burgundy.actions.BuyTile` naming the source (``buy inn inns``), at
            most one a turn, in the 2019 edition also in the middle of an action, the hex
            stored as any taken hex (R-STORAGE). Declare each source on
            :attr:`~burgundy.plugin.VariantInfo.purchase_sources`.
        payments: ``f(state, seat, offer, payments) -> payments``: how a seat may pay an
            offer, each payment the number of workers paid instead of as many silverlings
            (the rest in silver); base ``(0,)``, silver only. Asked for every offer open to
            the seat, the black depot's and the variants' alike (knowledge #6, 2019: 1
            worker = 1 silverling, mixing allowed). The core lists only the payments the
            estate can make.
    """

    offers: Callable[[State, int], Iterable[PurchaseOffer[State]]]
    payments: Callable[[State, int, PurchaseOffer[State], tuple[int, ...]], tuple[int, ...]]


class ScoringHooks(TypedDict, total=False):
    """The keys of :func:`burgundy_scoring`: VP booked as named terms.

    Attributes:
        final: ``f(state, seat) -> {term: VP}``: a final-scoring term of the variant's.
        tile: ``f(state, seat, code) -> {term: VP}`` (``{}`` for a kind it does not
            score): the VP of a scoring tile kind of the variant's that works for the
            seat's estate (knowledge #15-#26), asked once per kind that works for the
            estate (placed in its duchy, or lent: :func:`burgundy_borrowed_tiles`), for the
            estate's first seat, booked at game end; right after the tile is placed and
            scored instead when a variant declares
            :attr:`~burgundy.plugin.VariantInfo.tiles_score_when_placed` (R-SOLO-KNOWLEDGE).
        terms: ``f(state, seat, terms) -> terms``: a seat's final-scoring terms once all
            are known (shields #10 and #13 double some of them).
    """

    final: Callable[[State, int], Mapping[str, int]]
    tile: Callable[[State, int, int], Mapping[str, int]]
    terms: Callable[[State, int, dict[str, int]], dict[str, int]]


class HeldThings(TypedDict, total=False):
    """The keys of :func:`burgundy_held`: components a variant keeps outside the core's
    fields, so that conservation (:func:`burgundy.validation.validate_state`) counts them.

    Attributes:
        goods: ``f(state) -> counts`` by colour (6 numbers, goods 1-6): goods that left
            the game (the solo module's ship clears the other depots) or lie on the
            variant's own components; they stay part of the game's 42.
        tiles: ``f(state) -> {tile code: count}``: hexes kept likewise (the inns' stack
            beside the black depot and the inns still to come). A hex the variant hands out
            (a purchase from its source) leaves its count as it enters the core's fields.
    """

    goods: Callable[[State], Sequence[int]]
    tiles: Callable[[State], Mapping[int, int]]


class PictureRowHooks(TypedDict, total=False):
    """The keys of :func:`burgundy_picture_rows`: rows of cells a variant adds to the
    pictures (:class:`~burgundy.plugin.PictureRow`). Only pictures ask; the rules never do.

    Attributes:
        estate: ``f(state, estate) -> rows``: printed under the estate's duchy by the text
            picture (:func:`burgundy.render.text.state_text`) and drawn below the duchy
            board by the SVG pictures (trade routes: the route's tiles, their spaces and
            the goods on them).
        board: ``f(state) -> rows``: what lies beside the main board and is not in the
            core's fields (the inns' stack), printed under the board's lines and drawn as a
            strip below the main board, one strip a row.
        depot: ``f(state, depot) -> cells``: marks lying on a depot (1-6 the numbered
            depots, 0 the black one) that are not among its hexes and goods (the shields on
            the goods spaces): written after the depot's line of the text picture, drawn as
            badges on the depot in the SVG pictures.
        space: ``f(state, estate) -> {space: cell}``: a mark on spaces of the estate's
            duchy, by space index (a shield on a castle): a ``*`` after the space in the
            text picture and a line under the duchy naming it; a badge on the space's hex in
            the SVG pictures, its title added to the space's.
    """

    estate: Callable[[State, int], Sequence[PictureRow]]
    board: Callable[[State], Sequence[PictureRow]]
    depot: Callable[[State, int], Sequence[PictureCell]]
    space: Callable[[State, int], Mapping[int, PictureCell]]


class EventHandlers(TypedDict, total=False):
    """The keys of :func:`burgundy_events`, one per event; each handler returns the state,
    changed or not, and may push decisions of its own (they are answered before the engine
    goes on: the shields' tribute, pushed at a phase end, comes before the mine income).

    Attributes:
        start_player: ``f(state, start)``: once the start player is drawn and the core has
            given the start resources (1 silverling per estate, workers 1, 2, 3, 4 in seat
            order from the start player) and stacked the turn-order markers; a variant
            changes the start resources or the first round's order here (solo's 2 workers,
            team play's 3 and 5 workers).
        phase_start: ``f(state)``: at the start of each phase (A included), once the hexes
            left on the depots are gone and before the phase's hexes and goods are drawn
            (``state.phase`` is the phase starting); decisions it pushes come before the
            draws.
        round_start: ``f(state)``: when a round starts, after the dice are rolled.
        turn_start: ``f(state, seat)``: when a seat's turn starts.
        place: ``f(state, seat, space, tile)``: after a hex is placed and scored.
        region_complete: ``f(state, seat, region)``: after a region is completed and
            scored.
        colour_complete: ``f(state, seat, colour)``: after every space of a colour is
            covered.
        goods_sold: ``f(state, seat, goods, count)``: after a sale.
        workers_gained: ``f(state, seat, n)``: after an estate gains workers.
        vp_gained: ``f(state, seat, vp)``: after a seat scores.
        phase_end: ``f(state)``: at a phase end, before mine income.
        game_end: ``f(state)``: after the final scoring.
    """

    start_player: Callable[[State, int], State]
    phase_start: Callable[[State], State]
    round_start: Callable[[State], State]
    turn_start: Callable[[State, int], State]
    place: Callable[[State, int, int, int], State]
    region_complete: Callable[[State, int, int], State]
    colour_complete: Callable[[State, int, int], State]
    goods_sold: Callable[[State, int, int, int], State]
    workers_gained: Callable[[State, int, int], State]
    vp_gained: Callable[[State, int, int], State]
    phase_end: Callable[[State], State]
    game_end: Callable[[State], State]


# -- identity and set-up ------------------------------------------------------------------
@hookspec
def burgundy_variant() -> VariantInfo:  # type: ignore[empty-body]
    """Describe the variant: name, requirements, options, state and action types."""

@hookspec
def burgundy_tiles(rules: RulesView) -> Iterable[TileKind] | None:
    """Return the variant's own tile kinds (:class:`~burgundy.components.TileKind`).

    Each kind has a fixed code the variant chooses: a third-party plugin from 128
    (:data:`~burgundy.components.THIRD_PARTY_CODES`), this project's planned modules in the
    ranges :data:`~burgundy.components.RESERVED_TILE_CODES` keeps for them; the core's
    kinds hold 0-51. When the ruleset is built the kinds are added to the process-wide
    catalogue (:func:`~burgundy.components.register_tiles`, the path the core's own kinds
    take): the same kind again is a no-op, a different kind under a taken code or name a
    ``ValueError`` naming both. The ruleset then plays with them
    (``rules.engine.tiles``): its states' ``supply``, ``black_supply`` and ``removed``
    count up to the highest code, its validation accepts the codes, the notation names
    them (``take tavern 3 d3``).

    The hook does not put a single tile into the game: the variant's own set-up does
    (:func:`burgundy_setup`: into the supply a depot space of the tile's colour draws from,
    the black supply, a stack of its own). A kind of no colour (``colour=None``) goes on no
    space until the variant's :func:`burgundy_placement` (key ``"spaces"``) allows some; a kind with
    ``effect=None`` has no effect at all when placed, and a kind whose effect is a word of
    the variant's gets it from :func:`burgundy_tile_effect`.

    Examples:
        An inn of no colour and no effect, 5 of them in the black supply::

            from burgundy.components import TileKind, tile_code

            @hookimpl
            def burgundy_tiles(rules):
                return [TileKind(130, "tavern", None, effect=None)]

            @hookimpl
            def burgundy_setup(rules):
                def setup(state):
                    black = list(state.black_supply)
                    black[tile_code("tavern")] += 5
                    return replace(state, black_supply=tuple(black))
                return setup
    """

@hookspec
def burgundy_boards(rules: RulesView) -> Mapping[str, Board] | None:
    """Return the variant's duchy boards by id (each listed under its own ``Board.id``).

    A board of any shape: build it with :func:`burgundy.geometry.board_from_cells` (its
    space names, positions, river links and regions) or :func:`burgundy.geometry.make_board`
    (the standard layout). Its id must not clash with another board of the ruleset. The
    ``boards`` option then accepts it; the random deal deals it only if ``dealt``.

    Examples:
        A variant with one more duchy of the standard layout::

            @hookimpl
            def burgundy_boards(rules):
                rows = ["GCCY", "GGCYB", "GGBYBB", "SSSCSSS", "BBMBBG", "BMYBB", "MYYB"]
                dice = [list(board("1").dice[a:b]) for a, b in ((0, 4), (4, 9), ...)]
                return {"mine": make_board("mine", rows, dice, name="My duchy")}
    """

@hookspec
def burgundy_board_deal(rules: RulesView) -> Sequence[str] | None:
    """Return the ids of the boards the random deal deals from, instead of the base game's
    (the boards marked ``dealt``): a variant whose duchies must all be of its own kind
    (the outpost boards 11a-11f, one per player).

    With such a variant each estate is dealt its board by chance (a
    :class:`~burgundy.pending.BoardDraw` at set-up) unless option ``boards`` names one
    board per seat: ``"standard"`` deals too, as ``"random"`` does. Each id must be a board
    of the ruleset in its edition. A board is dealt again only once every board of the deal
    is dealt (a deal of fewer boards than players gives copies). At most one variant of a
    ruleset may answer.

    Examples:
        Every duchy dealt from the variant's two boards (hook ``burgundy_boards``)::

            @hookimpl
            def burgundy_board_deal(rules):
                return ("mine-a", "mine-b")
    """

@hookspec
def burgundy_seat_estates(rules: RulesView) -> Sequence[int] | None:
    """Say which estate (duchy) each seat plays on: one estate index per seat, the estates
    numbered 0, 1, ... in order of their first seat (team play: ``(0, 0, 1, 1)``, two
    partners on each duchy).

    By default every seat has its own estate. What an estate owns (its duchy, workers,
    silverlings, goods, storage) its seats share; what a seat owns (its dice, VP, turn-order
    marker) they do not. The start goods are drawn per estate; the ``boards`` option names
    one board per estate. At most one variant of a ruleset may answer.

    Examples:
        Two partners on each of two duchies::

            @hookimpl
            def burgundy_seat_estates(rules):
                return (0, 0, 1, 1) if rules.players == 4 else None
    """

@hookspec
def burgundy_setup(rules: RulesView) -> Callable[[State], State] | None:
    """Return a function that changes the initial state (variant state, extra chance)."""


# -- the rules of the variant's types -----------------------------------------------------
@hookspec
def burgundy_rules(rules: RulesView) -> Mapping[type, TypeRule] | None:
    """Return the rules of the variant's own action and pending types, by type.

    * an action type maps to an :class:`~burgundy.plugin.ActionRule` (its apply function
      ``f(state, seat, action) -> state``, called after legality is checked and, unless
      the rule is ``free``, after the decision it answers is popped);
    * a pending type maps to a :class:`~burgundy.plugin.Decision` (its legal actions), a
      :class:`~burgundy.plugin.Chance` (its outcomes and how one resolves) or a
      :class:`~burgundy.plugin.Step` (an automatic step the engine runs).

    The base game registers its own types the same way (:mod:`burgundy.rules.base`); a
    variant may not give a type a second rule.

    Examples:
        A decision to pay a silverling or not, and the action that pays::

            @hookimpl
            def burgundy_rules(rules):
                return {
                    Tithe: Decision(legal=lambda state, item: (PayTithe(),), optional=True),
                    PayTithe: ActionRule(apply_tithe),
                }
    """


# -- modifiers ----------------------------------------------------------------------------
@hookspec
def burgundy_die_cost(
    rules: RulesView,
) -> Callable[[State, int], Callable[[DieUse, int], int] | None] | None:
    """Lower what die uses cost a seat: ``f(state, seat) -> cost_function | None``.

    The base cost is the number of ±1 steps from the die's value to the value used, going
    round 6↔1. ``f`` is asked once per seat and state where a cost matters; it returns
    ``None`` when it changes nothing for that seat (the usual answer, and the fast one), or
    ``cost_function(use, cost) -> cost`` for the :class:`~burgundy.rules.dice.DieUse` at
    hand. Knowledge #8-#12 use it. Cost functions may only lower a cost: the engine caps
    the result at the base cost, and never asks about a use whose base cost is 0. A cost
    function must depend on its arguments alone (and what it closed over when ``f`` made
    it): the engine keeps its answers by the function object
    (:func:`~burgundy.rules.dice.usable_values`); return a new function where the answers
    change.
    """

@hookspec
def burgundy_storage(rules: RulesView) -> StorageModifiers | None:
    """Modify what an estate or a seat can store, by key (:class:`StorageModifiers`):
    ``"hexes"``, ``"own_hexes"``, ``"goods_colours"``, ``"stored_hexes"``.

    Examples:
        Two hex spaces of its own for every seat, and one goods colour more::

            @hookimpl
            def burgundy_storage(rules):
                return {
                    "own_hexes": lambda state, seat, capacity: capacity + 2,
                    "goods_colours": lambda state, estate, limit: limit + 1,
                }
    """

@hookspec
def burgundy_placement(rules: RulesView) -> PlacementModifiers | None:
    """Modify where a hex may be placed, by key (:class:`PlacementModifiers`):
    ``"spaces"`` (the mask a tile's colour allows), ``"adjacency"``,
    ``"one_building_per_city"``.

    Examples:
        No adjacency needed for the first placement of a phase::

            @hookimpl
            def burgundy_placement(rules):
                return {"adjacency": lambda state, estate, required: required and ...}
    """

@hookspec
def burgundy_region_size(rules: RulesView) -> Callable[[State, int, int, int], int] | None:
    """Modify the size a completed region scores as: ``f(state, estate, region, size)``."""

@hookspec
def burgundy_pasture(rules: RulesView) -> Callable[[State, int, int, int], int] | None:
    """Modify which spaces count as the pasture of an animal placed on ``space``.

    ``f(state, estate, space, mask) -> mask``; the base mask is the pasture region.
    """

@hookspec
def burgundy_animal_score(
    rules: RulesView,
) -> Callable[[State, int, int, tuple[int, ...], int], int] | None:
    """Modify the VP of placing an animal tile.

    ``f(state, seat, tile, scoring_tiles, vp) -> vp``; ``scoring_tiles`` are the codes of
    the tiles that score (the new one last).
    """

@hookspec
def burgundy_income(rules: RulesView) -> IncomeModifiers | None:
    """Modify an income, keyed by its source (:class:`IncomeModifiers`): ``"sale"``,
    ``"take_workers"``, ``"mine"``; each modifier gets the income the core computed and
    returns the one it wants.

    Examples:
        A sale earns one silverling more::

            @hookimpl
            def burgundy_income(rules):
                return {"sale": lambda state, seat, goods, count, income:
                        attrs.evolve(income, silver=income.silver + 1)}
    """

@hookspec
def burgundy_bonus_tile_value(
    rules: RulesView,
) -> Callable[[State, int, int, int, int], int] | None:
    """Modify a bonus tile's VP: ``f(state, seat, colour, size, vp) -> vp``.

    Asked for every bonus tile a seat gains (:func:`burgundy.rules.scoring.bonus_tile_vp`):
    a colour's (``colour`` its :class:`~burgundy.components.Colour`) and a variant's bonus
    tile of no colour (``colour`` :data:`~burgundy.components.NO_COLOUR`, the outposts'
    bonus); ``size`` 0 is the large tile, 1 the small one. Shield #7 doubles every one.

    Examples:
        Bonus tiles of no colour score nothing::

            @hookimpl
            def burgundy_bonus_tile_value(rules):
                return lambda state, seat, colour, size, vp: vp if colour >= 0 else 0
    """

@hookspec
def burgundy_turn_order_move(
    rules: RulesView,
) -> Callable[[State, int, tuple[tuple[int, ...], ...]], tuple[tuple[int, ...], ...]] | None:
    """Modify the turn-order track after a seat's marker moved: ``f(state, seat, track)``."""

@hookspec
def burgundy_building_count(
    rules: RulesView,
) -> Callable[[State, int, str, int], int] | None:
    """Modify how many buildings of a type an estate's duchy counts: ``f(state, estate,
    building, count) -> count`` (:func:`burgundy.rules.scoring.building_count`; the base
    count is its placed tiles whose kind has that building type).

    What counts buildings by type asks :func:`~burgundy.rules.scoring.building_count`:
    knowledge #16-#23 and the white castles' #29. The crane counts as the type its owner
    scores best with this way.

    Examples:
        Every duchy counts one bank more::

            @hookimpl
            def burgundy_building_count(rules):
                return lambda state, estate, building, count: count + (building == "bank")
    """

@hookspec
def burgundy_legal_actions(
    rules: RulesView,
) -> Callable[[State, Pending, tuple[Action, ...]], tuple[Action, ...]] | None:
    """Modify the legal actions of a decision: ``f(state, pending, actions) -> actions``.

    Runs after the core and :func:`burgundy_extra_actions` built the list; use it to replace
    a core choice (knowledge #5's two-depot ship) or remove one.
    """

@hookspec
def burgundy_winners(
    rules: RulesView,
) -> Callable[[State, tuple[int, ...]], tuple[int, ...]] | None:
    """Modify the winners the core found: ``f(state, winners) -> winners`` (team play)."""

@hookspec
def burgundy_evaluation(rules: RulesView) -> Callable[[State, int, float], float] | None:
    """Modify the bots' heuristic value of a state for a seat: ``f(state, seat, value) ->
    value``.

    The base value is the core's valuation (:func:`burgundy.bots.evaluate.base_value`), in
    VP: the seat's score and what its position may still become (at the end of the game,
    its score); :func:`~burgundy.bots.evaluate.evaluate` folds the modifiers in. The greedy
    bot plays the action whose result the modified value ranks highest; the Monte Carlo
    bot orders and scores its nodes by it. A variant whose game is not won by VP returns a
    value that measures what it is won by, on a scale like VP's (a clear lead some 10); the
    rules never ask. Asked for decision, chance and finished states alike.

    Such a variant answers its function wrapped in a :class:`~burgundy.hook_values.Valuation`
    (``f(state, seat) -> value``): the bots then do not compute the core's value (nor
    call the modifiers of the variants before it), which it would throw away.

    The search bots compare a seat's value with the best other seat's; a game of one seat
    (which only a variant allows) has no other, so there the value must itself be the
    lead over what wins the game: 0 an even chance, and ``sigmoid(value / 10)`` about the
    chance to win (the solo module: ``10 * logit`` of its estimated win chance).

    Examples:
        A variant that makes silverlings worth more: 1 VP more each::

            @hookimpl
            def burgundy_evaluation(rules):
                return lambda state, seat, value: value + state.seat_estate(seat).silver

        A variant won by silverlings: the bots count those alone, 3 VP each::

            @hookimpl
            def burgundy_evaluation(rules):
                return Valuation(lambda state, seat: 3.0 * state.seat_estate(seat).silver)
    """


# -- providers ----------------------------------------------------------------------------
@hookspec
def burgundy_extra_actions(rules: RulesView) -> Callable[[State, Pending], Iterable[Action]] | None:
    """Add legal actions to a decision: ``f(state, pending) -> actions``."""

@hookspec
def burgundy_sold_goods(
    rules: RulesView,
) -> Callable[[State, int, int, int], State] | None:
    """Put sold goods somewhere other than the sold pile: ``f(state, seat, goods, count)
    -> state`` (trade routes lay them on a route's spaces).

    Called by every sale (a die action, a castle's bonus action, a warehouse) once the
    ``count`` goods of colour ``goods`` have left the estate's goods storage and are counted
    in ``Estate.sold``: every sold good counts there, wherever it lies, so knowledge #15 and
    #25 see them all. The variant records in its own state where (some of) them lie; the
    others lie on the sold pile. Then the sale's income and ``on_goods_sold`` follow. A
    handler may push decisions (a route space's reward); they are answered after the sale.
    """

@hookspec
def burgundy_purchases(rules: RulesView) -> PurchaseHooks | None:
    """Offer places to make the turn's one purchase from, and ways to pay, by key
    (:class:`PurchaseHooks`): ``"offers"``, ``"payments"``.

    Examples:
        A stack of inns beside the black depot, counted in the variant's state, and every
        purchase payable with workers alone::

            @hookimpl
            def burgundy_purchases(rules):
                def offers(state, seat):
                    if not state.variant_state("inns").stack:
                        return ()
                    take = lambda state, tile: state.with_variant_state("inns", ...)
                    return (PurchaseOffer("inns", (INN,), take, price=2),)
                return {
                    "offers": offers,
                    "payments": lambda state, seat, offer, payments: (
                        *payments, offer.price),
                }
    """

@hookspec
def burgundy_tile_effect(
    rules: RulesView,
) -> Callable[[State, int, int, int], State | None] | None:
    """Provide the effect of a placed hex: ``f(state, seat, space, tile) -> state | None``.

    Asked for every hex just placed and scored whose kind has an effect
    (:attr:`~burgundy.components.TileKind.effect` not ``None``), after the ``on_place``
    handlers, in variant order: the first that returns a state gives the effect, and
    neither the later ones nor the core's are used; ``None`` leaves it to them. The core's
    effect follows the kind's effect (a ship's goods, a castle's die action, a building
    type's effect; a mine, an animal or a knowledge tile does nothing then); a variant's
    own effect word does nothing unless a provider gives it. A kind with ``effect=None``
    has no effect at all, and no provider is asked.

    Examples:
        A white-castle kind whose effect is a die action with the white die's value::

            @hookimpl
            def burgundy_tile_effect(rules):
                code = tile_code("white-castle")

                def effect(state, seat, space, tile):
                    if tile != code:
                        return None  # any other tile: its usual effect
                    return push(state, WhiteDieAction(seat))
                return effect
    """

@hookspec
def burgundy_scoring(rules: RulesView) -> ScoringHooks | None:
    """Score the variant's own terms, by key (:class:`ScoringHooks`): ``"final"`` (a
    final-scoring term), ``"tile"`` (the VP of a scoring tile kind), ``"terms"`` (modify
    a seat's final terms once all are known).

    Examples:
        A "treasury" kind worth 1 VP per 3 silverlings of its estate::

            @hookimpl
            def burgundy_scoring(rules):
                code = tile_code("treasury")

                def score(state, seat, tile):
                    if tile != code:
                        return {}
                    return {"treasury": state.seat_estate(seat).silver // 3}
                return {"tile": score}
    """

@hookspec
def burgundy_held(rules: RulesView) -> HeldThings | None:
    """Say which goods and hexes the variant keeps outside the core's fields, by key
    (:class:`HeldThings`): ``"goods"``, ``"tiles"``.

    Examples:
        Goods out of the game and inns on a stack, kept in the variant's state::

            @hookimpl
            def burgundy_held(rules):
                return {
                    "goods": lambda state: state.variant_state("mine").goods_out,
                    "tiles": lambda state: {INN: state.variant_state("inns").stack},
                }
    """

@hookspec
def burgundy_borrowed_tiles(rules: RulesView) -> Callable[[State, int], tuple[int, ...]] | None:
    """Tiles that work for an estate besides those in its duchy: ``f(state, estate)``.

    Variants whose tiles have effects (knowledge) should treat these as their own; shield
    #6 lends another duchy's knowledge tiles this way.
    """

@hookspec
def burgundy_validate(rules: RulesView) -> Callable[[State], None] | None:
    """Check the variant's part of a loaded state: ``f(state)`` raises ``ValueError``.

    It runs after the core's structural checks (every core field sound) and before the
    capacities and the pending items' own checks, so it reads the pending items with care
    (their fields are not checked yet). It checks the variant's state completely: every
    reference, every derived value both ways, every count against the phase, round and
    box, every number bounded (:func:`burgundy.validation.validate_state`; the conformance
    kit's :func:`burgundy.testing.check_tampering` tries it).
    """

@hookspec
def burgundy_picture_rows(rules: RulesView) -> PictureRowHooks | None:
    """Add rows of cells to the pictures, by key (:class:`PictureRowHooks`): ``"estate"``
    (under an estate's duchy), ``"board"`` (beside the main board); and marks on the
    board's components: ``"depot"`` (on a depot), ``"space"`` (on a duchy's spaces).

    Examples:
        The inns' stack as one row beside the main board::

            @hookimpl
            def burgundy_picture_rows(rules):
                return {"board": lambda state: (
                    PictureRow("inns", (PictureCell(f"{stack} left"),)),)}

        A shield on depot 3's goods space and one on space ``d4`` of estate 0::

            @hookimpl
            def burgundy_picture_rows(rules):
                return {
                    "depot": lambda state, depot: (PictureCell("#7"),) if depot == 3 else (),
                    "space": lambda state, estate: {18: PictureCell("#2")} if estate == 0
                    else {},
                }
    """


# -- events -------------------------------------------------------------------------------
@hookspec
def burgundy_events(rules: RulesView) -> EventHandlers | None:
    """Handle events, by key (:class:`EventHandlers`): ``f(state, *context) -> state``
    for ``"start_player"``, ``"phase_start"``, ``"round_start"``, ``"turn_start"``,
    ``"place"``, ``"region_complete"``, ``"colour_complete"``, ``"goods_sold"``,
    ``"workers_gained"``, ``"vp_gained"``, ``"phase_end"``, ``"game_end"``.

    Examples:
        One inn more beside the black depot at each phase start::

            @hookimpl
            def burgundy_events(rules):
                return {"phase_start": lambda state: add_inn(state)}
    """


# -- learning: burgundy.rl ----------------------------------------------------------------
@hookspec
def burgundy_observation_slices(rules: RulesView) -> Sequence[ObservationSlice] | None:
    """Named slices of ``burgundy.rl.observe``'s vector for the variant's own components
    (:class:`~burgundy.variant_info.ObservationSlice`: name, size, ``fill(state, seat) ->
    numbers``, global or per seat). They come after the core's slices, variant by variant:
    its global slices ``<variant>.<name>``, then for each seat slot k its per-seat slices
    ``seat[k].<variant>.<name>``. Only what a player sees at the table; plain numbers (the
    core imports no numpy).

    Examples:
        The inns' stack beside the black depot, and each seat's silverlings squared::

            @hookimpl
            def burgundy_observation_slices(rules):
                return (
                    ObservationSlice("stack", 1, lambda state, seat: (
                        state.variant_state("inns").stack,), shared=True),
                    ObservationSlice("silver2", 1, lambda state, seat: (
                        state.seat_estate(seat).silver ** 2,), per_seat=True,
                        uses_state=True),
                )
    """


# -- the tables of the hooks, derived from the functions above: keep them last --------------
KEYED_HOOKS: dict[str, dict[str, str]] = {
    "storage": {
        "hexes": "storage_capacity",
        "own_hexes": "seat_storage_capacity",
        "goods_colours": "goods_colour_limit",
        "stored_hexes": "stored_hexes_limit",
    },
    "placement": {
        "spaces": "placement_spaces",
        "adjacency": "adjacency_required",
        "one_building_per_city": "one_building_per_city",
    },
    "income": {
        "sale": "sale_income",
        "take_workers": "take_workers_income",
        "mine": "mine_income",
    },
    "purchases": {"offers": "purchase_offers", "payments": "purchase_payments"},
    "scoring": {"final": "final_scoring", "tile": "tile_score", "terms": "final_terms"},
    "held": {"goods": "held_goods", "tiles": "held_tiles"},
    "picture_rows": {
        "estate": "picture_rows",
        "board": "board_picture_rows",
        "depot": "depot_marks",
        "space": "space_marks",
    },
    "events": {
        "start_player": "on_start_player",
        "phase_start": "on_phase_start",
        "round_start": "on_round_start",
        "turn_start": "on_turn_start",
        "place": "on_place",
        "region_complete": "on_region_complete",
        "colour_complete": "on_colour_complete",
        "goods_sold": "on_goods_sold",
        "workers_gained": "on_workers_gained",
        "vp_gained": "on_vp_gained",
        "phase_end": "on_phase_end",
        "game_end": "on_game_end",
    },
}
"""The keyed hooks, by name without the prefix: each key of the hook's mapping (its
:class:`~typing.TypedDict`) and the engine tuple its callables are collected into
(``rules.engine.sale_income`` holds every variant's ``"sale"`` income modifier, in variant
order)."""

KEYED_TYPES: dict[str, type] = {
    "storage": StorageModifiers,
    "placement": PlacementModifiers,
    "income": IncomeModifiers,
    "purchases": PurchaseHooks,
    "scoring": ScoringHooks,
    "held": HeldThings,
    "picture_rows": PictureRowHooks,
    "events": EventHandlers,
}
"""The mapping type of each keyed hook (its keys are :data:`KEYED_HOOKS`'s)."""

LEGACY_HOOKS: dict[str, tuple[str, str]] = {
    **{
        attribute: (hook, key)
        for hook, keys in KEYED_HOOKS.items()
        for key, attribute in keys.items()
        if hook != "events"
    },
    **{attribute: ("events", key) for key, attribute in KEYED_HOOKS["events"].items()},
    "pending_rules": ("rules", ""),
    "action_handlers": ("rules", ""),
}
del LEGACY_HOOKS["picture_rows"]  # the name stays, a hook of its own (now keyed)
del LEGACY_HOOKS["depot_marks"], LEGACY_HOOKS["space_marks"]  # keys new in 1.0, never hooks
"""The hooks of releases before 1.0 that still work, with a ``DeprecationWarning``: each
old name (without the prefix: ``burgundy_sale_income`` is ``"sale_income"``) and the hook
and key its answer now goes to (``("income", "sale")``). An old ``burgundy_pending_rules``
or ``burgundy_action_handlers`` answer goes to :func:`burgundy_rules`: a
:class:`~burgundy.pending.PendingRule` becomes the kind it describes, a function an
:class:`~burgundy.plugin.ActionRule`."""

HOOK_SPECS: dict[str, Callable[..., Any]] = {
    name.removeprefix("burgundy_"): spec
    for name, spec in list(globals().items())
    if name.startswith("burgundy_") and hasattr(spec, "burgundy_spec")
}
"""Every hook specification of this module, by name without the ``burgundy_`` prefix, in
the order written: the one list of the hooks (a hook is added by writing its function in
this module, above these tables)."""
COLLECTED_HOOKS: tuple[str, ...] = tuple(
    name for name, spec in HOOK_SPECS.items()
    if spec.__annotations__["return"].startswith("Callable[")
)
"""The hooks that answer one callable (``Callable[...] | None``), without the prefix. The
engine collects each one's callables into a tuple, its attribute of the same name
(``rules.engine.die_cost``; ``legal_actions_mods`` and ``winners_mods``, as the engine has
methods of those names), typed for mypy by :class:`burgundy.state.EngineView` (its block
written from this module by ``tools/hook_table.py``). The keyed hooks' callables go to the tuples
:data:`KEYED_HOOKS` names; the other hooks answer a mapping (boards, the types' rules) or
describe the variant."""
