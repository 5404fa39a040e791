"""What a fired deadline shows: a reminder (in the game's place and by DM) or the turn clock's
vote (a time-up note where nobody could vote).

The service has already claimed the deadline, so each is sent at most once. A refused DM does
not stop the reminder in the game's place; a failed post is logged, never retried.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import ENGLISH, say, words
from bot.service import Alarm, GameInfo, Reminder, TimeUp
from cogs.ui import readers
from cogs.ui.clocktexts import when
from cogs.ui.seat_components import start_vote

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.alarms")


def _only(user_id: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(user_id)])


def _ends(info: GameInfo, language: str) -> str:
    if info.turn_due is None:
        return ""
    return " " + words(say("table.turn_ends", ends=when(info.turn_due)), language)


def reminder_text(reminder: Reminder, language: str = ENGLISH) -> str:
    """The reminder in the game's place: a mention, the game, when the turn ends, the link."""
    info = reminder.info
    link = f" {info.link}" if info.link else ""
    who = f"<@{reminder.user_id}>"
    still = words(
        say("table.still_your_turn", who=who, title=info.title, game=info.game_id), language
    )
    return f"{still}{_ends(info, language)}{link}"


def reminder_dm(reminder: Reminder, language: str = ENGLISH) -> str:
    """The reminder by DM: the game, its place, when the turn ends, the link."""
    info = reminder.info
    link = f"\n{info.link}" if info.link else ""
    place = f"<#{info.place_id}>"
    head = say("table.reminder", title=info.title, game=info.game_id, place=place)
    off = words(say("table.reminders_stop"), language)
    return f"{words(head, language)}{_ends(info, language)} {off}{link}"


def time_up_text(time_up: TimeUp, language: str = ENGLISH) -> str:
    """The placeholder when the turn clock runs out: one message naming who timed out."""
    info = time_up.info
    up = say("table.time_up", who=f"<@{time_up.user_id}>", title=info.title, game=info.game_id)
    return words(up, language)


async def remind(bot: Host, reminder: Reminder) -> None:
    """Post the reminder where the game is played, then DM it if DMs to the player work; the
    player's `/notify via:` may keep just one of the two (a failed DM falls back to the post)."""
    via = await bot.service.notices.via(reminder.user_id)
    if via == "none":
        return
    if via == "dm" and reminder.dm_ok and await _dm(bot, reminder):
        return
    info = reminder.info
    channel = bot.get_partial_messageable(info.place_id)
    language = await readers.server_language(bot, info.guild_id)
    try:
        text = reminder_text(reminder, language)
        await channel.send(text, allowed_mentions=_only(reminder.user_id))
    except discord.HTTPException:
        log.warning("could not post the reminder of game #%s", info.game_id)
    if via in (None, "both") and reminder.dm_ok:
        await _dm(bot, reminder)


async def _dm(bot: Host, reminder: Reminder) -> bool:
    """The reminder by DM; a refused DM is remembered (no more DMs for that game)."""
    try:
        user = bot.get_user(reminder.user_id) or await bot.fetch_user(reminder.user_id)
        await user.send(reminder_dm(reminder, await readers.dm_language(bot, reminder.user_id)))
    except discord.HTTPException:
        await bot.service.hands.set_dm_ok(reminder.info.game_id, reminder.user_id, False)
        return False
    return True


async def time_up(bot: Host, event: TimeUp) -> None:
    """The turn clock ran out: the other players get the vote on what happens next; where no
    vote opens (nobody else holds a seat) the game's place is told the time is up."""
    try:
        if await start_vote(bot.table, event.info.game_id, event.version):
            return
        channel = bot.get_partial_messageable(event.info.place_id)
        language = await readers.server_language(bot, event.info.guild_id)
        await channel.send(time_up_text(event, language), allowed_mentions=_only(event.user_id))
    except discord.HTTPException:
        log.warning("could not post the time-up of game #%s", event.info.game_id)


async def show(bot: Host, alarm: Alarm) -> None:
    """Show one fired deadline."""
    if isinstance(alarm, Reminder):
        await remind(bot, alarm)
    else:
        await time_up(bot, alarm)
