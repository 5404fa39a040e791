"""/hint: the computer's suggestion for the caller's own decision, shown only to them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.service import Hint
from cogs.base import TableCog

if TYPE_CHECKING:
    from bot.client import SymposionBot

Interaction = discord.Interaction[Any]


def hint_text(hint: Hint) -> str:
    """The suggestion and the computer's estimated chance of winning from here."""
    chance = "unknown" if hint.win_chance is None else f"about {round(hint.win_chance * 100)}%"
    return (
        f"The computer would play: **{hint.text}** (in {hint.info.title}, game "
        f"{hint.info.game_id}). Its estimate of your chance to win: {chance}."
    )


class Hints(TableCog):
    """Asking the computer what it would do in your place."""

    @app_commands.command(name="hint", description="What the computer would play in your place")
    @app_commands.guild_only()
    async def hint(self, interaction: Interaction) -> None:
        """Refusals come before the thought; the thought itself may take a moment (deferred)."""
        info = self.game_here(interaction)
        await self.bot.service.check_hint(info.game_id, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        hint = await self.bot.service.hint(info.game_id, interaction.user.id)
        await interaction.followup.send(hint_text(hint), ephemeral=True)


async def setup(bot: SymposionBot) -> None:
    """discord.py's extension hook: load_extension("cogs.hints") adds the cog."""
    await bot.add_cog(Hints(bot))
