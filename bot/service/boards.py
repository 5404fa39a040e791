"""The game message: its picture, posts recorded before they are made, what a restart mends.

The table asks for a `Posting` before it sends a board (the store then knows a board may exist
even if the process dies before Discord answers), and reports the message id after. A `Mend`
says what one game's channel needs after a crash or a failed post: old boards to strip, posts
never recorded to look for, and whether a fresh board must go up.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.errors import database_down_told
from bot.service.games import Games
from bot.service.model import Board
from bot.service.pictures import Pictures
from bot.store import BoardMessage, Store


@dataclass(frozen=True, slots=True)
class Posting:
    """A board about to be posted: its record and the nonce that makes a retried post one post."""

    game_id: int
    row_id: int
    nonce: str
    version: int
    live: bool


@dataclass(frozen=True, slots=True)
class Mend:
    """What one game's channel needs so that it shows exactly one, current, board.

    `strip`: recorded boards that must lose their buttons (row id, message id). `unrecorded`:
    rows of posts whose message id never came back; the channel is searched for them after
    `search_after` (a message id, or None for the newest messages). `keep`: the current board,
    if the channel shows it. `needs_board`: post a fresh board.
    """

    game_id: int
    place_id: int
    strip: tuple[tuple[int, int], ...]
    unrecorded: tuple[int, ...]
    search_after: int | None
    keep: int | None
    needs_board: bool

    @property
    def nothing_to_do(self) -> bool:
        """The channel already shows exactly the current board."""
        return not (self.strip or self.unrecorded or self.needs_board)


def _current(rows: Sequence[BoardMessage], version: int, status: str) -> BoardMessage | None:
    """The newest recorded board drawn at the game's version (a live one while in play)."""
    for row in reversed(rows):
        recorded = row.message_id is not None and row.version == version
        if recorded and (status != "active" or row.live):
            return row
    return None


def plan_mend(
    game_id: int, place_id: int, status: str, version: int, rows: Sequence[BoardMessage]
) -> Mend:
    """Compare the boards recorded for a game with the game itself (pure: tested directly)."""
    current = _current(rows, version, status) if status in ("active", "finished") else None
    keep = None if current is None or not current.live else current.message_id
    strip = tuple(
        (row.id, row.message_id)
        for row in rows
        if row.live and row.message_id is not None and row.message_id != keep
    )
    unrecorded = tuple(row.id for row in rows if row.live and row.message_id is None)
    search_after = None
    if unrecorded:
        before = [r.message_id for r in rows if r.id < unrecorded[0] and r.message_id is not None]
        search_after = max(before, default=None)
    needs_board = (
        status in ("active", "finished")
        and current is None
        and bool(status == "active" or strip or unrecorded)
    )
    return Mend(game_id, place_id, strip, unrecorded, search_after, keep, needs_board)


@database_down_told
class Boards:
    """The game message: its picture, and the record of every post and strip the table makes."""

    def __init__(self, games: Games, store: Store, pictures: Pictures) -> None:
        self.games = games
        self.store = store
        self.pictures = pictures

    async def show(self, game_id: int) -> Board:
        """The game message of a started game, ongoing or over (/board, a redraw)."""
        s, result = await self.games.started(game_id)
        async with s.lock:
            await self.games.refresh_heard(s)
            return self.pictures.board(s, result=result)

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's current message id (buttons keep their version)."""
        await self.games.row(game_id)
        await self.store.games.set_message(game_id, message_id)
        s = self.games.held(game_id)
        if s is not None:
            self.games.put(s, record=s.record._replace(message_id=message_id))

    async def intend(self, game_id: int, version: int, *, live: bool) -> Posting:
        """Record a board before it is posted; its nonce goes with the post."""
        nonce = secrets.token_hex(10)
        row_id = await self.store.boards.intend(game_id, version, nonce)
        return Posting(game_id, row_id, nonce, version, live)

    async def posted(self, posting: Posting, message_id: int) -> None:
        """The board is up: it is the game's message now (a final board has no move buttons)."""
        await self.store.boards.posted(posting.row_id, message_id, live=posting.live)
        s = self.games.held(posting.game_id)
        if s is not None:
            shown = s.record._replace(message_id=message_id, message_version=posting.version)
            self.games.put(s, record=shown)

    async def redrawn(self, game_id: int, message_id: int, version: int, *, live: bool) -> None:
        """The game message was redrawn in place at `version`."""
        await self.store.boards.redrawn(game_id, message_id, version, live=live)
        s = self.games.held(game_id)
        if s is not None and s.record.message_id == message_id:
            self.games.put(s, record=s.record._replace(message_version=version))

    async def retired(self, game_id: int, row_ids: Sequence[int]) -> None:
        """These boards lost their buttons (or were searched for and dealt with)."""
        if row_ids:
            await self.store.boards.retired(game_id, row_ids)

    async def stripped(self, game_id: int, message_id: int) -> None:
        """A recorded board lost its buttons."""
        rows = await self.store.boards.of(game_id)
        await self.retired(game_id, [r.id for r in rows if r.message_id == message_id])

    async def to_mend(self) -> list[int]:
        """Every game in play, and every game with a board that may still carry buttons."""
        active = [s.game_id for s in self.games.ongoing() if s.status == "active"]
        return sorted(set(active) | set(await self.store.boards.games_with_live_ones()))

    async def mend_plan(self, game_id: int) -> Mend:
        """What this game's channel needs to show exactly one current board."""
        s = self.games.held(game_id)
        row = await self.games.row(game_id)
        status = s.status if s is not None else row.status
        version = s.version if s is not None else row.version
        rows = await self.store.boards.of(game_id)
        return plan_mend(game_id, row.place_id, status, version, rows)
