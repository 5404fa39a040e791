"""The game's records: plain frozen rows read from either database, and how each is read.

Each record is filled from the columns of its fields' names by one RowMapper (bot/store/
mapper.py); the repositories that write and read them are games.py, seats.py, moves.py,
votes.py and boards.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.store.mapper import RowMapper

ONGOING = ("lobby", "active")
AUTO = "auto"  # seats.controller of a seat the automatic player holds


@dataclass(frozen=True, slots=True)
class GameRow:
    """One row of `games`, with its JSON columns decoded."""

    id: int
    game_type: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    message_id: int | None
    status: str
    seed: int
    options: dict[str, Any]
    version: int
    host_id: int
    created_at: str
    updated_at: str
    result: dict[str, Any] | None
    flags: dict[str, Any]
    broken: str | None = None
    message_version: int | None = None

    @property
    def place_id(self) -> int:
        """Where the game is played: its thread if it has one, else its channel."""
        return self.thread_id if self.thread_id is not None else self.channel_id

    @property
    def ongoing(self) -> bool:
        """A lobby or an active game (it still holds its channel)."""
        return self.status in ONGOING


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One player of a game; `seat` is None until the game starts."""

    game_id: int
    join_order: int
    seat: int | None
    user_id: int
    display_name: str
    dm_ok: bool
    controller: str = "human"
    departure: str | None = None
    level: str | None = None  # a computer player seated from the lobby plays at this level

    @property
    def automatic(self) -> bool:
        """The automatic player holds this seat (its player resigned or timed out)."""
        return self.controller == AUTO


@dataclass(frozen=True, slots=True)
class VoteRow:
    """One turn clock vote: whose turn ran out, who may vote, the ballots, the result."""

    id: int
    game_id: int
    version: int
    seat: int
    user_id: int
    voters: tuple[int, ...]
    choices: tuple[str, ...]
    result: str | None
    ballots: dict[int, str]


@dataclass(frozen=True, slots=True)
class MoveRow:
    """One accepted engine action."""

    game_id: int
    seq: int
    seat: int
    action: str
    user_id: int | None
    created_at: str
    quiet: bool | None = None  # it left the chance tally unchanged (None: not known)
    undone_at: str | None = None  # when it was taken back; None while it counts
    undone_by: int | None = None  # who took it back


@dataclass(frozen=True, slots=True)
class UndoRequestRow:
    """An undo that needs the other players' consent: who asks, who must agree, the answers."""

    id: int
    game_id: int
    version: int
    user_id: int
    seq: int
    voters: tuple[int, ...]
    result: str | None
    answers: dict[int, bool]


@dataclass(frozen=True, slots=True)
class BoardMessage:
    """One board the bot posted (or was about to post: `message_id` None) for a game."""

    id: int
    game_id: int
    nonce: str
    version: int
    message_id: int | None
    live: bool


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The latest stored engine state of a game, after `seq` moves, at game `version`."""

    game_id: int
    version: int
    seq: int
    state: dict[str, Any]
    format: int = 1


@dataclass(frozen=True, slots=True)
class BrokenGame:
    """An ongoing game that could not be loaded: only what is needed to list and abandon it."""

    id: int
    game_type: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    message_id: int | None
    status: str
    version: int
    host_id: int
    broken: str

    @property
    def place_id(self) -> int:
        """The channel or thread it was played in (no longer held)."""
        return self.thread_id if self.thread_id is not None else self.channel_id


GAMES = RowMapper(GameRow, "game #{id}")
BROKEN_GAMES = RowMapper(BrokenGame, "game #{id}")  # reads no JSON column
SEATS = RowMapper(SeatRow, "a seat of game #{game_id}")
MOVES = RowMapper(MoveRow, "move {seq} of game #{game_id}")
SNAPSHOTS = RowMapper(Snapshot, "the snapshot of game #{game_id}")
VOTES = RowMapper(VoteRow, "vote #{id} of game #{game_id}")
UNDO_REQUESTS = RowMapper(UndoRequestRow, "undo request #{id} of game #{game_id}")
BOARDS = RowMapper(BoardMessage, "board #{id} of game #{game_id}")


def utc_now() -> str:
    """ISO-8601 UTC timestamp with seconds, the only time format stored."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def dumps(value: object) -> str:
    """Compact, stable JSON for the JSON columns."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)
