"""The key at the foot of Ilium's board: token colours and every mark the map uses."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from rendering import kit
from rendering.ilium.parts import CHOSEN, CLOSED, DONE_LINE, STONE, TYPE_COLOURS

LEGEND_HEIGHT = 112  # three lines of the smallest text
LEFT = 16


def draw_legend(
    draw: ImageDraw.ImageDraw,
    top: int,
    width: int,
    size: int,
    types: Sequence[str],
    language: str,
) -> None:
    """Three lines: the token types' colours; spaces and pathways; the chosen pathway."""
    reader = kit.reader(language)
    draw.line((LEFT, top, width - LEFT, top), fill=kit.FAINT, width=2)
    step = size + 12
    y = top + 8
    swatches = [(_swatch(TYPE_COLOURS[k]), name) for k, name in enumerate(types)]
    kit.legend_row(draw, (LEFT, y), swatches, size, 18)
    marks = [
        (_shovel, reader.say("table.image.ilium_shovel")),
        (_excavated, reader.say("table.image.ilium_excavated")),
        (_cube, reader.say("table.image.ilium_supply")),
        (_trigger, reader.say("table.image.ilium_trigger")),
    ]
    kit.legend_row(draw, (LEFT, y + step), marks, size, 18)
    chosen = [
        (_chosen, reader.say("table.image.ilium_chosen")),
        (_closed, reader.say("table.image.ilium_closed")),
    ]
    kit.legend_row(draw, (LEFT, y + 2 * step), chosen, size, 18)


def _swatch(colour: kit.RGB) -> kit.Sample:
    def sample(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> int:
        x, y = at
        draw.rounded_rectangle((x, y + 1, x + size, y + size + 1), 4, fill=colour, outline=kit.INK)
        return size

    return sample


def _shovel(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> int:
    x, y = at
    draw.ellipse((x, y + 1, x + size, y + size + 1), fill=STONE, outline=kit.INK, width=4)
    return size


def _excavated(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> int:
    x, y = at
    draw.line((x, y + size / 2 + 1, x + size, y + size / 2 + 1), fill=DONE_LINE, width=8)
    return size


def _cube(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> int:
    x, y = at
    inset = size // 5
    box = (x + inset, y + inset + 1, x + size - inset, y + size - inset + 1)
    draw.rectangle(box, fill=kit.MUTED, outline=kit.INK, width=2)
    return size


def _trigger(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> int:
    """A value-4 token's thick frame: once all are out, the mover may end the game (IM-16)."""
    x, y = at
    draw.rounded_rectangle(
        (x, y + 1, x + size, y + size + 1), 4, fill=STONE, outline=kit.INK, width=4
    )
    return size


def _chosen(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> int:
    x, y = at
    draw.rounded_rectangle((x, y + 1, x + size, y + size + 1), 6, fill=CHOSEN)
    return size


def _closed(draw: ImageDraw.ImageDraw, at: tuple[int, int], size: int) -> int:
    """A site nobody plays at this table size (IM-4)."""
    x, y = at
    draw.ellipse((x, y + 1, x + size, y + size + 1), fill=CLOSED, outline=kit.MUTED, width=2)
    return size
