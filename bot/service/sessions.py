"""The in-memory cache of ongoing games: loading, locking, read-only pictures and views."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from bot.engine import AnyGame, IllegalAction, Outcome, get_game
from bot.service.errors import GameNotFound, GameOver, NotAPlayer, NotInLobby, NotStarted
from bot.service.model import GameInfo, Player, Session
from bot.store import ONGOING, GameRow, SeatRow, Store

log = logging.getLogger(__name__)

GameLookup = Callable[[str], AnyGame]


def _player(row: SeatRow) -> Player:
    return Player(row.user_id, row.display_name, row.join_order, row.seat, row.dm_ok)


def label(game: AnyGame, game_id: int) -> str:
    """How messages name a game: its title and number."""
    return f"{game.spec.title} game #{game_id}"


def status_error(title: str, status: str, wanted: tuple[str, ...]) -> Exception:
    """The refusal for a game whose status is not one of `wanted`."""
    if status == "lobby":
        return NotStarted(f"{title} has not started yet: the host can start it from the lobby.")
    if status == "active":
        return NotInLobby(f"{title} has already started.")
    ended = {"finished": "is over", "cancelled": "was cancelled", "abandoned": "was abandoned"}
    return GameOver(f"{title} {ended.get(status, 'is over')}.")


class SessionCache:
    """Holds every ongoing game in memory; finished games are read from the store on demand."""

    def __init__(self, store: Store, games: GameLookup = get_game) -> None:
        self.store = store
        self._games = games
        self._sessions: dict[int, Session] = {}
        self._by_place: dict[int, int] = {}

    # -- loading ----------------------------------------------------------------------------

    async def load(self) -> int:
        """Load every lobby and active game from the store (at start); returns how many."""
        loaded = 0
        for row in await self.store.open_games():
            try:
                self._keep(await self._session_from_store(row))
            except (IllegalAction, KeyError, ValueError, TypeError):
                log.exception("game #%s (%s) could not be loaded; skipped", row.id, row.game_type)
                continue
            loaded += 1
        return loaded

    async def _session_from_store(self, row: GameRow) -> Session:
        game = self._games(row.game_type)
        players = [_player(seat) for seat in await self.store.seats(row.id)]
        session = Session(
            game_id=row.id,
            game=game,
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
        )
        if row.status != "lobby" and any(p.seat is not None for p in players):
            session.state = await self._stored_state(row, game, players)
        return session

    async def _stored_state(self, row: GameRow, game: AnyGame, players: list[Player]) -> Any:
        snapshot = await self.store.snapshot(row.id)
        if snapshot is not None:
            return game.load(snapshot.state)
        log.warning("game #%s has no snapshot; replaying its moves", row.id)
        return await self._replay(row, game, players)

    async def _replay(self, row: GameRow, game: AnyGame, players: list[Player]) -> Any:
        seated = sum(1 for p in players if p.seat is not None)
        state = game.new_game(seated, row.seed, row.options)
        for move in await self.store.moves(row.id):
            state = game.apply(state, game.decode(move.action))
        return state

    async def replay(self, game_id: int) -> Any:
        """The state rebuilt from the seed and every stored move (to check snapshots)."""
        row = await self._row(game_id)
        if row.status == "lobby":
            raise status_error(f"Game #{game_id}", row.status, ("active",))
        players = [_player(seat) for seat in await self.store.seats(game_id)]
        return await self._replay(row, self._games(row.game_type), players)

    def _keep(self, session: Session) -> None:
        self._sessions[session.game_id] = session
        self._by_place[session.place_id] = session.game_id

    def _drop(self, session: Session) -> None:
        self._sessions.pop(session.game_id, None)
        if self._by_place.get(session.place_id) == session.game_id:
            del self._by_place[session.place_id]

    async def _reload(self, session: Session) -> None:
        """Re-read a game whose stored version moved under us (another process, a lost reply)."""
        row = await self._row(session.game_id)
        if not row.ongoing:
            self._drop(session)
            return
        fresh = await self._session_from_store(row)
        for name in ("message_id", "status", "version", "host_id", "players", "state", "flags"):
            setattr(session, name, getattr(fresh, name))

    # -- lookup and locking -----------------------------------------------------------------

    async def _row(self, game_id: int) -> GameRow:
        row = await self.store.game(game_id)
        if row is None:
            raise GameNotFound(f"There is no game #{game_id}.")
        return row

    async def _require(self, game_id: int, wanted: tuple[str, ...]) -> Session:
        session = self._sessions.get(game_id)
        if session is None:
            row = await self._row(game_id)
            raise status_error(label(self._games(row.game_type), game_id), row.status, wanted)
        if session.status not in wanted:
            raise status_error(label(session.game, game_id), session.status, wanted)
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
            raise NotAPlayer(f"You are not playing in {label(session.game, session.game_id)}.")
        return player

    # -- read-only pictures -----------------------------------------------------------------

    def _info(self, session: Session, outcome: Outcome | None = None) -> GameInfo:
        spec = session.game.spec
        return GameInfo(
            game_id=session.game_id,
            game_type=spec.id,
            title=spec.title,
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
        )

    async def info(self, game_id: int) -> GameInfo:
        """A read-only picture of any game, ongoing or not."""
        session = self._sessions.get(game_id)
        if session is not None:
            return self._info(session)
        row = await self._row(game_id)
        ended = await self._session_from_store(row)
        outcome = None if row.result is None else Outcome.from_dict(row.result)
        return self._info(ended, outcome)

    def game_at(self, place_id: int) -> GameInfo | None:
        """The ongoing game in this channel or thread, if any."""
        game_id = self._by_place.get(place_id)
        return None if game_id is None else self._info(self._sessions[game_id])

    def guild_games(self, guild_id: int) -> list[GameInfo]:
        """Every ongoing game of a server (lobbies too), oldest first, with whose turn it is."""
        return [
            self._info(s)
            for _, s in sorted(self._sessions.items())
            if s.guild_id == guild_id and s.status in ONGOING
        ]

    def ongoing_count(self) -> int:
        """How many games are held in memory."""
        return len(self._sessions)

    # -- views ------------------------------------------------------------------------------

    async def _viewable(self, game_id: int) -> tuple[Session, dict[str, Any] | None]:
        """A started game (cached or from the store) and its stored result, if any."""
        session = self._sessions.get(game_id)
        if session is not None and session.state is not None:
            return session, None
        row = await self._row(game_id)
        title = label(self._games(row.game_type), game_id)
        if row.status == "lobby":
            raise status_error(title, row.status, ("active",))
        session = await self._session_from_store(row)
        if session.state is None:
            raise NotStarted(f"{title} never started.")
        return session, row.result

    def _decorate(
        self, session: Session, view: dict[str, Any], result: dict[str, Any] | None
    ) -> dict[str, Any]:
        """Add the platform's facts (status, player names, a service-made result) to a view."""
        names = [""] * len(view.get("seats", []) or session.players)
        for player in session.players:
            if player.seat is not None and player.seat < len(names):
                names[player.seat] = player.name
        view["names"] = names
        view["status"] = session.status
        if session.status != "active":
            view["to_move"] = None
        if result is not None:
            view["outcome"] = result
        return view

    async def public_view(self, game_id: int) -> dict[str, Any]:
        """What everyone may see (the channel image is drawn from this)."""
        session, result = await self._viewable(game_id)
        return self._decorate(session, session.game.view(session.state, None), result)

    async def seat_view(self, game_id: int, user_id: int) -> dict[str, Any]:
        """What one player may see: the public view plus their own secrets."""
        session, result = await self._viewable(game_id)
        seat = self._seat_of(session, user_id).seat
        if seat is None:
            raise NotStarted(f"{label(session.game, game_id)} has not started yet.")
        return self._decorate(session, session.game.view(session.state, seat), result)

    async def history(self, game_id: int, limit: int = 10) -> list[str]:
        """The last public log lines of a started game, oldest first."""
        view = await self.public_view(game_id)
        lines = [str(line) for line in view.get("log", [])]
        return lines[-limit:] if limit > 0 else []
