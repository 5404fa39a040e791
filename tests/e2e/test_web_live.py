"""Live pages at scale (issue 28, "Bad input and faults"): 500 open live connections get a move,
the 501st is refused in a sentence, and the bot stopping closes every one of them."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import move_by_buttons
from tests.e2e.web_helpers import site_of, watched_game, with_site

Runner = BotRunner[Any]
HELD = 500
VERSION = re.compile(rb'"v":(\d+)')
Stream = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def open_live(port: int, path: str) -> tuple[Stream, bytes]:
    """A raw live connection (cheaper than an HTTP client per page): its stream and head."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: watch\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    head = await reader.readuntil(b"\r\n\r\n")
    return (reader, writer), head


async def version_at_least(reader: asyncio.StreamReader, wanted: int) -> int:
    """Read the stream until an update of `wanted` or later comes; its version."""
    seen = b""
    while True:
        seen = (seen + await reader.read(65536))[-200_000:]
        found = [int(v) for v in VERSION.findall(seen)]
        if found and max(found) >= wanted:
            return max(found)


async def test_five_hundred_open_pages_get_a_move_and_one_more_is_refused(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot, link = await watched_game(fake_discord, bot_runner, with_site(database, cap=HELD))
    site = site_of(bot)
    path = urlsplit(link).path + "/live"
    streams: list[Stream] = []
    try:
        for _ in range(HELD // 100):  # in batches: the listening socket's backlog is 128
            opened = await asyncio.gather(*(open_live(site.port, path) for _ in range(100)))
            assert all(head.startswith(b"HTTP/1.1 200") for _, head in opened)
            streams += [stream for stream, _ in opened]
        assert site.hub.count == HELD
        (reader, writer), head = await open_live(site.port, path)
        refused = head + await asyncio.wait_for(reader.read(4096), 2)
        writer.close()
        assert refused.startswith(b"HTTP/1.1 503")
        assert b"Too many live viewers on this server right now (500 at most)" in refused
        assert b"Retry-After: 60" in refused

        before = (await bot.service.boards.show(1)).info.version
        await move_by_buttons(fake_discord, 0)
        got = await asyncio.wait_for(
            asyncio.gather(*(version_at_least(r, before + 1) for r, _ in streams)), 2
        )
        assert min(got) > before
    finally:
        for _, writer in streams:
            writer.close()
    await bot_runner.stop()
    assert site.hub.count == 0


async def test_a_stopping_bot_ends_its_live_pages(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot, link = await watched_game(fake_discord, bot_runner, with_site(database))
    site = site_of(bot)
    (reader, writer), head = await open_live(site.port, urlsplit(link).path + "/live")
    assert head.startswith(b"HTTP/1.1 200")
    await bot_runner.stop()
    rest = await asyncio.wait_for(reader.read(), 2)  # the server closed it: read to the end
    assert rest.endswith(b"0\r\n\r\n") or rest == b"" or b"data:" in rest
    writer.close()
    assert site.hub.count == 0
