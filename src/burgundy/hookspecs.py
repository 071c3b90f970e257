"""The hook surface for variants (pluggy project ``burgundy``).

Every hook is called **once**, when a :class:`burgundy.Ruleset` is built. A hook returns a
plain callable (or a mapping, or ``None`` to opt out); the ruleset collects the callables into
tuples (:data:`COLLECTED_HOOKS`), and the hot path (``legal_actions``, ``apply``) calls those
tuples, never pluggy.
Implementations are called in the ruleset's variant order; modifiers are folded in that order.

Three kinds of callables are collected:

* **modifiers** ``f(state, ..., value) -> value`` change a value the core computed (a die
  cost, an income, a region size). The core's own rules compute the base value.
* **event handlers** ``f(state, ...) -> State`` run after something happened and return the
  (possibly changed) state.
* **providers** add things: action types with their handlers, pending-decision types,
  extra legal actions, final-scoring terms, boards.

All hook names start with ``burgundy_``; :func:`burgundy.variants.Ruleset` calls
``check_pending()`` so a misspelled hook implementation fails loudly.

The contexts passed to modifiers:

* ``seat`` is a seat index; ``estate`` an estate index.
* ``use`` is a :class:`burgundy.rules.dice.DieUse`: what a die is being used for.
* ``income`` is a :class:`burgundy.rules.income.Income` (silver, workers, vp).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from burgundy.actions import Action
    from burgundy.components import TileKind
    from burgundy.geometry import Board
    from burgundy.pending import Pending, PendingRule
    from burgundy.render.parts import PictureRow
    from burgundy.rules.dice import DieUse
    from burgundy.rules.income import Income
    from burgundy.rules.take import PurchaseOffer
    from burgundy.state import State
    from burgundy.variants import ObservationSlice, Ruleset, VariantInfo

hookspec = pluggy.HookspecMarker("burgundy")
"""Marker for hook specifications."""
hookimpl = pluggy.HookimplMarker("burgundy")
"""Marker for hook implementations; plugins decorate their hooks with it."""

Modifier = Callable[..., Any]
"""A modifier: ``f(state, *context, value) -> value``."""
Handler = Callable[..., "State"]
"""An event handler: ``f(state, *context) -> State``."""


# -- identity -------------------------------------------------------------------------------
@hookspec
def burgundy_variant() -> VariantInfo:  # type: ignore[empty-body]
    """Describe the variant: name, requirements, options, state and action types."""


@hookspec
def burgundy_setup(rules: Ruleset) -> Callable[[State], State] | None:
    """Return a function that changes the initial state (variant state, extra chance)."""


@hookspec
def burgundy_boards(rules: Ruleset) -> Mapping[str, Board] | None:
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
def burgundy_seat_estates(rules: Ruleset) -> Sequence[int] | None:
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
def burgundy_board_deal(rules: Ruleset) -> Sequence[str] | None:
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
def burgundy_tiles(rules: Ruleset) -> Iterable[TileKind] | None:
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
    space until the variant's :func:`burgundy_placement_spaces` allows some; a kind with
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


# -- modifiers ------------------------------------------------------------------------------
@hookspec
def burgundy_die_cost(
    rules: Ruleset,
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
def burgundy_storage_capacity(rules: Ruleset) -> Callable[[State, int, int], int] | None:
    """Modify the hex storage capacity: ``f(state, estate, capacity) -> capacity`` (base 3)."""


@hookspec
def burgundy_seat_storage_capacity(
    rules: Ruleset,
) -> Callable[[State, int, int], int] | None:
    """Modify how many hex storage spaces of its own a seat has: ``f(state, seat, capacity)
    -> capacity`` (base 0: in the base game storage belongs to the estate).

    A seat with spaces of its own (team play's 2 private spaces beside the team's shared
    ones, R-TEAM-STORAGE) chooses where a hex it takes goes: any free space of the estate's
    or its own; with all full it discards one of them. It places from either; its
    partner never reaches its own spaces. Where a taken hex goes is the decision after the
    take (:class:`~burgundy.pending.StowTile`: ``stow own``, ``drop ship own``), placing
    says which storage (``place bank e2 d4 own``), and
    :func:`burgundy.rules.take.storage_choices` lists the choices.

    Examples:
        Two spaces of its own for every seat of a 4-player game::

            @hookimpl
            def burgundy_seat_storage_capacity(rules):
                return lambda state, seat, capacity: capacity + 2
    """


@hookspec
def burgundy_goods_colour_limit(rules: Ruleset) -> Callable[[State, int, int], int] | None:
    """Modify how many goods colours an estate may hold: ``f(state, estate, limit)`` (base 3)."""


@hookspec
def burgundy_adjacency_required(rules: Ruleset) -> Callable[[State, int, bool], bool] | None:
    """Modify whether a placement must touch a covered space: ``f(state, estate, required)``."""


@hookspec
def burgundy_one_building_per_city(
    rules: Ruleset,
) -> Callable[[State, int, bool], bool] | None:
    """Modify whether a city may hold each building type once: ``f(state, estate, applies)``."""


@hookspec
def burgundy_placement_spaces(
    rules: Ruleset,
) -> Callable[[State, int, int, int], int] | None:
    """Modify the spaces a tile's colour allows: ``f(state, seat, tile, mask) -> mask``.

    The base mask is the empty spaces of the tile's colour (inns and solo black tiles widen
    it); adjacency and the building rule are applied after.
    """


@hookspec
def burgundy_region_size(rules: Ruleset) -> Callable[[State, int, int, int], int] | None:
    """Modify the size a completed region scores as: ``f(state, estate, region, size)``."""


@hookspec
def burgundy_pasture(rules: Ruleset) -> Callable[[State, int, int, int], int] | None:
    """Modify which spaces count as the pasture of an animal placed on ``space``.

    ``f(state, estate, space, mask) -> mask``; the base mask is the pasture region.
    """


@hookspec
def burgundy_animal_score(
    rules: Ruleset,
) -> Callable[[State, int, int, tuple[int, ...], int], int] | None:
    """Modify the VP of placing an animal tile.

    ``f(state, seat, tile, scoring_tiles, vp) -> vp``; ``scoring_tiles`` are the codes of
    the tiles that score (the new one last).
    """


@hookspec
def burgundy_sale_income(
    rules: Ruleset,
) -> Callable[[State, int, int, int, Income], Income] | None:
    """Modify what a sale earns: ``f(state, seat, goods, count, income) -> income``."""


@hookspec
def burgundy_take_workers_income(
    rules: Ruleset,
) -> Callable[[State, int, Income], Income] | None:
    """Modify the take-workers die action's income: ``f(state, seat, income)`` (base 2)."""


