"""store.ratings: reading and writing rating rows, and the order games were rated in.

Rating a finished game happens inside the transaction that finishes it (`rate_in`, called by
MoveRepository.record and GameRepository.end with a rater): the service's rater turns the seats
and prior ratings into new ones; this module only reads and writes rows. SQL here is plain
enough for sqlite and PostgreSQL alike (`?` placeholders, ON CONFLICT upserts).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.store.backend import RATINGS, Row, Tx
from bot.store.database import Database
from bot.store.mapper import RowMapper

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


def identity(user_id: int, level: str | None, departure: str | None) -> str:
    """The rated identity of a seat: a lobby computer player is its level, anyone else the user."""
    if level is not None and departure is None and user_id < 0:
        return f"computer:{level}"
    return f"user:{user_id}"


RATINGS_ROWS = RowMapper(RatingRow, "the rating of {player} in {game_type}")


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


async def _fetch(tx: Tx, sql: str, params: Sequence[object]) -> list[Row]:
    return (await tx.execute(sql, params)).rows


class RatingRepository:
    """Ratings per game type and scope, written as games finish, read for /ratings."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def rate_in(self, tx: Tx, game_id: int, rate: Rater) -> None:
        """Rate a finished game once, in the caller's transaction, server scope and global."""
        # Games finishing at once are rated one after the other: each reads the ratings the
        # other wrote and takes the next position (computed from the same rows, one move
        # failed on the unique position).
        await tx.take_turn(RATINGS)
        games = await _fetch(
            tx, "SELECT game_type, guild_id, status, result FROM games WHERE id = ?", (game_id,)
        )
        done = await _fetch(tx, "SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,))
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
            for row in await _fetch(tx, _SEATS, (game_id,))
        ]
        if len(entrants) < 2:
            return
        now = self._db.clock()
        scopes = [GLOBAL] if game["guild_id"] is None else [game["guild_id"], GLOBAL]
        for scope in scopes:
            await self._rate_scope(tx, game["game_type"], scope, entrants, rate, now)
        await tx.execute(
            "INSERT INTO rated_games (game_id, position, rated_at) VALUES"
            " (?, (SELECT coalesce(max(position), 0) + 1 FROM rated_games), ?)",
            (game_id, now),
        )

    async def _rate_scope(
        self,
        tx: Tx,
        game_type: str,
        scope: int,
        entrants: Sequence[Entrant],
        rate: Rater,
        now: str,
    ) -> None:
        players = sorted({e.player for e in entrants})
        marks = ", ".join("?" for _ in players)
        rows = await _fetch(
            tx,
            f"SELECT player, mu, sigma FROM ratings WHERE game_type = ? AND scope = ?"
            f" AND player IN ({marks})",
            (game_type, scope, *players),
        )
        priors = {str(r["player"]): (float(r["mu"]), float(r["sigma"])) for r in rows}
        first = {e.player: e for e in entrants}
        for new in rate(entrants, priors):
            who = first[new.player]
            await tx.execute(
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

    async def rebuild(self, rate: Rater) -> int:
        """Forget every rating and rate all finished games again, in the order they were rated
        (games finished before ratings existed first, oldest first); the number rated."""
        async with self._db.transaction() as tx:
            rows = await _fetch(
                tx,
                "SELECT g.id, r.position FROM games g LEFT JOIN rated_games r ON r.game_id = g.id"
                " WHERE g.status = 'finished' AND g.result IS NOT NULL",
                (),
            )
            order = sorted(
                (row["position"] is not None, row["position"] or 0, row["id"]) for row in rows
            )
            await tx.execute("DELETE FROM ratings")
            await tx.execute("DELETE FROM rated_games")
            for _, _, game_id in order:
                await self.rate_in(tx, game_id, rate)
            counted = await _fetch(tx, "SELECT count(*) FROM rated_games", ())
        return int(counted[0][0])

    # -- reading ----------------------------------------------------------------------------

    async def top(self, game_type: str, scope: int, z: float, limit: int = 10) -> list[RatingRow]:
        """The best-rated identities of a game in a scope, by ordinal mu - z sigma."""
        rows = await self._db.all(
            "SELECT * FROM ratings WHERE game_type = ? AND scope = ?"
            " ORDER BY mu - ? * sigma DESC, games DESC, player LIMIT ?",
            (game_type, scope, z, limit),
        )
        return RATINGS_ROWS.all(rows)

    async def of(self, game_type: str, scope: int, player: str) -> RatingRow | None:
        """One identity's rating of a game in a scope, if it has played it there."""
        row = await self._db.one(
            "SELECT * FROM ratings WHERE game_type = ? AND scope = ? AND player = ?",
            (game_type, scope, player),
        )
        return None if row is None else RATINGS_ROWS.one(row)

    async def rank(self, row: RatingRow, z: float) -> int:
        """Where `row` stands in its game and scope (1 is the top), ties broken like top()."""
        ordinal = row.mu - z * row.sigma
        found = await self._db.one(
            "SELECT count(*) FROM ratings WHERE game_type = ? AND scope = ? AND ("
            " mu - ? * sigma > ? OR (mu - ? * sigma = ? AND (games > ?"
            " OR (games = ? AND player < ?))))",
            (row.game_type, row.scope, z, ordinal, z, ordinal, row.games, row.games, row.player),
        )
        return 1 + (0 if found is None else int(found[0]))

    async def of_user(self, user_id: int, scope: int) -> list[RatingRow]:
        """A person's ratings of every game they played in a scope."""
        rows = await self._db.all(
            "SELECT * FROM ratings WHERE player = ? AND scope = ? ORDER BY game_type",
            (f"user:{user_id}", scope),
        )
        return RATINGS_ROWS.all(rows)
