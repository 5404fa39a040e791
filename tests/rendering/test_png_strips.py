"""Bands of rows deflated once per process: the PNG is the same bytes whatever was known before,
every pixel comes back, and a band that changed is compressed anew."""

from __future__ import annotations

import random
import zlib

import pytest
from PIL import Image

from rendering import kit
from rendering.kit.strips import STRIP_ROWS, StripCache, adler32_combine, zlib_stream
from tests.rendering.helpers import decode


def _rows(height: int, width: int, seed: int) -> bytes:
    """Rows of flat runs with some noise, as a drawing's palette indices look."""
    chooser = random.Random(seed)
    runs = (chooser.choice((0, 0, 0, 7, chooser.randrange(256))) for _ in range(width * height))
    return bytes(runs)


@pytest.mark.parametrize("level", range(10))
@pytest.mark.parametrize("height", [1, STRIP_ROWS - 1, STRIP_ROWS, 3 * STRIP_ROWS + 5])
def test_a_banded_stream_inflates_to_its_rows(level: int, height: int) -> None:
    raw = _rows(height, 41, level + height)
    stream = zlib_stream(memoryview(raw), 41, level, StripCache())
    assert zlib.decompress(stream) == raw  # zlib checks the header and the Adler-32 too


def test_known_bands_make_the_same_bytes_and_new_ones_are_compressed() -> None:
    cache = StripCache()
    first = _rows(4 * STRIP_ROWS, 50, 1)
    fresh = zlib_stream(memoryview(first), 50, 5, cache)
    assert len(cache) == 4
    assert zlib_stream(memoryview(first), 50, 5, cache) == fresh
    assert len(cache) == 4  # nothing new was compressed
    changed = bytearray(first)
    changed[2 * STRIP_ROWS * 50 + 3] ^= 0xFF  # one pixel in the third band
    again = zlib_stream(memoryview(bytes(changed)), 50, 5, cache)
    assert len(cache) == 5 and zlib.decompress(again) == bytes(changed)
    assert again == zlib_stream(memoryview(bytes(changed)), 50, 5, StripCache())


def test_the_cache_keeps_only_the_most_recently_used_bands() -> None:
    cache = StripCache(kept=3)
    for seed in range(5):
        zlib_stream(memoryview(_rows(STRIP_ROWS, 20, seed)), 20, 5, cache)
    assert len(cache) == 3


def test_a_palette_image_is_the_same_png_with_or_without_known_bands() -> None:
    image = Image.frombytes("P", (60, 3 * STRIP_ROWS), _rows(3 * STRIP_ROWS, 60, 9))
    image.putpalette([v for k in range(256) for v in (k, 255 - k, k // 2)])
    banded, whole = kit.to_png(image), kit.to_png(image, strips=None)
    assert banded == kit.to_png(image)
    back = decode(banded)
    assert back.tobytes() == decode(whole).tobytes() == image.tobytes()
    assert back.getpalette() == image.getpalette()


@pytest.mark.parametrize("seed", range(40))
def test_combined_adler32_is_that_of_the_joined_data(seed: int) -> None:
    """The stream's checksum is made from the bands' own (zlib's adler32_combine)."""
    chooser = random.Random(seed)
    first = chooser.randbytes(chooser.choice((0, 1, 5, 5552, 70_000)))
    second = chooser.randbytes(chooser.choice((0, 1, 3, 5552, 65_521, 200_000)))
    if seed % 3 == 0:  # long runs of 255 push both sums round the modulus many times
        second = b"\xff" * len(second)
    joined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert joined == zlib.adler32(first + second)
