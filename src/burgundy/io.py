"""Serialisation: states to JSON and back (what a state means is checked by
:mod:`burgundy.validation`).

A state serialises to plain JSON: no pickle, nothing that can run code when loaded. The
ruleset is not part of it; :func:`from_json` takes the ruleset to attach. Loading checks the
shape (every field present, of its type, with nothing extra, at every level) and then the
meaning (:func:`~burgundy.validation.validate_state`), and raises a ``ValueError`` that
says what is wrong and where, in a message of at most
:data:`~burgundy.validation.MESSAGE_LIMIT` characters whatever the input.
"""

from __future__ import annotations

import importlib
import json
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs
import cattrs
import cattrs.gen
from cattrs.errors import BaseValidationError

from burgundy.actions import Action
from burgundy.errors import brief
from burgundy.geometry import NO_BOARD
from burgundy.pending import (
    Pending,
)
from burgundy.state import State, changed
from burgundy.validation import (
    _SCALARS,
    _STATE_FIELDS,
    _STATE_HINTS,
    _cut,
    _facts,
    _field_hints,
    _tuple_items,
    _union_arms,
)
from burgundy.validation import MESSAGE_LIMIT as MESSAGE_LIMIT  # also the loader's

if TYPE_CHECKING:
    from burgundy.state import RulesView

MOVED: dict[str, str] = {
    "validate_state": "burgundy.validation",
    "goods_outside_pool": "burgundy.validation",
    "component_totals": "burgundy.validation",
}
"""The names this module held before 1.0 and the module that holds each now (still
importable from here, with a ``DeprecationWarning``, until 2.0)."""


def __getattr__(name: str) -> Any:
    """A name of :data:`MOVED`, from its new module, with a ``DeprecationWarning``."""
    module = MOVED.get(name)
    if module is None:
        raise AttributeError(f"module 'burgundy.io' has no attribute {name!r}")
    warnings.warn(f"burgundy.io.{name} moved to {module}.{name} in 1.0; the old name goes "
                  f"in 2.0", DeprecationWarning, stacklevel=2)
    return getattr(importlib.import_module(module), name)


FORMAT = "burgundy-state"
"""The ``format`` field of a serialised state."""
VERSION = 2
"""The ``version`` field of the states this version writes. Version 2 gives each estate's
``board`` as its id (``"1"``); version 1 documents (a board number, ``0`` for none dealt
yet) are still read."""
def _strict_int(value: Any, _: type) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, got {brief(value)}")
    return value


def _strict_bool(value: Any, _: type) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, got {brief(value)}")
    return value


def _strict_str(value: Any, _: type) -> str:
    if type(value) is not str:
        raise ValueError(f"expected a string, got {brief(value)}")
    return value


def make_converter(types: tuple[type, ...]) -> cattrs.Converter:
    """Return a converter for states and actions; ``types`` are the action and pending
    types that may appear (tagged by class name under ``"type"``).

    States are unstructured with it; actions are structured with it too
    (:func:`action_from_dict`), states by :func:`state_from_dict`'s own strict loader.
    """
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, _strict_int)
    converter.register_structure_hook(bool, _strict_bool)
    converter.register_structure_hook(str, _strict_str)
    by_name = {cls.__name__: cls for cls in types}

    def unstructure_tagged(value: Any) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(value).__name__}
        for field in attrs.fields(type(value)):
            data[field.name] = converter.unstructure(getattr(value, field.name))
        return data

    def structure_tagged(data: Any, base: type) -> Any:
        if not isinstance(data, dict) or "type" not in data:
            raise ValueError(f"expected an object with a 'type' field, got {brief(data)}")
        cls = by_name.get(data["type"]) if isinstance(data["type"], str) else None
        if cls is None or not issubclass(cls, base):
            raise ValueError(f"unknown {base.__name__} type {brief(data['type'])}")
        fields = {k: v for k, v in data.items() if k != "type"}
        return converter.structure(fields, cls)

    for cls in types:
        converter.register_unstructure_hook(cls, unstructure_tagged)
    for base in {cls.__mro__[-2] for cls in types} | {Pending}:
        converter.register_structure_hook(base, structure_tagged)
    for cls in types:
        converter.register_structure_hook(
            cls, cattrs.gen.make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
        )
    return converter


