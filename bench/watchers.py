"""A move's latency with 500 open live web pages against none, alternating A/B in one run.

One fake Discord and the real SymposionBot with its site (issue 28) on a temporary sqlite file.
Two Iliad games in two channels: game A has no page open, game B has WATCHERS live pages
open (raw connections that read everything, as browsers do). Moves alternate A, B, A, B...,
each timed from the click to the new board reaching the fake (the bot settled in between), so
both conditions share the machine's moment. For B, also the time until every open page has
the update (click -> last page).
"""

from __future__ import annotations

import asyncio
import re
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bench.core import Settings, Table
from bench.roundtrip import percentile
from bot.client import SymposionBot
from bot.settings import WebSettings
from tests.e2e.fake_discord import LogGuard, measure_round_trip, running, serving
from tests.e2e.symposion import game_message, is_live_board, is_over, next_move_click, open_game

TITLE = "Web pages: a move with 500 open live pages against none (A/B, one run)"
WATCHERS = 500
CHANNELS = ("general", "games")  # A: nobody watches; B: WATCHERS pages
VERSION = re.compile(rb'"v":(\d+)')
COLUMNS = ["condition", "moves", "median ms", "p95 ms", "max ms"]


@dataclass
class Page:
    """One open live page: the newest version it has read, and when."""

    version: int = -1
    at: float = 0.0


@dataclass
class Samples:
    """Move round trips per condition, and click -> every page updated for B."""

    moves: dict[str, list[float]] = field(default_factory=lambda: {c: [] for c in CHANNELS})
    pages: list[float] = field(default_factory=list)


def run(settings: Settings) -> list[Table]:
    """Alternate `settings.round_trips` moves per condition."""
    samples = asyncio.run(collect(max(10, settings.round_trips)))
    names = {"general": "no page open", "games": f"{WATCHERS} pages open"}
    rows: list[list[object]] = [_row(names[c], samples.moves[c]) for c in CHANNELS]
    rows.append(_row("click -> all pages", samples.pages))
    a, b = (statistics.median(samples.moves[c]) for c in CHANNELS)
    return [
        Table(
            TITLE,
            COLUMNS,
            rows,
            notes=[
                f"B/A median ratio {b / a:.2f}; moves alternate A, B, ... in one run, bot settled "
                "between moves; pages are raw HTTP connections reading every byte;",
                "click -> all pages: from the click to the last of the open pages reading the "
                "new version (server-sent events, one JSON update per page).",
            ],
        )
    ]


def _row(name: str, seconds: list[float]) -> list[object]:
    ms = [1000 * s for s in seconds]
    return [name, len(ms), statistics.median(ms), percentile(ms, 0.95), max(ms)]


async def collect(count: int) -> Samples:
    """Start everything, open the pages, alternate the moves."""
    guard = LogGuard()
    guard.install()
    samples = Samples()
    try:
        with tempfile.TemporaryDirectory(prefix="symposion-bench-") as folder:
            database = Path(folder) / "bench.sqlite3"

            def build(**options: Any) -> SymposionBot:
                web = WebSettings(port=0, public_url="http://watch", cap=WATCHERS + 10)
                return SymposionBot(database_path=database, web=web, **options)

            async with serving(strict=False) as fake, running(fake) as runner:
                bot = await runner.start(build)
                port = _port(bot)
                over = dict.fromkeys(CHANNELS, True)
                moved = dict.fromkeys(CHANNELS, 0)  # each game steps through its own choices
                pages: list[Page] = []
                tasks: list[asyncio.Task[None]] = []
                try:
                    for step in range(2 * count):
                        channel = CHANNELS[step % 2]
                        if over[channel]:
                            await open_game(fake, "iliad", "alice", ["bob"], channel)
                            if channel == "games":
                                _close(tasks)  # the ended game's pages leave (the cap)
                                await _all_gone(bot)
                                pages, tasks = await _open_pages(fake, port)
                            await runner.settle()
                        click = await next_move_click(fake, moved[channel], channel)
                        moved[channel] += 1
                        now = max((p.version for p in pages), default=0)
                        trip = await measure_round_trip(
                            fake, click, lambda m, c=channel: is_live_board(m) and _in(fake, m, c)
                        )
                        samples.moves[channel].append(trip.seconds)
                        if channel == "games":
                            samples.pages.append(await _all_read(pages, now, trip.seconds))
                        over[channel] = is_over(trip.message)
                        await runner.settle()
                finally:
                    _close(tasks)
    finally:
        guard.remove()
    return samples


def _close(tasks: list[asyncio.Task[None]]) -> None:
    """Stop reading the open pages and close their connections, so the site counts them gone."""
    for task in tasks:
        task.cancel()
    for writer in OPEN:
        writer.close()
    OPEN.clear()


async def _all_gone(bot: SymposionBot) -> None:
    """Wait until the site has seen every closed page leave (it counts them against its cap)."""
    cog: Any = bot.get_cog("Watch")
    deadline = time.perf_counter() + 5.0
    while cog.site.hub.count and time.perf_counter() < deadline:
        await asyncio.sleep(0.002)  # a benchmark's poll, not a test's wait


def _in(fake: Any, message: Any, channel: str) -> bool:
    return bool(message.channel_id == fake.channel(channel).id)


def _port(bot: SymposionBot) -> int:
    cog: Any = bot.get_cog("Watch")
    return int(cog.site.port)


async def _open_pages(fake: Any, port: int) -> tuple[list[Page], list[asyncio.Task[None]]]:
    """WATCHERS live pages of the game in 'games', each read by its own task."""
    link = None
    for button in game_message(fake, "games").buttons():
        link = button.get("url") or link
    assert link is not None, "the game message has no Watch link"
    path = urlsplit(link).path + "/live"
    pages = [Page() for _ in range(WATCHERS)]
    tasks = []
    for start in range(0, WATCHERS, 100):
        opened = await asyncio.gather(*(_connect(port, path) for _ in range(100)))
        for page, reader in zip(pages[start : start + 100], opened, strict=True):
            tasks.append(asyncio.create_task(_read(reader, page)))
    return pages, tasks


OPEN: list[asyncio.StreamWriter] = []  # kept: a writer dropped closes its connection


async def _connect(port: int, path: str) -> asyncio.StreamReader:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: watch\r\n\r\n".encode())
    await reader.readuntil(b"\r\n\r\n")
    OPEN.append(writer)
    return reader


async def _read(reader: asyncio.StreamReader, page: Page) -> None:
    """Read a page's stream to its end, noting each new version."""
    while chunk := await reader.read(65536):
        found = VERSION.findall(chunk)
        if found:
            page.version, page.at = int(found[-1]), time.perf_counter()


async def _all_read(pages: list[Page], before: int, trip: float) -> float:
    """Seconds from the click until the last page read a version newer than `before`."""
    clicked = time.perf_counter() - trip  # the round trip just measured ended about now
    deadline = clicked + 5.0
    while any(p.version <= before for p in pages):
        if time.perf_counter() > deadline:
            behind = sum(1 for p in pages if p.version <= before)
            seen = sorted({p.version for p in pages})
            raise RuntimeError(f"{behind} of {len(pages)} pages never read it (versions {seen})")
        await asyncio.sleep(0.002)  # a benchmark's poll, not a test's wait
    return max(p.at for p in pages) - clicked
