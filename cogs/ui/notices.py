"""What `/notify` choices look like to the player, and the DMs they bring: the turn ping by DM,
the heads-up, the daily digest; plus who a turn note or reminder may ping.

None of these show anything of a hand: a game's title, number, place, link and time left only.
A computer seat (a negative id) is never DMed nor mentioned.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from bot.i18n import Text, say, words
from bot.service import Board, GameInfo
from bot.service.notices import Digest, HeadsUp, NoticeChoices, Waiting
from cogs.ui import readers
from cogs.ui.clocktexts import when
from cogs.ui.replies import DISCORD_FAULTS

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.notices")

DIGEST_LIMIT = 1900  # characters of one DM's list before "and N more"
VIA_WORDS = {
    None: "notify.via.default",
    "dm": "notify.via.dm",
    "mention": "notify.via.mention",
    "both": "notify.via.both",
    "none": "notify.via.none",
}


def _local(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")


def choices_lines(shown: NoticeChoices) -> list[Text]:
    """What `/notify` answers: every choice, the next quiet hours and digest in the player's
    own time."""
    chosen = shown.settings
    lines = [say("notify.zone", zone=chosen.time_zone or "—")]
    if shown.quiet is None:
        lines.append(say("notify.quiet_none"))
    else:
        start, end = shown.quiet
        lines.append(
            say(
                "notify.quiet",
                start=chosen.quiet_from or "",
                end=chosen.quiet_to or "",
                next_start=_local(start),
                next_end=_local(end),
            )
        )
    lines.append(say("notify.heads_up_on" if chosen.heads_up else "notify.heads_up_off"))
    lines.append(say(VIA_WORDS.get(chosen.via, "notify.via.default")))
    if shown.next_digest is None:
        lines.append(say("notify.digest_off"))
    else:
        lines.append(
            say("notify.digest_on", at=chosen.digest_at or "", next=_local(shown.next_digest))
        )
    return lines


def _game(info: GameInfo, language: str) -> str:
    head = words(say("notify.game", title=info.title, game=info.game_id), language)
    return f"{head} <#{info.place_id}>"


def digest_line(waiting: Waiting, language: str) -> str:
    """One game of the digest: which, where, why, the time left, the link."""
    info = waiting.info
    why = "notify.digest_vote" if waiting.vote else "notify.digest_turn"
    line = f"• {_game(info, language)} — {words(say(why), language)}"
    if not waiting.vote and info.turn_due is not None:
        line += " " + words(say("table.turn_ends", ends=when(info.turn_due)), language)
    return line + (f" {info.link}" if info.link else "")


def digest_text(digest: Digest, language: str) -> str:
    """The daily digest DM: one line per game waiting on the player."""
    lines = [words(say("notify.digest_head", count=len(digest.games)), language)]
    for index, waiting in enumerate(digest.games):
        line = digest_line(waiting, language)
        if sum(len(x) + 1 for x in lines) + len(line) > DIGEST_LIMIT:
            lines.append(words(say("table.and_more", count=len(digest.games) - index), language))
            break
        lines.append(line)
    return "\n".join(lines)


def heads_up_text(heads_up: HeadsUp, language: str) -> str:
    """The heads-up DM: who is to move now, in which game; you are next."""
    info = heads_up.info
    said = say("notify.heads_up", who=f"<@{heads_up.before}>", game_words=_game(info, language))
    return words(said, language) + (f" {info.link}" if info.link else "")


def turn_dm_text(info: GameInfo, link: str, language: str) -> str:
    """The turn ping by DM (`via:dm` or `both`)."""
    said = words(say("notify.your_turn", game_words=_game(info, language)), language)
    return f"{said} {link}".rstrip()


async def send_dm(bot: Host, user_id: int, text_of: Callable[[str], str]) -> bool:
    """DM a person in their language; False when Discord refuses (never for a computer)."""
    if user_id < 0:
        return False
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(
            text_of(await readers.dm_language(bot, user_id)),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except DISCORD_FAULTS as error:
        log.info("a notice DM to %s did not go out: %r", user_id, error)
        return False
    return True


async def turn_pinged(bot: Host, board: Board, link: str) -> list[int]:
    """Who the turn note may mention (see `mover_pinged`), after the heads-up to the player
    after the mover: the turn passed."""
    if board.turn is None or board.turn.user_id < 0:
        return []
    await _heads_up(bot, board.info)
    return await mover_pinged(bot, board, link)


async def mover_pinged(bot: Host, board: Board, link: str) -> list[int]:
    """Who may be mentioned as the mover: the player to move by their `via` (a DM first where
    asked; a failed DM falls back to the mention), nobody in their quiet hours (held)."""
    turn, info = board.turn, board.info
    if turn is None or turn.user_id < 0:
        return []
    try:
        ping = await bot.service.notices.turn_ping(info.game_id, info.version, turn.user_id)
    except Exception:  # the note still pings as before
        log.exception("the turn ping of game #%s could not be looked up", info.game_id)
        return [turn.user_id]
    if ping.held_until is not None or ping.via == "none":
        return []
    if ping.via in ("dm", "both"):
        sent = await send_dm(bot, turn.user_id, lambda lang: turn_dm_text(info, link, lang))
        if sent and ping.via == "dm":
            return []
    return [turn.user_id]


async def _heads_up(bot: Host, info: GameInfo) -> None:
    """The heads-up DM to the player after the one to move, if they want it; never raises."""
    try:
        told = await bot.service.notices.heads_up(info)
    except Exception:
        log.exception("the heads-up of game #%s failed", info.game_id)
        return
    if told is not None:
        await send_dm(bot, told.user_id, lambda lang: heads_up_text(told, lang))
