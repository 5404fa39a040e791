"""The turn clock vote: when a turn's time runs out, the other players decide what happens.

`start(game_id, version)` is the entry the turn clock calls: if the game is still at that
version and a person holds the seat to move, it stores a vote of the other people seated on
wait / skip / computer / end ("skip" only where the game offers a neutral action to take for
the seat: today only the card game's "pass"). `cast` takes one ballot per voter; the first
choice more than half of the voters pick is carried out and stored with the vote. When every
voter has voted and no choice has a majority, the players wait (the least drastic choice).
A vote is over once decided or once the game has moved on from its version (see asking.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.i18n import say
from bot.service.asking import AskTheTable, Question, Wording, majority
from bot.service.checks import others
from bot.service.clock import TurnClocks
from bot.service.commit import Committer
from bot.service.endings import stored_result, timeout_outcome
from bot.service.errors import ServiceError, database_down_told
from bot.service.games import Games
from bot.service.model import Board, GameInfo, MoveResult
from bot.service.pictures import Pictures, choices, info
from bot.service.state import LiveGame
from bot.store import Store, VoteRow

WAIT, SKIP, COMPUTER, END = "wait", "skip", "computer", "end"
TIMED_OUT = "timed out"
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


def decide(ballots: Mapping[int, str], voters: int) -> str | None:
    """The choice more than half of the voters made; WAIT once all voted without one."""
    chosen = majority(ballots, voters)
    if chosen is not None:
        return chosen
    return WAIT if len(ballots) >= voters else None


def neutral(s: LiveGame) -> str | None:
    """The action that decides nothing for the seat to move, where the game has one now."""
    codes = {c.code for c in choices(s)}
    return next((code for code in NEUTRAL_CODES if code in codes), None)


class VoteBallots:
    """Turn clock votes as the table's questions (stored in turn_votes and turn_ballots)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def read(self, question_id: int) -> Question[VoteRow] | None:
        """The vote with its ballots, or None."""
        row = await self.store.votes.get(question_id)
        if row is None:
            return None
        return Question(
            row.id, row.game_id, row.version, row.voters, row.choices, row.ballots, row.result, row
        )

    async def cast(self, question_id: int, user_id: int, answer: str) -> None:
        """One ballot."""
        await self.store.votes.cast(question_id, user_id, answer)

    async def close(self, question_id: int, result: str) -> None:
        """The vote's decision."""
        await self.store.votes.decide(question_id, result)


@database_down_told
class TurnVotes:
    """Votes on timed-out turns; the game changes through the committer."""

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
        wording = Wording(
            "service.vote.none",
            OVER,
            "service.vote.not_voter",
            lambda: AlreadyCast(say("service.vote.already")),
        )
        self.table = AskTheTable(games, VoteBallots(store), decide, wording)

    async def start(self, game_id: int, version: int) -> Vote | None:
        """The turn at `version` ran out of time: open its vote (None if there is nothing to
        vote on: the game moved on or ended, the computer holds the seat, nobody else is
        seated, or this turn has a vote already).
        """
        s = await self.games.hot(game_id)
        if s is None:
            return None
        async with s.lock:
            seat = s.to_move()
            player = None if seat is None else s.user_at(seat)
            if s.version != version or seat is None or player is None or player.automatic:
                return None
            voters = others(s, besides=player.user_id)
            if not voters:
                return None
            choices = [WAIT, *([SKIP] if neutral(s) else []), COMPUTER, END]
            vote_id = await self.store.votes.open(
                game_id, version, seat=seat, user_id=player.user_id, voters=voters, choices=choices
            )
            if vote_id is None:
                return None
            return Vote(vote_id, info(s), seat, player.user_id, player.name, voters, tuple(choices))

    async def cast(self, vote_id: int, user_id: int, choice: str) -> Ballot:
        """One voter's ballot; a majority carries the vote out at once (committed first)."""

        async def counted(
            s: LiveGame, asked: Question[VoteRow], ballots: Mapping[int, str], decided: str | None
        ) -> Ballot:
            vote = _vote(s, asked.row)
            if decided is None:
                return Ballot(vote, choice, len(ballots))
            board, move = await self._carry_out(s, asked.row, decided)
            return Ballot(vote, choice, len(ballots), decided, board, move)

        return await self.table.answer(vote_id, user_id, choice, counted)

    async def _carry_out(
        self, s: LiveGame, row: VoteRow, decided: str
    ) -> tuple[Board | None, MoveResult | None]:
        """Under the held lock: do what the majority chose (the vote is closed after)."""
        if decided == WAIT:
            await self.clocks.extend(s)
        elif decided == SKIP:
            code = neutral(s)
            assert code is not None
            return None, await self.commit.play(s, row.seat, code, None)
        elif decided == COMPUTER:
            return await self.hand_to_computer(s, row.seat), None
        elif decided == END:
            outcome = timeout_outcome(row.seat, s.record.names(), s.record.departed())
            result = stored_result(outcome)
            flags = {"ended_by": "turn clock", "timed_out_seat": row.seat, "vote": row.id}
            await self.commit.end(s, "finished", flags, result)
            return self.pictures.board(s, result=result), None
        return None, None

    async def hand_to_computer(self, s: LiveGame, seat: int) -> Board:
        """Under the held lock: the computer takes the timed-out seat for good and plays on
        (the vote's 'computer'; a league round's deadline too)."""
        await self.commit.hand_over(s, seat, TIMED_OUT)
        return self.pictures.board(s)

    async def stalled_to_computer(self, game_id: int) -> tuple[Board, str] | None:
        """The seat to move, if a person holds it, goes to the computer by the turn clock's
        rule; the board after it and the name of who had it (None: nobody to hand over)."""
        s = await self.games.hot(game_id)
        if s is None:
            return None
        async with s.lock:
            seat = s.to_move()
            player = None if seat is None else s.user_at(seat)
            if not self.games.holds(s) or s.status != "active":
                return None
            if seat is None or player is None or player.automatic:
                return None
            return await self.hand_to_computer(s, seat), player.name


def _vote(s: LiveGame, row: VoteRow) -> Vote:
    player = s.user_at(row.seat)
    name = player.name if player is not None else say("service.seat_number", number=row.seat + 1)
    return Vote(row.id, info(s), row.seat, row.user_id, name, row.voters, row.choices)
