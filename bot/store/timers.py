"""Deadlines, a server's default pace and a player's reminder choice: the SQL behind timers.

A mixin of Store (it uses the Store's lock and transactions). Times are ISO-8601 UTC strings
with seconds, all made by one formatter, so comparing them as text compares the instants.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.store.backend import Row, Tx

REMINDER = "reminder"
TURN_CLOCK = "turn_clock"


@dataclass(frozen=True, slots=True)
class TimerRow:
    """One deadline of one game version: a reminder or the turn clock of the seat to move."""

    id: int
    game_id: int
    kind: str
    version: int
    seat: int
    since: str
    due_at: str
    fired_at: str | None


@dataclass(frozen=True, slots=True)
class NewTimer:
    """A deadline to schedule (its game and version are given beside it)."""

    kind: str
    seat: int
    since: str
    due_at: str


def timer_row(row: Row) -> TimerRow:
    """A timers row."""
    return TimerRow(
        id=row["id"],
        game_id=row["game_id"],
        kind=row["kind"],
        version=row["version"],
        seat=row["seat"],
        since=row["since"],
        due_at=row["due_at"],
        fired_at=row["fired_at"],
    )


_INSERT = (
    "INSERT OR IGNORE INTO timers (game_id, kind, version, seat, since, due_at, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)


class TimerRows:
    """Store methods for deadlines and settings."""

    if TYPE_CHECKING:
        _clock: Callable[[], str]

        def _transaction(self) -> AbstractAsyncContextManager[Tx]: ...

        async def _all(self, sql: str, params: Sequence[object] = ()) -> list[Row]: ...

        async def _one(self, sql: str, params: Sequence[object] = ()) -> Row | None: ...

        def _ours(self, column: str = "guild_id") -> str: ...

    async def schedule_timers(self, game_id: int, version: int, timers: Sequence[NewTimer]) -> None:
        """Replace the game's pending deadlines with these (idempotent: a repeat adds nothing)."""
        now = self._clock()
        async with self._transaction() as db:
            await db.execute(
                "DELETE FROM timers WHERE game_id = ? AND version < ? AND fired_at IS NULL",
                (game_id, version),
            )
            await db.executemany(
                _INSERT,
                [(game_id, t.kind, version, t.seat, t.since, t.due_at, now) for t in timers],
            )

    async def timers_of(self, game_id: int, version: int) -> list[TimerRow]:
        """Every deadline (fired or not) of one game version, earliest first."""
        rows = await self._all(
            "SELECT * FROM timers WHERE game_id = ? AND version = ? ORDER BY due_at, id",
            (game_id, version),
        )
        return [timer_row(row) for row in rows]

    async def due_timers(self, now: str, limit: int = 100) -> list[TimerRow]:
        """Unfired deadlines due by `now` whose game is active, loadable, at their version, ours."""
        rows = await self._all(
            "SELECT t.* FROM timers t JOIN games g ON g.id = t.game_id"
            " WHERE t.fired_at IS NULL AND t.due_at <= ? AND g.status = 'active'"
            f" AND g.broken IS NULL AND g.version = t.version{self._ours('g.guild_id')}"
            " ORDER BY t.due_at, t.id LIMIT ?",
            (now, limit),
        )
        return [timer_row(row) for row in rows]

    async def claim_timer(self, timer_id: int, now: str, then: NewTimer | None = None) -> bool:
        """Mark a deadline fired (once: False if it already was, or its game moved on).

        `then` is the next reminder of the same version, scheduled in the same transaction.
        """
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL AND version ="
                " (SELECT version FROM games WHERE id = timers.game_id AND status = 'active'"
                " AND broken IS NULL)",
                (now, timer_id),
            )
            if cursor.rowcount != 1:
                return False
            if then is not None:
                await db.execute(
                    "INSERT OR IGNORE INTO timers"
                    " (game_id, kind, version, seat, since, due_at, created_at)"
                    " SELECT game_id, ?, version, ?, ?, ?, ? FROM timers WHERE id = ?",
                    (then.kind, then.seat, then.since, then.due_at, now, timer_id),
                )
        return True

    # -- settings ---------------------------------------------------------------------------

    async def guild_pace(self, guild_id: int) -> str | None:
        """The server's default pace, if an admin set one."""
        row = await self._one("SELECT pace FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if row is None else str(row["pace"])

    async def set_guild_pace(self, guild_id: int, pace: str) -> None:
        """Set the server's default pace for new games."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, pace) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET pace = excluded.pace",
                (guild_id, pace),
            )

    async def reminders_on(self, user_id: int) -> bool:
        """Whether this player wants reminders (yes unless they turned them off)."""
        row = await self._one("SELECT reminders FROM user_settings WHERE user_id = ?", (user_id,))
        return row is None or bool(row["reminders"])

    async def set_reminders(self, user_id: int, on: bool) -> None:
        """Turn a player's reminders on or off (every game, every server)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, reminders) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders",
                (user_id, int(on)),
            )
