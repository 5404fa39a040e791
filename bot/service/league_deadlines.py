"""A league round's deadline (issue 26 §3): when it passes, a game still running is decided by
the turn clock's rules. The seat that stalls is handed to the computer, which plays on (the
turn clock vote's own hand-over, bot/service/votes.py); the organiser, or a member who manages
the server, may instead end the game as scored so far.

The deadline is a stored row (league_rounds.due_at), claimed once in its own transaction
before any game is touched, as a turn clock's timer row is: a restart neither loses nor
repeats it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import say
from bot.service.commit import Committer
from bot.service.endings import DEADLINE, scored_so_far, stored_result
from bot.service.errors import ServiceError, database_down_told
from bot.service.games import Games
from bot.service.model import Board
from bot.service.pace import Clock, iso, parse_iso
from bot.service.pictures import Pictures
from bot.service.votes import TurnVotes
from bot.store import Store


class NotSettleable(ServiceError):
    """A /league settle refused: not a league game, its deadline not passed, not yours to end."""


@dataclass(frozen=True, slots=True)
class HandedOver:
    """A league game whose stalling seat went to the computer at its round's deadline."""

    league_id: int
    round: int
    board: Board
    name: str  # who held the seat


@database_down_told
class RoundDeadlines:
    """Acting on league rounds whose deadline has passed."""

    def __init__(
        self,
        games: Games,
        commit: Committer,
        store: Store,
        votes: TurnVotes,
        pictures: Pictures,
        clock: Clock,
    ) -> None:
        self.games = games
        self.commit = commit
        self.store = store
        self.votes = votes
        self.pictures = pictures
        self.clock = clock

    async def fire_due(self) -> list[HandedOver]:
        """Claim every round whose deadline passed; in each of its games still running, the
        seat to move goes to the computer (what to show for each)."""
        now = iso(self.clock())
        handed: list[HandedOver] = []
        for league_id, number in await self.store.leagues.due_rounds(now):
            if not await self.store.leagues.claim_deadline(league_id, number, now):
                continue  # another look (or process) claimed it
            for round_row in await self.store.leagues.rounds(league_id):
                if round_row.number != number:
                    continue
                for table in round_row.tables:
                    if table.game_id is None or table.places is not None:
                        continue
                    done = await self.votes.stalled_to_computer(table.game_id)
                    if done is not None:
                        handed.append(HandedOver(league_id, number, *done))
        return handed

    async def settle(self, game_id: int, user_id: int, manages: bool) -> Board:
        """End a league game past its round's deadline as scored so far (the organiser, or a
        member who manages the server); the board with its result."""
        await self._may_settle(game_id, user_id, manages)
        async with self.games.locked(game_id, "active") as s:
            points = [int(p) for p in s.game.standing(s.state)]
            result = stored_result(scored_so_far(points, s.record.names()))
            flags = {"ended_by": DEADLINE, "by": user_id}
            await self.commit.end(s, "finished", flags, result)
            return self.pictures.board(s, result=result)

    async def _may_settle(self, game_id: int, user_id: int, manages: bool) -> None:
        """Refused unless the game is a league table whose round's deadline has passed, and
        the caller runs that league."""
        table = await self.store.leagues.table_of_game(game_id)
        league = None if table is None else await self.store.leagues.get(table.league_id)
        if table is None or league is None:
            raise NotSettleable(say("league.not_league_game", game=game_id))
        if user_id != league.organiser_id and not manages:
            raise NotSettleable(say("league.organiser_only"))
        rounds = await self.store.leagues.rounds(league.id)
        due = next((r.due_at for r in rounds if r.number == table.round), None)
        if due is None or parse_iso(due) > self.clock():
            raise NotSettleable(say("league.not_due", game=game_id))
