"""store.takeovers: a person taking over a seat the automatic player holds for a player who left.

A request is a question to the people seated (one answer each, AlreadyVoted on a second; one
open request per seat, a second one is None, until the first is decided, lapses after a
while, or the seat is taken). Taking the seat is one versioned change: the
seats row becomes the newcomer's and its earlier holder is written to seat_holders, so /stats
still counts the game for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.store.database import Database
from bot.store.errors import AlreadyVoted, Conflict, StoreError
from bot.store.mapper import RowMapper
from bot.store.rows import dumps


@dataclass(frozen=True, slots=True)
class SeatRequestRow:
    """Someone asks to take `seat`: who may answer, the answers so far, the result."""

    id: int
    game_id: int
    version: int
    seat: int
    user_id: int
    display_name: str
    voters: tuple[int, ...]
    result: str | None
    answers: dict[int, bool]


@dataclass(frozen=True, slots=True)
class HolderRow:
    """A person who held a seat before someone took it over."""

    game_id: int
    seat: int
    user_id: int
    display_name: str
    departure: str
    taken_by: int
    taken_name: str
    version: int
    moves: int
    log_lines: int
    taken_at: str


REQUESTS = RowMapper(SeatRequestRow, "seat request #{id} of game #{game_id}")
HOLDERS = RowMapper(HolderRow, "seat {seat} of game #{game_id}")
_LEFT_SEAT = (
    "WHERE game_id = ? AND seat = ? AND controller = 'auto' AND departure IS NOT NULL"
    " AND level IS NULL"
)


class TakeoverRepository:
    """Requests to take a left seat, their answers, and the take-over itself."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def ask(
        self,
        game_id: int,
        version: int,
        *,
        seat: int,
        newcomer: tuple[int, str],
        voters: Sequence[int],
        lapse_after: timedelta,
    ) -> int | None:
        """A new request (user id and name of who asks) at `version`; an open one asked more
        than `lapse_after` ago lapses first; None if the seat has an open request still."""
        user_id, name = newcomer
        cutoff = datetime.fromisoformat(self._db.clock()) - lapse_after
        try:
            async with self._db.transaction() as tx:
                await tx.execute(
                    "UPDATE seat_requests SET result = 'lapsed', decided_at = ? WHERE game_id = ?"
                    " AND seat = ? AND result IS NULL AND asked_at < ?",
                    (self._db.clock(), game_id, seat, cutoff.isoformat(timespec="seconds")),
                )
                cursor = await tx.execute(
                    "INSERT INTO seat_requests (game_id, version, seat, user_id, display_name,"
                    " voters, asked_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, version, seat, user_id, name, dumps(list(voters)), self._db.clock()),
                )
        except Conflict:
            return None
        return cursor.lastrowid

    async def open_request(self, game_id: int, seat: int) -> SeatRequestRow | None:
        """The seat's open request, if there is one (lapsed or not)."""
        row = await self._db.one(
            "SELECT id FROM seat_requests WHERE game_id = ? AND seat = ? AND result IS NULL",
            (game_id, seat),
        )
        return None if row is None else await self.get(int(row[0]))

    async def get(self, request_id: int) -> SeatRequestRow | None:
        """A request with its answers, or None."""
        row = await self._db.one("SELECT * FROM seat_requests WHERE id = ?", (request_id,))
        if row is None:
            return None
        answers = await self._db.all(
            "SELECT user_id, agree FROM seat_answers WHERE request_id = ?", (request_id,)
        )
        return REQUESTS.one(row, answers={int(a["user_id"]): bool(a["agree"]) for a in answers})

    async def answer(self, request_id: int, user_id: int, agree: bool) -> None:
        """One answer; AlreadyVoted on a second one from the same person."""
        try:
            async with self._db.transaction() as tx:
                await tx.execute(
                    "INSERT INTO seat_answers (request_id, user_id, agree, answered_at)"
                    " VALUES (?, ?, ?, ?)",
                    (request_id, user_id, int(agree), self._db.clock()),
                )
        except Conflict as error:
            raise AlreadyVoted(f"user {user_id} answered seat request {request_id}") from error

    async def decide(self, request_id: int, result: str) -> None:
        """Close a request: 'taken' or 'refused' (once)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE seat_requests SET result = ?, decided_at = ? WHERE id = ?"
                " AND result IS NULL",
                (result, self._db.clock(), request_id),
            )

    async def take(
        self,
        game_id: int,
        version: int,
        seat: int,
        newcomer: tuple[int, str],
        log_lines: int,
        deciding: int | None = None,
    ) -> int:
        """The newcomer (user id, name) takes the left seat when the public log is `log_lines`
        long: its earlier holder is kept, the seat's other open requests lapse (not
        `deciding`, the one that gave it, closed by its caller); the new version."""
        user_id, name = newcomer
        async with self._db.transaction() as tx:
            new_version = await self._db.bump(tx, game_id, version)
            await tx.execute(
                "INSERT INTO seat_holders (game_id, seat, user_id, display_name, departure,"
                " taken_by, taken_name, version, moves, log_lines, taken_at) SELECT game_id,"
                " seat, user_id, display_name, departure, ?, ?, ?, (SELECT count(*) FROM moves m"
                " WHERE m.game_id = seats.game_id AND m.undone_at IS NULL), ?, ? FROM seats"
                f" {_LEFT_SEAT}",
                (user_id, name, new_version, log_lines, self._db.clock(), game_id, seat),
            )
            cursor = await tx.execute(
                "UPDATE seats SET user_id = ?, display_name = ?, controller = 'human',"
                f" departure = NULL, dm_ok = 1, hand_message_id = NULL {_LEFT_SEAT}",
                (user_id, name, game_id, seat),
            )
            if cursor.rowcount != 1:
                raise StoreError(f"seat {seat} of game {game_id} is not a left seat")
            await tx.execute(
                "UPDATE seat_requests SET result = 'lapsed', decided_at = ? WHERE game_id = ?"
                " AND seat = ? AND result IS NULL AND id <> ?",
                (self._db.clock(), game_id, seat, -1 if deciding is None else deciding),
            )
        return new_version

    async def holders(self, game_id: int) -> list[HolderRow]:
        """Everyone who held a seat of the game before it was taken over, in order."""
        rows = await self._db.all(
            "SELECT * FROM seat_holders WHERE game_id = ? ORDER BY version", (game_id,)
        )
        return HOLDERS.all(rows)
