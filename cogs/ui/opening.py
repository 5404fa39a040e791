"""Lobbies: the lobby message, the thread the game will be played in, and what its buttons do.

/play in a text channel posts the lobby there and opens a public thread from it at once, so
every lobby already has its own place: a channel holds many lobbies and games, and commands
typed in a thread find that thread's game. `where:here`, /play inside a thread, or a channel
where the bot may not open threads: the game is played where /play was typed, one at a time.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import ENGLISH, say, words
from bot.service import ChannelBusy, GameInfo, ServiceError, Started
from cogs.ui import readers, threads
from cogs.ui.ids import LobbyVerb
from cogs.ui.lobby_components import lobby_view
from cogs.ui.reliability import lobby_words

if TYPE_CHECKING:
    from cogs.ui.table import Table

log = logging.getLogger("cogs.opening")
Interaction = discord.Interaction[Any]
HERE, THREAD = "here", "thread"


def opening_text(title: str, language: str = ENGLISH) -> str:
    """The lobby message for the moment between posting it and the game's first write."""
    return words(say("table.opening", title=title), language)


async def open_game(
    table: Table,
    interaction: Interaction,
    game_type: str,
    options: dict[str, str],
    pace: str | None = None,
    where: str | None = None,
    opponents: int = 0,
    level: str | None = None,
) -> None:
    """/play: a lobby with the caller as host, in its own thread unless `where` is 'here';
    with `opponents`, the computer players join and the game starts at once."""
    info = await open_lobby(table, interaction, game_type, options, pace, where, opponents, level)
    if opponents and info is not None:
        started = await table.service.lobby.against_computer(
            info.game_id, interaction.user.id, opponents, level
        )
        language = await readers.server_language(table.bot, started.info.guild_id)
        text = await lobby_words(table, started.info, language) + threads.note(
            started.info, language
        )
        await table.acknowledge(lambda: interaction.edit_original_response(content=text, view=None))
        await show_start(table, started)


async def lobby_action(
    table: Table, interaction: Interaction, game_id: int, verb: LobbyVerb
) -> None:
    """Join / Leave / Start / Cancel."""
    user = interaction.user
    if verb == "start":
        started = await table.service.lobby.start(game_id, user.id)
        language = await readers.server_language(table.bot, started.info.guild_id)
        text = await lobby_words(table, started.info, language) + threads.note(
            started.info, language
        )
        await table.acknowledge(lambda: interaction.response.edit_message(content=text, view=None))
        await show_start(table, started)
        return
    if verb == "join":
        info = await table.service.lobby.join(game_id, user.id, user.display_name)
    elif verb == "leave":
        info = await table.service.lobby.leave(game_id, user.id)
    else:
        info = await table.service.lobby.cancel(game_id, user.id)
    language = await readers.server_language(table.bot, info.guild_id)
    keep = lobby_view(game_id, language) if info.status == "lobby" else None
    text = await lobby_words(table, info, language) + threads.note(info, language)
    await table.acknowledge(lambda: interaction.response.edit_message(content=text, view=keep))
    if info.status != "lobby":
        await threads.archive(table.bot, info)
    if verb == "join":
        await check_dms(table, interaction, info)


async def show_start(table: Table, started: Started) -> None:
    """A game just started: its thread renamed, the first board, the hands, and the
    computer's moves if a computer player goes first."""
    await threads.rename(table.bot, started.info)
    await table.publish(started.board)
    await table.send_hands(started.hands)
    await table.play_automatic(started.info.game_id)


async def check_dms(table: Table, interaction: Interaction, info: GameInfo) -> None:
    """A short DM on joining (it becomes the hand DM at the start); if DMs are closed, say
    /hand will do and stop trying."""
    channel = f"<#{info.place_id}>"
    language = await readers.reader_language(interaction)
    later = "table.joined_hand" if info.has_hands else "table.joined_reminders"
    joined = say(later, title=info.title, place=channel)
    try:
        sent = await interaction.user.send(words(joined, language))
        if info.has_hands:
            await table.service.hands.set_message(info.game_id, interaction.user.id, sent.id)
    except discord.HTTPException:
        await table.service.hands.set_dm_ok(info.game_id, interaction.user.id, False)
        await interaction.followup.send(
            words(say("table.dms_closed", place=channel), language), ephemeral=True
        )


