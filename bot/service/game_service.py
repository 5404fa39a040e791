"""Game sessions: lobby, moves, resignations and endings, each committed before it returns."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Mapping, Sequence
from contextlib import suppress
from dataclasses import replace
from typing import Any

from bot.engine import AnyGame, IllegalAction, OutcomeView, rng
from bot.i18n import say
from bot.service.archive import Archive
from bot.service.catalogue import title_of
from bot.service.computers import Computers, check_level, platform_options
from bot.service.diff import move_changes
from bot.service.endings import RESIGNATION, read_result, resignation_outcome, stored_result
from bot.service.errors import (
    AlreadyJoined,
    ChannelBusy,
    DatabaseDown,
    GameNotOver,
    IllegalMove,
    InvalidOptions,
    LobbyFull,
    NotAPlayer,
    NotEnoughPlayers,
    NotHost,
    StaleAction,
    UnknownGame,
)
from bot.service.languages import Languages
from bot.service.model import (
    HINTS,
    OFF,
    OWN_THREAD,
    Board,
    GameInfo,
    MoveResult,
    Player,
    RematchPlace,
    Session,
    Started,
)
from bot.service.pace import Pace
from bot.service.ratings import Ratings, rate_entrants
from bot.service.replays import Replays
from bot.service.seats import RESIGNED
from bot.service.sessions import label, turn_code
from bot.service.since import mark_move, refresh_marks
from bot.service.submissions import STALE, Submissions, short
from bot.service.timers import Deadlines
from bot.service.undo import Undos
from bot.service.votes import TurnVotes
from bot.store import GameRow, PlaceTaken, StaleVersion, StoreError
from bot.store.backend import DatabaseUnavailable

# The counter for drawing seat order at start: engines count up from 0, so -1 never collides.
SEATING_COUNTER = -1

DATABASE_DOWN = say("service.database_down")
SAVED_IN_RESTART = say("service.saved_in_restart")


def new_seed() -> int:
    """A fresh random 63-bit seed for a new game (stored with it)."""
    return random.SystemRandom().getrandbits(63)


def seating(seed: int, players: int) -> list[int]:
    """Seat order drawn from the game's seed: element i is the join order of seat i."""
    order = list(range(players))
    rng(seed, SEATING_COUNTER).shuffle(order)
    return order


