"""Timers: firing due reminders and turn clocks, and the settings they follow (paces, opt-outs).

Firing claims the row (sets `fired_at`) in its own transaction *before* anything is sent: a
restart never repeats a reminder, and a claimed one is sent unless the process dies during
that very send (at most once; a missing reminder is better than a doubled one). The turn
clocks themselves are written after each change (bot/service/clock.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.service.clock import TurnClocks
from bot.service.errors import database_down_told
from bot.service.games import Games
from bot.service.model import GameInfo
from bot.service.pace import Pace, get_pace, iso
from bot.service.pictures import info
from bot.service.state import LiveGame
from bot.store import REMINDER, TURN_CLOCK, NewTimer, Store, TimerRow


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


class QuietPolicy(Protocol):
    """Whether a player's reminders and turn clock wait (their quiet hours: bot/service/notices)."""

    async def held_until(self, s: LiveGame, user_id: int, now: datetime) -> datetime | None:
        """When the player's quiet hours end, if `now` falls in them; else None."""
        ...


class _NeverQuiet:
    """Nobody has quiet hours (a service built without the notices feature)."""

    async def held_until(self, s: LiveGame, user_id: int, now: datetime) -> datetime | None:
        """Never held."""
        return None


NEVER_QUIET = _NeverQuiet()


@database_down_told
class Timers:
    """Due deadlines of ongoing games, and who wants reminders at which pace."""

    def __init__(
        self, games: Games, store: Store, clocks: TurnClocks, quiet: QuietPolicy | None = None
    ) -> None:
        self.games = games
        self.store = store
        self.clocks = clocks
        self.quiet = quiet or NEVER_QUIET

    async def set_guild_pace(self, guild_id: int, pace: str) -> Pace:
        """A server admin's new default pace for games opened from now on."""
        chosen = get_pace(pace)
        await self.store.timers.set_guild_pace(guild_id, chosen.name)
        return chosen

    async def set_reminders(self, user_id: int, on: bool) -> None:
        """A player turns their reminders on or off (every game, every server)."""
        await self.store.timers.set_reminders(user_id, on)

    async def fire_due(self) -> list[Alarm]:
        """Claim every deadline due by now and say what to show for each (at most once)."""
        now = self.clocks.now()
        alarms: list[Alarm] = []
        for row in await self.store.timers.due(iso(now)):
            alarm = await self._fire(row, now)
            if alarm is not None:
                alarms.append(alarm)
        return alarms

    async def _fire(self, row: TimerRow, now: datetime) -> Alarm | None:
        s = self.games.held(row.game_id)
        if s is None:
            return None
        async with s.lock:  # a move commits under this lock: the version stays put here
            if not self.games.holds(s) or s.status != "active" or s.version != row.version:
                return None
            late = s.clock.due is not None and s.clock.due <= now  # the time-up pings instead
            remind = row.kind == REMINDER and not late
            player = s.user_at(row.seat)
            if player is not None and not player.automatic and (remind or row.kind == TURN_CLOCK):
                until = await self.quiet.held_until(s, player.user_id, now)
                if until is not None:  # the player's quiet hours: the same deadline, later
                    await self._hold(s, row, now, until)
                    return None
            then = self.clocks.next_reminder(s, row, now) if remind else None
            if not await self.store.timers.claim(row.id, iso(now), then):
                return None
            if player is None or player.automatic:
                return None
            if row.kind == REMINDER:
                if not remind or not await self.store.timers.reminders_on(player.user_id):
                    return None
                return Reminder(info(s), player.user_id, player.dm_ok)
        return await self.turn_timed_out(row.game_id, row.version)

    async def _hold(self, s: LiveGame, row: TimerRow, now: datetime, until: datetime) -> None:
        """Move a reminder or turn clock due in the player's quiet hours to their end."""
        then = NewTimer(row.kind, row.seat, row.since, iso(until))
        if await self.store.timers.claim(row.id, iso(now), then) and row.kind == TURN_CLOCK:
            self.clocks.held(s, until)

    async def turn_timed_out(self, game_id: int, version: int) -> TimeUp | None:
        """The turn clock of `version` ran out (its row is already claimed): what to show.

        None when the game moved on or ended meanwhile. The vote on what happens next
        (wait, skip, automatic player, end) starts from here.
        """
        s = self.games.held(game_id)
        if s is None:
            return None
        async with s.lock:
            seat = s.to_move()
            player = None if seat is None else s.user_at(seat)
            if s.status != "active" or s.version != version or player is None or seat is None:
                return None
            if player.automatic:  # the computer never runs out of time, nor is voted on
                return None
            return TimeUp(info(s), seat, player.user_id, version)