def _converter(rules: RulesView) -> cattrs.Converter:
    engine = rules.engine
    cached: cattrs.Converter | None = engine.caches.get("io.converter")
    if cached is None:
        cached = engine.caches["io.converter"] = make_converter(
            engine.action_types + engine.pending_types
        )
    return cached



def state_to_dict(state: State) -> dict[str, Any]:
    """Return ``state`` as a JSON-able dict (without its ruleset)."""
    converter = _converter(state.rules)
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    types = {info.name: info.state_type for info in state.rules.infos}
    for field in _STATE_FIELDS:
        value = getattr(state, field.name)
        if field.name == "ext":
            data["ext"] = [[name, converter.unstructure(v, types.get(name))] for name, v in value]
        elif field.name == "pending":
            data["pending"] = [converter.unstructure(item) for item in value]
        else:
            data[field.name] = converter.unstructure(value)
    return data


def to_json(state: State) -> str:
    """Serialise ``state`` to a JSON text (the ruleset is not included).

    Examples:
        >>> import burgundy
        >>> rules = burgundy.Ruleset(players=2, variants=())
        >>> state = rules.initial_state()
        >>> burgundy.from_json(burgundy.to_json(state), rules) == state
        True
    """
    return json.dumps(state_to_dict(state), separators=(",", ":"))


