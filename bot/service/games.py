"""The repository: every ongoing game in memory and in the store, and the only writer of its parts.

Start-up reads an index of ongoing games (`load`): a started game stays *cold*, its engine
state read on its first use (`hot`, `require`). Each game has one lock; every change commits
under it, and then `put` replaces the parts that changed (a game that ends leaves memory).
Finished games are read from the store when someone looks at them (`started`), never kept.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, cast

from bot.engine import OutcomeView, get_game
from bot.i18n import say
from bot.service.checks import label, status_error
from bot.service.diff import RecentViews
from bot.service.errors import GameBroken, GameNotFound, NotStarted, ServiceError
from bot.service.formats import StateFormatError
from bot.service.loading import DATA_FAULTS, GameLookup, Loader, Unloadable
from bot.service.since import replay_marks
from bot.service.state import GameRecord, Heard, LastMove, LiveGame, TurnClock
from bot.store import ONGOING, BrokenGame, CorruptRow, GameRow, Store

log = logging.getLogger(__name__)

_KEEP: Any = object()  # `put`'s "this part stays as it is" (None is a state: a lobby's)


def broken_refusal(broken: BrokenGame) -> GameBroken:
    """What players read about a game that could not be loaded."""
    return GameBroken(say("service.broken", game=broken.id))


class Games:
    """Holds every ongoing game; `lookup` finds a game type's engine (tests add a toy game)."""

    def __init__(self, store: Store, lookup: GameLookup = get_game) -> None:
        self.store = store
        self.lookup = lookup
        self._loader = Loader(store, lookup)
        self.recent = RecentViews()  # views kept between moves (issue 16 §5)
        self._live: dict[int, LiveGame] = {}
        self._by_place: dict[int, int] = {}
        self._broken: dict[int, BrokenGame] = {}
        self._forgetters: list[Callable[[int], None]] = []

    # -- loading ----------------------------------------------------------------------------

    async def load(self) -> int:
        """Index every lobby and active game from the store (at start); returns how many.

        Only rows are read (three queries in all, however many games): an active game stays
        cold, its state read on first use. A game that cannot be loaded (bad JSON in its row,
        an unknown state format, a game type no longer installed) is marked broken with one
        log line: its channel is free again and it can still be abandoned; a state that turns
        out unreadable on first use is marked the same way then. Database errors are not a
        game's fault and stop start-up.
        """
        seats = await self.store.index.seats()
        loaded = 0
        for entry in await self.store.index.games():
            try:
                live = await self._loader.indexed(entry, seats.get(entry.game_id, []))
            except Unloadable as error:
                await self._loader.mark_unloadable(entry.game_id, error)
                continue
            self._keep(live)
            loaded += 1
        self._broken = {b.id: b for b in await self.store.games.broken()}
        return loaded

    async def _warm(self, s: LiveGame) -> None:
        """Read a cold game's state on its first use (once, even if asked twice at once).

        A state that cannot be read marks the game broken, frees its place, and refuses.
        """
        if not s.cold:
            return
        try:
            fresh = await self._loader.loadable(s.game_id)
        except Unloadable as error:
            if s.cold and self.holds(s):
                await self._loader.mark_unloadable(s.game_id, error)
                self._drop(s)
                self._broken = {b.id: b for b in await self.store.games.broken()}
            broken = self._broken.get(s.game_id)
            if broken is None:
                raise GameNotFound(say("service.no_such_game", game=s.game_id)) from None
            raise broken_refusal(broken) from None
        if s.cold:  # a second warmer that read the same rows finds the work done
            self._adopt(s, fresh)

    async def reload(self, s: LiveGame) -> None:
        """Re-read a game whose stored version moved under us (another process, a lost reply)."""
        row = await self.row(s.game_id)
        if not row.ongoing:
            self._drop(s)
            return
        self._adopt(s, await self._loader.from_row(row))

    def _adopt(self, s: LiveGame, fresh: LiveGame) -> None:
        """Take what the store holds into the game everyone shares (its lock stays)."""
        s.record, s.state, s.last = fresh.record, fresh.state, fresh.last
        if fresh.status not in ONGOING:
            self._drop(s)

    # -- holding ----------------------------------------------------------------------------

    def _keep(self, s: LiveGame) -> None:
        self._live[s.game_id] = s
        self._by_place[s.record.place_id] = s.game_id

    async def hold_new(self, row: GameRow) -> LiveGame:
        """Hold a game the store just created (a new lobby)."""
        created = await self._loader.from_row(row)
        self._keep(created)
        return created

    def _drop(self, s: LiveGame) -> None:
        if self._live.get(s.game_id) is s:
            del self._live[s.game_id]
        self.recent.forget(s.game_id)
        for forget in self._forgetters:
            forget(s.game_id)
        if self._by_place.get(s.record.place_id) == s.game_id:
            del self._by_place[s.record.place_id]

    def when_dropped(self, forget: Callable[[int], None]) -> None:
        """Call `forget(game_id)` whenever a game leaves memory (caches kept per game)."""
        self._forgetters.append(forget)

    def put(
        self,
        s: LiveGame,
        *,
        record: GameRecord | None = None,
        state: Any = _KEEP,
        clock: TurnClock | None = None,
        heard: Heard | None = None,
        last: LastMove | None = None,
    ) -> None:
        """Replace the parts given (each a new value); a record that ended lets the game go."""
        if record is not None:
            s.record = record
        if state is not _KEEP:
            s.state = state
        if clock is not None:
            s.clock = clock
        if heard is not None:
            s.heard = heard
        if last is not None:
            s.last = last
        if record is not None and record.status not in ONGOING:
            self._drop(s)

    async def refresh_heard(self, s: LiveGame) -> None:
        """Make the game's marks belong to its current version (a replay only when stale)."""
        version = s.version
        if s.heard.version == version or s.state is None or s.cold:
            return
        moves = await self.store.moves.of(s.game_id)
        seated = sum(1 for p in s.players if p.seat is not None)
        start = s.game.new_game(seated, s.record.seed, s.record.options)
        marks = await asyncio.to_thread(replay_marks, s.game, start, moves, s.state)
        s.heard = Heard(marks, version)

    # -- lookup and locking -----------------------------------------------------------------

    def held(self, game_id: int) -> LiveGame | None:
        """The ongoing game as held (cold or not), or None."""
        return self._live.get(game_id)

    def holds(self, s: LiveGame) -> bool:
        """Whether `s` is still the game held under its number (it may have ended meanwhile)."""
        return self._live.get(s.game_id) is s

    def at(self, place_id: int) -> LiveGame | None:
        """The ongoing game of a channel or thread, if any."""
        game_id = self._by_place.get(place_id)
        return None if game_id is None else self._live[game_id]

    def ongoing(self) -> list[LiveGame]:
        """Every game held, oldest first."""
        return [self._live[game_id] for game_id in sorted(self._live)]

    def count(self) -> int:
        """How many games are held in memory."""
        return len(self._live)

    async def hot(self, game_id: int) -> LiveGame | None:
        """The held game with its state read, or None if not held."""
        s = self._live.get(game_id)
        if s is not None:
            await self._warm(s)
        return s

    async def row(self, game_id: int) -> GameRow:
        """A game's stored row; refused when it is broken or does not exist."""
        broken = self._broken.get(game_id)
        if broken is not None:
            raise broken_refusal(broken)
        row = await self.store.games.get(game_id)
        if row is None:
            raise GameNotFound(say("service.no_game", game=game_id))
        return row

    async def require(self, game_id: int, wanted: tuple[str, ...]) -> LiveGame:
        """The held game, its state read, if its status is one of `wanted`; else the refusal."""
        s = self._live.get(game_id)
        if s is None:
            row = await self.row(game_id)
            raise status_error(label(self.lookup(row.game_type), game_id), row.status, wanted)
        if s.status not in wanted:
            raise status_error(label(s.game, game_id), s.status, wanted)
        await self._warm(s)
        return s

    @asynccontextmanager
    async def locked(self, game_id: int, *wanted: str) -> AsyncIterator[LiveGame]:
        """The game under its lock, re-checked after waiting (it may have ended meanwhile)."""
        s = await self.require(game_id, wanted)
        async with s.lock:
            yield await self.require(game_id, wanted)

    async def started(self, game_id: int) -> tuple[LiveGame, OutcomeView | None]:
        """A started game (held, or read from the store) and its stored result, if any.

        A game over whose stored record can no longer be read is refused in one sentence
        (and one warning line without its data): it is not the viewer's fault, nor a crash.
        """
        s = await self.hot(game_id)
        if s is not None and s.state is not None:
            return s, None
        try:
            row = await self.row(game_id)
            title = label(self.lookup(row.game_type), game_id)
            if row.status == "lobby":
                raise status_error(title, row.status, ("active",))
            s = await self._loader.from_row(row)
        except (CorruptRow, StateFormatError, *DATA_FAULTS) as error:
            if isinstance(error, ServiceError):
                raise
            log.warning("game #%d cannot be shown (%s)", game_id, type(error).__name__)
            raise GameBroken(say("service.unreadable", game=game_id)) from None
        if s.state is None:
            raise NotStarted(say("service.never_started", title=title))
        return s, None if row.result is None else cast(OutcomeView, row.result)

    # -- games that could not be loaded -----------------------------------------------------

    def broken(self, game_id: int) -> BrokenGame | None:
        """The game if it could not be loaded, else None."""
        return self._broken.get(game_id)

    def broken_games(self) -> list[BrokenGame]:
        """Every game that could not be loaded (not yet abandoned)."""
        return list(self._broken.values())

    async def end_broken(self, game_id: int) -> int:
        """Store a broken game as abandoned (its rows stay, for inspection); its new version."""
        broken = self._broken[game_id]
        version = await self.store.games.end(game_id, broken.version, "abandoned")
        del self._broken[game_id]
        return version
