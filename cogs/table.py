"""The game table: posts lobbies, boards and hands, and turns service results into messages."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

import rendering
from bot.service import ChannelBusy, GameInfo, MoveResult, ServiceError
from cogs import components
from cogs.replies import answer, explain_failure
from cogs.texts import final_text, game_text, hand_text, lobby_text

if TYPE_CHECKING:
    from bot.client import SymposionBot
    from bot.service import GameService

log = logging.getLogger("cogs.table")
Interaction = discord.Interaction[Any]


class Table(commands.Cog):
    """Everything the bot shows for a game goes through here; no rule is decided here."""

    def __init__(self, bot: SymposionBot) -> None:
        self.bot = bot
        self._showing: dict[int, asyncio.Lock] = {}

    def showing(self, game_id: int) -> asyncio.Lock:
        """One game's messages change one at a time, so each redraw knows the current message."""
        return self._showing.setdefault(game_id, asyncio.Lock())

    @property
    def service(self) -> GameService:
        return self.bot.service

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
        if verb == "join":
            info = await self.service.join(game_id, user.id, user.display_name)
        elif verb == "leave":
            info = await self.service.leave(game_id, user.id)
        elif verb == "start":
            info = await self.service.start(game_id, user.id)
        else:
            info = await self.service.cancel(game_id, user.id)
        keep = components.lobby_view(game_id) if info.status == "lobby" else None
        await interaction.response.edit_message(content=lobby_text(info), view=keep)
        if verb == "join":
            await self._check_dms(interaction, info)
        if info.status == "active":
            await self.post_board(info)
            await self.send_hands(info, [p.seat for p in info.players if p.seat is not None])

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

    async def _board(self, info: GameInfo) -> tuple[str, discord.File, discord.ui.View | None]:
        """Text, image and components of the game message, all from one public view."""
        view = await self.service.public_view(info.game_id)
        png = await asyncio.to_thread(rendering.board_png, info.game_type, view)
        image = discord.File(io.BytesIO(png), filename=f"{info.game_type}-board.png")
        if info.status != "active":
            final = components.final_view(info.game_id) if info.status == "finished" else None
            return final_text(info), image, final
        turn = self.service.turn(info.game_id)
        if turn is None:
            return game_text(info, None, view), image, None
        shown = None if self.service.hidden_choices(info.game_id) else turn.choices
        buttons = components.game_view(info.game_id, turn.version, shown, hand=True)
        text = game_text(info, turn, view)
        if shown and components.shown_choices(shown) < len(shown):
            text += "\nMore moves than fit here: use `/move`."
        return text, image, buttons

    async def post_board(self, info: GameInfo) -> None:
        """A new game message (it pings the seat to move); the old one loses its buttons."""
        async with self.showing(info.game_id):
            await self._post_board(await self.service.info(info.game_id))

    async def _post_board(self, info: GameInfo) -> None:
        previous = info.message_id
        content, image, buttons = await self._board(info)
        channel = self.bot.get_partial_messageable(info.place_id)
        extra: dict[str, Any] = {"view": buttons} if buttons is not None else {}
        message = await channel.send(content, file=image, **extra)
        await self.service.set_message(info.game_id, message.id)
        if previous is not None and previous != message.id:
            await self._strip(info.place_id, previous)

    async def strip(self, info: GameInfo) -> None:
        """Take the buttons off a game's current message (the game was abandoned)."""
        if info.message_id is not None:
            await self._strip(info.place_id, info.message_id)

    async def _strip(self, place_id: int, message_id: int) -> None:
        message = self.bot.get_partial_messageable(place_id).get_partial_message(message_id)
        try:
            await message.edit(view=None)
        except discord.HTTPException:
            log.warning("could not remove the buttons of message %s", message_id)

    async def _update_board(self, info: GameInfo) -> None:
        """The same seat decides again: redraw the game message in place."""
        if info.message_id is None:
            await self._post_board(info)
            return
        content, image, buttons = await self._board(info)
        channel = self.bot.get_partial_messageable(info.place_id)
        message = channel.get_partial_message(info.message_id)
        await message.edit(content=content, attachments=[image], view=buttons)

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
        """Redraw in place while the same seat decides; else a new message for the next seat."""
        async with self.showing(result.game_id):
            info = await self.service.info(result.game_id)
            if result.finished or result.to_move != result.previous_to_move:
                await self._post_board(info)
            else:
                await self._update_board(info)
        if result.finished:
            self._showing.pop(result.game_id, None)
        await self.send_hands(info, list(result.changed_seats))

    async def show_choices(self, interaction: Interaction, game_id: int, version: int) -> None:
        """'Your move': the mover's choices, privately."""
        choices = await self.service.my_choices(game_id, interaction.user.id, version)
        view = components.private_view(game_id, version, choices)
        extra = len(choices) - components.shown_choices(choices)
        more = f" ({extra} more with `/move`)" if extra else ""
        await interaction.response.send_message(f"Your choices{more}:", view=view, ephemeral=True)

    # -- hands -------------------------------------------------------------------------------

    async def _hand_file(self, info: GameInfo, user_id: int) -> discord.File:
        view = await self.service.seat_view(info.game_id, user_id)
        png = await asyncio.to_thread(rendering.hand_png, info.game_type, view)
        return discord.File(io.BytesIO(png), filename=f"{info.game_type}-hand.png")

    async def send_hands(self, info: GameInfo, seats: list[int]) -> None:
        """DM each of these seats their private view, unless their DMs are known to be closed."""
        for player in info.players:
            if player.seat not in seats or not player.dm_ok:
                continue
            try:
                user = self.bot.get_user(player.user_id) or await self.bot.fetch_user(
                    player.user_id
                )
                await user.send(
                    hand_text(info, player), file=await self._hand_file(info, player.user_id)
                )
            except discord.HTTPException:
                await self.service.set_dm_ok(info.game_id, player.user_id, False)

    async def show_hand(self, interaction: Interaction, game_id: int) -> None:
        """/hand or 'My hand': the caller's private view, ephemerally."""
        info = await self.service.info(game_id)
        player = info.player(interaction.user.id)
        if player is None or player.seat is None:
            raise ServiceError(f"You are not playing in this game of {info.title}.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(
            hand_text(info, player),
            file=await self._hand_file(info, player.user_id),
            ephemeral=True,
        )

    # -- errors ------------------------------------------------------------------------------

    async def guard(self, interaction: Interaction, work: Any) -> None:
        """Run one interaction's work; a ServiceError is a clear private answer, a bug is logged."""
        try:
            await work
        except ServiceError as error:
            await answer(interaction, str(error))
        except Exception:
            log.exception("unexpected error while handling an interaction")
            await explain_failure(interaction)


async def setup(bot: SymposionBot) -> None:
    await bot.add_cog(Table(bot))
    bot.add_dynamic_items(*components.DYNAMIC_ITEMS)
