"""store.moves: the move log and the snapshot after it; one move = one transaction.

A move's transaction: the game's version check (Database.bump, which may also finish the game),
the move appended, the game's one snapshot replaced, the new version's deadlines (turn clock,
reminder) in place of the old ones, and, when the move finishes the game, its ratings
(RatingRepository.rate_in). Taking moves back marks them undone (they stay in the log)
and stores the state before them, also in one version-checked transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.store.backend import Tx
from bot.store.database import Database
from bot.store.ratings import Rater, RatingRepository
from bot.store.rows import MOVES, SNAPSHOTS, MoveRow, Snapshot, dumps
from bot.store.timers import NewTimer, TimerRepository

_NEXT_SEQ = "(SELECT coalesce(max(seq), 0) + 1 FROM moves WHERE game_id = ?)"
_LAST_SEQ = "(SELECT max(seq) FROM moves WHERE game_id = ?)"


def _flag(value: bool | None) -> int | None:
    return None if value is None else int(value)


class MoveRepository:
    """Moves, taking them back, and the snapshot a game is loaded from."""

    def __init__(self, db: Database, ratings: RatingRepository, timers: TimerRepository) -> None:
        self._db = db
        self._ratings = ratings
        self._timers = timers

    async def record(
        self,
        game_id: int,
        version: int,
        *,
        seat: int,
        action: str,
        user_id: int | None,
        state: Mapping[str, Any],
        result: Mapping[str, Any] | None = None,
        state_format: int = 1,
        quiet: bool | None = None,
        rate: Rater | None = None,
        to_move: int | None = None,
        deadlines: Sequence[NewTimer] | None = None,
    ) -> int:
        """One move, one transaction: version check, append the move, snapshot; new version.

        With a `result` the game is finished in the same transaction, and rated by `rate`.
        `deadlines` (not None) replace the game's pending ones with the new version's, in the
        same transaction: a stored move always has its turn clock.
        """
        finish = ", status = 'finished', result = ?" if result is not None else ""
        params = (dumps(dict(result)),) if result is not None else ()
        async with self._db.transaction() as tx:
            new_version = await self._db.bump(tx, game_id, version, finish, params)
            # The move and the snapshot find its number themselves, and go with the commit:
            # one trip to the database for the whole move after the version check.
            tx.later(
                "INSERT INTO moves (game_id, seq, seat, action, user_id, created_at, quiet)"
                f" VALUES (?, {_NEXT_SEQ}, ?, ?, ?, ?, ?)",
                (game_id, game_id, seat, action, user_id, self._db.clock(), _flag(quiet)),
            )
            await self.save_snapshot(tx, game_id, new_version, None, state, state_format, to_move)
            if deadlines is not None:
                self._timers.schedule_in(tx, game_id, new_version, deadlines)
            if result is not None and rate is not None:
                await self._ratings.rate_in(tx, game_id, rate)
        return new_version

    async def save_snapshot(
        self,
        tx: Tx,
        game_id: int,
        version: int,
        seq: int | None,
        state: Mapping[str, Any],
        state_format: int,
        to_move: int | None = None,
    ) -> None:
        """In the caller's transaction (queued: it goes with the next statement or the
        commit): the game's one snapshot, replaced, with the seat to move beside it (the
        start-up index's). `seq` None: after the game's last move."""
        number, given = ("?", (seq,)) if seq is not None else (_LAST_SEQ, (game_id,))
        tx.later(
            "INSERT INTO snapshots (game_id, version, seq, state, format, to_move)"
            f" VALUES (?, ?, {number}, ?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,"
            " seq = excluded.seq, state = excluded.state, format = excluded.format,"
            " to_move = excluded.to_move",
            (game_id, version, *given, dumps(dict(state)), state_format, to_move),
        )

    async def of(self, game_id: int) -> list[MoveRow]:
        """Every move of a game that still counts (not taken back), in order: what replays use."""
        rows = await self._db.all(
            "SELECT * FROM moves WHERE game_id = ? AND undone_at IS NULL ORDER BY seq", (game_id,)
        )
        return MOVES.all(rows)

    async def including_taken_back(self, game_id: int) -> list[MoveRow]:
        """Every move of a game, the ones taken back too (marked), in order."""
        rows = await self._db.all("SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        return MOVES.all(rows)

    async def last(self, game_id: int) -> MoveRow | None:
        """The last move that still counts, if any (whether it may be taken back at once)."""
        row = await self._db.one(
            "SELECT * FROM moves WHERE game_id = ? AND undone_at IS NULL ORDER BY seq DESC LIMIT 1",
            (game_id,),
        )
        return None if row is None else MOVES.one(row)

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
        async with self._db.transaction() as tx:
            new_version = await self._db.bump(tx, game_id, version)
            await tx.execute(
                "UPDATE moves SET undone_at = ?, undone_by = ?"
                " WHERE game_id = ? AND seq >= ? AND undone_at IS NULL",
                (self._db.clock(), user_id, game_id, from_seq),
            )
            await self.save_snapshot(tx, game_id, new_version, covers, state, state_format, to_move)
        return new_version

    async def snapshot(self, game_id: int) -> Snapshot | None:
        """The latest stored state of a started game."""
        row = await self._db.one("SELECT * FROM snapshots WHERE game_id = ?", (game_id,))
        return None if row is None else SNAPSHOTS.one(row)
