"""Deadlines of ongoing games: scheduling after each change, firing due ones, paces, /mygames.

A deadline is a row of one game version (see data/migrations/0002_timers.sql). After every
committed change of an active game the service writes the new version's reminder and turn
clock; older pending ones are deleted, and the due query ignores any whose game moved on or
ended. Firing claims the row (sets `fired_at`) in its own transaction *before* anything is
sent: a restart never repeats a reminder, and a claimed one is sent unless the process dies
during that very send (at most once; a missing reminder is better than a doubled one).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from bot.engine import get_game
from bot.service.model import GameInfo, Session
from bot.service.pace import (
    Clock,
    Pace,
    UnknownPace,
    default_pace,
    get_pace,
    iso,
    parse_iso,
    utc_clock,
)
from bot.service.sessions import GameLookup, SessionCache
from bot.store import REMINDER, TURN_CLOCK, NewTimer, Store, TimerRow

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Reminder:
    """The player to move has been idle for the pace's reminder time: ping them."""

    info: GameInfo
    user_id: int
    dm_ok: bool


@dataclass(frozen=True, slots=True)
class TimeUp:
    """The turn clock of `version` ran out for `seat` (the vote on what happens hooks here)."""

    info: GameInfo
    seat: int
    user_id: int
    version: int


Alarm = Reminder | TimeUp


