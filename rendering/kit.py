"""The small drawing kit every game renderer shares: fonts, colours, text and PNG output."""

from __future__ import annotations

import io
import re
import struct
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont

from bot.engine.view import ViewContext
from bot.paths import FONTS_DIR

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
PNG_STRIP = 32  # rows compressed at a time
PNG_LEVEL = 3  # zlib level: about as fast as 1 on palette rows, and 10% smaller
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
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


@lru_cache(maxsize=32)
def font(size: int) -> Font:
    """The shipped DejaVu Sans Condensed at `size` px: narrow for phones, with every glyph of
    English, German, French and Italian (Pillow's bundled font has no dashes or ×)."""
    return ImageFont.truetype(
        str(FONT_PATH), size=max(size, MIN_TEXT), layout_engine=ImageFont.Layout.BASIC
    )


def canvas(
    width: int, height: int, colour: RGB = BACKGROUND
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank RGB image and its drawing context."""
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, anchor: str = "la") -> tuple[Image.Image, int, int]:
    """The antialiased coverage of `text` (an L image) and its offset from the anchor point.

    Every renderer's text goes through here: FreeType rasterises each (text, size, anchor)
    once per process, and drawing it again is a paste.
    """
    left, top, right, bottom = (int(v) for v in font(size).getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size), fill=255, anchor=anchor)
    return mask, left, top


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
    draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: RGB = INK,
    anchor: str = "la",
) -> None:
    """Draw `words` on an image (rather than a drawing context), from the cached mask."""
    text(ImageDraw.Draw(image), xy, words, size, fill, anchor)


def seat_label(context: ViewContext, seat: int, seats: Sequence[str]) -> str:
    """A seat with its player's name ("Hector — alice"), or the seat's name alone."""
    game_name = context.words(seats[seat]) if 0 <= seat < len(seats) else f"seat {seat + 1}"
    player = context.name(seat, seats)
    return game_name if player == game_name else f"{game_name} — {player}"


NAME_IN_SENTENCE = 16  # characters of a player's name kept inside a headline sentence


def seat_in_sentence(context: ViewContext, seat: int, seats: Sequence[str]) -> str:
    """A seat named inside a sentence with its player ("Green (carol)"), a long name clipped so
    the sentence's own words still fit a one-line bar; the seat alone when no name is known."""
    game_name = context.words(seats[seat]) if 0 <= seat < len(seats) else f"seat {seat + 1}"
    player = context.name(seat, seats)
    if player == game_name:
        return game_name
    if len(player) > NAME_IN_SENTENCE:
        player = player[: NAME_IN_SENTENCE - 1].rstrip() + "…"
    return f"{game_name} ({player})"


def name_seats(text: str, seats: Sequence[str], labels: Mapping[int, str]) -> str:
    """`text` with the first mention of each seat in `labels` replaced by its label, in one pass
    (so a player called like another seat is not named twice): engines' sentences say "Green
    wins" or "Hector: place a tile", and the reader wants to know who that is."""
    wanted = {seats[seat]: label for seat, label in labels.items() if 0 <= seat < len(seats)}
    wanted = {name: label for name, label in wanted.items() if name and label != name}
    if not wanted:
        return text
    names = sorted(wanted, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)")
    done: set[str] = set()

    def label(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in done:
            return name
        done.add(name)
        return wanted[name]

    return pattern.sub(label, text)


def headline(view: Mapping[str, Any], context: ViewContext) -> str:
    """The board's headline: the prompt naming the seat to move with its player, or the result
    naming the winners with theirs."""
    seats = [context.words(name) for name in view["seats"]]
    outcome = context.outcome(view)  # type: ignore[arg-type]
    if outcome:
        text, named = str(outcome["summary"]), list(outcome["winners"])
    else:
        mover = view.get("to_move")
        text, named = context.words(view.get("prompt") or ""), [] if mover is None else [mover]
    labels = {seat: seat_in_sentence(context, seat, seats) for seat in named}
    return name_seats(text, seats, labels)


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


def readable_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def require_view(view: object) -> Mapping[str, Any]:
    """Renderers draw view dicts only: refuse engine states and anything else."""
    if not isinstance(view, Mapping):
        raise TypeError(f"a renderer takes a view mapping, not {type(view).__name__}")
    return view


def tint(colour: RGB, amount: float) -> RGB:
    """`colour` mixed with white; amount 0 keeps it, 1 gives white."""
    r, g, b = (round(c + (255 - c) * amount) for c in colour)
    return (r, g, b)


def shade(colour: RGB, amount: float) -> RGB:
    """`colour` mixed with black; amount 0 keeps it, 1 gives black."""
    r, g, b = (round(c * (1 - amount)) for c in colour)
    return (r, g, b)


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

    Draw shapes here, not text: text is already antialiased at its real size.
    """
    big = Image.new("RGBA", (width * scale, height * scale), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), scale)
    return big.resize((width, height), Image.Resampling.LANCZOS)


_PNG_COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4), "P": (3, 1)}  # (type, bytes)
PALETTE_SAMPLE = 3  # the palette is chosen from a 1/3-scale copy: ~9x fewer pixels to sort
PALETTE_COLOURS = 256
# Image.info key: a palette image a renderer chose once for all its drawings (palette_of a
# sample drawing with every colour it uses); with_palette then skips choosing one per image.
PALETTE_HINT = "symposion.palette"


def _png_chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def _deflated_rows(image: Image.Image, stride: int) -> bytes:
    """PNG image data: each row behind a 0 (no filter) byte, compressed in strips of rows.

    Strips keep every buffer small, which is faster than one image-sized buffer.
    """
    compressor = zlib.compressobj(PNG_LEVEL)
    parts: list[bytes] = []
    width, height = image.size
    for top in range(0, height, PNG_STRIP):
        strip = memoryview(image.crop((0, top, width, min(height, top + PNG_STRIP))).tobytes())
        rows = (strip[start : start + stride] for start in range(0, len(strip), stride))
        parts.append(compressor.compress(b"\x00" + b"\x00".join(rows)))
    parts.append(compressor.flush())
    return b"".join(parts)


def _palette_chunks(image: Image.Image) -> list[bytes]:
    """A P image's PLTE chunk (and tRNS when its palette has transparency, left to Pillow)."""
    if image.mode != "P":
        return []
    palette = image.getpalette() or [0, 0, 0]
    return [_png_chunk(b"PLTE", bytes(palette[: 3 * PALETTE_COLOURS]))]


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG losslessly, the fast way: unfiltered rows, zlib level 3.

    Pillow's own encoder tries four row filters on every line; on flat-colour drawings that
    takes over twice as long for no smaller file, so the common modes are written here.
    """
    transparent = image.mode == "P" and "transparency" in image.info
    if image.mode not in _PNG_COLOUR_TYPES or transparent:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=1)
        return buffer.getvalue()
    colour_type, depth = _PNG_COLOUR_TYPES[image.mode]
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return b"".join(
        (
            PNG_SIGNATURE,
            _png_chunk(b"IHDR", header),
            *_palette_chunks(image),
            _png_chunk(b"IDAT", _deflated_rows(image, width * depth)),
            _png_chunk(b"IEND", b""),
        )
    )


def with_palette(image: Image.Image) -> Image.Image:
    """An RGB drawing as a palette image of at most 256 colours that looks the same.

    Drawings are flat colours plus antialiased edges, so a palette chosen from a reduced copy
    (fast octree, no dithering) keeps every colour within a few levels and makes the PNG about
    a third of the size. Other modes are returned as they are.
    """
    if image.mode != "RGB":
        return image
    chosen = image.info.get(PALETTE_HINT)
    if not isinstance(chosen, Image.Image):
        sample = image.reduce(PALETTE_SAMPLE) if min(image.size) >= 8 * PALETTE_SAMPLE else image
        chosen = palette_of(sample)
    return image.quantize(palette=chosen, dither=Image.Dither.NONE)


def palette_of(image: Image.Image) -> Image.Image:
    """The 256 colours that best cover `image` (fast octree), as a palette image."""
    return image.quantize(
        PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


def upload_png(image: Image.Image) -> bytes:
    """The PNG every renderer ships: the drawing as a palette image, encoded fast."""
    return to_png(with_palette(image))


def blank_png(width: int, height: int) -> bytes:
    """The bare encode the benchmarks compare renders against: a blank image, shipped alike."""
    return upload_png(Image.new("RGB", (width, height), BACKGROUND))
