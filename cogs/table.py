"""The game table: posts lobbies, boards and hands, and turns service results into messages.

A plain object owned by the bot (`bot.table`), not a cog: commands and components hand it
what the service answered, and it renders and sends. It never asks the service what a move
did; the answer already holds the board and the changed hands.
"""

from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

import rendering
from bot.service import Board, ChannelBusy, GameInfo, Hand, MoveResult, ServiceError
from cogs import components
from cogs.texts import final_text, game_text, hand_text, lobby_text

if TYPE_CHECKING:
    from bot.client import SymposionBot
    from bot.service import GameService

log = logging.getLogger("cogs.table")
Interaction = discord.Interaction[Any]


@dataclass
class _Shown:
    """What one game's channel shows: its current message and the version drawn on it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    message_id: int | None = None  # None: not posted by this process yet (the service knows)
    version: int = -1


class Table:
    """Everything the bot shows for a game goes through here; no rule is decided here."""

    def __init__(self, bot: SymposionBot) -> None:
        self.bot = bot
        self._shown: dict[int, _Shown] = {}

    @property
    def service(self) -> GameService:
        """The bot's game service."""
        return self.bot.service

    def shown(self, game_id: int) -> _Shown:
        """One game's messages change one at a time, so each redraw knows the current message."""
        return self._shown.setdefault(game_id, _Shown())

    # -- lobby -------------------------------------------------------------------------------

    async def open_lobby(
        self, interaction: Interaction, game_type: str, options: dict[str, str]
    ) -> None:
        """/play: a lobby message in this channel with the caller as host."""
        user = interaction.user
        try:
            info = await self.service.open_lobby(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                game_type=game_type,
                host_id=user.id,
                host_name=user.display_name,
                options=options,
            )
        except ChannelBusy as busy:
            raise ServiceError(f"{busy} {self._where(interaction.channel_id or 0)}") from None
        sent = await interaction.response.send_message(
            lobby_text(info), view=components.lobby_view(info.game_id)
        )
        if sent.message_id is not None:
            await self.service.set_message(info.game_id, sent.message_id)
        await self._check_dms(interaction, info)

    def _where(self, place_id: int) -> str:
        """A link to the game message of the game in this place, if there is one."""
        info = self.service.game_at(place_id)
        if info is None or info.message_id is None or info.guild_id is None:
            return ""
        return (
            f"It is here: https://discord.com/channels/{info.guild_id}/{place_id}/{info.message_id}"
        )

    async def lobby_action(self, interaction: Interaction, game_id: int, verb: str) -> None:
        """Join / Leave / Start / Cancel."""
        user = interaction.user
        if verb == "start":
            started = await self.service.start(game_id, user.id)
            await interaction.response.edit_message(content=lobby_text(started.info), view=None)
            await self.show(started.board)
            await self.send_hands(started.hands)
            return
        if verb == "join":
            info = await self.service.join(game_id, user.id, user.display_name)
        elif verb == "leave":
            info = await self.service.leave(game_id, user.id)
        else:
            info = await self.service.cancel(game_id, user.id)
        keep = components.lobby_view(game_id) if info.status == "lobby" else None
        await interaction.response.edit_message(content=lobby_text(info), view=keep)
        if verb == "join":
            await self._check_dms(interaction, info)

    async def _check_dms(self, interaction: Interaction, info: GameInfo) -> None:
        """A short DM on joining; if DMs are closed, say /hand will do and stop trying."""
        channel = f"<#{info.place_id}>"
        try:
            await interaction.user.send(
                f"You joined **{info.title}** in {channel}. Your hand will arrive here."
            )
        except discord.HTTPException:
            await self.service.set_dm_ok(info.game_id, interaction.user.id, False)
            await interaction.followup.send(
                f"I cannot send you direct messages, so your hand will not come by DM. "
                f"Use `/hand` in {channel} or the **My hand** button whenever you need it.",
                ephemeral=True,
            )

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """A new lobby with the same players in the same channel."""
        info = await self.service.rematch(game_id, interaction.user.id)
        sent = await interaction.response.send_message(
            lobby_text(info), view=components.lobby_view(info.game_id)
        )
        if sent.message_id is not None:
            await self.service.set_message(info.game_id, sent.message_id)

    # -- the board ---------------------------------------------------------------------------

    async def _message(self, board: Board) -> tuple[str, discord.File, discord.ui.View | None]:
        """Text, image and components of the game message, all from one board."""
        info = board.info
        png = await asyncio.to_thread(
            rendering.board_png, info.game_type, board.view, board.context
        )
        image = discord.File(io.BytesIO(png), filename=f"{info.game_type}-board.png")
        if info.status != "active":
            final = components.final_view(info.game_id) if info.status == "finished" else None
            return final_text(info), image, final
        turn = board.turn
        if turn is None:
            return game_text(board), image, None
        if turn.automatic:  # it moves at once; nobody is asked
            return (
                game_text(board),
                image,
                components.game_view(info.game_id, turn.version, (), hand=True),
            )
        shown = board.public_choices
        buttons = components.game_view(info.game_id, turn.version, shown, hand=True)
        text = game_text(board)
        if shown and components.shown_choices(shown) < len(shown):
            text += "\nMore moves than fit here: use `/move`."
        return text, image, buttons

    async def show(self, board: Board, *, in_place: bool = False) -> None:
        """Show a board: a new game message (it pings the mover; the old one loses its buttons),
        or, `in_place`, the current message redrawn. A board older than the one up is dropped.
        """
        info = board.info
        shown = self.shown(info.game_id)
        async with shown.lock:
            if info.version < shown.version:
                return
            current = shown.message_id if shown.message_id is not None else info.message_id
            content, image, buttons = await self._message(board)
            channel = self.bot.get_partial_messageable(info.place_id)
            if in_place and current is not None:
                message = channel.get_partial_message(current)
                await message.edit(content=content, attachments=[image], view=buttons)
            else:
                extra: dict[str, Any] = {"view": buttons} if buttons is not None else {}
                sent = await channel.send(content, file=image, **extra)
                await self.service.set_message(info.game_id, sent.id)
                shown.message_id = sent.id
                if current is not None and current != sent.id:
                    await self._strip(info.place_id, current)
            shown.version = info.version
        if info.status != "active":
            self._shown.pop(info.game_id, None)

    async def strip(self, info: GameInfo) -> None:
        """Take the buttons off a game's current message (the game was abandoned).

        Waits for a redraw in progress, so the message it posts is the one stripped, and marks
        the end's version as shown, so a redraw still waiting is dropped.
        """
        shown = self.shown(info.game_id)
        async with shown.lock:
            current = shown.message_id if shown.message_id is not None else info.message_id
            shown.version = max(shown.version, info.version)
            if current is not None:
                await self._strip(info.place_id, current)
        self._shown.pop(info.game_id, None)

    async def _strip(self, place_id: int, message_id: int) -> None:
        message = self.bot.get_partial_messageable(place_id).get_partial_message(message_id)
        try:
            await message.edit(view=None)
        except discord.HTTPException:
            log.warning("could not remove the buttons of message %s", message_id)

    # -- moves -------------------------------------------------------------------------------

    async def play(
        self, interaction: Interaction, game_id: int, code: str, version: int | None
    ) -> None:
        """A move from a button, a select or /move: commit first, then answer and redraw."""
        result = await self.service.move(game_id, interaction.user.id, code, version)
        private = interaction.message is not None and interaction.message.flags.ephemeral
        if interaction.type is discord.InteractionType.component and private:
            done = f"You played: {result.description}."
            await interaction.response.edit_message(content=done, view=None)
        elif interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await interaction.response.send_message(
                f"You played: {result.description}.", ephemeral=True
            )
        await self.after_move(result)

    async def after_move(self, result: MoveResult) -> None:
        """Show a committed move, then any automatic player's moves that follow it."""
        await self._show_move(result)
        await self.play_automatic(result.board.info.game_id)

    async def _show_move(self, result: MoveResult) -> None:
        """Redraw in place while the same seat decides; else a new message for the next seat."""
        await self.show(result.board, in_place=result.same_mover)
        await self.send_hands(result.hands)

    async def play_automatic(self, game_id: int) -> None:
        """While the automatic player is to move: its move, committed, then shown."""
        while (result := await self.service.automatic_move(game_id)) is not None:
            await self._show_move(result)

    async def show_choices(self, interaction: Interaction, game_id: int, version: int) -> None:
        """'Your move': the mover's choices, privately."""
        choices = await self.service.my_choices(game_id, interaction.user.id, version)
        view = components.private_view(game_id, version, choices)
        extra = len(choices) - components.shown_choices(choices)
        more = f" ({extra} more with `/move`)" if extra else ""
        await interaction.response.send_message(f"Your choices{more}:", view=view, ephemeral=True)

    # -- hands -------------------------------------------------------------------------------

    async def _hand_file(self, hand: Hand) -> discord.File:
        game_type = hand.info.game_type
        png = await asyncio.to_thread(rendering.hand_png, game_type, hand.view, hand.context)
        return discord.File(io.BytesIO(png), filename=f"{game_type}-hand.png")

    async def send_hands(self, hands: tuple[Hand, ...]) -> None:
        """DM each of these hands to its player, unless their DMs are known to be closed."""
        for hand in hands:
            player = hand.player
            if not player.dm_ok:
                continue
            try:
                user = self.bot.get_user(player.user_id) or await self.bot.fetch_user(
                    player.user_id
                )
                await user.send(hand_text(hand.info, player), file=await self._hand_file(hand))
            except discord.HTTPException:
                await self.service.set_dm_ok(hand.info.game_id, player.user_id, False)

    async def show_hand(self, interaction: Interaction, game_id: int) -> None:
        """/hand or 'My hand': the caller's private view, ephemerally."""
        hand = await self.service.hand(game_id, interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(
            hand_text(hand.info, hand.player), file=await self._hand_file(hand), ephemeral=True
        )
