"""store.index: the start-up index of ongoing games, a few whole-table reads instead of queries
per game (every game's row, seats and turn clocks, each in one query)."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any, NamedTuple

from bot.store.backend import Row
from bot.store.database import Database
from bot.store.errors import CorruptRow
from bot.store.rows import GAMES, SEATS, GameRow, SeatRow
from bot.store.timers import TIMERS, TimerRow

NOBODY = -1  # snapshots.to_move when no single seat decides (see migration 0013)
_ONGOING = "g.status IN ('lobby', 'active') AND g.broken IS NULL"
_ENTRY_KEYS = ("id", "game_type", "snapshot_to_move", "snapshot_format")  # of StartupIndex.games


class IndexEntry(NamedTuple):
    """One ongoing game as start-up knows it: its row, or why the row cannot be read.

    `to_move` is the seat the latest snapshot says decides (NOBODY: none in particular), None
    when it was never recorded; `state_format` is that snapshot's format (None: no snapshot).
    A NamedTuple: start-up makes one per ongoing game, and a tuple is made several times faster
    than a frozen dataclass.
    """

    game_id: int
    game_type: str
    row: GameRow | None
    fault: str | None
    to_move: int | None
    state_format: int | None


class StartupIndex:
    """What start-up reads of every ongoing game (this process's shards only)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def games(self) -> list[IndexEntry]:
        """Every lobby and active game not marked broken, with its snapshot's turn, by id."""
        rows = await self._db.all(
            "SELECT g.*, s.to_move AS snapshot_to_move, s.format AS snapshot_format"
            f" FROM games g LEFT JOIN snapshots s ON s.game_id = g.id WHERE {_ONGOING}"
            f"{self._db.ours('g.guild_id')} ORDER BY g.id"
        )
        if not rows:
            return []
        columns = list(rows[0].keys())
        read = GAMES.reader(columns)
        keys = itemgetter(*(columns.index(name) for name in _ENTRY_KEYS))
        return [_entry(row, read, keys) for row in rows]

    async def seats(self) -> dict[int, list[SeatRow]]:
        """The seats of every ongoing game, each game's in the order `seats.of()` gives them."""
        rows = await self._db.all(
            f"SELECT t.* FROM seats t JOIN games g ON g.id = t.game_id WHERE {_ONGOING}"
            f"{self._db.ours('g.guild_id')} ORDER BY t.game_id, coalesce(t.seat, -1), t.join_order"
        )
        seats: dict[int, list[SeatRow]] = {}
        for seat in SEATS.all(rows):
            seats.setdefault(seat.game_id, []).append(seat)
        return seats

    async def clocks(self) -> dict[int, list[TimerRow]]:
        """The turn clocks (fired or not) of each active game's current version, earliest first."""
        rows = await self._db.all(
            "SELECT t.* FROM timers t JOIN games g ON g.id = t.game_id AND g.version = t.version"
            " WHERE g.status = 'active' AND g.broken IS NULL AND t.kind = 'turn_clock'"
            f"{self._db.ours('g.guild_id')} ORDER BY t.game_id, t.due_at, t.id"
        )
        timers: dict[int, list[TimerRow]] = {}
        for timer in TIMERS.all(rows):
            timers.setdefault(timer.game_id, []).append(timer)
        return timers


def _entry(row: Row, read: Callable[[Row], GameRow], keys: Callable[[Row], Any]) -> IndexEntry:
    """A game's entry: its decoded row, or the words saying why it cannot be (never its data).

    `keys` picks the _ENTRY_KEYS columns, which are read even when the rest cannot be.
    """
    try:
        game: GameRow | None = read(row)
        fault = None
    except CorruptRow as error:
        game, fault = None, str(error)
    game_id, game_type, to_move, state_format = keys(row)
    return IndexEntry(game_id, game_type, game, fault, to_move, state_format)
