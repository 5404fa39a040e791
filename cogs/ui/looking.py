"""A look at the clock every so often (discord.ext.tasks), for the cogs that act when it is due.

The timers (deadlines), the digests and the leagues (rounds to open) each look every
`bot.timer_interval` seconds once the bot is connected; what is due comes from the bot's clock,
so tests advance a fake clock and call the cog's `run_due` instead of waiting. A look that fails
is logged and the next one comes; when the bot stops, a look under way finishes (what it claimed
is shown) and no other starts.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from discord.ext import tasks

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.looking")


class Looking:
    """One cog's periodic look: started with the cog, ended with it or at the bot's stop."""

    def __init__(self, bot: Host, look: Callable[[], Awaitable[object]], what: str) -> None:
        """Look with `look` (one pass over what is due); `what` names it in the log."""
        self._bot, self._look, self._what = bot, look, what
        self._busy = False  # a look is under way
        self.loop: tasks.Loop[Any] = tasks.loop(
            seconds=bot.timer_interval, name=f"discord-ext-tasks: {what}"
        )(self._once)
        self.loop.before_loop(self._connected)

    def start(self) -> None:
        """Begin looking (the first look waits until the bot is connected)."""
        self.loop.start()

    def cancel(self) -> None:
        """End at once, a look under way included (the cog is unloaded)."""
        self.loop.cancel()

    def stop(self) -> None:
        """The bot stops: a look under way finishes, and no other starts."""
        self.loop.stop()
        if not self._busy:
            self.loop.cancel()

    async def _once(self) -> None:
        """One look; an error is logged, and the loop goes on."""
        self._busy = True
        try:
            await self._look()
        except Exception:
            log.exception("the %s loop failed; it tries again next time", self._what)
        finally:
            self._busy = False

    async def _connected(self) -> None:
        await self._bot.wait_until_ready()
