"""Rulesets: the rules a game is played under.

A :class:`Ruleset` fixes the player count, the edition, the options and the enabled
variants. The variants are plugins (:mod:`burgundy.registry` finds the installed ones) wired
in with pluggy after the base game's own plugin (:data:`DEFAULT_PLUGINS`); only the named
ones take part, in a fixed order that does not depend on install order. Building a ruleset
calls every hook once and compiles the answers into plain tuples (see
:mod:`burgundy.hookspecs`).

What a variant declares about itself lives in :mod:`burgundy.variant_info`, the installed
plugins in :mod:`burgundy.registry`; the names of both that this module held before 1.0 are
still importable from here, with a ``DeprecationWarning``.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pluggy

from burgundy import hookspecs
from burgundy import registry as _registry
from burgundy import variant_info as _declared
from burgundy._legacy_hooks import Manager, legacy_answers
from burgundy.errors import brief
from burgundy.pending import PendingRule as PendingRule  # its old home; plugins import it here
from burgundy.rules import base
from burgundy.rules.engine import Engine
from burgundy.rules.setup import initial_state
from burgundy.state import replace
from burgundy.validation import validate_state
from burgundy.variant_info import EDITIONS

if TYPE_CHECKING:
    from burgundy.state import State
    from burgundy.variant_info import ObservationSlice, OptionSpec, VariantInfo

MOVED: dict[str, str] = {
    "ENTRY_POINT_GROUP": "burgundy.registry",
    "INSTALL_HINT": "burgundy.registry",
    "available_variants": "burgundy.registry",
    "example_options": "burgundy.registry",
    "variant_info": "burgundy.registry",
    "OptionSpec": "burgundy.variant_info",
    "PurchaseSource": "burgundy.variant_info",
    "ObservationSlice": "burgundy.variant_info",
    "VariantInfo": "burgundy.variant_info",
}
"""The names this module held before 1.0 and the module that holds each now (they are
still importable from here, with a ``DeprecationWarning``, until 2.0)."""


def __getattr__(name: str) -> Any:
    """A name of :data:`MOVED`, from its new module, with a ``DeprecationWarning``."""
    module = MOVED.get(name)
    if module is None:
        raise AttributeError(f"module 'burgundy.variants' has no attribute {name!r}")
    warnings.warn(
        f"burgundy.variants.{name} moved to {module}.{name} in 1.0 (plugins: "
        f"burgundy.plugin.{name}); the old name goes in 2.0",
        DeprecationWarning, stacklevel=2,
    )
    return getattr(importlib.import_module(module), name)

DEFAULT_PLUGINS = (base,)
"""The plugins every ruleset registers before its variants: the base game's rules
(:mod:`burgundy.rules.base`)."""
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
"""Player counts of the base game."""
STANDARD_VARIANTS: tuple[str, ...] = ("knowledge",)
"""Variants of the standard game, enabled when ``Ruleset`` gets no ``variants`` argument."""
def _check_boards(value: Any, rules: Ruleset) -> Any:
    """The ``boards`` option's shape: ``"standard"``, ``"random"`` or one board id per estate
    (a number is taken as its id: ``3`` is ``"3"``). That there is one per estate, and that
    each is a board of the ruleset in its edition, is checked once the estates and boards
    are known (:func:`_check_board_ids`)."""
    if value in ("standard", "random"):
        return value
    if isinstance(value, (list, tuple)) and 0 < len(value) <= 8 and all(
        type(b) in (int, str) for b in value
    ):
        return tuple(str(b) for b in value)
    raise ValueError(
        f"option 'boards' must be 'standard', 'random' or one board id per player "
        f"(e.g. {['1', '6'][: rules.players]}); got {brief(value)}"
    )


def _check_board_ids(rules: Ruleset) -> None:
    """Each board the ``boards`` option names is a board of the ruleset in its edition."""
    chosen = rules.options["boards"]
    if not isinstance(chosen, tuple):
        return
    estates = max(rules.engine.seat_estates) + 1
    if len(chosen) != estates:
        per = "player" if estates == rules.players else "estate"
        raise ValueError(
            f"option 'boards' must name one board id per {per} ({estates}); "
            f"got {brief(list(chosen))}"
        )
    valid = [b for b, board in rules.engine.boards.items() if rules.edition in board.editions]
    bad = [b for b in chosen if b not in valid]
    if bad:
        raise ValueError(
            f"option 'boards': no board {brief(bad[0])} in the {rules.edition} edition with "
            f"variants {list(rules.variants)}; valid: {valid}"
        )


CORE_OPTIONS: dict[str, OptionSpec] = {
    "tiebreak_empty": _declared.OptionSpec(
        "most", ("most", "fewest"),
        "R-TIEBREAK: a VP tie goes to the most (or fewest) empty duchy spaces",
    ),
    "building_take_may_discard": _declared.OptionSpec(
        False, (False, True),
        "R-BUILDING-FULL: market/carpenter/church may discard a stored hex to make room",
    ),
    "boards": _declared.OptionSpec(
        "standard", None,
        "'standard' (board 1 for all), 'random' (dealt by chance) or a board id per seat; "
        "a variant that deals its own boards (outposts) deals with either",
        _check_boards, kind="standard, random, or a JSON list of board ids (one per seat)",
    ),
    "start_castle": _declared.OptionSpec(
        "centre", ("centre", "choose"),
        "start castle on the central 6, or on a castle space each player chooses",
    ),
}
"""The core's options."""