def game_link(table: Table, place_id: int, language: str = ENGLISH) -> str:
    """A link to the game message of the game in this place, if there is one."""
    info = table.service.places.game_at(place_id)
    if info is None or info.message_id is None or info.guild_id is None:
        return ""
    link = f"https://discord.com/channels/{info.guild_id}/{place_id}/{info.message_id}"
    return words(say("table.it_is_here", link=link), language)


async def open_lobby(
    table: Table,
    interaction: Interaction,
    game_type: str,
    options: dict[str, str],
    pace: str | None,
    where: str | None,
    opponents: int = 0,
    level: str | None = None,
) -> GameInfo | None:
    """/play: refuse bad input before anything is posted; then a lobby in its own thread, or
    where /play was typed. The lobby opened (None if Discord refused it after all)."""
    if where not in (None, HERE, THREAD):
        raise ServiceError(say("table.bad_where"))
    title = await table.service.lobby.check(
        guild_id=interaction.guild_id,
        game_type=game_type,
        options=options,
        pace=pace,
        opponents=opponents,
        level=level,
    )
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return await _lobby_here(table, interaction, game_type, options, pace, channel.parent_id)
    if where == HERE or not isinstance(channel, discord.TextChannel):
        return await _lobby_here(table, interaction, game_type, options, pace)
    if not threads.may_open(interaction):
        return await _lobby_here(
            table, interaction, game_type, options, pace, note=threads.NO_THREADS
        )
    return await _lobby_in_thread(table, interaction, channel, title, game_type, options, pace)


async def _lobby_here(
    table: Table,
    interaction: Interaction,
    game_type: str,
    options: dict[str, str],
    pace: str | None,
    parent_id: int | None = None,
    *,
    note: str = "",
) -> GameInfo:
    """A lobby played in this channel or thread (as before threads), answered with its message."""
    user, here = interaction.user, interaction.channel_id or 0
    try:
        info = await table.service.lobby.open(
            guild_id=interaction.guild_id,
            channel_id=here if parent_id is None else parent_id,
            thread_id=None if parent_id is None else here,
            game_type=game_type,
            host_id=user.id,
            host_name=user.display_name,
            options=options,
            pace=pace,
        )
    except ChannelBusy as busy:
        reader = await readers.reader_language(interaction)
        text = f"{words(busy.args[0], reader)} {game_link(table, here, reader)}"
        raise ServiceError(f"{text}\n{words(note, reader)}" if note else text) from None
    language = await readers.server_language(table.bot, info.guild_id)
    content = await lobby_words(table, info, language) + (
        f"\n{words(note, language)}" if note else ""
    )
    sent = await interaction.response.send_message(content, view=lobby_view(info.game_id, language))
    if sent.message_id is not None:
        await table.service.boards.set_message(info.game_id, sent.message_id)
    await check_dms(table, interaction, info)
    return info


