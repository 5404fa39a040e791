"""Undo in the store: taking moves back (kept in the log, marked undone) and consent requests."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.store.backend import Row, Tx
from bot.store.records import AlreadyVoted, MoveRow, UndoRequestRow, move_row


class UndoRows:
    """Store methods for undo; mixed into Store, which provides the plumbing."""

    _clock: Callable[[], str]

    def _transaction(self) -> AbstractAsyncContextManager[Tx]:
        raise NotImplementedError

    async def _all(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        raise NotImplementedError

    async def _one(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        raise NotImplementedError

    async def _bump(
        self,
        db: Tx,
        game_id: int,
        version: int,
        extra: str = "",
        params: Sequence[object] = (),
    ) -> int:
        raise NotImplementedError

    async def _snapshot(
        self,
        db: Tx,
        game_id: int,
        version: int,
        seq: int,
        state: Mapping[str, Any],
        state_format: int,
        to_move: int | None = None,
    ) -> None:
        raise NotImplementedError

    async def all_moves(self, game_id: int) -> list[MoveRow]:
        """Every move of a game, the ones taken back too (marked), in order."""
        rows = await self._all("SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        return [move_row(row) for row in rows]

    async def last_move(self, game_id: int) -> MoveRow | None:
        """The last move that still counts, if any (whether it may be taken back at once)."""
        row = await self._one(
            "SELECT * FROM moves WHERE game_id = ? AND undone_at IS NULL ORDER BY seq DESC LIMIT 1",
            (game_id,),
        )
        return None if row is None else move_row(row)

    async def take_back(
        self,
        game_id: int,
        version: int,
        *,
        from_seq: int,
        user_id: int,
        state: Mapping[str, Any],
        covers: int,
        state_format: int = 1,
        to_move: int | None = None,
    ) -> int:
        """One transaction: version check, moves from `from_seq` on marked undone, the state
        before them stored as the snapshot (covering move `covers`); returns the new version.
        """
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version)
            await db.execute(
                "UPDATE moves SET undone_at = ?, undone_by = ?"
                " WHERE game_id = ? AND seq >= ? AND undone_at IS NULL",
                (self._clock(), user_id, game_id, from_seq),
            )
            await self._snapshot(db, game_id, new_version, covers, state, state_format, to_move)
        return new_version

    async def ask_undo(
        self, game_id: int, version: int, *, user_id: int, seq: int, voters: Sequence[int]
    ) -> int:
        """A new consent request; returns its id."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO undo_requests (game_id, version, user_id, seq, voters, asked_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, version, user_id, seq, json.dumps(list(voters)), self._clock()),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def undo_request(self, request_id: int) -> UndoRequestRow | None:
        """A consent request with its answers, or None."""
        row = await self._one("SELECT * FROM undo_requests WHERE id = ?", (request_id,))
        if row is None:
            return None
        answers = await self._all(
            "SELECT user_id, agree FROM undo_answers WHERE request_id = ?", (request_id,)
        )
        return UndoRequestRow(
            id=row["id"],
            game_id=row["game_id"],
            version=row["version"],
            user_id=row["user_id"],
            seq=row["seq"],
            voters=tuple(int(v) for v in json.loads(row["voters"])),
            result=row["result"],
            answers={int(a["user_id"]): bool(a["agree"]) for a in answers},
        )

    async def answer_undo(self, request_id: int, user_id: int, agree: bool) -> None:
        """One player's answer; AlreadyVoted on a second one."""
        try:
            async with self._transaction() as db:
                await db.execute(
                    "INSERT INTO undo_answers (request_id, user_id, agree, answered_at)"
                    " VALUES (?, ?, ?, ?)",
                    (request_id, user_id, int(agree), self._clock()),
                )
        except sqlite3.IntegrityError as error:
            raise AlreadyVoted(f"user {user_id} answered undo {request_id} already") from error

    async def decide_undo(self, request_id: int, result: str) -> None:
        """Close a request: 'agreed' (carried out) or 'refused' (once)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE undo_requests SET result = ?, decided_at = ? WHERE id = ?"
                " AND result IS NULL",
                (result, self._clock(), request_id),
            )
