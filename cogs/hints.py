"""/hint: the computer's suggestion for the caller's own decision, shown only to them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import ENGLISH, say, words
from bot.service import Hint
from cogs.ui.readers import reader_language
from cogs.ui.tablecog import TableCog
from cogs.ui.tokenlife import started

if TYPE_CHECKING:
    from cogs.ui.host import Host

Interaction = discord.Interaction[Any]


def hint_text(hint: Hint, language: str = ENGLISH) -> str:
    """The suggestion and the computer's estimated chance of winning from here."""
    chance = say("table.hint_unknown")
    if hint.win_chance is not None:
        chance = say("table.hint_about", percent=round(hint.win_chance * 100))
    info = hint.info
    move = words(hint.text, language)
    head = words(
        say("table.hint", move=move, title=info.title, game=info.game_id, chance=chance), language
    )
    return "\n".join([head, *choice_lines(hint, language)])


def choice_lines(hint: Hint, language: str = ENGLISH) -> list[str]:
    """The search's top three options: each one's chance to win and how often it was tried."""
    if not hint.choices:
        return []
    lines = [words(say("table.hint_top"), language)]
    for rank, choice in enumerate(hint.choices, 1):
        looked = say(
            "table.hint_looked",
            visits=choice.visits,
            iterations=hint.iterations,
            percent=round(100 * choice.visits / max(1, hint.iterations)),
        )
        line = say(
            "table.hint_choice",
            rank=rank,
            move=words(choice.text, language),
            percent=round(choice.win_chance * 100),
            looked=looked,
        )
        lines.append(words(line, language))
    return lines


class Hints(TableCog):
    """Asking the computer what it would do in your place."""

    @app_commands.command(name="hint", description="What the computer would play in your place")
    @app_commands.guild_only()
    async def hint(self, interaction: Interaction) -> None:
        """Refusals come before the thought; the thought itself may take a moment (deferred;
        one that outlives the interaction is sent as a DM)."""
        late = started(interaction)
        info = self.game_here(interaction)
        await self.bot.service.computers.check_hint(info.game_id, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        hint = await self.bot.service.computers.hint(info.game_id, interaction.user.id)
        language = await reader_language(interaction)
        await late.private(hint_text(hint, language), language)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: load_extension("cogs.hints") adds the cog."""
    await bot.add_cog(Hints(bot))
