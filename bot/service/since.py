"""Where each seat last acted in the public log, so the game message can say what happened since.

A mark is the length of the public log right after a seat's latest move. Marks are kept beside
the version they belong to (`Heard`); after a restart, an undo or anything else that changed
the version without a move going through here, they are rebuilt once by replaying the stored
moves. Only public log lines are ever counted or shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import AnyGame, IllegalAction
from bot.service.diff import kept_line
from bot.service.state import Heard
from bot.store import MoveRow


def replay_marks(
    game: AnyGame, start: Any, moves: Sequence[MoveRow], now: Any
) -> dict[int, int] | None:
    """Each seat's mark from replaying `moves` from `start`; None when they do not lead to `now`."""
    state, marks = start, {}
    try:
        for move in moves:
            state = game.apply(state, game.decode(move.action))
            marks[move.seat] = len(game.view(state, None)["log"])
    except (IllegalAction, ValueError, KeyError, TypeError):
        return None
    return marks if game.dump(state) == game.dump(now) else None


def after_move(heard: Heard, seat: int, before: int, after: int, log_length: int) -> Heard:
    """The marks after a committed move from version `before` to `after`: the mover's moves on,
    if the marks were current before it; else they stay as they were (stale)."""
    if heard.marks is None or heard.version != before:
        return heard
    return Heard({**heard.marks, seat: log_length}, after)


def since_last_acted(
    heard: Heard, version: int, seat: int, log: Sequence[str]
) -> tuple[str, ...] | None:
    """The public lines since `seat` last acted (all, if it never did); None when not known."""
    start = heard.since(version, seat)
    return None if start is None else tuple(kept_line(line) for line in log[start:])
