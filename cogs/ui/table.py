"""The game table: posts lobbies, boards and hands, and turns service results into messages.

A plain object the presenter extension (cogs.presenter) gives the bot (`bot.table`), not a cog:
commands and components hand it what the service answered, and it renders and sends. It never
asks the service what a move did; the answer already holds the board and the changed hands.
Lobbies are opened in cogs.ui.opening, channels mended in cogs.ui.mending, hands sent in
cogs.ui.hands; the table composes them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import say, words
from bot.service import Board, GameInfo, Hand, MoveResult
from cogs.ui import alttext, answering, components, opening, readers, threads
from cogs.ui.boardmessage import game_message
from cogs.ui.deliveries import Deliveries, Offer, wait_for_sender
from cogs.ui.hands import HandDesk
from cogs.ui.ids import LobbyVerb
from cogs.ui.mending import Mender
from cogs.ui.notices import mover_pinged
from cogs.ui.painter import Painter
from cogs.ui.replies import DISCORD_FAULTS, EXPIRED
from cogs.ui.turnnotes import TurnNotes

if TYPE_CHECKING:
    from bot.service import GameService
    from cogs.ui.host import Host

log = logging.getLogger("cogs.table")
Interaction = discord.Interaction[Any]
ALREADY_ANSWERED = 40060
ONGOING = ("lobby", "active")


@dataclass
class _Shown:
    """What one game's place shows: its game message and the version and image drawn on it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    message_id: int | None = None  # None: not posted by this process yet (the service knows)
    version: int = -1
    image: bytes = b""  # the PNG the message shows (an unchanged image is not uploaded again)
    words: str = ""  # its alt text (new words upload the image again, to carry them)
    attachments: list[discord.Attachment] = field(default_factory=list)