class GameService(
    Deadlines, TurnVotes, Submissions, Archive, Undos, Computers, Ratings, Replays, Languages
):
    """Every game operation a cog may ask for; refusals raise ServiceError subclasses."""

    # -- lobby ------------------------------------------------------------------------------

    def _game(self, game_type: str) -> AnyGame:
        try:
            return self._games(game_type)
        except IllegalAction as error:
            raise UnknownGame(say("service.unknown_game", name=short(game_type, 30))) from error

    async def _busy(self, place_id: int) -> ChannelBusy:
        game_id = self._by_place.get(place_id)
        row = None
        if game_id is None:
            row = await self.store.games.ongoing_at(place_id)
            game_id = row.id if row is not None else 0
        session = self._sessions.get(game_id)
        status = session.status if session else (row.status if row else "lobby")
        title = label(session.game, game_id) if session else say("service.game", game=game_id)
        key = "service.busy.lobby" if status == "lobby" else "service.busy.active"
        return ChannelBusy(say(key, title=title), game_id)

    async def _create(
        self,
        game: AnyGame,
        *,
        guild_id: int | None,
        channel_id: int,
        thread_id: int | None,
        players: Sequence[tuple[int, str]],
        options: Mapping[str, str],
        pace: str,
        own_thread: bool = False,
        extra: Mapping[str, str] | None = None,
    ) -> GameInfo:
        place = thread_id if thread_id is not None else channel_id
        if place in self._by_place:
            raise await self._busy(place)
        try:
            row = await self.store.games.create(
                game_type=game.spec.id,
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=thread_id,
                host_id=players[0][0],
                players=players,
                seed=new_seed(),
                options=options,
                flags={
                    "pace": pace,
                    **({"thread": OWN_THREAD} if own_thread else {}),
                    **(extra or {}),
                },
            )
        except PlaceTaken:
            raise await self._busy(place) from None
        self._keep(await self._session_from_store(row))
        return self._info(self._sessions[row.id])

    async def open_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_type: str,
        host_id: int,
        host_name: str,
        options: Mapping[str, object] | None = None,
        thread_id: int | None = None,
        pace: str | None = None,
        own_thread: bool = False,
    ) -> GameInfo:
        """A new lobby in this channel (or thread) with the host already joined.

        `pace` None: the server's default pace (or ours); an unknown one is refused first.
        `own_thread`: the bot opened `thread_id` for this game (it archives it at the end).
        """
        game, resolved, chosen, extra = await self._lobby_terms(guild_id, game_type, options, pace)
        return await self._create(
            game,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            players=[(host_id, host_name)],
            options=resolved,
            pace=chosen.name,
            own_thread=own_thread and thread_id is not None,
            extra=extra,
        )

    async def _lobby_terms(
        self,
        guild_id: int | None,
        game_type: str,
        options: Mapping[str, object] | None,
        pace: str | None,
    ) -> tuple[AnyGame, dict[str, Any], Pace, dict[str, str]]:
        """The game, its resolved options, its pace and the platform's flags (hints=off), or
        the refusal; nothing is written. Platform options never reach the engine."""
        game = self._game(game_type)
        chosen = await self.pace_for(guild_id, pace)
        given = dict(options or {})
        try:
            extra = platform_options(given)
            resolved = game.spec.resolve_options(given)
        except IllegalAction as error:
            why = say("service.bad_options", title=title_of(game), why=error.args[0])
            raise InvalidOptions(why) from error
        return game, dict(resolved), chosen, extra

    async def check_lobby(
        self,
        *,
        guild_id: int | None,
        game_type: str,
        options: Mapping[str, object] | None = None,
        pace: str | None = None,
        opponents: int = 0,
        level: str | None = None,
    ) -> str:
        """Refuse a /play that open_lobby (and `against_computer`) would refuse, before
        anything is posted; its title."""
        game, _, _, _ = await self._lobby_terms(guild_id, game_type, options, pace)
        if opponents:
            check_level(level)
            spec = game.spec
            if not 1 <= opponents <= spec.max_players - 1 or opponents + 1 < spec.min_players:
                low = max(1, spec.min_players - 1)
                raise InvalidOptions(
                    say(
                        "service.opponents",
                        title=title_of(game),
                        low=low,
                        high=spec.max_players - 1,
                        count=opponents,
                    )
                )
        return title_of(game)

    async def against_computer(
        self, game_id: int, user_id: int, opponents: int, level: str | None
    ) -> Started:
        """/play with opponents: the host's new lobby gets `opponents` computers and starts."""
        for _ in range(opponents):
            await self.add_computer(game_id, user_id, level)
        return await self.start(game_id, user_id)

    async def join(self, game_id: int, user_id: int, name: str) -> GameInfo:
        """Add a player to a lobby."""
        async with self._locked(game_id, "lobby") as s:
            title = label(s.game, game_id)
            if s.player(user_id) is not None:
                raise AlreadyJoined(say("service.already_joined", title=title))
            if len(s.players) >= s.game.spec.max_players:
                raise LobbyFull(say("service.full", title=title, count=s.game.spec.max_players))
            s.version = await self._write(
                s, self.store.seats.add(game_id, s.version, user_id, name)
            )
            order = max(p.join_order for p in s.players) + 1
            s.players.append(Player(user_id, name, order))
            return self._info(s)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby; the next player becomes host; the last one out cancels it."""
        async with self._locked(game_id, "lobby") as s:
            self._seat_of(s, user_id)
            rest = [p for p in s.players if p.user_id != user_id]
            people = [p for p in rest if not p.computer]
            if not people:
                return await self._end(s, "cancelled", {"ended_by": "everyone left"})
            new_host = people[0].user_id if user_id == s.host_id else None
            write = self.store.seats.remove(game_id, s.version, user_id, new_host=new_host)
            s.version = await self._write(s, write)
            s.players = rest
            s.host_id = new_host if new_host is not None else s.host_id
            return self._info(s)

    def _host_only(self, s: Session, user_id: int, key: str) -> None:
        """Refuse anyone but the host; `key` is the refusal's message (its `title` filled)."""
        if user_id != s.host_id:
            raise NotHost(say(key, title=label(s.game, s.game_id)))

    async def start(self, game_id: int, user_id: int) -> Started:
        """Host only: draw the seat order from the seed, set up the engine state, go active.

        Returns the first board and every seat's hand, taken at the committed version.
        """
        async with self._locked(game_id, "lobby") as s:
            self._host_only(s, user_id, "service.host_only.start")
            spec = s.game.spec
            count = len(s.players)
            if count < spec.min_players:
                key = "service.too_few_one" if count == 1 else "service.too_few"
                title = title_of(s.game)
                raise NotEnoughPlayers(say(key, title=title, least=spec.min_players, count=count))
            joined = sorted(s.players, key=lambda p: p.join_order)
            order = seating(s.seed, count)
            seat_of = {joined[order[seat]].user_id: seat for seat in range(count)}
            try:
                state = s.game.new_game(count, s.seed, s.options)
            except IllegalAction as error:
                raise IllegalMove(*error.args) from error  # a Text keeps its id
            write = self.store.games.start(
                game_id,
                s.version,
                seat_of,
                s.game.dump(state),
                state_format=s.state_format,
                to_move=turn_code(s.game, state),
            )
            s.version = await self._write(s, write)
            seated = [replace(p, seat=seat_of[p.user_id]) for p in s.players]
            s.players = sorted(seated, key=lambda p: seat_of[p.user_id])
            s.status, s.state = "active", state
            await self._schedule_after_commit(s)
            board = self._board(s)
            people = [p.seat for p in s.players if not p.automatic and p.seat is not None]
            dealt = people if spec.has_private else []
            hands = tuple(self._hand(s, seat, board.info) for seat in dealt)
            return Started(board, hands)

    async def cancel(self, game_id: int, user_id: int) -> GameInfo:
        """Host only: close a lobby that has not started."""
        async with self._locked(game_id, "lobby") as s:
            self._host_only(s, user_id, "service.host_only.cancel")
            return await self._end(s, "cancelled", {"ended_by": "host", "by": user_id})

    async def rematch_place(self, game_id: int, user_id: int) -> RematchPlace:
        """Refuse a rematch that `rematch` would refuse, before a thread is opened for it; else
        where the old game was played (its channel, and whether it had its own thread)."""
        row = await self._row(game_id)
        game = self._game(row.game_type)
        if row.ongoing:
            raise GameNotOver(say("service.still_going", title=label(game, game_id)))
        if not any(p.user_id == user_id for p in await self.store.seats.of(game_id)):
            raise self._not_player(game, game_id)
        await self._not_in_a_rematch_yet(row, user_id)
        own = row.flags.get("thread") == OWN_THREAD and row.thread_id is not None
        return RematchPlace(title_of(game), row.channel_id, own)

    async def rematch(
        self, game_id: int, user_id: int, *, thread_id: int | None = None
    ) -> GameInfo:
        """A new lobby with the same game, options and players; caller hosts. It opens in the
        same place, or in `thread_id`, a new thread the bot opened for it."""
        row = await self._row(game_id)
        game = self._game(row.game_type)
        if row.ongoing:
            raise GameNotOver(say("service.still_going", title=label(game, game_id)))
        seats = sorted(
            await self.store.seats.of(game_id),
            key=lambda p: (p.seat if p.seat is not None else p.join_order, p.join_order),
        )
        caller = next((p for p in seats if p.user_id == user_id), None)
        if caller is None:
            raise self._not_player(game, game_id)
        players = [(caller.user_id, caller.display_name)]
        players += [
            (p.user_id, p.display_name) for p in seats if p.user_id != user_id and not p.level
        ]
        hints = {HINTS: OFF} if row.flags.get(HINTS) == OFF else {}
        info = await self._create(
            game,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id if thread_id is None else thread_id,
            players=players[: game.spec.max_players],
            options={str(k): str(v) for k, v in row.options.items()},
            pace=(await self.pace_for(row.guild_id, str(row.flags.get("pace") or ""))).name,
            own_thread=thread_id is not None,
            extra=hints,
        )
        for level in [p.level for p in seats if p.level][: info.free_seats]:
            info = await self.add_computer(info.game_id, user_id, level)
        return info

    async def _not_in_a_rematch_yet(self, old: GameRow, user_id: int) -> None:
        """A second Rematch click by someone already in a newer lobby of that game there."""
        for row in await self.store.games.open():
            later = row.id > old.id and row.status == "lobby"
            same = row.game_type == old.game_type and row.channel_id == old.channel_id
            if (
                later
                and same
                and any(p.user_id == user_id for p in await self.store.seats.of(row.id))
            ):
                lobby = label(self._game(row.game_type), row.id)
                place = f"<#{row.place_id}>"
                raise AlreadyJoined(say("service.in_rematch", title=lobby, place=place))

    def _not_player(self, game: AnyGame, game_id: int) -> Exception:
        return NotAPlayer(say("service.did_not_play", game=label(game, game_id)))

    # -- writes -----------------------------------------------------------------------------

    async def _write(self, s: Session, write: Awaitable[int]) -> int:
        """Await a versioned store write; a stale version reloads the game and says so."""
        try:
            version = await write
        except StaleVersion:
            await self._reload(s)
            raise StaleAction(STALE) from None
        except DatabaseUnavailable as error:
            raise await self._unanswered(s, error) from None
        return version

    async def _unanswered(self, s: Session, error: DatabaseUnavailable) -> DatabaseDown:
        """The database went away mid-write: say whether the change counted (read it back).

        Only a connection lost during COMMIT leaves that open; then the game is read again
        (if the database is back) so memory holds exactly what was stored, once.
        """
        before = s.version
        if error.maybe_committed:
            with suppress(StoreError):
                await self._reload(s)
            if s.version != before:
                return DatabaseDown(SAVED_IN_RESTART)
        return DatabaseDown(DATABASE_DOWN)

    async def _end(
        self,
        s: Session,
        status: str,
        flags: Mapping[str, Any],
        result: OutcomeView | None = None,
    ) -> GameInfo:
        """Store the end (and any platform-made result), then let the game go from memory."""
        merged = {**s.flags, **flags}
        stored = None if result is None else dict(result)
        rate = rate_entrants if status == "finished" else None
        write = self.store.games.end(
            s.game_id, s.version, status, result=stored, flags=merged, rate=rate
        )
        s.version = await self._write(s, write)
        s.status, s.flags = status, merged
        self._drop(s)
        return self._info(s, None if result is None else read_result(result))

    async def set_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's current message id (buttons keep their version)."""
        await self._row(game_id)
        await self.store.games.set_message(game_id, message_id)
        session = self._sessions.get(game_id)
        if session is not None:
            session.message_id = message_id

    async def set_dm_ok(self, game_id: int, user_id: int, ok: bool) -> None:
        """Record whether DMs to this player work in this game (false after a failed DM)."""
        session = self._sessions.get(game_id)
        if session is not None:
            self._seat_of(session, user_id)
            session.players = [
                replace(p, dm_ok=ok) if p.user_id == user_id else p for p in session.players
            ]
        await self.store.seats.set_dm_ok(game_id, user_id, ok)

    async def hand_message(self, game_id: int, user_id: int) -> int | None:
        """The DM that shows this player's hand in this game (edited in place), if any; read
        once per game in memory, since every hand that changes asks for it."""
        if game_id not in self._sessions:  # over: nothing to keep it for
            return await self.store.seats.hand_message(game_id, user_id)
        known = self._hand_dms.setdefault(game_id, {})
        if user_id not in known:
            known[user_id] = await self.store.seats.hand_message(game_id, user_id)
        return known[user_id]

    async def set_hand_message(self, game_id: int, user_id: int, message_id: int | None) -> None:
        """Record the player's hand DM, so later hands (even after a restart) edit it."""
        self._hand_dms.get(game_id, {}).pop(user_id, None)
        await self.store.seats.set_hand_message(game_id, user_id, message_id)
        if game_id in self._sessions:
            self._hand_dms.setdefault(game_id, {})[user_id] = message_id

    # -- play -------------------------------------------------------------------------------

    async def move(
        self, game_id: int, user_id: int, code: str, version: int | None = None
    ) -> MoveResult:
        """Check turn and version, apply through the engine, commit, then report what changed.

        `version` is the one the player saw (a button's); None means "the current board".
        The result carries the new board and each changed seat's hand, taken under the lock
        at the committed version: the caller shows them and never asks again.
        """
        async with self._locked(game_id, "active") as s:
            if version is not None and version != s.version:
                raise StaleAction(STALE)
            seat = self._mover(s, user_id)
            return await self._play(s, seat, code, user_id)

    async def _play(self, s: Session, seat: int, code: str, user_id: int | None) -> MoveResult:
        """Apply one action for `seat` under the held lock, commit it, report what changed.

        `user_id` is None for the automatic player. Hands go only to seats a person holds.
        """
        game, before = s.game, s.state
        await refresh_marks(self.store, s)
        try:
            action = game.decode(code)
            after = game.apply(before, action)
        except IllegalAction as error:
            raise IllegalMove(*error.args) from error  # a Text keeps its id
        outcome = game.outcome(after)
        changes = move_changes(game, before, after, len(s.players), self._recent.of(s.game_id))
        quiet = game.chance(after) == game.chance(before)
        write = self.store.moves.record(
            s.game_id,
            s.version,
            seat=seat,
            action=game.encode(action),
            user_id=user_id,
            state=game.dump(after),
            result=None if outcome is None else stored_result(outcome),
            state_format=s.state_format,
            quiet=quiet,
            rate=rate_entrants,
            to_move=turn_code(game, after),
        )
        version_before = s.version
        s.version = await self._write(s, write)
        s.state = after
        self._recent.keep(s.game_id, changes.seen)
        s.last_user, s.last_quiet = user_id, quiet
        mark_move(s, seat, version_before, len(changes.public["log"]))
        if outcome is not None:
            s.status = "finished"
            self._drop(s)
        else:
            await self._schedule_after_commit(s)
        board = self._board(s, changes.public)
        held = {p.seat for p in s.players if not p.automatic and game.spec.has_private}
        hands = tuple(
            self._hand(s, changed, board.info, view=view)
            for changed, view in changes.seats.items()
            if changed in held
        )
        return MoveResult(
            seat=seat,
            description=game.describe(action, before),
            public_lines=tuple(changes.lines),
            board=board,
            hands=hands,
        )

    async def resign(self, game_id: int, user_id: int) -> Board:
        """A player gives up. With 2 players, or when nobody else is left, the game ends
        (reason "resignation", the resigning seat ranked last); otherwise the automatic player
        takes the seat, it is recorded as resigned, and the game goes on for the others.

        Returns the board after it: final, or still active with the seat marked automatic.
        """
        async with self._locked(game_id, "active") as s:
            seat = self._active_seat(s, user_id)
            others = [p for p in s.players if not p.automatic and p.user_id != user_id]
            if len(s.players) > 2 and others:
                await self._hand_over(s, seat, RESIGNED)
                return self._board(s)
            names = [""] * len(s.players)
            for p in s.players:
                if p.seat is not None:
                    names[p.seat] = p.name
            departed = [p.seat for p in s.players if p.automatic and p.seat is not None]
            outcome = resignation_outcome(seat, names, departed)
            flags = {"ended_by": RESIGNATION, "resigned_seat": seat}
            result = stored_result(outcome)
            await self._end(s, "finished", flags, result)
            return self._board(s, result=result)

    async def abandon(self, game_id: int, user_id: int, *, moderator: bool = False) -> GameInfo:
        """Host or moderator: stop a lobby or game for good (status "abandoned")."""
        if game_id in self._broken:
            return await self._abandon_broken(game_id, user_id, moderator)
        async with self._locked(game_id, "lobby", "active") as s:
            if not moderator:
                self._host_only(s, user_id, "service.host_only.abandon")
            return await self._end(s, "abandoned", {"ended_by": "abandon", "by": user_id})
