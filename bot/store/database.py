"""The Store: the one place that speaks SQL (sqlite or PostgreSQL, one transaction per change)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping, Sequence
from typing import Any

from bot.store.archive import ArchiveRows
from bot.store.backend import Tx
from bot.store.boards import BoardRecords
from bot.store.connection import Connection
from bot.store.index import IndexRows
from bot.store.languages import LanguageRows
from bot.store.ratings import Rater, RatingRows
from bot.store.records import (
    AlreadyVoted,
    BrokenGame,
    GameRow,
    MoveRow,
    PlaceTaken,
    SeatRow,
    Snapshot,
    StaleVersion,
    StoreError,
    UnknownGameId,
    VoteRow,
    broken_game,
    dumps,
    game_row,
    move_row,
    seat_row,
    snapshot_row,
)
from bot.store.shards import GUARD, NotServedHere, ShardClaims
from bot.store.timers import TimerRows
from bot.store.undo import UndoRows

_PLACE = "coalesce(thread_id, channel_id)"
_HOLDS_PLACE = "status IN ('lobby', 'active') AND broken IS NULL"


def _flag(value: bool | None) -> int | None:
    return None if value is None else int(value)


class Store(
    Connection,
    ShardClaims,
    TimerRows,
    BoardRecords,
    ArchiveRows,
    UndoRows,
    RatingRows,
    LanguageRows,
    IndexRows,
):
    """Games, seats, moves and snapshots: every change one transaction with a version check."""

    # -- games ------------------------------------------------------------------------------

    async def create_game(
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
        now = self._clock()
        try:
            async with self._transaction() as db:
                cursor = await db.execute(
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
                await db.executemany(
                    "INSERT INTO seats (game_id, join_order, seat, user_id, display_name)"
                    " VALUES (?, ?, NULL, ?, ?)",
                    [(game_id, order, user, name) for order, (user, name) in enumerate(players)],
                )
        except sqlite3.IntegrityError as error:
            if "games_one_ongoing_per_place" in str(error):
                raise PlaceTaken(f"place {thread_id or channel_id} already has a game") from error
            raise
        assert game_id is not None
        return await self.require_game(game_id)

    async def game(self, game_id: int) -> GameRow | None:
        """The game with this id, or None."""
        row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if row is None else game_row(row)

    async def require_game(self, game_id: int) -> GameRow:
        """The game with this id; UnknownGameId if there is none."""
        game = await self.game(game_id)
        if game is None:
            raise UnknownGameId(f"no game {game_id}")
        return game

    async def ongoing_game_at(self, place_id: int) -> GameRow | None:
        """The lobby or active game in this channel or thread, if any."""
        row = await self._one(
            f"SELECT * FROM games WHERE {_PLACE} = ? AND {_HOLDS_PLACE}",
            (place_id,),
        )
        return None if row is None else game_row(row)

    async def open_games(self) -> list[GameRow]:
        """Every lobby and active game that is not marked broken, oldest first."""
        rows = await self._all(
            f"SELECT * FROM games WHERE {_HOLDS_PLACE}{self._ours()} ORDER BY id"
        )
        return [game_row(row) for row in rows]

    async def open_game_ids(self) -> list[int]:
        """The ids of open_games(), read without decoding: one bad row cannot stop start-up."""
        rows = await self._all(
            f"SELECT id FROM games WHERE {_HOLDS_PLACE}{self._ours()} ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def mark_broken(self, game_id: int, reason: str) -> None:
        """A game that cannot be loaded: say why, free its place, make its buttons stale."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET broken = ?, version = version + 1, updated_at = ? WHERE id = ?",
                (reason, self._clock(), game_id),
            )

    async def broken_games(self) -> list[BrokenGame]:
        """Ongoing games marked broken (not yet abandoned), oldest first."""
        rows = await self._all(
            "SELECT * FROM games WHERE status IN ('lobby', 'active') AND broken IS NOT NULL"
            f"{self._ours()} ORDER BY id"
        )
        return [broken_game(row) for row in rows]

    # -- seats ------------------------------------------------------------------------------

    async def seats(self, game_id: int) -> list[SeatRow]:
        """The players of a game: by seat once started, by join order in the lobby."""
        rows = await self._all(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY coalesce(seat, -1), join_order",
            (game_id,),
        )
        return [seat_row(row) for row in rows]

    async def add_seat(self, game_id: int, version: int, user_id: int, name: str) -> int:
        """Join a lobby; returns the new game version."""
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version)
            await db.execute(
                "INSERT INTO seats (game_id, join_order, seat, user_id, display_name)"
                " VALUES (?, (SELECT coalesce(max(join_order), -1) + 1 FROM seats"
                " WHERE game_id = ?), NULL, ?, ?)",
                (game_id, game_id, user_id, name),
            )
        return new_version

    async def remove_seat(
        self, game_id: int, version: int, user_id: int, *, new_host: int | None = None
    ) -> int:
        """Leave a lobby (optionally handing the host role on); returns the new version."""
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version)
            await db.execute(
                "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if new_host is not None:
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (new_host, game_id))
        return new_version

    async def add_computer(
        self, game_id: int, version: int, user_id: int, name: str, level: str
    ) -> int:
        """A computer player joins a lobby (a synthetic negative user id); the new version."""
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version)
            await db.execute(
                "INSERT INTO seats (game_id, join_order, seat, user_id, display_name,"
                " controller, level) VALUES (?, (SELECT coalesce(max(join_order), -1) + 1"
                " FROM seats WHERE game_id = ?), NULL, ?, ?, 'auto', ?)",
                (game_id, game_id, user_id, name, level),
            )
        return new_version

    async def hand_over_seat(self, game_id: int, version: int, seat: int, departure: str) -> int:
        """The automatic player takes a seat ('resigned' or 'timed out'); the new version."""
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version)
            cursor = await db.execute(
                "UPDATE seats SET controller = 'auto', departure = ?"
                " WHERE game_id = ? AND seat = ? AND controller = 'human'",
                (departure, game_id, seat),
            )
            if cursor.rowcount != 1:
                raise StoreError(f"seat {seat} of game {game_id} has no player to replace")
        return new_version

    async def set_dm_ok(self, game_id: int, user_id: int, ok: bool) -> None:
        """Remember whether DMs to this player work for this game (no version change)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET dm_ok = ? WHERE game_id = ? AND user_id = ?",
                (int(ok), game_id, user_id),
            )

    async def hand_message(self, game_id: int, user_id: int) -> int | None:
        """The DM showing this player's hand in this game, if one was sent."""
        rows = await self._all(
            "SELECT hand_message_id FROM seats WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        )
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    async def set_hand_message(self, game_id: int, user_id: int, message_id: int | None) -> None:
        """Remember the hand DM to edit next time (no version change: buttons stay valid)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET hand_message_id = ? WHERE game_id = ? AND user_id = ?",
                (message_id, game_id, user_id),
            )

    # -- game life --------------------------------------------------------------------------

    async def _bump(
        self,
        db: Tx,
        game_id: int,
        version: int,
        extra: str = "",
        params: Sequence[object] = (),
    ) -> int:
        """The optimistic lock: version + 1 only if it is still `version`, else StaleVersion.

        Every versioned change passes here inside its transaction, on both backends; a process
        serving shards also needs its token still on the game's shard (bot/store/shards.py).
        """
        guard, token = ("", ()) if self._holder is None else (GUARD, (self._holder,))
        cursor = await db.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?{extra}"
            f" WHERE id = ? AND version = ?{guard}",
            (self._clock(), *params, game_id, version, *token),
        )
        if cursor.rowcount != 1:
            await self._why_stale(db, game_id, version)
        return version + 1

    async def _why_stale(self, db: Tx, game_id: int, version: int) -> None:
        """Zero rows changed: NotServedHere when this process no longer holds the game's shard
        (whatever the version: the new holder may have moved it already), else StaleVersion."""
        if self._holder is not None:
            cursor = await db.execute(
                f"SELECT 1 FROM games WHERE id = ?{GUARD}", (game_id, self._holder)
            )
            if await cursor.fetchone() is None:
                raise NotServedHere(f"game {game_id} is served by another bot process now")
        raise StaleVersion(f"game {game_id} is no longer at version {version}")

    async def start_game(
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
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version, ", status = 'active'", ())
            for user_id, seat in seat_of_user.items():
                cursor = await db.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                    (seat, game_id, user_id),
                )
                if cursor.rowcount != 1:
                    raise StoreError(f"user {user_id} has no seat in game {game_id}")
            await self._snapshot(db, game_id, new_version, 0, state, state_format, to_move)
        return new_version

    async def record_move(
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
    ) -> int:
        """One move, one transaction: version check, append the move, snapshot; new version.

        With a `result` the game is finished in the same transaction, and rated by `rate`.
        """
        finish = ", status = 'finished', result = ?" if result is not None else ""
        params = (dumps(dict(result)),) if result is not None else ()
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version, finish, params)
            cursor = await db.execute(
                "SELECT coalesce(max(seq), 0) + 1 FROM moves WHERE game_id = ?", (game_id,)
            )
            row = await cursor.fetchone()
            seq = int(row[0]) if row is not None else 1
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, action, user_id, created_at, quiet)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, action, user_id, self._clock(), _flag(quiet)),
            )
            await self._snapshot(db, game_id, new_version, seq, state, state_format, to_move)
            if result is not None and rate is not None:
                await self._rate_game(db, game_id, rate)
        return new_version

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
        """The game's one snapshot, replaced, with the seat to move beside it (the index's)."""
        await db.execute(
            "INSERT INTO snapshots (game_id, version, seq, state, format, to_move)"
            " VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version,"
            " seq = excluded.seq, state = excluded.state, format = excluded.format,"
            " to_move = excluded.to_move",
            (game_id, version, seq, dumps(dict(state)), state_format, to_move),
        )

    async def end_game(
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
        if status not in ("finished", "cancelled", "abandoned"):
            raise ValueError(f"{status!r} does not end a game")
        extra = ", status = ?, result = ?"
        params: list[object] = [status, None if result is None else dumps(dict(result))]
        if flags is not None:
            extra += ", flags = ?"
            params.append(dumps(dict(flags)))
        async with self._transaction() as db:
            new_version = await self._bump(db, game_id, version, extra, params)
            if status == "finished" and rate is not None:
                await self._rate_game(db, game_id, rate)
        return new_version

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's current message (no version change: buttons stay valid)."""
        async with self._transaction() as db:
            await db.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))

    # -- turn clock votes -------------------------------------------------------------------

    async def open_vote(
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
            async with self._transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO turn_votes (game_id, version, seat, user_id, voters, choices,"
                    " opened_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        version,
                        seat,
                        user_id,
                        dumps(list(voters)),
                        dumps(list(choices)),
                        self._clock(),
                    ),
                )
        except sqlite3.IntegrityError:
            return None
        return cursor.lastrowid

    async def vote(self, vote_id: int) -> VoteRow | None:
        """A vote with its ballots, or None."""
        row = await self._one("SELECT * FROM turn_votes WHERE id = ?", (vote_id,))
        if row is None:
            return None
        ballots = await self._all(
            "SELECT user_id, choice FROM turn_ballots WHERE vote_id = ?", (vote_id,)
        )
        return VoteRow(
            id=row["id"],
            game_id=row["game_id"],
            version=row["version"],
            seat=row["seat"],
            user_id=row["user_id"],
            voters=tuple(json.loads(row["voters"])),
            choices=tuple(json.loads(row["choices"])),
            result=row["result"],
            ballots={int(b["user_id"]): str(b["choice"]) for b in ballots},
        )

    async def cast_ballot(self, vote_id: int, user_id: int, choice: str) -> None:
        """One voter's ballot; AlreadyVoted on a second one."""
        try:
            async with self._transaction() as db:
                await db.execute(
                    "INSERT INTO turn_ballots (vote_id, user_id, choice, cast_at)"
                    " VALUES (?, ?, ?, ?)",
                    (vote_id, user_id, choice, self._clock()),
                )
        except sqlite3.IntegrityError as error:
            raise AlreadyVoted(f"user {user_id} voted in vote {vote_id} already") from error

    async def decide_vote(self, vote_id: int, result: str) -> None:
        """Record what the majority chose (once)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE turn_votes SET result = ?, decided_at = ? WHERE id = ? AND result IS NULL",
                (result, self._clock(), vote_id),
            )

    # -- moves and snapshots ----------------------------------------------------------------

    async def moves(self, game_id: int) -> list[MoveRow]:
        """Every move of a game that still counts (not taken back), in order: what replays use."""
        rows = await self._all(
            "SELECT * FROM moves WHERE game_id = ? AND undone_at IS NULL ORDER BY seq", (game_id,)
        )
        return [move_row(row) for row in rows]

    async def snapshot(self, game_id: int) -> Snapshot | None:
        """The latest stored state of a started game."""
        row = await self._one("SELECT * FROM snapshots WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        return snapshot_row(row)
