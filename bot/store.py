"""The only module that speaks SQL: games, seats, moves and snapshots in one sqlite file."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "data" / "migrations"
ONGOING = ("lobby", "active")
STATUSES = ("lobby", "active", "finished", "cancelled", "abandoned")
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_PLACE = "coalesce(thread_id, channel_id)"


class StoreError(Exception):
    """Something the store refused; the service turns these into messages for players."""


class StaleVersion(StoreError):
    """The game changed since the caller read it: its version no longer matches."""


class PlaceTaken(StoreError):
    """The channel or thread already has an ongoing game (the partial unique index said no)."""


class UnknownGameId(StoreError):
    """No game has this id."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One row of `games`, with its JSON columns decoded."""

    id: int
    game_type: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    message_id: int | None
    status: str
    seed: int
    options: dict[str, Any]
    version: int
    host_id: int
    created_at: str
    updated_at: str
    result: dict[str, Any] | None
    flags: dict[str, Any]

    @property
    def place_id(self) -> int:
        """Where the game is played: its thread if it has one, else its channel."""
        return self.thread_id if self.thread_id is not None else self.channel_id

    @property
    def ongoing(self) -> bool:
        """A lobby or an active game (it still holds its channel)."""
        return self.status in ONGOING


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One player of a game; `seat` is None until the game starts."""

    game_id: int
    join_order: int
    seat: int | None
    user_id: int
    display_name: str
    dm_ok: bool


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One accepted engine action."""

    game_id: int
    seq: int
    seat: int
    action: str
    user_id: int | None
    created_at: str


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The latest stored engine state of a game, after `seq` moves, at game `version`."""

    game_id: int
    version: int
    seq: int
    state: dict[str, Any]


def utc_now() -> str:
    """ISO-8601 UTC timestamp with seconds, the only time format stored."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        game_type=row["game_type"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        status=row["status"],
        seed=row["seed"],
        options=json.loads(row["options"]),
        version=row["version"],
        host_id=row["host_id"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        result=None if row["result"] is None else json.loads(row["result"]),
        flags=json.loads(row["flags"]),
    )


