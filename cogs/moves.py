"""/move with autocomplete, /board, /resign, /undo and /abandon, and the buttons that play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import say, words
from cogs.ui import seat_components, undo_components
from cogs.ui.alttext import send_text_board
from cogs.ui.components import MoveButton, MoveSelect, TurnButton
from cogs.ui.pastgames import NUMBER_HELP, game_choices, send_board_privately
from cogs.ui.readers import public_language, reader_language
from cogs.ui.replies import never_failing, suggestions
from cogs.ui.tablecog import TableCog

if TYPE_CHECKING:
    from cogs.ui.host import Host

Interaction = discord.Interaction[Any]
TEXT_HELP = "The board in words, only for you (default: your /settings choice)"


class Moves(TableCog):
    """Playing and ending games."""

    @app_commands.command(name="move", description="Make your move")
    @app_commands.describe(action="Start typing: only your legal moves are listed")
    @app_commands.guild_only()
    async def move(self, interaction: Interaction, action: str) -> None:
        """Play a picked move (it carries its version) or a typed one (against the board shown)."""
        info = self.game_here(interaction)  # read before any await: the board shown on arrival
        code, version = await self.bot.service.moves.resolve(
            info.game_id, interaction.user.id, action, info.message_version
        )
        await self.table.play(interaction, info.game_id, code, version)

    @move.autocomplete("action")
    @never_failing
    async def _actions(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        info = self.bot.service.places.game_at(interaction.channel_id or 0)
        if info is None or interaction.guild_id is None:
            return []
        wanted = current.strip().lower()
        entries = await self.bot.service.moves.entries(info.game_id, interaction.user.id)
        reading = await reader_language(interaction)
        named = [(words(c.text, reading), c.code) for c in entries]
        fitting = [
            (text, code)
            for text, code in named
            if wanted in text.lower() or code.lower().endswith(":" + wanted)
        ]
        return suggestions(fitting)

    @app_commands.command(
        name="board", description="Post this channel's board again, or see any game's board"
    )
    @app_commands.describe(game=NUMBER_HELP, text=TEXT_HELP)
    @app_commands.guild_only()
    async def board(
        self, interaction: Interaction, game: int | None = None, text: bool | None = None
    ) -> None:
        """Post the game message of the game going on here again (it pings the mover); any
        other game (one by number, or the last one played here) is shown only to the caller.
        `text` (default: the caller's /settings choice): the board in words, only to them."""
        info = await self.game_meant(interaction, game)
        board = await self.bot.service.boards.show(info.game_id)
        if text is None:
            text = await self.bot.service.reading.prefers_text(interaction.user.id)
        if text:
            await send_text_board(interaction, board)
            return
        if not self.ongoing_here(interaction, info):
            await send_board_privately(interaction, board, self.table.painter)
            return
        again = words(say("table.board_again"), await reader_language(interaction))
        await interaction.response.send_message(again, ephemeral=True)
        await self.table.show(board)

    @board.autocomplete("game")
    @never_failing
    async def _server_games(
        self, interaction: Interaction, current: object
    ) -> list[app_commands.Choice[int]]:
        return await game_choices(self.bot, interaction, current, mine=False)

    @app_commands.command(name="resign", description="Give up this game (you are ranked last)")
    @app_commands.guild_only()
    async def resign(self, interaction: Interaction) -> None:
        """Resign: with 2 players the game ends; with more, after a confirmation, the automatic
        player takes the seat and the others play on.
        """
        info = self.game_here(interaction)
        if not await self.bot.service.moves.resign_hands_over(info.game_id, interaction.user.id):
            await seat_components.resign(interaction, self.table, info.game_id)
            return
        language = await reader_language(interaction)
        await interaction.response.send_message(
            words(say("table.resign_ask", title=info.title), language),
            view=seat_components.resign_view(info.game_id, language),
            ephemeral=True,
        )

    @app_commands.command(name="undo", description="Take back your last decision")
    @app_commands.guild_only()
    async def undo(self, interaction: Interaction) -> None:
        """Take back the caller's last decision here: at once if nobody else moved since,
        else after every other player agrees; never once something hidden was revealed."""
        info = self.game_here(interaction)
        await undo_components.take_back(interaction, self.table, info.game_id, None)

    @app_commands.command(name="abandon", description="End this channel's game (host or moderator)")
    @app_commands.guild_only()
    async def abandon(self, interaction: Interaction) -> None:
        """Abandon the game (host or moderator); its message loses its buttons.

        With no game here, a game that could not be loaded after a restart is abandoned.
        """
        here = interaction.channel_id or 0
        info = self.bot.service.places.game_at(here) or self.bot.service.places.broken_at(here)
        info = info or self.game_here(interaction)
        moderator = bool(interaction.permissions.manage_channels)
        ended = await self.bot.service.moves.abandon(
            info.game_id, interaction.user.id, moderator=moderator
        )
        gone = say("table.abandoned_by", title=ended.title, who=interaction.user.mention)
        await interaction.response.send_message(words(gone, await public_language(interaction)))
        await self.table.strip(ended)


# A move, a page of moves, 'Your move', Back and the others' consent to it, and resigning.
ITEMS = (
    MoveButton,
    MoveSelect,
    TurnButton,
    undo_components.BackButton,
    undo_components.ConsentButton,
    seat_components.ResignButton,
)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: the commands and buttons that play and end games."""
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(Moves(bot))


async def teardown(bot: Host) -> None:
    """discord.py's unload hook: the buttons stop answering with the commands."""
    bot.remove_dynamic_items(*ITEMS)
