"""Answers to long work: through the interaction while its token lives, else plain messages.

Discord takes followups and edits of a deferred answer for 15 minutes after the interaction;
after that it refuses them (401, code 50027) and the answer is lost. Work that may take that
long (a long game's replay, the computer's analysis, rebuilding every rating) keeps a `Late`
from the moment it began: it measures the token's life on the bot's clock, less a margin for
the interaction's way to the bot and the answer's way back, and once the token is spent it
answers with a plain message instead: a public answer in the interaction's channel (pinging
the caller, who asked for it), a private one in the caller's DMs (never in public).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import discord

from bot.i18n import say, words
from cogs.ui.host import host_of
from cogs.ui.replies import DISCORD_FAULTS, clip

log = logging.getLogger("cogs.tokenlife")
Interaction = discord.Interaction[Any]
TOKEN_LIFE = timedelta(minutes=15)  # Discord: followups and edits for 15 minutes
MARGIN = timedelta(minutes=1)  # the interaction's way here and the last answer's way back
LATE_PUBLIC = "table.late_answer"
LATE_PRIVATE = "table.late_answer_private"


def started(interaction: Interaction) -> Late:
    """The answers of work starting now, on the bot's clock."""
    return Late(interaction, host_of(interaction).clock)


class Late:
    """One deferred interaction's answers, sent while its token lives, else as messages."""

    def __init__(self, interaction: Interaction, clock: Callable[[], datetime]) -> None:
        """Started when the work starts (the interaction arrived a moment before)."""
        self.interaction = interaction
        self.clock = clock
        self.deadline = clock() + TOKEN_LIFE - MARGIN

    def in_time(self) -> bool:
        """Whether Discord still takes followups and edits with this interaction's token."""
        return self.clock() < self.deadline

    async def public(
        self, content: str, language: str, *, file: discord.File | None = None
    ) -> bool:
        """Fill the deferred public answer, or post a message in its channel when the token is
        spent; True when the answer went through the interaction."""
        files = [file] if file is not None else []
        if self.in_time():
            await self.interaction.edit_original_response(content=content, attachments=files)
            return True
        user = self.interaction.user
        head = words(say(LATE_PUBLIC, who=user.mention), language)
        place = self.interaction.channel_id or 0
        channel = host_of(self.interaction).get_partial_messageable(place)
        await channel.send(
            clip(f"{head}\n{content}"),
            files=files,
            allowed_mentions=discord.AllowedMentions(users=[user], everyone=False, roles=False),
        )
        return False

    async def private(
        self, content: str, language: str, *, file: discord.File | None = None
    ) -> None:
        """A private followup, or a DM to the caller when the token is spent (a DM the caller
        refuses is only logged: a private answer never goes public)."""
        if self.in_time():
            if file is None:
                await self.interaction.followup.send(content, ephemeral=True)
            else:
                await self.interaction.followup.send(content, file=file, ephemeral=True)
            return
        head = words(say(LATE_PRIVATE), language)
        user = self.interaction.user
        extra: dict[str, Any] = {"file": file} if file is not None else {}
        try:
            await user.send(clip(f"{head}\n{content}"), **extra)
        except DISCORD_FAULTS as error:
            log.warning("a late private answer to %s did not go out: %r", user.id, error)
