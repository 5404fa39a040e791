"""Buttons and selects whose custom_id carries their state, so they work after a restart."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

import discord
from discord import ButtonStyle, SelectOption
from discord.ui import Button, DynamicItem, Item, Select

from bot.i18n import ENGLISH, say, words
from bot.service import Choice
from cogs import ids
from cogs.replies import BUTTON_LABEL, OPTION_TEXT, PLACEHOLDER, clip, report

if TYPE_CHECKING:
    from bot.client import SymposionBot
    from cogs.table import Table

BUTTON_ROWS, PER_ROW, PER_SELECT = 4, 5, 25
NEVER = r"(?!)"  # the shared base's template: it is never registered, so it matches nothing


def table_of(interaction: discord.Interaction[Any]) -> Table:
    """The bot's Table, which every component of ours acts through."""
    return cast("SymposionBot", interaction.client).table


def _button(item: Item[Any]) -> Button[Any]:
    """The item as a button, or a refusal: a forged id can put a menu where a button belongs."""
    if not isinstance(item, Button):
        raise ids.BadComponent()
    return item


def _select(item: Item[Any]) -> Select[Any]:
    """The item as a select menu, or a refusal (see `_button`)."""
    if not isinstance(item, Select):
        raise ids.BadComponent()
    return item


ItemT = TypeVar("ItemT", bound=Item[Any])