async def _lobby_in_thread(
    table: Table,
    interaction: Interaction,
    channel: discord.TextChannel,
    title: str,
    game_type: str,
    options: dict[str, str],
    pace: str | None,
) -> GameInfo | None:
    """The lobby message here, a public thread opened from it, and the game stored there."""
    user = interaction.user
    public = await readers.public_language(interaction)
    sent = await interaction.response.send_message(opening_text(title, public))
    message_id = sent.message_id or 0
    try:
        thread = await channel.create_thread(
            name=threads.name(title, None, [user.display_name], public),
            message=discord.Object(id=message_id),
            auto_archive_duration=threads.WEEK,
        )
    except discord.HTTPException as error:  # refused after all: play here instead
        log.warning("no thread for a %s game in %s: %r", game_type, channel.id, error)
        return await _fall_back_here(table, interaction, game_type, options, pace, message_id)
    try:
        info = await table.service.lobby.open(
            guild_id=interaction.guild_id,
            channel_id=channel.id,
            thread_id=thread.id,
            game_type=game_type,
            host_id=user.id,
            host_name=user.display_name,
            options=options,
            pace=pace,
            own_thread=True,
        )
    except Exception:
        await threads.discard(table.bot, thread.id)
        await interaction.delete_original_response()
        raise
    language = await readers.server_language(table.bot, info.guild_id)
    await interaction.edit_original_response(
        content=await lobby_words(table, info, language) + threads.note(info, language),
        view=lobby_view(info.game_id, language),
    )
    await check_dms(table, interaction, info)
    return info


async def _fall_back_here(
    table: Table,
    interaction: Interaction,
    game_type: str,
    options: dict[str, str],
    pace: str | None,
    message_id: int,
) -> GameInfo:
    """Discord refused the thread: the posted message becomes the lobby of a game played here."""
    user, here = interaction.user, interaction.channel_id or 0
    try:
        info = await table.service.lobby.open(
            guild_id=interaction.guild_id,
            channel_id=here,
            game_type=game_type,
            host_id=user.id,
            host_name=user.display_name,
            options=options,
            pace=pace,
        )
    except ChannelBusy as busy:
        await interaction.delete_original_response()
        reader = await readers.reader_language(interaction)
        no_thread = say("table.no_thread_busy", busy=busy.args[0])
        raise ServiceError(words(no_thread, reader)) from None
    language = await readers.server_language(table.bot, info.guild_id)
    shown = await lobby_words(table, info, language)
    await interaction.edit_original_response(
        content=f"{shown}\n{words(threads.NO_THREADS, language)}",
        view=lobby_view(info.game_id, language),
    )
    await table.service.boards.set_message(info.game_id, message_id)
    await check_dms(table, interaction, info)
    return info


async def rematch(table: Table, interaction: Interaction, game_id: int) -> None:
    """A new lobby with the same players: in a new thread if the old game had its own (the old
    one stays archived), else in the same place as before."""
    place = await table.service.lobby.rematch_place(game_id, interaction.user.id)
    parent = table.bot.get_channel(place.channel_id)
    threaded = place.own_thread and threads.may_open(interaction)
    if not threaded or not isinstance(parent, discord.TextChannel):
        await _rematch_here(table, interaction, game_id)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    public = await readers.public_language(interaction)
    lobby = await parent.send(opening_text(place.title, public))
    try:
        thread = await lobby.create_thread(
            name=threads.name(place.title, None, [interaction.user.display_name], public),
            auto_archive_duration=threads.WEEK,
        )
        info = await table.service.lobby.rematch(game_id, interaction.user.id, thread_id=thread.id)
    except Exception:
        await lobby.delete()
        raise
    language = await readers.server_language(table.bot, info.guild_id)
    await lobby.edit(
        content=await lobby_words(table, info, language) + threads.note(info, language),
        view=lobby_view(info.game_id, language),
    )
    opened = say("table.new_table", link=lobby.jump_url)
    await interaction.followup.send(
        words(opened, await readers.reader_language(interaction)), ephemeral=True
    )


async def _rematch_here(table: Table, interaction: Interaction, game_id: int) -> None:
    """The rematch lobby in the old game's place, as the answer to the click."""
    info: GameInfo = await table.service.lobby.rematch(game_id, interaction.user.id)
    language = await readers.server_language(table.bot, info.guild_id)
    sent = await interaction.response.send_message(
        await lobby_words(table, info, language), view=lobby_view(info.game_id, language)
    )
    if sent.message_id is not None:
        await table.service.boards.set_message(info.game_id, sent.message_id)
