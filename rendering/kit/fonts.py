"""Text on images: the shipped font, drawing from cached masks, measuring, fitting, wrapping,
and the collectors tests use to check sizes and glyphs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import TypeVar

from PIL import Image, ImageDraw, ImageFont

from bot.paths import FONTS_DIR
from rendering.kit.colours import INK, RGB
from rendering.kit.drawing import Drawing, colours_of, note

Font = ImageFont.FreeTypeFont
MIN_TEXT = 16  # px: the smallest text any renderer may use at its shipped size
PHONE_TEXT_RATIO = 35  # no text smaller than 1/35 of the image width: readable at 400 px wide


def phone_text(width: int) -> int:
    """The smallest text size an image `width` px wide may use to read at 400 px on a phone."""
    return max(MIN_TEXT, -(-width // PHONE_TEXT_RATIO))


# The text sizes drawn while a `text_sizes()` block runs; None (the default) records nothing.
_TEXT_SIZES: ContextVar[list[int] | None] = ContextVar("text_sizes", default=None)
# The words drawn while a `drawn_words()` block runs; None (the default) records nothing.
T = TypeVar("T")
_DRAWN_WORDS: ContextVar[list[str] | None] = ContextVar("drawn_words", default=None)
NO_SUCH_CHARACTER = "\U0010fffd"  # a private-use point no font maps: it draws the font's .notdef


@contextmanager
def _collecting(into: ContextVar[list[T] | None]) -> Iterator[list[T]]:
    """A list `text` fills while the block runs (sprites cached earlier are pasted, not drawn:
    tests clear their caches first)."""
    found: list[T] = []
    token = into.set(found)
    try:
        yield found
    finally:
        into.reset(token)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Draw off the record: sample images made only to choose a palette are never shown, so
    the collectors must not count their words or sizes (English samples on a German board)."""
    sizes, drawn = _TEXT_SIZES.set(None), _DRAWN_WORDS.set(None)
    try:
        yield
    finally:
        _DRAWN_WORDS.reset(drawn)
        _TEXT_SIZES.reset(sizes)


def drawn_words() -> AbstractContextManager[list[str]]:
    """Collect every text drawn inside the block, so tests can check each glyph is in the font."""
    return _collecting(_DRAWN_WORDS)


@lru_cache(maxsize=1024)
def _glyph(character: str) -> tuple[tuple[int, ...], bytes]:
    """How the font draws one character at a test size: its box and its pixels."""
    box = tuple(int(v) for v in font(32).getbbox(character))
    return box, text_mask(character, 32)[0].tobytes()


def missing_glyphs(words: str) -> set[str]:
    """The characters of `words` the font has no glyph for (it would draw its .notdef box)."""
    notdef = _glyph(NO_SUCH_CHARACTER)
    return {c for c in set(words) if c not in "\n\t" and _glyph(c) == notdef}


def text_sizes() -> AbstractContextManager[list[int]]:
    """Collect the size of every text drawn inside the block, so tests can check readability."""
    return _collecting(_TEXT_SIZES)


FONT_PATH = FONTS_DIR / "DejaVuSansCondensed.ttf"  # shipped with its licence beside it
# Text edges in three steps of coverage (none, half, full) instead of 256: at a phone's 400 px
# the letters look the same, and a line of text is a quarter smaller as PNG.
TEXT_LEVELS = 3
_STEP = 255 / (TEXT_LEVELS - 1)
COVERAGE = tuple(round(round(value / _STEP) * _STEP) for value in range(256))


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    """The shipped DejaVu Sans Condensed at `size` px: narrow for phones, with every glyph of
    English, German, French and Italian (Pillow's bundled font has no dashes or ×)."""
    return ImageFont.truetype(
        str(FONT_PATH), size=max(size, MIN_TEXT), layout_engine=ImageFont.Layout.BASIC
    )


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, anchor: str = "la") -> tuple[Image.Image, int, int]:
    """The antialiased coverage of `text` (an L image) and its offset from the anchor point.

    Every renderer's text goes through here: FreeType rasterises each (text, size, anchor)
    once per process, and drawing it again is a paste.
    """
    left, top, right, bottom = (int(v) for v in font(size).getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size), fill=255, anchor=anchor)
    return mask.point(COVERAGE), left, top


@lru_cache(maxsize=1024)
def edge_colours(ink: RGB, under: RGB) -> tuple[RGB, ...]:
    """The colours text in `ink` takes on `under` where a letter's edge covers part of a pixel,
    as Pillow blends them."""
    levels = sorted(set(COVERAGE) - {0, 255})
    mask = Image.new("L", (len(levels), 1))
    mask.putdata(levels)
    strip = Image.new("RGB", mask.size, under)
    ImageDraw.Draw(strip).bitmap((0, 0), mask, fill=ink)
    data = strip.tobytes()
    return tuple((data[k], data[k + 1], data[k + 2]) for k in range(0, len(data), 3))


