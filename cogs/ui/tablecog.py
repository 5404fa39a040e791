"""What every command cog shares: the bot's Table and the game played in this channel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LIST_COMMA, listing, say
from bot.service import GameInfo, ServiceError
from cogs.ui.replies import TurnedAway

if TYPE_CHECKING:
    from cogs.ui.host import Host
    from cogs.ui.table import Table

NO_GAME = say("table.no_game_here")
MANY = 10  # threads listed by name when a command in a channel does not say which game


class TableCog(commands.Cog):
    """A cog whose commands act on the game of the channel they are used in.

    Errors need no handling here: the bot's command tree sends every one to cogs.ui.replies.report.
    """

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Turn a command away while the bot stops; refuse a server-only command outside a
        server: Discord's client does not offer it there, but a modified client may send it."""
        if self.bot.stopping:
            raise TurnedAway()
        command = interaction.command
        if interaction.guild_id is None and getattr(command, "guild_only", False):
            raise app_commands.NoPrivateMessage()
        return True

    @property
    def table(self) -> Table:
        """The bot's Table, which shows games."""
        return self.bot.table

    async def game_meant(
        self, interaction: discord.Interaction[Any], number: int | None
    ) -> GameInfo:
        """Game `number` of this server; without one, this channel's ongoing game, else the
        latest game played here (it may be over); or a clear refusal."""
        here = interaction.channel_id or 0
        info = await self.bot.service.records.pick_game(interaction.guild_id or 0, here, number)
        if info is None:
            raise self.no_game(here)
        return info

    def ongoing_here(self, interaction: discord.Interaction[Any], info: GameInfo) -> bool:
        """Whether `info` is the game going on in this channel (today's answers apply)."""
        return info.status in ("lobby", "active") and info.place_id == interaction.channel_id

    def game_here(self, interaction: discord.Interaction[Any]) -> GameInfo:
        """The ongoing game of this channel or thread, or a clear refusal."""
        info = self.bot.service.places.game_at(interaction.channel_id or 0)
        if info is None:
            raise self.no_game(interaction.channel_id or 0)
        return info

    def no_game(self, channel_id: int) -> ServiceError:
        """No game here: say so, or, in a channel whose games have threads, name them."""
        games = self.bot.service.places.in_threads_of(channel_id)
        if not games:
            return ServiceError(NO_GAME)
        shown = listing(
            (
                say("table.thread_game", place=f"<#{g.thread_id}>", title=g.title, game=g.game_id)
                for g in games[:MANY]
            ),
            LIST_COMMA,
        )
        more = say("table.more_threads", count=len(games) - MANY) if len(games) > MANY else ""
        return ServiceError(say("table.in_threads", threads=shown, more=more))
