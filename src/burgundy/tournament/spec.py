"""What a tournament plays: :class:`TournamentSpec` (a ruleset by its spec, the bots, the
games, the master seed), its :func:`seatings` and the seeds of its games (:func:`deal_seed`,
:func:`bot_seed`). Every name here is exported by :mod:`burgundy.tournament` too.

Examples:
    >>> import burgundy
    >>> from burgundy.tournament import TournamentSpec
    >>> TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()), bots="greedy,random",
    ...                games=2).game(1)[0]
    ('random', 'greedy')
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from hashlib import sha256
from typing import Any

import attrs

from burgundy.bots import make_bot
from burgundy.errors import brief
from burgundy.variants import Ruleset


def seatings(bots: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Return every seating of ``bots`` at ``players`` seats, in a fixed order.

    With at least as many bots as seats: every ordered choice of distinct bots. With fewer:
    every assignment of bots to seats in which each bot plays at least one seat. Either way
    the seatings are symmetric in the bots and in the seats. A bot named more than once (a
    *field*: one bot against several seats of another, as many names as seats) takes that
    many seats of every game, and a seating that only swaps two seats of one bot is the same
    seating, so it is played once.

    Args:
        bots: Bot specs, each once, or a full line-up (as many as ``players``) in which a
            bot may be named more than once.
        players: Seats per game.

    Examples:
        >>> from burgundy.tournament import seatings
        >>> seatings(["greedy", "random"], 2)
        (('greedy', 'random'), ('random', 'greedy'))
        >>> len(seatings(["a", "b", "c"], 2)), len(seatings(["a", "b"], 3))
        (6, 6)
        >>> seatings(["expert", "mcts", "mcts"], 3)  # one bot against a field of another
        (('expert', 'mcts', 'mcts'), ('mcts', 'expert', 'mcts'), ('mcts', 'mcts', 'expert'))
    """
    if len(bots) >= players:
        return tuple(dict.fromkeys(itertools.permutations(bots, players)))
    wanted = set(bots)
    return tuple(p for p in itertools.product(bots, repeat=players) if set(p) == wanted)


