"""A clock tests move by hand: timers fire when the test says time has passed, never by waiting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class FakeClock:
    """Callable like the bot's clock; `advance` moves it forward."""

    def __init__(self, start: datetime = datetime(2030, 1, 7, 12, 0, tzinfo=UTC)) -> None:
        """Start at a fixed, whole-second instant."""
        self.now = start

    def __call__(self) -> datetime:
        """The current fake time."""
        return self.now

    def iso(self) -> str:
        """The current fake time as the store writes it."""
        return self.now.isoformat(timespec="seconds")

    def advance(self, **delta: float) -> datetime:
        """Move forward by timedelta(**delta), e.g. advance(minutes=5); returns the new time."""
        self.now += timedelta(**delta)
        return self.now
