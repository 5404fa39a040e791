"""Log entries kept inside game states, each public or private to one seat."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Text, from_json, to_json


@dataclass(frozen=True)
class LogEntry:
    """One line of a game's log; `seat` None means everyone may read it.

    `text` is English; when it is a `bot.i18n.Text` it also carries its message id, so a
    reader in another language gets the line in theirs.
    """

    text: str
    seat: int | None = None

    def visible_to(self, viewer: int | None) -> bool:
        """Public entries are seen by all; private ones only by their seat."""
        return self.seat is None or self.seat == viewer

    def to_json(self) -> list[object]:
        """Compact JSON form for dumps; a line with a message id keeps it, for other languages."""
        if isinstance(self.text, Text):
            return [self.text, self.seat, to_json(self.text)]
        return [self.text, self.seat]

    @classmethod
    def from_json(cls, data: list[object]) -> LogEntry:
        """Inverse of to_json (lines stored before messages had ids stay English only)."""
        text, seat = data[0], data[1]
        words = from_json(data[2]) if len(data) > 2 else str(text)
        return cls(
            words if isinstance(words, Text) else str(text),
            None if seat is None else int(str(seat)),
        )


def visible_log(entries: tuple[LogEntry, ...], viewer: int | None) -> list[str]:
    """The log lines a viewer may read, oldest first."""
    return [entry.text for entry in entries if entry.visible_to(viewer)]


def private_log(entries: tuple[LogEntry, ...], seat: int) -> list[str]:
    """The lines only `seat` may read, oldest first: they belong under its view's `private`."""
    return [entry.text for entry in entries if entry.seat == seat]
