"""/hand, /rules, /games and /history, and 'My hand': reading, never changing (games over too)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import say, words
from bot.service import game_kind
from cogs.ui.choices import GAME_CHOICES
from cogs.ui.components import HandButton
from cogs.ui.pastgames import NUMBER_HELP, game_choices, send_log
from cogs.ui.readers import reader_language
from cogs.ui.replies import clip, never_failing
from cogs.ui.tablecog import TableCog
from cogs.ui.texts import mover_words

if TYPE_CHECKING:
    from cogs.ui.host import Host

Interaction = discord.Interaction[Any]


class Info(TableCog):
    """Private hands and public facts."""

    @app_commands.command(name="hand", description="See your private hand (this channel's game)")
    @app_commands.describe(game=NUMBER_HELP)
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction, game: int | None = None) -> None:
        """Show the caller's own hand privately, in a game going on or over; never another's."""
        info = await self.game_meant(interaction, game)
        await self.table.show_hand(interaction, info.game_id)

    @hand.autocomplete("game")
    @never_failing
    async def _my_games(
        self, interaction: Interaction, current: object
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.bot, interaction, current, mine=True)

    @app_commands.command(name="rules", description="A short summary of a game's rules")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: Interaction, game: app_commands.Choice[str]) -> None:
        """The game's name, player count and rules summary, privately."""
        kind = game_kind(game.value)
        language = await reader_language(interaction)
        count = f"{kind.min_players}–{kind.max_players}"
        if kind.min_players == kind.max_players:
            count = str(kind.min_players)
        players = words(say("table.players", count=count), language)
        summary = words(kind.summary, language)
        text = f"**{words(kind.title, language)}** ({players})\n{summary}"
        await interaction.response.send_message(clip(text), ephemeral=True)

    @app_commands.command(name="games", description="Ongoing games in this server")
    @app_commands.guild_only()
    async def games(self, interaction: Interaction) -> None:
        """/games: every lobby and game of this server, so players find where to go."""
        listed = self.bot.service.places.guild_games(interaction.guild_id or 0)
        language = await reader_language(interaction)
        lines = []
        for info in listed:
            if info.status == "broken":
                state = say("table.broken")
            elif info.status == "lobby":
                state = say("table.lobby_state", count=len(info.players), most=info.max_players)
            else:
                mover = mover_words(info, language)
                state = (
                    say("table.to_move_short", who=mover)
                    if mover is not None
                    else say("table.in_progress")
                )
            line = say(
                "table.game_line", title=info.title, place=f"<#{info.place_id}>", state=state
            )
            lines.append(words(line, language))
        text = "\n".join(lines) if lines else words(say("table.no_games"), language)
        await interaction.response.send_message(
            clip(text), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="history", description="The public moves of this channel's game")
    @app_commands.describe(game=NUMBER_HELP)
    @app_commands.guild_only()
    async def history(self, interaction: Interaction, game: int | None = None) -> None:
        """The last public log lines of the game going on here; the whole log of one by number
        or of the last game played here, privately."""
        info = await self.game_meant(interaction, game)
        if game is None and self.ongoing_here(interaction, info):
            lines = await self.bot.service.records.history(info.game_id, limit=15)
            language = await reader_language(interaction)
            text = "\n".join(f"• {words(line, language)}" for line in lines)
            text = text or words(say("table.nothing_yet"), language)
            head = words(say("table.recent_moves", title=info.title), language)
            await interaction.response.send_message(clip(f"{head}\n{text}"), ephemeral=True)
            return
        language = await reader_language(interaction)
        lines = [
            words(line, language)
            for line in await self.bot.service.records.public_log(info.game_id)
        ]
        await send_log(interaction, info, lines)

    @history.autocomplete("game")
    @never_failing
    async def _server_games(
        self, interaction: Interaction, current: object
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.bot, interaction, current, mine=False)


ITEMS = (HandButton,)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: the reading commands and the 'My hand' button."""
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(Info(bot))


async def teardown(bot: Host) -> None:
    """discord.py's unload hook: 'My hand' stops answering with /hand."""
    bot.remove_dynamic_items(*ITEMS)
