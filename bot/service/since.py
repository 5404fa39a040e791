"""Where each seat last acted in the public log, so the game message can say what happened since.

A mark is the length of the public log right after a seat's latest move. Marks live on the
session beside the version they belong to; after a restart, an undo or anything else that
changed the version without a move going through here, they are rebuilt once by replaying the
stored moves. Only public log lines are ever counted or shown.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from bot.engine import AnyGame, IllegalAction
from bot.service.diff import kept_line
from bot.service.model import Session
from bot.store import MoveRow, Store


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


async def refresh_marks(store: Store, s: Session) -> None:
    """Make the session's marks belong to its current version (a replay only when stale)."""
    if s.heard_version == s.version or s.state is None:
        return
    moves = await store.moves.of(s.game_id)
    seated = sum(1 for p in s.players if p.seat is not None)
    start = s.game.new_game(seated, s.seed, s.options)
    s.heard = await asyncio.to_thread(replay_marks, s.game, start, moves, s.state)
    s.heard_version = s.version


def mark_move(s: Session, seat: int, version_before: int, log_length: int) -> None:
    """After a committed move: the mover's mark moves on, if the marks were current before it."""
    if s.heard is None or s.heard_version != version_before:
        return
    s.heard = {**s.heard, seat: log_length}
    s.heard_version = s.version


def since_last_acted(s: Session, seat: int, log: Sequence[str]) -> tuple[str, ...] | None:
    """The public lines since `seat` last acted (all, if it never did); None when not known."""
    if s.heard is None or s.heard_version != s.version:
        return None
    return tuple(kept_line(line) for line in log[s.heard.get(seat, 0) :])
