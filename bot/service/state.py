"""A game held in memory: four typed parts, each frozen, replaced whole by the repository only.

- `GameRecord`: the stored game (ids, place, message, status, seed, options, version, host,
  players, flags), as its row and seats say.
- the engine state: the game's own immutable value (`Unread` while only the start-up index
  has been read: see bot/service/games.py).
- `TurnClock`: whose turn the clock runs for, since when, and until when.
- `Heard`: each seat's place in the public log after its last move ("since your last turn").

Beside them `LastMove` says who made the last move and whether it revealed nothing (Back).
`LiveGame` holds the parts and the game's lock; nothing but bot/service/games.py assigns its
parts (a guard-rail test reads the source to keep it so).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, NamedTuple

from bot.engine import AnyGame
from bot.service.formats import current_format
from bot.service.model import LEFT_IN_ORDER, OWN_THREAD, Player


class GameRecord(NamedTuple):
    """What the store holds about a game besides its engine state, at one version.

    A NamedTuple, like TurnClock: start-up builds one per ongoing game, and a tuple is made
    several times faster than a frozen dataclass. `record._replace(...)` makes a changed copy.
    """

    game_id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    message_id: int | None
    message_version: int | None
    status: str
    seed: int
    options: Mapping[str, str]
    version: int
    host_id: int
    players: tuple[Player, ...]
    flags: Mapping[str, Any]

    @property
    def place_id(self) -> int:
        """The channel or thread the game is played in."""
        return self.thread_id if self.thread_id is not None else self.channel_id

    @property
    def pace(self) -> str:
        """The game's pace name (chosen at /play, kept in its flags)."""
        return str(self.flags.get("pace", ""))

    @property
    def own_thread(self) -> bool:
        """Whether the bot opened the game's thread (kept in its flags; archived at the end)."""
        return self.flags.get("thread") == OWN_THREAD

    def player(self, user_id: int) -> Player | None:
        """The player record of a user, or None."""
        return next((p for p in self.players if p.user_id == user_id), None)

    def user_at(self, seat: int) -> Player | None:
        """The player at `seat` (started games only)."""
        return next((p for p in self.players if p.seat == seat), None)

    def names(self) -> list[str]:
        """Display names by seat ('' for a seat nobody holds)."""
        names = [""] * len(self.players)
        for p in self.players:
            if p.seat is not None:
                names[p.seat] = p.name
        return names

    def departed(self) -> list[int]:
        """Seats the automatic player holds (their players left), in the order they left (a
        seat whose leaving was not recorded, in a game older than the record, first)."""
        order = list(self.flags.get(LEFT_IN_ORDER, ()))
        seats = [p.seat for p in self.players if p.automatic and p.seat is not None]
        return sorted(seats, key=lambda seat: order.index(seat) if seat in order else -1)


@dataclass(frozen=True, slots=True)
class Unread:
    """The engine state of a game known from the start-up index only: read on first use."""

    to_move: int | None  # the seat to move, as the index recorded it


@cache
def unread(to_move: int | None) -> Unread:
    """The one `Unread` of each seat: thousands of cold games share a handful of values."""
    return Unread(to_move)


class TurnClock(NamedTuple):
    """The seat the turn clock runs for, when its turn began and when its time is up."""

    seat: int | None = None
    since: datetime | None = None
    due: datetime | None = None


NO_CLOCK = TurnClock()


@dataclass(frozen=True, slots=True)
class Heard:
    """Each seat's public log length right after its latest move, at `version` (None: unknown)."""

    marks: Mapping[int, int] | None = None
    version: int | None = None

    def since(self, version: int, seat: int) -> int | None:
        """Where `seat`'s unseen lines start in the public log at `version`; None if unknown."""
        if self.marks is None or self.version != version:
            return None
        return self.marks.get(seat, 0)


NOT_HEARD = Heard()


@dataclass(frozen=True, slots=True)
class LastMove:
    """Who made the last move that counts (None: the computer, or none) and whether it was quiet
    (revealed nothing: it may be taken back at once)."""

    user_id: int | None = None
    quiet: bool = False


NO_MOVE = LastMove()


class LiveGame:
    """One ongoing game in memory: its parts and its lock. Read its parts; never assign them.

    Every change of a game commits under `lock`; the repository then replaces the parts.
    """

    __slots__ = ("clock", "game", "heard", "last", "lock", "record", "state")

    def __init__(
        self,
        game: AnyGame,
        record: GameRecord,
        state: Any = None,
        last: LastMove = NO_MOVE,
    ) -> None:
        self.game = game
        self.lock = asyncio.Lock()
        self.record = record
        self.state = state
        self.clock = NO_CLOCK
        self.heard = NOT_HEARD
        self.last = last

    @property
    def game_id(self) -> int:
        """The game's number."""
        return self.record.game_id

    @property
    def version(self) -> int:
        """The stored version the parts belong to."""
        return self.record.version

    @property
    def status(self) -> str:
        """lobby, active, or how it ended."""
        return self.record.status

    @property
    def players(self) -> tuple[Player, ...]:
        """Everyone in the game, people and computers."""
        return self.record.players

    @property
    def cold(self) -> bool:
        """Known from the start-up index only: its engine state is read on first use."""
        return isinstance(self.state, Unread)

    @property
    def state_format(self) -> int:
        """The format this version stores the game's state in (see bot.service.formats)."""
        return current_format(self.game.spec.id)

    def player(self, user_id: int) -> Player | None:
        """The player record of a user, or None."""
        return self.record.player(user_id)

    def user_at(self, seat: int) -> Player | None:
        """The player at `seat` (started games only)."""
        return self.record.user_at(seat)

    def to_move(self) -> int | None:
        """The seat that must decide now, if the game is active."""
        if self.record.status != "active":
            return None
        if isinstance(self.state, Unread):
            return self.state.to_move
        return None if self.state is None else self.game.to_move(self.state)
