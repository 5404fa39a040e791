"""The only package that speaks SQL: games, seats, moves and snapshots, in sqlite or PostgreSQL.

Tables and columns are in data/migrations/*.sql (numbered, applied in order, recorded in
schema_migrations). Every change of a game goes through `UPDATE games SET version = version + 1
... WHERE id = ? AND version = ?`; zero rows means StaleVersion and nothing is written.
"""

from bot.paths import MIGRATIONS_DIR
from bot.store.archive import GameEntry
from bot.store.backend import DatabaseUnavailable
from bot.store.database import Store
from bot.store.faults import MigrationFailed, StoreUnusable
from bot.store.migrations import migration_files
from bot.store.ratings import GLOBAL, Entrant, NewRating, PlayedSeat, Rater, RatingRow
from bot.store.records import (
    ONGOING,
    AlreadyVoted,
    BoardMessage,
    BrokenGame,
    CorruptRow,
    GameRow,
    MoveRow,
    PlaceTaken,
    SeatRow,
    Snapshot,
    StaleVersion,
    StoreError,
    UndoRequestRow,
    UnknownGameId,
    VoteRow,
    utc_now,
)
from bot.store.timers import REMINDER, TURN_CLOCK, NewTimer, TimerRow

__all__ = [
    "GLOBAL",
    "MIGRATIONS_DIR",
    "ONGOING",
    "REMINDER",
    "TURN_CLOCK",
    "AlreadyVoted",
    "BoardMessage",
    "BrokenGame",
    "CorruptRow",
    "DatabaseUnavailable",
    "Entrant",
    "GameEntry",
    "GameRow",
    "MigrationFailed",
    "MoveRow",
    "NewRating",
    "NewTimer",
    "PlaceTaken",
    "PlayedSeat",
    "Rater",
    "RatingRow",
    "SeatRow",
    "Snapshot",
    "StaleVersion",
    "Store",
    "StoreError",
    "StoreUnusable",
    "TimerRow",
    "UndoRequestRow",
    "UnknownGameId",
    "VoteRow",
    "migration_files",
    "utc_now",
]
