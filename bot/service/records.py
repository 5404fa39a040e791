"""Games by number, ongoing or over: which game a viewing command means, logs, replays, stats.

A server's players may look at the final board, the whole public log and their own final
hand of any started game of that server. A number from another server reads exactly like a
number no game has, so nothing about other servers' games is ever told.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import IllegalAction
from bot.i18n import say
from bot.service.catalogue import title_of
from bot.service.checks import label, status_error
from bot.service.errors import GameBroken, GameNotFound, NotAPlayer, NotStarted, database_down_told
from bot.service.games import Games, broken_refusal
from bot.service.model import GameInfo
from bot.service.pictures import info, outcome_of
from bot.service.replays import ReplaySource, Seated
from bot.service.stats import GameStats, game_stats
from bot.store import GameEntry, Store

LARGEST_NUMBER = 2**63 - 1  # sqlite's INTEGER: no game number is larger
BAD_NUMBER = say("service.bad_number", most=LARGEST_NUMBER)


@dataclass(frozen=True, slots=True)
class PastGame:
    """One line of a list of games: number, title, status and players, all public."""

    game_id: int
    title: str
    status: str
    players: tuple[str, ...]


@database_down_told
class Records:
    """Looks up any started game of a server by number, or a place's latest one."""

    def __init__(self, games: Games, store: Store) -> None:
        self.games = games
        self.store = store

    def game_title(self, game_type: str) -> str:
        """A game's name for players (its id if it is no longer installed)."""
        try:
            return title_of(self.games.lookup(game_type))
        except IllegalAction:
            return game_type[:40]

    async def pick_game(self, guild_id: int, place_id: int, number: int | None) -> GameInfo | None:
        """The game a viewing command means: game `number` of this server, else this place's
        ongoing game, else its latest started one; None when the place never had one."""
        if number is not None:
            return await self._shown_info(await self._numbered(guild_id, number))
        here = self.games.at(place_id)
        if here is not None:
            return info(here)
        latest = await self.store.records.latest_at(place_id)
        return None if latest is None else await self._shown_info(latest)

    async def _numbered(self, guild_id: int, number: int) -> GameEntry:
        """Game `number` if it is this server's; any other number reads as no game at all."""
        if not 1 <= number <= LARGEST_NUMBER:
            raise GameNotFound(BAD_NUMBER)
        entry = await self.store.records.entry(number)
        if entry is None or entry.guild_id != guild_id:
            raise GameNotFound(say("service.no_game_here", game=number))
        return entry

    async def _shown_info(self, entry: GameEntry) -> GameInfo:
        """The game's picture if there is something to show; else why not, in one sentence."""
        held = self.games.held(entry.id)
        if held is not None:
            return info(held)
        broken = self.games.broken(entry.id)
        if broken is not None:
            raise broken_refusal(broken)
        if entry.broken is not None:
            raise GameBroken(say("service.broken_abandoned", game=entry.id))
        if not entry.started:
            key = "service.cancelled_early"
            key = key if entry.status == "cancelled" else "service.abandoned_early"
            raise NotStarted(say(key, title=self.game_title(entry.game_type), game=entry.id))
        s, result = await self.games.started(entry.id)
        view = s.game.view(s.state, None)
        return info(s, outcome_of(view, result))

    async def public_log(self, game_id: int) -> list[str]:
        """Every public log line of a started game, oldest first (everyone may read these), with
        a line where a person took over a seat."""
        s, _ = await self.games.started(game_id)
        lines: list[str] = list(s.game.view(s.state, None)["log"])  # Texts: each reader's words
        holders = await self.store.takeovers.holders(game_id)
        for held in sorted(holders, key=lambda h: h.log_lines, reverse=True):
            taken = say(
                "service.seat.log_line",
                who=held.taken_name,
                left=held.display_name,
                number=held.seat + 1,
            )
            lines.insert(min(held.log_lines, len(lines)), taken)
        return lines

    async def history(self, game_id: int, limit: int = 10) -> list[str]:
        """The last public log lines of a started game, oldest first."""
        lines = await self.public_log(game_id)
        return lines[-limit:] if limit > 0 else []

    async def recent_games(
        self, guild_id: int, *, user_id: int | None = None, number_prefix: str = ""
    ) -> list[PastGame]:
        """Up to 25 started games of a server, newest first (only `user_id`'s, if given),
        whose number starts with `number_prefix`: for choosing a game by number."""
        entries = await self.store.records.recent(
            guild_id, user_id=user_id, number_prefix=number_prefix
        )
        return [
            PastGame(
                e.id,
                self.game_title(e.game_type),
                e.status,
                tuple(await self.store.records.seated_names(e.id)),
            )
            for e in entries
        ]

    async def replay_source(self, guild_id: int, number: int, user_id: int) -> ReplaySource:
        """The stored facts of game `number` of this server, if the caller may watch it."""
        entry = await self._numbered(guild_id, number)
        shown = await self._shown_info(entry)  # refuses broken and never-started games
        if shown.status == "lobby":  # no seats, no moves: nothing to rebuild yet
            game = self.games.lookup(entry.game_type)
            raise status_error(label(game, entry.id), "lobby", ("active",))
        seated = any(p.user_id == user_id and p.seat is not None for p in shown.players)
        if shown.status == "active" and not seated:
            raise NotAPlayer(say("service.replay_too_soon", title=shown.title, game=number))
        row = await self.store.games.require(entry.id)
        seats = [s for s in await self.store.seats.of(entry.id) if s.seat is not None]
        return ReplaySource(
            game=self.games.lookup(row.game_type),
            game_id=row.id,
            status=row.status,
            seed=row.seed,
            options=dict(row.options),
            seats=tuple(
                Seated(s.seat or 0, s.display_name, s.level, s.departure)
                for s in sorted(seats, key=lambda s: s.seat or 0)
            ),
            moves=tuple(
                (m.seat, m.action, m.created_at) for m in await self.store.moves.of(entry.id)
            ),
            result=row.result,
        )

    async def stats(self, guild_id: int, user_id: int) -> tuple[list[GameStats], dict[str, int]]:
        """A player's record per game in this server, and how many games the server finished."""
        played = await self.store.records.played_seats(guild_id, user_id)
        times = await self.store.records.move_times(guild_id, user_id)
        return game_stats(played, times, user_id), await self.store.records.finished_counts(
            guild_id
        )
