"""Small drawing pieces Ilium's board, panel and hand share: tokens, colours, numerals."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from bot.games.ilium.viewtypes import IliumView
from rendering import kit

STONE = (226, 216, 194)
DONE_LINE = (196, 160, 70)  # an excavated pathway
PATH_LINE = (150, 138, 118)
CLOSED = (205, 205, 205)
CHOSEN: kit.RGB = (232, 62, 200)  # the pathway being placed on: no seat wears this colour
# Coins, Horses, Armbands, Bottles, Helmets: pale fills so the dark value reads on each.
TYPE_COLOURS: tuple[kit.RGB, ...] = (
    (240, 204, 92),
    (196, 146, 104),
    (186, 160, 222),
    (128, 204, 192),
    (188, 192, 202),
)
_ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII"}


def roman(number: int) -> str:
    """A site's numeral as printed."""
    return _ROMAN.get(number, str(number))


def player_colour(view: IliumView, seat: int) -> kit.RGB:
    """The seat's colour as the lobby names it."""
    return kit.SEAT_COLOURS.get(view["colours"][seat], kit.MUTED)


def chip(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    token: Sequence[int],
    size: int,
    trigger: int,
    text: int = kit.MIN_TEXT,
) -> None:
    """One artifact token: its type's colour, its value; the value-4 tokens get a dark frame."""
    x, y = at
    kind, value = token[0], token[1]
    frame = 4 if value == trigger else 1
    draw.rounded_rectangle(
        (x, y, x + size, y + size), 5, fill=TYPE_COLOURS[kind], outline=kit.INK, width=frame
    )
    kit.centred(draw, (x + size / 2, y + size / 2), str(value), max(text, size - 10))
