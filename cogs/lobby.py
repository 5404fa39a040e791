"""/play: open a lobby for a game in this channel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.service import ServiceError, game_kind, game_kinds
from cogs.base import TableCog
from cogs.yours import pace_choices

if TYPE_CHECKING:
    from bot.client import SymposionBot

GAME_CHOICES = [app_commands.Choice(name=kind.title, value=kind.id) for kind in game_kinds()]


def parse_options(text: str | None) -> dict[str, str]:
    """'expeditions=on burial=off' -> {'expeditions': 'on', 'burial': 'off'}."""
    result: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep or not name or not value:
            raise ServiceError(f"“{part}” is not an option: write name=value, e.g. burial=on.")
        result[name.strip().lower()] = value.strip().lower()
    return result


def option_suggestions(game_id: str, typed: str) -> list[str]:
    """Every valid name=value for a game, filtered by what was typed."""
    return [pair for pair in game_kind(game_id).options if typed.lower() in pair][:25]


class Lobby(TableCog):
    """Opening games."""

    @app_commands.command(name="play", description="Open a game in this channel")
    @app_commands.describe(
        game="Which game",
        options="Variants as name=value, e.g. burial=on",
        pace="How long a turn may take: live, daily or weekly (default: the server's)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def play(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        options: str | None = None,
        pace: str | None = None,
    ) -> None:
        """Open a lobby; refusals reach the player through the tree's error handler."""
        await self.table.open_lobby(interaction, game.value, parse_options(options), pace)

    @play.autocomplete("options")
    async def _options(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None) or GAME_CHOICES[0].value
        try:
            pairs = option_suggestions(str(game_id), current)
        except ServiceError:
            return []
        return [app_commands.Choice(name=p, value=p) for p in pairs]

    @play.autocomplete("pace")
    async def _paces(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return pace_choices(current)


async def setup(bot: SymposionBot) -> None:
    """discord.py's extension hook: load_extension("cogs.lobby") adds the cog."""
    await bot.add_cog(Lobby(bot))