def _observation_slices(
    manager: pluggy.PluginManager, rules: Ruleset
) -> tuple[tuple[str, ObservationSlice], ...]:
    """The answers of hook ``burgundy_observation_slices`` as ``(variant, slice)`` pairs, in
    variant order, checked."""
    out: list[tuple[str, ObservationSlice]] = []
    impls = {id(impl.plugin): impl
             for impl in manager.hook.burgundy_observation_slices.get_hookimpls()}
    for variant, plugin in zip(rules.variants, rules.plugins, strict=True):
        impl = impls.get(id(plugin))
        answer: Any = None if impl is None else impl.function(
            *[{"rules": rules}[a] for a in impl.argnames])
        if answer is None:
            continue
        if not isinstance(answer, (list, tuple)):
            raise ValueError(f"variant {variant!r}: burgundy_observation_slices must give a "
                             f"list or tuple of ObservationSlice values; got {brief(answer)}")
        names: set[str] = set()
        for piece in answer:
            if not isinstance(piece, _declared.ObservationSlice):
                raise ValueError(f"variant {variant!r}: burgundy_observation_slices must "
                                 f"give ObservationSlice values; got {brief(piece)}")
            if (not isinstance(piece.name, str) or not piece.name.isidentifier()
                    or piece.name in names):
                raise ValueError(f"variant {variant!r}: observation slice name "
                                 f"{brief(piece.name)} is not a fresh identifier")
            if type(piece.size) is not int or piece.size < 1 or not callable(piece.fill):
                raise ValueError(f"variant {variant!r}: observation slice {piece.name!r} "
                                 f"needs a size of at least 1 and a fill function")
            names.add(piece.name)
            out.append((variant, piece))
    return tuple(out)


def every_variant(players: int) -> tuple[str, ...]:
    """Return as many installed variants as play together with ``players`` players: those
    of :func:`available_variants` for the count, in name order, each kept only if it still
    makes a ruleset with the ones kept before it (with their :func:`example_options`). For
    tools that enable "every variant" (the benchmark, tests of every mix): two variants
    that exclude each other (two that deal their own boards: outposts and team play) cannot
    both be in one game.

    Raises:
        ValueError: An installed plugin fails to load.

    Examples:
        >>> import burgundy
        >>> from burgundy.variants import every_variant
        >>> "knowledge" in every_variant(2)
        True
    """
    kept: list[str] = []
    for name in _registry.available_variants(players=players):
        trial = (*kept, name)
        try:
            Ruleset(players=players, variants=trial, options=_registry.example_options(trial))
        except ValueError:
            continue
        kept.append(name)
    return tuple(kept)


