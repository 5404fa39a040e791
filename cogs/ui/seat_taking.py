"""Taking over a left seat on Discord: **Take this seat**, the table's Let them in / Keep the
computer, and what a committed take-over shows (the board, the newcomer's hand DM, a mention).

Public texts name the seat and the people; the hand goes only to the newcomer's DM, after the
take-over is stored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle
from discord.ui import Button

from bot.i18n import ENGLISH, say, words
from bot.service import SeatAnswer, SeatAsk, SeatTaken
from cogs.ui.component import Component, button, frozen
from cogs.ui.ids import SEAT_ANSWER, TAKE_SEAT, SeatAnswerId, TakeSeatId, YesNo
from cogs.ui.readers import reader_language, server_language

if TYPE_CHECKING:
    from cogs.ui.table import Table

Interaction = discord.Interaction[Any]


class TakeSeatButton(Component[Button[Any], TakeSeatId], scheme=TAKE_SEAT):
    """Take this seat, on the game message of a game with a seat its player left."""

    @classmethod
    def make(cls, game_id: int, seat: int, several: bool, language: str = ENGLISH) -> Self:
        """'Take this seat' (or 'Take seat 3' when several are left)."""
        said = say("table.take_seat_number", number=seat + 1) if several else say("table.take_seat")
        return button(cls, TakeSeatId(game_id, seat), words(said, language), ButtonStyle.secondary)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Ask the people seated to let the presser take the seat."""
        await ask_for_seat(interaction, table, self.key.game, self.key.seat)


class SeatAnswerButton(Component[Button[Any], SeatAnswerId], scheme=SEAT_ANSWER):
    """Let them in or Keep the computer, on the message asking the table."""

    @classmethod
    def make(cls, request: int, verb: YesNo, language: str = ENGLISH) -> Self:
        """The Let them in ('yes') or Keep the computer ('no') button."""
        key, style = (
            ("table.seat_let_in", ButtonStyle.success)
            if verb == "yes"
            else ("table.seat_keep", ButtonStyle.secondary)
        )
        return button(cls, SeatAnswerId(request, verb), words(say(key), language), style)

    async def act(self, interaction: Interaction, table: Table) -> None:
        """Count the answer; a decision closes the message (and shows a take-over)."""
        agree = self.key.verb == "yes"
        answer = await table.service.seats.answer(self.key.request, interaction.user.id, agree)
        if answer.decided is None:
            counted = say(
                "table.seat_you_answered", count=answer.answered, most=len(answer.request.voters)
            )
            language = await reader_language(interaction)
            await interaction.response.send_message(words(counted, language), ephemeral=True)
            return
        language = await server_language(table.bot, answer.request.game.guild_id)
        text = decided_text(answer, language)
        await table.acknowledge(lambda: interaction.response.edit_message(content=text, view=None))
        if answer.taken is not None:
            await show_taken(table, answer.taken)


async def ask_for_seat(
    interaction: Interaction, table: Table, game_id: int, seat: int | None
) -> None:
    """The caller asks for a left seat: told privately, the table asked in the game's place."""
    user = interaction.user
    asked = await table.service.seats.ask(
        game_id, user.id, user.display_name, seat, interaction.guild_id
    )
    told = words(say("table.seat_asked"), await reader_language(interaction))
    await interaction.response.send_message(told, ephemeral=True)
    language = await server_language(table.bot, asked.game.guild_id)
    channel = table.bot.get_partial_messageable(asked.game.place_id)
    await channel.send(request_text(asked, language), view=request_view(asked.request_id, language))


async def show_taken(table: Table, taken: SeatTaken) -> None:
    """After the commit: the mention, the board with the new name, then the newcomer's hand."""
    notice = say(
        "table.seat_taken",
        title=taken.game.title,
        who=f"<@{taken.user_id}>",
        number=taken.seat + 1,
        left=taken.left,
    )
    language = await server_language(table.bot, taken.game.guild_id)
    await table.announce(taken.game.place_id, words(notice, language))
    await table.publish(taken.board, in_place=True)
    await table.send_hands(taken.hands)


def request_text(asked: SeatAsk, language: str = ENGLISH) -> str:
    """The question to the people seated (they are mentioned)."""
    voters = " ".join(f"<@{user}>" for user in asked.voters)
    text = say(
        "table.seat_request",
        title=asked.game.title,
        who=f"<@{asked.user_id}>",
        number=asked.seat + 1,
        left=asked.left,
        voters=voters,
    )
    return words(text, language)


def decided_text(answer: SeatAnswer, language: str = ENGLISH) -> str:
    """The closed request: taken over, or not."""
    asked = answer.request
    key = "table.seat_request_taken" if answer.taken is not None else "table.seat_request_refused"
    text = say(key, title=asked.game.title, name=asked.name, number=asked.seat + 1)
    return words(text, language)


def request_view(request: int, language: str = ENGLISH) -> discord.ui.View:
    """The request's two buttons."""
    return frozen(
        SeatAnswerButton.make(request, "yes", language),
        SeatAnswerButton.make(request, "no", language),
    )
