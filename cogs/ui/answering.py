"""A move's interaction answered in time: Discord ends an interaction unanswered after 3 s.

Under load a move waits for its turn at the game's lock and the database, at worst longer than
that. A click on the game message needs no words back, so it is deferred at once (one answer
either way). A private answer ('You played …' on the private choices, or to /move) is sent
directly when the move is stored within `within` seconds, the common case; past that the
interaction is deferred first and the words replace its placeholder once the move is stored:
one request more, only when the bot is slow.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.service import MoveResult

Interaction = discord.Interaction[Any]
Answer = Callable[[Callable[[], Awaitable[object]]], Awaitable[bool]]
Say = Callable[[str], Awaitable[object]]
ANSWER_WITHIN = 1.0  # seconds a private answer waits for its move before deferring


def public_click(interaction: Interaction) -> bool:
    """A click on a message everyone sees (the game message), which needs no words back."""
    private = interaction.message is not None and interaction.message.flags.ephemeral
    return interaction.type is discord.InteractionType.component and not private


async def in_time(
    interaction: Interaction,
    move: Callable[[], Awaitable[MoveResult]],
    answer: Answer,
    within: float,
) -> tuple[MoveResult, Say | None]:
    """Make the move, answering the interaction in time (through `answer`, which never
    raises); the result, and how to tell the player what they played (None: nothing to say,
    or the interaction is lost)."""
    if public_click(interaction):
        await answer(interaction.response.defer)
        return await move(), None
    moving = asyncio.ensure_future(move())
    try:
        finished, _ = await asyncio.wait({moving}, timeout=within)
        deferred = not finished and await answer(lambda: _defer(interaction))
        result = await moving
    except BaseException:
        moving.cancel()  # the interaction's work was cancelled: the move goes with it
        raise
    if deferred:
        return result, lambda text: interaction.edit_original_response(content=text, view=None)
    if not finished:
        return result, None  # the deferral failed: the interaction is lost
    return result, lambda text: _answer(interaction, text)


async def _defer(interaction: Interaction) -> None:
    """A click keeps its private message as it is until the move's words replace it; /move
    shows 'thinking…' until then."""
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def _answer(interaction: Interaction, text: str) -> None:
    """The move's words as the first answer: the private choices replaced, or a reply."""
    if interaction.type is discord.InteractionType.component:
        await interaction.response.edit_message(content=text, view=None)
    else:
        await interaction.response.send_message(text, ephemeral=True)
