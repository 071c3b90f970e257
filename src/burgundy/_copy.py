"""How the engine copies its frozen values: the copy machinery behind
:func:`burgundy.state.replace`, :func:`~burgundy.state.changed` and
:func:`~burgundy.state.copier` (a private module: those three names are the API).

Three ways to copy a frozen attrs value, all resetting the fields whose name starts with
``_cache``: :func:`copier` (a fixed set of changed fields, a generated copy function bound
at import), :func:`changed` (a varying set, as a dict) and :func:`replace` (keywords). The
dict-backed value classes (``State``, ``Seat``, ``Estate``) keep a combined instance dict
(:func:`keep_fields_combined`), which CPython's specialised attribute loads need.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

_T = TypeVar("_T")

_COPIERS: dict[tuple[type, tuple[str, ...]], Any] = {}
"""The copy function of each ``(class, changed field names)`` (see :func:`copier`), made on
first use by :func:`_copier_of`."""


def _copier_of(cls: type, names: tuple[str, ...]) -> Any:
    """The copy function of ``cls`` for changes to exactly the fields ``names``."""
    copy = _COPIERS.get((cls, names))
    if copy is None:
        copy = _COPIERS[cls, names] = _make_copier(cls, names)
    return copy


def copier(cls: type[_T], *names: str) -> Callable[[_T, dict[str, Any]], _T]:
    """Return the copy function of ``cls`` for changes to exactly the fields ``names``:
    ``copier(State, "white")(state, {"white": 3})`` is ``replace(state, white=3)``.

    Raises:
        TypeError: A name is no field of ``cls``.
    """
    function: Callable[[_T, dict[str, Any]], _T] = _copier_of(cls, names)
    return function


def changed(inst: _T, changes: dict[str, Any]) -> _T:
    """Return a copy of the frozen attrs value ``inst`` with ``changes`` (a dict of new
    values by field name) applied: :func:`replace` without packing keywords, for callers
    whose set of changed fields varies (:func:`copier` binds a fixed set once).

    The engine copies values in exactly these three ways: :func:`copier` (a fixed set of
    fields, a generated copy function bound at import), :func:`changed` (a varying set, as
    a dict) and :func:`replace` (keywords, through :func:`changed`). A class with an
    instance ``__dict__`` (:class:`State`, :class:`Seat`, :class:`Estate`) is copied here
    by merging its dict with ``changes`` in one C call (``dict | dict``), without looking
    up a copy function by the set of names; a slotted class goes through the generated
    copy function of its set of changed fields. Merging is the faster of the two
    (docs/performance.md, "Round two").

    Raises:
        TypeError: A change names no field.
    """
    cls = type(inst)
    layout = _DICT_LAYOUTS.get(cls, _UNSEEN)
    if layout is _UNSEEN:
        layout = _DICT_LAYOUTS[cls] = _dict_layout(cls)
    if layout is None:  # a slotted class
        result: _T = _copier_of(cls, tuple(changes))(inst, changes)
        return result
    set_dict, size, fresh = layout
    values = inst.__dict__ | changes
    if fresh:
        values.update(fresh)
    if len(values) != size:
        fields = attrs.fields(cls)  # type: ignore[arg-type]
        unknown = sorted(set(values) - {a.name for a in fields})
        raise TypeError(f"{cls.__name__} has no field(s) {unknown}")
    copy: _T = _new_object(cls)
    set_dict(copy, values)
    return copy


_new_object = object.__new__


def _dict_layout(cls: type) -> Any:
    """Of a frozen attrs class: ``None`` for a slotted one, else ``(setter of its instance
    dict, number of fields, the reset of its cache fields)``."""
    if "__slots__" in cls.__dict__:
        return None
    caches = [a.name for a in attrs.fields(cls) if a.name.startswith("_cache")]
    return dict_setter(cls), len(attrs.fields(cls)), dict.fromkeys(caches)


_DICT_LAYOUTS: dict[type, Any] = {}
"""The layout of each class :func:`changed` has copied (:func:`_dict_layout`)."""
_UNSEEN = object()


def _make_copier(cls: type, changed: tuple[str, ...]) -> Any:
    """Build ``copy(inst, changes)`` for one frozen attrs class and one set of changed
    fields.

    The engine's hottest operation. A class with an instance ``__dict__`` (:class:`State`)
    is copied by copying that dict: ``dict.copy`` clones the keys table in C and keeps the
    dict combined, so attribute loads stay specialised (and it measured faster than
    ``dict(...)`` or a ``{**...}`` display), then one store per changed field (faster than
    ``dict.update``). A slotted class gets code generated once per set of changed fields,
    the way attrs generates ``__init__``: one line per field, no loop, no test, no
    ``__init__`` call.
    """
    names = [a.name for a in attrs.fields(cls)]
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    caches = [name for name in names if name.startswith("_cache")]
    if "__slots__" not in cls.__dict__:  # instances keep their fields in a __dict__
        lines = [
            "def copy(inst, changes):",
            "    new = new_object(cls)",
            "    values = inst.__dict__.copy()",
            *(f"    values[{name!r}] = changes[{name!r}]" for name in changed),
            *(f"    values[{name!r}] = None" for name in caches),
            "    set_dict(new, values)",
            "    return new",
        ]
    else:
        lines = ["def copy(inst, changes):", "    new = new_object(cls)"]
        for name in names:
            if name in caches:
                lines.append(f"    set_slot(new, {name!r}, None)")
            elif name in changed:
                lines.append(f"    set_slot(new, {name!r}, changes[{name!r}])")
            else:
                lines.append(f"    set_slot(new, {name!r}, inst.{name})")
        lines.append("    return new")
    namespace: dict[str, Any] = {
        "new_object": object.__new__, "cls": cls, "set_slot": object.__setattr__,
    }
    if "__slots__" not in cls.__dict__:
        namespace["set_dict"] = dict_setter(cls)
    exec("\n".join(lines), namespace)  # the code is built above from the class's own fields
    return namespace["copy"]


def dict_setter(cls: type) -> Callable[[Any, dict[str, Any]], None]:
    """The setter of the instance ``__dict__`` of ``cls`` (its descriptor, on the first
    class along the MRO that has one): sets a frozen instance's fields all at once."""
    for klass in cls.__mro__:
        if "__dict__" in klass.__dict__:
            setter: Callable[[Any, dict[str, Any]], None] = klass.__dict__["__dict__"].__set__
            return setter
    raise TypeError(f"{cls.__name__} instances have no __dict__")