class _Component(DynamicItem[ItemT], template=NEVER):
    """What every component of ours shares: its custom_id read once, and one error path.

    discord.py drops a click whose item cannot be built (and logs the error), so an id no
    button of ours could carry still builds an item; it only refuses when clicked.
    """

    refusal: ids.BadComponent | None = None

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The component with its custom_id's fields typed; BadComponent if out of range."""
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: Item[Any], match: re.Match[str], /
    ) -> Self:
        """discord.py's hook: the parsed component, or one that refuses when clicked."""
        try:
            return cls.parse(item, match)
        except ids.BadComponent as refusal:
            refused = cls.__new__(cls)
            DynamicItem.__init__(refused, item)
            refused.refusal = refusal
            return refused

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run the click's work; refusals and failures go to the one error handler."""
        try:
            if self.refusal is not None:
                raise self.refusal
            await self.act(interaction, table_of(interaction))
        except Exception as error:
            await report(interaction, error)

    async def act(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """What a click does; each component says."""
        raise NotImplementedError


class MoveButton(_Component[Button[Any]], template=ids.MOVE):
    """Plays one action, if the board is still at the version the button was drawn for."""

    def __init__(self, game_id: int, version: int, code: str, button: Button[Any]) -> None:
        super().__init__(button)
        self.game_id, self.version, self.code = game_id, version, code

    @classmethod
    def make(cls, game_id: int, version: int, choice: Choice) -> Self:
        """The button for one choice."""
        button: Button[Any] = Button(
            label=clip(choice.text, BUTTON_LABEL),
            style=ButtonStyle.primary,
            custom_id=ids.move_id(game_id, version, choice.code),
        )
        return cls(game_id, version, choice.code, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its game, version and action code read once."""
        game, version = ids.number(match, "game"), ids.number(match, "version")
        return cls(game, version, match["code"], _button(item))

    async def act(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Play the button's action at the button's version."""
        await table.play(interaction, self.game_id, self.code, self.version)


class MoveSelect(_Component[Select[Any]], template=ids.PICK):
    """A menu of actions when there are too many for buttons; the value is the action code."""

    def __init__(self, game_id: int, version: int, page: int, select: Select[Any]) -> None:
        super().__init__(select)
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    def make(
        cls, game_id: int, version: int, page: int, choices: Sequence[Choice], placeholder: str
    ) -> Self:
        """One page of choices as a select menu."""
        options = [SelectOption(label=clip(c.text, OPTION_TEXT), value=c.code) for c in choices]
        select: Select[Any] = Select(
            custom_id=ids.pick_id(game_id, version, page),
            placeholder=clip(placeholder, PLACEHOLDER),
            options=options,
        )
        return cls(game_id, version, page, select)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The used menu with its game, version and page read once."""
        game, version = ids.number(match, "game"), ids.number(match, "version")
        return cls(game, version, ids.number(match, "page"), _select(item))

    async def act(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Play the chosen action at the menu's version."""
        code = self.item.values[0] if self.item.values else ""
        await table.play(interaction, self.game_id, code, self.version)


class TurnButton(_Component[Button[Any]], template=ids.TURN):
    """'Your move': the mover's choices, shown only to them when they would reveal a hand."""

    def __init__(self, game_id: int, version: int, button: Button[Any]) -> None:
        super().__init__(button)
        self.game_id, self.version = game_id, version

    @classmethod
    def make(cls, game_id: int, version: int, language: str = ENGLISH) -> Self:
        """The 'Your move' button of a game message."""
        button: Button[Any] = Button(
            label=words(say("table.your_move"), language),
            style=ButtonStyle.success,
            custom_id=ids.turn_id(game_id, version),
        )
        return cls(game_id, version, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its game and version read once."""
        game, version = ids.number(match, "game"), ids.number(match, "version")
        return cls(game, version, _button(item))

    async def act(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Show the mover their choices privately."""
        await table.show_choices(interaction, self.game_id, self.version)


class HandButton(_Component[Button[Any]], template=ids.HAND):
    """'My hand': the caller's private view as an ephemeral message."""

    def __init__(self, game_id: int, button: Button[Any]) -> None:
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    def make(cls, game_id: int, language: str = ENGLISH) -> Self:
        """The 'My hand' button of a game message."""
        button: Button[Any] = Button(
            label=words(say("table.my_hand"), language),
            style=ButtonStyle.secondary,
            custom_id=ids.hand_id(game_id),
        )
        return cls(game_id, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its game read once."""
        return cls(ids.number(match, "game"), _button(item))

    async def act(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Show the caller their hand privately."""
        await table.show_hand(interaction, self.game_id)


LOBBY_BUTTONS = (
    ("join", "table.join", ButtonStyle.success),
    ("leave", "table.leave", ButtonStyle.secondary),
    ("start", "table.start", ButtonStyle.primary),
    ("cancel", "table.cancel", ButtonStyle.danger),
)


class LobbyButton(_Component[Button[Any]], template=ids.LOBBY):
    """Join / Leave / Start / Cancel on a lobby message."""

    def __init__(self, game_id: int, verb: str, button: Button[Any]) -> None:
        super().__init__(button)
        self.game_id, self.verb = game_id, verb

    @classmethod
    def make(cls, game_id: int, verb: str, label: str, style: ButtonStyle) -> Self:
        """One of the lobby's buttons."""
        button: Button[Any] = Button(
            label=label, style=style, custom_id=ids.lobby_id(game_id, verb)
        )
        return cls(game_id, verb, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its game and verb read once."""
        return cls(ids.number(match, "game"), match["verb"], _button(item))

    async def act(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Join, leave, start or cancel the lobby."""
        await table.lobby_action(interaction, self.game_id, self.verb)


class RematchButton(_Component[Button[Any]], template=ids.REMATCH):
    """Opens a new lobby with the same players."""

    def __init__(self, game_id: int, button: Button[Any]) -> None:
        super().__init__(button)
        self.game_id = game_id

    @classmethod
    def make(cls, game_id: int, language: str = ENGLISH) -> Self:
        """The Rematch button of a final game message."""
        label = words(say("table.rematch"), language)
        button: Button[Any] = Button(
            label=label, style=ButtonStyle.primary, custom_id=ids.rematch_id(game_id)
        )
        return cls(game_id, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its game read once."""
        return cls(ids.number(match, "game"), _button(item))

    async def act(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Open the rematch lobby."""
        await table.rematch(interaction, self.game_id)


DYNAMIC_ITEMS = (MoveButton, MoveSelect, TurnButton, HandButton, LobbyButton, RematchButton)


async def answer_unclaimed(interaction: discord.Interaction[Any]) -> None:
    """Refuse a click no component of ours will take, which discord.py drops unanswered.

    discord.py hands a click to a DynamicItem only if its custom_id fits a template and the
    clicked message holds a component of the same kind with that id; anything else (an old
    or forged id, a button press on a menu) would otherwise leave the player waiting.
    """
    if interaction.type is not discord.InteractionType.component or interaction.data is None:
        return
    custom_id = str(interaction.data.get("custom_id", ""))
    kind = interaction.data.get("component_type")
    message = interaction.message
    if message is not None and ids.ours(custom_id) and _carries(message, kind, custom_id):
        return
    await report(interaction, ids.BadComponent())


def _carries(message: discord.Message, kind: object, custom_id: str) -> bool:
    """Whether the message has a component of this type with this custom_id."""
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if child.type.value == kind and getattr(child, "custom_id", None) == custom_id:
                return True
    return False


def _frozen(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A view that is sent but not kept in memory: dynamic items answer its clicks."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def _groups(choices: Sequence[Choice], language: str = ENGLISH) -> list[tuple[str, list[Choice]]]:
    """Group choices by their words up to the last one ('place 5 on …'), else plain pages."""
    groups: dict[str, list[Choice]] = {}
    for choice in choices:
        head = choice.text.rsplit(" ", 1)[0] + " …" if " " in choice.text else choice.text
        groups.setdefault(head, []).append(choice)
    if len(groups) <= BUTTON_ROWS and all(len(g) <= PER_SELECT for g in groups.values()):
        return list(groups.items())
    pages = [choices[i : i + PER_SELECT] for i in range(0, len(choices), PER_SELECT)]
    return [
        (_page_title(i * PER_SELECT + 1, i * PER_SELECT + len(p), len(choices), language), list(p))
        for i, p in enumerate(pages)
    ]


def _page_title(first: int, last: int, count: int, language: str) -> str:
    """'Moves 1–25 of 40', the placeholder of one page of moves."""
    return words(say("table.moves_page", first=first, last=last, count=count), language)


def in_language(choices: Sequence[Choice], language: str) -> list[Choice]:
    """The choices with their words in `language` (codes unchanged)."""
    return [Choice(c.code, words(c.text, language)) for c in choices]


def choice_items(
    game_id: int, version: int, choices: Sequence[Choice], language: str = ENGLISH
) -> list[Any]:
    """Buttons when they fit in four rows, else up to four select menus (the rest: /move);
    their words in `language`."""
    choices = in_language(choices, language)
    if len(choices) <= BUTTON_ROWS * PER_ROW:
        return [MoveButton.make(game_id, version, c) for c in choices]
    groups = _groups(choices, language)[:BUTTON_ROWS]
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
    game_id: int,
    version: int,
    choices: Sequence[Choice] | None,
    *,
    hand: bool,
    back: bool = False,
    language: str = ENGLISH,
) -> discord.ui.View:
    """The game message's components: public choices (or 'Your move'), then Back, 'My hand'."""
    from cogs.undo_components import BackButton  # it acts through the undo flow, built on us

    items: list[Any] = []
    if choices is None:
        items.append(TurnButton.make(game_id, version, language))
    else:
        items += choice_items(game_id, version, choices, language)
    if back:
        items.append(BackButton.make(game_id, version, language))
    if hand:
        items.append(HandButton.make(game_id, language))
    return _frozen(*items)


def private_view(
    game_id: int, version: int, choices: Sequence[Choice], language: str = ENGLISH
) -> discord.ui.View:
    """The mover's own copy of the choices, for an ephemeral message (in their language)."""
    return _frozen(*choice_items(game_id, version, choices, language))


def lobby_view(game_id: int, language: str = ENGLISH) -> discord.ui.View:
    """Join / Leave / Start / Cancel, Remove computer, and the menu that adds one."""
    from cogs.computer_components import AddComputer, RemoveComputer  # built on us

    buttons = [
        LobbyButton.make(game_id, verb, words(say(label), language), style)
        for verb, label, style in LOBBY_BUTTONS
    ]
    computers = (RemoveComputer.make(game_id, language), AddComputer.make(game_id, language))
    return _frozen(*buttons, *computers)


def final_view(game_id: int, language: str = ENGLISH) -> discord.ui.View:
    """Rematch, once a game is over (in the server's language)."""
    return _frozen(RematchButton.make(game_id, language))
