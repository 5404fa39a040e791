"""/leaderboard, /stats and /rebuild-ratings: what the finished games add up to, privately."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from babel.numbers import format_decimal, format_percent
from discord import app_commands

from bot.i18n import ENGLISH, say, words
from bot.service import ServiceError
from bot.service.ratings import EVERYWHERE, SERVER, Leaderboard, LeaderLine
from bot.service.stats import GameStats
from cogs.ui.choices import GAME_CHOICES
from cogs.ui.readers import reader_language
from cogs.ui.reliability import duration, stats_words
from cogs.ui.replies import clip
from cogs.ui.tablecog import TableCog
from cogs.ui.tokenlife import started

if TYPE_CHECKING:
    from cogs.ui.host import Host

Interaction = discord.Interaction[Any]
SCOPE_CHOICES = [  # names: the command translator's cmd.choice.<value>
    app_commands.Choice(name="This server (default)", value=SERVER),
    app_commands.Choice(name="All servers", value=EVERYWHERE),
]
NOT_ADMIN = say("table.records.not_admin")


def _said(language: str, key: str, /, **params: object) -> str:
    return words(say(key, **params), language)


def _plural(count: int, one: str, several: str) -> str:
    """The message id for one thing or for several (English's rule; catalogues follow it)."""
    return one if count == 1 else several


def leader_line(line: LeaderLine, language: str = ENGLISH) -> str:
    """One player's line: rank, name, rating, games and wins."""
    games = say(_plural(line.games, "table.records.game", "table.records.games"), count=line.games)
    return _said(
        language,
        "table.records.leader",
        rank=line.rank,
        name=line.name,
        rating=number(line.rating, language),
        games=games,
        wins=line.wins,
    )


def leaderboard_text(board: Leaderboard, language: str = ENGLISH) -> str:
    """The leaderboard message."""
    where = say("table.records.everywhere" if board.scope == EVERYWHERE else "table.records.here")
    head = _said(language, "table.records.head", title=board.title, where=where)
    if not board.lines:
        return _said(language, "table.records.nobody", head=head)
    lines = [leader_line(line, language) for line in board.lines]
    if board.own is not None:
        lines += ["…", _said(language, "table.records.you", line=leader_line(board.own, language))]
    note = _said(language, "table.records.rating_note")
    return "\n".join([head, *lines, f"-# {note}"])


def number(value: float, language: str = ENGLISH) -> str:
    """A rating or an average with one decimal as the reader writes it ('3.4', '3,4')."""
    return format_decimal(value, "0.0", locale=language)


def percent(rate: float, language: str = ENGLISH) -> str:
    """A win rate as the reader writes it ('50%', '50 %')."""
    return format_percent(rate, locale=language)


def stats_line(title: str, stats: GameStats, language: str = ENGLISH) -> str:
    """One game's record of a player."""
    rate = percent(stats.win_rate, language)
    parts = [_said(language, "table.records.played", games=stats.games, wins=stats.wins, rate=rate)]
    if stats.average_score is not None:
        score = number(stats.average_score, language)
        parts.append(_said(language, "table.records.average_score", score=score))
    if stats.average_move_seconds is not None:
        spent = duration(stats.average_move_seconds, language)
        parts.append(_said(language, "table.records.average_time", time=spent))
    if stats.streak > 0:
        key = _plural(stats.streak, "table.records.streak_one", "table.records.streak")
        parts.append(_said(language, key, count=stats.streak))
    elif stats.streak < 0:
        key = _plural(-stats.streak, "table.records.no_win_one", "table.records.no_win")
        parts.append(_said(language, key, count=-stats.streak))
    if stats.favourite_opponent:
        opponent = stats.favourite_opponent
        parts.append(_said(language, "table.records.opponent", name=opponent))
    return f"• **{words(title, language)}**: " + "; ".join(parts)


class Records(TableCog):
    """Ratings, leaderboards and statistics."""

    @app_commands.command(name="leaderboard", description="The best-rated players of a game")
    @app_commands.describe(game="Which game", scope="This server (default) or all servers")
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: Interaction,
        game: app_commands.Choice[str],
        scope: app_commands.Choice[str] | None = None,
    ) -> None:
        """The top ratings of a game and the caller's own rank, privately."""
        board = await self.bot.service.ratings.leaderboard(
            interaction.guild_id or 0,
            game.value,
            scope.value if scope is not None else SERVER,
            interaction.user.id,
        )
        language = await reader_language(interaction)
        await interaction.response.send_message(
            clip(leaderboard_text(board, language)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="stats", description="A player's record in this server's games")
    @app_commands.describe(player="Whose record (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: Interaction, player: discord.User | None = None) -> None:
        """Per game: games, wins, win rate, average score and move time, streak, favourite
        opponent; and how many games the server finished, privately."""
        who = player or interaction.user
        records, counts = await self.bot.service.records.stats(interaction.guild_id or 0, who.id)
        language = await reader_language(interaction)
        lines = [_said(language, "table.records.stats_head", name=who.display_name)]
        lines += [
            stats_line(self.bot.service.records.game_title(s.game_type), s, language)
            for s in records
        ]
        if not records:
            lines.append(_said(language, "table.records.no_games"))
        titles = [
            (words(self.bot.service.records.game_title(g), language), n) for g, n in counts.items()
        ]
        played = ", ".join(f"{title} {n}" for title, n in titles)
        played = played or _said(language, "table.records.none_yet")
        lines.append(_said(language, "table.records.finished", played=played))
        figures = await self.bot.service.reliability.of(interaction.guild_id or 0, who.id)
        if figures.games:
            lines.append(stats_words(figures, language))
        await interaction.response.send_message(
            clip("\n".join(lines)), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(
        name="rebuild-ratings", description="Recompute every rating from the stored games"
    )
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def rebuild_ratings(self, interaction: Interaction) -> None:
        """Manage Server only: rate every finished game again, in the order they were rated."""
        if not interaction.permissions.manage_guild:
            raise ServiceError(NOT_ADMIN)
        late = started(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        rated = await self.bot.service.ratings.rebuild()
        key = _plural(rated, "table.records.rebuilt_one", "table.records.rebuilt")
        language = await reader_language(interaction)
        await late.private(_said(language, key, count=rated), language)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: load_extension("cogs.records") adds the cog."""
    await bot.add_cog(Records(bot))
