"""/league: a server's own Swiss, round-robin or pods competition (issue 26). Create (Manage
Server), sign up and withdraw by the league message's buttons, start, cancel, standings, list,
export; a loop lets rounds run themselves (the service pairs them, this opens their threads).
"""

from __future__ import annotations

import io
import json
import logging
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import rendering.leagues
from bot.i18n import say, words
from bot.service import ServiceError
from cogs.lobby import parse_options
from cogs.ui import alttext
from cogs.ui.choices import GAME_CHOICES, pace_choices
from cogs.ui.league_components import (
    LeagueButton,
    format_name,
    game_title,
    league_text,
    league_view,
    open_round,
    refresh_message,
    show_handed_over,
    standings_text,
)
from cogs.ui.looking import Looking
from cogs.ui.readers import public_language, reader_language
from cogs.ui.replies import never_failing
from cogs.ui.tablecog import TableCog

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.leagues")
Interaction = discord.Interaction[Any]
FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss", value="swiss"),
    app_commands.Choice(name="Round-robin", value="round-robin"),
    app_commands.Choice(name="Pods (3 to 5 players)", value="pods"),
]


class Leagues(TableCog):
    """The /league commands and the loop that opens rounds."""

    league = app_commands.Group(
        name="league", description="Leagues and tournaments in this server", guild_only=True
    )

    def __init__(self, bot: Host) -> None:
        super().__init__(bot)
        self.looking = Looking(bot, lambda: self.run_leagues(), "league")  # late-bound
        self.advancing = self.looking.loop

    async def cog_load(self) -> None:
        """Look for rounds to open as often as the timer loop looks for deadlines."""
        self.looking.start()

    async def cog_unload(self) -> None:
        """Stop looking with the bot."""
        self.looking.cancel()

    @commands.Cog.listener()
    async def on_stopping(self) -> None:
        """The bot stops: a look at the leagues under way finishes (a round being opened is
        recorded), and no other starts."""
        self.looking.stop()

    @league.command(name="create", description="Open a league for sign-ups (Manage Server)")
    @app_commands.describe(
        game="Which game",
        format="Swiss or round-robin (two players), or pods (three to five)",
        rounds="How many rounds (a round-robin plays everyone once)",
        pace="How long a turn may take: live, daily or weekly",
        players="Players per game (pods only)",
        options="Variants as name=value, as in /play",
        signup_hours="Start by itself this many hours from now",
        name="The league's name, shown on its message and standings",
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    async def create(
        self,
        interaction: Interaction,
        game: app_commands.Choice[str],
        format: app_commands.Choice[str],
        rounds: app_commands.Range[int, 1, 20],
        pace: str,
        players: app_commands.Range[int, 2, 5] | None = None,
        options: str | None = None,
        signup_hours: app_commands.Range[int, 1, 720] | None = None,
        name: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        """The league message with its buttons, in this channel."""
        if not interaction.permissions.manage_guild:
            raise ServiceError(say("league.manage_only"))
        until = None if signup_hours is None else self.bot.clock() + timedelta(hours=signup_hours)
        info = await self.bot.service.leagues.create(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            organiser_id=interaction.user.id,
            game_type=game.value,
            format=format.value,
            rounds=rounds,
            pace=pace,
            players=players,
            options=parse_options(options),
            signup_until=until,
            name=name,
        )
        language = await public_language(interaction)
        view = league_view(info, language)
        assert view is not None  # a new league takes sign-ups
        await interaction.response.send_message(league_text(info, language), view=view)
        sent = await interaction.original_response()
        await self.bot.service.leagues.set_message(info.id, sent.id)

    @league.command(name="start", description="Start a league now (its organiser or Manage Server)")
    @app_commands.describe(league="The league's number")
    async def start(self, interaction: Interaction, league: int) -> None:
        """Pair round one and open its games."""
        manages = interaction.permissions.manage_guild
        progress = await self.bot.service.leagues.start(
            league, interaction.guild_id or 0, interaction.user.id, manages
        )
        text = say("league.started", number=league)
        await interaction.response.send_message(words(text, await reader_language(interaction)))
        await open_round(self.bot, progress)

    @league.command(name="cancel", description="Cancel a league (its organiser or Manage Server)")
    @app_commands.describe(league="The league's number")
    async def cancel(self, interaction: Interaction, league: int) -> None:
        """End it; its games still under way play on."""
        manages = interaction.permissions.manage_guild
        info = await self.bot.service.leagues.cancel(
            league, interaction.guild_id or 0, interaction.user.id, manages
        )
        text = say("league.cancelled", number=league)
        await interaction.response.send_message(words(text, await reader_language(interaction)))
        await refresh_message(self.bot, info)

    @league.command(name="standings", description="A league's standings")
    @app_commands.describe(league="The league's number")
    async def standings(self, interaction: Interaction, league: int) -> None:
        """The standings as an image (drawn in the render pool, hence deferred) and as text."""
        view = await self.bot.service.leagues.standings(league, interaction.guild_id or 0)
        language = await public_language(interaction)
        await interaction.response.defer(thinking=True)
        png = await self.table.painter.standings_png(view, language)
        words_ = rendering.leagues.standings_words(view, language)
        image = alttext.upload(png, f"league-{league}-standings.png", words_)
        await interaction.followup.send(standings_text(view, language), file=image)

    @league.command(
        name="settle", description="End a league game past its round's deadline as scored so far"
    )
    @app_commands.describe(game="The game's number; default: this thread's game")
    async def settle(self, interaction: Interaction, game: int | None = None) -> None:
        """Its organiser (or Manage Server) ends the game as the position stands."""
        game_id = (await self.game_meant(interaction, game)).game_id
        manages = interaction.permissions.manage_guild
        board = await self.bot.service.league_deadlines.settle(
            game_id, interaction.user.id, manages
        )
        text = words(say("league.settled", game=game_id), await reader_language(interaction))
        await interaction.response.send_message(text, ephemeral=True)
        await self.table.publish(board)

    @league.command(name="list", description="This server's leagues, past and running")
    async def list_leagues(self, interaction: Interaction) -> None:
        """One line per league, newest first."""
        found = await self.bot.service.leagues.of_guild(interaction.guild_id or 0)
        language = await reader_language(interaction)
        lines = [
            say(
                "league.list_line",
                number=info.id,
                game=game_title(info.game_type),
                format=format_name(info.format),
                status=say(f"league.state.{info.status}"),
                count=sum(1 for e in info.entrants if not e.withdrawn),
            )
            for info in found[:20]
        ] or [say("league.none")]
        await interaction.response.send_message(
            "\n".join(words(line, language) for line in lines), ephemeral=True
        )

    @league.command(name="export", description="A league as JSON")
    @app_commands.describe(league="The league's number")
    async def export(self, interaction: Interaction, league: int) -> None:
        """Entrants, rounds, pairings, game numbers and results, as a file."""
        data = await self.bot.service.leagues.export(league, interaction.guild_id or 0)
        body = json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8")
        file = discord.File(io.BytesIO(body), filename=f"league-{league}.json")
        text = say("league.exported", number=league)
        await interaction.response.send_message(
            words(text, await reader_language(interaction)), file=file, ephemeral=True
        )

    @create.autocomplete("pace")
    @never_failing
    async def _paces(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return pace_choices(current, await reader_language(interaction))

    async def run_leagues(self) -> int:
        """Act on passed round deadlines, then open every round that paired itself (and any
        table a restart left); how many rounds moved and seats were handed over."""
        handed = await self.bot.service.league_deadlines.fire_due()
        for one in handed:
            try:
                await show_handed_over(self.bot, one)
            except Exception:
                log.exception("league #%s: a hand-over could not be shown", one.league_id)
        moved = await self.bot.service.leagues.advance()
        paired = {progress.info.id for progress in moved}
        moved += [p for p in await self.bot.service.leagues.unopened() if p.info.id not in paired]
        for progress in moved:
            try:
                await open_round(self.bot, progress)
            except Exception:
                log.exception("league #%s: a round could not be opened", progress.info.id)
        return len(moved) + len(handed)


ITEMS = (LeagueButton,)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: /league and the league message's buttons."""
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(Leagues(bot))


async def teardown(bot: Host) -> None:
    """discord.py's unload hook: the league message's buttons stop answering with /league."""
    bot.remove_dynamic_items(*ITEMS)
