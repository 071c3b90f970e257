"""The installed variant plugins: found through the entry-point group
``burgundy.variants`` (the entry-point name is the variant name), loaded on demand, and
what each declares about itself (:func:`variant_info`).

Installed never means enabled: a :class:`~burgundy.variants.Ruleset` enables only the
variants it names.
"""

from __future__ import annotations

from functools import cache
from importlib import metadata
from typing import Any

import attrs
import pluggy

from burgundy import hookspecs
from burgundy._legacy_hooks import Manager
from burgundy.errors import brief
from burgundy.variant_info import VariantInfo

ENTRY_POINT_GROUP = "burgundy.variants"
"""Entry-point group under which variant plugins register."""

INSTALL_HINT: dict[str, str] = {
    "knowledge": "pip install -e plugins/burgundy-knowledge",
    "shields": "pip install -e plugins/burgundy-shields",
    "trade_routes": "pip install -e plugins/burgundy-trade-routes",
    "solo": "pip install -e plugins/burgundy-solo",
    "outposts": "pip install -e plugins/burgundy-outposts",
    "team": "pip install -e plugins/burgundy-team",
    "white_castles": "pip install -e plugins/burgundy-white-castles",
    "inns": "pip install -e plugins/burgundy-inns",
    "extra_hexes": "pip install -e plugins/burgundy-extra-hexes",
}
"""How to install the project's own variant plugins."""


@cache
def _entry_points() -> dict[str, metadata.EntryPoint]:
    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def available_variants(players: int | None = None) -> tuple[str, ...]:
    """Return the names of the installed variant plugins, sorted.

    Args:
        players: Only those that play with this many players (their
            :attr:`VariantInfo.players`): what "every variant" means for a game of that
            count (the solo module plays only alone, the shields never). ``None``: all.

    Raises:
        ValueError: ``players`` is given and an installed plugin fails to load.

    Examples:
        >>> import burgundy
        >>> "knowledge" in burgundy.available_variants(players=2)
        True
    """
    names = tuple(sorted(_entry_points()))
    if players is None:
        return names
    return tuple(
        name for name in names
        if (counts := variant_info(name).players) is None or players in counts
    )


def _installed_infos() -> list[VariantInfo]:
    """What every installed variant that loads declares (for hints in error messages)."""
    infos = []
    for name in sorted(_entry_points()):
        try:
            infos.append(variant_info(name))
        except ValueError:  # a broken plugin: no hint from it
            continue
    return infos


def example_options(names: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """The options that let the installed variants ``names`` play together when nobody
    chose any: each one's :attr:`VariantInfo.example_options`. For tools that enable every
    installed variant (benchmarks, smoke tests), never a default of the rules.

    Raises:
        ValueError: A variant is not installed.

    Examples:
        >>> import burgundy
        >>> from burgundy.registry import example_options
        >>> example_options(("knowledge",))
        {}
    """
    options: dict[str, Any] = {}
    for name in names:
        options.update(variant_info(name).example_options)
    return options


#: What :func:`variant_info` found, by name, for the installed variants of
#: ``_INFOS_OF[0]`` (the entry points looked up then): a plugin's declaration is read once,
#: not at every call (each reading builds a plugin manager, milliseconds).
_INFOS: dict[str, VariantInfo] = {}
_INFOS_OF: list[object] = [None]


def variant_info(name: str) -> VariantInfo:
    """Return what installed variant ``name`` declares about itself, with the installed
    distribution's version when the plugin gives none. Read once while the installed
    variants stay the same.

    Raises:
        ValueError: No such variant is installed, or its plugin fails to load, has a bad
            hook implementation or declares itself wrongly.
    """
    points = _entry_points()
    if _INFOS_OF[0] is not points:  # the installed variants were looked up anew
        _INFOS.clear()
        _INFOS_OF[0] = points
    info = _INFOS.get(name)
    if info is None:
        info = _INFOS[name] = _read_variant_info(name)
    return info


def _read_variant_info(name: str) -> VariantInfo:
    plugin = _load_plugin(name)
    manager = Manager()
    manager.add_hookspecs(hookspecs)
    _register(manager, plugin, name)
    info = _variant_info(manager, plugin, name)
    dist = _entry_points()[name].dist
    if info.version == "0" and dist is not None:
        info = attrs.evolve(info, version=dist.version)
    return info


def _load_plugin(name: str) -> object:
    points = _entry_points()
    if name not in points:
        hint = INSTALL_HINT.get(name)
        how = f"; install it with: {hint}" if hint else ""
        raise ValueError(
            f"unknown or uninstalled variant {brief(name)}{how}; installed: "
            f"{list(available_variants())}"
        )
    try:
        plugin: object = points[name].load()
    except Exception as exc:  # a broken plugin: say which, not a traceback from inside it
        raise ValueError(
            f"variant {brief(name)} is installed but fails to load: {type(exc).__name__}: "
            f"{brief(str(exc))}"
        ) from None
    return plugin


def _register(manager: pluggy.PluginManager, plugin: object, name: str) -> None:
    """Register variant ``name``'s ``plugin`` with ``manager``.

    Raises:
        ValueError: A hook implementation's signature does not fit its hook.
    """
    try:
        manager.register(plugin, name=name)
    except pluggy.PluginValidationError as exc:
        raise ValueError(f"variant {name!r} has a bad hook implementation: {exc}") from None


def _variant_info(manager: pluggy.PluginManager, plugin: object, name: str) -> VariantInfo:
    impls = [
        impl for impl in manager.hook.burgundy_variant.get_hookimpls() if impl.plugin is plugin
    ]
    if len(impls) != 1:
        raise ValueError(f"variant plugin {name!r} must implement burgundy_variant() once")
    info = impls[0].function()
    if not isinstance(info, VariantInfo) or info.name != name:
        raise ValueError(
            f"variant plugin {name!r}: burgundy_variant() must return VariantInfo(name={name!r})"
        )
    return info
