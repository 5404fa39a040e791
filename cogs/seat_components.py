"""Buttons about who holds a seat: confirming a resignation (and, later, turn clock votes)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle
from discord.ui import Button, DynamicItem, Item

from cogs import ids
from cogs.components import _button, _Component, _frozen

if TYPE_CHECKING:
    from cogs.table import Table

Interaction = discord.Interaction[Any]


class ResignButton(_Component, DynamicItem[Button[Any]], template=ids.RESIGN):
    """Confirm or Cancel on the private question 'resign and leave your seat to the computer?'."""

    def __init__(self, game_id: int, verb: str, button: Button[Any]) -> None:
        super().__init__(button)
        self.game_id, self.verb = game_id, verb

    @classmethod
    def make(cls, game_id: int, verb: str) -> Self:
        """The Confirm ('yes') or Cancel ('no') button."""
        label, style = ("Resign", ButtonStyle.danger) if verb == "yes" else ("Keep playing", None)
        button: Button[Any] = Button(
            label=label,
            style=style or ButtonStyle.secondary,
            custom_id=ids.resign_id(game_id, verb),
        )
        return cls(game_id, verb, button)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: Item[Any], match: re.Match[str], /
    ) -> Self:
        """The clicked button with its game and choice read once."""
        return cls(int(match["game"]), match["verb"], _button(item))

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Resign (the seat goes to the automatic player) or keep playing."""
        if self.verb != "yes":
            await interaction.response.edit_message(content="You are still playing.", view=None)
            return
        await resign(interaction, table, self.game_id)


async def resign(interaction: Interaction, table: Table, game_id: int) -> None:
    """Commit the resignation, answer, then show the table and let the automatic player move."""
    board = await table.service.resign(game_id, interaction.user.id)
    ended = board.info.status != "active"
    done = "You resigned." if ended else "You resigned: the automatic player takes your seat."
    if interaction.type is discord.InteractionType.component:
        await interaction.response.edit_message(content=done, view=None)
    else:
        await interaction.response.send_message(done, ephemeral=True)
    if not ended:
        await interaction.followup.send(
            f"{interaction.user.mention} resigned; the automatic player takes their seat and "
            "the game goes on.",
        )
    await table.show(board, in_place=not ended)
    if not ended:
        await table.play_automatic(game_id)


def resign_view(game_id: int) -> discord.ui.View:
    """The private question's two buttons."""
    return _frozen(ResignButton.make(game_id, "yes"), ResignButton.make(game_id, "no"))


SEAT_ITEMS = (ResignButton,)
