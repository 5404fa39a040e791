"""The lobby: opening a game, joining and leaving, computer seats, the start, and rematches."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from bot.engine import AnyGame, IllegalAction, rng
from bot.i18n import say
from bot.service.catalogue import title_of
from bot.service.checks import host_only, label, player_of, title, turn_code
from bot.service.clock import TurnClocks
from bot.service.commit import Committer
from bot.service.computers import check_level, computer_id, computer_name
from bot.service.errors import (
    AlreadyJoined,
    GameNotOver,
    IllegalMove,
    InvalidOptions,
    LobbyFull,
    NotAPlayer,
    NotEnoughPlayers,
    database_down_told,
)
from bot.service.games import Games
from bot.service.model import (
    HINTS,
    IN_ORDER,
    OFF,
    OWN_THREAD,
    SEATED,
    GameInfo,
    Player,
    RematchPlace,
    Started,
)
from bot.service.opening import Openings
from bot.service.pictures import Pictures, info
from bot.service.state import LiveGame
from bot.store import GameRow, Store

# The counter for drawing seat order at start: engines count up from 0, so -1 never collides.
SEATING_COUNTER = -1


def seating(seed: int, players: int) -> list[int]:
    """Seat order drawn from the game's seed: element i is the join order of seat i."""
    order = list(range(players))
    rng(seed, SEATING_COUNTER).shuffle(order)
    return order


def full(s: LiveGame) -> LobbyFull:
    """The refusal for a lobby with no free seat."""
    return LobbyFull(say("service.full", title=title(s), count=s.game.spec.max_players))


