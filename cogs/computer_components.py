"""The lobby's computer players: a level menu that seats one, a button that removes one.

Both are DynamicItems reading their custom_id once (`sy:ca:<game>`, `sy:cr:<game>`), so they
work after a restart; the host alone may use them (the service refuses anyone else).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle, SelectOption
from discord.ui import Button, Item, Select

from bot.i18n import ENGLISH, say, words
from bot.service import LEVELS, GameInfo, computer_name
from bot.service.model import COMPUTER_NAMES
from cogs import ids, readers, threads
from cogs.components import _button, _Component, _select, lobby_view
from cogs.texts import lobby_text

if TYPE_CHECKING:
    from cogs.table import Table

Interaction = discord.Interaction[Any]
LEVEL_WORDS = COMPUTER_NAMES  # a level not listed shows its seat name, 'Computer (x)'


async def show_lobby(table: Table, interaction: Interaction, info: GameInfo) -> None:
    """Redraw the lobby message the click came from (after the change was stored)."""
    language = await readers.server_language(table.bot, info.guild_id)
    text = lobby_text(info, language) + threads.note(info, language)
    view = lobby_view(info.game_id, language) if info.status == "lobby" else None
    await table.acknowledge(lambda: interaction.response.edit_message(content=text, view=view))


class AddComputer(_Component[Select[Any]], template=ids.ADD_COMPUTER):
    """'Add a computer player…': choosing a level seats one at that level."""

    def __init__(self, game_id: int, select: Select[Any]) -> None:
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    def make(cls, game_id: int, language: str = ENGLISH) -> Self:
        """The lobby's level menu, in the server's language."""
        options = [
            SelectOption(label=words(say(LEVEL_WORDS[level]), language), value=level)
            if level in LEVEL_WORDS
            else SelectOption(label=computer_name(level), value=level)
            for level in LEVELS
        ]
        select: Select[Any] = Select(
            custom_id=ids.add_computer_id(game_id),
            placeholder=words(say("table.add_computer"), language),
            options=options,
        )
        return cls(game_id, select)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The used menu with its game read once."""
        return cls(ids.number(match, "game"), _select(item))

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Seat a computer player at the chosen level (a bad value is refused by the service)."""
        level = self.item.values[0] if self.item.values else ""
        info = await table.service.lobby.add_computer(self.game_id, interaction.user.id, level)
        await show_lobby(table, interaction, info)


class RemoveComputer(_Component[Button[Any]], template=ids.REMOVE_COMPUTER):
    """'Remove computer': the computer player added last leaves the lobby."""

    def __init__(self, game_id: int, button: Button[Any]) -> None:
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    def make(cls, game_id: int, language: str = ENGLISH) -> Self:
        """The lobby's Remove computer button, in the server's language."""
        button: Button[Any] = Button(
            label=words(say("table.remove_computer"), language),
            style=ButtonStyle.secondary,
            custom_id=ids.remove_computer_id(game_id),
        )
        return cls(game_id, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its game read once."""
        return cls(ids.number(match, "game"), _button(item))

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Take the last computer player out of the lobby."""
        info = await table.service.lobby.remove_computer(self.game_id, interaction.user.id)
        await show_lobby(table, interaction, info)


COMPUTER_ITEMS = (AddComputer, RemoveComputer)
