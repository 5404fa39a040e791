"""Asking the table: turn clock votes (store.votes) and undo requests (store.undo_requests).

Both are a question put to some players of a game, one answer each (the database refuses a
second: AlreadyVoted), and one result decided once. Neither changes the game's version; what
the answer leads to (a skipped turn, moves taken back) is its own versioned change.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.store.database import Database
from bot.store.errors import AlreadyVoted, Conflict
from bot.store.rows import UNDO_REQUESTS, VOTES, UndoRequestRow, VoteRow, dumps


class VoteRepository:
    """Votes on a turn whose clock ran out: opened once per turn, one ballot per voter."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def open(
        self,
        game_id: int,
        version: int,
        *,
        seat: int,
        user_id: int,
        voters: Sequence[int],
        choices: Sequence[str],
    ) -> int | None:
        """A new vote on the turn at `version`; None if that turn already has one."""
        try:
            async with self._db.transaction() as tx:
                cursor = await tx.execute(
                    "INSERT INTO turn_votes (game_id, version, seat, user_id, voters, choices,"
                    " opened_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        version,
                        seat,
                        user_id,
                        dumps(list(voters)),
                        dumps(list(choices)),
                        self._db.clock(),
                    ),
                )
        except Conflict:
            return None
        return cursor.lastrowid

    async def get(self, vote_id: int) -> VoteRow | None:
        """A vote with its ballots, or None."""
        row = await self._db.one("SELECT * FROM turn_votes WHERE id = ?", (vote_id,))
        if row is None:
            return None
        ballots = await self._db.all(
            "SELECT user_id, choice FROM turn_ballots WHERE vote_id = ?", (vote_id,)
        )
        return VOTES.one(row, ballots={int(b["user_id"]): str(b["choice"]) for b in ballots})

    async def cast(self, vote_id: int, user_id: int, choice: str) -> None:
        """One voter's ballot; AlreadyVoted on a second one."""
        try:
            async with self._db.transaction() as tx:
                await tx.execute(
                    "INSERT INTO turn_ballots (vote_id, user_id, choice, cast_at)"
                    " VALUES (?, ?, ?, ?)",
                    (vote_id, user_id, choice, self._db.clock()),
                )
        except Conflict as error:
            raise AlreadyVoted(f"user {user_id} voted in vote {vote_id} already") from error

    async def decide(self, vote_id: int, result: str) -> None:
        """Record what the majority chose (once)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE turn_votes SET result = ?, decided_at = ? WHERE id = ? AND result IS NULL",
                (result, self._db.clock(), vote_id),
            )


class UndoRequestRepository:
    """Undo requests that need the other players' consent: one answer per player."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def ask(
        self, game_id: int, version: int, *, user_id: int, seq: int, voters: Sequence[int]
    ) -> int:
        """A new consent request; returns its id."""
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "INSERT INTO undo_requests (game_id, version, user_id, seq, voters, asked_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, version, user_id, seq, json.dumps(list(voters)), self._db.clock()),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def get(self, request_id: int) -> UndoRequestRow | None:
        """A consent request with its answers, or None."""
        row = await self._db.one("SELECT * FROM undo_requests WHERE id = ?", (request_id,))
        if row is None:
            return None
        answers = await self._db.all(
            "SELECT user_id, agree FROM undo_answers WHERE request_id = ?", (request_id,)
        )
        return UNDO_REQUESTS.one(
            row, answers={int(a["user_id"]): bool(a["agree"]) for a in answers}
        )

    async def answer(self, request_id: int, user_id: int, agree: bool) -> None:
        """One player's answer; AlreadyVoted on a second one."""
        try:
            async with self._db.transaction() as tx:
                await tx.execute(
                    "INSERT INTO undo_answers (request_id, user_id, agree, answered_at)"
                    " VALUES (?, ?, ?, ?)",
                    (request_id, user_id, int(agree), self._db.clock()),
                )
        except Conflict as error:
            raise AlreadyVoted(f"user {user_id} answered undo {request_id} already") from error

    async def decide(self, request_id: int, result: str) -> None:
        """Close a request: 'agreed' (carried out) or 'refused' (once)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE undo_requests SET result = ?, decided_at = ? WHERE id = ?"
                " AND result IS NULL",
                (result, self._db.clock(), request_id),
            )
