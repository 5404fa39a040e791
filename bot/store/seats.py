"""store.seats: who plays a game, joining and leaving the lobby, and a seat handed over.

Changes of who sits where bump the game's version in their own transaction (Database.bump);
what the bot remembers about a player's DMs does not (buttons stay valid).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.store.database import Database
from bot.store.errors import StoreError
from bot.store.rows import SEATS, SeatRow, dumps

_NEXT_IN_LINE = "(SELECT coalesce(max(join_order), -1) + 1 FROM seats WHERE game_id = ?)"


class SeatRepository:
    """The players of a game, human or computer, and their DM facts."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def of(self, game_id: int) -> list[SeatRow]:
        """The players of a game: by seat once started, by join order in the lobby."""
        rows = await self._db.all(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY coalesce(seat, -1), join_order",
            (game_id,),
        )
        return SEATS.all(rows)

    async def add(self, game_id: int, version: int, user_id: int, name: str) -> int:
        """Join a lobby; returns the new game version."""
        async with self._db.transaction() as tx:
            new_version = await self._db.bump(tx, game_id, version)
            await tx.execute(
                "INSERT INTO seats (game_id, join_order, seat, user_id, display_name)"
                f" VALUES (?, {_NEXT_IN_LINE}, NULL, ?, ?)",
                (game_id, game_id, user_id, name),
            )
        return new_version

    async def remove(
        self, game_id: int, version: int, user_id: int, *, new_host: int | None = None
    ) -> int:
        """Leave a lobby (optionally handing the host role on); returns the new version."""
        async with self._db.transaction() as tx:
            new_version = await self._db.bump(tx, game_id, version)
            await tx.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if new_host is not None:
                await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_host, game_id))
        return new_version

    async def add_computer(
        self, game_id: int, version: int, user_id: int, name: str, level: str
    ) -> int:
        """A computer player joins a lobby (a synthetic negative user id); the new version."""
        async with self._db.transaction() as tx:
            new_version = await self._db.bump(tx, game_id, version)
            await tx.execute(
                "INSERT INTO seats (game_id, join_order, seat, user_id, display_name,"
                f" controller, level) VALUES (?, {_NEXT_IN_LINE}, NULL, ?, ?, 'auto', ?)",
                (game_id, game_id, user_id, name, level),
            )
        return new_version

    async def hand_over(
        self,
        game_id: int,
        version: int,
        seat: int,
        departure: str,
        flags: Mapping[str, object] | None = None,
    ) -> int:
        """The automatic player takes a seat ('resigned' or 'timed out'), and the game's flags
        become `flags` when given (the order players left in); the new version."""
        async with self._db.transaction() as tx:
            if flags is None:
                new_version = await self._db.bump(tx, game_id, version)
            else:
                set_flags = (", flags = ?", (dumps(dict(flags)),))
                new_version = await self._db.bump(tx, game_id, version, *set_flags)
            cursor = await tx.execute(
                "UPDATE seats SET controller = 'auto', departure = ?"
                " WHERE game_id = ? AND seat = ? AND controller = 'human'",
                (departure, game_id, seat),
            )
            if cursor.rowcount != 1:
                raise StoreError(f"seat {seat} of game {game_id} has no player to replace")
        return new_version

    async def set_dm_ok(self, game_id: int, user_id: int, ok: bool) -> None:
        """Remember whether DMs to this player work for this game (no version change)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE seats SET dm_ok = ? WHERE game_id = ? AND user_id = ?",
                (int(ok), game_id, user_id),
            )

    async def hand_message(self, game_id: int, user_id: int) -> int | None:
        """The DM showing this player's hand in this game, if one was sent."""
        row = await self._db.one(
            "SELECT hand_message_id FROM seats WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        )
        return None if row is None or row[0] is None else int(row[0])

    async def set_hand_message(self, game_id: int, user_id: int, message_id: int | None) -> None:
        """Remember the hand DM to edit next time (no version change: buttons stay valid)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE seats SET hand_message_id = ? WHERE game_id = ? AND user_id = ?",
                (message_id, game_id, user_id),
            )
