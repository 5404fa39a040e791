"""store.notices: each player's `/notify` choices and their daily digest's timer (migration 0015).

A player without a row has the defaults (no quiet hours, no heads-up, pings as before, no
digest). Times of day are 'HH:MM' texts in the player's zone; instants are ISO-8601 UTC texts
like every stored time, so comparing them as text compares the instants.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.store.database import Database
from bot.store.mapper import RowMapper


@dataclass(frozen=True, slots=True)
class NoticeSettings:
    """One player's choices of how and when they are told a game waits on them."""

    user_id: int
    time_zone: str | None = None
    quiet_from: str | None = None
    quiet_to: str | None = None
    heads_up: bool = False
    via: str | None = None  # None: as before (reminders mention and DM, turn notes mention)
    digest_at: str | None = None


@dataclass(frozen=True, slots=True)
class DigestTimer:
    """When a player's next digest is due, and their own date of the last one claimed."""

    user_id: int
    due_at: str
    last_day: str | None


@dataclass(frozen=True, slots=True)
class WaitingVote:
    """An open turn-clock vote of an active game that a player may still answer."""

    game_id: int
    vote_id: int


SETTINGS = RowMapper(NoticeSettings, "notice settings of user {user_id}")
DIGESTS = RowMapper(DigestTimer, "digest timer of user {user_id}")

_COLUMNS = ("time_zone", "quiet_from", "quiet_to", "heads_up", "via", "digest_at")


class NoticeRepository:
    """A player's notice choices and the digest timers, read and written in one place."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def settings(self, user_id: int) -> NoticeSettings:
        """The player's choices (the defaults when they never chose)."""
        row = await self._db.one("SELECT * FROM notice_settings WHERE user_id = ?", (user_id,))
        return NoticeSettings(user_id) if row is None else SETTINGS.one(row)

    async def keep(self, chosen: NoticeSettings, digest_due: str | None) -> None:
        """Store the player's choices and, in the same transaction, their digest timer
        (`digest_due` None: no digest; a new due time keeps the day last sent)."""
        values = (
            chosen.time_zone,
            chosen.quiet_from,
            chosen.quiet_to,
            int(chosen.heads_up),
            chosen.via,
            chosen.digest_at,
        )
        updates = ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS)
        async with self._db.transaction() as tx:
            await tx.execute(
                f"INSERT INTO notice_settings (user_id, {', '.join(_COLUMNS)})"
                f" VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET {updates}",
                (chosen.user_id, *values),
            )
            if digest_due is None:
                await tx.execute("DELETE FROM digest_timers WHERE user_id = ?", (chosen.user_id,))
                return
            await tx.execute(
                "INSERT INTO digest_timers (user_id, due_at) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET due_at = excluded.due_at",
                (chosen.user_id, digest_due),
            )

    async def digest_timer(self, user_id: int) -> DigestTimer | None:
        """The player's digest timer, if they want a digest."""
        row = await self._db.one("SELECT * FROM digest_timers WHERE user_id = ?", (user_id,))
        return None if row is None else DIGESTS.one(row)

    async def digests_due(self, now: str, limit: int = 100) -> list[DigestTimer]:
        """Digest timers due by `now`, earliest first."""
        rows = await self._db.all(
            "SELECT * FROM digest_timers WHERE due_at <= ? ORDER BY due_at, user_id LIMIT ?",
            (now, limit),
        )
        return DIGESTS.all(rows)

    async def claim_digest(self, timer: DigestTimer, day: str, next_due: str) -> bool:
        """Take the digest of the player's `day` (once: False if that day's was taken, or the
        timer changed meanwhile) and set the next one, in one transaction."""
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE digest_timers SET due_at = ?, last_day = ? WHERE user_id = ?"
                " AND due_at = ? AND (last_day IS NULL OR last_day <> ?)",
                (next_due, day, timer.user_id, timer.due_at, day),
            )
            return cursor.rowcount == 1

    async def postpone_digest(self, timer: DigestTimer, next_due: str) -> None:
        """A due digest of a day already sent: only move the timer on to the next one."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE digest_timers SET due_at = ? WHERE user_id = ? AND due_at = ?",
                (next_due, timer.user_id, timer.due_at),
            )

    async def waiting_votes(self, user_id: int) -> list[WaitingVote]:
        """Open turn-clock votes of active games (at the vote's version) this player may cast
        and has not."""
        rows = await self._db.all(
            "SELECT v.id, v.game_id, v.voters FROM turn_votes v"
            " JOIN games g ON g.id = v.game_id AND g.version = v.version"
            " WHERE v.result IS NULL AND g.status = 'active' AND g.broken IS NULL"
            " AND NOT EXISTS (SELECT 1 FROM turn_ballots b WHERE b.vote_id = v.id"
            " AND b.user_id = ?) ORDER BY v.game_id, v.id",
            (user_id,),
        )
        return [
            WaitingVote(int(row["game_id"]), int(row["id"]))
            for row in rows
            if user_id in json.loads(str(row["voters"]))
        ]