class Table:
    """Everything the bot shows for a game goes through here; no rule is decided here."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self._shown: dict[int, _Shown] = {}
        self.painter = Painter(lambda: bot.drawing_workers)
        self.hands = HandDesk(bot, self.painter)
        self.notes = TurnNotes(bot)
        self.mender = Mender(self)
        self.deliveries = Deliveries(self._deliver)
        self.answer_within = answering.ANSWER_WITHIN  # a move's private answer, before deferring
        # The web pages (cogs.web, when the site is on): each committed board is handed to
        # every watcher (they must not wait or raise), and `watch_link` gives a game's page
        # address for its Watch button (None: no button); `enders` hear of a game that ended
        # with no board shown (abandoned), by its id.
        self.watchers: list[Callable[[Board], None]] = []
        self.enders: list[Callable[[int], None]] = []
        self.watch_link: Callable[[GameInfo], Awaitable[str | None]] | None = None

    @property
    def service(self) -> GameService:
        """The bot's game service."""
        return self.bot.service

    def shown(self, game_id: int) -> _Shown:
        """One game's messages change one at a time, so each redraw knows the current message."""
        return self._shown.setdefault(game_id, _Shown())

    # -- lobby (cogs.ui.opening) -------------------------------------------------------------

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
        await opening.open_game(
            self, interaction, game_type, options, pace, where, opponents, level
        )

    async def lobby_action(self, interaction: Interaction, game_id: int, verb: LobbyVerb) -> None:
        """Join / Leave / Start / Cancel."""
        await opening.lobby_action(self, interaction, game_id, verb)

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
            watch = None if self.watch_link is None else await self.watch_link(info)
            content, png, buttons = await game_message(board, self.painter, language, watch)
            alt = alttext.board_words(board, language)
            if in_place and current is not None:
                await self._redraw(board, shown, current, (content, png, buttons), alt)
                await self.notes.after_redraw(
                    board, current, turn_passed=turn_passed, language=language
                )
            else:
                await self._post(board, shown, current, (content, png, buttons), alt)
            shown.version = info.version
        if info.status != "active":
            self._shown.pop(info.game_id, None)

    async def _redraw(
        self,
        board: Board,
        shown: _Shown,
        current: int,
        drawn: tuple[str, bytes, discord.ui.View | None],
        alt: str,
    ) -> None:
        """The game message redrawn in place; an unchanged image (and alt text) keeps its
        upload."""
        info = board.info
        content, png, buttons = drawn
        kept = png == shown.image and alt == shown.words and bool(shown.attachments)
        files: list[discord.Attachment | discord.File] = [*shown.attachments]
        if not kept:
            files = [alttext.board_file(board, png, alt)]
        message = self.bot.get_partial_messageable(info.place_id).get_partial_message(current)
        edited = await message.edit(content=content, attachments=files, view=buttons)
        shown.image, shown.words, shown.attachments = png, alt, list(edited.attachments)
        live = info.status == "active"
        await self.service.boards.redrawn(info.game_id, current, info.version, live=live)

    async def _post(
        self,
        board: Board,
        shown: _Shown,
        current: int | None,
        drawn: tuple[str, bytes, discord.ui.View | None],
        alt: str,
    ) -> None:
        """A new game message (its text pings the mover, by their /notify choices); the old one
        loses its buttons."""
        info = board.info
        content, png, buttons = drawn
        channel = self.bot.get_partial_messageable(info.place_id)
        live = info.status == "active"
        posting = await self.service.boards.intend(info.game_id, info.version, live=live)
        extra: dict[str, Any] = {"view": buttons} if buttons is not None else {}
        if live and board.turn is not None and not board.turn.automatic:
            extra["allowed_mentions"] = await self._mover_pings(board)
        image = alttext.board_file(board, png, alt)
        sent = await channel.send(content, file=image, nonce=posting.nonce, **extra)
        await self.service.boards.posted(posting, sent.id)
        shown.message_id, shown.image, shown.attachments = sent.id, png, list(sent.attachments)
        shown.words = alt
        if current is not None and current != sent.id:
            await self.unbutton(info.game_id, info.place_id, current)
        await self.notes.drop(info.game_id, info.place_id)

    async def _mover_pings(self, board: Board) -> discord.AllowedMentions:
        """Whom a new game message may ping: the mover as their /notify choices say (held in
        quiet hours, by DM where asked), as a turn note would; no heads-up: nobody moved."""
        info = board.info
        where = f"https://discord.com/channels/{info.guild_id}/{info.place_id}"
        users = await mover_pinged(self.bot, board, where if info.guild_id else "")
        return discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in users]
        )

    async def publish(
        self,
        board: Board,
        *,
        in_place: bool = False,
        turn_passed: bool = False,
        wait: bool = True,
    ) -> None:
        """Show a board after a committed change; if Discord fails, mend the channel instead.

        Boards go out one at a time per game, the newest first (cogs.ui.deliveries): one
        offered while another is on its way waits, and a newer one replaces it unsent. With
        `wait`, returns once this board (or a newer one) is shown. Never raises: the change is
        stored, so nobody may be told it failed.
        """
        for watcher in self.watchers:
            watcher(board)
        sender = self.deliveries.offer(Offer(board, in_place, turn_passed))
        if wait:
            await wait_for_sender(sender)

    async def _deliver(self, offer: Offer) -> None:
        """Show one offered board (the newest); never raises (see `publish`)."""
        board = offer.board
        try:
            await self.show(board, in_place=offer.in_place, turn_passed=offer.turn_passed)
        except DISCORD_FAULTS as error:
            log.warning("the board of game #%s did not go out: %r", board.info.game_id, error)
            await self.mender.mend(board.info.game_id, failed=True)
        except Exception:
            log.exception("the board of game #%s could not be shown", board.info.game_id)
        if board.info.status not in ONGOING:
            await threads.archive(self.bot, board.info)

    async def strip(self, info: GameInfo) -> None:
        """Take the buttons off a game's current message (the game was abandoned).

        Waits for a redraw in progress, so the message it posts is the one stripped, and marks
        the end's version as shown, so a redraw still waiting is dropped.
        """
        for ender in self.enders:
            ender(info.game_id)
        shown = self.shown(info.game_id)
        async with shown.lock:
            current = shown.message_id if shown.message_id is not None else info.message_id
            shown.version = max(shown.version, info.version)
            if current is not None:
                await self.unbutton(info.game_id, info.place_id, current)
        self._shown.pop(info.game_id, None)
        await threads.archive(self.bot, info)

    async def unbutton(self, game_id: int, place_id: int, message_id: int) -> None:
        """Take the buttons off one of a game's messages (an old board); recorded once done."""
        message = self.bot.get_partial_messageable(place_id).get_partial_message(message_id)
        try:
            await message.edit(view=None)
        except discord.NotFound:
            pass  # deleted: it shows no buttons either
        except DISCORD_FAULTS:
            log.warning("could not remove the buttons of message %s", message_id)
            return
        await self.service.boards.stripped(game_id, message_id)

    # -- moves -------------------------------------------------------------------------------

    async def play(
        self, interaction: Interaction, game_id: int, code: str, version: int | None
    ) -> None:
        """A move from a button, a select or /move: answered in time (cogs.ui.answering),
        committed, then shown.

        Answering the click and showing the result are independent: once the move is stored,
        the board and the hands go out even if the answer to the click fails.
        """
        with self.mender.moving(game_id):
            await self._play(interaction, game_id, code, version)

    async def _play(
        self, interaction: Interaction, game_id: int, code: str, version: int | None
    ) -> None:
        def move() -> Awaitable[MoveResult]:
            return self.service.moves.move(game_id, interaction.user.id, code, version)

        result, tell = await answering.in_time(
            interaction, move, self.acknowledge, self.answer_within
        )
        if tell is None:
            await self.after_move(result)
            return
        # The player's "You played …" and the new board go out together: the board need not
        # wait for Discord to take the answer (a round trip, tens of ms under load).
        await asyncio.gather(self._played(interaction, tell, result), self.after_move(result))

    async def _played(
        self, interaction: Interaction, tell: answering.Say, result: MoveResult
    ) -> None:
        """Tell the mover privately what they played (never raises)."""
        language = await readers.reader_language(interaction)  # never raises
        done = words(say("table.you_played", move=result.description), language)
        await self.acknowledge(lambda: tell(done))

    async def acknowledge(self, answer: Callable[[], Awaitable[object]]) -> bool:
        """Answer an interaction whose work goes on whatever Discord says (a stored change, a
        move about to be made); whether it is answered. A failure is logged, never raised.

        A refused or lost answer is tried once more (Discord says 40060 if the first arrived);
        an expired interaction (10062) cannot be answered at all.
        """
        failure: BaseException | None = None
        for _ in range(2):
            try:
                await answer()
                return True
            except discord.HTTPException as error:
                if error.code == ALREADY_ANSWERED:
                    return True
                failure = error
                if error.code == EXPIRED:
                    break
            except DISCORD_FAULTS as error:
                failure = error
        log.warning("could not answer an interaction: %r", failure)
        return False

    async def announce(self, place_id: int, text: str) -> None:
        """A short public notice after a stored change; a failure is logged, never raised."""
        try:
            await self.bot.get_partial_messageable(place_id).send(text)
        except DISCORD_FAULTS as error:
            log.warning("a notice to %s did not go out: %r", place_id, error)

    async def after_move(self, result: MoveResult) -> None:
        """Show a committed move, then any automatic player's moves that follow it; returns
        once the newest board is shown (boards the moves outran are never drawn)."""
        game_id = result.board.info.game_id
        async with self.deliveries.batch(game_id):
            await self._show_move(result)
            await self._automatic(game_id)

    async def _show_move(self, result: MoveResult) -> None:
        """Offer the board for a redraw in place; when the turn passes, a short note pings the
        next player (the one turn note, not a new board, is what reaches the channel)."""
        board = result.board
        await self.publish(board, in_place=True, turn_passed=not result.same_mover, wait=False)
        await self.send_hands(result.hands)

    async def play_automatic(self, game_id: int) -> None:
        """While the automatic player is to move: its moves, committed one after the other
        without waiting for Discord; returns once the newest board is shown."""
        async with self.deliveries.batch(game_id):
            await self._automatic(game_id)

    async def _automatic(self, game_id: int) -> None:
        """The automatic player's moves, each offered to the game's message as it is stored."""
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
        """Each hand into its player's one hand DM of the game (see `cogs.ui.hands`)."""
        await self.hands.send_hands(hands)

    async def show_hand(self, interaction: Interaction, game_id: int) -> None:
        """/hand or 'My hand': the caller's private view, ephemerally."""
        await self.hands.show_hand(interaction, game_id)