# -- the strict loader ----------------------------------------------------------------------
class _Bad(ValueError):
    """A loading error deep inside a value; ``where`` collects the path on the way out,
    innermost part first (built only when something is wrong)."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.where: list[str] = []

    def text(self, root: str) -> str:
        return f"{root}{''.join(reversed(self.where))}: {self.problem}"


def _root(field: str) -> str:
    """How a loading error names the state field it is in (the path inside follows)."""
    return f"state field {field!r}"


_Load = Callable[[Any], Any]


class _Loader:
    """Builds the values of one ruleset's states from parsed JSON: every attrs value must
    give each of its fields (defaults are not filled in) and nothing else; a tuple must be
    a list; a number must be of the exact type (``true`` is no integer, ``2.0`` neither);
    pending items are tagged by a type name of the ruleset. Each type's load function is
    built once; errors raise :class:`_Bad`, whose path is built only then."""

    def __init__(self, rules: RulesView) -> None:
        engine = rules.engine
        self.pending = {cls.__name__: cls for cls in engine.pending_types}
        self.converter = _converter(rules)
        self.built: dict[Any, _Load] = {}

    def load(self, value: Any, hint: Any, root: str) -> Any:
        """``value`` loaded as a ``hint``, or ``ValueError("<root><path>: <problem>")``."""
        try:
            return self.function(hint)(value)
        except _Bad as exc:
            raise ValueError(exc.text(root)) from None

    def function(self, hint: Any) -> _Load:
        found = self.built.get(hint)
        if found is None:
            self.built[hint] = lambda value: self.built[hint](value)  # recursive types
            found = self.built[hint] = self.build(hint)
        return found

    def build(self, hint: Any) -> _Load:
        if hint in _SCALARS:
            return _scalar_loader(hint)
        items = _tuple_items(hint)
        if items is not None:
            if len(items) == 2 and items[1] is Ellipsis:
                return self.homogeneous(items[0])
            return self.fixed(items)
        if hint is Pending:
            return self.tagged
        if isinstance(hint, type) and attrs.has(hint):
            return self.record(hint, frozenset())
        arms = _union_arms(hint)
        if arms is not None:
            return self.union([self.function(arm) for arm in arms])
        if hint is Any:
            return lambda value: value
        return self.other(hint)

    def homogeneous(self, item: Any) -> _Load:
        if item is int:
            def load_ints(value: Any) -> Any:
                if type(value) is list or type(value) is tuple:
                    for v in value:
                        if type(v) is not int:
                            break
                    else:
                        return tuple(value)
                return load_items(value)
        load_item = self.function(item)

        def load_items(value: Any) -> Any:
            if type(value) is not list and type(value) is not tuple:
                raise _Bad(f"expected a list, got {brief(value)}")
            out = []
            for i, v in enumerate(value):
                try:
                    out.append(load_item(v))
                except _Bad as exc:
                    exc.where.append(f"[{i}]")
                    raise
            return tuple(out)

        return load_ints if item is int else load_items

    def fixed(self, items: tuple[Any, ...]) -> _Load:
        loads = [self.function(item) for item in items]

        def load_fixed(value: Any) -> Any:
            if type(value) is not list and type(value) is not tuple:
                raise _Bad(f"expected a list, got {brief(value)}")
            if len(value) != len(loads):
                raise _Bad(f"expected a list of {len(loads)}, got {len(value)} entries")
            out = []
            for i, (v, load) in enumerate(zip(value, loads, strict=True)):
                try:
                    out.append(load(v))
                except _Bad as exc:
                    exc.where.append(f"[{i}]")
                    raise
            return tuple(out)

        return load_fixed

    def tagged(self, value: Any) -> Any:
        if type(value) is not dict or type(value.get("type")) is not str:
            raise _Bad(f"expected an object with a 'type' name, got {brief(value)}")
        cls = self.pending.get(value["type"])
        if cls is None:
            raise _Bad(f"unknown Pending type {brief(value['type'])}")
        try:
            return self.tagged_record(cls)(value)
        except _Bad as exc:
            exc.where.append(f" ({cls.__name__})")
            raise

    def tagged_record(self, cls: type) -> _Load:
        key = ("tagged", cls)
        found = self.built.get(key)
        if found is None:
            found = self.built[key] = self.record(cls, frozenset({"type"}))
        return found

    def record(self, cls: type, tags: frozenset[str]) -> _Load:
        fields = [(name, alias, self.function(hint)) for name, alias, hint in _field_hints(cls)]
        names = frozenset(name for name, _, _ in fields) | tags
        count = len(names)

        def load_record(value: Any) -> Any:
            if type(value) is not dict:
                raise _Bad(f"expected an object, got {brief(value)}")
            if len(value) != count or not names.issuperset(value):
                missing = [name for name in names if name not in value]
                extra = [key for key in value if key not in names]
                raise _Bad(f"missing field(s) {brief(sorted(missing))}, unexpected {brief(extra)}")
            kwargs = {}
            for name, alias, load in fields:
                try:
                    kwargs[alias] = load(value[name])
                except _Bad as exc:
                    exc.where.append(f".{name}")
                    raise
            try:
                return cls(**kwargs)
            except (TypeError, ValueError) as exc:  # a plugin type's own attrs validators
                raise _Bad(_cut(str(exc), 120)) from None

        return load_record

    def union(self, arms: list[_Load]) -> _Load:
        def load_union(value: Any) -> Any:
            first: _Bad | None = None
            for arm in arms:
                try:
                    return arm(value)
                except _Bad as exc:
                    first = first or exc
            assert first is not None
            raise first

        return load_union

    def other(self, hint: Any) -> _Load:
        converter = self.converter

        def load_other(value: Any) -> Any:  # a type the loader does not know: cattrs
            try:
                return converter.structure(value, hint)
            except (BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
                raise _Bad(_describe(exc)) from None

        return load_other


def _scalar_loader(hint: type) -> _Load:
    name = _SCALARS[hint]

    def load_scalar(value: Any) -> Any:
        if type(value) is not hint:
            raise _Bad(f"expected {name}, got {brief(value)}")
        return value

    return load_scalar


def _loader(rules: RulesView) -> _Loader:
    engine = rules.engine
    cached: _Loader | None = engine.caches.get("io.loader")
    if cached is None:
        cached = engine.caches["io.loader"] = _Loader(rules)
    return cached


def state_from_dict(data: Any, rules: RulesView) -> State:
    """Build a state from :func:`state_to_dict`'s output and validate it.

    Every field must be given at every level (a missing field is an error, not its
    default), with nothing extra; each value must be of its field's exact type (a list
    where a tuple belongs, ``true`` or ``2.0`` never for an integer), pending items tagged
    by a type name of the ruleset (core or enabled variant), and the variants' states those
    of the ruleset's variants, in order. The state built is then checked by
    :func:`~burgundy.validation.validate_state`.

    Args:
        data: A parsed JSON document.
        rules: The ruleset the state is played under.

    Returns:
        The state.

    Raises:
        ValueError: The data is malformed or describes an impossible state; the message
            (at most :data:`~burgundy.validation.MESSAGE_LIMIT` characters) says what and where.
    """
    return _load_state(data, rules)


def _load_state(data: Any, rules: RulesView, like: State | None = None) -> State:
    """:func:`_state_from_dict`, its errors as :func:`state_from_dict` raises them."""
    try:
        state = _state_from_dict(data, rules, like)
    except ValueError as exc:
        raise ValueError(_cut(str(exc))) from None
    except RecursionError:
        raise ValueError("state: nested too deeply") from None
    return state


def _upgrade_from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 1 document as version 2: each estate's board number becomes its id."""
    estates = data.get("estates")
    if type(estates) is not list:
        return data  # the loader says what is wrong
    upgraded = []
    for estate in estates:
        if type(estate) is dict and type(estate.get("board")) is int:
            number = estate["board"]
            estate = {**estate, "board": str(number) if number else NO_BOARD}
        upgraded.append(estate)
    return {**data, "estates": upgraded}


