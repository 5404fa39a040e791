"""/notify: quiet hours, the heads-up, where pings go and the daily digest; and the digest loop.

The loop only sets how often to look; what is due comes from the bot's clock, so tests advance
a fake clock and call `run_due()` instead of waiting. A digest is claimed (its day stored)
before it is sent: a restart never sends one day's digest twice.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import words
from bot.service.hours import zone_names
from bot.service.notices import NoticeChange
from cogs.ui.looking import Looking
from cogs.ui.notices import choices_lines, digest_text, send_dm
from cogs.ui.readers import reader_language
from cogs.ui.replies import never_failing
from cogs.ui.tablecog import TableCog

if TYPE_CHECKING:
    from cogs.ui.host import Host

Interaction = discord.Interaction[Any]

ON_OFF = [
    app_commands.Choice(name="on", value="on"),
    app_commands.Choice(name="off", value="off"),
]
VIA_CHOICES = [
    app_commands.Choice(name=name, value=name) for name in ("dm", "mention", "both", "none")
]


def _on(choice: app_commands.Choice[str] | None) -> bool | None:
    return None if choice is None else choice.value == "on"


class Notify(TableCog):
    """A player's own choices of when and how they are told a game waits on them."""

    def __init__(self, bot: Host) -> None:
        super().__init__(bot)
        self.looking = Looking(bot, lambda: self.run_due(), "digest")  # late-bound: tests wrap it
        self.ticking = self.looking.loop

    async def cog_load(self) -> None:
        """Start looking for due digests once the bot is connected."""
        self.looking.start()

    async def cog_unload(self) -> None:
        """Stop the loop with the bot."""
        self.looking.cancel()

    @commands.Cog.listener()
    async def on_stopping(self) -> None:
        """The bot stops: digests being sent finish (they are claimed), no other look starts."""
        self.looking.stop()

    @app_commands.command(name="notify", description="Quiet hours, heads-up, pings, daily digest")
    @app_commands.rename(start="from", end="to", heads_up="heads-up", digest_at="time")
    @app_commands.describe(
        quiet="off: no quiet hours any more",
        start="Quiet hours begin (HH:MM, your time)",
        end="Quiet hours end (HH:MM, your time)",
        timezone="Your time zone, e.g. Europe/Berlin",
        heads_up="A DM when the player before you is to move",
        via="Where your turn pings go",
        digest="One DM a day listing every game waiting on you",
        digest_at="When the digest comes (HH:MM, your time)",
    )
    @app_commands.choices(quiet=ON_OFF, heads_up=ON_OFF, digest=ON_OFF, via=VIA_CHOICES)
    async def notify(
        self,
        interaction: Interaction,
        quiet: app_commands.Choice[str] | None = None,
        start: str | None = None,
        end: str | None = None,
        timezone: str | None = None,
        heads_up: app_commands.Choice[str] | None = None,
        via: app_commands.Choice[str] | None = None,
        digest: app_commands.Choice[str] | None = None,
        digest_at: str | None = None,
    ) -> None:
        """Change what was given (all checked first: a refusal changes nothing), then show
        every choice; with no option, only show them (every server, kept through restarts)."""
        change = NoticeChange(
            time_zone=timezone,
            quiet_from=start,
            quiet_to=end,
            quiet_off=quiet is not None and quiet.value == "off",
            quiet_on=quiet is not None and quiet.value == "on",
            heads_up=_on(heads_up),
            via=None if via is None else via.value,
            digest=_on(digest),
            digest_at=digest_at,
        )
        notices = self.bot.service.notices
        user = interaction.user.id
        shown = await (notices.choices(user) if change.empty else notices.choose(user, change))
        language = await reader_language(interaction)
        answer = "\n".join(words(line, language) for line in choices_lines(shown))
        await interaction.response.send_message(answer, ephemeral=True)

    @notify.autocomplete("timezone")
    @never_failing
    async def _zones(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=name) for name in zone_names(current)]

    async def run_due(self) -> int:
        """Send every digest due now; returns how many were sent."""
        sent = 0
        for digest in await self.bot.service.notices.due_digests():
            if await send_dm(self.bot, digest.user_id, partial(digest_text, digest)):
                sent += 1
        return sent


async def setup(bot: Host) -> None:
    """discord.py's extension hook: load_extension("cogs.notify") adds the cog."""
    await bot.add_cog(Notify(bot))
