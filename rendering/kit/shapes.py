"""Shapes the renderers share: a blank canvas, hatching, antialiased sprites."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from rendering.kit.colours import BACKGROUND, RGB
from rendering.kit.drawing import Drawing, start
from rendering.kit.fonts import COVERAGE


def canvas(width: int, height: int, colour: RGB = BACKGROUND) -> tuple[Image.Image, Drawing]:
    """A blank RGB image and its drawing context, which keeps count of the colours drawn."""
    image = start(Image.new("RGB", (width, height), colour), colour)
    return image, Drawing(image)


def hatch(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    fill: RGB,
    spacing: int = 10,
    width: int = 3,
) -> None:
    """Diagonal stripes (lower left to upper right) inside a rectangle."""
    left, top, right, bottom = box
    for offset in range(-(bottom - top), right - left, spacing):
        x0, y0 = left + offset, bottom
        x1, y1 = x0 + (bottom - top), top
        if x0 < left:
            y0, x0 = bottom - (left - x0), left
        if x1 > right:
            y1, x1 = top + (x1 - right), right
        draw.line((x0, y0, x1, y1), fill=fill, width=width)


def smooth_sprite(
    width: int, height: int, paint: Callable[[ImageDraw.ImageDraw, int], None], scale: int = 4
) -> Image.Image:
    """An antialiased RGBA sprite: `paint(draw, scale)` draws at `scale` times, then it shrinks.

    Each pixel averages the `scale` x `scale` it came from (no sharpening filter, whose ringing
    made hundreds of extra colours), and its edge's coverage is stepped like a letter's
    (COVERAGE): the sprite's outline reads the same and costs a tenth fewer PNG bytes.
    Draw shapes here, not text: text is already antialiased at its real size.
    """
    big = Image.new("RGBA", (width * scale, height * scale), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), scale)
    sprite = big.resize((width, height), Image.Resampling.BOX)
    sprite.putalpha(sprite.getchannel("A").point(COVERAGE))
    return sprite
