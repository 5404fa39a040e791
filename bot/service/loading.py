"""Reading games from the store into new `LiveGame`s: from the start-up index, or in full.

The loader only builds new values; the repository (bot/service/games.py) decides what it
keeps. A game that cannot be read says why in `Unloadable`, in words that never quote its data.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bot.engine import AnyGame, IllegalAction
from bot.service.formats import StateFormatError, check_readable, readable
from bot.service.model import Player
from bot.service.state import GameRecord, LastMove, LiveGame, unread
from bot.store import NOBODY, CorruptRow, GameRow, IndexEntry, SeatRow, Store

log = logging.getLogger(__name__)

GameLookup = Callable[[str], AnyGame]

# What a stored game's data can raise when it no longer fits this version of the game.
DATA_FAULTS = (IllegalAction, LookupError, ValueError, TypeError, AttributeError)


class Collector:
    """Pauses Python's cyclic garbage collector while loads run, however many overlap.

    Start-up builds some 25 objects per ongoing game and none of them is garbage, yet with the
    collector running every 700 of them start a young collection and the heap's growth starts
    full ones over everything the process holds (a third of the start-up time with 10,000
    games in the bot's process). Paused, the new objects are looked at when the collector
    next runs by itself.
    """

    def __init__(self) -> None:
        self._loads = 0
        self._resume = False

    @contextmanager
    def paused(self) -> Iterator[None]:
        """No collection inside; the collector runs again (if it ran before) after the last."""
        if self._loads == 0:
            self._resume = gc.isenabled()
            gc.disable()
        self._loads += 1
        try:
            yield
        finally:
            self._loads -= 1
            if self._loads == 0 and self._resume:
                gc.enable()


COLLECTOR = Collector()


class Unloadable(Exception):
    """Why a stored game cannot be loaded, in words that never quote its state."""


def player_of_row(row: SeatRow) -> Player:
    """A seat row as the service's Player."""
    return Player(
        row.user_id,
        row.display_name,
        row.join_order,
        row.seat,
        row.dm_ok,
        row.automatic,
        row.departure,
        row.level,
    )


def record_of_row(row: GameRow, players: list[Player]) -> GameRecord:
    """A game row and its players as the stored record."""
    return GameRecord(
        game_id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=row.thread_id,
        message_id=row.message_id,
        message_version=row.message_version,
        status=row.status,
        seed=row.seed,
        options={str(k): str(v) for k, v in row.options.items()},
        version=row.version,
        host_id=row.host_id,
        players=tuple(players),
        flags=dict(row.flags),
    )


class Loader:
    """Builds live games from stored rows; `lookup` finds each game type's engine."""

    def __init__(self, store: Store, lookup: GameLookup) -> None:
        self.store = store
        self.lookup = lookup

    def engine(self, game_type: str) -> AnyGame:
        """The game's engine, or Unloadable when that game is no longer installed."""
        try:
            return self.lookup(game_type)
        except IllegalAction:
            raise Unloadable(f"its game type {game_type[:40]!r} is not installed") from None

    async def indexed(self, entry: IndexEntry, seats: list[SeatRow]) -> LiveGame:
        """A game from the index: cold when its turn is recorded, else read in full now."""
        if entry.row is None:
            raise Unloadable(entry.fault or "its row cannot be read")
        game = self.engine(entry.game_type)
        row = entry.row
        players = [player_of_row(seat) for seat in seats]
        seated = any(p.seat is not None for p in players)
        if row.status == "lobby" or not seated:
            return LiveGame(game, record_of_row(row, players))
        if entry.to_move is None or entry.state_format is None:
            return await self.loadable(row.id)  # from before the index: read once, in full
        try:
            check_readable(row.game_type, entry.state_format)
        except StateFormatError as error:
            raise Unloadable(str(error)) from None
        turn = None if entry.to_move == NOBODY else entry.to_move
        return LiveGame(game, record_of_row(row, players), unread(turn))

    async def loadable(self, game_id: int) -> LiveGame:
        """One stored game in full, or Unloadable saying why in words without its data."""
        try:
            row = await self.store.games.require(game_id)
        except CorruptRow as error:
            raise Unloadable(str(error)) from None
        self.engine(row.game_type)
        try:
            return await self.from_row(row)
        except (CorruptRow, StateFormatError) as error:
            raise Unloadable(str(error)) from None
        except DATA_FAULTS as error:
            raise Unloadable(
                f"its stored state does not fit this version of the game ({type(error).__name__})"
            ) from None

    async def from_row(self, row: GameRow) -> LiveGame:
        """The game of a stored row: its seats, and its state and last move once started."""
        players = [player_of_row(seat) for seat in await self.store.seats.of(row.id)]
        game = self.lookup(row.game_type)
        record = record_of_row(row, players)
        if row.status == "lobby" or not any(p.seat is not None for p in players):
            return LiveGame(game, record)
        state = await self._stored_state(row, game, players)
        last = await self.store.moves.last(row.id)
        moved = LastMove() if last is None else LastMove(last.user_id, bool(last.quiet))
        return LiveGame(game, record, state, moved)

    async def _stored_state(self, row: GameRow, game: AnyGame, players: list[Player]) -> Any:
        snapshot = await self.store.moves.snapshot(row.id)
        if snapshot is not None:
            return game.load(readable(row.game_type, snapshot.format, snapshot.state))
        log.warning("game #%s has no snapshot; replaying its moves", row.id)
        seated = sum(1 for p in players if p.seat is not None)
        state = game.new_game(seated, row.seed, row.options)
        for move in await self.store.moves.of(row.id):
            state = game.apply(state, game.decode(move.action))
        return state

    async def mark_unloadable(self, game_id: int, error: Unloadable) -> None:
        """Record in the store that the game cannot be loaded, with one log line saying why."""
        await self.store.games.mark_broken(game_id, str(error))
        log.error(
            "game #%d cannot be loaded (%s): marked broken; its channel is free and it "
            "can be abandoned there",
            game_id,
            error,
        )
