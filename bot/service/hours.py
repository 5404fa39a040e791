"""Times of day in a player's own zone: quiet hours and the digest's time (IANA zones, zoneinfo).

Every answer is an aware UTC instant, found by asking the zone what its wall clock shows, so a
daylight-saving change moves the instant and never the time the player chose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.i18n import say
from bot.service.errors import ServiceError

_TIME = re.compile(r"^\s*(\d{1,2})[:.h](\d{2})\s*$")
AUTOCOMPLETE_LIMIT = 25  # Discord shows at most 25 choices


class UnknownZone(ServiceError):
    """A time zone name the IANA database does not have."""


class BadTime(ServiceError):
    """A time of day that is not one ('25:00', 'soon')."""


class EmptyQuietHours(ServiceError):
    """Quiet hours that begin when they end."""


def parse_time(text: str) -> time:
    """'22:00', '8:30' or '08.30' as a time of day; BadTime otherwise."""
    match = _TIME.match(text)
    if match is None or int(match[1]) > 23 or int(match[2]) > 59:
        raise BadTime(say("notify.bad_time", given=text[:20]))
    return time(int(match[1]), int(match[2]))


def clock_text(moment: time) -> str:
    """A time of day as stored and shown: 'HH:MM'."""
    return moment.strftime("%H:%M")


@cache
def _zones() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def zone(name: str) -> ZoneInfo:
    """The IANA zone of that name (exact spelling, or any case); UnknownZone otherwise."""
    wanted = name.strip()
    found = next((z for z in _zones() if z.lower() == wanted.lower()), None)
    if found is None:
        raise UnknownZone(say("notify.unknown_zone", given=wanted[:40]))
    try:
        return ZoneInfo(found)
    except (ZoneInfoNotFoundError, ValueError):
        raise UnknownZone(say("notify.unknown_zone", given=wanted[:40])) from None


def zone_names(typed: str) -> list[str]:
    """Zone names for autocomplete: those starting with what was typed first, then containing."""
    text = typed.strip().lower().replace(" ", "_")
    starts = [z for z in _zones() if z.lower().startswith(text)]
    within = [z for z in _zones() if text in z.lower() and z not in starts]
    return (starts + within)[:AUTOCOMPLETE_LIMIT]


def next_at(now: datetime, at: time, where: ZoneInfo) -> datetime:
    """The first instant after `now` when the wall clock in `where` shows `at` (UTC)."""
    today = now.astimezone(where).date()
    for days in range(3):
        moment = _instant(today + timedelta(days=days), at, where)
        if moment > now:
            return moment
    raise AssertionError("a time of day recurs within three days")  # pragma: no cover


def _instant(day: date, at: time, where: ZoneInfo) -> datetime:
    return datetime.combine(day, at, tzinfo=where).astimezone(UTC)


def local_day(now: datetime, where: ZoneInfo) -> str:
    """The player's own date at `now` ('YYYY-MM-DD')."""
    return now.astimezone(where).date().isoformat()


@dataclass(frozen=True, slots=True)
class QuietHours:
    """From `start` to `end` every day on the wall clock of `where` (across midnight when
    `start` is later than `end`)."""

    start: time
    end: time
    where: ZoneInfo

    def covers(self, now: datetime) -> bool:
        """Whether `now` falls in quiet hours."""
        shown = now.astimezone(self.where).time()
        if self.start < self.end:
            return self.start <= shown < self.end
        return shown >= self.start or shown < self.end

    def held_until(self, now: datetime) -> datetime | None:
        """When the quiet hours `now` falls in end (UTC); None outside them."""
        return next_at(now, self.end, self.where) if self.covers(now) else None

    def next_period(self, now: datetime) -> tuple[datetime, datetime]:
        """The quiet hours under way, else the next ones: (start, end) in the player's zone."""
        end = next_at(now, self.end, self.where)
        start = end - timedelta(days=2)
        while True:  # the latest start before that end (a day's length may change)
            later = next_at(start, self.start, self.where)
            if later >= end:
                break
            start = later
        return start.astimezone(self.where), end.astimezone(self.where)
