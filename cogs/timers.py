"""The timer loop: asks the service for due deadlines and shows them (cogs.ui.looking);
and the turn clock vote's buttons."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands

from cogs.ui.alarms import show
from cogs.ui.looking import Looking
from cogs.ui.seat_components import VoteButton

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.timers")


class Timers(commands.Cog):
    """Fires reminders and turn clocks; a deadline is claimed before it is shown."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.looking = Looking(bot, lambda: self.run_due(), "timer")  # late-bound: tests wrap it
        self.ticking = self.looking.loop

    async def cog_load(self) -> None:
        """Start looking for due deadlines once the bot is connected."""
        self.looking.start()

    async def cog_unload(self) -> None:
        """Stop the loop with the bot."""
        self.looking.cancel()

    @commands.Cog.listener()
    async def on_stopping(self) -> None:
        """The bot stops: deadlines being shown are shown (they are claimed); no look starts."""
        self.looking.stop()

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


ITEMS = (VoteButton,)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: the timer loop and the vote it opens when a turn runs out."""
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(Timers(bot))


async def teardown(bot: Host) -> None:
    """discord.py's unload hook: the vote's buttons stop answering with the loop."""
    bot.remove_dynamic_items(*ITEMS)
