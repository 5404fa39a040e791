"""Words for paces and times: Discord timestamps, so every reader sees their own time zone."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.i18n import ENGLISH, named, say, words
from bot.service import Pace


def when(moment: datetime, style: str = "R") -> str:
    """Discord timestamp markup: `R` reads "in 2 days" / "3 hours ago" and stays current."""
    return f"<t:{int(moment.timestamp())}:{style}>"


# Units from the largest: minutes per unit, the message for one and for several.
UNITS = (
    (1440, "table.span.day", "table.span.days"),
    (60, "table.span.hour", "table.span.hours"),
    (1, "table.span.minute", "table.span.minutes"),
)
# The words of the shipped paces (data/paces.json); a pace added there shows its own description.
PACE_WORDS = {
    "live": "table.pace_live",
    "daily": "table.pace_daily",
    "weekly": "table.pace_weekly",
}


PACE_NAMES = {
    "live": "table.pace_name.live",
    "daily": "table.pace_name.daily",
    "weekly": "table.pace_name.weekly",
}


def pace_name(name: str, language: str = ENGLISH) -> str:
    """A shipped pace's name in the reader's words ('täglich'); another pace's as listed."""
    return named(PACE_NAMES, name, language)


def span(delta: timedelta, language: str = ENGLISH) -> str:
    """A duration in the largest whole unit: "5 minutes", "1 day", "36 hours"."""
    minutes = int(delta.total_seconds() // 60)
    for size, one, several in UNITS:
        if minutes >= size and minutes % size == 0:
            count = minutes // size
            return words(say(one if count == 1 else several, count=count), language)
    return words(say("table.span.minutes", count=minutes), language)


def pace_words(pace: Pace, language: str = ENGLISH) -> str:
    """One pace as a player reads it, e.g. "daily: about one move a day (reminder after …)"."""
    key = PACE_WORDS.get(pace.name)
    description = pace.description if key is None else say(key)
    reminder, limit = span(pace.reminder_after, language), span(pace.turn_limit, language)
    line = say(
        "table.pace_line", name=pace.name, description=description, reminder=reminder, limit=limit
    )
    return words(line, language)