def _state_from_dict(data: Any, rules: RulesView, like: State | None = None) -> State:
    if type(data) is not dict:
        raise ValueError(f"state must be a JSON object, got {type(data).__name__}")
    version = data.get("version")
    if data.get("format") != FORMAT or type(version) is not int or version not in (1, VERSION):
        raise ValueError(f"not a {FORMAT} document of version 1 or {VERSION}")
    if version == 1:
        data = _upgrade_from_version_1(data)
    expected = {f.name for f in _STATE_FIELDS} | {"format", "version"}
    missing = sorted(expected - set(data))
    extra = [key for key in data if key not in expected]
    if missing or extra:
        raise ValueError(f"state fields: missing {brief(missing)}, unexpected {brief(extra)}")
    loader = _loader(rules)
    values: dict[str, Any] = {}
    for field in _STATE_FIELDS:
        if field.name == "ext":
            values["ext"] = _load_ext(loader, data["ext"], rules)
        else:
            values[field.name] = loader.load(
                data[field.name], _STATE_HINTS[field.name], _root(field.name)
            )
    if like is not None:  # a copy of ``like`` holding what was read: not checked again
        return changed(like, values)
    return State(rules=rules, **values)  # the constructor runs validate_state


def _round_trip(state: State) -> State:
    """``state`` saved by :func:`to_json` and read back as :func:`from_json` reads it, for
    a caller that has just validated ``state`` (the conformance kit, at every step): the
    state read is not validated again. Where it equals ``state`` it is valid: the loader
    gives every value its exact type, and the checks read nothing but the values.

    Raises:
        ValueError: The text does not read back (as :func:`from_json` would say).
    """
    return _load_state(json.loads(to_json(state)), state.rules, like=state)


