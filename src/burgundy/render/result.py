"""A finished game's result in words: who won, and by what rule.

:func:`result_text` is the line ``burgundy play`` and ``burgundy watch`` end with and the
status of the SVG pictures once the game is over. The base game's rule (R-TIEBREAK): the
most VP wins; a tie goes to the most (option ``tiebreak_empty``: or fewest) empty duchy
spaces, then to the seat further back in turn order. A variant whose result is decided by
another rule (team play's summed VP, the solo module's covered spaces) says so with its
:attr:`~burgundy.variant_info.VariantInfo.result`.
"""

from __future__ import annotations

import re

from burgundy.state import State

__all__ = ["result_text"]


def result_text(state: State, short: bool = False) -> str:
    """The result of the finished game of ``state`` in one line: won or lost, and against
    which rule (``""`` while the game is not over).

    The last enabled variant that declares a :attr:`~burgundy.variant_info.VariantInfo.result`
    gives it; otherwise the base game's rule.

    Args:
        state: The game's state.
        short: Only the line's first clause, who won or whether it was lost (``Winner:
            seat 0``, ``Lost: 31 of 37 spaces covered``), as the SVG's status shows it.

    Examples:
        >>> import burgundy
        >>> game = burgundy.Game(players=2, variants=(), seed=3)
        >>> while not game.state.is_terminal:
        ...     _ = game.play(game.legal_actions()[0])
        >>> result_text(game.state)
        'Winner: seat 0, with the most VP (58 to 52)'
        >>> result_text(game.state, short=True)
        'Winner: seat 0'
    """
    if not state.is_terminal:
        return ""
    text = next((info.result(state) for info in reversed(state.rules.infos)
                 if info.result is not None), None)
    if text is None:
        text = base_result(state)
    return re.split(r"; |, | \(|\. ", text, maxsplit=1)[0] if short else text


def base_result(state: State) -> str:
    """The base game's result (R-TIEBREAK): the most VP, then the tie-breaks."""
    winners = state.winners()
    if not winners:
        return "No winner."
    if len(winners) > 1:
        return f"Winners: seats {', '.join(map(str, winners))}"
    best = winners[0]
    scores = state.scores
    if len(scores) == 1:
        return f"Seat {best}: {scores[best]} VP"
    others = sorted((vp for seat, vp in enumerate(scores) if seat != best), reverse=True)
    if scores[best] > others[0]:
        return f"Winner: seat {best}, with the most VP ({scores[best]} to {others[0]})"
    tied = [seat for seat, vp in enumerate(scores) if vp == scores[best]]
    empty = {state.seat_estate(seat).empty_spaces for seat in tied}
    which = state.rules.options["tiebreak_empty"]
    rule = (f"the tie goes to the {which} empty duchy spaces" if len(empty) > 1 else
            "equal empty spaces too: the tie goes to the seat further back in turn order")
    return (f"Winner: seat {best}, tied on {scores[best]} VP with seat"
            f"{'s' if len(tied) > 2 else ''} {', '.join(str(s) for s in tied if s != best)}; "
            f"{rule} (R-TIEBREAK)")
