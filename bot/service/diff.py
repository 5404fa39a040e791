"""Pure helpers that tell what a move changed: new log lines and whose secrets moved."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import AnyGame

Path = tuple[object, ...]


def new_lines(before: Sequence[Any], after: Sequence[Any]) -> list[Any]:
    """Lines added between two log lists; copes with views that keep only the last N lines."""
    count = len(before)
    if list(after[:count]) == list(before):
        return list(after[count:])
    for overlap in range(min(count, len(after)), 0, -1):
        if list(before[count - overlap :]) == list(after[:overlap]):
            return list(after[overlap:])
    return list(after)


def secret_parts(public: Any, private: Any, path: Path = ()) -> list[tuple[Path, Any]]:
    """Every part of a seat's view that differs from the public view (log excluded)."""
    if public == private:  # one C-level comparison skips the walk of every shared part
        return []
    if isinstance(public, dict) and isinstance(private, dict):
        parts: list[tuple[Path, Any]] = []
        for key, value in private.items():
            if not path and key == "log":
                continue
            if key not in public:
                parts.append(((*path, key), value))
            else:
                parts.extend(secret_parts(public[key], value, (*path, key)))
        return parts
    if isinstance(public, list) and isinstance(private, list) and len(public) == len(private):
        parts = []
        for index, (pub, priv) in enumerate(zip(public, private, strict=True)):
            parts.extend(secret_parts(pub, priv, (*path, index)))
        return parts
    return [] if public == private else [(path, private)]


def move_changes(
    game: AnyGame, before: Any, after: Any, players: int
) -> tuple[list[Any], tuple[int, ...]]:
    """The public log lines a move added, and the seats whose secrets or private log changed."""
    public_before = game.view(before, None)
    public_after = game.view(after, None)
    public_lines = new_lines(public_before["log"], public_after["log"])
    changed: list[int] = []
    for seat in range(players):
        seat_before = game.view(before, seat)
        seat_after = game.view(after, seat)
        secrets_moved = secret_parts(public_before, seat_before) != secret_parts(
            public_after, seat_after
        )
        private_added = len(new_lines(seat_before["log"], seat_after["log"])) > len(public_lines)
        if secrets_moved or private_added:
            changed.append(seat)
    return public_lines, tuple(changed)


def normalise(text: str) -> str:
    """Case- and space-insensitive form of typed text, for matching descriptions."""
    return " ".join(text.split()).casefold()
