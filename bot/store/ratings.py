"""Ratings in the store: reading and writing rating rows, and the facts /stats is built from.

A mixin of Store. Rating a finished game happens inside the transaction that finishes it
(`_rate_game`, called by record_move and end_game with a rater): the service's rater turns the
seats and prior ratings into new ones; this module only reads and writes rows. SQL here is
plain enough for sqlite and PostgreSQL alike (`?` placeholders, ON CONFLICT upserts).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.store.backend import Row, Tx
from bot.store.shard_locks import RATING_KEY, SCHEMA

GLOBAL = 0  # the scope of ratings across all servers (server ids are positive)


@dataclass(frozen=True, slots=True)
class Entrant:
    """One seat of a finished game as rating sees it: who, and where the game placed them."""

    seat: int
    player: str  # 'user:<id>' or 'computer:<level>'
    user_id: int | None  # None for a computer player
    name: str
    place: int  # the stored ranking's place (1 is first)
    departed: bool  # resigned or timed out: rated last whatever the board said


@dataclass(frozen=True, slots=True)
class NewRating:
    """What a rater says about one identity after one game."""

    player: str
    mu: float
    sigma: float
    won: bool


Rater = Callable[[Sequence[Entrant], Mapping[str, tuple[float, float]]], Sequence[NewRating]]


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One identity's rating in one game type and scope, with its games and wins."""

    game_type: str
    scope: int
    player: str
    user_id: int | None
    name: str
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class PlayedSeat:
    """One finished game of a server as one of its players saw it (for /stats)."""

    game_id: int
    game_type: str
    seat: int
    departed: bool
    result: dict[str, object]
    opponents: tuple[str, ...]


def identity(user_id: int, level: str | None, departure: str | None) -> str:
    """The rated identity of a seat: a lobby computer player is its level, anyone else the user."""
    if level is not None and departure is None and user_id < 0:
        return f"computer:{level}"
    return f"user:{user_id}"


def rating_row(row: Row) -> RatingRow:
    """A ratings row."""
    return RatingRow(
        game_type=row["game_type"],
        scope=row["scope"],
        player=row["player"],
        user_id=row["user_id"],
        name=row["name"],
        mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        games=int(row["games"]),
        wins=int(row["wins"]),
    )


_UPSERT = (
    "INSERT INTO ratings (game_type, scope, player, user_id, name, mu, sigma, games, wins,"
    " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
    " ON CONFLICT (game_type, scope, player) DO UPDATE SET user_id = excluded.user_id,"
    " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
    " games = ratings.games + 1, wins = ratings.wins + excluded.wins,"
    " updated_at = excluded.updated_at"
)
_SEATS = (
    "SELECT seat, user_id, display_name, level, departure FROM seats"
    " WHERE game_id = ? AND seat IS NOT NULL ORDER BY seat"
)


async def _fetch(db: Tx, sql: str, params: Sequence[object]) -> list[Row]:
    return (await db.execute(sql, params)).rows


