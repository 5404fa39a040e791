"""Undo on Discord: the Back button, /undo's flow, and the others' Agree / Refuse buttons.

Public texts name who takes back and how many moves, never what the moves were: a move's
words can name a card from a hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle
from discord.ui import Button

from bot.i18n import ENGLISH, Text, say, words
from bot.service import UndoAnswer, Undone, UndoRequest
from cogs.ui.component import Component, button, frozen
from cogs.ui.ids import BACK, CONSENT, BackId, ConsentId, YesNo
from cogs.ui.readers import reader_language, server_language

if TYPE_CHECKING:
    from cogs.ui.table import Table

Interaction = discord.Interaction[Any]


class BackButton(Component[Button[Any], BackId], scheme=BACK):
    """Back on the game message: the mover takes back their own last decision."""

    @classmethod
    def make(cls, game_id: int, version: int, language: str = ENGLISH) -> Self:
        """The Back button of the board drawn at `version`."""
        return button(cls, BackId(game_id, version), words(say("table.back"), language))

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Take back at the button's version (an old board's Back is refused as stale)."""
        await take_back(interaction, table, self.key.game, self.key.version)


class ConsentButton(Component[Button[Any], ConsentId], scheme=CONSENT):
    """Agree or Refuse on the message asking the other players to allow an undo."""

    @classmethod
    def make(cls, request: int, verb: YesNo, language: str = ENGLISH) -> Self:
        """The Agree ('yes') or Refuse ('no') button."""
        key, style = (
            ("table.agree", ButtonStyle.success) if verb == "yes" else ("table.refuse", None)
        )
        label = words(say(key), language)
        return button(cls, ConsentId(request, verb), label, style or ButtonStyle.secondary)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Count the answer; a refusal, or the last agreement, closes the request."""
        answer = await table.service.undo.answer(
            self.key.request, interaction.user.id, self.key.verb == "yes"
        )
        if answer.decided is None:
            agreed = say("table.you_agreed", count=answer.answered, most=len(answer.request.voters))
            language = await reader_language(interaction)
            await interaction.response.send_message(words(agreed, language), ephemeral=True)
            return
        text = decided_text(answer, await server_language(table.bot, answer.request.game.guild_id))
        await table.acknowledge(lambda: interaction.response.edit_message(content=text, view=None))
        if answer.undone is not None:
            await show_undone(table, answer.undone)


async def take_back(
    interaction: Interaction, table: Table, game_id: int, version: int | None
) -> None:
    """/undo or Back: take back at once (committed, then shown) or ask the others first."""
    result = await table.service.undo.ask(game_id, interaction.user.id, version)
    if isinstance(result, UndoRequest):
        asked = words(say("table.undo_asked"), await reader_language(interaction))
        await interaction.response.send_message(asked, ephemeral=True)
        channel = table.bot.get_partial_messageable(result.game.place_id)
        language = await server_language(table.bot, result.game.guild_id)
        view = request_view(result.request_id, language)
        await channel.send(request_text(result, language), view=view)
        return
    if interaction.type is discord.InteractionType.component:
        await table.acknowledge(interaction.response.defer)
    else:
        done = words(say("table.undone"), await reader_language(interaction))
        await table.acknowledge(lambda: interaction.response.send_message(done, ephemeral=True))
    await show_undone(table, result)


async def show_undone(table: Table, undone: Undone) -> None:
    """After the commit: a notice when the undo crossed a turn, the board, the changed hands."""
    if not undone.same_mover or undone.moves > 1:
        language = await server_language(table.bot, undone.board.info.guild_id)
        await table.announce(undone.board.info.place_id, undone_text(undone, language))
    await table.publish(undone.board, in_place=undone.same_mover)
    await table.send_hands(undone.hands)
    await table.play_automatic(undone.board.info.game_id)


def _moves(count: int) -> Text:
    """'their last decision', and how many moves after it went with it."""
    if count == 1:
        return say("table.undo_last")
    key = "table.undo_last_and_one" if count == 2 else "table.undo_last_and_more"
    return say(key, count=count - 1)


def undone_text(undone: Undone, language: str = ENGLISH) -> str:
    """The public notice: who took back how much (never which moves)."""
    title, who = undone.board.info.title, f"<@{undone.user_id}>"
    return words(say("table.undo_done", title=title, who=who, moves=_moves(undone.moves)), language)


def request_text(request: UndoRequest, language: str = ENGLISH) -> str:
    """The question to the other players (mentioned): may the asker take back?"""
    voters = " ".join(f"<@{user}>" for user in request.voters)
    asked = say(
        "table.undo_request",
        title=request.game.title,
        name=request.name,
        moves=_moves(request.moves),
        voters=voters,
    )
    return words(asked, language)


def decided_text(answer: UndoAnswer, language: str = ENGLISH) -> str:
    """The closed request: agreed (and done) or refused (nothing changed)."""
    request = answer.request
    title, name = request.game.title, request.name
    if answer.decided == "agreed":
        agreed = say("table.undo_agreed", title=title, name=name, moves=_moves(request.moves))
        return words(agreed, language)
    return words(say("table.undo_refused", title=title, name=name), language)


def request_view(request_id: int, language: str = ENGLISH) -> discord.ui.View:
    """Agree and Refuse."""
    agree, refuse = (
        ConsentButton.make(request_id, "yes", language),
        ConsentButton.make(request_id, "no", language),
    )
    return frozen(agree, refuse)
