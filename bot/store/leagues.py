"""store.leagues: a server's leagues, their entrants, rounds and tables (migration 0017).

Every change is one transaction that checks the league's status in its own WHERE, so a sign-up
racing a start, or two processes ending one round, change nothing twice: the loser gets False.
A round's tables are written with the round, once; the games played there are named later, one
by one, so a restart finds the tables still without a game and opens them (the service's job).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.backend import Tx
from bot.store.database import Database
from bot.store.errors import Conflict, StoreError
from bot.store.mapper import RowMapper
from bot.store.rows import dumps

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
TABLE_FLAG = "league_table"  # a league game's flag naming its table: "<league>:<round>:<position>"


class AlreadyEntered(StoreError):
    """The player is signed up to this league already."""


@dataclass(frozen=True, slots=True)
class LeagueRow:
    """One league: what it plays, how it pairs, where it lives, and how far it has got."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    organiser_id: int
    game_type: str
    format: str
    rounds: int
    players: int
    pace: str
    options: dict[str, Any]
    seed: int
    status: str
    signup_until: str | None
    created_at: str
    updated_at: str
    name: str | None  # given at creation; None: it is called by its number


@dataclass(frozen=True, slots=True)
class LeagueEntrantRow:
    """One entrant: sign-up order, the rating taken at the start, and a withdrawal if any."""

    league_id: int
    user_id: int
    display_name: str
    signup_order: int
    rating: float
    withdrawn_at: str | None

    @property
    def withdrawn(self) -> bool:
        """They left the league: paired no more, their open games resigned."""
        return self.withdrawn_at is not None


@dataclass(frozen=True, slots=True)
class LeagueTableRow:
    """One table of a round: its seats in order, its game once open, its places once ended."""

    league_id: int
    round: int
    position: int
    seats: tuple[int, ...]
    game_id: int | None
    places: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class LeagueRoundRow:
    """One round with its tables, in table order."""

    league_id: int
    number: int
    opened_at: str
    due_at: str | None
    fired_at: str | None
    ended_at: str | None
    tables: tuple[LeagueTableRow, ...]


@dataclass(frozen=True, slots=True)
class NewLeague:
    """What `/league create` asks for."""

    guild_id: int
    channel_id: int
    organiser_id: int
    game_type: str
    format: str
    rounds: int
    players: int
    pace: str
    options: Mapping[str, object]
    seed: int
    signup_until: str | None = None
    name: str | None = None


LEAGUES = RowMapper(LeagueRow, "league #{id}")
ENTRANTS = RowMapper(LeagueEntrantRow, "entrant {user_id} of league #{league_id}")
TABLES = RowMapper(LeagueTableRow, "table {position} of league #{league_id} round {round}")
ROUNDS = RowMapper(LeagueRoundRow, "round {number} of league #{league_id}")


