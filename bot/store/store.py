"""The Store: one open database (sqlite or PostgreSQL), migrated, with a repository per part.

`store.games`, `store.seats`, `store.moves` (the game and its log), `store.votes` and
`store.undo_requests` (asking the table), `store.timers`, `store.boards`, `store.ratings`,
`store.records` (past games, /stats), `store.languages`, `store.preferences` (how a player
reads boards), `store.leagues` (a server's leagues and their rounds), `store.notices` (a
player's /notify choices, digest timers), `store.shards` and `store.index` (what start-up
reads), `store.web` (the web pages' tokens), `store.analyses` (finished games' analyses).
Each repository is built on one shared Database
(bot/store/database.py says how their writes share one transaction); none inherits from another.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Self

from bot.store import migrations
from bot.store.analyses import AnalysisRepository
from bot.store.backend import Backend
from bot.store.boards import BoardRepository
from bot.store.database import Database
from bot.store.games import GameRepository
from bot.store.index import StartupIndex
from bot.store.languages import LanguageRepository
from bot.store.leagues import LeagueRepository
from bot.store.moves import MoveRepository
from bot.store.notices import NoticeRepository
from bot.store.preferences import PreferenceRepository
from bot.store.ratings import RatingRepository
from bot.store.records import RecordRepository
from bot.store.rows import utc_now
from bot.store.seats import SeatRepository
from bot.store.shards import ShardRepository
from bot.store.takeovers import TakeoverRepository
from bot.store.timers import TimerRepository
from bot.store.votes import UndoRequestRepository, VoteRepository
from bot.store.web import WebPageRepository

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def is_postgres(target: str | Path) -> bool:
    """Whether a DATABASE_URL (or path) names a PostgreSQL server."""
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def sqlite_path(target: str | Path) -> Path:
    """The file a `sqlite:///path` URL (or a plain path) names."""
    text = str(target)
    return Path(text[len(SQLITE_SCHEME) :] if text.startswith(SQLITE_SCHEME) else text)


class Store:
    """One open database and its repositories; the only door to SQL."""

    def __init__(self, backend: Backend, clock: Callable[[], str] = utc_now) -> None:
        self.backend = backend  # raw statements, for tools and tests only
        self._clock = clock
        self.shards = ShardRepository(backend.shard_locks, clock)
        db = Database(backend, clock, self.shards)
        self.ratings = RatingRepository(db)
        self.timers = TimerRepository(db)
        self.moves = MoveRepository(db, self.ratings, self.timers)
        self.games = GameRepository(db, self.moves, self.ratings)
        self.seats = SeatRepository(db)
        self.votes = VoteRepository(db)
        self.undo_requests = UndoRequestRepository(db)
        self.boards = BoardRepository(db)
        self.records = RecordRepository(db)
        self.languages = LanguageRepository(db)
        self.preferences = PreferenceRepository(db)
        self.notices = NoticeRepository(db)
        self.index = StartupIndex(db)
        self.leagues = LeagueRepository(db)
        self.takeovers = TakeoverRepository(db)
        self.analyses = AnalysisRepository(db)
        self.web = WebPageRepository(db)

    @property
    def name(self) -> str:
        """How logs and messages name the database: its path, or its URL without a password."""
        return self.backend.name

    @property
    def dialect(self) -> str:
        """Which database this is: "sqlite" or "postgresql"."""
        return self.backend.dialect

    @classmethod
    async def open(
        cls, target: str | Path, *, migrate: bool = True, clock: Callable[[], str] = utc_now
    ) -> Self:
        """Open the database a DATABASE_URL or sqlite path names, and migrate it.

        Every failure is a one-line StoreUnusable (and nothing is left open).
        """
        store: Self | None = None

        async def prepare(backend: Backend) -> None:
            nonlocal store
            store = cls(backend, clock)
            if migrate:
                await store.migrate()
                await backend.write_check(max(await store.schema_versions(), default=0))

        if is_postgres(target):
            from bot.store.postgres import PostgresBackend

            await PostgresBackend.open(str(target), prepare)
        else:
            from bot.store.sqlite import SqliteBackend

            await SqliteBackend.open(sqlite_path(target), prepare)
        assert store is not None
        return store

    async def close(self) -> None:
        """Close the database (after any running statement) and give back what it held."""
        await self.backend.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    async def migrate(self, directory: Path | None = None) -> list[int]:
        """Apply every migration not yet recorded, in order, each in its own transaction."""
        return await migrations.migrate(self.backend, self._clock, directory)

    async def schema_versions(self) -> list[int]:
        """Migration numbers already applied, ascending."""
        return await migrations.schema_versions(self.backend)
