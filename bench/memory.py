"""Memory the service holds for ongoing games: real Iliad games, a few moves each, in one process.

Played live: bot.service.bench.fill_sessions builds the games on a temporary sqlite file (lobby,
join, start, then random legal moves, every step committed as in the bot). Reloaded: a new
service loads the same games from that file, as a restarted bot does. Python's heap growth is
measured with tracemalloc; the process's resident size (RSS) growth is shown beside the live
figure, with tracemalloc's own bookkeeping taken out. Warm-up games on another store come first,
so modules, game data and caches loaded once are not charged to the sessions.
"""

from __future__ import annotations

import asyncio
import gc
import os
import tempfile
import time
import tracemalloc
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.core import Settings, Table
from bot.service import GameService
from bot.service.bench import fill_sessions
from bot.store import Store

TITLE = "Memory: ongoing games held by the service"
GAME = "iliad"
PLIES = 4  # moves played in each game before measuring (tracemalloc slows each ~3x)
WARM_UP = 3
TARGET_MB = 250.0  # per 1,000 ongoing games
MB = 1_000_000
COLUMNS = ["game", "sessions", "games", "moves each", "seconds", "heap MB", "MB / 1,000 games"]
COLUMNS += ["RSS MB / 1,000", "target", "verdict"]


@dataclass(frozen=True)
class Measured:
    """What one way of filling the service cost."""

    how: str
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
    return [table(asyncio.run(measure(settings.sessions, PLIES, settings.seed)))]


async def measure(games: int, plies: int, seed: int = 0) -> list[Measured]:
    """Build `games` ongoing games with `plies` moves each; measure them live, then reloaded."""
    with tempfile.TemporaryDirectory(prefix="symposion-memory-") as folder:
        await _warm_up(Path(folder) / "warm.sqlite3", plies, seed)
        store = await Store.open(Path(folder) / "games.sqlite3")
        try:
            service = GameService(store)
            fill = fill_sessions(service, games, GAME, plies=plies, seed=seed)
            live = await _traced("played live", fill, plies)
            if service.places.ongoing_count() < games:
                raise RuntimeError("some games ended while filling; play fewer moves per game")
            del service, fill
            fresh = GameService(store)
            reloaded = await _traced("reloaded at start", _loaded(fresh), plies, rss=False)
            return [live, reloaded]
        finally:
            await store.close()


async def _loaded(service: GameService) -> int:
    """What a restarted bot does first: load every ongoing game from the store."""
    return await service.load()


async def _warm_up(path: Path, plies: int, seed: int) -> None:
    """A few games on a throwaway store: first-use costs are not the sessions' own."""
    store = await Store.open(path)
    try:
        service = GameService(store)
        await fill_sessions(service, WARM_UP, GAME, plies=plies, seed=seed + 1)
        await GameService(store).load()
    finally:
        await store.close()


async def _traced(
    how: str, work: Coroutine[Any, Any, list[int] | int], plies: int, *, rss: bool = True
) -> Measured:
    """Run `work` (it returns the games or their number) under tracemalloc; its heap growth."""
    gc.collect()
    rss_before = resident_bytes() if rss else None
    tracemalloc.start()
    try:
        heap_before = tracemalloc.get_traced_memory()[0]
        started = time.perf_counter()
        done = await work
        seconds = time.perf_counter() - started
        gc.collect()
        heap_after = tracemalloc.get_traced_memory()[0]
        bookkeeping = tracemalloc.get_tracemalloc_memory()
        rss_after = resident_bytes() if rss else None
    finally:
        tracemalloc.stop()
    games = done if isinstance(done, int) else len(done)
    grown = None
    if rss_before is not None and rss_after is not None:
        grown = rss_after - rss_before - bookkeeping
    return Measured(how, games, plies, seconds, heap_after - heap_before, grown)


def resident_bytes() -> int | None:
    """This process's resident set size (Linux /proc), or None elsewhere."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


def table(rows: list[Measured]) -> Table:
    """One row per way of filling the service, with the target beside each."""
    return Table(
        TITLE,
        COLUMNS,
        [_row(measured) for measured in rows],
        notes=[
            "heap = tracemalloc growth after gc while the service holds every game "
            "(state, seats, lock, indexes); MB = 10^6 bytes;",
            "played live: bot.service.bench.fill_sessions opens, starts and plays each game "
            "(random legal moves, each committed to a temporary sqlite file);",
            "reloaded at start: a new service loads the same games from that file, as a "
            "restarted bot does;",
            "RSS = resident size growth minus tracemalloc's own bookkeeping (includes sqlite's "
            "page cache and allocator slack; Linux; live only); seconds include tracemalloc.",
        ],
    )


def _row(measured: Measured) -> list[object]:
    per_thousand = measured.per_thousand(measured.heap_bytes)
    rss = "" if measured.rss_bytes is None else measured.per_thousand(measured.rss_bytes)
    return [
        GAME,
        measured.how,
        measured.games,
        measured.plies,
        measured.seconds,
        measured.heap_bytes / MB,
        per_thousand,
        rss,
        f"<= {TARGET_MB:.0f} MB",
        "ok" if per_thousand <= TARGET_MB else "over target",
    ]
