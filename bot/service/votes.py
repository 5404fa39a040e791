"""The turn clock vote: when a turn's time runs out, the other players decide what happens.

`start_vote(game_id, version)` is the entry the turn clock calls: if the game is still at that
version and a person holds the seat to move, it stores a vote of the other people seated on
wait / skip / computer / end ("skip" only where the game offers a neutral action to take for
the seat: today only the card game's "pass"). `cast_vote` takes one ballot per voter; the first
choice more than half of the voters pick is carried out and stored with the vote. When every
voter has voted and no choice has a majority, the players wait (the least drastic choice).
A vote is over once decided or once the game has moved on from its version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import OutcomeView
from bot.i18n import say
from bot.service.endings import stored_result, timeout_outcome
from bot.service.errors import GameNotFound, IllegalMove, NotAPlayer, ServiceError, StaleAction
from bot.service.model import Board, GameInfo, MoveResult, Session
from bot.service.seats import TIMED_OUT, AutomaticSeats
from bot.service.sessions import label
from bot.store import AlreadyVoted, VoteRow

WAIT, SKIP, COMPUTER, END = "wait", "skip", "computer", "end"
NEUTRAL_CODES = ("pass",)  # actions that decide nothing for the seat, where a game has one
CHOICE_WORDS = {
    WAIT: say("service.vote.wait"),
    SKIP: say("service.vote.skip"),
    COMPUTER: say("service.vote.computer"),
    END: say("service.vote.end"),
}
OVER = say("service.vote.over")


class AlreadyCast(ServiceError):
    """A voter pressed a vote button a second time."""


@dataclass(frozen=True, slots=True)
class Vote:
    """An open turn clock vote, for the message that asks the other players."""

    vote_id: int
    game: GameInfo
    seat: int
    user_id: int
    name: str
    voters: tuple[int, ...]
    choices: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Ballot:
    """What one ballot did: counted, or it decided the vote (with what to show then)."""

    vote: Vote
    choice: str
    counted: int
    decided: str | None = None
    board: Board | None = None
    move: MoveResult | None = None


class TurnVotes(AutomaticSeats):
    """Votes on timed-out turns; the game changes through the service's own paths."""

    async def _end(
        self,
        s: Session,
        status: str,
        flags: Mapping[str, Any],
        result: OutcomeView | None = None,
    ) -> GameInfo:
        raise NotImplementedError

    async def _extend_turn(self, s: Session) -> None:
        raise NotImplementedError

    def _neutral(self, s: Session) -> str | None:
        codes = {c.code for c in self._choices(s)}
        return next((code for code in NEUTRAL_CODES if code in codes), None)

    async def start_vote(self, game_id: int, version: int) -> Vote | None:
        """The turn at `version` ran out of time: open its vote (None if there is nothing to
        vote on: the game moved on or ended, the computer holds the seat, nobody else is
        seated, or this turn has a vote already).
        """
        s = await self._hot(game_id)
        if s is None:
            return None
        async with s.lock:
            seat = s.to_move()
            player = None if seat is None else s.user_at(seat)
            if s.version != version or seat is None or player is None or player.automatic:
                return None
            voters = tuple(p.user_id for p in s.players if not p.automatic and p.seat != seat)
            if not voters:
                return None
            choices = [WAIT, *([SKIP] if self._neutral(s) else []), COMPUTER, END]
            vote_id = await self.store.votes.open(
                game_id, version, seat=seat, user_id=player.user_id, voters=voters, choices=choices
            )
            if vote_id is None:
                return None
            return Vote(
                vote_id, self._info(s), seat, player.user_id, player.name, voters, tuple(choices)
            )

    async def _vote_row(self, vote_id: int) -> VoteRow:
        row = await self.store.votes.get(vote_id)
        if row is None:
            raise GameNotFound(say("service.vote.none"))
        return row

    async def cast_vote(self, vote_id: int, user_id: int, choice: str) -> Ballot:
        """One voter's ballot; a majority carries the vote out at once (committed first)."""
        row = await self._vote_row(vote_id)
        s = await self._hot(row.game_id)
        if s is None or row.result is not None:
            raise StaleAction(OVER)
        async with s.lock:
            if self._sessions.get(row.game_id) is not s or s.version != row.version:
                raise StaleAction(OVER)
            if user_id not in row.voters:
                raise NotAPlayer(say("service.vote.not_voter", title=label(s.game, s.game_id)))
            if choice not in row.choices:
                raise IllegalMove(say("service.vote.not_a_choice"))
            try:
                await self.store.votes.cast(vote_id, user_id, choice)
            except AlreadyVoted:
                raise AlreadyCast(say("service.vote.already")) from None
            ballots = {**row.ballots, user_id: choice}
            vote = self._vote(s, row)
            decided = _majority(ballots, len(row.voters))
            if decided is None:
                return Ballot(vote, choice, len(ballots))
            return await self._carry_out(s, row, vote, choice, len(ballots), decided)

    def _vote(self, s: Session, row: VoteRow) -> Vote:
        player = s.user_at(row.seat)
        name = (
            player.name if player is not None else say("service.seat_number", number=row.seat + 1)
        )
        return Vote(row.id, self._info(s), row.seat, row.user_id, name, row.voters, row.choices)

    async def _carry_out(
        self, s: Session, row: VoteRow, vote: Vote, choice: str, counted: int, decided: str
    ) -> Ballot:
        """Under the held lock: do what the majority chose, then store the vote's result."""
        board: Board | None = None
        move: MoveResult | None = None
        if decided == WAIT:
            await self._extend_turn(s)
        elif decided == SKIP:
            code = self._neutral(s)
            assert code is not None
            move = await self._play(s, row.seat, code, None)
        elif decided == COMPUTER:
            await self._hand_over(s, row.seat, TIMED_OUT)
            board = self._board(s)
        elif decided == END:
            names = [""] * len(s.players)
            for p in s.players:
                if p.seat is not None:
                    names[p.seat] = p.name
            departed = [p.seat for p in s.players if p.automatic and p.seat is not None]
            result = stored_result(timeout_outcome(row.seat, names, departed))
            flags = {"ended_by": "turn clock", "timed_out_seat": row.seat, "vote": row.id}
            await self._end(s, "finished", flags, result)
            board = self._board(s, result=result)
        await self.store.votes.decide(row.id, decided)
        return Ballot(vote, choice, counted, decided, board, move)


def _majority(ballots: Mapping[int, str], voters: int) -> str | None:
    """The choice more than half of the voters made; WAIT once all voted without one."""
    for choice in set(ballots.values()):
        if 2 * sum(1 for c in ballots.values() if c == choice) > voters:
            return choice
    return WAIT if len(ballots) >= voters else None
