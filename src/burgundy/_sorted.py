"""Functions on the sorted tuples the state keeps (storages, depots, dice), compiled in the
compiled build: the rules call them while they list every decision's actions. A private
module: :func:`burgundy.plugin.distinct` (also ``burgundy.components.distinct``) is the
public name.
"""

from __future__ import annotations


def distinct(values: tuple[int, ...]) -> tuple[int, ...]:
    """Return the distinct values of the sorted tuple ``values``, in order.

    Storages, depots and dice are kept sorted, so this is ``values`` itself unless a value
    repeats (then ``tuple(sorted(set(values)))``). Measured: on the usual two or three
    values this loop takes about half the time of ``tuple(sorted(set(values)))``.

    Examples:
        >>> distinct((1, 3, 3, 6))
        (1, 3, 6)
        >>> distinct(())
        ()
    """
    previous = None
    for value in values:
        if value == previous:
            return tuple(sorted(set(values)))
        previous = value
    return values
