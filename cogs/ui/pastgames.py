"""Looking back at a game by number: its board, its whole public log, and the game choices.

/board, /history and /hand take an optional `game` number; these are the answers they give
for a game that is over (or played elsewhere), always privately, so nobody's channel fills
up with old boards. Everything shown here is public, except the caller's own hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from bot.i18n import ENGLISH, named, say, words
from bot.service import Board, GameInfo, PastGame
from cogs.ui import alttext
from cogs.ui.host import Host
from cogs.ui.painter import Painter
from cogs.ui.readers import reader_language
from cogs.ui.replies import CHOICE, CHOICES, CONTENT, clip
from cogs.ui.texts import final_text, game_text, player_name
from cogs.ui.uploads import attachment, size_words, upload_limit

Interaction = discord.Interaction[Any]
NUMBER_HELP = "A game number (start typing: recent games are listed); default: this channel's"
_STATUS = {
    "active": "table.history.in_play",
    "finished": "table.history.over",
    "abandoned": "table.history.abandoned",
}


def status_words(status: str, language: str = ENGLISH) -> str:
    """A game's status as players say it, in `language` (an unknown status as it is)."""
    return named(_STATUS, status, language)


def _choice_name(game: PastGame, language: str = ENGLISH) -> str:
    players = ", ".join(game.players)
    status = status_words(game.status, language)
    name = say("table.history.choice", game=game.game_id, title=game.title, status=status)
    return clip(f"{words(name, language)}: {players}", CHOICE)


async def game_choices(
    host: Host, interaction: Interaction, current: object, *, mine: bool
) -> list[app_commands.Choice[int]]:
    """Autocomplete for `game`: this server's recent started games (only the caller's when
    `mine`), by number, title, status and players: nothing a seat keeps hidden."""
    if interaction.guild_id is None:
        return []
    typed = str(current or "").strip()
    digits = typed if typed.isascii() and typed.isdigit() else ""
    games = await host.service.records.recent_games(
        interaction.guild_id,
        user_id=interaction.user.id if mine else None,
        number_prefix=digits,
    )
    language = await reader_language(interaction)
    return [
        app_commands.Choice(name=_choice_name(game, language), value=game.game_id)
        for game in games[:CHOICES]
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


async def send_board_privately(interaction: Interaction, board: Board, painter: Painter) -> None:
    """The board image and its words, only for the caller (nothing is posted anywhere)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    language = await reader_language(interaction)
    info = board.info
    context = replace(board.context, language=language)
    png = await painter.board_png(info.game_type, board.view, context, info.game_id)
    image = alttext.board_file(board, png, alttext.board_words(board, language))
    text = past_text(info, board.view["seats"], language)
    if info.status == "active":
        text = f"{game_text(board, language)}\n{text}"
    await interaction.followup.send(
        clip(text),
        file=image,
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


def log_file_name(info: GameInfo, language: str = ENGLISH) -> str:
    """The attachment holding a game's whole log (its name in the reader's words)."""
    return words(say("table.history.file", game=info.game_id), language)


def _said(language: str, key: str, /, **params: object) -> str:
    return words(say(key, **params), language)


def _result(info: GameInfo, language: str) -> str:
    """'Result: …' in `language`, or nothing for a game without one."""
    if info.outcome is None:
        return ""
    return _said(language, "table.history.result", summary=words(info.outcome.summary, language))


def log_message(
    info: GameInfo, lines: list[str], language: str = ENGLISH
) -> tuple[str, str | None]:
    """The reply to /history for a game by number: the newest lines that fit in one message,
    and, when some did not fit, the whole log as the text of a file to attach."""
    status = status_words(info.status, language)
    head = _said(language, "table.history.head", title=info.title, game=info.game_id, status=status)
    result = clip(f"\n{_result(info, language)}", 300) if info.outcome is not None else ""
    if not lines:
        return _said(language, "table.history.empty", head=head) + result, None
    whole = _said(language, "table.history.whole", head=head, count=len(lines)) + "\n"
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
    file = log_file_name(info, language)
    heading = _said(
        language, "table.history.last", head=head, shown=len(shown), count=len(lines), file=file
    )
    return clip(heading + "\n" + "\n".join(shown) + result), log_file_text(info, lines, language)


def log_file_text(info: GameInfo, lines: list[str], language: str = ENGLISH) -> str:
    """The whole public log as a plain text file: game, players, result, then every line."""
    seated = sorted((p for p in info.players if p.seat is not None), key=lambda p: p.seat or 0)
    status = status_words(info.status, language)
    names = ", ".join(player_name(p, language) for p in seated)
    head = [
        _said(
            language, "table.history.file_head", title=info.title, game=info.game_id, status=status
        ),
        _said(language, "table.history.players", players=names),
    ]
    if info.outcome is not None:
        head.append(_result(info, language))
    numbered = [f"{n}. {line}" for n, line in enumerate(lines, 1)]
    return "\n".join([*head, "", *numbered]) + "\n"


async def send_log(interaction: Interaction, info: GameInfo, lines: list[str]) -> None:
    """/history of a game by number, privately, with the whole log attached if it is long."""
    language = await reader_language(interaction)
    text, whole = log_message(info, lines, language)
    if whole is None:
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )
        return
    name = log_file_name(info, language)
    about = words(say("table.words.log_file", title=info.title, game=info.game_id), language)
    attached = attachment(interaction, whole.encode(), name, about)
    if attached is None:  # longer than the server lets a bot upload: the newest lines only
        limit = size_words(upload_limit(interaction))
        too_large = _said(language, "table.upload_too_large", name=name, limit=limit)
        await interaction.response.send_message(
            f"{clip(text, CONTENT - len(too_large) - 1)}\n{too_large}",
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        return
    await interaction.response.send_message(
        text, file=attached, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )
