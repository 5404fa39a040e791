"""The presenter extension, loaded first: what every other extension shows games through.

It gives the bot its Table (cogs.ui), and the command tree its one error handler and its
translator, before the client syncs the commands; it answers clicks no component of ours
takes; once connected it puts every game's channel right and lets games left waiting for the
automatic player (a restart) go on. The client only loads it by name.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.service import ServiceError
from cogs.ui.component import answer_unclaimed
from cogs.ui.replies import report
from cogs.ui.table import Table
from cogs.ui.translator import CatalogueTranslator

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.presenter")


class Presenter(commands.Cog):
    """The presenter's listeners: unclaimed clicks, mending once connected, resuming games."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._resuming: asyncio.Task[None] | None = None
        self._warming: asyncio.Task[None] | None = None
        self._connecting = True  # the resuming task still waits for the connection

    async def cog_load(self) -> None:
        """Once connected, games left waiting for the automatic player go on; meanwhile the
        drawing workers start."""
        self._resuming = asyncio.create_task(
            self._continue_automatic(), name="symposion: games waiting for the computer"
        )
        self._warming = asyncio.create_task(self._warm(), name="symposion: drawing workers")

    async def _warm(self) -> None:
        """Start the drawing workers; a failure only costs the first moves that start."""
        try:
            await self.bot.table.painter.warm()
        except Exception as error:  # a pool shut down meanwhile, a worker that failed
            log.warning("the drawing workers did not start ahead: %r", error)

    async def cog_unload(self) -> None:
        """The bot closes: stop resuming games and sending boards before the store goes."""
        for task in (self._resuming, self._warming):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.bot.table.deliveries.close()

    async def _continue_automatic(self) -> None:
        """Once connected, games left waiting for the automatic player (a restart) go on."""
        await self.bot.wait_until_ready()
        self._connecting = False
        for game_id in self.bot.service.computers.games_waiting():
            if self.bot.stopping:
                return
            try:
                await self.bot.table.play_automatic(game_id)
            except (discord.HTTPException, ServiceError):
                log.warning("game #%s: the automatic player could not go on", game_id)

    @commands.Cog.listener()
    async def on_stopping(self) -> None:
        """The bot stops before it was connected: the games wait for the next start (a stop
        must not wait for a connection that will not come)."""
        if self._connecting and self._resuming is not None:
            self._resuming.cancel()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Connected: a game whose channel shows an old board (or two) gets its current one."""
        await self.bot.table.mender.mend_all()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click no component of ours takes is refused, not left waiting."""
        await answer_unclaimed(interaction)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: the Table, the error handler, the translator, listeners."""
    bot.table = Table(bot)
    bot.tree.error(report)  # the one error path of every slash command
    await bot.tree.set_translator(CatalogueTranslator())
    await bot.add_cog(Presenter(bot))
