"""The only package that speaks SQL: games, seats, moves and snapshots, in sqlite or PostgreSQL.

`Store.open(target)` gives one repository per part of the data (bot/store/store.py lists them).
Tables and columns are in data/migrations/*.sql (numbered, applied in order, recorded in
schema_migrations). Every change of a game goes through `UPDATE games SET version = version + 1
... WHERE id = ? AND version = ?`; zero rows means StaleVersion and nothing is written.
"""

from bot.paths import MIGRATIONS_DIR
from bot.store.backend import Backend, Tx
from bot.store.errors import (
    AlreadyVoted,
    Conflict,
    CorruptRow,
    DatabaseUnavailable,
    MigrationFailed,
    PlaceTaken,
    StaleVersion,
    StoreError,
    StoreUnusable,
    UnknownGameId,
)
from bot.store.index import NOBODY, IndexEntry
from bot.store.migrations import migration_files
from bot.store.notices import DigestTimer, NoticeSettings, WaitingVote
from bot.store.ratings import GLOBAL, Entrant, NewRating, Rater, RatingRow
from bot.store.records import GameEntry, PlayedSeat
from bot.store.rows import (
    ONGOING,
    BoardMessage,
    BrokenGame,
    GameRow,
    MoveRow,
    SeatRow,
    Snapshot,
    UndoRequestRow,
    VoteRow,
    utc_now,
)
from bot.store.store import Store
from bot.store.takeovers import HolderRow, SeatRequestRow
from bot.store.timers import REMINDER, TURN_CLOCK, NewTimer, TimerRow

__all__ = [
    "GLOBAL",
    "MIGRATIONS_DIR",
    "NOBODY",
    "ONGOING",
    "REMINDER",
    "TURN_CLOCK",
    "AlreadyVoted",
    "Backend",
    "BoardMessage",
    "BrokenGame",
    "Conflict",
    "CorruptRow",
    "DatabaseUnavailable",
    "DigestTimer",
    "Entrant",
    "GameEntry",
    "GameRow",
    "HolderRow",
    "IndexEntry",
    "MigrationFailed",
    "MoveRow",
    "NewRating",
    "NewTimer",
    "NoticeSettings",
    "PlaceTaken",
    "PlayedSeat",
    "Rater",
    "RatingRow",
    "SeatRequestRow",
    "SeatRow",
    "Snapshot",
    "StaleVersion",
    "Store",
    "StoreError",
    "StoreUnusable",
    "TimerRow",
    "Tx",
    "UndoRequestRow",
    "UnknownGameId",
    "VoteRow",
    "WaitingVote",
    "migration_files",
    "utc_now",
]
