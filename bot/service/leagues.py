"""Leagues (issue 26): sign-ups, the start, rounds paired by the pure core (bot/leagues), the
results read from finished games, standings and the export. One small feature built with the
store and the game lookup; it never touches a game's parts (the games a round opens are opened
by the lobby, their results read back from the store once they end).

`advance()` is what the timer loop calls: it starts leagues whose sign-up deadline passed
(or says once that one waits for entrants: a restart may say it again), reads the results of
ended games, closes finished rounds and pairs the next; everything else is in the store."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.engine import AnyGame, IllegalAction, ranking_from_keys
from bot.i18n import say
from bot.leagues import (
    Format,
    NotPairable,
    Pairing,
    forfeit,
    next_round,
    planned_rounds,
    standings,
)
from bot.leagues.view import StandingsView
from bot.service.errors import InvalidOptions, UnknownGame, database_down_told
from bot.service.league_tables import LeagueTables
from bot.service.league_values import (
    LeagueInfo,
    LeagueRefused,
    Progress,
    TableToOpen,
    core_league,
    core_rounds,
    exported,
    info_of,
    named,
    standings_view,
)
from bot.service.loading import GameLookup
from bot.service.lobby import Lobby
from bot.service.opening import new_seed
from bot.service.pace import Clock, get_pace, iso
from bot.service.ratings import ordinal
from bot.store import Store
from bot.store.leagues import AlreadyEntered, LeagueRoundRow, LeagueRow, NewLeague

MOST_ROUNDS = 20
# A round's deadline, in turn limits of the league's pace (daily: 15 days; live: 75 minutes).
ROUND_TURN_LIMITS = 5
ENDED = ("finished", "cancelled", "abandoned")


def forfeited(places: tuple[int, ...], seats: tuple[int, ...], gone: set[int]) -> tuple[int, ...]:
    """A withdrawn player's game is a forfeit: they share the last place, whatever the
    computer made of their seat; the others keep their order."""
    if not gone.intersection(seats):
        return places
    return ranking_from_keys(
        [(0, 0) if user in gone else (1, -place) for user, place in zip(seats, places, strict=True)]
    )


@database_down_told
class Leagues:
    """A server's leagues, from sign-up to podium."""

    def __init__(self, store: Store, lookup: GameLookup, clock: Clock, lobby: Lobby) -> None:
        self.store = store
        self.lookup = lookup
        self.clock = clock
        self.lobby = lobby
        self.tables = LeagueTables(store, lobby)  # opening a round's tables, each once
        self.told_waiting: set[int] = set()  # leagues past their sign-up deadline, too few

    # -- before the start ---------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game_type: str,
        format: str,
        rounds: int,
        pace: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        signup_until: datetime | None = None,
        name: str | None = None,
    ) -> LeagueInfo:
        """A new league taking sign-ups, every term checked first."""
        game = self._game(game_type)
        try:
            chosen = Format(format)
        except ValueError:
            raise LeagueRefused(say("league.bad_format", name=format[:20])) from None
        seats = self._seats(chosen, players, game.spec.min_players, game.spec.max_players)
        if not 1 <= rounds <= MOST_ROUNDS:
            raise LeagueRefused(say("league.bad_rounds", most=MOST_ROUNDS))
        if signup_until is not None and signup_until <= self.clock():
            raise LeagueRefused(say("league.past_deadline"))
        try:
            resolved = dict(game.spec.resolve_options(dict(options or {})))
        except IllegalAction as error:
            raise InvalidOptions(say("league.bad_options", why=error.args[0])) from error
        row = await self.store.leagues.create(
            NewLeague(
                guild_id=guild_id,
                channel_id=channel_id,
                organiser_id=organiser_id,
                game_type=game.spec.id,
                format=chosen.value,
                rounds=rounds,
                players=seats,
                pace=get_pace(pace).name,
                options=resolved,
                seed=new_seed(),
                signup_until=None if signup_until is None else iso(signup_until),
                name=named(name),
            )
        )
        return await self._info(row)

    def _game(self, game_type: str) -> AnyGame:
        """The league's game, or the refusal naming an unknown one."""
        try:
            return self.lookup(game_type)
        except IllegalAction as error:
            raise UnknownGame(say("service.unknown_game", name=game_type[:30])) from error

    @staticmethod
    def _seats(chosen: Format, players: int | None, low: int, high: int) -> int:
        """Seats per game: 2 for Swiss and round-robin, 3 to 5 (the game allowing) for pods."""
        if chosen is not Format.PODS:
            if not low <= 2 <= high or players not in (None, 2):
                raise LeagueRefused(say("league.two_players"))
            return 2
        size = players if players is not None else min(high, 4)
        if not 3 <= size <= 5 or not low <= size <= high:
            raise LeagueRefused(say("league.pod_size", low=max(3, low), high=min(5, high)))
        return size

    async def set_message(self, league_id: int, message_id: int) -> None:
        """Remember the league message, whose buttons and entrant list the cog redraws."""
        await self.store.leagues.set_message(league_id, message_id)

    async def sign_up(self, league_id: int, guild_id: int, user_id: int, name: str) -> LeagueInfo:
        """Add a player; refused twice, after the start, to another server's league, or to a
        league of a game this server cannot play (as /play refuses it: the game is gone)."""
        row = await self._league(league_id, guild_id)
        try:
            self.lookup(row.game_type)
        except IllegalAction:
            raise LeagueRefused(say("league.game_unavailable", name=row.game_type[:30])) from None
        try:
            added = await self.store.leagues.sign_up(row.id, user_id, name[:80])
        except AlreadyEntered:
            raise LeagueRefused(say("league.already_entered")) from None
        if not added:
            raise LeagueRefused(say("league.signup_closed"))
        return await self._info(row)

    async def withdraw(
        self, league_id: int, guild_id: int, user_id: int
    ) -> tuple[LeagueInfo, tuple[int, ...]]:
        """Take a player out; once it runs, the games they still play (the cog resigns them,
        the computer plays on)."""
        row = await self._league(league_id, guild_id)
        if not await self.store.leagues.withdraw(row.id, user_id):
            raise LeagueRefused(say("league.not_entered"))
        playing: list[int] = []
        if row.status == "running":
            for r in await self.store.leagues.rounds(row.id):
                for t in r.tables:
                    if t.game_id is not None and t.places is None and user_id in t.seats:
                        playing.append(t.game_id)
        return await self._info(row), tuple(playing)

    async def start(self, league_id: int, guild_id: int, user_id: int, manages: bool) -> Progress:
        """The organiser (or anyone who manages the server) starts it: round one is paired."""
        row = await self._league(league_id, guild_id)
        self._may_run(row, user_id, manages)
        if row.status != "signup":
            raise LeagueRefused(say("league.not_in_signup"))
        return await self._start(row)

    async def _start(self, row: LeagueRow) -> Progress:
        """Pair round one from the ratings now and open it (refused, nothing written, if the
        entrants cannot be paired)."""
        entrants = await self.store.leagues.entrants(row.id)
        ratings = {e.user_id: await self._rating(row, e.user_id) for e in entrants}
        entrants = [replace(e, rating=ratings[e.user_id]) for e in entrants]
        league = core_league(row, entrants, self._fewest(row))
        try:
            tables = next_round(league, [])
        except NotPairable:
            raise LeagueRefused(say("league.too_few", count=len(entrants))) from None
        seats = [p.seats for p in tables]
        if not await self.store.leagues.start(row.id, ratings, seats, self._due(row)):
            raise LeagueRefused(say("league.not_in_signup"))
        return await self._opened(row.id)

    async def _rating(self, row: LeagueRow, user_id: int) -> float:
        """A player's rating of the game in this server (0 for a newcomer)."""
        found = await self.store.ratings.of(row.game_type, row.guild_id, f"user:{user_id}")
        return 0.0 if found is None else ordinal(found.mu, found.sigma)

    async def cancel(
        self, league_id: int, guild_id: int, user_id: int, manages: bool
    ) -> LeagueInfo:
        """The organiser (or anyone who manages the server) cancels it; its games play on."""
        row = await self._league(league_id, guild_id)
        self._may_run(row, user_id, manages)
        if not await self.store.leagues.finish(row.id, "cancelled"):
            raise LeagueRefused(say("league.over"))
        return await self._info(row)

    @staticmethod
    def _may_run(row: LeagueRow, user_id: int, manages: bool) -> None:
        """Only its organiser, or a member who manages the server, starts or cancels it."""
        if user_id != row.organiser_id and not manages:
            raise LeagueRefused(say("league.organiser_only"))

    # -- reading ------------------------------------------------------------------------------

    async def get(self, league_id: int, guild_id: int) -> LeagueInfo:
        """One league of this server."""
        return await self._info(await self._league(league_id, guild_id))

    async def of_guild(self, guild_id: int) -> list[LeagueInfo]:
        """The server's leagues, past and running, newest first."""
        return [await self._info(row) for row in await self.store.leagues.in_guild(guild_id)]

    async def standings(self, league_id: int, guild_id: int) -> StandingsView:
        """The league's standings so far (every entrant, best first)."""
        return await self._standings(await self._league(league_id, guild_id))

    async def _standings(self, row: LeagueRow, status: str | None = None) -> StandingsView:
        entrants = await self.store.leagues.entrants(row.id)
        league = core_league(row, entrants, self._fewest(row))
        rounds = core_rounds(await self.store.leagues.rounds(row.id))
        names = {e.user_id: e.display_name for e in entrants}
        info = await self._info(row, status)
        return standings_view(info, standings(league, rounds), names)

    async def export(self, league_id: int, guild_id: int) -> dict[str, Any]:
        """Entrants, rounds, pairings, game numbers and results, as JSON."""
        row = await self._league(league_id, guild_id)
        return exported(await self._info(row), await self.store.leagues.rounds(row.id))

    # -- rounds running themselves ------------------------------------------------------------

    async def table_opened(self, league_id: int, round: int, position: int, game_id: int) -> bool:
        """The cog opened a table's game: remember it (once)."""
        return await self.store.leagues.set_game(league_id, round, position, game_id)

    async def advance(self) -> list[Progress]:
        """Start leagues whose sign-up ended, record ended games, close finished rounds and
        pair the next; each league that moved on, with its tables still to open."""
        moved: list[Progress] = []
        for row in await self.store.leagues.due_signups(iso(self.clock())):
            try:
                moved.append(await self._start(row))
            except LeagueRefused:  # too few entrants: it says so once, and waits for more
                if row.id not in self.told_waiting:
                    self.told_waiting.add(row.id)
                    moved.append(Progress(await self._info(row), waiting=True))
        for row in await self.store.leagues.running():
            progress = await self._advance(row)
            if progress is not None:
                moved.append(progress)
        return moved

    async def _advance(self, row: LeagueRow) -> Progress | None:
        """One running league: results in, and the next round or the end when this one is done."""
        rounds = await self.store.leagues.rounds(row.id)
        if not rounds:
            return None
        current = rounds[-1]
        if current.ended_at is None:
            await self._record(row, current)
            rounds = await self.store.leagues.rounds(row.id)
            current = rounds[-1]
            if not all(t.places is not None or len(t.seats) == 1 for t in current.tables):
                return None
            await self.store.leagues.end_round(row.id, current.number)
        entrants = await self.store.leagues.entrants(row.id)
        league = core_league(row, entrants, self._fewest(row))
        if current.number >= planned_rounds(league) or len(league.active()) < 2:
            if not await self.store.leagues.finish(row.id):
                return None
            podium = (await self._standings(row, "finished")).rows[:3]
            return Progress(await self._info(row, status="finished"), podium=podium)
        try:
            tables = next_round(league, core_rounds(rounds))
        except NotPairable:
            await self.store.leagues.finish(row.id)
            return Progress(await self._info(row, status="finished"))
        seats = [p.seats for p in tables]
        if not await self.store.leagues.open_round(
            row.id, current.number + 1, seats, self._due(row)
        ):
            return None
        return await self._opened(row.id)

    async def _record(self, row: LeagueRow, current: LeagueRoundRow) -> None:
        """Places of every table of the round whose game has ended, or that is a forfeit."""
        entrants = await self.store.leagues.entrants(row.id)
        league = core_league(row, entrants, self._fewest(row))
        gone = {e.user_id for e in entrants if e.withdrawn}
        for t in current.tables:
            if t.places is not None or len(t.seats) == 1:
                continue
            places = await self._places(t.seats, t.game_id)
            if places is not None:
                places = forfeited(places, t.seats, gone)
            if places is None and t.game_id is None:
                lost = forfeit(league, Pairing(t.seats))
                places = None if lost is None else lost.places
            if places is not None:
                await self.store.leagues.set_places(row.id, t.round, t.position, places)

    async def _places(self, seats: tuple[int, ...], game_id: int | None) -> tuple[int, ...] | None:
        """Each league seat's place in its ended game (an abandoned game is a draw)."""
        if game_id is None:
            return None
        game = await self.store.games.get(game_id)
        if game is None or game.status not in ENDED:
            return None
        if game.status != "finished" or not game.result:
            return tuple(1 for _ in seats)
        ranking = game.result["ranking"]
        by_user = {s.user_id: int(ranking[s.seat]) for s in await self.store.seats.of(game_id)}
        return tuple(by_user.get(user, len(seats)) for user in seats)

    async def _opened(self, league_id: int) -> Progress:
        """The latest round's tables still to open, and its byes."""
        row = await self._league(league_id, None)
        names = {e.user_id: e.display_name for e in await self.store.leagues.entrants(row.id)}
        latest = (await self.store.leagues.rounds(row.id))[-1]
        tables = tuple(
            TableToOpen(
                row.id,
                latest.number,
                t.position,
                row.game_type,
                row.pace,
                dict(row.options),
                tuple((user, names.get(user, str(user))) for user in t.seats),
            )
            for t in latest.tables
            if len(t.seats) > 1
            and t.game_id is None
            and (row.id, latest.number, t.position) not in self.tables.opening
        )
        byes = tuple(names.get(t.seats[0], "") for t in latest.tables if len(t.seats) == 1)
        return Progress(await self._info(row), tables, byes)

    async def unopened(self) -> list[Progress]:
        """At start: every running league's tables still without a game (the process stopped
        between pairing a round and opening its games)."""
        found = [await self._opened(row.id) for row in await self.store.leagues.running()]
        return [p for p in found if p.tables]

    # -- helpers ------------------------------------------------------------------------------

    async def _league(self, league_id: int, guild_id: int | None) -> LeagueRow:
        """A league of this server, or the refusal."""
        row = await self.store.leagues.get(league_id)
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            raise LeagueRefused(say("league.unknown", number=league_id))
        return row

    async def _info(self, row: LeagueRow, status: str | None = None) -> LeagueInfo:
        """The league as cogs see it, read afresh."""
        fresh = await self.store.leagues.get(row.id) or row
        entrants = await self.store.leagues.entrants(row.id)
        rounds = len(await self.store.leagues.rounds(row.id))
        league = core_league(fresh, entrants, self._fewest(fresh))
        info = info_of(fresh, entrants, rounds, planned_rounds(league))
        return info if status is None else replace(info, status=status)

    def _due(self, row: LeagueRow) -> str:
        """A round opened now ends ROUND_TURN_LIMITS of the league's turn limits from now."""
        return iso(
            self.clock().replace(microsecond=0) + get_pace(row.pace).turn_limit * ROUND_TURN_LIMITS
        )

    def _fewest(self, row: LeagueRow) -> int:
        """The game's smallest table (a short pod never goes below it)."""
        try:
            return max(2, int(self.lookup(row.game_type).spec.min_players))
        except IllegalAction:
            return 2
