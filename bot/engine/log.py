"""Log entries kept inside game states, each public or private to one seat."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LogEntry:
    """One line of a game's log; `seat` None means everyone may read it."""

    text: str
    seat: int | None = None

    def visible_to(self, viewer: int | None) -> bool:
        """Public entries are seen by all; private ones only by their seat."""
        return self.seat is None or self.seat == viewer

    def to_json(self) -> list[object]:
        """Compact JSON form for dumps."""
        return [self.text, self.seat]

    @classmethod
    def from_json(cls, data: list[object]) -> LogEntry:
        """Inverse of to_json."""
        text, seat = data
        return cls(str(text), None if seat is None else int(str(seat)))


def visible_log(entries: tuple[LogEntry, ...], viewer: int | None) -> list[str]:
    """The log lines a viewer may read, oldest first."""
    return [entry.text for entry in entries if entry.visible_to(viewer)]


def private_log(entries: tuple[LogEntry, ...], seat: int) -> list[str]:
    """The lines only `seat` may read, oldest first: they belong under its view's `private`."""
    return [entry.text for entry in entries if entry.seat == seat]
