"""PNG image data deflated a band of rows at a time, each band compressed once per process.

A game's boards differ move to move in a few bands (the squares that changed, the turn's
player block); the rest of the picture, and every board's legend, repeats. So the rows are cut
into bands of STRIP_ROWS rows, each band deflated on its own (a sync flush ends it on a byte
boundary, so bands join into one valid stream) and kept by a hash of its rows, and a band drawn
before is not compressed again. The bytes depend only on the picture: the same image always makes
the same PNG, whichever bands were already known. A band cannot refer back into the band above
it, which costs 2-5% of the upload against one stream over the whole image. Each band keeps its
Adler-32 too, and the stream's checksum is combined from the bands' (what zlib's
adler32_combine does): a known band's rows are then read once (its hash), not twice.

The hash is Python's own (SipHash, keyed afresh in every process, 64 bits) with the band's
length: for a wrong band to be sent, a new band would have to collide with one of the 4,096
kept, about once in 4 * 10^15 bands drawn. SHA-256 read the rows at a third of the speed (0.57
against 0.24 ms of CPU for an Iliad board), for a safety no picture needs.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict

STRIP_ROWS = 32  # a 720-800 px band is 23-26 KB: within deflate's 32 KB window
KEPT_STRIPS = 4096  # compressed bands remembered (about 1 KB each), least recently used dropped
_ZLIB_METHOD = 0x78  # deflate with a 32 KB window
_LAST_BLOCK = b"\x03\x00"  # an empty final block (fixed codes): ends the deflate stream
_ADLER_BASE = 65521  # Adler-32's modulus


class StripCache:
    """Compressed bands and their Adler-32 by (level, length and hash of their rows), the least
    recently used dropped first; safe to share between threads (tests and scripts draw in the
    loop's thread pool)."""

    def __init__(self, kept: int = KEPT_STRIPS) -> None:
        self.kept = kept
        self._bands: OrderedDict[tuple[int, int, int], tuple[bytes, int]] = OrderedDict()
        self._lock = threading.Lock()

    def deflated(self, rows: memoryview, level: int) -> tuple[bytes, int]:
        """The band's rows as deflate blocks ending on a byte boundary (not the last block),
        and the rows' Adler-32."""
        key = (level, len(rows), hash(rows))
        with self._lock:
            known = self._bands.get(key)
            if known is not None:
                self._bands.move_to_end(key)
                return known
        compressor = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
        made = (
            compressor.compress(rows) + compressor.flush(zlib.Z_SYNC_FLUSH),
            zlib.adler32(rows),
        )
        with self._lock:
            self._bands[key] = made
            while len(self._bands) > self.kept:
                self._bands.popitem(last=False)
        return made

    def __len__(self) -> int:
        return len(self._bands)

    def clear(self) -> None:
        """Forget every band."""
        with self._lock:
            self._bands.clear()


STRIPS = StripCache()  # one per process: the drawing workers each keep their own


def zlib_stream(raw: memoryview, row_bytes: int, level: int, cache: StripCache = STRIPS) -> bytes:
    """A zlib stream of `raw` (whole rows of `row_bytes`), deflated band by band through
    `cache`; zlib.decompress gives back `raw` exactly."""
    band = row_bytes * STRIP_ROWS
    parts = [_zlib_header(level)]
    checksum = 1
    for start in range(0, len(raw), band):
        rows = raw[start : start + band]
        deflated, adler = cache.deflated(rows, level)
        parts.append(deflated)
        checksum = adler32_combine(checksum, adler, len(rows))
    parts += [_LAST_BLOCK, struct.pack(">I", checksum)]
    return b"".join(parts)


def adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two pieces of data joined, from each one's and the second's length: the
    sums A = 1 + bytes and B = the sum of every A on the way (RFC 1950), so joined
    A = A1 + A2 - 1 and B = B1 + B2 + length * (A1 - 1), both modulo 65521."""
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % _ADLER_BASE
    high = ((first >> 16) + (second >> 16) + length * ((first & 0xFFFF) - 1)) % _ADLER_BASE
    return (high << 16) | low


def _zlib_header(level: int) -> bytes:
    """The two bytes opening a zlib stream, with the compression level's hint zlib writes."""
    hint = 0 if level < 2 else 1 if level < 6 else 2 if level == 6 else 3
    flags = hint << 6
    flags += 31 - (_ZLIB_METHOD * 256 + flags) % 31
    return bytes((_ZLIB_METHOD, flags))
