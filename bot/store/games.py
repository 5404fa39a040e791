"""store.games: a game's row from lobby to end; each change one version-checked transaction.

Seats, moves and the snapshot are the same aggregate and share its transactions: starting a
game assigns the seats and stores the first snapshot (MoveRepository.save_snapshot) in the one
transaction that bumps its version; finishing one rates it in the same transaction
(RatingRepository.rate_in).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.store.database import Database
from bot.store.errors import Conflict, PlaceTaken, StoreError, UnknownGameId
from bot.store.moves import MoveRepository
from bot.store.ratings import Rater, RatingRepository
from bot.store.rows import BROKEN_GAMES, GAMES, BrokenGame, GameRow, dumps

PLACE_INDEX = "games_one_ongoing_per_place"  # the partial unique index: one game per place
_PLACE = "coalesce(thread_id, channel_id)"
_HOLDS_PLACE = "status IN ('lobby', 'active') AND broken IS NULL"
ENDINGS = ("finished", "cancelled", "abandoned")


class GameRepository:
    """Games: create, read, start, end, mark broken; seats and snapshot as the game needs."""

    def __init__(self, db: Database, moves: MoveRepository, ratings: RatingRepository) -> None:
        self._db = db
        self._moves = moves
        self._ratings = ratings

    async def create(
        self,
        *,
        game_type: str,
        guild_id: int | None,
        channel_id: int,
        thread_id: int | None,
        host_id: int,
        players: Sequence[tuple[int, str]],
        seed: int,
        options: Mapping[str, object],
        flags: Mapping[str, object] | None = None,
    ) -> GameRow:
        """A new lobby with its (user id, name) players in join order; PlaceTaken if busy."""
        now = self._db.clock()
        try:
            async with self._db.transaction() as tx:
                cursor = await tx.execute(
                    "INSERT INTO games (game_type, guild_id, channel_id, thread_id, status, seed,"
                    " options, version, host_id, created_at, updated_at, flags)"
                    " VALUES (?, ?, ?, ?, 'lobby', ?, ?, 0, ?, ?, ?, ?)",
                    (
                        game_type,
                        guild_id,
                        channel_id,
                        thread_id,
                        seed,
                        dumps(dict(options)),
                        host_id,
                        now,
                        now,
                        dumps(dict(flags or {})),
                    ),
                )
                game_id = cursor.lastrowid
                await tx.executemany(
                    "INSERT INTO seats (game_id, join_order, seat, user_id, display_name)"
                    " VALUES (?, ?, NULL, ?, ?)",
                    [(game_id, order, user, name) for order, (user, name) in enumerate(players)],
                )
        except Conflict as error:
            if error.constraint == PLACE_INDEX:
                raise PlaceTaken(f"place {thread_id or channel_id} already has a game") from error
            raise
        assert game_id is not None
        return await self.require(game_id)

    async def get(self, game_id: int) -> GameRow | None:
        """The game with this id, or None."""
        row = await self._db.one("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if row is None else GAMES.one(row)

    async def require(self, game_id: int) -> GameRow:
        """The game with this id; UnknownGameId if there is none."""
        game = await self.get(game_id)
        if game is None:
            raise UnknownGameId(f"no game {game_id}")
        return game

    async def ongoing_at(self, place_id: int) -> GameRow | None:
        """The lobby or active game in this channel or thread, if any."""
        row = await self._db.one(
            f"SELECT * FROM games WHERE {_PLACE} = ? AND {_HOLDS_PLACE}", (place_id,)
        )
        return None if row is None else GAMES.one(row)

    async def open(self) -> list[GameRow]:
        """Every lobby and active game that is not marked broken, oldest first."""
        rows = await self._db.all(
            f"SELECT * FROM games WHERE {_HOLDS_PLACE}{self._db.ours()} ORDER BY id"
        )
        return GAMES.all(rows)

    async def open_ids(self) -> list[int]:
        """The ids of open(), read without decoding: one bad row cannot stop start-up."""
        rows = await self._db.all(
            f"SELECT id FROM games WHERE {_HOLDS_PLACE}{self._db.ours()} ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def mark_broken(self, game_id: int, reason: str) -> None:
        """A game that cannot be loaded: say why, free its place, make its buttons stale."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE games SET broken = ?, version = version + 1, updated_at = ? WHERE id = ?",
                (reason, self._db.clock(), game_id),
            )

    async def broken(self) -> list[BrokenGame]:
        """Ongoing games marked broken (not yet abandoned), oldest first."""
        rows = await self._db.all(
            "SELECT * FROM games WHERE status IN ('lobby', 'active') AND broken IS NOT NULL"
            f"{self._db.ours()} ORDER BY id"
        )
        return BROKEN_GAMES.all(rows)

    async def start(
        self,
        game_id: int,
        version: int,
        seat_of_user: Mapping[int, int],
        state: Mapping[str, Any],
        *,
        state_format: int = 1,
        to_move: int | None = None,
    ) -> int:
        """Lobby -> active: assign seats and store the first snapshot; returns the new version.

        `to_move` (the seat deciding, NOBODY, None: not said) is kept beside the snapshot for
        the start-up index.
        """
        async with self._db.transaction() as tx:
            new_version = await self._db.bump(tx, game_id, version, ", status = 'active'")
            for user_id, seat in seat_of_user.items():
                cursor = await tx.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                    (seat, game_id, user_id),
                )
                if cursor.rowcount != 1:
                    raise StoreError(f"user {user_id} has no seat in game {game_id}")
            await self._moves.save_snapshot(
                tx, game_id, new_version, 0, state, state_format, to_move
            )
        return new_version

    async def end(
        self,
        game_id: int,
        version: int,
        status: str,
        *,
        result: Mapping[str, Any] | None = None,
        flags: Mapping[str, Any] | None = None,
        rate: Rater | None = None,
    ) -> int:
        """Finish, cancel or abandon a game (it frees its place); returns the new version.

        A finished game is rated by `rate` in the same transaction (the others never are).
        """
        if status not in ENDINGS:
            raise ValueError(f"{status!r} does not end a game")
        extra = ", status = ?, result = ?"
        params: list[object] = [status, None if result is None else dumps(dict(result))]
        if flags is not None:
            extra += ", flags = ?"
            params.append(dumps(dict(flags)))
        async with self._db.transaction() as tx:
            new_version = await self._db.bump(tx, game_id, version, extra, params)
            if status == "finished" and rate is not None:
                await self._ratings.rate_in(tx, game_id, rate)
        return new_version

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's current message (no version change: buttons stay valid)."""
        async with self._db.transaction() as tx:
            await tx.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))
