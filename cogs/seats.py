"""/seat take and the buttons of a take-over: a person takes a seat its player left."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import say, words
from cogs.ui.readers import reader_language
from cogs.ui.seat_taking import SeatAnswerButton, TakeSeatButton, ask_for_seat, show_taken
from cogs.ui.tablecog import TableCog

if TYPE_CHECKING:
    from cogs.ui.host import Host

Interaction = discord.Interaction[Any]


class Seats(TableCog):
    """Taking over a seat the automatic player holds because its player left."""

    seat = app_commands.Group(
        name="seat", description="Seats of this channel's game", guild_only=True
    )

    @seat.command(name="take", description="Take over a seat whose player left the game")
    @app_commands.describe(
        number="Which seat, when several were left (1 is the first)",
        player="Host only: seat this member at once instead of yourself",
    )
    async def take(
        self,
        interaction: Interaction,
        number: app_commands.Range[int, 1, 8] | None = None,
        player: discord.User | None = None,
    ) -> None:
        """Ask the table for the seat; the host naming a member seats them at once."""
        info = self.game_here(interaction)
        seat = None if number is None else number - 1
        if player is None or player.id == interaction.user.id:
            await ask_for_seat(interaction, self.table, info.game_id, seat)
            return
        taken = await self.bot.service.seats.appoint(
            info.game_id,
            interaction.user.id,
            (player.id, player.display_name),
            seat,
            guild_id=interaction.guild_id,
            in_server=isinstance(player, discord.Member) and not player.bot,
        )
        done = say("table.seat_appointed", who=player.mention, number=taken.seat + 1)
        told = words(done, await reader_language(interaction))
        await self.table.acknowledge(
            lambda: interaction.response.send_message(told, ephemeral=True)
        )
        await show_taken(self.table, taken)


ITEMS = (TakeSeatButton, SeatAnswerButton)


async def setup(bot: Host) -> None:
    """discord.py's extension hook: /seat and the take-over's buttons."""
    bot.add_dynamic_items(*ITEMS)
    await bot.add_cog(Seats(bot))


async def teardown(bot: Host) -> None:
    """discord.py's unload hook: the buttons stop answering with the command."""
    bot.remove_dynamic_items(*ITEMS)
