"""store.preferences: how each player likes to read a board (migration 0014).

A column of `user_settings` beside the reminders choice (store.timers reads that one): a missing
row, or 0, is the image; 1 is the board in words.
"""

from __future__ import annotations

from bot.store.database import Database


class PreferenceRepository:
    """A player's own choice of how `/board` shows them a board, in every server."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def board_text(self, user_id: int) -> bool:
        """Whether this player reads boards as text (no unless they chose it)."""
        row = await self._db.one(
            "SELECT board_text FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return row is not None and bool(row["board_text"])

    async def set_board_text(self, user_id: int, text: bool) -> None:
        """Keep a player's choice: boards as text (True) or as images (False)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_settings (user_id, board_text) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET board_text = excluded.board_text",
                (user_id, 1 if text else 0),
            )
