"""Driving the bot's web site in end-to-end tests: the bot with its site, and the page address."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bot.client import SymposionBot
from bot.settings import WebSettings
from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.symposion import game_message, open_game
from web.site import Site

PUBLIC = "https://watch.example"


def with_site(database: str | Path, cap: int = 1000) -> Callable[..., SymposionBot]:
    """Bots on one database serving their site on a free loopback port."""

    def build(**options: Any) -> SymposionBot:
        web = WebSettings(port=0, public_url=PUBLIC, cap=cap)
        return SymposionBot(database_path=database, web=web, **options)

    return build


def site_of(bot: SymposionBot) -> Site:
    """The bot's running site."""
    cog: Any = bot.get_cog("Watch")
    assert cog is not None and cog.site is not None
    site: Site = cog.site
    return site


def local(bot: SymposionBot, public: str) -> str:
    """The address a test reaches a public page at (PUBLIC_URL is the proxy's)."""
    path = urlsplit(public).path
    return f"http://127.0.0.1:{site_of(bot).port}{path}"


async def watched_game(
    fake: FakeDiscord, runner: BotRunner[Any], build: Callable[..., SymposionBot]
) -> tuple[SymposionBot, str]:
    """The bot started with `build`, an Iliad game of alice and bob, and its Watch link."""
    bot = await runner.start(build)
    await open_game(fake, "iliad", "alice", ["bob"])
    link = watch_link(game_message(fake))
    assert link is not None
    return bot, link


def watch_link(message: RecordedMessage) -> str | None:
    """The Watch button's address on a game message, if it has one."""
    links = [b["url"] for b in message.buttons() if b.get("url")]
    return links[0] if links else None


def user_ids(fake: FakeDiscord) -> list[str]:
    """Every user id the fake Discord knows, as text (none may appear on a page)."""
    return [str(user.id) for user in fake.world.users.values()]