class Deadlines(SessionCache):
    """Reminders and turn clocks of ongoing games, read from and written to the store."""

    def __init__(
        self, store: Store, games: GameLookup = get_game, clock: Clock = utc_clock
    ) -> None:
        super().__init__(store, games)
        self.clock = clock

    def _now(self) -> datetime:
        """The clock to the second, the precision times are stored with."""
        return self.clock().replace(microsecond=0)

    # -- paces ------------------------------------------------------------------------------

    async def pace_for(self, guild_id: int | None, wanted: str | None) -> Pace:
        """The pace of a new game: the one asked for, else the server's default, else ours."""
        if wanted:
            return get_pace(wanted)
        stored = None if guild_id is None else await self.store.timers.guild_pace(guild_id)
        try:
            return get_pace(stored or default_pace())
        except UnknownPace:  # a pace since removed from data/paces.json
            return get_pace(default_pace())

    def _pace_of(self, s: Session) -> Pace:
        try:
            return get_pace(s.pace or default_pace())
        except UnknownPace:
            return get_pace(default_pace())

    async def set_guild_pace(self, guild_id: int, pace: str) -> Pace:
        """A server admin's new default pace for games opened from now on."""
        chosen = get_pace(pace)
        await self.store.timers.set_guild_pace(guild_id, chosen.name)
        return chosen

    async def set_reminders(self, user_id: int, on: bool) -> None:
        """A player turns their reminders on or off (every game, every server)."""
        await self.store.timers.set_reminders(user_id, on)

    # -- scheduling -------------------------------------------------------------------------

    async def load(self) -> int:
        """Index ongoing games, then restore each active game's turn clock from one read of
        every current clock (writing any that is missing)."""
        loaded = await super().load()
        timers = await self.store.index.clocks()
        for session in list(self._sessions.values()):
            if session.status == "active":
                await self._restore_clock(session, timers.get(session.game_id, []))
        return loaded

    async def _restore_clock(self, s: Session, rows: list[TimerRow]) -> None:
        clocks = [row for row in rows if row.kind == TURN_CLOCK]
        turn = clocks[-1] if clocks else None  # the latest: "wait longer" adds one
        if turn is not None:
            s.turn_seat, s.turn_since = turn.seat, parse_iso(turn.since)
            s.turn_due = parse_iso(turn.due_at)
            return
        # The process stopped between a commit and its deadlines (or the game predates them):
        # count from the game's last change, so the same deadlines come out as before.
        row = await self._row(s.game_id)
        await self._schedule(s, parse_iso(row.updated_at))

    async def _schedule(self, s: Session, now: datetime | None = None) -> None:
        """After a committed change: the new version's turn clock and reminder (old ones go)."""
        seat = s.to_move()
        mover = None if seat is None else s.user_at(seat)
        if seat is None or (mover is not None and mover.automatic):
            # nobody to remind or time: the game is over, or the computer decides at once
            s.turn_seat = s.turn_since = s.turn_due = None
            if seat is not None:
                await self.store.timers.schedule(s.game_id, s.version, [])
            return
        now = self._now() if now is None else now
        pace = self._pace_of(s)
        # The same seat deciding again keeps its turn's clock; a new seat starts a new one.
        if seat != s.turn_seat or s.turn_since is None or s.turn_due is None or s.turn_due <= now:
            s.turn_seat, s.turn_since, s.turn_due = seat, now, now + pace.turn_limit
        since = iso(s.turn_since)
        timers = [NewTimer(TURN_CLOCK, seat, since, iso(s.turn_due))]
        if now + pace.reminder_after < s.turn_due:
            timers.append(NewTimer(REMINDER, seat, since, iso(now + pace.reminder_after)))
        await self.store.timers.schedule(s.game_id, s.version, timers)

    async def _extend_turn(self, s: Session) -> None:
        """'Wait longer' (the vote): the seat to move gets another turn's time, reminded again."""
        seat, now, pace = s.to_move(), self._now(), self._pace_of(s)
        if seat is None or s.turn_since is None:
            return
        s.turn_seat, s.turn_due = seat, now + pace.turn_limit
        since = iso(s.turn_since)
        timers = [NewTimer(TURN_CLOCK, seat, since, iso(s.turn_due))]
        if pace.reminder_after < pace.turn_limit:
            timers.append(NewTimer(REMINDER, seat, since, iso(now + pace.reminder_after)))
        await self.store.timers.schedule(s.game_id, s.version, timers)

    async def _schedule_after_commit(self, s: Session) -> None:
        """Never fail a committed change over its deadlines: a restart writes missing ones."""
        try:
            await self._schedule(s)
        except Exception:
            log.exception("could not write the deadlines of game #%s", s.game_id)

    # -- firing -----------------------------------------------------------------------------

    async def fire_due(self) -> list[Alarm]:
        """Claim every deadline due by now and say what to show for each (at most once)."""
        now = self._now()
        alarms: list[Alarm] = []
        for row in await self.store.timers.due(iso(now)):
            alarm = await self._fire(row, now)
            if alarm is not None:
                alarms.append(alarm)
        return alarms

    async def _fire(self, row: TimerRow, now: datetime) -> Alarm | None:
        session = self._sessions.get(row.game_id)
        if session is None:
            return None
        async with session.lock:  # a move commits under this lock: the version stays put here
            s = self._sessions.get(row.game_id)
            if s is not session or s.status != "active" or s.version != row.version:
                return None
            late = s.turn_due is not None and s.turn_due <= now  # the time-up pings them instead
            remind = row.kind == REMINDER and not late
            then = self._next_reminder(s, row, now) if remind else None
            if not await self.store.timers.claim(row.id, iso(now), then):
                return None
            player = s.user_at(row.seat)
            if player is None or player.automatic:
                return None
            if row.kind == REMINDER:
                if not remind or not await self.store.timers.reminders_on(player.user_id):
                    return None
                return Reminder(self._info(s), player.user_id, player.dm_ok)
        return await self.turn_timed_out(row.game_id, row.version)

    def _next_reminder(self, s: Session, row: TimerRow, now: datetime) -> NewTimer | None:
        """At most one reminder per period: the next one a period from now, before time is up."""
        due = now + self._pace_of(s).reminder_after
        if s.turn_due is None or due >= s.turn_due:
            return None
        return NewTimer(REMINDER, row.seat, row.since, iso(due))

    async def turn_timed_out(self, game_id: int, version: int) -> TimeUp | None:
        """The turn clock of `version` ran out (its row is already claimed): what to show.

        None when the game moved on or ended meanwhile. The vote on what happens next
        (wait, skip, automatic player, end) is meant to start here.
        """
        s = self._sessions.get(game_id)
        if s is None:
            return None
        async with s.lock:
            seat = s.to_move()
            player = None if seat is None else s.user_at(seat)
            if s.status != "active" or s.version != version or player is None or seat is None:
                return None
            if player.automatic:  # the computer never runs out of time, nor is voted on
                return None
            return TimeUp(self._info(s), seat, player.user_id, version)

    # -- the caller's games -----------------------------------------------------------------

    def my_games(self, guild_id: int, user_id: int) -> list[GameInfo]:
        """Every ongoing game of this server where the user has a place, oldest first."""
        return [
            self._info(s)
            for _, s in sorted(self._sessions.items())
            if s.guild_id == guild_id and s.player(user_id) is not None
        ]
