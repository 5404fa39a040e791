"""Mending: exactly one current board per game, after a restart or a post Discord refused.

Old boards and boards whose post was never recorded (a crash between the post and its record)
lose their buttons, and a game without a current board gets one. A game whose move is being
shown right now is left alone at start: its board is on the way.
"""

from __future__ import annotations

import contextlib
import logging
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

import discord

from bot.service import Mend, ServiceError
from cogs.ui import ids
from cogs.ui.replies import DISCORD_FAULTS

if TYPE_CHECKING:
    from cogs.ui.table import Table

log = logging.getLogger("cogs.table")
SEARCH_LIMIT = 100  # messages searched for a board whose post was never recorded


class Mender:
    """Puts a game's channel right; knows which games have a change on its way to Discord."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._in_flight: Counter[int] = Counter()  # changes whose board is still on its way

    @contextlib.contextmanager
    def moving(self, game_id: int) -> Iterator[None]:
        """While a change of this game is committed and shown, start-up mending waits."""
        self._in_flight[game_id] += 1
        try:
            yield
        finally:
            self._in_flight[game_id] -= 1

    async def mend_all(self) -> None:
        """At start: every game whose channel shows an old board, or several, gets put right."""
        for game_id in await self.table.service.boards.to_mend():
            if self.table.bot.stopping:
                return  # the next start checks again
            await self.mend(game_id)

    async def mend(self, game_id: int, *, failed: bool = False) -> None:
        """Strip old and unrecorded boards of one game and post its current board if missing.

        At start a game whose move is being shown right now is left alone (its board is on the
        way); after a `failed` post it is mended at once.
        """
        if self._in_flight[game_id] and not failed:
            return
        table = self.table
        try:
            shown = table.shown(game_id)
            async with shown.lock:
                plan = await table.service.boards.mend_plan(game_id)
                if plan.nothing_to_do:
                    return
                await self._search(plan)
                for _, message_id in plan.strip:
                    await table.unbutton(game_id, plan.place_id, message_id)
                shown.message_id, shown.version = plan.keep, -1
            if plan.needs_board:
                await table.show(await table.service.boards.show(game_id))
        except DISCORD_FAULTS as error:
            log.warning("game #%s could not be mended yet: %r", game_id, error)
        except ServiceError as error:
            log.warning("game #%s could not be mended: %s", game_id, error)

    async def _search(self, plan: Mend) -> None:
        """Find boards whose post was never recorded (by their buttons' game) and strip them."""
        if not plan.unrecorded:
            return
        bot = self.table.bot
        keep = {plan.keep, *(message_id for _, message_id in plan.strip)}
        channel = bot.get_partial_messageable(plan.place_id)
        after = None if plan.search_after is None else discord.Object(id=plan.search_after)
        me = bot.user.id if bot.user is not None else None
        async for message in channel.history(limit=SEARCH_LIMIT, after=after):
            if message.author.id != me or message.id in keep:
                continue
            if any(ids.game_of(cid) == plan.game_id for cid in _custom_ids(message)):
                await message.edit(view=None)
        await self.table.service.boards.retired(plan.game_id, plan.unrecorded)


def _custom_ids(message: discord.Message) -> list[str]:
    """Every custom_id on a message's components."""
    found = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if isinstance(custom_id, str):
                found.append(custom_id)
    return found