_COMPILED: dict[tuple[Any, ...], Ruleset] = {}
"""Compiled rulesets by spec (:func:`_spec_key`): a ruleset is built once per process."""
_COMPILED_WITH: list[object] = [None]
"""The entry-point table the compiled rulesets were built with (a new one empties them)."""
_COMPILED_LIMIT = 256
"""Distinct specs kept compiled at most (the oldest is dropped first)."""


def _frozen(value: Any) -> Any:
    """``value`` as a hashable key that keeps every type (``True`` and ``1`` differ), or
    raise ``TypeError`` for what a spec does not hold."""
    kind = type(value)
    if kind in (int, str, bool, float, type(None)):
        return (kind.__name__, value)
    if kind in (list, tuple):
        return (kind.__name__, tuple(_frozen(v) for v in value))
    if kind is dict and all(type(k) is str for k in value):
        return ("dict", tuple(sorted((k, _frozen(v)) for k, v in value.items())))
    raise TypeError(kind.__name__)


def _spec_key(players: Any, variants: Any, edition: Any, options: Any) -> tuple[Any, ...] | None:
    """The cache key of a ruleset's arguments, or ``None`` when they cannot be one (the
    ruleset is then built, and any bad argument reported, as usual)."""
    try:
        return (_frozen(players), _frozen(variants), _frozen(edition), _frozen(options or {}))
    except (TypeError, RecursionError):
        return None


