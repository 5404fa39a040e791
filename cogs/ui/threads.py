"""A thread per game: who may open one, its name, and archiving it when the game ends.

Every call to Discord here is cosmetic or has a fallback, so nothing raises after a change is
stored: a failed rename or archive is logged and the game goes on as before.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.i18n import ENGLISH, say, words
from bot.service import GameInfo
from cogs.ui import readers
from cogs.ui.replies import DISCORD_FAULTS
from cogs.ui.texts import player_name

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.threads")
NAME_LIMIT = 100  # Discord refuses longer thread names
WEEK: Final = 10080  # minutes of quiet before Discord hides a thread: games are slow
NO_THREADS = say("table.no_threads")


def may_open(interaction: discord.Interaction[Any]) -> bool:
    """Whether the bot may open a public thread here and speak in it."""
    allowed = interaction.app_permissions
    return bool(allowed.create_public_threads and allowed.send_messages_in_threads)


def name(title: str, game_id: int | None, players: Iterable[str], language: str = ENGLISH) -> str:
    """'Ilium #12 · Alice, Bob' (the title in the server's language), cut to 100 characters."""
    number = "" if game_id is None else f" #{game_id}"
    text = f"{words(title, language)}{number} · {', '.join(players)}"
    return text if len(text) <= NAME_LIMIT else text[: NAME_LIMIT - 1] + "…"


def note(info: GameInfo, language: str = ENGLISH) -> str:
    """The lobby message's line saying where the game is played."""
    if not info.own_thread:
        return ""
    return "\n" + words(say("table.played_in", place=f"<#{info.thread_id}>"), language)


async def _thread(bot: Host, thread_id: int) -> discord.Thread | None:
    """The thread, from the cache or from Discord; None if it is not a thread (any more)."""
    channel = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
    return channel if isinstance(channel, discord.Thread) else None


async def rename(bot: Host, info: GameInfo) -> None:
    """At start: the thread's name gets the game's number and its players."""
    if not info.own_thread or info.thread_id is None:
        return
    language = await readers.server_language(bot, info.guild_id)
    names = (player_name(p, language) for p in info.players)
    wanted = name(info.title, info.game_id, names, language)
    try:
        thread = await _thread(bot, info.thread_id)
        if thread is not None and thread.name != wanted:
            await thread.edit(name=wanted)
    except DISCORD_FAULTS as error:
        log.warning("the thread of game #%s keeps its name: %r", info.game_id, error)


async def archive(bot: Host, info: GameInfo) -> None:
    """A game over: its own thread is archived (still readable; it drops out of the list)."""
    if not info.own_thread or info.thread_id is None:
        return
    try:
        thread = await _thread(bot, info.thread_id)
        if thread is not None and not thread.archived:
            await thread.edit(archived=True)
    except DISCORD_FAULTS as error:
        log.warning("the thread of game #%s stays open: %r", info.game_id, error)


async def discard(bot: Host, thread_id: int) -> None:
    """A thread opened for a game that could not be created after all."""
    try:
        await bot.http.delete_channel(thread_id)
    except DISCORD_FAULTS as error:
        log.warning("an empty game thread %s stays: %r", thread_id, error)
