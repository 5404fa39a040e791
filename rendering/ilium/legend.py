"""The key at the foot of Ilium's board: token colours and every mark the map uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import ImageDraw

from bot.i18n import ENGLISH, say, words
from rendering import kit
from rendering.ilium.parts import CHOSEN, CLOSED, DONE_LINE, STONE, TYPE_COLOURS

LEGEND_HEIGHT = 112  # three lines of the smallest text
LEFT = 16
Sample = Callable[[ImageDraw.ImageDraw, tuple[int, int], int], None]


def draw_legend(
    draw: ImageDraw.ImageDraw,
    top: int,
    width: int,
    size: int,
    types: Sequence[str],
    language: str = ENGLISH,
) -> None:
    """Three lines: the token types' colours; spaces and pathways; the chosen pathway."""
    draw.line((LEFT, top, width - LEFT, top), fill=(214, 208, 196), width=2)
    step = size + 12
    y = top + 8
    swatches = [(_swatch(TYPE_COLOURS[k]), name) for k, name in enumerate(types)]
    _line(draw, (LEFT, y), swatches, size)
    marks = [
        (_shovel, words(say("table.image.ilium_shovel"), language)),
        (_excavated, words(say("table.image.ilium_excavated"), language)),
        (_cube, words(say("table.image.ilium_supply"), language)),
        (_trigger, words(say("table.image.ilium_trigger"), language)),
    ]
    _line(draw, (LEFT, y + step), marks, size)
    chosen = [
        (_chosen, words(say("table.image.ilium_chosen"), language)),
        (_closed, words(say("table.image.ilium_closed"), language)),
    ]
    _line(draw, (LEFT, y + 2 * step), chosen, size)


def _line(
    draw: ImageDraw.ImageDraw, at: tuple[int, int], items: Sequence[tuple[Sample, str]], size: int
) -> None:
    x, y = at
    for sample, label in items:
        sample(draw, (x, y), size)
        kit.text(draw, (x + size + 6, y), label, size, kit.MUTED)
        x += size + 6 + int(kit.text_width(label, size)) + 18


def _swatch(colour: kit.RGB) -> Sample:
    def sample(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> None:
        x, y = at
        draw.rounded_rectangle((x, y + 1, x + size, y + size + 1), 4, fill=colour, outline=kit.INK)

    return sample


def _shovel(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> None:
    x, y = at
    draw.ellipse((x, y + 1, x + size, y + size + 1), fill=STONE, outline=kit.INK, width=4)


def _excavated(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> None:
    x, y = at
    draw.line((x, y + size / 2 + 1, x + size, y + size / 2 + 1), fill=DONE_LINE, width=8)


def _cube(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> None:
    x, y = at
    inset = size // 5
    box = (x + inset, y + inset + 1, x + size - inset, y + size - inset + 1)
    draw.rectangle(box, fill=kit.MUTED, outline=kit.INK, width=2)


def _trigger(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> None:
    """A value-4 token's thick frame: once all are out, the mover may end the game (IM-16)."""
    x, y = at
    draw.rounded_rectangle(
        (x, y + 1, x + size, y + size + 1), 4, fill=STONE, outline=kit.INK, width=4
    )


def _chosen(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> None:
    x, y = at
    draw.rounded_rectangle((x, y + 1, x + size, y + size + 1), 6, fill=CHOSEN)


def _closed(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> None:
    """A site nobody plays at this table size (IM-4)."""
    x, y = at
    draw.ellipse((x, y + 1, x + size, y + size + 1), fill=CLOSED, outline=kit.MUTED, width=2)