def deal_seed(master: int, deal: int) -> int:
    """Return the chance seed of a deal: 32 bits of SHA-256 of the master seed and the deal
    number, the same on every machine and Python.

    Examples:
        >>> from burgundy.tournament import deal_seed
        >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
        True
    """
    digest = sha256(f"burgundy-tournament:{master}:{deal}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def bot_seed(seed: int, seat: int) -> int:
    """Return the seed of the bot playing ``seat`` in a game with chance seed ``seed``
    (``seed * 10 + seat``, as ``burgundy simulate`` seeds its bots).

    Examples:
        >>> from burgundy.tournament import bot_seed
        >>> bot_seed(7, 1)
        71
    """
    return seed * 10 + seat


def _ruleset_spec(value: Any) -> dict[str, Any]:
    if isinstance(value, Ruleset):
        return value.to_dict()
    if isinstance(value, Mapping):
        return Ruleset.from_dict(value).to_dict()  # checked, and in its canonical form
    raise ValueError(f"ruleset must be a Ruleset or its spec (a dict); got {brief(value)}")


def _bots(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, Iterable):
        raise ValueError(f"bots must be a list of bot specs; got {brief(value)}")
    names = tuple(value)
    if not all(isinstance(name, str) for name in names):
        raise ValueError(f"bots must be bot spec strings; got {brief(list(names))}")
    names = tuple(name.strip() for name in names if name.strip())
    return names


def _per_seat(seating: Sequence[str], sides: Sequence[Sequence[int]], players: int,
              ) -> tuple[str, ...]:
    """A seating of bots over the sides as a bot per seat."""
    seats = [""] * players
    for bot, side in zip(seating, sides, strict=True):
        for seat in side:
            seats[seat] = bot
    return tuple(seats)


@attrs.frozen(kw_only=True)
class TournamentSpec:
    """What a tournament plays: a ruleset, the bots, the games and the master seed.

    The ruleset is kept as its spec (:meth:`Ruleset.to_dict`), so a spec is JSON-able and
    every worker builds the ruleset again from it.

    Attributes:
        ruleset: The ruleset's spec (given as a :class:`~burgundy.variants.Ruleset` or its
            spec dict).
        bots: Bot specs (``"mcts:100"``, a third party's ``"name:arg"``; given as a
            sequence or one comma-separated string), each once — or, for one bot against a
            field of another, a full line-up (a bot per side) in which a bot may be named
            more than once: it then plays that many seats of every game (:func:`seatings`).
        games: Games in all (at least 1).
        seed: The master seed every game's seed is derived from.
        seatings: Every seating (:func:`seatings` of the bots over the sides), as a bot
            spec per seat; game *g* plays ``g % len(seatings)``.
        sides: The seats of each estate, by estate: one seat each, but a team's partners
            together in team play (:meth:`~burgundy.state.State.estate_seats`).

    In team play (partners' seats share an estate, R-TEAM-DUCHY) a bot plays a team: the
    seatings are of the bots over the teams (:attr:`sides`), and each seating gives the bot
    of a team to every seat of it (two instances, seeded per seat as always). The standings
    then count teams, not seats (:func:`~burgundy.tournament.summarize`).

    Raises:
        ValueError: A bad ruleset, an unknown or repeated bot, or fewer than one game.

    Examples:
        >>> import burgundy
        >>> from burgundy.tournament import TournamentSpec
        >>> spec = TournamentSpec(ruleset=burgundy.Ruleset(players=2, variants=()),
        ...                       bots="greedy,random", games=4, seed=1)
        >>> spec.seatings
        (('greedy', 'random'), ('random', 'greedy'))
        >>> [spec.game(g)[0] for g in range(4)]
        [('greedy', 'random'), ('random', 'greedy'), ('greedy', 'random'), ('random', 'greedy')]
        >>> TournamentSpec.from_dict(spec.to_dict()) == spec
        True
    """

    ruleset: dict[str, Any] = attrs.field(converter=_ruleset_spec, eq=False)
    bots: tuple[str, ...] = attrs.field(converter=_bots)
    games: int
    seed: int = 0
    seatings: tuple[tuple[str, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    sides: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    _key: str = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not self.bots:
            raise ValueError("a tournament needs at least one bot")
        for name in self.names:
            make_bot(name)  # an unknown bot fails here, not in a worker
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise ValueError(f"games must be a whole number, at least 1; got {brief(self.games)}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"seed must be a whole number; got {brief(self.seed)}")
        rules = self.rules()
        sides = rules.initial_state().estate_seats()
        repeated = sorted({b for b in self.bots if self.bots.count(b) > 1})
        if repeated and len(self.bots) != len(sides):
            raise ValueError(f"bots named twice: {', '.join(repeated)} (each bot once, or a "
                             f"full line-up of {len(sides)} bots, one a side, for a field)")
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "seatings", tuple(
            _per_seat(seating, sides, rules.players)
            for seating in seatings(self.bots, len(sides))))
        object.__setattr__(self, "_key", json.dumps(self.ruleset, sort_keys=True))

    @property
    def names(self) -> tuple[str, ...]:
        """The distinct bots, in the order of :attr:`bots` (a bot of a field once)."""
        return tuple(dict.fromkeys(self.bots))

    @property
    def players(self) -> int:
        """Seats per game."""
        return int(self.ruleset["players"])

    def rules(self) -> Ruleset:
        """Return the ruleset, built from its spec."""
        return Ruleset.from_dict(self.ruleset)

    def game(self, index: int) -> tuple[tuple[str, ...], int]:
        """Return game ``index``'s seating (a bot spec per seat) and chance seed."""
        if not 0 <= index < self.games:
            raise ValueError(f"game must be 0-{self.games - 1}; got {brief(index)}")
        deal, seating = divmod(index, len(self.seatings))
        return self.seatings[seating], deal_seed(self.seed, deal)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON-able spec (a results file's header holds it)."""
        return {"ruleset": self.ruleset, "bots": list(self.bots), "games": self.games,
                "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Any) -> TournamentSpec:
        """Build a spec from :meth:`to_dict`'s output.

        Raises:
            ValueError: The data is not such a spec.
        """
        fields = {"ruleset", "bots", "games", "seed"}
        if not isinstance(data, Mapping) or set(data) != fields:
            raise ValueError(f"a tournament spec is an object with the fields {sorted(fields)}")
        return cls(ruleset=data["ruleset"], bots=data["bots"], games=data["games"],
                   seed=data["seed"])


__all__ = ["TournamentSpec", "bot_seed", "deal_seed", "seatings"]