@hookspec
def burgundy_mine_income(rules: Ruleset) -> Callable[[State, int, Income], Income] | None:
    """Modify an estate's phase-end mine income: ``f(state, estate, income)``."""


@hookspec
def burgundy_bonus_tile_value(
    rules: Ruleset,
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
    rules: Ruleset,
) -> Callable[[State, int, tuple[tuple[int, ...], ...]], tuple[tuple[int, ...], ...]] | None:
    """Modify the turn-order track after a seat's marker moved: ``f(state, seat, track)``."""


@hookspec
def burgundy_legal_actions(
    rules: Ruleset,
) -> Callable[[State, Pending, tuple[Action, ...]], tuple[Action, ...]] | None:
    """Modify the legal actions of a decision: ``f(state, pending, actions) -> actions``.

    Runs after the core and :func:`burgundy_extra_actions` built the list; use it to replace
    a core choice (knowledge #5's two-depot ship) or remove one.
    """


@hookspec
def burgundy_extra_actions(rules: Ruleset) -> Callable[[State, Pending], Iterable[Action]] | None:
    """Add legal actions to a decision: ``f(state, pending) -> actions``."""


@hookspec
def burgundy_sold_goods(
    rules: Ruleset,
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
def burgundy_purchase_payments(
    rules: Ruleset,
) -> Callable[[State, int, PurchaseOffer, tuple[int, ...]], tuple[int, ...]] | None:
    """Modify how a seat may pay a purchase: ``f(state, seat, offer, payments) ->
    payments``, each payment the number of workers paid instead of as many silverlings
    (the rest in silver); base ``(0,)``, silver only.

    Asked for every :class:`~burgundy.rules.take.PurchaseOffer` open to the seat, the
    black depot's and the variants' (hook :func:`burgundy_purchase_offers`) alike, so a
    payment applies to every source without knowing it: knowledge #6 (2019) pays with
    workers, 1 worker = 1 silverling, mixing allowed, also for an inn. The core lists
    only the payments the estate can make, and applies them.

    Examples:
        Every purchase may be paid with workers alone::

            @hookimpl
            def burgundy_purchase_payments(rules):
                return lambda state, seat, offer, payments: (*payments, offer.price)
    """


@hookspec
def burgundy_building_count(
    rules: Ruleset,
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
def burgundy_evaluation(rules: Ruleset) -> Callable[[State, int, float], float] | None:
    """Modify the bots' heuristic value of a state for a seat: ``f(state, seat, value) ->
    value``.

    The base value is the core's valuation (:func:`burgundy.bots.evaluate.base_value`), in
    VP: the seat's score and what its position may still become (at the end of the game,
    its score); :func:`~burgundy.bots.evaluate.evaluate` folds the modifiers in. The greedy
    bot plays the action whose result the modified value ranks highest; the Monte Carlo
    bot orders and scores its nodes by it. A variant whose game is not won by VP returns a
    value that measures what it is won by, on a scale like VP's (a clear lead some 10); the
    rules never ask. Asked for decision, chance and finished states alike.

    Examples:
        A variant won by silverlings: the bots count those, 3 VP each::

            @hookimpl
            def burgundy_evaluation(rules):
                return lambda state, seat, value: 3.0 * state.seat_estate(seat).silver
    """


# -- providers ------------------------------------------------------------------------------
@hookspec
def burgundy_tile_effect(
    rules: Ruleset,
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
def burgundy_purchase_offers(
    rules: Ruleset,
) -> Callable[[State, int], Iterable[PurchaseOffer]] | None:
    """Offer a seat places to make the turn's one purchase from, besides the black depot:
    ``f(state, seat) -> offers`` (:class:`~burgundy.rules.take.PurchaseOffer`: a source
    name, the tiles it holds, how it gives one up, the price).

    The core makes every purchase the same way, whatever its source: one
    :class:`~burgundy.actions.BuyTile` naming the source (``buy inn inns``), at most one a
    turn, in the 2019 edition also in the middle of an action, paid as the
    :func:`burgundy_purchase_payments` modifiers allow, the hex stored as any taken hex
    (R-STORAGE). A variant gives only the offer. Asked only while the turn's purchase is
    open; return ``()`` for a seat that may not buy there.

    Examples:
        A stack of inns beside the black depot, counted in the variant's state::

            from burgundy.rules.take import PurchaseOffer

            @hookimpl
            def burgundy_purchase_offers(rules):
                def offers(state, seat):
                    if not state.variant_state("inns").stack:
                        return ()
                    take = lambda state, tile: state.with_variant_state("inns", ...)
                    return (PurchaseOffer("inns", (INN,), take, price=2),)
                return offers
    """


@hookspec
def burgundy_action_handlers(
    rules: Ruleset,
) -> Mapping[type[Action], Callable[[State, int, Action], State]] | None:
    """Return the apply functions of the variant's own action types:
    ``f(state, seat, action) -> state``, called after legality is checked (and, unless the
    type is one of the variant's ``free_actions``, after the decision it answers is
    popped)."""


@hookspec
def burgundy_pending_rules(rules: Ruleset) -> Mapping[type[Pending], PendingRule] | None:
    """Return the rules of the variant's own pending decision or chance types."""


@hookspec
def burgundy_final_scoring(
    rules: Ruleset,
) -> Callable[[State, int], Mapping[str, int]] | None:
    """Return a final-scoring term: ``f(state, seat) -> {term name: VP}``."""


@hookspec
def burgundy_tile_score(
    rules: Ruleset,
) -> Callable[[State, int, int], Mapping[str, int]] | None:
    """Score a tile kind of the variant's that works for a seat's estate:
    ``f(state, seat, code) -> {term name: VP}`` (``{}`` for a kind it does not score).

    A scoring tile's own VP, counted from the state it is given (knowledge #15-#26). The
    core asks once per kind that works for the estate (placed in its duchy, or lent to it:
    :func:`burgundy_borrowed_tiles`), for the estate's first seat, and books each term as a
    final-scoring term at game end. When a variant of the ruleset declares
    :attr:`~burgundy.variants.VariantInfo.tiles_score_when_placed` (the solo module,
    R-SOLO-KNOWLEDGE), the core asks instead right after the tile is placed and scored,
    books the terms at once, and nothing more at game end.

    Examples:
        A "treasury" kind worth 1 VP per 3 silverlings of its estate::

            @hookimpl
            def burgundy_tile_score(rules):
                code = tile_code("treasury")

                def score(state, seat, tile):
                    if tile != code:
                        return {}
                    return {"treasury": state.seat_estate(seat).silver // 3}
                return score
    """


@hookspec
def burgundy_held_goods(rules: Ruleset) -> Callable[[State], Sequence[int]] | None:
    """Goods the variant keeps outside the core's fields: ``f(state) -> counts`` by colour
    (6 numbers, goods 1-6).

    Goods that left the game (the solo module's ship clears the other depots) or lie on a
    variant's own components stay part of the game's 42: conservation
    (:func:`burgundy.io.validate_state`) and :func:`burgundy.io.goods_outside_pool` count
    them with the pool, the round spaces, the depots, the estates and the sold goods.

    Examples:
        Goods out of the game, kept in the variant's state::

            @hookimpl
            def burgundy_held_goods(rules):
                return lambda state: state.variant_state("mine").goods_out
    """


@hookspec
def burgundy_held_tiles(rules: Ruleset) -> Callable[[State], Mapping[int, int]] | None:
    """Hexes the variant keeps outside the core's fields: ``f(state) -> {tile code:
    count}`` (the inns' stack beside the black depot and the inns still to come).

    They stay part of the game's hexes: conservation (:func:`burgundy.io.validate_state`)
    counts them with the supplies, the depots, the storages, the duchies and the removed
    pile. A hex the variant hands out (a purchase from its source) leaves its count as it
    enters the core's fields.

    Examples:
        Inns kept in the variant's state::

            @hookimpl
            def burgundy_held_tiles(rules):
                return lambda state: {INN: state.variant_state("inns").stack}
    """


@hookspec
def burgundy_final_terms(
    rules: Ruleset,
) -> Callable[[State, int, dict[str, int]], dict[str, int]] | None:
    """Modify a seat's final-scoring terms once all are known: ``f(state, seat, terms)``
    (shields #10 and #13 double some of them)."""


@hookspec
def burgundy_borrowed_tiles(rules: Ruleset) -> Callable[[State, int], tuple[int, ...]] | None:
    """Tiles that work for an estate besides those in its duchy: ``f(state, estate)``.

    Variants whose tiles have effects (knowledge) should treat these as their own; shield
    #6 lends another duchy's knowledge tiles this way.
    """


@hookspec
def burgundy_picture_rows(
    rules: Ruleset,
) -> Callable[[State, int], Sequence[PictureRow]] | None:
    """Rows of cells a variant adds to an estate's pictures: ``f(state, estate) -> rows``.

    The text picture (:func:`burgundy.render.text.state_text`) prints each
    :class:`~burgundy.render.parts.PictureRow` under the estate's duchy, the SVG pictures
    (:func:`burgundy.render.svg.duchy_svg`, :func:`~burgundy.render.svg.state_svg`) draw it
    below the duchy board (trade routes: the route's tiles, their spaces and the goods on
    them). Only pictures ask; the rules never do.
    """


@hookspec
def burgundy_board_picture_rows(
    rules: Ruleset,
) -> Callable[[State], Sequence[PictureRow]] | None:
    """Rows of cells a variant adds to the main board's pictures: ``f(state) -> rows``.

    What lies beside the main board and is not in the core's fields (the inns' stack):
    the text picture (:func:`burgundy.render.text.board_text`) prints each
    :class:`~burgundy.render.parts.PictureRow` under the board's lines, the SVG pictures
    (:func:`burgundy.render.svg.board_svg`, :func:`~burgundy.render.svg.state_svg`) draw it
    as a strip below the main board, which grows by one strip a row. Only pictures ask; the
    rules never do.
    """


@hookspec
def burgundy_validate(rules: Ruleset) -> Callable[[State], None] | None:
    """Check the variant's part of a loaded state: ``f(state)`` raises ``ValueError``."""


@hookspec
def burgundy_winners(
    rules: Ruleset,
) -> Callable[[State, tuple[int, ...]], tuple[int, ...]] | None:
    """Modify the winners the core found: ``f(state, winners) -> winners`` (team play)."""


# -- events ---------------------------------------------------------------------------------
@hookspec
def burgundy_on_place(rules: Ruleset) -> Callable[[State, int, int, int], State] | None:
    """After a hex is placed and scored: ``f(state, seat, space, tile) -> state``."""


@hookspec
def burgundy_on_region_complete(rules: Ruleset) -> Callable[[State, int, int], State] | None:
    """After a region is completed and scored: ``f(state, seat, region) -> state``."""


@hookspec
def burgundy_on_colour_complete(rules: Ruleset) -> Callable[[State, int, int], State] | None:
    """After every space of a colour is covered: ``f(state, seat, colour) -> state``."""


@hookspec
def burgundy_on_goods_sold(rules: Ruleset) -> Callable[[State, int, int, int], State] | None:
    """After a sale: ``f(state, seat, goods, count) -> state``."""


@hookspec
def burgundy_on_workers_gained(rules: Ruleset) -> Callable[[State, int, int], State] | None:
    """After an estate gains workers: ``f(state, seat, n) -> state``."""


@hookspec
def burgundy_on_vp_gained(rules: Ruleset) -> Callable[[State, int, int], State] | None:
    """After a seat scores: ``f(state, seat, vp) -> state``."""


@hookspec
def burgundy_on_turn_start(rules: Ruleset) -> Callable[[State, int], State] | None:
    """When a seat's turn starts: ``f(state, seat) -> state``."""


@hookspec
def burgundy_on_start_player(rules: Ruleset) -> Callable[[State, int], State] | None:
    """Once the start player is drawn and the core has given the start resources (1
    silverling per estate, workers 1, 2, 3, 4 in seat order from the start player) and
    stacked the turn-order markers: ``f(state, start) -> state``. A variant changes the
    start resources or the first round's order here (the solo module's 2 workers; team
    play's 3 and 5 workers, 2 silverlings a team and the order A1, B1, A2, B2).
    """


@hookspec
def burgundy_on_round_start(rules: Ruleset) -> Callable[[State], State] | None:
    """When a round starts, after the dice are rolled: ``f(state) -> state``."""


@hookspec
def burgundy_on_phase_start(rules: Ruleset) -> Callable[[State], State] | None:
    """At the start of each phase (A included), once the hexes left on the depots are
    gone and before the phase's hexes and goods are drawn: ``f(state) -> state``
    (``state.phase`` is the phase starting). Decisions it pushes come before the draws.

    Examples:
        One inn more beside the black depot at each phase start::

            @hookimpl
            def burgundy_on_phase_start(rules):
                return lambda state: add_inn(state)
    """


@hookspec
def burgundy_on_phase_end(rules: Ruleset) -> Callable[[State], State] | None:
    """At a phase end, before mine income: ``f(state) -> state``."""


@hookspec
def burgundy_on_game_end(rules: Ruleset) -> Callable[[State], State] | None:
    """After the final scoring: ``f(state) -> state``."""


# -- learning: burgundy.rl -------------------------------------------------------------------
@hookspec
def burgundy_observation_slices(rules: Ruleset) -> Sequence[ObservationSlice] | None:
    """Named slices of ``burgundy.rl.observe``'s vector for the variant's own components
    (:class:`~burgundy.variants.ObservationSlice`: name, size, ``fill(state, seat) ->
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


# -- the table of the hooks, derived from the functions above: keep it last --------------
HOOK_SPECS: dict[str, Callable[..., Any]] = {
    name.removeprefix("burgundy_"): spec
    for name, spec in list(globals().items())
    if name.startswith("burgundy_") and hasattr(spec, "burgundy_spec")
}
"""Every hook specification of this module, by name without the ``burgundy_`` prefix, in
the order written: the one list of the hooks (a hook is added by writing its function in
this module, above this table)."""
COLLECTED_HOOKS: tuple[str, ...] = tuple(
    name for name, spec in HOOK_SPECS.items()
    if spec.__annotations__["return"].startswith("Callable[")
)
"""The hooks that return a callable (``Callable[...] | None``), without the prefix. The
engine collects each one's callables into a tuple, its attribute of the same name
(``rules.engine.die_cost``; ``legal_actions_mods`` and ``winners_mods``, as the engine has
methods of those names), typed for mypy by ``burgundy.rules._hook_tuples`` (written from
this module by ``tools/hook_table.py``). The other hooks answer a mapping (boards, action
handlers, pending rules), which the engine merges into its tables, or describe the
variant."""
