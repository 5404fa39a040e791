"""PNG output every renderer ships: a palette image, encoded the fast way."""

from __future__ import annotations

import io
import struct
import zlib
from functools import lru_cache

from PIL import Image

from rendering.kit.colours import BACKGROUND, RGB
from rendering.kit.drawing import colours_of
from rendering.kit.strips import STRIPS, StripCache, zlib_stream

PNG_STRIP = 32  # rows of a multi-byte image (RGB, RGBA) joined at a time
# zlib level: 5 on bands of 32 rows (rendering.kit.strips) makes an Iliad or a 4-seat Ilium board
# 7-10% smaller than level 4 did over the whole image, in about half the CPU (a band seen before
# is not compressed again; level 5 over the whole image cost about what level 4 did).
PNG_LEVEL = 5
# A hand is a small private image (7-15 KB) and mostly paper, where level 4 costs most (it
# hashes every byte of a long run): level 3 draws it in half the time for 2-4 KB more.
HAND_PNG_LEVEL = 3
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4), "P": (3, 1)}  # (type, bytes)
PALETTE_SAMPLE = 3  # the palette is chosen from a 1/3-scale copy: ~9x fewer pixels to sort
PALETTE_COLOURS = 256
# Image.info key: a palette image a renderer chose once for all its drawings (palette_of a
# sample drawing with every colour it uses); with_palette then skips choosing one per image.
PALETTE_HINT = "symposion.palette"
# Image.info key: the zlib level a renderer chose for its drawing (an int), in place of the
# level upload_png is given; for a board whose upload has room below 50 KB to spare CPU.
LEVEL_HINT = "symposion.png_level"


def _png_chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))


def _deflated_rows(
    image: Image.Image, stride: int, level: int, strips: StripCache | None = STRIPS
) -> bytes:
    """PNG image data: each row behind a 0 (no filter) byte, compressed band by band through
    `strips` (bands seen before are not compressed again), or in one call without it.

    A one-byte-per-pixel image gets its filter bytes from one paste: the image one column to
    the right of a zero column is exactly the rows PNG wants (no row-by-row copying in Python).
    """
    width, height = image.size
    if stride == width:
        beside = Image.new(image.mode, (width + 1, height), 0)  # L or P: copied byte for byte
        beside.paste(image, (1, 0))
        if strips is None:
            return zlib.compress(beside.tobytes(), level)
        return zlib_stream(memoryview(beside.tobytes()), width + 1, level, strips)
    compressor = zlib.compressobj(level)
    parts: list[bytes] = []
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


def to_png(image: Image.Image, level: int = PNG_LEVEL, strips: StripCache | None = STRIPS) -> bytes:
    """Encode as PNG losslessly, the fast way: unfiltered rows, zlib at `level`, a palette
    image's bands of rows compressed once per process (`strips`; None: every row each time).

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
            _png_chunk(b"IDAT", _deflated_rows(image, width * depth, level, strips)),
            _png_chunk(b"IEND", b""),
        )
    )


def with_palette(image: Image.Image) -> Image.Image:
    """An RGB drawing as a palette image of at most 256 colours that looks the same.

    A renderer's own palette (PALETTE_HINT) comes first, then the colours a kit drawing counted
    as it drew (exact, nothing to choose); any other drawing is flat colours plus antialiased
    edges, so a palette chosen from a reduced copy (fast octree, no dithering) keeps every
    colour within a few levels and makes the PNG about a third of the size. Other modes are
    returned as they are.
    """
    if image.mode != "RGB":
        return image
    chosen = image.info.get(PALETTE_HINT)
    known = colours_of(image)
    if not isinstance(chosen, Image.Image) and known is not None and len(known) <= PALETTE_COLOURS:
        chosen = exact_palette(known)
    if not isinstance(chosen, Image.Image):
        sample = image.reduce(PALETTE_SAMPLE) if min(image.size) >= 8 * PALETTE_SAMPLE else image
        chosen = palette_of(sample)
    return image.quantize(palette=chosen, dither=Image.Dither.NONE)


@lru_cache(maxsize=64)
def exact_palette(colours: frozenset[RGB]) -> Image.Image:
    """A palette of exactly these colours (for a drawing whose colours the kit counted), each
    at an entry the colour itself chooses, so the same picture always makes the same bytes
    and a colour keeps its index when others come or go (unless one collides with it, or the
    lowest colour changes: the entries below it repeat it): the bands of rows a drawing shares
    with the one before are then the same bytes, compressed once (rendering.kit.strips).

    Colours go in sorted order to the entry of `colour_slot`, or the next free one; every
    other entry repeats the colour before it (the first colour before the first), and Pillow
    maps a pixel to the first of equal entries, so no pixel uses a repeat.
    """
    entries: list[RGB | None] = [None] * PALETTE_COLOURS
    for colour in sorted(colours):
        slot = colour_slot(colour)
        while entries[slot] is not None:
            slot = (slot + 1) % PALETTE_COLOURS
        entries[slot] = colour
    last = next(colour for colour in entries if colour is not None)
    filled: list[RGB] = []
    for entry in entries:
        last = entry or last
        filled.append(last)
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in filled for channel in colour])
    return palette


def colour_slot(colour: RGB) -> int:
    """The palette entry a counted colour asks for: a fixed mix of its channels."""
    red, green, blue = colour
    return (red * 7919 + green * 104729 + blue * 1299709) % PALETTE_COLOURS


def palette_of(image: Image.Image) -> Image.Image:
    """The 256 colours that best cover `image` (fast octree), as a palette image."""
    return image.quantize(
        PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


def upload_png(image: Image.Image, level: int = PNG_LEVEL) -> bytes:
    """The PNG every renderer ships: the drawing as a palette image, encoded fast (at the
    renderer's own level, LEVEL_HINT, if it chose one)."""
    chosen = image.info.get(LEVEL_HINT)
    return to_png(with_palette(image), chosen if isinstance(chosen, int) else level)


def blank_png(width: int, height: int) -> bytes:
    """The bare encode the benchmarks compare renders against: a blank image, shipped alike
    but compressed whole every time (no band of it known from an earlier image)."""
    return to_png(with_palette(Image.new("RGB", (width, height), BACKGROUND)), strips=None)
