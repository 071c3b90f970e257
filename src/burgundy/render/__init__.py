"""Pictures of a game: SVG (:mod:`burgundy.render.svg`) and text for terminals
(:mod:`burgundy.render.text`)."""

from burgundy.render.svg import board_svg, duchy_svg, state_svg
from burgundy.render.text import board_text, duchy_text, state_text

__all__ = ["board_svg", "board_text", "duchy_svg", "duchy_text", "state_svg", "state_text"]
