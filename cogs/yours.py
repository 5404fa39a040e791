"""/mygames, /reminders and /settings: a player's own games and choices, a server's pace."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import ENGLISH, Text, say, words
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
TEXT_BOARDS = "text"
BOARD_CHOICES = [
    app_commands.Choice(name="the image", value="image"),
    app_commands.Choice(name="text", value=TEXT_BOARDS),
]
READING_SET = {True: "table.settings.text_set", False: "table.settings.image_set"}
READING_NOW = {True: "table.settings.text_now", False: "table.settings.image_now"}


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
        games = self.bot.service.places.my_games(interaction.guild_id or 0, user)
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
        await self.bot.service.timers.set_reminders(interaction.user.id, on)
        text = say("table.reminders_on") if on else say("table.reminders_off")
        language = await reader_language(interaction)
        await interaction.response.send_message(words(text, language), ephemeral=True)

    @app_commands.command(
        name="settings", description="How you read boards; for admins, this server's pace"
    )
    @app_commands.describe(
        pace="Manage Server: the default pace of new games in this server",
        board="How /board shows you a board: the image, or text",
    )
    @app_commands.choices(board=BOARD_CHOICES)
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: Interaction,
        pace: str | None = None,
        board: app_commands.Choice[str] | None = None,
    ) -> None:
        """A player's own way of reading boards (every server) and, Manage Server only, the
        server's default pace (games already open keep theirs); with neither, what is set.
        A refusal changes nothing: the pace is checked and kept before the board choice."""
        if pace is not None and not interaction.permissions.manage_guild:
            raise ServiceError(NOT_ADMIN)
        language = await reader_language(interaction)
        said: list[Text] = []
        if pace is not None:
            chosen = await self.bot.service.timers.set_guild_pace(interaction.guild_id or 0, pace)
            said.append(say("table.pace_set", pace=pace_words(get_pace(chosen.name), language)))
        if board is not None:
            text = board.value == TEXT_BOARDS
            await self.bot.service.reading.choose(interaction.user.id, text)
            said.append(say(READING_SET[text]))
        if not said:
            said = await self._current(interaction, language)
        answer = "\n".join(words(line, language) for line in said)
        await interaction.response.send_message(answer, ephemeral=True)

    async def _current(self, interaction: Interaction, language: str) -> list[Text]:
        """What /settings without options tells: how the caller reads boards, the server's pace."""
        text = await self.bot.service.reading.prefers_text(interaction.user.id)
        pace = await self.bot.service.clocks.pace_for(interaction.guild_id, None)
        return [say(READING_NOW[text]), say("table.settings.pace", pace=pace_words(pace, language))]

    @settings.autocomplete("pace")
    @never_failing
    async def _paces(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return pace_choices(current, await reader_language(interaction))


async def setup(bot: Host) -> None:
    """discord.py's extension hook: load_extension("cogs.yours") adds the cog."""
    await bot.add_cog(Yours(bot))
