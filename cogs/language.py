"""/language: a player picks the language the bot writes to them in; an admin, the server's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import Interaction, app_commands
from discord.ext import commands

from bot.i18n import say, words
from cogs.ui.readers import reader_language
from cogs.ui.replies import TurnedAway

if TYPE_CHECKING:
    from cogs.ui.host import Host

AUTO = "auto"
LANGUAGE_CHOICES = [
    app_commands.Choice(name="Automatic (Discord's language)", value=AUTO),
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Deutsch", value="de"),
    app_commands.Choice(name="Français", value="fr"),
    app_commands.Choice(name="Italiano", value="it"),
]
NATIVE = {c.value: c.name for c in LANGUAGE_CHOICES if c.value != AUTO}  # each in its own words
SCOPE_CHOICES = [
    app_commands.Choice(name="Just me", value="me"),
    app_commands.Choice(name="This server's public messages (Manage Server)", value="server"),
]


class Language(commands.Cog):
    """The /language command."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: Interaction) -> bool:
        """Turn the command away while the bot stops (it would write to the database)."""
        if self.bot.stopping:
            raise TurnedAway()
        return True

    @app_commands.command(
        name="language",
        description="The language I write to you in (or, for admins, in this server)",
    )
    @app_commands.describe(
        language="English, Deutsch, Français, Italiano, or automatic",
        scope="For you (default) or this server's public messages",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, scope=SCOPE_CHOICES)
    async def language(
        self,
        interaction: Interaction,
        language: app_commands.Choice[str],
        scope: app_commands.Choice[str] | None = None,
    ) -> None:
        """Store the choice, then confirm it privately in the language now in force."""
        chosen = None if language.value == AUTO else language.value
        if scope is not None and scope.value == "server":
            text = await self._for_server(interaction, chosen)
        else:
            await self.bot.service.languages.choose(interaction.user.id, chosen)
            text = say("table.language.me_auto" if chosen is None else "table.language.me")
        reading = await reader_language(interaction)
        await interaction.response.send_message(words(text, reading), ephemeral=True)

    async def _for_server(self, interaction: Interaction, chosen: str | None) -> str:
        """Only in a server and only for someone who may manage it; refusals change nothing."""
        if interaction.guild_id is None:
            return say("table.language.dm")
        if not interaction.permissions.manage_guild:
            return say("table.language.not_admin")
        await self.bot.service.languages.choose_for_guild(interaction.guild_id, chosen)
        if chosen is None:
            return say("table.language.server_auto")
        return say("table.language.server", language=NATIVE[chosen])


async def setup(bot: Host) -> None:
    """discord.py's extension hook: load_extension("cogs.language") adds the cog."""
    await bot.add_cog(Language(bot))
