"""The game message of a board: its text, its image and its components, all from one board."""

from __future__ import annotations

import asyncio

import discord

import rendering
from bot.service import Board
from cogs import components
from cogs.texts import final_text, game_text


async def game_message(board: Board) -> tuple[str, bytes, discord.ui.View | None]:
    """Text, PNG and components of the game message ('My hand' only where there are hands)."""
    info = board.info
    image = await asyncio.to_thread(rendering.board_png, info.game_type, board.view, board.context)
    hand = info.has_hands
    if info.status != "active":
        final = components.final_view(info.game_id) if info.status == "finished" else None
        return final_text(info, board.view["seats"]), image, final
    turn = board.turn
    if turn is None:
        return game_text(board), image, None
    if turn.automatic:  # it moves at once; nobody is asked
        return (
            game_text(board),
            image,
            components.game_view(info.game_id, turn.version, (), hand=hand),
        )
    shown = board.public_choices
    buttons = components.game_view(info.game_id, turn.version, shown, hand=hand, back=turn.back)
    text = game_text(board)
    if shown and components.shown_choices(shown) < len(shown):
        text += "\nMore moves than fit here: use `/move`."
    return text, image, buttons
