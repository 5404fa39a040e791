"""Buttons and selects whose custom_id carries their state, so they work after a restart."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle, SelectOption
from discord.ui import Button, DynamicItem, Select

from cogs import ids

if TYPE_CHECKING:
    from bot.service import Choice
    from cogs.table import Table

BUTTON_ROWS, PER_ROW, PER_SELECT = 4, 5, 25
LABEL, OPTION = 80, 100


def table_of(interaction: discord.Interaction[Any]) -> Table:
    """The Table cog that handles every component of ours."""
    table = interaction.client.get_cog("Table")
    assert table is not None, "the Table cog is not loaded"
    return table  # type: ignore[no-any-return]


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _Parsed:
    """Rebuilds a dynamic item from the clicked component and reads its custom_id's groups."""

    custom_id: str
    template: re.Pattern[str]

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Any, match: re.Match[str], /
    ) -> Self:
        return cls(item)  # type: ignore[call-arg]

    def part(self, name: str) -> str:
        match = self.template.fullmatch(self.custom_id)
        assert match is not None
        return match[name]

    def number(self, name: str) -> int:
        return int(self.part(name))


class MoveButton(_Parsed, DynamicItem[Button[Any]], template=ids.MOVE):
    """Plays one action, if the board is still at the version the button was drawn for."""

    @classmethod
    def make(cls, game_id: int, version: int, choice: Choice) -> Self:
        button: Button[Any] = Button(
            label=_short(choice.text, LABEL),
            style=ButtonStyle.primary,
            custom_id=ids.move_id(game_id, version, choice.code),
        )
        return cls(button)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        table = table_of(interaction)
        work = table.play(
            interaction, self.number("game"), self.part("code"), self.number("version")
        )
        await table.guard(interaction, work)


class MoveSelect(_Parsed, DynamicItem[Select[Any]], template=ids.PICK):
    """A menu of actions when there are too many for buttons; the value is the action code."""

    @classmethod
    def make(
        cls, game_id: int, version: int, page: int, choices: Sequence[Choice], placeholder: str
    ) -> Self:
        options = [SelectOption(label=_short(c.text, OPTION), value=c.code) for c in choices]
        select: Select[Any] = Select(
            custom_id=ids.pick_id(game_id, version, page),
            placeholder=_short(placeholder, 150),
            options=options,
        )
        return cls(select)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        code = self.item.values[0] if self.item.values else ""
        table = table_of(interaction)
        work = table.play(interaction, self.number("game"), code, self.number("version"))
        await table.guard(interaction, work)


class TurnButton(_Parsed, DynamicItem[Button[Any]], template=ids.TURN):
    """'Your move': the mover's choices, shown only to them when they would reveal a hand."""

    @classmethod
    def make(cls, game_id: int, version: int) -> Self:
        return cls(
            Button(
                label="Your move",
                style=ButtonStyle.success,
                custom_id=ids.turn_id(game_id, version),
            )
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        table = table_of(interaction)
        work = table.show_choices(interaction, self.number("game"), self.number("version"))
        await table.guard(interaction, work)


class HandButton(_Parsed, DynamicItem[Button[Any]], template=ids.HAND):
    """'My hand': the caller's private view as an ephemeral message."""

    @classmethod
    def make(cls, game_id: int) -> Self:
        return cls(
            Button(label="My hand", style=ButtonStyle.secondary, custom_id=ids.hand_id(game_id))
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        table = table_of(interaction)
        await table.guard(interaction, table.show_hand(interaction, self.number("game")))


LOBBY_BUTTONS = (
    ("join", "Join", ButtonStyle.success),
    ("leave", "Leave", ButtonStyle.secondary),
    ("start", "Start", ButtonStyle.primary),
    ("cancel", "Cancel", ButtonStyle.danger),
)


class LobbyButton(_Parsed, DynamicItem[Button[Any]], template=ids.LOBBY):
    """Join / Leave / Start / Cancel on a lobby message."""

    @classmethod
    def make(cls, game_id: int, verb: str, label: str, style: ButtonStyle) -> Self:
        return cls(Button(label=label, style=style, custom_id=ids.lobby_id(game_id, verb)))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        table = table_of(interaction)
        work = table.lobby_action(interaction, self.number("game"), self.part("verb"))
        await table.guard(interaction, work)


class RematchButton(_Parsed, DynamicItem[Button[Any]], template=ids.REMATCH):
    """Opens a new lobby with the same players."""

    @classmethod
    def make(cls, game_id: int) -> Self:
        return cls(
            Button(label="Rematch", style=ButtonStyle.primary, custom_id=ids.rematch_id(game_id))
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        table = table_of(interaction)
        await table.guard(interaction, table.rematch(interaction, self.number("game")))


DYNAMIC_ITEMS = (MoveButton, MoveSelect, TurnButton, HandButton, LobbyButton, RematchButton)


def _frozen(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view that is sent but not kept in memory: dynamic items answer its clicks."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def _groups(choices: Sequence[Choice]) -> list[tuple[str, list[Choice]]]:
    """Group choices by their words up to the last one ('place 5 on …'), else plain pages."""
    groups: dict[str, list[Choice]] = {}
    for choice in choices:
        head = choice.text.rsplit(" ", 1)[0] + " …" if " " in choice.text else choice.text
        groups.setdefault(head, []).append(choice)
    if len(groups) <= BUTTON_ROWS and all(len(g) <= PER_SELECT for g in groups.values()):
        return list(groups.items())
    pages = [choices[i : i + PER_SELECT] for i in range(0, len(choices), PER_SELECT)]
    return [
        (f"Moves {i * PER_SELECT + 1}–{i * PER_SELECT + len(p)} of {len(choices)}", list(p))
        for i, p in enumerate(pages)
    ]


def choice_items(game_id: int, version: int, choices: Sequence[Choice]) -> list[Any]:
    """Buttons when they fit in four rows, else up to four select menus (the rest: /move)."""
    if len(choices) <= BUTTON_ROWS * PER_ROW:
        return [MoveButton.make(game_id, version, c) for c in choices]
    groups = _groups(choices)[:BUTTON_ROWS]
    return [
        MoveSelect.make(game_id, version, page, group, title)
        for page, (title, group) in enumerate(groups)
    ]


def shown_choices(choices: Sequence[Choice]) -> int:
    """How many of the choices the components can carry (the rest need /move)."""
    if len(choices) <= BUTTON_ROWS * PER_ROW:
        return len(choices)
    return sum(len(group) for _, group in _groups(choices)[:BUTTON_ROWS])


def game_view(
    game_id: int, version: int, choices: Sequence[Choice] | None, *, hand: bool
) -> discord.ui.View:
    """The game message's components: public choices (or 'Your move'), then 'My hand'."""
    items: list[Any] = []
    if choices is None:
        items.append(TurnButton.make(game_id, version))
    else:
        items += choice_items(game_id, version, choices)
    if hand:
        items.append(HandButton.make(game_id))
    return _frozen(*items)


def private_view(game_id: int, version: int, choices: Sequence[Choice]) -> discord.ui.View:
    """The mover's own copy of the choices, for an ephemeral message."""
    return _frozen(*choice_items(game_id, version, choices))


def lobby_view(game_id: int) -> discord.ui.View:
    """Join / Leave / Start / Cancel."""
    return _frozen(*(LobbyButton.make(game_id, *spec) for spec in LOBBY_BUTTONS))


def final_view(game_id: int) -> discord.ui.View:
    """Rematch, once a game is over."""
    return _frozen(RematchButton.make(game_id))
