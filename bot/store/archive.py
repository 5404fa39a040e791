"""Finding past games: a game's bare facts, a place's latest game, a server's recent games.

A mixin of Store. Every query here reads only plain columns (never the JSON ones), so a
damaged row cannot stop a listing or hide which server a game belongs to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.store.backend import Row

_STARTED = "EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.seat IS NOT NULL)"
_COLUMNS = (
    f"id, game_type, guild_id, coalesce(thread_id, channel_id) AS place_id, status, broken,"
    f" {_STARTED} AS started"
)


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game's bare facts: enough to check who may look at it and whether there is anything."""

    id: int
    game_type: str
    guild_id: int | None
    place_id: int
    status: str
    broken: str | None
    started: bool


def game_entry(row: Row) -> GameEntry:
    """A games row read through _COLUMNS."""
    return GameEntry(
        id=row["id"],
        game_type=row["game_type"],
        guild_id=row["guild_id"],
        place_id=row["place_id"],
        status=row["status"],
        broken=row["broken"],
        started=bool(row["started"]),
    )


class ArchiveRows:
    """Store methods that look games up by number, place or server, ongoing or over."""

    if TYPE_CHECKING:

        async def _all(self, sql: str, params: Sequence[object] = ()) -> list[Row]: ...

        async def _one(self, sql: str, params: Sequence[object] = ()) -> Row | None: ...

    async def game_entry(self, game_id: int) -> GameEntry | None:
        """The bare facts of game `game_id` (any status, broken or not), or None."""
        row = await self._one(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else game_entry(row)

    async def latest_game_at(self, place_id: int) -> GameEntry | None:
        """The newest game of a channel or thread that started or could not be loaded."""
        row = await self._one(
            f"SELECT {_COLUMNS} FROM games WHERE coalesce(thread_id, channel_id) = ?"
            f" AND ({_STARTED} OR broken IS NOT NULL) ORDER BY id DESC LIMIT 1",
            (place_id,),
        )
        return None if row is None else game_entry(row)

    async def recent_games(
        self, guild_id: int, *, user_id: int | None = None, number_prefix: str = "", limit: int = 25
    ) -> list[GameEntry]:
        """A server's started, loadable games, newest first; with `user_id` only the ones they
        played; with `number_prefix` (digits) only the numbers starting with it."""
        sql = f"SELECT {_COLUMNS} FROM games WHERE guild_id = ? AND broken IS NULL AND {_STARTED}"
        params: list[object] = [guild_id]
        if user_id is not None:
            sql += (
                " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id"
                " AND s.user_id = ? AND s.seat IS NOT NULL)"
            )
            params.append(user_id)
        if number_prefix:
            sql += " AND CAST(id AS TEXT) LIKE ? || '%'"
            params.append(number_prefix)
        rows = await self._all(sql + " ORDER BY id DESC LIMIT ?", [*params, limit])
        return [game_entry(row) for row in rows]

    async def seated_names(self, game_id: int) -> list[str]:
        """The display names of a started game's players, by seat."""
        rows = await self._all(
            "SELECT display_name FROM seats WHERE game_id = ? AND seat IS NOT NULL ORDER BY seat",
            (game_id,),
        )
        return [str(row[0]) for row in rows]
