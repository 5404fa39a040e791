"""Small drawing pieces Ilium's board, panel and hand share: tokens, colours, numerals."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from rendering import kit

STONE = (226, 216, 194)
TRAY = (250, 245, 232)  # the frame a site's tokens lie on
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


def chip(
    image: Image.Image,
    at: tuple[float, float],
    token: Sequence[int],
    size: int,
    trigger: int,
    text: int = kit.MIN_TEXT,
) -> None:
    """One artifact token on a tray: its type's colour, its value; the trigger value framed."""
    sprite = _chip(int(token[0]), int(token[1]), size, int(token[1]) == trigger, text)
    kit.paste(image, sprite, (round(at[0]), round(at[1])))


@lru_cache(maxsize=128)
def _chip(kind: int, value: int, size: int, framed: bool, text: int) -> Image.Image:
    """A token drawn once and pasted after: rounded corners show the tray beneath."""
    sprite, draw = kit.canvas(size + 1, size + 1, TRAY)
    draw.rounded_rectangle(
        (0, 0, size, size), 5, fill=TYPE_COLOURS[kind], outline=kit.INK, width=4 if framed else 1
    )
    kit.centred(draw, (size / 2, size / 2), str(value), max(text, size - 10))
    return sprite
