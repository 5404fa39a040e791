"""Memory the service holds for ongoing games: real Iliad games, a few moves each, in one process.

The games are built by bot.service.bench.fill_sessions on a temporary sqlite file (lobby, join,
start, then random legal moves, every step committed as in the bot). Python's heap growth is
measured with tracemalloc; the process's resident size (RSS) growth is shown beside it, with
tracemalloc's own bookkeeping taken out. The warm-up games are built on another store first,
so modules, game data and caches loaded once are not charged to the sessions.
"""

from __future__ import annotations

import asyncio
import gc
import os
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from bench.core import Settings, Table
from bot.service import GameService
from bot.service.bench import fill_sessions
from bot.store import Store

TITLE = "Memory: ongoing games held by the service"
GAME = "iliad"
PLIES = 6  # moves played in each game before measuring
WARM_UP = 3
TARGET_MB = 250.0  # per 1,000 ongoing games
MB = 1_000_000
COLUMNS = ["game", "games", "moves each", "seconds", "heap MB", "MB / 1,000 games"]
COLUMNS += ["RSS MB / 1,000", "target", "verdict"]


@dataclass(frozen=True)
class Measured:
    """What one fill of the service cost."""

    games: int
    plies: int
    seconds: float
    heap_bytes: int  # tracemalloc: Python heap growth, after a full collection
    rss_bytes: int | None  # resident size growth minus tracemalloc's own, None if unknown

    def per_thousand(self, size: float) -> float:
        """Megabytes per 1,000 games."""
        return size / MB * 1000 / self.games


def run(settings: Settings) -> list[Table]:
    """Fill a service with `settings.sessions` Iliad games and report the memory per 1,000."""
    measured = asyncio.run(measure(settings.sessions, PLIES, settings.seed))
    return [table(measured)]


async def measure(games: int, plies: int, seed: int = 0) -> Measured:
    """Build `games` ongoing games with `plies` moves each and measure what they keep."""
    with tempfile.TemporaryDirectory(prefix="symposion-memory-") as folder:
        await _warm_up(Path(folder) / "warm.sqlite3", plies, seed)
        store = await Store.open(Path(folder) / "games.sqlite3")
        try:
            service = GameService(store)
            return await _fill_traced(service, games, plies, seed)
        finally:
            await store.close()


async def _warm_up(path: Path, plies: int, seed: int) -> None:
    """A few games on a throwaway store: first-use costs are not the sessions' own."""
    store = await Store.open(path)
    try:
        await fill_sessions(GameService(store), WARM_UP, GAME, plies=plies, seed=seed + 1)
    finally:
        await store.close()


async def _fill_traced(service: GameService, games: int, plies: int, seed: int) -> Measured:
    gc.collect()
    rss_before = resident_bytes()
    tracemalloc.start()
    try:
        heap_before = tracemalloc.get_traced_memory()[0]
        started = time.perf_counter()
        ids = await fill_sessions(service, games, GAME, plies=plies, seed=seed)
        seconds = time.perf_counter() - started
        gc.collect()
        heap_after = tracemalloc.get_traced_memory()[0]
        bookkeeping = tracemalloc.get_tracemalloc_memory()
        rss_after = resident_bytes()
    finally:
        tracemalloc.stop()
    if service.ongoing_count() < len(ids):
        raise RuntimeError("some games ended while filling; measure fewer moves per game")
    rss = None
    if rss_before is not None and rss_after is not None:
        rss = rss_after - rss_before - bookkeeping
    return Measured(len(ids), plies, seconds, heap_after - heap_before, rss)


def resident_bytes() -> int | None:
    """This process's resident set size (Linux /proc), or None elsewhere."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def table(measured: Measured) -> Table:
    """One row per fill, with the target beside it."""
    per_thousand = measured.per_thousand(measured.heap_bytes)
    rss = "-" if measured.rss_bytes is None else measured.per_thousand(measured.rss_bytes)
    row: list[object] = [
        GAME,
        measured.games,
        measured.plies,
        measured.seconds,
        measured.heap_bytes / MB,
        per_thousand,
        rss,
        f"<= {TARGET_MB:.0f} MB",
        "ok" if per_thousand <= TARGET_MB else "over target",
    ]
    return Table(
        TITLE,
        COLUMNS,
        [row],
        notes=[
            "heap = tracemalloc growth after gc while the service holds every game "
            "(state, seats, lock, indexes); MB = 10^6 bytes;",
            "RSS = resident size growth minus tracemalloc's own bookkeeping (includes sqlite's "
            "page cache and allocator slack; Linux only);",
            f"games built by bot.service.bench.fill_sessions ({measured.plies} random legal "
            "moves each), committed to a temporary sqlite file; seconds include tracemalloc's "
            "slowdown.",
        ],
    )