def keep_fields_combined(inst: Any, fields: dict[str, Any] | None = None) -> None:
    """Give the instance ``inst`` of a dict-backed value class (:class:`State`,
    :class:`Seat`, :class:`Estate`) a combined ``__dict__`` holding ``fields`` (by default
    its own): their constructors and unpickling call it.

    CPython keeps the attributes of an instance built by ``__init__`` in the class's
    shared-key ("split") layout, and ``dict.copy`` keeps a copy split; the interpreter's
    specialised attribute load (``LOAD_ATTR_WITH_HINT``) misses on a split dict and takes
    the generic lookup at every load. The engine's copies clone their source's dict, so
    one combined dict at construction keeps every state, seat and estate descended from it
    on the fast path (the loads measured on docs/performance.md, "Round two").
    """
    dict_setter(type(inst))(inst, dict(inst.__dict__ if fields is None else fields))


def replace(inst: _T, **changes: Any) -> _T:
    """Return a copy of the frozen attrs value ``inst`` with ``changes`` applied.

    A fast ``attrs.evolve`` for the engine's hot path: it copies the fields without running
    ``__init__`` (and so without validation). Fields whose name starts with ``_cache`` are
    reset to ``None``.

    Args:
        inst: A frozen attrs instance.
        **changes: New values by field name.

    Raises:
        TypeError: A change names no field.
    """
    return changed(inst, changes)
