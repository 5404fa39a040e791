"""Looking back at a game by number: its board, its whole public log, and the game choices.

/board, /history and /hand take an optional `game` number; these are the answers they give
for a game that is over (or played elsewhere), always privately, so nobody's channel fills
up with old boards. Everything shown here is public, except the caller's own hand.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from bot.i18n import ENGLISH, say, words
from bot.service import Board, GameInfo, GameService, PastGame
from cogs import painter
from cogs.readers import reader_language
from cogs.replies import CHOICE, CHOICES, CONTENT, clip
from cogs.texts import final_text, game_text

Interaction = discord.Interaction[Any]
NUMBER_HELP = "A game number (start typing: recent games are listed); default: this channel's"
_STATUS = {"active": "in play", "finished": "over", "abandoned": "abandoned"}


def status_words(status: str) -> str:
    """A game's status as players say it."""
    return _STATUS.get(status, status)


def _choice_name(game: PastGame) -> str:
    players = ", ".join(game.players)
    return clip(f"#{game.game_id} {game.title} ({status_words(game.status)}): {players}", CHOICE)


async def game_choices(
    service: GameService, interaction: Interaction, current: object, *, mine: bool
) -> list[app_commands.Choice[int]]:
    """Autocomplete for `game`: this server's recent started games (only the caller's when
    `mine`), by number, title, status and players: nothing a seat keeps hidden."""
    if interaction.guild_id is None:
        return []
    typed = str(current or "").strip()
    digits = typed if typed.isascii() and typed.isdigit() else ""
    games = await service.recent_games(
        interaction.guild_id,
        user_id=interaction.user.id if mine else None,
        number_prefix=digits,
    )
    return [
        app_commands.Choice(name=_choice_name(game), value=game.game_id) for game in games[:CHOICES]
    ]


def past_text(info: GameInfo, seats: Sequence[str] = (), language: str = ENGLISH) -> str:
    """The words beside a board looked up later: the result (as the final message words it,
    seats named), or how the game stopped."""
    place = f"<#{info.place_id}>"
    if info.status == "abandoned":
        gone = say("table.past.abandoned", title=info.title, game=info.game_id, place=place)
        return words(gone, language)
    if info.status == "active":
        here = say("table.past.active", game=info.game_id, link=info.link or place)
        return words(here, language)
    return final_text(info, seats, language)


async def send_board_privately(interaction: Interaction, board: Board) -> None:
    """The board image and its words, only for the caller (nothing is posted anywhere)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    language = await reader_language(interaction)
    info = board.info
    context = replace(board.context, language=language)
    png = await painter.board_png(info.game_type, board.view, context)
    image = discord.File(io.BytesIO(png), filename=f"{info.game_type}-board.png")
    text = past_text(info, board.view["seats"], language)
    if info.status == "active":
        text = f"{game_text(board, language)}\n{text}"
    await interaction.followup.send(
        clip(text),
        file=image,
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


def log_file_name(info: GameInfo) -> str:
    """The attachment holding a game's whole log."""
    return f"game-{info.game_id}-log.txt"


def log_message(info: GameInfo, lines: list[str]) -> tuple[str, str | None]:
    """The reply to /history for a game by number: the newest lines that fit in one message,
    and, when some did not fit, the whole log as the text of a file to attach."""
    head = f"**{info.title}** (game #{info.game_id}, {status_words(info.status)})"
    result = "" if info.outcome is None else clip(f"\nResult: {info.outcome.summary}", 300)
    if not lines:
        return f"{head}: nothing has happened yet.{result}", None
    whole = f"{head} — the whole public log ({len(lines)} lines):\n"
    body = [f"• {line}" for line in lines]
    if len(whole) + len("\n".join(body)) + len(result) <= CONTENT:
        return whole + "\n".join(body) + result, None
    room, used = CONTENT - 200 - len(result), 0  # 200: the heading says how many are shown
    shown: list[str] = []
    for line in reversed(body):
        line = clip(line, 300)  # one long line never takes the whole message
        if used + len(line) + 1 > room:
            break
        shown.insert(0, line)
        used += len(line) + 1
    heading = (
        f"{head} — the last {len(shown)} of {len(lines)} lines; "
        f"the whole log is attached as `{log_file_name(info)}`:\n"
    )
    return clip(heading + "\n".join(shown) + result), log_file_text(info, lines)


def log_file_text(info: GameInfo, lines: list[str]) -> str:
    """The whole public log as a plain text file: game, players, result, then every line."""
    seated = sorted((p for p in info.players if p.seat is not None), key=lambda p: p.seat or 0)
    head = [
        f"{info.title}, game #{info.game_id} ({status_words(info.status)})",
        "Players: " + ", ".join(p.name for p in seated),
    ]
    if info.outcome is not None:
        head.append(f"Result: {info.outcome.summary}")
    numbered = [f"{n}. {line}" for n, line in enumerate(lines, 1)]
    return "\n".join([*head, "", *numbered]) + "\n"


async def send_log(interaction: Interaction, info: GameInfo, lines: list[str]) -> None:
    """/history of a game by number, privately, with the whole log attached if it is long."""
    text, whole = log_message(info, lines)
    if whole is None:
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )
        return
    attached = discord.File(io.BytesIO(whole.encode()), filename=log_file_name(info))
    await interaction.response.send_message(
        text, file=attached, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )
