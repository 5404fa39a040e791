"""The game table: posts lobbies, boards and hands, and turns service results into messages.

A plain object owned by the bot (`bot.table`), not a cog: commands and components hand it
what the service answered, and it renders and sends. It never asks the service what a move
did; the answer already holds the board and the changed hands.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.i18n import ENGLISH, say, words
from bot.service import Board, GameInfo, Hand, Mend, MoveResult, ServiceError, Started
from cogs import components, ids, opening, readers, threads
from cogs.boardmessage import game_message
from cogs.hands import HandDesk
from cogs.texts import lobby_text
from cogs.turnnotes import TurnNotes

if TYPE_CHECKING:
    from bot.client import SymposionBot
    from bot.service import GameService

log = logging.getLogger("cogs.table")
Interaction = discord.Interaction[Any]
# What talking to Discord can fail with: its refusals, a lost or cut reply, a timeout.
DISCORD_FAULTS = (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError)
ALREADY_ANSWERED, EXPIRED = 40060, 10062
SEARCH_LIMIT = 100  # messages searched for a board whose post was never recorded
ONGOING = ("lobby", "active")


@dataclass
class _Shown:
    """What one game's place shows: its game message and the version and image drawn on it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    message_id: int | None = None  # None: not posted by this process yet (the service knows)
    version: int = -1
    image: bytes = b""  # the PNG the message shows (an unchanged image is not uploaded again)
    attachments: list[discord.Attachment] = field(default_factory=list)