class LeagueRepository:
    """Leagues of every server: created, signed up to, started, paired round by round, ended."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(self, new: NewLeague) -> LeagueRow:
        """A new league taking sign-ups."""
        now = self._db.clock()
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "INSERT INTO leagues (guild_id, channel_id, organiser_id, game_type, format,"
                " rounds, players, pace, options, seed, status, signup_until, created_at,"
                " updated_at, name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?, ?, ?)",
                (
                    new.guild_id,
                    new.channel_id,
                    new.organiser_id,
                    new.game_type,
                    new.format,
                    new.rounds,
                    new.players,
                    new.pace,
                    dumps(dict(new.options)),
                    new.seed,
                    new.signup_until,
                    now,
                    now,
                    new.name,
                ),
            )
        assert cursor.lastrowid is not None
        found = await self.get(cursor.lastrowid)
        assert found is not None
        return found

    async def get(self, league_id: int) -> LeagueRow | None:
        """A league, or None."""
        row = await self._db.one("SELECT * FROM leagues WHERE id = ?", (league_id,))
        return None if row is None else LEAGUES.one(row)

    async def in_guild(self, guild_id: int) -> list[LeagueRow]:
        """A server's leagues, newest first."""
        rows = await self._db.all(
            "SELECT * FROM leagues WHERE guild_id = ? ORDER BY id DESC", (guild_id,)
        )
        return LEAGUES.all(rows)

    async def set_message(self, league_id: int, message_id: int) -> None:
        """Remember the league message (its buttons and entrant list)."""
        async with self._db.transaction() as tx:
            await tx.execute(
                "UPDATE leagues SET message_id = ? WHERE id = ?", (message_id, league_id)
            )

    async def sign_up(self, league_id: int, user_id: int, name: str) -> bool:
        """Add an entrant while the league takes sign-ups (False once it does not);
        AlreadyEntered for a second sign-up."""
        if await self._entrant(league_id, user_id) is not None:
            raise AlreadyEntered(f"user {user_id} is in league {league_id} already")
        try:
            async with self._db.transaction() as tx:
                cursor = await tx.execute(
                    "INSERT INTO league_entrants (league_id, user_id, display_name, signup_order)"
                    " SELECT id, CAST(? AS BIGINT), CAST(? AS TEXT),"
                    " (SELECT coalesce(max(signup_order), 0) + 1"
                    " FROM league_entrants WHERE league_id = ?)"
                    " FROM leagues WHERE id = ? AND status = 'signup'",
                    (user_id, name, league_id, league_id),
                )
        except Conflict as error:
            raise AlreadyEntered(f"user {user_id} is in league {league_id} already") from error
        return cursor.rowcount == 1

    async def withdraw(self, league_id: int, user_id: int) -> bool:
        """Take an entrant out: gone before the start, marked withdrawn once it runs
        (False if they were not in it, or had withdrawn already, or it has ended)."""
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "DELETE FROM league_entrants WHERE league_id = ? AND user_id = ? AND EXISTS"
                " (SELECT 1 FROM leagues WHERE id = ? AND status = 'signup')",
                (league_id, user_id, league_id),
            )
            if cursor.rowcount:
                return True
            cursor = await tx.execute(
                "UPDATE league_entrants SET withdrawn_at = ? WHERE league_id = ? AND user_id = ?"
                " AND withdrawn_at IS NULL AND EXISTS"
                " (SELECT 1 FROM leagues WHERE id = ? AND status = 'running')",
                (self._db.clock(), league_id, user_id, league_id),
            )
        return cursor.rowcount == 1

    async def entrants(self, league_id: int) -> list[LeagueEntrantRow]:
        """Everyone signed up, in sign-up order (the withdrawn ones too)."""
        rows = await self._db.all(
            "SELECT * FROM league_entrants WHERE league_id = ? ORDER BY signup_order",
            (league_id,),
        )
        return ENTRANTS.all(rows)

    async def start(
        self,
        league_id: int,
        ratings: Mapping[int, float],
        tables: Sequence[Sequence[int]],
        due_at: str | None,
    ) -> bool:
        """Close the sign-up, keep each entrant's rating and open round one with its tables, in
        one transaction; False if the league was not taking sign-ups."""
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE leagues SET status = 'running', updated_at = ?"
                " WHERE id = ? AND status = 'signup'",
                (self._db.clock(), league_id),
            )
            if cursor.rowcount != 1:
                return False
            await tx.executemany(
                "UPDATE league_entrants SET rating = ? WHERE league_id = ? AND user_id = ?",
                [(rating, league_id, user) for user, rating in ratings.items()],
            )
            await self._insert_round(tx, league_id, 1, tables, due_at)
        return True

    async def open_round(
        self, league_id: int, number: int, tables: Sequence[Sequence[int]], due_at: str | None
    ) -> bool:
        """A round after the first with its tables; False if the league is not running or
        that round is open already (two processes pairing it: one wins)."""
        try:
            async with self._db.transaction() as tx:
                cursor = await tx.execute(
                    "SELECT 1 FROM leagues WHERE id = ? AND status = 'running'", (league_id,)
                )
                if not cursor.rows:
                    return False
                await self._insert_round(tx, league_id, number, tables, due_at)
        except Conflict:
            return False
        return True

    async def _insert_round(
        self,
        tx: Tx,
        league_id: int,
        number: int,
        tables: Sequence[Sequence[int]],
        due_at: str | None,
    ) -> None:
        """The round row and its tables (inside the caller's transaction)."""
        await tx.execute(
            "INSERT INTO league_rounds (league_id, number, opened_at, due_at) VALUES (?, ?, ?, ?)",
            (league_id, number, self._db.clock(), due_at),
        )
        await tx.executemany(
            "INSERT INTO league_tables (league_id, round, position, seats) VALUES (?, ?, ?, ?)",
            [(league_id, number, k, dumps(list(seats))) for k, seats in enumerate(tables)],
        )

    async def rounds(self, league_id: int) -> list[LeagueRoundRow]:
        """Every round opened so far with its tables, in order."""
        rounds = await self._db.all(
            "SELECT * FROM league_rounds WHERE league_id = ? ORDER BY number", (league_id,)
        )
        tables = TABLES.all(
            await self._db.all(
                "SELECT * FROM league_tables WHERE league_id = ? ORDER BY round, position",
                (league_id,),
            )
        )
        return [
            ROUNDS.one(row, tables=tuple(t for t in tables if t.round == row["number"]))
            for row in rounds
        ]

    async def set_game(self, league_id: int, round: int, position: int, game_id: int) -> bool:
        """Name the game played at a table (once: False if it has one already)."""
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE league_tables SET game_id = ? WHERE league_id = ? AND round = ?"
                " AND position = ? AND game_id IS NULL",
                (game_id, league_id, round, position),
            )
        return cursor.rowcount == 1

    async def table_of_game(self, game_id: int) -> LeagueTableRow | None:
        """The league table a game is played at, or None for a game outside any league."""
        row = await self._db.one("SELECT * FROM league_tables WHERE game_id = ?", (game_id,))
        return None if row is None else TABLES.one(row)

    async def set_places(
        self, league_id: int, round: int, position: int, places: Sequence[int]
    ) -> bool:
        """A table's result (once: False if it has one already, or the round has ended)."""
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE league_tables SET places = ? WHERE league_id = ? AND round = ?"
                " AND position = ? AND places IS NULL AND EXISTS (SELECT 1 FROM league_rounds"
                " WHERE league_id = ? AND number = ? AND ended_at IS NULL)",
                (dumps(list(places)), league_id, round, position, league_id, round),
            )
        return cursor.rowcount == 1

    async def end_round(self, league_id: int, number: int) -> bool:
        """Close a round (once: False if it was closed already)."""
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE league_rounds SET ended_at = ? WHERE league_id = ? AND number = ?"
                " AND ended_at IS NULL",
                (self._db.clock(), league_id, number),
            )
        return cursor.rowcount == 1

    async def finish(self, league_id: int, status: str = FINISHED) -> bool:
        """End a league as finished or cancelled (False if it had ended already)."""
        assert status in (FINISHED, CANCELLED)
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE leagues SET status = ?, updated_at = ? WHERE id = ?"
                " AND status IN ('signup', 'running')",
                (status, self._db.clock(), league_id),
            )
        return cursor.rowcount == 1

    async def due_signups(self, now: str) -> list[LeagueRow]:
        """This process's leagues whose sign-up deadline has passed (they start, or wait for
        entrants); with shards, each process looks after its own servers' leagues only."""
        rows = await self._db.all(
            "SELECT * FROM leagues WHERE status = 'signup' AND signup_until <= ?"
            f"{self._db.ours()} ORDER BY id",
            (now,),
        )
        return LEAGUES.all(rows)

    async def due_rounds(self, now: str) -> list[tuple[int, int]]:
        """(league, round) of each of this process's running leagues whose open round's
        deadline has passed and is not claimed yet."""
        rows = await self._db.all(
            "SELECT r.league_id, r.number FROM league_rounds r JOIN leagues l"
            " ON l.id = r.league_id WHERE l.status = 'running' AND r.ended_at IS NULL"
            f" AND r.fired_at IS NULL AND r.due_at <= ?{self._db.ours('l.guild_id')}"
            " ORDER BY r.due_at, r.league_id",
            (now,),
        )
        return [(int(row["league_id"]), int(row["number"])) for row in rows]

    async def claim_deadline(self, league_id: int, number: int, now: str) -> bool:
        """Mark a round's deadline as acted on (once: False if it was, or the round ended)."""
        async with self._db.transaction() as tx:
            cursor = await tx.execute(
                "UPDATE league_rounds SET fired_at = ? WHERE league_id = ? AND number = ?"
                " AND fired_at IS NULL AND ended_at IS NULL AND due_at <= ?",
                (now, league_id, number, now),
            )
        return cursor.rowcount == 1

    async def game_at_table(self, guild_id: int, key: str) -> tuple[int, str] | None:
        """(game, status) of the game opened for a table (its flags carry the table's `key`),
        though the table never recorded it: the process stopped in between."""
        pattern = "%" + dumps({TABLE_FLAG: key})[1:-1] + "%"
        row = await self._db.one(
            "SELECT id, status FROM games WHERE guild_id = ? AND flags LIKE ? ORDER BY id",
            (guild_id, pattern),
        )
        return None if row is None else (int(row["id"]), str(row["status"]))

    async def running(self) -> list[LeagueRow]:
        """This process's running leagues (a look for tables still without a game: with
        shards, only the process serving a league's server opens its tables)."""
        rows = await self._db.all(
            f"SELECT * FROM leagues WHERE status = 'running'{self._db.ours()} ORDER BY id"
        )
        return LEAGUES.all(rows)

    async def _entrant(self, league_id: int, user_id: int) -> LeagueEntrantRow | None:
        """One entrant, or None."""
        row = await self._db.one(
            "SELECT * FROM league_entrants WHERE league_id = ? AND user_id = ?",
            (league_id, user_id),
        )
        return None if row is None else ENTRANTS.one(row)
