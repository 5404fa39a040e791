"""/leaderboard, /stats and /rebuild-ratings: what the finished games add up to, privately."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.service import ServiceError
from bot.service.ratings import EVERYWHERE, SERVER, Leaderboard, LeaderLine
from bot.service.stats import GameStats
from cogs.base import TableCog
from cogs.lobby import GAME_CHOICES
from cogs.replies import clip

if TYPE_CHECKING:
    from bot.client import SymposionBot

Interaction = discord.Interaction[Any]
SCOPE_CHOICES = [
    app_commands.Choice(name="This server (default)", value=SERVER),
    app_commands.Choice(name="All servers", value=EVERYWHERE),
]
NOT_ADMIN = "Only members who may manage this server can rebuild the ratings."


def leader_line(line: LeaderLine) -> str:
    """One player's line: rank, name, rating, games and wins."""
    games = f"{line.games} game{'s' if line.games != 1 else ''}"
    return f"{line.rank}. **{line.name}** — {line.rating:.1f} ({games}, {line.wins} won)"


def leaderboard_text(board: Leaderboard) -> str:
    """The leaderboard message."""
    where = "all servers" if board.scope == EVERYWHERE else "this server"
    head = f"**{board.title}** — best players in {where}"
    if not board.lines:
        return f"{head}: nobody has finished a game of it yet."
    lines = [leader_line(line) for line in board.lines]
    if board.own is not None:
        lines += ["…", f"You: {leader_line(board.own)}"]
    note = "Rating: openskill's cautious estimate (skill minus three uncertainties; 0 to start)."
    return "\n".join([head, *lines, f"-# {note}"])


def _duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min {secs} s" if minutes else f"{secs} s"


def stats_line(title: str, stats: GameStats) -> str:
    """One game's record of a player."""
    parts = [f"{stats.games} played, {stats.wins} won ({stats.win_rate:.0%})"]
    if stats.average_score is not None:
        parts.append(f"average score {stats.average_score:.1f}")
    if stats.average_move_seconds is not None:
        parts.append(f"average time to move {_duration(stats.average_move_seconds)}")
    if stats.streak > 0:
        parts.append(f"on a streak of {stats.streak} win{'s' if stats.streak > 1 else ''}")
    elif stats.streak < 0:
        parts.append(f"{-stats.streak} game{'s' if stats.streak < -1 else ''} without a win")
    if stats.favourite_opponent:
        parts.append(f"most often against {stats.favourite_opponent}")
    return f"• **{title}**: " + "; ".join(parts)


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
        board = await self.bot.service.leaderboard(
            interaction.guild_id or 0,
            game.value,
            scope.value if scope is not None else SERVER,
            interaction.user.id,
        )
        await interaction.response.send_message(
            clip(leaderboard_text(board)),
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
        service = self.bot.service
        records, counts = await service.stats(interaction.guild_id or 0, who.id)
        lines = [f"**{who.display_name}** in this server:"]
        lines += [stats_line(service.game_title(s.game_type), s) for s in records]
        if not records:
            lines.append("No finished games here yet.")
        played = ", ".join(f"{service.game_title(g)} {n}" for g, n in counts.items())
        lines.append(f"Games finished in this server: {played or 'none yet'}.")
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
        await interaction.response.defer(ephemeral=True, thinking=True)
        rated = await self.bot.service.rebuild_ratings()
        await interaction.followup.send(
            f"Ratings rebuilt from {rated} finished game{'s' if rated != 1 else ''}.",
            ephemeral=True,
        )


async def setup(bot: SymposionBot) -> None:
    """discord.py's extension hook: load_extension("cogs.records") adds the cog."""
    await bot.add_cog(Records(bot))
