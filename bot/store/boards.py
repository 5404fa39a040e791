"""store.boards: the boards the bot posted for each game, written before each post, so none is
ever lost. None of these changes the game's version (its buttons stay valid)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.database import Database
from bot.store.rows import BOARDS, BoardMessage


class BoardRepository:
    """Each board posted (or about to be) for a game, and whether it still shows buttons."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def intend(self, game_id: int, version: int, nonce: str) -> int:
        """Record a board about to be posted (no message id yet); returns its row id."""
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "INSERT INTO board_messages (game_id, nonce, version, created_at)"
                " VALUES (?, ?, ?, ?)",
                (game_id, nonce, version, self._db.clock()),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def posted(self, row_id: int, message_id: int, *, live: bool = True) -> None:
        """The post went through: its message is now the game's message, at its version."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE board_messages SET message_id = ?, live = ? WHERE id = ?",
                (message_id, int(live), row_id),
            )
            await tx.execute(
                "UPDATE games SET message_id = ?, message_version ="
                " (SELECT version FROM board_messages WHERE id = ?)"
                " WHERE id = (SELECT game_id FROM board_messages WHERE id = ?)",
                (message_id, row_id, row_id),
            )

    async def redrawn(
        self, game_id: int, message_id: int, version: int, *, live: bool = True
    ) -> None:
        """A board was redrawn in place: it now shows `version`."""
        async with self._db.transaction() as tx:
            tx.later(  # both go with the commit: one trip to the database
                "UPDATE board_messages SET version = ?, live = ?"
                " WHERE game_id = ? AND message_id = ?",
                (version, int(live), game_id, message_id),
            )
            tx.later(
                "UPDATE games SET message_version = ? WHERE id = ? AND message_id = ?",
                (version, game_id, message_id),
            )

    async def retired(self, game_id: int, row_ids: Sequence[int]) -> None:
        """These boards carry no buttons any more (stripped, or an unrecorded post dealt with)."""
        async with self._db.transaction() as tx:
            await tx.executemany(
                "UPDATE board_messages SET live = 0 WHERE game_id = ? AND id = ?",
                [(game_id, row_id) for row_id in row_ids],
            )

    async def of(self, game_id: int) -> list[BoardMessage]:
        """Every board posted (or about to be) for a game, oldest first."""
        rows = await self._db.all(
            "SELECT * FROM board_messages WHERE game_id = ? ORDER BY id", (game_id,)
        )
        return BOARDS.all(rows)

    async def games_with_live_ones(self) -> list[int]:
        """Games that may still show buttons somewhere (what a start-up check looks at)."""
        rows = await self._db.all(
            "SELECT DISTINCT game_id FROM board_messages WHERE live = 1 ORDER BY game_id"
        )
        return [int(row[0]) for row in rows]
