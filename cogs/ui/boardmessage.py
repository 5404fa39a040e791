"""The game message of a board: its text, its image and its components, all from one board."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.i18n import ENGLISH, say, words
from bot.service import Board, offered
from cogs.ui import components
from cogs.ui.painter import Painter
from cogs.ui.texts import final_text, game_text


async def game_message(
    board: Board, painter: Painter, language: str = ENGLISH, watch: str | None = None
) -> tuple[str, bytes, discord.ui.View | None]:
    """Text, PNG and components of the game message ('My hand' only where there are hands,
    Watch where the game has a web page at `watch`); text and image labels in `language`
    (the server's)."""
    info = board.info
    context = replace(board.context, language=language)
    image = await painter.board_png(info.game_type, board.view, context, info.game_id)
    hand = info.has_hands
    if info.status != "active":
        final = None
        if info.status == "finished":
            final = components.final_view(info.game_id, language, watch)
        return final_text(info, board.view["seats"], language), image, final
    turn = board.turn
    take = offered(info)
    if turn is None:
        return game_text(board, language), image, None
    if turn.automatic:  # it moves at once; nobody is asked
        return (
            game_text(board, language),
            image,
            components.game_view(
                info.game_id,
                turn.version,
                (),
                hand=hand,
                language=language,
                take=take,
                watch=watch,
            ),
        )
    shown = board.public_choices
    buttons = components.game_view(
        info.game_id,
        turn.version,
        shown,
        hand=hand,
        back=turn.back,
        language=language,
        take=take,
        watch=watch,
    )
    text = game_text(board, language)
    if shown and components.shown_choices(shown) < len(shown):
        text += "\n" + words(say("table.more_moves"), language)
    return text, image, buttons
