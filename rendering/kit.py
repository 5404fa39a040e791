"""The small drawing kit every game renderer shares: fonts, colours, text and PNG output."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont
RGB = tuple[int, int, int]

BACKGROUND: RGB = (250, 246, 236)
INK: RGB = (33, 33, 33)
MUTED: RGB = (110, 110, 110)
HIGHLIGHT: RGB = (255, 196, 0)
SEAT_COLOURS: dict[str, RGB] = {
    "blue": (46, 104, 191),
    "red": (196, 52, 52),
    "green": (46, 150, 80),
    "yellow": (222, 176, 20),
    "purple": (128, 72, 170),
    "grey": (120, 120, 120),
}
MIN_TEXT = 16  # px: the smallest text any renderer may use at its shipped size


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    """Pillow's bundled scalable font at `size` px; never a system font path."""
    loaded = ImageFont.load_default(size=max(size, MIN_TEXT))
    assert isinstance(loaded, ImageFont.FreeTypeFont)
    return loaded


def canvas(
    width: int, height: int, colour: RGB = BACKGROUND
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank RGB image and its drawing context."""
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


def plain(text: str) -> str:
    """Swap characters the bundled font lacks (it has Latin only) for ones it has."""
    return text.replace("\u2212", "-").replace("\u2013", "-").replace("\u00d7", "x")


def text_size(draw: ImageDraw.ImageDraw, text: str, size: int) -> tuple[int, int]:
    """Width and height of `text` at `size`."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font(size))
    return int(right - left), int(bottom - top)


def centred(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB = INK
) -> None:
    """Draw `text` centred on a point."""
    draw.text(xy, plain(text), font=font(size), fill=fill, anchor="mm")


def fit_text(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """Shorten `text` with an ellipsis so it fits `width` px."""
    if text_size(draw, text, size)[0] <= width:
        return text
    while text and text_size(draw, text + "…", size)[0] > width:
        text = text[:-1]
    return text + "…"


def readable_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG the way every renderer ships images (fast, not maximal compression)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def blank_png(width: int, height: int) -> bytes:
    """The bare encode the benchmarks compare renders against."""
    return to_png(Image.new("RGB", (width, height), BACKGROUND))
