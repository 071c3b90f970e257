"""Functions on the sorted tuples the state keeps (storages, depots, dice), compiled in the
compiled build: the rules call them while they list every decision's actions. A private
module: :func:`burgundy.components.distinct` is the public name.
"""

from __future__ import annotations


def distinct(values: tuple[int, ...]) -> tuple[int, ...]:
    """Return the distinct values of the sorted tuple ``values``, in order.

    Storages, depots and dice are kept sorted, so this is ``values`` itself unless a value
    repeats (then ``tuple(sorted(set(values)))``): on the usual two or three values one
    pass over the neighbours costs less than building a set.

    Examples:
        >>> distinct((1, 3, 3, 6))
        (1, 3, 6)
        >>> distinct(())
        ()
    """
    for k in range(1, len(values)):
        if values[k] == values[k - 1]:
            return tuple(sorted(set(values)))
    return values
