"""store.timers: deadlines, a server's default pace and a player's reminder choice.

Times are ISO-8601 UTC strings with seconds, all made by one formatter, so comparing them as
text compares the instants.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.store.backend import Tx
from bot.store.database import Database
from bot.store.mapper import RowMapper

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


TIMERS = RowMapper(TimerRow, "timer #{id} of game #{game_id}")

_INSERT = (
    "INSERT OR IGNORE INTO timers (game_id, kind, version, seat, since, due_at, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)


class TimerRepository:
    """Deadlines of game versions (reminders, turn clocks) and the settings they follow."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def schedule(self, game_id: int, version: int, timers: Sequence[NewTimer]) -> None:
        """Replace the game's pending deadlines with these (idempotent: a repeat adds nothing)."""
        async with self._db.transaction() as tx:
            self.schedule_in(tx, game_id, version, timers)

    def schedule_in(self, tx: Tx, game_id: int, version: int, timers: Sequence[NewTimer]) -> None:
        """`schedule` inside the caller's transaction (a move's: its version's deadlines are
        stored with it, or not at all); queued, so they go with the commit."""
        tx.later(
            "DELETE FROM timers WHERE game_id = ? AND version < ? AND fired_at IS NULL",
            (game_id, version),
        )
        now = self._db.clock()
        tx.later_many(
            _INSERT, [(game_id, t.kind, version, t.seat, t.since, t.due_at, now) for t in timers]
        )

    async def of(self, game_id: int, version: int) -> list[TimerRow]:
        """Every deadline (fired or not) of one game version, earliest first."""
        rows = await self._db.all(
            "SELECT * FROM timers WHERE game_id = ? AND version = ? ORDER BY due_at, id",
            (game_id, version),
        )
        return TIMERS.all(rows)

    async def due(self, now: str, limit: int = 100) -> list[TimerRow]:
        """Unfired deadlines due by `now` whose game is active, loadable, at their version, ours."""
        rows = await self._db.all(
            "SELECT t.* FROM timers t JOIN games g ON g.id = t.game_id"
            " WHERE t.fired_at IS NULL AND t.due_at <= ? AND g.status = 'active'"
            f" AND g.broken IS NULL AND g.version = t.version{self._db.ours('g.guild_id')}"
            " ORDER BY t.due_at, t.id LIMIT ?",
            (now, limit),
        )
        return TIMERS.all(rows)

    async def claim(self, timer_id: int, now: str, then: NewTimer | None = None) -> bool:
        """Mark a deadline fired (once: False if it already was, or its game moved on).

        `then` is the next reminder of the same version, scheduled in the same transaction.
        """
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE timers SET fired_at = ? WHERE id = ? AND fired_at IS NULL AND version ="
                " (SELECT version FROM games WHERE id = timers.game_id AND status = 'active'"
                " AND broken IS NULL)",
                (now, timer_id),
            )
            if cursor.rowcount != 1:
                return False
            if then is not None:
                await tx.execute(
                    "INSERT OR IGNORE INTO timers"
                    " (game_id, kind, version, seat, since, due_at, created_at)"
                    " SELECT game_id, ?, version, ?, ?, ?, ? FROM timers WHERE id = ?",
                    (then.kind, then.seat, then.since, then.due_at, now, timer_id),
                )
        return True

    # -- settings ---------------------------------------------------------------------------

    async def guild_pace(self, guild_id: int) -> str | None:
        """The server's default pace, if an admin set one."""
        row = await self._db.one("SELECT pace FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if row is None else str(row["pace"])

    async def set_guild_pace(self, guild_id: int, pace: str) -> None:
        """Set the server's default pace for new games."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, pace) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET pace = excluded.pace",
                (guild_id, pace),
            )

    async def reminders_on(self, user_id: int) -> bool:
        """Whether this player wants reminders (yes unless they turned them off)."""
        row = await self._db.one(
            "SELECT reminders FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return row is None or bool(row["reminders"])

    async def set_reminders(self, user_id: int, on: bool) -> None:
        """Turn a player's reminders on or off (every game, every server)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO user_settings (user_id, reminders) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders",
                (user_id, int(on)),
            )
