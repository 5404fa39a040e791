"""No live page outlives what it shows (issue 28): when a game is abandoned, ends, or its page
is turned off, every open live connection is told so (`event: end`) and closed; a page of an
ended game that connects again is told at once and gets no stream."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import game_message, open_game
from tests.e2e.web_helpers import local, site_of, watch_link, watched_game, with_site

Runner = BotRunner[Any]
LIVE_PAGES = 3


async def rest_of(answer: aiohttp.ClientResponse) -> bytes:
    """Everything a live connection sends until the site closes it (within 2 s)."""
    return await asyncio.wait_for(answer.content.read(), 2)


async def open_pages(http: aiohttp.ClientSession, live: str) -> list[aiohttp.ClientResponse]:
    """A few open live pages, each past its first update."""
    pages = []
    for _ in range(LIVE_PAGES):
        answer = await http.get(live)
        assert answer.status == 200
        await asyncio.wait_for(answer.content.readuntil(b"\n\ndata: "), 2)
        pages.append(answer)
    return pages


async def test_an_abandoned_game_closes_its_live_pages_and_streams_no_more(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot, link = await watched_game(fake_discord, bot_runner, with_site(database))
    live = local(bot, link) + "/live"
    site = site_of(bot)
    async with aiohttp.ClientSession() as http:
        pages = await open_pages(http, live)
        assert site.hub.count == LIVE_PAGES
        abandoned = await fake_discord.slash("abandon", {}, user="alice", channel="games")
        await abandoned.wait_answered()
        for page in pages:
            assert (await rest_of(page)).endswith(b"event: end\ndata: over\n\n")
        assert site.hub.count == 0
        async with http.get(live) as again:  # a page that reconnects: told, not streamed to
            assert again.status == 200
            assert await rest_of(again) == b"retry: 2000\n\nevent: end\ndata: over\n\n"
        assert site.hub.count == 0
        async with http.get(local(bot, link)) as ended:  # the page itself shows the end
            html = await ended.text()
        assert ended.status == 200 and "data-live" not in html and 'id="scrub"' in html


async def test_a_finished_game_and_a_page_turned_off_close_their_live_pages(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(with_site(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    first = watch_link(game_message(fake_discord))
    await open_game(fake_discord, "iliad", "carol", ["dave"], channel="lounge")
    second = watch_link(game_message(fake_discord, channel="lounge"))
    assert first is not None and second is not None
    site = site_of(bot)
    async with aiohttp.ClientSession() as http:
        finishing = await open_pages(http, local(bot, first) + "/live")
        turned_off = await open_pages(http, local(bot, second) + "/live")
        resigned = await fake_discord.slash("resign", {}, user="bob", channel="games")
        await resigned.wait_answered()
        for page in finishing:  # the game's last board, then the end
            rest = await rest_of(page)
            assert b'"html":' in rest and rest.endswith(b"event: end\ndata: over\n\n")
            assert rest.index(b'"html":') < rest.index(b"event: end")
        assert site.hub.count == LIVE_PAGES  # the other game's pages stay
        off = await fake_discord.slash("web off", {}, user="carol", channel="lounge")
        await off.wait_message(lambda m: m.ephemeral)
        for page in turned_off:
            assert (await rest_of(page)).endswith(b"event: end\ndata: off\n\n")
        assert site.hub.count == 0
        async with http.get(local(bot, second) + "/live") as gone:
            assert gone.status == 404
