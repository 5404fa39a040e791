"""store.records: past games and what they add up to (the archive, replays' look-ups, /stats).

Every query that lists games reads only plain columns (never the JSON ones), so a damaged row
cannot stop a listing or hide which server a game belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.database import Database
from bot.store.mapper import RowMapper

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


@dataclass(frozen=True, slots=True)
class PlayedSeat:
    """One finished game of a server as one of its players saw it (for /stats)."""

    game_id: int
    game_type: str
    seat: int
    departed: bool
    result: dict[str, object]
    opponents: tuple[str, ...]


# The seats a person held in started games: their own, and those they left to someone else.
_MINE = (
    "SELECT game_id, seat, departure IS NOT NULL AS departed FROM seats"
    " WHERE user_id = ? AND seat IS NOT NULL"
    " UNION ALL SELECT game_id, seat, departure IS NOT NULL AS departed FROM seat_holders"
    " WHERE user_id = ?"
)
ENTRIES = RowMapper(GameEntry, "game #{id}")
PLAYED = RowMapper(PlayedSeat, "game #{game_id}")


class RecordRepository:
    """Games looked up by number, place or server, ongoing or over, and a player's record."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def entry(self, game_id: int) -> GameEntry | None:
        """The bare facts of game `game_id` (any status, broken or not), or None."""
        row = await self._db.one(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else ENTRIES.one(row)

    async def latest_at(self, place_id: int) -> GameEntry | None:
        """The newest game of a channel or thread that started or could not be loaded."""
        row = await self._db.one(
            f"SELECT {_COLUMNS} FROM games WHERE coalesce(thread_id, channel_id) = ?"
            f" AND ({_STARTED} OR broken IS NOT NULL) ORDER BY id DESC LIMIT 1",
            (place_id,),
        )
        return None if row is None else ENTRIES.one(row)

    async def recent(
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
        rows = await self._db.all(sql + " ORDER BY id DESC LIMIT ?", [*params, limit])
        return ENTRIES.all(rows)

    async def seated_names(self, game_id: int) -> list[str]:
        """The display names of a started game's players, by seat."""
        rows = await self._db.all(
            "SELECT display_name FROM seats WHERE game_id = ? AND seat IS NOT NULL ORDER BY seat",
            (game_id,),
        )
        return [str(row[0]) for row in rows]

    async def played_seats(self, guild_id: int, user_id: int) -> list[PlayedSeat]:
        """A person's finished games in a server, in the order they finished, with opponents;
        a seat they left and someone took over counts too (as left)."""
        finished = (
            "g.guild_id = ? AND g.status = 'finished' AND g.result IS NOT NULL AND g.broken IS NULL"
        )
        rows = await self._db.all(
            "SELECT g.id AS game_id, g.game_type, g.result, s.seat, s.departed,"
            " coalesce(r.position, 0) AS position FROM games g"
            f" JOIN ({_MINE}) s ON s.game_id = g.id LEFT JOIN rated_games r ON r.game_id = g.id"
            f" WHERE {finished} ORDER BY position, g.id",
            (user_id, user_id, guild_id),
        )
        others = await self._db.all(
            f"SELECT o.game_id, o.display_name FROM seats o JOIN ({_MINE}) s"
            " ON s.game_id = o.game_id JOIN games g ON g.id = o.game_id WHERE g.guild_id = ?"
            " AND g.status = 'finished' AND o.seat IS NOT NULL AND o.seat <> s.seat"
            " ORDER BY o.seat",
            (user_id, user_id, guild_id),
        )
        names: dict[int, list[str]] = {}
        for other in others:
            names.setdefault(int(other["game_id"]), []).append(str(other["display_name"]))
        return [
            PLAYED.one(row, opponents=tuple(names.get(int(row["game_id"]), ()))) for row in rows
        ]

    async def move_times(self, guild_id: int, user_id: int) -> list[tuple[int, int | None, str]]:
        """(game, mover, time) of every standing move of the finished server games a person
        played, in order: how long they take to move is read from these."""
        rows = await self._db.all(
            "SELECT m.game_id, m.user_id, m.created_at FROM moves m JOIN games g"
            " ON g.id = m.game_id WHERE g.guild_id = ? AND g.status = 'finished'"
            f" AND m.undone_at IS NULL AND m.game_id IN (SELECT game_id FROM ({_MINE}) s)"
            " ORDER BY m.game_id, m.seq",
            (guild_id, user_id, user_id),
        )
        return [(int(r[0]), None if r[1] is None else int(r[1]), str(r[2])) for r in rows]

    async def recent_seats(
        self, guild_id: int, user_id: int, limit: int = 50
    ) -> list[tuple[int, int, bool, str]]:
        """(game, seat, left it, flags as stored JSON) of a person's latest finished server
        games, newest first: how reliable a player is is read from these."""
        rows = await self._db.all(
            f"SELECT g.id, s.seat, s.departed, g.flags FROM games g JOIN ({_MINE}) s"
            " ON s.game_id = g.id WHERE g.guild_id = ? AND g.status = 'finished'"
            " AND g.broken IS NULL ORDER BY g.id DESC LIMIT ?",
            (user_id, user_id, guild_id, limit),
        )
        return [(int(r[0]), int(r[1]), bool(r[2]), str(r[3])) for r in rows]

    async def finished_counts(self, guild_id: int) -> dict[str, int]:
        """How many games of each type a server finished."""
        rows = await self._db.all(
            "SELECT game_type, count(*) FROM games WHERE guild_id = ? AND status = 'finished'"
            " GROUP BY game_type ORDER BY game_type",
            (guild_id,),
        )
        return {str(row[0]): int(row[1]) for row in rows}
