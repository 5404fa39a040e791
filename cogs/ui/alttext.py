"""Words for every upload: each file the bot sends carries a description (an image's alt text),
and `/board text:` answers with the board in words.

Discord reads an attachment's description to screen readers and shows it where the image does
not load. The words come from the renderers (`rendering.board_words`, `hand_words`,
`board_text`), drawn from the same view as the image, in the reader's language: the server's
for a public board, the player's own for their hand or a private answer. A public board's words
are read from the public view only, so they hold nothing a hand keeps hidden.
"""

from __future__ import annotations

import io
import logging
from dataclasses import replace
from typing import Any

import discord

import rendering
from bot.i18n import say, words
from bot.service import Board, Hand
from cogs.ui.readers import reader_language
from cogs.ui.replies import CONTENT, clip

log = logging.getLogger("cogs.alttext")
Interaction = discord.Interaction[Any]
DESCRIPTION = 1024  # Discord keeps at most this many characters of an attachment's description


def upload(data: bytes, filename: str, description: str) -> discord.File:
    """A file to send with its description (a new File per attempt: an upload consumes it)."""
    described = clip(description, DESCRIPTION)
    return discord.File(io.BytesIO(data), filename=filename, description=described)


def _title_only(board: Board | Hand, language: str) -> str:
    """What a picture is called when its words could not be made (logged: a bug)."""
    log.exception("no words for an image of game #%s", board.info.game_id)
    return words(say("table.words.board", title=board.info.title), language)


def board_words(board: Board, language: str) -> str:
    """The public board's alt text in `language`; never raises (the board goes out anyway)."""
    context = replace(board.context, language=language)
    try:
        return rendering.board_words(board.info.game_type, board.view, context)
    except Exception:
        return _title_only(board, language)


def hand_words(hand: Hand, language: str) -> str:
    """A hand's alt text in its owner's language; never raises."""
    context = replace(hand.context, language=language)
    try:
        return rendering.hand_words(hand.info.game_type, hand.view, context)
    except Exception:
        return _title_only(hand, language)


def board_file(board: Board, png: bytes, alt: str) -> discord.File:
    """A board image with its alt text (`board_words`)."""
    return upload(png, f"{board.info.game_type}-board.png", alt)


def hand_file(hand: Hand, png: bytes, language: str) -> discord.File:
    """A hand image with its alt text (only its owner receives it)."""
    return upload(png, f"{hand.info.game_type}-hand.png", hand_words(hand, language))


def text_board(board: Board, language: str) -> str:
    """The reply to `/board text:`: a heading and the public board in words, one message."""
    info = board.info
    head = words(say("table.words.text_head", title=info.title, game=info.game_id), language)
    context = replace(board.context, language=language)
    room = CONTENT - len(head) - 1
    body = rendering.board_text(info.game_type, board.view, context, limit=room)
    return clip(f"{head}\n{body}")


async def send_text_board(interaction: Interaction, board: Board) -> None:
    """The board in words, only for the caller (nothing is posted anywhere)."""
    language = await reader_language(interaction)
    await interaction.response.send_message(
        text_board(board, language),
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )
