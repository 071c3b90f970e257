"""Hooks of releases before 1.0, kept working with a ``DeprecationWarning``.

1.0 merged card-shaped hooks into general ones (:data:`burgundy.hookspecs.LEGACY_HOOKS`
lists each old name and where it went). A plugin written for an earlier release still
loads: :class:`Manager` leaves its old hook implementations out of pluggy's registry, and
:func:`legacy_answers` hands them to the engine as answers of the new hooks.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any

import pluggy

from burgundy.hookspecs import LEGACY_HOOKS
from burgundy.pending import ActionRule, PendingRule

PREFIX = "burgundy_"


def _legacy_name(name: str) -> str | None:
    """The old hook ``name`` stands for (without the prefix), or ``None``."""
    if not name.startswith(PREFIX):
        return None
    short = name.removeprefix(PREFIX)
    return short if short in LEGACY_HOOKS else None


class Manager(pluggy.PluginManager):
    """pluggy's manager for project ``burgundy``, which leaves old hook implementations to
    :func:`legacy_answers` instead of refusing them as unknown hooks."""

    def __init__(self) -> None:
        super().__init__("burgundy")

    def parse_hookimpl_opts(self, plugin: object, name: str) -> Any:
        """pluggy's reading of an implementation, but ``None`` for an old hook's."""
        if _legacy_name(name) is not None:
            return None
        return super().parse_hookimpl_opts(plugin, name)


def _rules_from_pending(answer: Any) -> Any:
    if not isinstance(answer, Mapping):
        return answer  # the engine says what is wrong
    return {k: r.kind() if isinstance(r, PendingRule) else r for k, r in answer.items()}


def _rules_from_handlers(answer: Any) -> Any:
    if not isinstance(answer, Mapping):
        return answer
    return {k: ActionRule(f) if callable(f) else f for k, f in answer.items()}


def legacy_answers(plugin: object, variant: str) -> list[tuple[str, str, Callable[[Any], Any]]]:
    """The old hook implementations of ``plugin``, each as ``(new hook, key, f)`` where
    ``f(rules)`` gives the answer to put under ``key`` of the new hook's mapping (``key``
    ``""``: the answer is the new hook's whole answer), with a ``DeprecationWarning`` per
    old hook.

    Examples:
        >>> from burgundy._legacy_hooks import legacy_answers
        >>> legacy_answers(object(), "none")
        []
    """
    found = []
    for name in sorted(dir(plugin)):
        old = _legacy_name(name)
        method = getattr(plugin, name, None)
        if old is None or getattr(method, "burgundy_impl", None) is None:
            continue
        hook, key = LEGACY_HOOKS[old]
        where = f"burgundy_{hook}" + (f" (key {key!r})" if key else "")
        warnings.warn(
            f"variant {variant!r} implements burgundy_{old}, deprecated since 1.0 and to be "
            f"removed in 2.0: implement {where} instead",
            DeprecationWarning, stacklevel=4,
        )
        assert method is not None
        convert = {"pending_rules": _rules_from_pending,
                   "action_handlers": _rules_from_handlers}.get(old)
        found.append((hook, key, _adapter(method, convert)))
    return found


def _adapter(method: Callable[..., Any], convert: Callable[[Any], Any] | None
             ) -> Callable[[Any], Any]:
    argnames = method.__code__.co_varnames[: method.__code__.co_argcount]
    takes_rules = "rules" in argnames

    def answer(rules: Any) -> Any:
        result = method(rules) if takes_rules else method()
        return convert(result) if convert is not None and result is not None else result

    return answer
