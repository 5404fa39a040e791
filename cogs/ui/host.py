"""What a cog needs of the bot, as a Protocol: the cogs type against this, never the client.

It lives beside the presenter rather than in `bot/`: it names the presenter (`Table`), which
`bot/` may not import, and it is the cogs' own statement of what they use, so the client can
change freely behind it. The client (bot/client.py) offers all of it without importing it;
tests/e2e/symposion.py has mypy check that it does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands
from discord.http import HTTPClient
from discord.ui import DynamicItem, Item

from bot.drawing_workers import DrawingWorker
from bot.service import GameService
from bot.settings import WebSettings

if TYPE_CHECKING:
    from cogs.ui.table import Table

Channel = discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel


class Host(Protocol):
    """The bot as the cogs see it: the game service, the presenter, the image workers, and the
    few discord.py calls the cogs make."""

    table: Table  # the presenter; the cogs.presenter extension sets it up
    web: WebSettings | None  # the web pages' settings (cogs.web serves them); None: no site

    @property
    def service(self) -> GameService:
        """The game service: everything a command or a click asks of a game."""
        ...

    @property
    def stopping(self) -> bool:
        """The bot is stopping: whatever arrives now is turned away ('restarting')."""
        ...

    @property
    def drawing_workers(self) -> Sequence[DrawingWorker]:
        """Worker processes that draw images (none: the event loop's threads)."""
        ...

    @property
    def clock(self) -> Callable[[], datetime]:
        """What deadlines are measured by (tests move a fake one by hand)."""
        ...

    @property
    def timer_interval(self) -> float:
        """Seconds between two looks at the clock for due deadlines."""
        ...

    @property
    def http(self) -> HTTPClient:
        """discord.py's requests, for the one call it has no object for (deleting a thread)."""
        ...

    @property
    def user(self) -> discord.ClientUser | None:
        """The bot's own account (None before it has logged in)."""
        ...

    @property
    def tree(self) -> app_commands.CommandTree[Any]:
        """The slash commands: their error handler and translator are set on it."""
        ...

    def get_partial_messageable(
        self, id: int, *, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable:
        """A channel to send to or edit in, by id alone (no request to Discord)."""
        ...

    def get_channel(self, id: int, /) -> Channel | None:
        """A channel from the cache."""
        ...

    async def fetch_channel(self, channel_id: int, /) -> Channel:
        """A channel from Discord."""
        ...

    def get_guild(self, id: int, /) -> discord.Guild | None:
        """A server from the cache."""
        ...

    def get_user(self, id: int, /) -> discord.User | None:
        """A user from the cache."""
        ...

    async def fetch_user(self, user_id: int, /) -> discord.User:
        """A user from Discord."""
        ...

    async def wait_until_ready(self) -> None:
        """Until the bot is connected and its cache filled."""
        ...

    async def add_cog(self, cog: commands.Cog, /) -> None:
        """Add an extension's commands and listeners."""
        ...

    def add_dynamic_items(self, *items: type[DynamicItem[Item[Any]]]) -> None:
        """Let buttons and menus of these kinds answer clicks (also on old messages)."""
        ...

    def remove_dynamic_items(self, *items: type[DynamicItem[Item[Any]]]) -> None:
        """Stop these kinds of buttons and menus answering (their extension is unloaded)."""
        ...


def host_of(interaction: discord.Interaction[Any]) -> Host:
    """The bot an interaction reached, as the cogs see it."""
    return cast("Host", interaction.client)