class Table:
    """Everything the bot shows for a game goes through here; no rule is decided here."""

    def __init__(self, bot: SymposionBot) -> None:
        self.bot = bot
        self._shown: dict[int, _Shown] = {}
        self._in_flight: Counter[int] = Counter()  # changes whose board is still on its way
        self.hands = HandDesk(bot)
        self.notes = TurnNotes(bot)

    @property
    def service(self) -> GameService:
        """The bot's game service."""
        return self.bot.service

    def shown(self, game_id: int) -> _Shown:
        """One game's messages change one at a time, so each redraw knows the current message."""
        return self._shown.setdefault(game_id, _Shown())

    # -- lobby -------------------------------------------------------------------------------

    async def open_lobby(
        self,
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
        info = await opening.open_lobby(
            self, interaction, game_type, options, pace, where, opponents, level
        )
        if opponents and info is not None:
            started = await self.service.lobby.against_computer(
                info.game_id, interaction.user.id, opponents, level
            )
            language = await readers.server_language(self.bot, started.info.guild_id)
            text = lobby_text(started.info, language) + threads.note(started.info, language)
            await self.acknowledge(
                lambda: interaction.edit_original_response(content=text, view=None)
            )
            await self.show_start(started)

    def where(self, place_id: int, language: str = ENGLISH) -> str:
        """A link to the game message of the game in this place, if there is one."""
        info = self.service.places.game_at(place_id)
        if info is None or info.message_id is None or info.guild_id is None:
            return ""
        link = f"https://discord.com/channels/{info.guild_id}/{place_id}/{info.message_id}"
        return words(say("table.it_is_here", link=link), language)

    async def lobby_action(self, interaction: Interaction, game_id: int, verb: str) -> None:
        """Join / Leave / Start / Cancel."""
        user = interaction.user
        if verb == "start":
            started = await self.service.lobby.start(game_id, user.id)
            language = await readers.server_language(self.bot, started.info.guild_id)
            text = lobby_text(started.info, language) + threads.note(started.info, language)
            await self.acknowledge(
                lambda: interaction.response.edit_message(content=text, view=None)
            )
            await self.show_start(started)
            return
        if verb == "join":
            info = await self.service.lobby.join(game_id, user.id, user.display_name)
        elif verb == "leave":
            info = await self.service.lobby.leave(game_id, user.id)
        else:
            info = await self.service.lobby.cancel(game_id, user.id)
        language = await readers.server_language(self.bot, info.guild_id)
        keep = components.lobby_view(game_id, language) if info.status == "lobby" else None
        text = lobby_text(info, language) + threads.note(info, language)
        await self.acknowledge(lambda: interaction.response.edit_message(content=text, view=keep))
        if info.status != "lobby":
            await threads.archive(self.bot, info)
        if verb == "join":
            await self.check_dms(interaction, info)

    async def show_start(self, started: Started) -> None:
        """A game just started: its thread renamed, the first board, the hands, and the
        computer's moves if a computer player goes first."""
        await threads.rename(self.bot, started.info)
        await self.publish(started.board)
        await self.send_hands(started.hands)
        await self.play_automatic(started.info.game_id)

    async def check_dms(self, interaction: Interaction, info: GameInfo) -> None:
        """A short DM on joining (it becomes the hand DM at the start); if DMs are closed, say
        /hand will do and stop trying."""
        channel = f"<#{info.place_id}>"
        language = await readers.reader_language(interaction)
        later = "table.joined_hand" if info.has_hands else "table.joined_reminders"
        joined = say(later, title=info.title, place=channel)
        try:
            sent = await interaction.user.send(words(joined, language))
            if info.has_hands:
                await self.service.hands.set_message(info.game_id, interaction.user.id, sent.id)
        except discord.HTTPException:
            await self.service.hands.set_dm_ok(info.game_id, interaction.user.id, False)
            await interaction.followup.send(
                words(say("table.dms_closed", place=channel), language), ephemeral=True
            )

    async def rematch(self, interaction: Interaction, game_id: int) -> None:
        """A new lobby with the same players (in a new thread if the game had its own)."""
        await opening.rematch(self, interaction, game_id)

    # -- the board ---------------------------------------------------------------------------

    async def show(
        self, board: Board, *, in_place: bool = False, turn_passed: bool = False
    ) -> None:
        """Show a board: the current game message redrawn (`in_place`), or a new one that pings
        the mover (the old one loses its buttons). A board older than the one up is dropped.

        Redrawn in place, a turn that `turn_passed` to another person gets a short note that
        pings them, and an end gets a short note too: the channel holds one board per game.
        Every post is recorded before it is sent and carries that record's nonce, so Discord
        answers a retried post with the message it already made, and a post whose answer never
        came can be found after a crash.
        """
        info = board.info
        shown = self.shown(info.game_id)
        async with shown.lock:
            if info.version < shown.version:
                return
            current = shown.message_id if shown.message_id is not None else info.message_id
            language = await readers.server_language(self.bot, info.guild_id)
            content, png, buttons = await game_message(board, language)
            if in_place and current is not None:
                await self._redraw(board, shown, current, (content, png, buttons))
                await self.notes.after_redraw(
                    board, current, turn_passed=turn_passed, language=language
                )
            else:
                await self._post(board, shown, current, (content, png, buttons))
            shown.version = info.version
        if info.status != "active":
            self._shown.pop(info.game_id, None)

    async def _redraw(
        self,
        board: Board,
        shown: _Shown,
        current: int,
        drawn: tuple[str, bytes, discord.ui.View | None],
    ) -> None:
        """The game message redrawn in place; an unchanged image keeps its upload."""
        info = board.info
        content, png, buttons = drawn
        kept = png == shown.image and bool(shown.attachments)
        files: list[discord.Attachment | discord.File] = [*shown.attachments]
        if not kept:
            files = [discord.File(io.BytesIO(png), filename=f"{info.game_type}-board.png")]
        message = self.bot.get_partial_messageable(info.place_id).get_partial_message(current)
        edited = await message.edit(content=content, attachments=files, view=buttons)
        shown.image, shown.attachments = png, list(edited.attachments)
        live = info.status == "active"
        await self.service.boards.redrawn(info.game_id, current, info.version, live=live)

    async def _post(
        self,
        board: Board,
        shown: _Shown,
        current: int | None,
        drawn: tuple[str, bytes, discord.ui.View | None],
    ) -> None:
        """A new game message (its text pings the mover); the old one loses its buttons."""
        info = board.info
        content, png, buttons = drawn
        channel = self.bot.get_partial_messageable(info.place_id)
        live = info.status == "active"
        posting = await self.service.boards.intend(info.game_id, info.version, live=live)
        extra: dict[str, Any] = {"view": buttons} if buttons is not None else {}
        image = discord.File(io.BytesIO(png), filename=f"{info.game_type}-board.png")
        sent = await channel.send(content, file=image, nonce=posting.nonce, **extra)
        await self.service.boards.posted(posting, sent.id)
        shown.message_id, shown.image, shown.attachments = sent.id, png, list(sent.attachments)
        if current is not None and current != sent.id:
            await self._strip(info.game_id, info.place_id, current)
        await self.notes.drop(info.game_id, info.place_id)

    async def publish(
        self, board: Board, *, in_place: bool = False, turn_passed: bool = False
    ) -> None:
        """Show a board after a committed change; if Discord fails, mend the channel instead.

        Never raises: the change is stored, so nobody may be told it failed.
        """
        try:
            await self.show(board, in_place=in_place, turn_passed=turn_passed)
        except DISCORD_FAULTS as error:
            log.warning("the board of game #%s did not go out: %r", board.info.game_id, error)
            await self.mend(board.info.game_id, failed=True)
        except Exception:
            log.exception("the board of game #%s could not be shown", board.info.game_id)
        if board.info.status not in ONGOING:
            await threads.archive(self.bot, board.info)

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
                await self._strip(info.game_id, info.place_id, current)
        self._shown.pop(info.game_id, None)
        await threads.archive(self.bot, info)

    async def _strip(self, game_id: int, place_id: int, message_id: int) -> None:
        message = self.bot.get_partial_messageable(place_id).get_partial_message(message_id)
        try:
            await message.edit(view=None)
        except discord.NotFound:
            pass  # deleted: it shows no buttons either
        except DISCORD_FAULTS:
            log.warning("could not remove the buttons of message %s", message_id)
            return
        await self.service.boards.stripped(game_id, message_id)

    # -- mending: exactly one current board per game --------------------------------------

    async def mend_all(self) -> None:
        """At start: every game whose channel shows an old board, or several, gets put right."""
        for game_id in await self.service.boards.to_mend():
            await self.mend(game_id)

    async def mend(self, game_id: int, *, failed: bool = False) -> None:
        """Strip old and unrecorded boards of one game and post its current board if missing.

        At start a game whose move is being shown right now is left alone (its board is on the
        way); after a `failed` post it is mended at once.
        """
        if self._in_flight[game_id] and not failed:
            return
        try:
            shown = self.shown(game_id)
            async with shown.lock:
                plan = await self.service.boards.mend_plan(game_id)
                if plan.nothing_to_do:
                    return
                await self._search(plan)
                for _, message_id in plan.strip:
                    await self._strip(game_id, plan.place_id, message_id)
                shown.message_id, shown.version = plan.keep, -1
            if plan.needs_board:
                await self.show(await self.service.boards.show(game_id))
        except DISCORD_FAULTS as error:
            log.warning("game #%s could not be mended yet: %r", game_id, error)
        except ServiceError as error:
            log.warning("game #%s could not be mended: %s", game_id, error)

    async def _search(self, plan: Mend) -> None:
        """Find boards whose post was never recorded (by their buttons' game) and strip them."""
        if not plan.unrecorded:
            return
        keep = {plan.keep, *(message_id for _, message_id in plan.strip)}
        channel = self.bot.get_partial_messageable(plan.place_id)
        after = None if plan.search_after is None else discord.Object(id=plan.search_after)
        me = self.bot.user.id if self.bot.user is not None else None
        async for message in channel.history(limit=SEARCH_LIMIT, after=after):
            if message.author.id != me or message.id in keep:
                continue
            if any(ids.game_of(cid) == plan.game_id for cid in _custom_ids(message)):
                await message.edit(view=None)
        await self.service.boards.retired(plan.game_id, plan.unrecorded)

    # -- moves -------------------------------------------------------------------------------

    async def play(
        self, interaction: Interaction, game_id: int, code: str, version: int | None
    ) -> None:
        """A move from a button, a select or /move: commit first, then answer and redraw.

        Answering the click and showing the result are independent: once the move is stored,
        the board and the hands go out even if the answer to the click fails.
        """
        self._in_flight[game_id] += 1
        try:
            await self._play(interaction, game_id, code, version)
        finally:
            self._in_flight[game_id] -= 1

    async def _play(
        self, interaction: Interaction, game_id: int, code: str, version: int | None
    ) -> None:
        result = await self.service.moves.move(game_id, interaction.user.id, code, version)
        language = await readers.reader_language(interaction)  # never raises
        done = words(say("table.you_played", move=result.description), language)
        private = interaction.message is not None and interaction.message.flags.ephemeral
        if interaction.type is discord.InteractionType.component and private:
            await self.acknowledge(
                lambda: interaction.response.edit_message(content=done, view=None)
            )
        elif interaction.type is discord.InteractionType.component:
            await self.acknowledge(interaction.response.defer)
        else:
            await self.acknowledge(lambda: interaction.response.send_message(done, ephemeral=True))
        await self.after_move(result)

    async def acknowledge(self, answer: Callable[[], Awaitable[object]]) -> None:
        """Answer an interaction after a stored change; a failure is logged, never raised.

        A refused or lost answer is tried once more (Discord says 40060 if the first arrived);
        an expired interaction (10062) cannot be answered at all.
        """
        failure: BaseException | None = None
        for _ in range(2):
            try:
                await answer()
                return
            except discord.HTTPException as error:
                if error.code == ALREADY_ANSWERED:
                    return
                failure = error
                if error.code == EXPIRED:
                    break
            except DISCORD_FAULTS as error:
                failure = error
        log.warning("could not answer an interaction after a stored change: %r", failure)

    async def announce(self, place_id: int, text: str) -> None:
        """A short public notice after a stored change; a failure is logged, never raised."""
        try:
            await self.bot.get_partial_messageable(place_id).send(text)
        except DISCORD_FAULTS as error:
            log.warning("a notice to %s did not go out: %r", place_id, error)

    async def after_move(self, result: MoveResult) -> None:
        """Show a committed move, then any automatic player's moves that follow it."""
        await self._show_move(result)
        await self.play_automatic(result.board.info.game_id)

    async def _show_move(self, result: MoveResult) -> None:
        """Redraw the game message in place; when the turn passes, a short note pings the next
        player (the one turn note, not a new board, is what reaches the channel)."""
        await self.publish(result.board, in_place=True, turn_passed=not result.same_mover)
        await self.send_hands(result.hands)

    async def play_automatic(self, game_id: int) -> None:
        """While the automatic player is to move: its move, committed, then shown."""
        while (result := await self.service.computers.move(game_id)) is not None:
            await self._show_move(result)

    async def show_choices(self, interaction: Interaction, game_id: int, version: int) -> None:
        """'Your move': the mover's choices, privately."""
        choices = await self.service.moves.my_choices(game_id, interaction.user.id, version)
        language = await readers.reader_language(interaction)
        view = components.private_view(game_id, version, choices, language)
        extra = len(choices) - components.shown_choices(choices)
        more = say("table.your_choices_more", count=extra) if extra else say("table.your_choices")
        await interaction.response.send_message(words(more, language), view=view, ephemeral=True)

    # -- hands -------------------------------------------------------------------------------

    async def send_hands(self, hands: tuple[Hand, ...]) -> None:
        """Each hand into its player's one hand DM of the game (see `cogs.hands`)."""
        await self.hands.send_hands(hands)

    async def show_hand(self, interaction: Interaction, game_id: int) -> None:
        """/hand or 'My hand': the caller's private view, ephemerally."""
        await self.hands.show_hand(interaction, game_id)


def _custom_ids(message: discord.Message) -> list[str]:
    """Every custom_id on a message's components."""
    found = []
    for row in message.components:
        for child in getattr(row, "children", [row]):
            custom_id = getattr(child, "custom_id", None)
            if isinstance(custom_id, str):
                found.append(custom_id)
    return found
