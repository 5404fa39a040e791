"""Snowflakes and timestamps shaped like Discord's, so discord.py reads sensible dates."""

from __future__ import annotations

import datetime as dt
import itertools
import os
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    """Hands out unique, increasing snowflakes built from the wall clock."""

    def __init__(self) -> None:
        """Start the per-process increment at zero; bits 12-21 carry the process, as Discord's
        worker and process ids do, so two fakes in two processes never hand out the same id."""
        self._counter = itertools.count()
        self._process = (os.getpid() & 0x3FF) << 12
        self._last = 0

    def next(self) -> int:
        """Return a new snowflake, strictly greater than every earlier one."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | self._process | (next(self._counter) & 0xFFF)
        self._last = max(value, self._last + 1)
        return self._last


def iso_now() -> str:
    """Return the current UTC time in the ISO format Discord uses."""
    return dt.datetime.now(dt.UTC).isoformat()
