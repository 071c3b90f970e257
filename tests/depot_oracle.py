"""The depot layout as the tests expect it, written out independently of the packaged data
(rulebook p3; docs/rules.md, "Phases and rounds"): depot -> colours of its spaces marked 2, 3 and
4."""

from __future__ import annotations

DEPOT_LAYOUT: dict[int, tuple[list[str], list[str], list[str]]] = {
    1: (["city", "river"], ["knowledge"], ["pasture"]),
    2: (["knowledge", "castle"], ["city"], ["city"]),
    3: (["pasture", "city"], ["river"], ["knowledge"]),
    4: (["river", "city"], ["pasture"], ["mine"]),
    5: (["mine", "knowledge"], ["city"], ["city"]),
    6: (["city", "pasture"], ["castle"], ["river"]),
}
