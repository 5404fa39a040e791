"""How each player reads boards: as the image (the default) or as text, their own choice.

A feature object of its own (built with the store, held by the service as `service.reading`):
`/settings board:` keeps the choice, and `/board` without `text:` follows it. Read once per
player from the store, then kept in memory; a choice is stored before it is kept.
"""

from __future__ import annotations

from bot.service.errors import database_down_told
from bot.store import Store


@database_down_told
class BoardReading:
    """Each player's choice of boards as text, read from and written to the store."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._text: dict[int, bool] = {}  # user -> reads boards as text

    async def prefers_text(self, user_id: int) -> bool:
        """Whether this player chose to read boards as text (no until they do)."""
        if user_id not in self._text:
            self._text[user_id] = await self._store.preferences.board_text(user_id)
        return self._text[user_id]

    async def choose(self, user_id: int, text: bool) -> None:
        """Keep a player's choice: boards as text (True) or as the image (False)."""
        await self._store.preferences.set_board_text(user_id, text)
        self._text[user_id] = text
