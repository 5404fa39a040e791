"""/mygames, /reminders and /settings: a player's own games and choices, a server's pace."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import ENGLISH, say, words
from bot.service import GameInfo, ServiceError, get_pace
from cogs.ui.choices import pace_choices
from cogs.ui.clocktexts import pace_words, when
from cogs.ui.readers import reader_language
from cogs.ui.replies import never_failing
from cogs.ui.tablecog import TableCog
from cogs.ui.texts import mover_words

if TYPE_CHECKING:
    from cogs.ui.host import Host

Interaction = discord.Interaction[Any]
NOT_ADMIN = say("table.pace_not_admin")


def game_line(info: GameInfo, user_id: int, language: str = ENGLISH) -> str:
    """One game of /mygames: which, where, whose turn since when, the link."""

    def said(key: str, **params: object) -> str:
        return words(say(key, **params), language)

    head = said("table.mygame", title=info.title, game=info.game_id, place=f"<#{info.place_id}>")
    if info.status == "lobby":
        return said("table.mygame_lobby", head=head, count=len(info.players), most=info.max_players)
    mover, named = info.to_move_user, mover_words(info, language)
    who = said("table.mygame_yours") if mover == user_id else said("table.in_play")
    if named and mover != user_id:
        who = said("table.mygame_theirs", who=named)
    since = said("table.since_when", when=when(info.turn_since)) if info.turn_since else ""
    link = f" — {info.link}" if info.link else ""
    pace = info.pace or said("table.no_pace")
    return said("table.mygame_line", head=head, pace=pace, who=who, since=since, link=link)


def games_text(games: list[GameInfo], user_id: int, language: str = ENGLISH) -> str:
    """Every line that fits one message; the caller's turns first."""
    if not games:
        return words(say("table.no_games_mine"), language)
    mine = sorted(games, key=lambda g: (g.to_move_user != user_id, g.game_id))
    lines = [words(say("table.your_games"), language)]
    for info in mine:
        line = game_line(info, user_id, language)
        if sum(len(x) + 1 for x in lines) + len(line) > 1950:
            more = say("table.and_more", count=len(mine) - len(lines) + 1)
            lines.append(words(more, language))
            break
        lines.append(line)
    return "\n".join(lines)


class Yours(TableCog):
    """A player's own games and reminder choice; a server's default pace."""

    @app_commands.command(name="mygames", description="Your games in this server and whose turn")
    @app_commands.guild_only()
    async def mygames(self, interaction: Interaction) -> None:
        """Every game here where the caller has a place, privately, with links."""
        user = interaction.user.id
        games = self.bot.service.my_games(interaction.guild_id or 0, user)
        await interaction.response.send_message(
            games_text(games, user, await reader_language(interaction)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="reminders", description="Turn your turn reminders on or off")
    @app_commands.describe(state="on or off")
    @app_commands.choices(
        state=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def reminders(self, interaction: Interaction, state: app_commands.Choice[str]) -> None:
        """Reminders are on unless the player turns them off (every game, every server)."""
        on = state.value == "on"
        await self.bot.service.set_reminders(interaction.user.id, on)
        text = say("table.reminders_on") if on else say("table.reminders_off")
        language = await reader_language(interaction)
        await interaction.response.send_message(words(text, language), ephemeral=True)

    @app_commands.command(name="settings", description="Server settings for new games")
    @app_commands.describe(pace="The default pace of new games in this server")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def settings(self, interaction: Interaction, pace: str) -> None:
        """Manage Server only: the server's default pace (games already open keep theirs)."""
        if not interaction.permissions.manage_guild:
            raise ServiceError(NOT_ADMIN)
        chosen = await self.bot.service.set_guild_pace(interaction.guild_id or 0, pace)
        language = await reader_language(interaction)
        pace_line = pace_words(get_pace(chosen.name), language)
        done = words(say("table.pace_set", pace=pace_line), language)
        await interaction.response.send_message(done, ephemeral=True)

    @settings.autocomplete("pace")
    @never_failing
    async def _paces(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return pace_choices(current, await reader_language(interaction))


async def setup(bot: Host) -> None:
    """discord.py's extension hook: load_extension("cogs.yours") adds the cog."""
    await bot.add_cog(Yours(bot))