def _seat(row: sqlite3.Row) -> SeatRow:
    return SeatRow(
        game_id=row["game_id"],
        join_order=row["join_order"],
        seat=row["seat"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        dm_ok=bool(row["dm_ok"]),
    )


def _move(row: sqlite3.Row) -> MoveRow:
    return MoveRow(
        game_id=row["game_id"],
        seq=row["seq"],
        seat=row["seat"],
        action=row["action"],
        user_id=row["user_id"],
        created_at=row["created_at"],
    )


def migration_files(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    """Numbered migration scripts in order; a badly named or duplicate number is a bug."""
    found: dict[int, Path] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if match is None:
            raise RuntimeError(f"migration file {path.name!r} is not named NNNN_name.sql")
        number = int(match.group(1))
        if number in found:
            raise RuntimeError(
                f"two migrations numbered {number}: {found[number].name}, {path.name}"
            )
        found[number] = path
    return sorted(found.items())


class Store:
    """One aiosqlite connection; every statement runs under one lock so transactions never mix."""

    def __init__(self, db: aiosqlite.Connection, clock: Callable[[], str] = utc_now) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._clock = clock

    @classmethod
    async def open(
        cls, path: str | Path, *, migrate: bool = True, clock: Callable[[], str] = utc_now
    ) -> Store:
        """Open (creating if needed) the database file: WAL, foreign keys, then migrations."""
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = sqlite3.Row
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA foreign_keys = ON")
        # FULL: every commit reaches the disk before the bot answers, even on power loss.
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA busy_timeout = 5000")
        store = cls(db, clock)
        if migrate:
            await store.migrate()
        return store

    async def close(self) -> None:
        """Close the connection (after any running statement)."""
        async with self._lock:
            await self._db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    # -- plumbing ---------------------------------------------------------------------------

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE … COMMIT, rolled back on any error (cancellation included)."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                with suppress(sqlite3.Error):
                    await self._db.rollback()
                raise
            await self._db.commit()

    async def _all(self, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        async with self._lock, self._db.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def _one(self, sql: str, params: Sequence[object] = ()) -> sqlite3.Row | None:
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    async def pragma(self, name: str) -> object:
        """The value of one PRAGMA (journal_mode, foreign_keys …), for checks and tests."""
        if not name.isidentifier():
            raise ValueError(f"not a pragma name: {name!r}")
        row = await self._one(f"PRAGMA {name}")
        return None if row is None else row[0]

    # -- migrations -------------------------------------------------------------------------

    async def migrate(self, directory: Path = MIGRATIONS_DIR) -> list[int]:
        """Apply every migration not yet recorded, in order, each in its own transaction."""
        async with self._lock:
            await self._db.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
        done = set(await self.schema_versions())
        applied: list[int] = []
        for number, path in migration_files(directory):
            if number in done:
                continue
            script = path.read_text(encoding="utf-8")
            record = (
                "INSERT INTO schema_migrations (version, name, applied_at) "
                f"VALUES ({number}, {_sql_text(path.name)}, {_sql_text(self._clock())});"
            )
            async with self._lock:
                try:
                    await self._db.executescript(f"BEGIN IMMEDIATE;\n{script}\n{record}\nCOMMIT;")
                except BaseException:
                    if self._db.in_transaction:
                        await self._db.rollback()
                    raise
            applied.append(number)
        return applied

    async def schema_versions(self) -> list[int]:
        """Migration numbers already applied, ascending."""
        rows = await self._all("SELECT version FROM schema_migrations ORDER BY version")
        return [row[0] for row in rows]

    # -- games ------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        game_type: str,
        guild_id: int | None,
        channel_id: int,
        thread_id: int | None,
        host_id: int,
        players: Sequence[tuple[int, str]],
        seed: int,
        options: Mapping[str, object],
        flags: Mapping[str, object] | None = None,
    ) -> GameRow:
        """A new lobby with its (user id, name) players in join order; PlaceTaken if busy."""
        now = self._clock()
        try:
            async with self._transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO games (game_type, guild_id, channel_id, thread_id, status, seed,"
                    " options, version, host_id, created_at, updated_at, flags)"
                    " VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, ?, ?, ?, ?)",
                    (
                        game_type,
                        guild_id,
                        channel_id,
                        thread_id,
                        seed,
                        _dumps(dict(options)),
                        host_id,
                        now,
                        now,
                        _dumps(dict(flags or {})),
                    ),
                )
                game_id = cursor.lastrowid
                await db.executemany(
                    "INSERT INTO seats (game_id, join_order, seat, user_id, display_name)"
                    " VALUES (?, ?, NULL, ?, ?)",
                    [(game_id, order, user, name) for order, (user, name) in enumerate(players)],
                )
        except sqlite3.IntegrityError as error:
            if "games_one_ongoing_per_place" in str(error):
                raise PlaceTaken(f"place {thread_id or channel_id} already has a game") from error
            raise
        assert game_id is not None
        return await self.require_game(game_id)

    async def game(self, game_id: int) -> GameRow | None:
        """The game with this id, or None."""
        row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if row is None else _game(row)

    async def require_game(self, game_id: int) -> GameRow:
        """The game with this id; UnknownGameId if there is none."""
        game = await self.game(game_id)
        if game is None:
            raise UnknownGameId(f"no game {game_id}")
        return game

    async def ongoing_game_at(self, place_id: int) -> GameRow | None:
        """The lobby or active game in this channel or thread, if any."""
        row = await self._one(
            f"SELECT * FROM games WHERE {_PLACE} = ? AND status IN ('lobby', 'active')",
            (place_id,),
        )
        return None if row is None else _game(row)

    async def games_at(self, place_id: int, limit: int = 10) -> list[GameRow]:
        """The most recent games of any status in this channel or thread, newest first."""
        rows = await self._all(
            f"SELECT * FROM games WHERE {_PLACE} = ? ORDER BY id DESC LIMIT ?", (place_id, limit)
        )
        return [_game(row) for row in rows]

    async def open_games(self) -> list[GameRow]:
        """Every lobby and active game, oldest first: what the bot loads on start."""
        rows = await self._all(
            "SELECT * FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
        )
        return [_game(row) for row in rows]

    async def games_in_guild(
        self, guild_id: int, statuses: Iterable[str] = ONGOING, limit: int = 100
    ) -> list[GameRow]:
        """Games of a server with the given statuses, oldest first."""
        wanted = tuple(statuses)
        unknown = [s for s in wanted if s not in STATUSES]
        if unknown or not wanted:
            raise ValueError(f"bad statuses: {wanted!r}")
        marks = ", ".join("?" for _ in wanted)
        rows = await self._all(
            f"SELECT * FROM games WHERE guild_id = ? AND status IN ({marks}) ORDER BY id LIMIT ?",
            (guild_id, *wanted, limit),
        )
        return [_game(row) for row in rows]

    # -- seats ------------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The players of a game: by seat once started, by join order in the lobby."""
        rows = await self._all(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY coalesce(seat, -1), join_order",
            (game_id,),
        )
        return [_seat(row) for row in rows]

    async def add_seat(self, game_id: int, version: int, user_id: int, name: str) -> int:
        """Join a lobby; returns the new game version."""
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version)
            await db.execute(
                "INSERT INTO seats (game_id, join_order, seat, user_id, display_name)"
                " VALUES (?, (SELECT coalesce(max(join_order), -1) + 1 FROM seats"
                " WHERE game_id = ?), NULL, ?, ?)",
                (game_id, game_id, user_id, name),
            )
        return new_version

    async def remove_seat(
        self, game_id: int, version: int, user_id: int, *, new_host: int | None = None
    ) -> int:
        """Leave a lobby (optionally handing the host role on); returns the new version."""
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version)
            await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if new_host is not None:
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_host, game_id))
        return new_version

    async def set_dm_ok(self, game_id: int, user_id: int, ok: bool) -> None:
        """Remember whether DMs to this player work for this game (no version change)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET dm_ok = ? WHERE game_id = ? AND user_id = ?",
                (int(ok), game_id, user_id),
            )

    async def set_display_name(self, game_id: int, user_id: int, name: str) -> None:
        """Refresh a player's shown name (no version change)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET display_name = ? WHERE game_id = ? AND user_id = ?",
                (name, game_id, user_id),
            )

    # -- game life --------------------------------------------------------------------------

    async def _bump(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        version: int,
        extra: str = "",
        params: Sequence[object] = (),
    ) -> int:
        """The optimistic lock: version + 1 only if it is still `version`, else StaleVersion."""
        cursor = await db.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?{extra}"
            " WHERE id = ? AND version = ?",
            (self._clock(), *params, game_id, version),
        )
        if cursor.rowcount != 1:
            raise StaleVersion(f"game {game_id} is no longer at version {version}")
        return version + 1

    async def start_game(
        self, game_id: int, version: int, seat_of_user: Mapping[int, int], state: Mapping[str, Any]
    ) -> int:
        """Lobby -> active: assign seats and store the first snapshot; returns the new version."""
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version, ", status = 'active'", ())
            for user_id, seat in seat_of_user.items():
                cursor = await db.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                    (seat, game_id, user_id),
                )
                if cursor.rowcount != 1:
                    raise StoreError(f"user {user_id} has no seat in game {game_id}")
            await self._snapshot(db, game_id, new_version, 0, state)
        return new_version

    async def record_move(
        self,
        game_id: int,
        version: int,
        *,
        seat: int,
        action: str,
        user_id: int | None,
        state: Mapping[str, Any],
        result: Mapping[str, Any] | None = None,
    ) -> int:
        """One move, one transaction: version check, append the move, snapshot; new version.

        With a `result` the game is finished in the same transaction.
        """
        finish = ", status = 'finished', result = ?" if result is not None else ""
        params = (_dumps(dict(result)),) if result is not None else ()
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version, finish, params)
            cursor = await db.execute(
                "SELECT coalesce(max(seq), 0) + 1 FROM moves WHERE game_id = ?", (game_id,)
            )
            row = await cursor.fetchone()
            seq = int(row[0]) if row is not None else 1
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, action, user_id, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, action, user_id, self._clock()),
            )
            await self._snapshot(db, game_id, new_version, seq, state)
        return new_version

    async def _snapshot(
        self,
        db: aiosqlite.Connection,
        game_id: int,
        version: int,
        seq: int,
        state: Mapping[str, Any],
    ) -> None:
        await db.execute(
            "INSERT INTO snapshots (game_id, version, seq, state) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET"
            " version = excluded.version, seq = excluded.seq, state = excluded.state",
            (game_id, version, seq, _dumps(dict(state))),
        )

    async def end_game(
        self,
        game_id: int,
        version: int,
        status: str,
        *,
        result: Mapping[str, Any] | None = None,
        flags: Mapping[str, Any] | None = None,
    ) -> int:
        """Finish, cancel or abandon a game (it frees its place); returns the new version."""
        if status not in ("finished", "cancelled", "abandoned"):
            raise ValueError(f"{status!r} does not end a game")
        extra = ", status = ?, result = ?"
        params: list[object] = [status, None if result is None else _dumps(dict(result))]
        if flags is not None:
            extra += ", flags = ?"
            params.append(_dumps(dict(flags)))
        async with self._transaction() as db:
            return await self._bump(db, game_id, version, extra, params)

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's current message (no version change: buttons stay valid)."""
        async with self._transaction() as db:
            await db.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))

    async def set_flags(self, game_id: int, flags: Mapping[str, Any]) -> None:
        """Replace the game's free-form flags (no version change)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET flags = ? WHERE id = ?", (_dumps(dict(flags)), game_id)
            )

    # -- moves and snapshots ----------------------------------------------------------------

    async def moves(self, game_id: int) -> list[MoveRow]:
        """Every move of a game, in order."""
        rows = await self._all("SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        return [_move(row) for row in rows]

    async def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRow]:
        """The last `limit` moves of a game, oldest first."""
        rows = await self._all(
            "SELECT * FROM moves WHERE game_id = ? ORDER BY seq DESC LIMIT ?", (game_id, limit)
        )
        return [_move(row) for row in reversed(rows)]

    async def snapshot(self, game_id: int) -> Snapshot | None:
        """The latest stored state of a started game."""
        row = await self._one("SELECT * FROM snapshots WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        return Snapshot(row["game_id"], row["version"], row["seq"], json.loads(row["state"]))


def _sql_text(text: str) -> str:
    """A SQL string literal (for the migration record inside an executescript)."""
    return "'" + text.replace("'", "''") + "'"
