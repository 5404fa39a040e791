"""The timer loop: asks the service for due deadlines and shows them (discord.ext.tasks).

The loop only sets how often to look; what is due comes from the bot's clock, so tests
advance a fake clock and call `run_due()` instead of waiting.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from cogs.alarms import show

if TYPE_CHECKING:
    from bot.client import SymposionBot

log = logging.getLogger("cogs.timers")


class Timers(commands.Cog):
    """Fires reminders and turn clocks; a deadline is claimed before it is shown."""

    def __init__(self, bot: SymposionBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Start looking every `bot.timer_interval` seconds once the bot is connected."""
        self.ticking.change_interval(seconds=self.bot.timer_interval)
        self.ticking.start()

    async def cog_unload(self) -> None:
        """Stop the loop with the bot."""
        self.ticking.cancel()

    async def run_due(self) -> int:
        """Show every deadline due now; returns how many were shown."""
        shown = 0
        for alarm in await self.bot.service.timers.fire_due():
            try:
                await show(self.bot, alarm)
            except Exception:
                log.exception("a due deadline of game #%s could not be shown", alarm.info.game_id)
                continue
            shown += 1
        return shown

    @tasks.loop(seconds=30)
    async def ticking(self) -> None:
        """One look at the clock; an error is logged and the loop goes on."""
        try:
            await self.run_due()
        except Exception:
            log.exception("the timer loop failed; it tries again next time")

    @ticking.before_loop
    async def _connected(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: SymposionBot) -> None:
    """discord.py's extension hook: load_extension("cogs.timers") adds the cog."""
    await bot.add_cog(Timers(bot))
