"""The game message's buttons and menus: moves, 'Your move', 'My hand', Back and Rematch.

Each is a Component (cogs.ui.component) whose custom_id carries its game, and moves their
version, so they work after a restart; the views below put them together for a board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle, SelectOption
from discord.ui import Button, Select

from bot.i18n import ENGLISH, say, words
from bot.service import Choice
from cogs.ui.component import Component, button, frozen, menu
from cogs.ui.ids import HAND, MOVE, PICK, REMATCH, TURN, HandId, MoveId, PickId, RematchId, TurnId
from cogs.ui.replies import BUTTON_LABEL, OPTION_TEXT, clip
from cogs.ui.seat_taking import TakeSeatButton
from cogs.ui.undo_components import BackButton

if TYPE_CHECKING:
    from cogs.ui.table import Table

Interaction = discord.Interaction[Any]
BUTTON_ROWS, PER_ROW, PER_SELECT = 4, 5, 25


class MoveButton(Component[Button[Any], MoveId], scheme=MOVE):
    """Plays one action, if the board is still at the version the button was drawn for."""

    @classmethod
    def make(cls, game_id: int, version: int, choice: Choice) -> Self:
        """The button for one choice."""
        key = MoveId(game_id, version, choice.code)
        return button(cls, key, clip(choice.text, BUTTON_LABEL), ButtonStyle.primary)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Play the button's action at the button's version."""
        await table.play(interaction, self.key.game, self.key.code, self.key.version)


class MoveSelect(Component[Select[Any], PickId], scheme=PICK):
    """A menu of actions when there are too many for buttons; the value is the action code."""

    @classmethod
    def make(
        cls, game_id: int, version: int, page: int, choices: Sequence[Choice], placeholder: str
    ) -> Self:
        """One page of choices as a select menu."""
        options = [SelectOption(label=clip(c.text, OPTION_TEXT), value=c.code) for c in choices]
        return menu(cls, PickId(game_id, version, page), placeholder, options)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Play the chosen action at the menu's version."""
        code = self.item.values[0] if self.item.values else ""
        await table.play(interaction, self.key.game, code, self.key.version)


class TurnButton(Component[Button[Any], TurnId], scheme=TURN):
    """'Your move': the mover's choices, shown only to them when they would reveal a hand."""

    @classmethod
    def make(cls, game_id: int, version: int, language: str = ENGLISH) -> Self:
        """The 'Your move' button of a game message."""
        label = words(say("table.your_move"), language)
        return button(cls, TurnId(game_id, version), label, ButtonStyle.success)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Show the mover their choices privately."""
        await table.show_choices(interaction, self.key.game, self.key.version)


class HandButton(Component[Button[Any], HandId], scheme=HAND):
    """'My hand': the caller's private view as an ephemeral message."""

    @classmethod
    def make(cls, game_id: int, language: str = ENGLISH) -> Self:
        """The 'My hand' button of a game message."""
        return button(cls, HandId(game_id), words(say("table.my_hand"), language))

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Show the caller their hand privately."""
        await table.show_hand(interaction, self.key.game)


class RematchButton(Component[Button[Any], RematchId], scheme=REMATCH):
    """Opens a new lobby with the same players."""

    @classmethod
    def make(cls, game_id: int, language: str = ENGLISH) -> Self:
        """The Rematch button of a final game message."""
        label = words(say("table.rematch"), language)
        return button(cls, RematchId(game_id), label, ButtonStyle.primary)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Open the rematch lobby."""
        await table.rematch(interaction, self.key.game)


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
    take: Sequence[int] = (),
    watch: str | None = None,
) -> discord.ui.View:
    """The game message's components: public choices (or 'Your move'), then Back, 'My hand',
    Watch (a link to the game's web page), then Take this seat for each seat its player left
    (as many as the last row holds)."""
    items: list[Any] = []
    if choices is None:
        items.append(TurnButton.make(game_id, version, language))
    else:
        items += choice_items(game_id, version, choices, language)
    if back:
        items.append(BackButton.make(game_id, version, language))
    if hand:
        items.append(HandButton.make(game_id, language))
    if watch is not None:
        items.append(watch_button(watch, language))
    room = PER_ROW - int(back) - int(hand) - int(watch is not None)
    several = len(take) > 1
    items += [TakeSeatButton.make(game_id, seat, several, language) for seat in take[:room]]
    return frozen(*items)


def watch_button(url: str, language: str = ENGLISH) -> Button[Any]:
    """A link to the game's web page (a link button: Discord opens it, the bot hears nothing)."""
    return Button(label=words(say("table.watch"), language), url=url)


def private_view(
    game_id: int, version: int, choices: Sequence[Choice], language: str = ENGLISH
) -> discord.ui.View:
    """The mover's own copy of the choices, for an ephemeral message (in their language)."""
    return frozen(*choice_items(game_id, version, choices, language))


def final_view(game_id: int, language: str = ENGLISH, watch: str | None = None) -> discord.ui.View:
    """Rematch, once a game is over (in the server's language), and Watch where there is a page."""
    if watch is None:
        return frozen(RematchButton.make(game_id, language))
    return frozen(RematchButton.make(game_id, language), watch_button(watch, language))
