"""/analysis: a finished game's win-chance chart and each player's costliest decisions, posted.

Refusals (a game still being played, one without a result, another server's) come before the
answer is deferred. Then the deferred answer shows the queue place or the progress, edited as
the analysis goes, and is filled with the chart and the words when it is ready (as a plain
message in the channel if that took longer than the interaction lives). An analysis a restart
cut short says so in its answer, is computed again at the next start and posted where it was
asked for, in the asker's language.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import say, words
from bot.service.analyses import Asker, CutShort, Ready
from bot.service.analysing import Progress
from cogs.ui.alttext import upload
from cogs.ui.analysis import chart_view, chart_words, progress_text, result_text
from cogs.ui.pastgames import game_choices
from cogs.ui.readers import public_language
from cogs.ui.replies import DISCORD_FAULTS, clip, never_failing
from cogs.ui.tablecog import TableCog
from cogs.ui.tokenlife import started
from cogs.ui.uploads import attachment
from rendering._chart import chart_png

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.analysis")
Interaction = discord.Interaction[Any]
GAME_HELP = "The game's number (start typing: recent games are listed)"


def chart_file_name(game_id: int) -> str:
    """The chart's file name."""
    return f"game-{game_id}-analysis.png"


async def drawn(ready: Ready, language: str) -> tuple[bytes, str]:
    """The chart (drawn off the event loop) and its alt text."""
    png = await asyncio.to_thread(chart_png, chart_view(ready, language))
    return png, chart_words(ready, language)


def pinging(asker: Asker) -> discord.AllowedMentions:
    """A message after a restart pings only who asked (the interaction is long gone)."""
    return discord.AllowedMentions(
        users=[discord.Object(asker.user_id)], everyone=False, roles=False
    )


class Analyses(TableCog):
    """Learning from a finished game."""

    @app_commands.command(
        name="analysis", description="How each player's chances moved in a finished game"
    )
    @app_commands.describe(game=GAME_HELP)
    @app_commands.guild_only()
    async def analysis(self, interaction: Interaction, game: int) -> None:
        """Post the game's analysis here: from storage at once, or computed (progress shown)."""
        late = started(interaction)
        service = self.bot.service.analyses
        guild = interaction.guild_id or 0
        shown = await service.check(guild, game)
        await interaction.response.defer(thinking=True)
        language = await public_language(interaction)

        async def progress(now: Progress) -> None:
            if late.in_time():
                text = progress_text(shown.title, shown.game_id, service.plan, now, language)
                await interaction.edit_original_response(content=text)

        asker = Asker(interaction.user.id, interaction.channel_id or 0, language)
        try:
            ready = await service.ask(guild, game, asker, progress)
        except CutShort as cut:  # the bot stops: begun again at the next start, or given up
            await late.public(words(cut.args[0], language), language)
            return
        png, alt = await drawn(ready, language)
        chart = attachment(interaction, png, chart_file_name(ready.game_id), alt)
        await late.public(result_text(ready, language), language, file=chart)

    @analysis.autocomplete("game")
    @never_failing
    async def _finished_games(
        self, interaction: Interaction, current: object
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.bot, interaction, current, mine=False)

    async def cog_load(self) -> None:
        """Begin again every analysis a restart cut short; each is posted where asked."""
        resumed = asyncio.ensure_future(self.bot.service.analyses.resume(self.post, self.given_up))
        resumed.set_name("symposion: analyses resumed")

    async def post(self, ready: Ready, asker: Asker) -> None:
        """An analysis finished after a restart: posted in its channel, pinging who asked."""
        png, alt = await drawn(ready, asker.language)
        head = words(say("table.analysis.after_restart", who=f"<@{asker.user_id}>"), asker.language)
        channel = self.bot.get_partial_messageable(asker.channel_id)
        try:
            await channel.send(
                clip(f"{head}\n{result_text(ready, asker.language)}"),
                file=upload(png, chart_file_name(ready.game_id), alt),
                allowed_mentions=pinging(asker),
            )
        except DISCORD_FAULTS as error:
            log.warning("game #%s: its analysis was not posted: %r", ready.game_id, error)

    async def given_up(self, asker: Asker, title: str, game_id: int) -> None:
        """An analysis cut short by two restarts: its asker is told, where it was asked."""
        who = f"<@{asker.user_id}>"
        said = say("table.analysis.given_up", who=who, title=title, game=game_id)
        channel = self.bot.get_partial_messageable(asker.channel_id)
        try:
            await channel.send(
                clip(words(said, asker.language)),
                allowed_mentions=pinging(asker),
            )
        except DISCORD_FAULTS as error:
            log.warning("game #%s: its dropped analysis was not told: %r", game_id, error)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: load_extension("cogs.analysis") adds /analysis."""
    await bot.add_cog(Analyses(bot))
