"""The timer loop: asks the service for due deadlines and shows them (discord.ext.tasks);
and the turn clock vote's buttons.

The loop only sets how often to look; what is due comes from the bot's clock, so tests
advance a fake clock and call `run_due()` instead of waiting.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from cogs.ui.alarms import show
from cogs.ui.seat_components import VoteButton

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.timers")


class Timers(commands.Cog):
    """Fires reminders and turn clocks; a deadline is claimed before it is shown."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._looking = False  # a look at the clock is under way (deadlines being shown)

    async def cog_load(self) -> None:
        """Start looking every `bot.timer_interval` seconds once the bot is connected."""
        self.ticking.change_interval(seconds=self.bot.timer_interval)
        self.ticking.start()

    async def cog_unload(self) -> None:
        """Stop the loop with the bot."""
        self.ticking.cancel()

    @commands.Cog.listener()
    async def on_stopping(self) -> None:
        """The bot stops: a look at the clock under way finishes (its deadlines are claimed),
        and no other starts."""
        self.ticking.stop()
        if not self._looking:
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
        self._looking = True
        try:
            await self.run_due()
        except Exception:
            log.exception("the timer loop failed; it tries again next time")
        finally:
            self._looking = False

    @ticking.before_loop
    async def _connected(self) -> None:
        await self.bot.wait_until_ready()


ITEMS = (VoteButton,)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: the timer loop and the vote it opens when a turn runs out."""
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(Timers(bot))


async def teardown(bot: Host) -> None:
    """discord.py's unload hook: the vote's buttons stop answering with the loop."""
    bot.remove_dynamic_items(*ITEMS)