class Ruleset:
    """The rules a game is played under: players, edition, options and variants.

    Args:
        players: Number of players (2-4 in the base game; variants may allow others).
        variants: Names of the variants to enable; ``None`` means the standard game
            (``("knowledge",)``); ``()`` the bare base game.
        edition: ``"2019"`` (default) or ``"2011"``.
        options: Ruleset options by name (see :data:`CORE_OPTIONS` and each variant's).

    Raises:
        ValueError: A bad player count, edition, option or variant (the message names the
            valid values), or a variant that is not installed (it says how to install it).

    Examples:
        >>> import burgundy
        >>> rules = burgundy.Ruleset(players=3, variants=())
        >>> rules.players, rules.edition, rules.options["tiebreak_empty"]
        (3, '2019', 'most')
    """

    __slots__ = (
        "edition", "engine", "infos", "observation_slices", "options", "players", "plugins",
        "value_players", "variants",
    )

    players: int
    value_players: int
    """The player count whose count-dependent values the rules use (usually ``players``;
    a variant may redirect it: see :attr:`VariantInfo.value_players`)."""
    variants: tuple[str, ...]
    edition: str
    options: Mapping[str, Any]
    infos: tuple[VariantInfo, ...]
    plugins: tuple[object, ...]
    engine: Engine
    observation_slices: tuple[tuple[str, ObservationSlice], ...]
    """The variants' observation slices (hook ``burgundy_observation_slices``), as
    ``(variant, slice)`` pairs in variant order (``burgundy.rl`` lays them out)."""

    def __init__(
        self,
        players: int = 2,
        variants: tuple[str, ...] | list[str] | None = None,
        edition: str = "2019",
        options: Mapping[str, Any] | None = None,
    ) -> None:
        key = _spec_key(players, variants, edition, options)
        points = _registry._entry_points()
        if _COMPILED_WITH[0] is not points:  # the installed variants were looked up anew
            _COMPILED.clear()
            _COMPILED_WITH[0] = points
        compiled = _COMPILED.get(key) if key is not None else None
        if compiled is None:
            self._build(players, variants, edition, options)
            spec = self.to_dict()  # what from_dict (and so unpickling) is given
            canonical = _spec_key(
                spec["players"], tuple(spec["variants"]), spec["edition"], spec["options"]
            )
            same = _COMPILED.get(canonical) if canonical is not None else None
            if same is not None:  # another spec of the same ruleset: share its engine
                for name in Ruleset.__slots__:
                    setattr(self, name, getattr(same, name))
            for known in {key, canonical} - {None}:
                _COMPILED.pop(known, None)  # type: ignore[arg-type]
                if len(_COMPILED) >= _COMPILED_LIMIT:
                    # the oldest goes first, with every key of the same ruleset: a ruleset
                    # found by the spec it was made with is then always found by its
                    # canonical spec (unpickling) too, and shares its engine
                    oldest = _COMPILED[next(iter(_COMPILED))]
                    for stale in [k for k, v in _COMPILED.items() if v is oldest]:
                        del _COMPILED[stale]
                _COMPILED[known] = self if same is None else same  # type: ignore[index]
        else:  # the same spec was compiled before: share its engine (read-only)
            for name in Ruleset.__slots__:
                setattr(self, name, getattr(compiled, name))

    def _build(
        self,
        players: Any,
        variants: Any,
        edition: Any,
        options: Any,
    ) -> None:
        if not isinstance(edition, str) or edition not in EDITIONS:
            raise ValueError(f"unknown edition {brief(edition)}; valid: {list(EDITIONS)}")
        self.edition = edition
        names = STANDARD_VARIANTS if variants is None else variants
        if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"variants must be a list or tuple of names; got {brief(variants)}")
        if len(set(names)) != len(names):
            raise ValueError(f"variant listed twice: {brief(list(names))}")
        loaded = [(name, _registry._load_plugin(name)) for name in names]
        manager = Manager()
        manager.add_hookspecs(hookspecs)
        for default in DEFAULT_PLUGINS:
            manager.register(default, name=default.NAME)
        infos: list[tuple[VariantInfo, object]] = []
        legacy: dict[int, list[Any]] = {}
        for name, plugin in loaded:
            if name in (d.NAME for d in DEFAULT_PLUGINS):
                raise ValueError(f"variant name {brief(name)} is taken by the base game's plugin")
            legacy[id(plugin)] = legacy_answers(plugin, name)
            _registry._register(manager, plugin, name)
            info = _registry._variant_info(manager, plugin, name)
            infos.append((info, plugin))
        try:
            manager.check_pending()
        except pluggy.PluginValidationError as exc:
            culprit = manager.get_name(exc.plugin)
            raise ValueError(
                f"variant {culprit!r} implements a hook that does not exist (misspelled?): {exc}"
            ) from None
        infos.sort(key=lambda pair: (pair[0].order, pair[0].name))
        self.infos = tuple(info for info, _ in infos)
        self.plugins = tuple(plugin for _, plugin in infos)
        self.variants = tuple(info.name for info in self.infos)
        allowed_players = set(PLAYER_COUNTS).union(*(info.adds_players for info in self.infos))
        for info in self.infos:
            if info.players is not None:
                allowed_players &= set(info.players)
        if type(players) is not int or players not in allowed_players:
            hints = [
                f"for {' or '.join(map(str, info.adds_players))} player(s) enable variant "
                f"{info.name!r}" for info in _registry._installed_infos()
                if info.adds_players and info.name not in self.variants
                and players in info.adds_players
            ]
            counts = {info.name: info.players for info in self.infos if info.players}
            if not allowed_players:
                hints.append(f"the variants' player counts do not meet: {counts}")
            hint = f" ({'; '.join(hints)})" if hints and type(players) is int else ""
            raise ValueError(
                f"players must be one of {sorted(allowed_players)} with variants "
                f"{list(self.variants)}; got {brief(players)}{hint}"
            )
        self.players = players
        redirects = {i.value_players for i in self.infos if i.value_players is not None}
        if len(redirects) > 1:
            raise ValueError(
                f"variants {list(self.variants)} ask for the values of different player "
                f"counts {sorted(redirects)}; they cannot be combined"
            )
        self.value_players = redirects.pop() if redirects else players
        self._check_requirements()
        if options is None:
            options = {}
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise ValueError(f"options must be a mapping of option names; got {brief(options)}")
        self.options = self._resolve_options(options)
        self.engine = Engine(self, manager, validate_state, legacy)
        _check_board_ids(self)
        self.observation_slices = _observation_slices(manager, self)

    def _check_requirements(self) -> None:
        for info in self.infos:
            missing = [r for r in info.requires if r not in self.variants]
            if missing:
                raise ValueError(f"variant {info.name!r} requires variants {missing} enabled too")
            if self.edition not in info.editions:
                raise ValueError(
                    f"variant {info.name!r} supports editions {list(info.editions)}, "
                    f"not {self.edition!r}"
                )

    def option_specs(self) -> dict[str, OptionSpec]:
        """Every option this ruleset accepts: the core's and its variants'."""
        specs = dict(CORE_OPTIONS)
        for info in self.infos:
            specs.update(info.options)
        return specs

    def _resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        specs = self.option_specs()
        unknown = sorted(name for name in given if name not in specs)
        if unknown:
            raise ValueError(f"unknown option(s) {brief(unknown)}; valid: {sorted(specs)}")
        resolved = {}
        for name, spec in specs.items():
            value = given.get(name, spec.default)
            if spec.check is not None:
                value = spec.check(value, self)
            elif value not in spec.choices or type(value) is not type(spec.default):  # type: ignore[operator]
                raise ValueError(
                    f"option {name!r} must be one of {list(spec.choices or ())}; "
                    f"got {brief(value)}"
                )
            resolved[name] = value
        return resolved

    # -- values -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-able description that :meth:`from_dict` turns back into a ruleset."""
        options = {
            k: list(v) if isinstance(v, tuple) else v for k, v in sorted(self.options.items())
        }
        return {
            "players": self.players,
            "variants": list(self.variants),
            "edition": self.edition,
            "options": options,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ruleset:
        """Build a ruleset from :meth:`to_dict`'s output.

        Raises:
            ValueError: The description is malformed or names bad values.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"ruleset must be an object; got {type(data).__name__}")
        fields = ("players", "variants", "edition", "options")
        unknown = sorted(brief(k) for k in data if k not in fields)
        if unknown:
            raise ValueError(f"unknown ruleset field(s) {brief(unknown)}; valid: {list(fields)}")
        variants = data.get("variants", list(STANDARD_VARIANTS))
        if not isinstance(variants, list):
            raise ValueError("ruleset 'variants' must be a list of names")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise ValueError("ruleset 'options' must be an object")
        return cls(
            players=data.get("players", 2),
            variants=tuple(variants),
            edition=data.get("edition", "2019"),
            options=options,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        """A ruleset pickles as its spec (:meth:`to_dict`) and is compiled again (or found
        compiled) where it is unpickled: the compiled hooks are plain closures."""
        return (Ruleset.from_dict, (self.to_dict(),))

    def _identity(self) -> tuple[Any, ...]:
        return (
            self.players, self.variants, self.edition,
            tuple(sorted((k, repr(v)) for k, v in self.options.items())),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ruleset):
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def __repr__(self) -> str:
        return (
            f"Ruleset(players={self.players}, variants={self.variants!r}, "
            f"edition={self.edition!r}, options={dict(self.options)!r})"
        )

    def describe(self) -> str:
        """One line on the ruleset for people: players, edition, variants, and what the
        options' :attr:`OptionSpec.describe` notes say about their values (the SVG
        pictures show it).

        Examples:
            >>> import burgundy
            >>> burgundy.Ruleset(players=3, variants=()).describe()
            '3 players · 2019 edition · base game'
        """
        plural = "" if self.players == 1 else "s"
        parts = [f"{self.players} player{plural}", f"{self.edition} edition",
                 ", ".join(self.variants) or "base game"]
        for name, spec in self.option_specs().items():
            note = spec.describe(self.options[name]) if spec.describe is not None else ""
            if note:
                parts.append(note)
        return " \u00b7 ".join(parts)

    def initial_state(self) -> State:
        """Return the state before the first chance event of set-up (a chance node).

        Built once per compiled ruleset (equal rulesets share one) and handed out again:
        states are immutable, and every :class:`~burgundy.Game` starts here (measured,
        CPython 3.11: 22 us to build, 1 us to hand out under another equal ruleset).
        """
        caches = self.engine.caches
        state: State | None = caches.get("initial_state")
        if state is None:
            state = caches["initial_state"] = initial_state(self)
        if state.rules is not self:
            state = replace(state, rules=self)
        return state


