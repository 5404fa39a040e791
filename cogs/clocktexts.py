"""Words for paces and times: Discord timestamps, so every reader sees their own time zone."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service import Pace


def when(moment: datetime, style: str = "R") -> str:
    """Discord timestamp markup: `R` reads "in 2 days" / "3 hours ago" and stays current."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def span(delta: timedelta) -> str:
    """A duration in the largest whole unit: "5 minutes", "1 day", "36 hours"."""
    minutes = int(delta.total_seconds() // 60)
    for size, unit in ((1440, "day"), (60, "hour"), (1, "minute")):
        if minutes >= size and minutes % size == 0:
            count = minutes // size
            return f"{count} {unit}{'' if count == 1 else 's'}"
    return f"{minutes} minutes"


def pace_words(pace: Pace) -> str:
    """One pace as a player reads it, e.g. "daily: about one move a day (reminder after …)"."""
    return (
        f"{pace.name}: {pace.description} (reminder after {span(pace.reminder_after)}, "
        f"{span(pace.turn_limit)} per turn)"
    )
