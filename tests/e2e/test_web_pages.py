"""The web pages through the fake Discord (issue 28): the Watch link, the page, /web off, bad
input, live updates; and a bot without WEB_PORT serves nothing."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import aiohttp

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import factory, game_message, is_live_board, move_by_buttons, open_game
from tests.e2e.web_helpers import (
    PUBLIC,
    local,
    site_of,
    user_ids,
    watch_link,
    watched_game,
    with_site,
)

Runner = BotRunner[Any]


async def fetch(url: str, **headers: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as answer:
        return answer.status, await answer.text()


async def test_a_game_page_shows_the_public_board_and_the_host_can_turn_it_off(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot, link = await watched_game(fake_discord, bot_runner, with_site(database))
    assert link.startswith(f"{PUBLIC}/g/")
    token = link.rsplit("/", 1)[1]
    assert len(token) >= 32
    page = local(bot, link)
    status, html = await fetch(page)
    assert status == 200
    assert '<html lang="en">' in html and "<h1>Iliad, game 1</h1>" in html
    assert f'src="/g/{token}/board.png?v=' in html and 'alt="The board of Iliad' in html
    assert "Alice" in html and "Bob" in html
    assert not [uid for uid in user_ids(fake_discord) if uid in html]
    status, german = await fetch(page, **{"Accept-Language": "de-CH, fr;q=0.8"})
    assert status == 200 and '<html lang="de">' in german and "Spiel 1" in german
    status, italian = await fetch(page + "?lang=it", **{"Accept-Language": "de"})
    assert '<html lang="it">' in italian
    async with aiohttp.ClientSession() as http, http.get(f"{page}/board.png") as image:
        assert image.status == 200 and image.content_type == "image/png"
        assert (await image.read()).startswith(b"\x89PNG")

    refused = await fake_discord.slash("web off", {}, user="bob", channel="games")
    answer = await refused.wait_message(lambda m: m.ephemeral)
    assert "Only the host" in answer.content
    assert (await fetch(page))[0] == 200

    turned_off = await fake_discord.slash("web off", {}, user="alice", channel="games")
    answer = await turned_off.wait_message(lambda m: m.ephemeral)
    assert "is off" in answer.content
    gone = await fetch(page)
    unknown = await fetch(local(bot, f"{PUBLIC}/g/{'x' * 32}"))
    assert gone == unknown == (404, "404: nothing here\n")
    assert (await fetch(f"{page}/board.png"))[0] == 404
    assert (await fetch(f"{page}/live"))[0] == 404
    await fake_discord.wait_for(
        lambda m: watch_link(m) is None and m.id == game_message(fake_discord).id
    )
    await move_by_buttons(fake_discord, 0)  # the game goes on; its page stays off
    assert (await fetch(page))[0] == 404

    turned_on = await fake_discord.slash("web on", {}, user="alice", channel="games")
    answer = await turned_on.wait_message(lambda m: m.ephemeral)
    fresh = answer.content.split(f"{PUBLIC}", 1)[1].split(" ", 1)[0]
    assert fresh.startswith("/g/") and fresh != f"/g/{token}"
    assert (await fetch(local(bot, fresh)))[0] == 200
    assert (await fetch(page))[0] == 404


async def test_bad_addresses_and_queries_are_refused_at_once(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot, link = await watched_game(fake_discord, bot_runner, with_site(database))
    page = local(bot, link)
    base = local(bot, PUBLIC)
    for path in (
        "/",
        "/g/",
        "/g/%00%ff",
        "/g/../../etc/passwd",
        "/static/../site.py",
        "/g/" + "a" * 5000,
    ):
        status, body = await fetch(base + path)
        assert status in (400, 404), path
        assert "Iliad" not in body
    huge = page + "?lang=" + "x" * 20000
    assert (await fetch(huge))[0] in (400, 414)
    assert (await fetch(page + "?lang=%ZZ&lang=de&v=-1"))[0] == 200  # odd but harmless: read
    status, _ = await fetch(page, **{"Accept-Language": "q=;;," * 500})
    assert status in (200, 400)
    async with aiohttp.ClientSession() as http, http.post(page, data=b"x" * 5000) as posted:
        assert posted.status in (404, 405, 413)
    assert (await fetch(page))[0] == 200  # still serving


async def test_an_open_page_gets_each_move_live(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot, link = await watched_game(fake_discord, bot_runner, with_site(database))
    async with aiohttp.ClientSession() as http, http.get(local(bot, link) + "/live") as live:
        assert live.status == 200 and live.content_type == "text/event-stream"
        retry = await asyncio.wait_for(live.content.readuntil(b"\n\n"), 2)
        assert retry == b"retry: 2000\n\n"  # a page whose connection breaks tries again soon
        first = await asyncio.wait_for(live.content.readuntil(b"\n\n"), 2)
        assert first.startswith(b'data: {"v":')
        version = int(first.split(b'"v":', 1)[1].split(b",", 1)[0])
        await move_by_buttons(fake_discord, 0)
        update = await asyncio.wait_for(live.content.readuntil(b"\n\n"), 2)
        assert int(update.split(b'"v":', 1)[1].split(b",", 1)[0]) > version
        assert site_of(bot).hub.count == 1


async def test_without_web_port_nothing_listens_and_no_watch_button(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    before = listening_ports()
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    assert listening_ports() == before  # the bot opened no port of its own
    assert watch_link(game_message(fake_discord)) is None
    cog: Any = bot.get_cog("Watch")
    assert cog.site is None
    asked = await fake_discord.slash("web off", {}, user="alice", channel="games")
    answer = await asked.wait_message(lambda m: m.ephemeral)
    assert "serves no web pages" in answer.content


def listening_ports() -> set[int]:
    """The TCP ports this test process listens on (Linux: its sockets among /proc/net/tcp's
    listening ones)."""
    mine = set()
    for fd in Path("/proc/self/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(target[8:-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in mine:  # LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


async def test_a_servers_leaderboards_page_is_made_and_revoked_by_its_admins(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(with_site(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    for step in range(2):
        mark = fake_discord.mark()
        await move_by_buttons(fake_discord, step)
        await fake_discord.wait_for(is_live_board, since=mark)
    resigned = await fake_discord.slash("resign", {}, user="bob", channel="games")
    await resigned.wait_answered()
    await fake_discord.wait_for(lambda m: "is over" in m.content)

    refused = await fake_discord.slash("web leaderboards", {}, user="carol", channel="games")
    assert "Manage Server" in (await refused.wait_message(lambda m: m.ephemeral)).content
    made = await fake_discord.slash("web leaderboards", {}, user="owner", channel="games")
    said = (await made.wait_message(lambda m: m.ephemeral)).content
    address = PUBLIC + said.split(PUBLIC, 1)[1].split()[0]
    status, html = await fetch(local(bot, address), **{"Accept-Language": "it"})
    assert status == 200 and "<h1>Classifiche</h1>" in html and "<h2" in html
    assert html.index("Alice") < html.index("Bob")  # the winner first
    assert not [uid for uid in user_ids(fake_discord) if uid in html]
    again = await fake_discord.slash("web leaderboards", {}, user="owner", channel="games")
    assert address in (await again.wait_message(lambda m: m.ephemeral)).content  # the same page

    off = await fake_discord.slash(
        "web leaderboards", {"state": "off"}, user="owner", channel="games"
    )
    await off.wait_message(lambda m: m.ephemeral)
    assert await fetch(local(bot, address)) == (404, "404: nothing here\n")