@database_down_told
class Lobby:
    """Games before they start: every change committed before it returns."""

    def __init__(
        self,
        games: Games,
        commit: Committer,
        store: Store,
        clocks: TurnClocks,
        pictures: Pictures,
    ) -> None:
        self.games = games
        self.commit = commit
        self.store = store
        self.clocks = clocks
        self.pictures = pictures
        self.openings = Openings(games, store, clocks)

    # -- opening ----------------------------------------------------------------------------

    async def open(
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
        game, resolved, chosen, extra = await self.openings.terms(
            guild_id, game_type, options, pace
        )
        return await self.openings.create(
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

    async def check(
        self,
        *,
        guild_id: int | None,
        game_type: str,
        options: Mapping[str, object] | None = None,
        pace: str | None = None,
        opponents: int = 0,
        level: str | None = None,
    ) -> str:
        """Refuse a /play that `open` (and `against_computer`) would refuse, before anything
        is posted; its title."""
        game, _, _, _ = await self.openings.terms(guild_id, game_type, options, pace)
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

    # -- seats ------------------------------------------------------------------------------

    async def join(self, game_id: int, user_id: int, name: str) -> GameInfo:
        """Add a player to a lobby."""
        async with self.games.locked(game_id, "lobby") as s:
            if s.player(user_id) is not None:
                raise AlreadyJoined(say("service.already_joined", title=title(s)))
            if len(s.players) >= s.game.spec.max_players:
                raise full(s)
            order = max(p.join_order for p in s.players) + 1
            write = self.store.seats.add(game_id, s.version, user_id, name)
            joined = (*s.players, Player(user_id, name, order))
            await self.commit.save(s, write, s.record._replace(players=joined))
            return info(s)

    async def leave(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a lobby; the next player becomes host; the last one out cancels it."""
        async with self.games.locked(game_id, "lobby") as s:
            player_of(s, user_id)
            rest = tuple(p for p in s.players if p.user_id != user_id)
            people = [p for p in rest if not p.computer]
            if not people:
                return await self.commit.end(s, "cancelled", {"ended_by": "everyone left"})
            new_host = people[0].user_id if user_id == s.record.host_id else None
            write = self.store.seats.remove(game_id, s.version, user_id, new_host=new_host)
            host = new_host if new_host is not None else s.record.host_id
            await self.commit.save(s, write, s.record._replace(players=rest, host_id=host))
            return info(s)

    async def add_computer(self, game_id: int, user_id: int, level: str | None) -> GameInfo:
        """Host only: a computer player at `level` takes one free seat of the lobby."""
        chosen = check_level(level)
        async with self.games.locked(game_id, "lobby") as s:
            host_only(s, user_id, "service.host_only.add_computer")
            if len(s.players) >= s.game.spec.max_players:
                raise full(s)
            order = max(p.join_order for p in s.players) + 1
            player = Player(
                computer_id(order), computer_name(chosen), order, automatic=True, level=chosen
            )
            write = self.store.seats.add_computer(
                game_id, s.version, player.user_id, player.name, chosen
            )
            await self.commit.save(s, write, s.record._replace(players=(*s.players, player)))
            return info(s)

    async def remove_computer(self, game_id: int, user_id: int) -> GameInfo:
        """Host only: the computer player who joined last leaves the lobby."""
        async with self.games.locked(game_id, "lobby") as s:
            host_only(s, user_id, "service.host_only.remove_computer")
            computers = [p for p in s.players if p.computer]
            if not computers:
                raise NotAPlayer(say("service.no_computer", title=title(s)))
            gone = max(computers, key=lambda p: p.join_order)
            write = self.store.seats.remove(game_id, s.version, gone.user_id)
            rest = tuple(p for p in s.players if p.user_id != gone.user_id)
            await self.commit.save(s, write, s.record._replace(players=rest))
            return info(s)

    # -- the start, or not ------------------------------------------------------------------

    async def start(self, game_id: int, user_id: int) -> Started:
        """Host only: draw the seat order from the seed, set up the engine state, go active.

        Returns the first board and every seat's hand, taken at the committed version.
        """
        async with self.games.locked(game_id, "lobby") as s:
            host_only(s, user_id, "service.host_only.start")
            spec, record = s.game.spec, s.record
            count = len(s.players)
            if count < spec.min_players:
                key = "service.too_few_one" if count == 1 else "service.too_few"
                named = title_of(s.game)
                raise NotEnoughPlayers(say(key, title=named, least=spec.min_players, count=count))
            joined = sorted(s.players, key=lambda p: p.join_order)
            in_order = record.flags.get(SEATED) == IN_ORDER  # a league table's seats
            order = list(range(count)) if in_order else seating(record.seed, count)
            seat_of = {joined[order[seat]].user_id: seat for seat in range(count)}
            try:
                state = s.game.new_game(count, record.seed, record.options)
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
            seated = sorted(
                (replace(p, seat=seat_of[p.user_id]) for p in s.players),
                key=lambda p: seat_of[p.user_id],
            )
            started = record._replace(players=tuple(seated), status="active")
            await self.commit.save(s, write, started, state=state)
            await self.clocks.after_commit(s)
            board = self.pictures.board(s)
            people = [p.seat for p in s.players if not p.automatic and p.seat is not None]
            dealt = people if spec.has_private else []
            hands = tuple(self.pictures.hand(s, seat, board.info) for seat in dealt)
            return Started(board, hands)

    async def cancel(self, game_id: int, user_id: int) -> GameInfo:
        """Host only: close a lobby that has not started."""
        async with self.games.locked(game_id, "lobby") as s:
            host_only(s, user_id, "service.host_only.cancel")
            return await self.commit.end(s, "cancelled", {"ended_by": "host", "by": user_id})

    # -- rematches --------------------------------------------------------------------------

    async def rematch_place(self, game_id: int, user_id: int) -> RematchPlace:
        """Refuse a rematch that `rematch` would refuse, before a thread is opened for it; else
        where the old game was played (its channel, and whether it had its own thread)."""
        row = await self.games.row(game_id)
        game = self.openings.engine(row.game_type)
        if row.ongoing:
            raise GameNotOver(say("service.still_going", title=label(game, game_id)))
        if not any(p.user_id == user_id for p in await self.store.seats.of(game_id)):
            raise _not_player(game, game_id)
        await self._not_in_a_rematch_yet(row, user_id)
        own = row.flags.get("thread") == OWN_THREAD and row.thread_id is not None
        return RematchPlace(title_of(game), row.channel_id, own)

    async def rematch(
        self, game_id: int, user_id: int, *, thread_id: int | None = None
    ) -> GameInfo:
        """A new lobby with the same game, options and players; caller hosts. It opens in the
        same place, or in `thread_id`, a new thread the bot opened for it."""
        row = await self.games.row(game_id)
        game = self.openings.engine(row.game_type)
        if row.ongoing:
            raise GameNotOver(say("service.still_going", title=label(game, game_id)))
        seats = sorted(
            await self.store.seats.of(game_id),
            key=lambda p: (p.seat if p.seat is not None else p.join_order, p.join_order),
        )
        caller = next((p for p in seats if p.user_id == user_id), None)
        if caller is None:
            raise _not_player(game, game_id)
        players = [(caller.user_id, caller.display_name)]
        players += [
            (p.user_id, p.display_name) for p in seats if p.user_id != user_id and not p.level
        ]
        hints = {HINTS: OFF} if row.flags.get(HINTS) == OFF else {}
        made = await self.openings.create(
            game,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id if thread_id is None else thread_id,
            players=players[: game.spec.max_players],
            options={str(k): str(v) for k, v in row.options.items()},
            pace=(await self.clocks.pace_for(row.guild_id, str(row.flags.get("pace") or ""))).name,
            own_thread=thread_id is not None,
            extra=hints,
        )
        for level in [p.level for p in seats if p.level][: made.free_seats]:
            made = await self.add_computer(made.game_id, user_id, level)
        return made

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
                lobby = label(self.openings.engine(row.game_type), row.id)
                place = f"<#{row.place_id}>"
                raise AlreadyJoined(say("service.in_rematch", title=lobby, place=place))


def _not_player(game: AnyGame, game_id: int) -> Exception:
    return NotAPlayer(say("service.did_not_play", game=label(game, game_id)))
