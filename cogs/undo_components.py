"""Undo on Discord: the Back button, /undo's flow, and the others' Agree / Refuse buttons.

Public texts name who takes back and how many moves, never what the moves were: a move's
words can name a card from a hand.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle
from discord.ui import Button, Item

from bot.i18n import ENGLISH, say, words
from bot.service import UndoAnswer, Undone, UndoRequest
from cogs import ids
from cogs.components import _button, _Component, _frozen

if TYPE_CHECKING:
    from cogs.table import Table

Interaction = discord.Interaction[Any]


class BackButton(_Component[Button[Any]], template=ids.BACK):
    """Back on the game message: the mover takes back their own last decision."""

    def __init__(self, game_id: int, version: int, button: Button[Any]) -> None:
        super().__init__(button)
        self.game_id, self.version = game_id, version

    @classmethod
    def make(cls, game_id: int, version: int, language: str = ENGLISH) -> Self:
        """The Back button of the board drawn at `version`."""
        button: Button[Any] = Button(
            label=words(say("table.back"), language),
            style=ButtonStyle.secondary,
            custom_id=ids.back_id(game_id, version),
        )
        return cls(game_id, version, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its game and version read once."""
        game, version = ids.number(match, "game"), ids.number(match, "version")
        return cls(game, version, _button(item))

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Take back at the button's version (an old board's Back is refused as stale)."""
        await take_back(interaction, table, self.game_id, self.version)


class ConsentButton(_Component[Button[Any]], template=ids.CONSENT):
    """Agree or Refuse on the message asking the other players to allow an undo."""

    def __init__(self, request: int, verb: str, button: Button[Any]) -> None:
        super().__init__(button)
        self.request, self.verb = request, verb

    @classmethod
    def make(cls, request: int, verb: str) -> Self:
        """The Agree ('yes') or Refuse ('no') button."""
        label, style = ("Agree", ButtonStyle.success) if verb == "yes" else ("Refuse", None)
        button: Button[Any] = Button(
            label=label,
            style=style or ButtonStyle.secondary,
            custom_id=ids.consent_id(request, verb),
        )
        return cls(request, verb, button)

    @classmethod
    def parse(cls, item: Item[Any], match: re.Match[str]) -> Self:
        """The clicked button with its request and answer read once."""
        return cls(ids.number(match, "request"), match["verb"], _button(item))

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Count the answer; a refusal, or the last agreement, closes the request."""
        answer = await table.service.answer_undo(
            self.request, interaction.user.id, self.verb == "yes"
        )
        if answer.decided is None:
            await interaction.response.send_message(
                f"You agreed ({answer.answered} of {len(answer.request.voters)} answered).",
                ephemeral=True,
            )
            return
        text = decided_text(answer)
        await table.acknowledge(lambda: interaction.response.edit_message(content=text, view=None))
        if answer.undone is not None:
            await show_undone(table, answer.undone)


async def take_back(
    interaction: Interaction, table: Table, game_id: int, version: int | None
) -> None:
    """/undo or Back: take back at once (committed, then shown) or ask the others first."""
    result = await table.service.undo(game_id, interaction.user.id, version)
    if isinstance(result, UndoRequest):
        await interaction.response.send_message(
            "Other players have moved since: they are asked to agree to your undo.",
            ephemeral=True,
        )
        channel = table.bot.get_partial_messageable(result.game.place_id)
        await channel.send(request_text(result), view=request_view(result.request_id))
        return
    if interaction.type is discord.InteractionType.component:
        await table.acknowledge(interaction.response.defer)
    else:
        done = "You took back your last decision."
        await table.acknowledge(lambda: interaction.response.send_message(done, ephemeral=True))
    await show_undone(table, result)


async def show_undone(table: Table, undone: Undone) -> None:
    """After the commit: a notice when the undo crossed a turn, the board, the changed hands."""
    if not undone.same_mover or undone.moves > 1:
        await table.announce(undone.board.info.place_id, undone_text(undone))
    await table.publish(undone.board, in_place=undone.same_mover)
    await table.send_hands(undone.hands)
    await table.play_automatic(undone.board.info.game_id)


def _moves(count: int) -> str:
    return "their last decision" + (
        "" if count == 1 else f" and {count - 1} move{'s' if count > 2 else ''} after it"
    )


def undone_text(undone: Undone) -> str:
    """The public notice: who took back how much (never which moves)."""
    return f"**{undone.board.info.title}**: <@{undone.user_id}> took back {_moves(undone.moves)}."


def request_text(request: UndoRequest) -> str:
    """The question to the other players (mentioned): may the asker take back?"""
    voters = " ".join(f"<@{user}>" for user in request.voters)
    return (
        f"**{request.game.title}**: {request.name} asks to take back {_moves(request.moves)}. "
        f"{voters}, do you agree? Everyone must agree."
    )


def decided_text(answer: UndoAnswer) -> str:
    """The closed request: agreed (and done) or refused (nothing changed)."""
    request = answer.request
    if answer.decided == "agreed":
        return (
            f"**{request.game.title}**: everyone agreed; {request.name} took back "
            f"{_moves(request.moves)}."
        )
    return (
        f"**{request.game.title}**: the undo {request.name} asked for was refused; nothing changed."
    )


def request_view(request_id: int) -> discord.ui.View:
    """Agree and Refuse."""
    return _frozen(ConsentButton.make(request_id, "yes"), ConsentButton.make(request_id, "no"))


UNDO_ITEMS = (BackButton, ConsentButton)
