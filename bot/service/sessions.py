"""The in-memory cache of ongoing games: loading, locking, read-only pictures and views."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any, cast

from bot.engine import AnyGame, IllegalAction, Outcome, OutcomeView, View, ViewContext, get_game
from bot.i18n import say
from bot.service.catalogue import title_of
from bot.service.diff import RecentViews
from bot.service.endings import read_result
from bot.service.errors import (
    GameBroken,
    GameNotFound,
    GameOver,
    NoHands,
    NotAPlayer,
    NotHost,
    NotInLobby,
    NotStarted,
    ServiceError,
)
from bot.service.formats import StateFormatError, check_readable, readable
from bot.service.model import HINTS, OFF, Board, Choice, GameInfo, Hand, Player, Session, Turn
from bot.service.since import refresh_marks, since_last_acted
from bot.store import ONGOING, BrokenGame, CorruptRow, GameRow, SeatRow, Store
from bot.store.index import NOBODY, IndexEntry

log = logging.getLogger(__name__)

GameLookup = Callable[[str], AnyGame]


def _player(row: SeatRow) -> Player:
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


def turn_code(game: AnyGame, state: Any) -> int:
    """The seat to move as the start-up index stores it beside the snapshot (NOBODY: none)."""
    seat = game.to_move(state)
    return NOBODY if seat is None else seat


def label(game: AnyGame, game_id: int) -> str:
    """How messages name a game: its title and number."""
    return say("service.game_label", title=title_of(game), game=game_id)


def status_error(title: str, status: str, wanted: tuple[str, ...]) -> Exception:
    """The refusal for a game whose status is not one of `wanted`."""
    if status == "lobby":
        return NotStarted(say("service.status.lobby", title=title))
    if status == "active":
        return NotInLobby(say("service.status.active", title=title))
    ended = {"cancelled": "service.status.cancelled", "abandoned": "service.status.abandoned"}
    return GameOver(say(ended.get(status, "service.status.over"), title=title))


class Unloadable(Exception):
    """Why a stored game cannot be loaded, in words that never quote its state."""


def broken_refusal(broken: BrokenGame) -> GameBroken:
    """What players read about a game that could not be loaded."""
    return GameBroken(say("service.broken", game=broken.id))


# What a stored game's data can raise when it no longer fits this version of the game.
_DATA_FAULTS = (IllegalAction, LookupError, ValueError, TypeError, AttributeError)


def outcome_of(view: View, result: OutcomeView | None) -> Outcome | None:
    """The result to report: the platform's (a resignation) if it made one, else the engine's."""
    chosen = result if result is not None else view["outcome"]
    return None if chosen is None else read_result(chosen)


class SessionCache:
    """Holds every ongoing game in memory; finished games are read from the store on demand."""

    def __init__(self, store: Store, games: GameLookup = get_game) -> None:
        self.store = store
        self._games = games
        self._sessions: dict[int, Session] = {}
        self._by_place: dict[int, int] = {}
        self._broken: dict[int, BrokenGame] = {}
        self._recent = RecentViews()  # views kept between moves (issue 16 §5)
        self._hand_dms: dict[int, dict[int, int | None]] = {}  # game -> user -> hand DM

    # -- loading ----------------------------------------------------------------------------

    async def load(self) -> int:
        """Index every lobby and active game from the store (at start); returns how many.

        Only rows are read (three queries in all, however many games): an active game stays
        *cold*, its state read on first use (`_warm`). A game that cannot be loaded (bad JSON
        in its row, an unknown state format, a game type no longer installed) is marked broken
        with one log line: its channel is free again and it can still be abandoned; a state
        that turns out unreadable on first use is marked the same way then. Database errors
        are not a game's fault and stop start-up.
        """
        seats = await self.store.index.seats()
        loaded = 0
        for entry in await self.store.index.games():
            try:
                session = await self._indexed(entry, seats.get(entry.game_id, []))
            except Unloadable as error:
                await self._mark_unloadable(entry.game_id, error)
                continue
            self._keep(session)
            loaded += 1
        self._broken = {b.id: b for b in await self.store.games.broken()}
        return loaded

    async def _indexed(self, entry: IndexEntry, seats: list[SeatRow]) -> Session:
        """A session from the index: cold when its turn is recorded, else loaded in full now."""
        if entry.row is None:
            raise Unloadable(entry.fault or "its row cannot be read")
        try:
            self._games(entry.game_type)
        except IllegalAction:
            raise Unloadable(f"its game type {entry.game_type[:40]!r} is not installed") from None
        row = entry.row
        players = [_player(seat) for seat in seats]
        seated = any(p.seat is not None for p in players)
        if row.status == "lobby" or not seated:
            return self._bare_session(row, players)
        if entry.to_move is None or entry.state_format is None:
            return await self._loadable(row.id)  # from before the index: read once, in full
        try:
            check_readable(row.game_type, entry.state_format)
        except StateFormatError as error:
            raise Unloadable(str(error)) from None
        session = self._bare_session(row, players)
        session.cold = True
        session.cold_turn = None if entry.to_move == NOBODY else entry.to_move
        return session

    async def _mark_unloadable(self, game_id: int, error: Unloadable) -> None:
        await self.store.games.mark_broken(game_id, str(error))
        log.error(
            "game #%d cannot be loaded (%s): marked broken; its channel is free and it "
            "can be abandoned there",
            game_id,
            error,
        )

    async def _warm(self, s: Session) -> None:
        """Read a cold game's state on its first use (once, even if asked twice at once).

        A state that cannot be read marks the game broken, frees its place, and refuses.
        """
        if not s.cold:
            return
        try:
            fresh = await self._loadable(s.game_id)
        except Unloadable as error:
            if s.cold and self._sessions.get(s.game_id) is s:
                await self._mark_unloadable(s.game_id, error)
                self._drop(s)
                self._broken = {b.id: b for b in await self.store.games.broken()}
            broken = self._broken.get(s.game_id)
            if broken is None:
                raise GameNotFound(say("service.no_such_game", game=s.game_id)) from None
            raise broken_refusal(broken) from None
        if s.cold:  # a second warmer that read the same rows finds the work done
            self._adopt(s, fresh)
            s.cold = False
            if fresh.status not in ONGOING:
                self._drop(s)

    async def _hot(self, game_id: int) -> Session | None:
        """The held session of an ongoing game with its state read, or None if not held."""
        session = self._sessions.get(game_id)
        if session is not None:
            await self._warm(session)
        return session

    async def _loadable(self, game_id: int) -> Session:
        """One stored game as a session, or Unloadable saying why in words without its data."""
        try:
            row = await self.store.games.require(game_id)
        except CorruptRow as error:
            raise Unloadable(str(error)) from None
        try:
            self._games(row.game_type)
        except IllegalAction:
            raise Unloadable(f"its game type {row.game_type[:40]!r} is not installed") from None
        try:
            return await self._session_from_store(row)
        except (CorruptRow, StateFormatError) as error:
            raise Unloadable(str(error)) from None
        except _DATA_FAULTS as error:
            raise Unloadable(
                f"its stored state does not fit this version of the game ({type(error).__name__})"
            ) from None

    def _bare_session(self, row: GameRow, players: list[Player]) -> Session:
        """A session from its row and seats alone: no state (a lobby, or cold until used)."""
        return Session(
            game_id=row.id,
            game=self._games(row.game_type),
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            message_id=row.message_id,
            status=row.status,
            seed=row.seed,
            options={str(k): str(v) for k, v in row.options.items()},
            version=row.version,
            host_id=row.host_id,
            players=players,
            flags=dict(row.flags),
            message_version=row.message_version,
        )

    async def _session_from_store(self, row: GameRow) -> Session:
        players = [_player(seat) for seat in await self.store.seats.of(row.id)]
        session = self._bare_session(row, players)
        game = session.game
        if row.status != "lobby" and any(p.seat is not None for p in players):
            session.state = await self._stored_state(row, game, players)
            last = await self.store.moves.last(row.id)
            if last is not None:
                session.last_user, session.last_quiet = last.user_id, bool(last.quiet)
        return session

    async def _stored_state(self, row: GameRow, game: AnyGame, players: list[Player]) -> Any:
        snapshot = await self.store.moves.snapshot(row.id)
        if snapshot is not None:
            return game.load(readable(row.game_type, snapshot.format, snapshot.state))
        log.warning("game #%s has no snapshot; replaying its moves", row.id)
        return await self._replay(row, game, players)

    async def _replay(self, row: GameRow, game: AnyGame, players: list[Player]) -> Any:
        seated = sum(1 for p in players if p.seat is not None)
        state = game.new_game(seated, row.seed, row.options)
        for move in await self.store.moves.of(row.id):
            state = game.apply(state, game.decode(move.action))
        return state

    def _keep(self, session: Session) -> None:
        self._sessions[session.game_id] = session
        self._by_place[session.place_id] = session.game_id

    def _drop(self, session: Session) -> None:
        self._sessions.pop(session.game_id, None)
        self._recent.forget(session.game_id)
        self._hand_dms.pop(session.game_id, None)
        if self._by_place.get(session.place_id) == session.game_id:
            del self._by_place[session.place_id]

    async def _reload(self, session: Session) -> None:
        """Re-read a game whose stored version moved under us (another process, a lost reply)."""
        row = await self._row(session.game_id)
        if not row.ongoing:
            self._drop(session)
            return
        fresh = await self._session_from_store(row)
        self._adopt(session, fresh)
        session.cold = False

    @staticmethod
    def _adopt(session: Session, fresh: Session) -> None:
        """Take what the store holds into the session everyone shares (its lock stays)."""
        for name in (
            "message_id",
            "message_version",
            "status",
            "version",
            "host_id",
            "players",
            "state",
            "flags",
            "last_user",
            "last_quiet",
        ):
            setattr(session, name, getattr(fresh, name))

    # -- lookup and locking -----------------------------------------------------------------

    async def _row(self, game_id: int) -> GameRow:
        broken = self._broken.get(game_id)
        if broken is not None:
            raise broken_refusal(broken)
        row = await self.store.games.get(game_id)
        if row is None:
            raise GameNotFound(say("service.no_game", game=game_id))
        return row

    async def _require(self, game_id: int, wanted: tuple[str, ...]) -> Session:
        session = self._sessions.get(game_id)
        if session is None:
            row = await self._row(game_id)
            raise status_error(label(self._games(row.game_type), game_id), row.status, wanted)
        if session.status not in wanted:
            raise status_error(label(session.game, game_id), session.status, wanted)
        await self._warm(session)
        return session

    @asynccontextmanager
    async def _locked(self, game_id: int, *wanted: str) -> AsyncIterator[Session]:
        """The session under its lock, re-checked after waiting (it may have ended meanwhile)."""
        session = await self._require(game_id, wanted)
        async with session.lock:
            yield await self._require(game_id, wanted)

    def _seat_of(self, session: Session, user_id: int) -> Player:
        player = session.player(user_id)
        if player is None:
            raise NotAPlayer(say("service.not_playing", title=label(session.game, session.game_id)))
        return player

    # -- read-only pictures -----------------------------------------------------------------

    def _info(self, session: Session, outcome: Outcome | None = None) -> GameInfo:
        spec = session.game.spec
        return GameInfo(
            game_id=session.game_id,
            game_type=spec.id,
            title=title_of(session.game),
            guild_id=session.guild_id,
            channel_id=session.channel_id,
            thread_id=session.thread_id,
            message_id=session.message_id,
            status=session.status,
            version=session.version,
            host_id=session.host_id,
            options=dict(session.options),
            players=tuple(session.players),
            to_move=session.to_move(),
            outcome=outcome,
            min_players=spec.min_players,
            max_players=spec.max_players,
            pace=session.pace,
            turn_since=session.turn_since if session.status == "active" else None,
            turn_due=session.turn_due if session.status == "active" else None,
            message_version=session.message_version,
            own_thread=session.own_thread,
            has_hands=spec.has_private,
            hints=session.flags.get(HINTS) != OFF,
        )

    def game_at(self, place_id: int) -> GameInfo | None:
        """The ongoing game in this channel or thread, if any."""
        game_id = self._by_place.get(place_id)
        return None if game_id is None else self._info(self._sessions[game_id])

    def games_in_threads_of(self, channel_id: int) -> list[GameInfo]:
        """The ongoing games played in threads of this channel, oldest first."""
        return [
            self._info(s)
            for _, s in sorted(self._sessions.items())
            if s.channel_id == channel_id and s.thread_id is not None
        ]

    def guild_games(self, guild_id: int) -> list[GameInfo]:
        """Every ongoing game of a server (lobbies too), oldest first, with whose turn it is.

        Games that could not be loaded are listed too, with status "broken".
        """
        ongoing = [
            self._info(s)
            for _, s in sorted(self._sessions.items())
            if s.guild_id == guild_id and s.status in ONGOING
        ]
        broken = [self._broken_info(b) for b in self._broken.values() if b.guild_id == guild_id]
        return sorted(ongoing + broken, key=lambda info: info.game_id)

    # -- games that could not be loaded -----------------------------------------------------

    def _broken_info(self, broken: BrokenGame, status: str = "broken") -> GameInfo:
        """A GameInfo for a broken game: enough to list it, abandon it and strip its buttons."""
        try:
            title = title_of(self._games(broken.game_type))
        except IllegalAction:
            title = broken.game_type[:40]
        return GameInfo(
            game_id=broken.id,
            game_type=broken.game_type,
            title=title,
            guild_id=broken.guild_id,
            channel_id=broken.channel_id,
            thread_id=broken.thread_id,
            message_id=broken.message_id,
            status=status,
            version=broken.version,
            host_id=broken.host_id,
            options={},
            players=(),
        )

    def broken_at(self, place_id: int) -> GameInfo | None:
        """The newest game of this channel or thread that could not be loaded, if any."""
        here = [b for b in self._broken.values() if b.place_id == place_id]
        return None if not here else self._broken_info(max(here, key=lambda b: b.id))

    async def _abandon_broken(self, game_id: int, user_id: int, moderator: bool) -> GameInfo:
        """End a broken game as abandoned; its stored rows stay as they are, for inspection."""
        broken = self._broken[game_id]
        if not moderator and user_id != broken.host_id:
            raise NotHost(say("service.host_only.abandon_broken", game=game_id))
        version = await self.store.games.end(game_id, broken.version, "abandoned")
        del self._broken[game_id]
        ended = replace(broken, status="abandoned", version=version)
        return self._broken_info(ended, "abandoned")

    def ongoing_count(self) -> int:
        """How many games are held in memory."""
        return len(self._sessions)

    # -- snapshots: a view with what the platform adds beside it ----------------------------

    def _turn(self, s: Session) -> Turn | None:
        """Who must decide now in an active game, with every legal choice."""
        seat = s.to_move()
        player = None if seat is None else s.user_at(seat)
        if seat is None or player is None:
            return None
        back = not player.automatic and s.last_quiet and s.last_user == player.user_id
        return Turn(s.version, seat, player.user_id, self._choices(s), player.automatic, back)

    def _choices(self, s: Session) -> tuple[Choice, ...]:
        game = s.game
        return tuple(
            Choice(game.encode(a), game.describe(a, s.state)) for a in game.legal_actions(s.state)
        )

    def _context(self, s: Session, view: View, result: OutcomeView | None) -> ViewContext:
        """Names by seat, the game's status, and the result when the platform decided it."""
        names = [""] * len(view["seats"])
        for player in s.players:
            if player.seat is not None and player.seat < len(names):
                names[player.seat] = player.shown_name
        own = None if result is None or result == view["outcome"] else result
        return ViewContext(tuple(names), s.status, own)

    def _board(
        self, s: Session, view: View | None = None, result: OutcomeView | None = None
    ) -> Board:
        """The game message's picture of a started game, as it is now."""
        seen = self._recent.of(s.game_id).of(s.game, s.state, None) if view is None else view
        turn = self._turn(s)
        hidden = turn is not None and bool(s.game.hidden_choices(s.state))
        info = self._info(s, outcome_of(seen, result))
        since = None if turn is None else since_last_acted(s, turn.seat, seen["log"])
        return Board(info, seen, self._context(s, seen, result), turn, hidden, since)

    def _hand(
        self,
        s: Session,
        seat: int,
        info: GameInfo,
        result: OutcomeView | None = None,
        view: View | None = None,
    ) -> Hand:
        """One seat's private view with the platform's context beside it."""
        player = s.user_at(seat)
        assert player is not None, f"seat {seat} of game #{s.game_id} has no player"
        seen = self._recent.of(s.game_id).of(s.game, s.state, seat) if view is None else view
        return Hand(info, player, seat, seen, self._context(s, seen, result))

    async def _viewable(self, game_id: int) -> tuple[Session, OutcomeView | None]:
        """A started game (cached or from the store) and its stored result, if any.

        A game over whose stored record can no longer be read is refused in one sentence
        (and one warning line without its data): it is not the viewer's fault, nor a crash.
        """
        session = await self._hot(game_id)
        if session is not None and session.state is not None:
            return session, None
        try:
            row = await self._row(game_id)
            title = label(self._games(row.game_type), game_id)
            if row.status == "lobby":
                raise status_error(title, row.status, ("active",))
            session = await self._session_from_store(row)
        except (CorruptRow, StateFormatError, *_DATA_FAULTS) as error:
            if isinstance(error, ServiceError):
                raise
            log.warning("game #%d cannot be shown (%s)", game_id, type(error).__name__)
            raise GameBroken(say("service.unreadable", game=game_id)) from None
        if session.state is None:
            raise NotStarted(say("service.never_started", title=title))
        return session, None if row.result is None else cast(OutcomeView, row.result)

    async def board(self, game_id: int) -> Board:
        """The game message of a started game, ongoing or over (/board, a redraw)."""
        session, result = await self._viewable(game_id)
        async with session.lock:
            await refresh_marks(self.store, session)
            return self._board(session, result=result)

    async def hand(self, game_id: int, user_id: int) -> Hand:
        """What one player may see: the public view plus their own secrets (/hand, My hand)."""
        session, result = await self._viewable(game_id)
        if not session.game.spec.has_private:
            raise NoHands(say("service.no_hands", title=label(session.game, game_id)))
        if session.player(user_id) is None and session.status not in ONGOING:
            raise NotAPlayer(say("service.not_your_hand", title=label(session.game, game_id)))
        seat = self._seat_of(session, user_id).seat
        if seat is None:
            raise NotStarted(say("service.not_started", title=label(session.game, game_id)))
        async with session.lock:
            view = self._recent.of(game_id).of(session.game, session.state, seat)
            info = self._info(session, outcome_of(view, result))
            return self._hand(session, seat, info, result, view)

    async def history(self, game_id: int, limit: int = 10) -> list[str]:
        """The last public log lines of a started game, oldest first."""
        session, _ = await self._viewable(game_id)
        lines = list(session.game.view(session.state, None)["log"])  # Texts: the reader's words
        return lines[-limit:] if limit > 0 else []
