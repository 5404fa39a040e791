"""The lobby message's buttons and menu: Join / Leave / Start / Cancel, and its computer players.

Each is a Component (cogs.ui.component) whose custom_id carries its game (`sy:l:<game>:<verb>`,
`sy:ca:<game>`, `sy:cr:<game>`), so it works after a restart; only the host may add or remove
computer players (the service refuses anyone else).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle, SelectOption
from discord.ui import Button, Select

from bot.i18n import ENGLISH, say, words
from bot.service import LEVELS, GameInfo, computer_name
from bot.service.model import COMPUTER_NAMES
from cogs.ui import readers, threads
from cogs.ui.component import Component, button, frozen, menu
from cogs.ui.ids import (
    ADD_COMPUTER,
    LOBBY,
    REMOVE_COMPUTER,
    AddComputerId,
    LobbyId,
    LobbyVerb,
    RemoveComputerId,
)
from cogs.ui.reliability import lobby_words

if TYPE_CHECKING:
    from cogs.ui.table import Table

Interaction = discord.Interaction[Any]
LEVEL_WORDS = COMPUTER_NAMES  # a level not listed shows its seat name, 'Computer (x)'
LOBBY_BUTTONS: tuple[tuple[LobbyVerb, str, ButtonStyle], ...] = (
    ("join", "table.join", ButtonStyle.success),
    ("leave", "table.leave", ButtonStyle.secondary),
    ("start", "table.start", ButtonStyle.primary),
    ("cancel", "table.cancel", ButtonStyle.danger),
)


class LobbyButton(Component[Button[Any], LobbyId], scheme=LOBBY):
    """Join / Leave / Start / Cancel on a lobby message."""

    @classmethod
    def make(cls, game_id: int, verb: LobbyVerb, label: str, style: ButtonStyle) -> Self:
        """One of the lobby's buttons."""
        return button(cls, LobbyId(game_id, verb), label, style)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Join, leave, start or cancel the lobby."""
        await table.lobby_action(interaction, self.key.game, self.key.verb)


class AddComputer(Component[Select[Any], AddComputerId], scheme=ADD_COMPUTER):
    """'Add a computer player…': choosing a level seats one at that level."""

    @classmethod
    def make(cls, game_id: int, language: str = ENGLISH) -> Self:
        """The lobby's level menu, in the server's language."""
        options = [
            SelectOption(label=words(say(LEVEL_WORDS[level]), language), value=level)
            if level in LEVEL_WORDS
            else SelectOption(label=computer_name(level), value=level)
            for level in LEVELS
        ]
        placeholder = words(say("table.add_computer"), language)
        return menu(cls, AddComputerId(game_id), placeholder, options)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Seat a computer player at the chosen level (a bad value is refused by the service)."""
        level = self.item.values[0] if self.item.values else ""
        info = await table.service.lobby.add_computer(self.key.game, interaction.user.id, level)
        await show_lobby(table, interaction, info)


class RemoveComputer(Component[Button[Any], RemoveComputerId], scheme=REMOVE_COMPUTER):
    """'Remove computer': the computer player added last leaves the lobby."""

    @classmethod
    def make(cls, game_id: int, language: str = ENGLISH) -> Self:
        """The lobby's Remove computer button, in the server's language."""
        label = words(say("table.remove_computer"), language)
        return button(cls, RemoveComputerId(game_id), label)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Take the last computer player out of the lobby."""
        info = await table.service.lobby.remove_computer(self.key.game, interaction.user.id)
        await show_lobby(table, interaction, info)


def lobby_view(game_id: int, language: str = ENGLISH) -> discord.ui.View:
    """Join / Leave / Start / Cancel, Remove computer, and the menu that adds one."""
    buttons = [
        LobbyButton.make(game_id, verb, words(say(label), language), style)
        for verb, label, style in LOBBY_BUTTONS
    ]
    computers = (RemoveComputer.make(game_id, language), AddComputer.make(game_id, language))
    return frozen(*buttons, *computers)


async def show_lobby(table: Table, interaction: Interaction, info: GameInfo) -> None:
    """Redraw the lobby message the click came from (after the change was stored)."""
    language = await readers.server_language(table.bot, info.guild_id)
    text = await lobby_words(table, info, language) + threads.note(info, language)
    view = lobby_view(info.game_id, language) if info.status == "lobby" else None
    await table.acknowledge(lambda: interaction.response.edit_message(content=text, view=view))
