"""Short notes under a game message redrawn in place: whose turn it is now, or that it ended.

The game message is edited for every change, and an edit pings nobody; so when the turn passes
to another person, a one-line note pings just them, with a link to the game message. The note
before it is deleted (its player has moved), so a place keeps one board and at most one note
per game. Notes are text only: no image, no buttons.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import ENGLISH
from bot.service import Board, GameInfo
from cogs.ui.notices import turn_pinged
from cogs.ui.replies import DISCORD_FAULTS
from cogs.ui.texts import end_note, turn_note

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.turnnotes")


def link(guild_id: int | None, place_id: int, message_id: int) -> str:
    """A jump link to a message (none outside a server)."""
    if guild_id is None:
        return ""
    return f"https://discord.com/channels/{guild_id}/{place_id}/{message_id}"


def people(info: GameInfo) -> list[int]:
    """Whom the game-over note may ping: every person, never a computer seat (its id is a
    negative stand-in, no Discord user; Discord refuses the whole message for it)."""
    return [p.user_id for p in info.players if not p.computer]


class TurnNotes:
    """The current note of each game (in memory: after a restart an old note simply stays)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._current: dict[int, int] = {}

    async def after_redraw(
        self, board: Board, message_id: int, *, turn_passed: bool, language: str = ENGLISH
    ) -> None:
        """The note a redraw calls for, if any (in the server's `language`); a note that fails
        is only logged."""
        info = board.info
        where = link(info.guild_id, info.place_id, message_id)
        turn = board.turn
        if info.status != "active":
            text, users = end_note(info, where, language, board.view["seats"]), people(info)
        elif turn_passed and turn is not None and not turn.automatic:
            text = turn_note(info, turn.user_id, where, language)
            users = await turn_pinged(self.bot, board, where)  # their /notify choices
        else:
            return
        pings = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in users]
        )
        try:
            sent = await self.bot.get_partial_messageable(info.place_id).send(
                text, allowed_mentions=pings
            )
        except DISCORD_FAULTS as error:
            log.warning("the turn note of game #%s did not go out: %r", info.game_id, error)
            return
        await self.drop(info.game_id, info.place_id)
        if info.status == "active":
            self._current[info.game_id] = sent.id

    async def drop(self, game_id: int, place_id: int) -> None:
        """Delete the game's previous note: it pinged someone whose turn is over."""
        note = self._current.pop(game_id, None)
        if note is None:
            return
        try:
            await self.bot.get_partial_messageable(place_id).get_partial_message(note).delete()
        except DISCORD_FAULTS as error:  # already deleted, or Discord failed: it stays
            log.info("an old turn note %s stays: %r", note, error)