@lru_cache(maxsize=1024)
def _coverage(words: str, size: int, anchor: str) -> tuple[tuple[int, Image.Image], ...]:
    """A text's pixels split by coverage step: (step, an all-or-nothing mask of its pixels)."""
    mask = text_mask(words, size, anchor)[0]
    present = [level for level, count in enumerate(mask.histogram()) if count and level]
    return tuple((level, mask.point(_EXACTLY[level], "1")) for level in present)


_EXACTLY = {level: [255 if value == level else 0 for value in range(256)] for level in range(256)}
WIDE = 6000  # px: a text this large is filled through its coverage masks, not blended


def _drawn_in_fills(
    draw: Drawing, box: tuple[int, int, int, int], key: tuple[str, int, str], ink: RGB
) -> bool:
    """Note the colours a text makes on what lies under it; a wide text on one plain colour is
    drawn there as solid fills through its cached coverage masks (the pixels Pillow's blending
    would make, several times faster). False when it is still to be drawn."""
    wide = (box[2] - box[0]) * (box[3] - box[1]) >= WIDE
    if draw.picture.mode != "RGB" or not (wide or colours_of(draw.picture) is not None):
        return False
    unders = draw.under(box, middle=wide)
    for under in unders:
        note(draw.picture, edge_colours(ink, under))
    if len(unders) != 1 or not wide:
        return False
    (under,) = unders
    steps = dict(zip(sorted(set(COVERAGE) - {0}), (*edge_colours(ink, under), ink), strict=True))
    note(draw.picture, (ink,))
    for level, cover in _coverage(*key):
        draw.picture.paste(steps[level], box, cover)
    return True


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: RGB = INK,
    anchor: str = "la",
) -> None:
    """Draw `words` like ImageDraw.text does, from the cached mask (a paste, no rasterising)."""
    sizes = _TEXT_SIZES.get()
    if sizes is not None and words.strip():
        sizes.append(max(size, MIN_TEXT))
    drawn = _DRAWN_WORDS.get()
    if drawn is not None:
        drawn.append(words)
    mask, left, top = text_mask(words, size, anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    box = (x, y, x + mask.width, y + mask.height)
    if not isinstance(draw, Drawing) or not _drawn_in_fills(draw, box, (words, size, anchor), fill):
        draw.bitmap((x, y), mask, fill=fill)


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: RGB = INK,
    anchor: str = "la",
) -> None:
    """Draw `words` on an image (rather than a drawing context), from the cached mask."""
    text(Drawing(image), xy, words, size, fill, anchor)


@lru_cache(maxsize=4096)
def _box(words: str, size: int) -> tuple[int, int]:
    left, top, right, bottom = font(size).getbbox(words)
    return int(right - left), int(bottom - top)


def text_size(draw: ImageDraw.ImageDraw, words: str, size: int) -> tuple[int, int]:
    """Width and height of `words` at `size` (measured once per text and size)."""
    return _box(words, size)


def text_width(words: str, size: int) -> float:
    """How far `words` advance the pen at `size` (measured once per text and size)."""
    return _advance(words, size)


def centred(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, size: int, fill: RGB = INK
) -> None:
    """Draw `words` centred on a point."""
    text(draw, xy, words, size, fill, anchor="mm")


def fit_text(draw: ImageDraw.ImageDraw, words: str, size: int, width: int) -> str:
    """Shorten `words` with an ellipsis so they fit `width` px."""
    return fitted(words, size, width)


@lru_cache(maxsize=1024)
def fitted(words: str, size: int, width: float) -> str:
    """`words`, or their longest start plus "…" that fits `width`: one pass over the letters.

    Letter advances are summed once to find the cut (not re-measuring every shorter prefix);
    kerning can make the sum differ slightly, so the cut is checked and moved back if needed.
    """
    if _advance(words, size) <= width:
        return words
    room = width - _advance("…", size)
    used, cut = 0.0, 0
    for letter in words:
        used += _advance(letter, size)
        if used > room:
            break
        cut += 1
    while cut > 0 and _advance(words[:cut] + "…", size) > width:
        cut -= 1
    return words[:cut].rstrip() + "…"


@lru_cache(maxsize=4096)
def _advance(word: str, size: int) -> float:
    return float(font(size).getlength(word))


@lru_cache(maxsize=512)
def wrap_text(text: str, size: int, width: int) -> tuple[str, ...]:
    """Break `text` into lines that fit `width` px, at spaces (an overlong word is shortened)."""
    space = _advance(" ", size)
    lines: list[str] = []
    current: list[str] = []
    used = 0.0
    for word in text.split():
        advance = _advance(word, size)
        if current and used + space + advance > width:
            lines.append(" ".join(current))
            current, used = [], 0.0
        used += advance + (space if current else 0.0)
        current.append(word)
    if current:
        lines.append(" ".join(current))
    return tuple(fitted(line, size, width) for line in lines)