def _load_ext(loader: _Loader, raw: Any, rules: RulesView) -> tuple[tuple[str, Any], ...]:
    if type(raw) not in (list, tuple):
        raise ValueError(
            f"{_root('ext')}: expected a list of [variant, state] pairs, got {brief(raw)}"
        )
    expected = [name for name, _ in _facts(rules).ext]
    names = [pair[0] if type(pair) in (list, tuple) and pair else None for pair in raw]
    if names != expected:
        raise ValueError(
            f"{_root('ext')}: expected the states of variants {expected}, got {brief(names)}"
        )
    types = {info.name: info.state_type for info in rules.infos}
    out: list[tuple[str, Any]] = []
    for k, pair in enumerate(raw):
        if len(pair) != 2:
            raise ValueError(
                f"{_root('ext')}[{k}]: expected a [variant, state] pair, got {brief(pair)}"
            )
        kind = types.get(pair[0])
        where = f"{_root('ext')}[{k}] ({pair[0]})"
        value = loader.load(pair[1], Any if kind is None else kind, where)
        out.append((pair[0], value))
    return tuple(out)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, BaseValidationError):
        messages = cattrs.transform_error(exc)
        return _cut("; ".join(messages), 200)
    return _cut(str(exc), 200)


def from_json(text: str | bytes, rules: RulesView) -> State:
    """Load a state saved by :func:`to_json`, under ``rules``.

    The text must be JSON (any nesting depth, size or content is refused cleanly) holding
    what :func:`state_from_dict` accepts: every field, of its exact type, at every level;
    the state is then checked by :func:`~burgundy.validation.validate_state`. So a loaded
    state is one the game can reach *in shape*, on which ``legal_actions()``,
    ``chance_outcomes()`` and :func:`to_json` work, and
    ``from_json(to_json(state), rules) == state``.

    Args:
        text: The JSON text.
        rules: The ruleset the state is played under (it is not part of the text).

    Returns:
        The state.

    Raises:
        ValueError: The text is not JSON, is malformed, or describes an impossible state;
            the message (at most :data:`~burgundy.validation.MESSAGE_LIMIT` characters) says
            what and where.

    Examples:
        >>> import burgundy
        >>> rules = burgundy.Ruleset(players=2, variants=())
        >>> text = burgundy.to_json(rules.initial_state())
        >>> burgundy.from_json(text, rules) == rules.initial_state()
        True
        >>> burgundy.from_json(text.replace('"white":0', '"white":true'), rules)
        Traceback (most recent call last):
        ...
        ValueError: state field 'white': expected an integer, got True
        >>> burgundy.from_json(text.replace('"white":0', '"white":7'), rules)
        Traceback (most recent call last):
        ...
        ValueError: white: must be 0-6
        >>> burgundy.from_json("[" * 100_000, rules)
        Traceback (most recent call last):
        ...
        ValueError: not valid JSON: nested too deeply
    """
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError("not valid JSON: nested too deeply") from None
    except (ValueError, TypeError) as exc:  # JSONDecodeError and UnicodeDecodeError too
        raise ValueError(_cut(f"not valid JSON: {exc}", 200)) from None
    return state_from_dict(data, rules)


# -- actions --------------------------------------------------------------------------------
def action_to_dict(action: Action, rules: RulesView) -> dict[str, Any]:
    """Return ``action`` as a JSON-able dict tagged with its type name (for front ends that
    send actions over the wire; records use the text form).

    Raises:
        ValueError: The action's type is not known to ``rules`` (core or enabled variant).
    """
    if type(action) not in rules.engine.action_types:
        raise ValueError(f"{type(action).__name__} is not an action of this ruleset")
    data: dict[str, Any] = _converter(rules).unstructure(action)
    return data


def action_from_dict(data: Any, rules: RulesView) -> Action:
    """Build an action from :func:`action_to_dict`'s output.

    Raises:
        ValueError: Malformed data or an action type unknown to ``rules``.
    """
    try:
        action: Action = _converter(rules).structure(data, Action)
    except (BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise ValueError(f"bad action: {_describe(exc)}") from None
    except RecursionError:
        raise ValueError("bad action: nested too deeply") from None
    return action


# -- validation -----------------------------------------------------------------------------