class RatingRows:
    """Store methods for ratings, the rating order of games, and per-player statistics."""

    if TYPE_CHECKING:
        _clock: Callable[[], str]

        @property
        def dialect(self) -> str:
            """Which database this is (Connection.dialect)."""
            ...

        def _transaction(self) -> AbstractAsyncContextManager[Tx]: ...

        async def _all(self, sql: str, params: Sequence[object] = ()) -> list[Row]: ...

        async def _one(self, sql: str, params: Sequence[object] = ()) -> Row | None: ...

    async def _rate_game(self, db: Tx, game_id: int, rate: Rater) -> None:
        """Rate a finished game once, in the caller's transaction, server scope and global."""
        if self.dialect == "postgresql":
            # Games finishing at once are rated one after the other, as sqlite's single writer
            # does: each reads the ratings the other wrote and takes the next position (both
            # computed them from the same rows and one move failed on the unique position).
            await db.execute(f"SELECT pg_advisory_xact_lock({SCHEMA}, {RATING_KEY})")
        games = await _fetch(
            db, "SELECT game_type, guild_id, status, result FROM games WHERE id = ?", (game_id,)
        )
        done = await _fetch(db, "SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,))
        if not games or done or games[0]["status"] != "finished" or games[0]["result"] is None:
            return
        game = games[0]
        ranking = list(json.loads(game["result"])["ranking"])
        entrants = [
            Entrant(
                seat=row["seat"],
                player=identity(row["user_id"], row["level"], row["departure"]),
                user_id=None if row["user_id"] < 0 else row["user_id"],
                name=row["display_name"],
                place=int(ranking[row["seat"]]),
                departed=row["departure"] is not None,
            )
            for row in await _fetch(db, _SEATS, (game_id,))
        ]
        if len(entrants) < 2:
            return
        now = self._clock()
        scopes = [GLOBAL] if game["guild_id"] is None else [game["guild_id"], GLOBAL]
        for scope in scopes:
            await self._rate_scope(db, game["game_type"], scope, entrants, rate, now)
        await db.execute(
            "INSERT INTO rated_games (game_id, position, rated_at) VALUES"
            " (?, (SELECT coalesce(max(position), 0) + 1 FROM rated_games), ?)",
            (game_id, now),
        )

    async def _rate_scope(
        self,
        db: Tx,
        game_type: str,
        scope: int,
        entrants: Sequence[Entrant],
        rate: Rater,
        now: str,
    ) -> None:
        players = sorted({e.player for e in entrants})
        marks = ", ".join("?" for _ in players)
        rows = await _fetch(
            db,
            f"SELECT player, mu, sigma FROM ratings WHERE game_type = ? AND scope = ?"
            f" AND player IN ({marks})",
            (game_type, scope, *players),
        )
        priors = {str(r["player"]): (float(r["mu"]), float(r["sigma"])) for r in rows}
        first = {e.player: e for e in entrants}
        for new in rate(entrants, priors):
            who = first[new.player]
            await db.execute(
                _UPSERT,
                (
                    game_type,
                    scope,
                    new.player,
                    who.user_id,
                    who.name,
                    new.mu,
                    new.sigma,
                    int(new.won),
                    now,
                ),
            )

    async def rebuild_ratings(self, rate: Rater) -> int:
        """Forget every rating and rate all finished games again, in the order they were rated
        (games finished before ratings existed first, oldest first); the number rated."""
        async with self._transaction() as db:
            rows = await _fetch(
                db,
                "SELECT g.id, r.position FROM games g LEFT JOIN rated_games r ON r.game_id = g.id"
                " WHERE g.status = 'finished' AND g.result IS NOT NULL",
                (),
            )
            order = sorted(
                (row["position"] is not None, row["position"] or 0, row["id"]) for row in rows
            )
            await db.execute("DELETE FROM ratings")
            await db.execute("DELETE FROM rated_games")
            for _, _, game_id in order:
                await self._rate_game(db, game_id, rate)
            counted = await _fetch(db, "SELECT count(*) FROM rated_games", ())
        return int(counted[0][0])

    # -- reading ----------------------------------------------------------------------------

    async def top_ratings(
        self, game_type: str, scope: int, z: float, limit: int = 10
    ) -> list[RatingRow]:
        """The best-rated identities of a game in a scope, by ordinal mu - z sigma."""
        rows = await self._all(
            "SELECT * FROM ratings WHERE game_type = ? AND scope = ?"
            " ORDER BY mu - ? * sigma DESC, games DESC, player LIMIT ?",
            (game_type, scope, z, limit),
        )
        return [rating_row(row) for row in rows]

    async def rating_of(self, game_type: str, scope: int, player: str) -> RatingRow | None:
        """One identity's rating of a game in a scope, if it has played it there."""
        row = await self._one(
            "SELECT * FROM ratings WHERE game_type = ? AND scope = ? AND player = ?",
            (game_type, scope, player),
        )
        return None if row is None else rating_row(row)

    async def rank_of(self, row: RatingRow, z: float) -> int:
        """Where `row` stands in its game and scope (1 is the top), ties broken like top_ratings."""
        ordinal = row.mu - z * row.sigma
        found = await self._one(
            "SELECT count(*) FROM ratings WHERE game_type = ? AND scope = ? AND ("
            " mu - ? * sigma > ? OR (mu - ? * sigma = ? AND (games > ?"
            " OR (games = ? AND player < ?))))",
            (row.game_type, row.scope, z, ordinal, z, ordinal, row.games, row.games, row.player),
        )
        return 1 + (0 if found is None else int(found[0]))

    async def ratings_of_user(self, user_id: int, scope: int) -> list[RatingRow]:
        """A person's ratings of every game they played in a scope."""
        rows = await self._all(
            "SELECT * FROM ratings WHERE player = ? AND scope = ? ORDER BY game_type",
            (f"user:{user_id}", scope),
        )
        return [rating_row(row) for row in rows]

    async def played_seats(self, guild_id: int, user_id: int) -> list[PlayedSeat]:
        """A person's finished games in a server, in the order they finished, with opponents."""
        rows = await self._all(
            "SELECT g.id, g.game_type, g.result, s.seat, s.departure FROM games g"
            " JOIN seats s ON s.game_id = g.id LEFT JOIN rated_games r ON r.game_id = g.id"
            " WHERE g.guild_id = ? AND g.status = 'finished' AND g.result IS NOT NULL"
            " AND g.broken IS NULL AND s.user_id = ? AND s.seat IS NOT NULL"
            " ORDER BY coalesce(r.position, 0), g.id",
            (guild_id, user_id),
        )
        others = await self._all(
            "SELECT o.game_id, o.display_name FROM seats o JOIN seats s ON s.game_id = o.game_id"
            " JOIN games g ON g.id = o.game_id WHERE g.guild_id = ? AND g.status = 'finished'"
            " AND s.user_id = ? AND o.user_id <> ? AND o.seat IS NOT NULL ORDER BY o.seat",
            (guild_id, user_id, user_id),
        )
        names: dict[int, list[str]] = {}
        for other in others:
            names.setdefault(int(other["game_id"]), []).append(str(other["display_name"]))
        return [
            PlayedSeat(
                game_id=row["id"],
                game_type=row["game_type"],
                seat=row["seat"],
                departed=row["departure"] is not None,
                result=json.loads(row["result"]),
                opponents=tuple(names.get(int(row["id"]), ())),
            )
            for row in rows
        ]

    async def move_times(self, guild_id: int, user_id: int) -> list[tuple[int, int | None, str]]:
        """(game, mover, time) of every standing move of the finished server games a person
        played, in order: how long they take to move is read from these."""
        rows = await self._all(
            "SELECT m.game_id, m.user_id, m.created_at FROM moves m JOIN games g"
            " ON g.id = m.game_id WHERE g.guild_id = ? AND g.status = 'finished'"
            " AND m.undone_at IS NULL AND EXISTS (SELECT 1 FROM seats s WHERE"
            " s.game_id = m.game_id AND s.user_id = ? AND s.seat IS NOT NULL)"
            " ORDER BY m.game_id, m.seq",
            (guild_id, user_id),
        )
        return [(int(r[0]), None if r[1] is None else int(r[1]), str(r[2])) for r in rows]

    async def finished_counts(self, guild_id: int) -> dict[str, int]:
        """How many games of each type a server finished."""
        rows = await self._all(
            "SELECT game_type, count(*) FROM games WHERE guild_id = ? AND status = 'finished'"
            " GROUP BY game_type ORDER BY game_type",
            (guild_id,),
        )
        return {str(row[0]): int(row[1]) for row in rows}
