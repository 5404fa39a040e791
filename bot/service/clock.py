"""The turn clock of every active game: written with each change, restored at start, extended.

A deadline is a row of one game version (see data/migrations/0002_timers.sql). A move stores
its new version's reminder and turn clock in its own transaction (`plan`); after any other
committed change of an active game they are written at once (`after_commit`). Older pending
ones are deleted, and the due query ignores any whose game moved on or ended.
In memory each game keeps its `TurnClock` (seat, since, due) for its board and for firing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from bot.service.games import Games
from bot.service.pace import Clock, Pace, UnknownPace, default_pace, get_pace, iso, parse_iso
from bot.service.state import NO_CLOCK, LiveGame, TurnClock
from bot.store import REMINDER, TURN_CLOCK, NewTimer, Store, TimerRow

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Deadlines:
    """A new version's turn clock (kept in memory) and the deadlines to store for it (None:
    none to write, the game is over; empty: the pending ones go, a computer is to move)."""

    clock: TurnClock
    timers: tuple[NewTimer, ...] | None


def pace_of(s: LiveGame) -> Pace:
    """The game's pace (the default one if its pace has since been removed)."""
    try:
        return get_pace(s.record.pace or default_pace())
    except UnknownPace:
        return get_pace(default_pace())


class TurnClocks:
    """Reminders and turn clocks of ongoing games, read from and written to the store."""

    def __init__(self, games: Games, store: Store, clock: Clock) -> None:
        self.games = games
        self.store = store
        self.clock = clock

    def now(self) -> datetime:
        """The clock to the second, the precision times are stored with."""
        return self.clock().replace(microsecond=0)

    async def pace_for(self, guild_id: int | None, wanted: str | None) -> Pace:
        """The pace of a new game: the one asked for, else the server's default, else ours."""
        if wanted:
            return get_pace(wanted)
        stored = None if guild_id is None else await self.store.timers.guild_pace(guild_id)
        try:
            return get_pace(stored or default_pace())
        except UnknownPace:  # a pace since removed from data/paces.json
            return get_pace(default_pace())

    async def restore(self) -> None:
        """At start: each active game's turn clock from one read of every current clock
        (writing any that is missing)."""
        timers = await self.store.index.clocks()
        for s in self.games.ongoing():
            if s.status == "active":
                await self._restore(s, timers.get(s.game_id, []))

    async def _restore(self, s: LiveGame, rows: list[TimerRow]) -> None:
        clocks = [row for row in rows if row.kind == TURN_CLOCK]
        turn = clocks[-1] if clocks else None  # the latest: "wait longer" adds one
        if turn is not None:
            clock = TurnClock(turn.seat, parse_iso(turn.since), parse_iso(turn.due_at))
            self.games.put(s, clock=clock)
            return
        # The process stopped between a commit and its deadlines (or the game predates them):
        # count from the game's last change, so the same deadlines come out as before.
        row = await self.games.row(s.game_id)
        await self.schedule(s, parse_iso(row.updated_at))

    async def schedule(self, s: LiveGame, now: datetime | None = None) -> None:
        """After a committed change: the new version's turn clock and reminder (old ones go)."""
        planned = self.plan(s, s.to_move(), now)
        self.games.put(s, clock=planned.clock)
        if planned.timers is not None:
            await self.store.timers.schedule(s.game_id, s.version, planned.timers)

    def plan(self, s: LiveGame, seat: int | None, now: datetime | None = None) -> Deadlines:
        """The turn clock and deadlines of the version a change makes, `seat` to move in it:
        worked out before the change is stored, so a move stores them with itself."""
        mover = None if seat is None else s.user_at(seat)
        if seat is None or (mover is not None and mover.automatic):
            # nobody to remind or time: the game is over, or the computer decides at once
            return Deadlines(NO_CLOCK, None if seat is None else ())
        now = self.now() if now is None else now
        pace, clock = pace_of(s), s.clock
        # The same seat deciding again keeps its turn's clock; a new seat starts a new one.
        if seat != clock.seat or clock.since is None or clock.due is None or clock.due <= now:
            clock = TurnClock(seat, now, now + pace.turn_limit)
        assert clock.since is not None and clock.due is not None
        since = iso(clock.since)
        timers = [NewTimer(TURN_CLOCK, seat, since, iso(clock.due))]
        if now + pace.reminder_after < clock.due:
            timers.append(NewTimer(REMINDER, seat, since, iso(now + pace.reminder_after)))
        return Deadlines(clock, tuple(timers))

    async def after_commit(self, s: LiveGame) -> None:
        """Never fail a committed change over its deadlines: a restart writes missing ones."""
        try:
            await self.schedule(s)
        except Exception:
            log.exception("could not write the deadlines of game #%s", s.game_id)

    async def extend(self, s: LiveGame) -> None:
        """'Wait longer' (the vote): the seat to move gets another turn's time, reminded again."""
        seat, now, pace = s.to_move(), self.now(), pace_of(s)
        if seat is None or s.clock.since is None:
            return
        clock = TurnClock(seat, s.clock.since, now + pace.turn_limit)
        self.games.put(s, clock=clock)
        assert clock.due is not None
        since = iso(s.clock.since)
        timers = [NewTimer(TURN_CLOCK, seat, since, iso(clock.due))]
        if pace.reminder_after < pace.turn_limit:
            timers.append(NewTimer(REMINDER, seat, since, iso(now + pace.reminder_after)))
        await self.store.timers.schedule(s.game_id, s.version, timers)

    def held(self, s: LiveGame, until: datetime) -> None:
        """The turn clock ran out in the mover's quiet hours: it now runs out at their end."""
        self.games.put(s, clock=TurnClock(s.clock.seat, s.clock.since, until))

    def next_reminder(self, s: LiveGame, row: TimerRow, now: datetime) -> NewTimer | None:
        """At most one reminder per period: the next one a period from now, before time is up."""
        due = now + pace_of(s).reminder_after
        if s.clock.due is None or due >= s.clock.due:
            return None
        return NewTimer(REMINDER, row.seat, row.since, iso(due))
