"""/play, and the lobby's buttons: open a game, join it, add computers, start; Rematch."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import say
from bot.service import LEVELS, ServiceError, game_kind
from cogs.ui.choices import GAME_CHOICES, pace_choices
from cogs.ui.components import RematchButton
from cogs.ui.lobby_components import AddComputer, LobbyButton, RemoveComputer
from cogs.ui.readers import reader_language
from cogs.ui.replies import clip, never_failing, suggestions
from cogs.ui.tablecog import TableCog

if TYPE_CHECKING:
    from cogs.ui.host import Host

WHERE_CHOICES = [
    app_commands.Choice(name="In a new thread (default)", value="thread"),
    app_commands.Choice(name="Here, in this channel", value="here"),
]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
MOST_OPPONENTS = 4  # one less than the largest table of any game
MOST_OPTIONS, QUOTED = 12, 40  # more options than any game has; how much of a bad one to show


def parse_options(text: str | None) -> dict[str, str]:
    """'expeditions=on burial=off' -> {'expeditions': 'on', 'burial': 'off'}."""
    result: dict[str, str] = {}
    parts = (text or "").replace(",", " ").split()
    if len(parts) > MOST_OPTIONS:
        raise ServiceError(say("table.too_many_options", count=len(parts), most=MOST_OPTIONS))
    for part in parts:
        name, sep, value = part.partition("=")
        if not sep or not name or not value or len(part) > QUOTED:
            shown = clip(part, QUOTED)
            raise ServiceError(say("table.not_an_option", option=shown))
        result[name.strip().lower()] = value.strip().lower()
    return result


def option_suggestions(game_id: str, typed: str) -> list[str]:
    """Every valid name=value for a game, filtered by what was typed."""
    return [pair for pair in game_kind(game_id).options if typed.lower() in pair]


class Lobby(TableCog):
    """Opening games."""

    @app_commands.command(name="play", description="Open a game (in its own thread)")
    @app_commands.describe(
        game="Which game",
        options="Variants as name=value, e.g. strategic=on (Ilium); /rules lists each game's",
        pace="How long a turn may take: live, daily or weekly (default: the server's)",
        where="Play in a new thread (default) or here in this channel",
        opponents="Play against this many computer players, starting at once",
        level="How strong the computer players are (default: normal)",
    )
    @app_commands.choices(game=GAME_CHOICES, where=WHERE_CHOICES, level=LEVEL_CHOICES)
    @app_commands.guild_only()
    async def play(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Choice[str],
        options: str | None = None,
        pace: str | None = None,
        where: app_commands.Choice[str] | None = None,
        opponents: app_commands.Range[int, 1, MOST_OPPONENTS] | None = None,
        level: app_commands.Choice[str] | None = None,
    ) -> None:
        """Open a lobby (or, with opponents, a game against the computer at once); refusals
        reach the player through the tree's error handler."""
        place = None if where is None else where.value
        chosen = None if level is None else level.value
        await self.table.open_lobby(
            interaction, game.value, parse_options(options), pace, place, opponents or 0, chosen
        )

    @play.autocomplete("options")
    @never_failing
    async def _options(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None) or GAME_CHOICES[0].value
        return suggestions((p, p) for p in option_suggestions(str(game_id), current))

    @play.autocomplete("pace")
    @never_failing
    async def _paces(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return pace_choices(current, await reader_language(interaction))


# Join / Leave / Start / Cancel, adding and removing computer players, and Rematch.
ITEMS = (LobbyButton, AddComputer, RemoveComputer, RematchButton)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: /play and the lobby's buttons."""
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(Lobby(bot))


async def teardown(bot: Host) -> None:
    """discord.py's unload hook: the lobby's buttons stop answering with /play."""
    bot.remove_dynamic_items(*ITEMS)
