"""The store's records and errors: plain frozen rows decoded from either database, no SQL here."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.store.backend import Row


ONGOING = ("lobby", "active")
AUTO = "auto"  # seats.controller of a seat the automatic player holds


class StoreError(Exception):
    """Something the store refused; the service turns these into messages for players."""


class StaleVersion(StoreError):
    """The game changed since the caller read it: its version no longer matches."""


class PlaceTaken(StoreError):
    """The channel or thread already has an ongoing game (the partial unique index said no)."""


class UnknownGameId(StoreError):
    """No game has this id."""


class CorruptRow(StoreError):
    """A stored row cannot be decoded (bad JSON); the message names the row, never its data."""


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


class AlreadyVoted(StoreError):
    """This voter has a ballot in this vote already."""


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


def utc_now() -> str:
    """ISO-8601 UTC timestamp with seconds, the only time format stored."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def dumps(value: object) -> str:
    """Compact, stable JSON for the JSON columns."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _json(row: Row, column: str, what: str) -> Any:
    """One JSON column; bad JSON is a CorruptRow that names the row, not the text."""
    try:
        return json.loads(row[column])
    except (TypeError, ValueError):
        raise CorruptRow(f"{what}: column {column} is not valid JSON") from None


def game_row(row: Row) -> GameRow:
    """A games row with its JSON columns decoded."""
    what = f"game #{row['id']}"
    return GameRow(
        id=row["id"],
        game_type=row["game_type"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        status=row["status"],
        seed=row["seed"],
        options=_json(row, "options", what),
        version=row["version"],
        host_id=row["host_id"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        result=None if row["result"] is None else _json(row, "result", what),
        flags=_json(row, "flags", what),
        broken=row["broken"],
        message_version=row["message_version"],
    )


def broken_game(row: Row) -> BrokenGame:
    """A games row marked broken, read without touching its JSON columns."""
    return BrokenGame(
        id=row["id"],
        game_type=row["game_type"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        status=row["status"],
        version=row["version"],
        host_id=row["host_id"],
        broken=row["broken"],
    )


def seat_row(row: Row) -> SeatRow:
    """A seats row."""
    return SeatRow(
        game_id=row["game_id"],
        join_order=row["join_order"],
        seat=row["seat"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        dm_ok=bool(row["dm_ok"]),
        controller=row["controller"],
        departure=row["departure"],
        level=row["level"],
    )


def move_row(row: Row) -> MoveRow:
    """A moves row."""
    return MoveRow(
        game_id=row["game_id"],
        seq=row["seq"],
        seat=row["seat"],
        action=row["action"],
        user_id=row["user_id"],
        created_at=row["created_at"],
        quiet=None if row["quiet"] is None else bool(row["quiet"]),
        undone_at=row["undone_at"],
        undone_by=row["undone_by"],
    )


def snapshot_row(row: Row) -> Snapshot:
    """A snapshots row with its state decoded."""
    state = _json(row, "state", f"the snapshot of game #{row['game_id']}")
    return Snapshot(row["game_id"], row["version"], row["seq"], state, row["format"])


def board_message_row(row: Row) -> BoardMessage:
    """A board_messages row."""
    return BoardMessage(
        id=row["id"],
        game_id=row["game_id"],
        nonce=row["nonce"],
        version=row["version"],
        message_id=row["message_id"],
        live=bool(row["live"]),
    )
