"""Hands by DM: one message per game and player, edited in place whenever the hand changes.

The message's id is stored with the seat, so a restart keeps editing the same DM. A player who
deleted it gets a new one (recorded in its place); a refused DM marks their DMs closed, and they
use `/hand` or **My hand** instead. Games without hands never send one.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.service import GameService, Hand
from cogs.ui import readers
from cogs.ui.alttext import hand_file
from cogs.ui.painter import Painter
from cogs.ui.texts import hand_text

if TYPE_CHECKING:
    from cogs.ui.host import Host

log = logging.getLogger("cogs.hands")
Interaction = discord.Interaction[Any]
# A reply that never came: the DM may have arrived, so DMs are not marked closed.
LOST = (aiohttp.ClientError, OSError, asyncio.TimeoutError)


async def hand_png(hand: Hand, painter: Painter, language: str) -> bytes:
    """The hand image in the reader's language, drawn off the event loop."""
    context = replace(hand.context, language=language)
    key = hand.info.game_id + 1 + hand.seat  # beside the board, each seat to its own worker
    return await painter.hand_png(hand.info.game_type, hand.view, context, key)


class HandDesk:
    """Sends and edits the players' hand DMs; never raises for a Discord failure."""

    def __init__(self, bot: Host, painter: Painter) -> None:
        self.bot = bot
        self.painter = painter
        self._dms: dict[int, int] = {}  # user -> their DM channel (it never changes)
        self._opening: dict[int, asyncio.Future[discord.DMChannel]] = {}  # lookups under way

    @property
    def service(self) -> GameService:
        """The bot's game service."""
        return self.bot.service

    async def send_hands(self, hands: tuple[Hand, ...]) -> None:
        """Put each of these hands in its player's hand DM, unless their DMs are closed."""
        for hand in hands:
            player = hand.player
            if not player.dm_ok or not hand.info.has_hands:
                continue
            try:
                await self._deliver(hand)
            except discord.HTTPException:
                await self.service.hands.set_dm_ok(hand.info.game_id, player.user_id, False)
            except LOST as error:
                log.warning("a hand DM of game #%s may be lost: %r", hand.info.game_id, error)

    async def _deliver(self, hand: Hand) -> None:
        """Edit the player's hand DM of this game, or send (and record) a new one."""
        game_id, user_id = hand.info.game_id, hand.player.user_id
        dm = await self._dm(user_id)
        language = await readers.dm_language(self.bot, user_id)
        text = hand_text(hand.info, hand.player, language)
        png = await hand_png(hand, self.painter, language)
        known = await self.service.hands.message(game_id, user_id)
        if known is not None:
            try:
                await dm.get_partial_message(known).edit(
                    content=text, attachments=[hand_file(hand, png, language)]
                )
                return
            except discord.NotFound:
                pass  # the player deleted it: a new one takes its place
        sent = await dm.send(text, file=hand_file(hand, png, language))
        await self.service.hands.set_message(game_id, user_id, sent.id)

    async def _dm(self, user_id: int) -> discord.PartialMessageable | discord.DMChannel:
        """The DM channel with a player: looked up once (a user fetch and a DM open are two
        requests to Discord), then addressed by its id (issue 16 §5)."""
        known = self._dms.get(user_id)
        if known is not None:
            return self.bot.get_partial_messageable(known, type=discord.ChannelType.private)
        opening = self._opening.get(user_id)
        if opening is None:  # two hands at once share one lookup
            opening = self._opening[user_id] = asyncio.ensure_future(self._open_dm(user_id))
            opening.add_done_callback(lambda _: self._opening.pop(user_id, None))
        return await asyncio.shield(opening)

    async def _open_dm(self, user_id: int) -> discord.DMChannel:
        """Fetch the player and open their DM channel: two requests, made once per player."""
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        dm = user.dm_channel or await user.create_dm()
        self._dms[user_id] = dm.id
        return dm

    async def show_hand(self, interaction: Interaction, game_id: int) -> None:
        """/hand or 'My hand': the caller's private view, ephemerally."""
        hand = await self.service.hands.show(game_id, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        language = await readers.reader_language(interaction)
        await interaction.followup.send(
            hand_text(hand.info, hand.player, language),
            file=hand_file(hand, await hand_png(hand, self.painter, language), language),
            ephemeral=True,
        )
