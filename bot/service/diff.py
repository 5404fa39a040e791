"""Pure helpers that tell what a move changed: new public log lines and whose private part moved."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from bot.engine import AnyGame, View


def new_lines(before: Sequence[Any], after: Sequence[Any]) -> list[Any]:
    """Lines added between two log lists; copes with views that keep only the last N lines."""
    count = len(before)
    if list(after[:count]) == list(before):
        return list(after[count:])
    for overlap in range(min(count, len(after)), 0, -1):
        if list(before[count - overlap :]) == list(after[:overlap]):
            return list(after[overlap:])
    return list(after)


def _private(seat_view: Mapping[str, Any]) -> Any:
    """A seat's secrets: by the view contract (checked by the conformance suite), `private`."""
    return seat_view["private"]


class Changes(NamedTuple):
    """What one move changed: public lines, the new public view, each changed seat's view."""

    lines: list[str]
    public: View
    seats: dict[int, View]


def kept_line(line: object) -> str:
    """A log line as a str: a `Text` stays itself (str() would drop the id that draws it again
    in each reader's language), anything else becomes its text."""
    return line if isinstance(line, str) else str(line)


def move_changes(game: AnyGame, before: Any, after: Any, players: int) -> Changes:
    """The public log lines a move added and the seats whose private part changed."""
    public_before = game.view(before, None)
    public_after = game.view(after, None)
    lines = [kept_line(line) for line in new_lines(public_before["log"], public_after["log"])]
    seats: dict[int, View] = {}
    for seat in range(players):
        seat_after = game.view(after, seat)
        if _private(seat_after) != _private(game.view(before, seat)):
            seats[seat] = seat_after
    return Changes(lines, public_after, seats)


def normalise(text: str) -> str:
    """Case- and space-insensitive form of typed text, for matching descriptions."""
    return " ".join(text.split()).casefold()
