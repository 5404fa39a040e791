"""Undo: a player takes back their own last decision, if nothing hidden came out since.

The moves to take back are the caller's last live move and every move after it. They may go
only if each of them left the engine's chance tally unchanged (`Game.chance`: no roll, draw or
card turned up, so nothing revealed has to be forgotten). When they are the caller's alone (the
turn is still theirs, or nobody else acted yet) the undo happens at once; otherwise every other
person seated must agree by button (asking.py: one refusal ends the request). The state before
is rebuilt by replaying the live moves from the seed, stored as a new version with the moves
marked undone (replays skip them), so old buttons stay stale and a restart continues from the
rebuilt state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import IllegalAction
from bot.i18n import say
from bot.service.asking import AskTheTable, Question, Wording
from bot.service.checks import active_seat, label, others, player_of, turn_code
from bot.service.commit import Committer
from bot.service.errors import ServiceError, StaleAction, database_down_told
from bot.service.games import Games
from bot.service.model import Board, GameInfo, Hand
from bot.service.pictures import info, turn
from bot.service.state import LastMove, LiveGame
from bot.store import MoveRow, Store, UndoRequestRow

REQUEST_OVER = say("service.undo.over")
AGREED, REFUSED = "agreed", "refused"
AGREE, REFUSE = "agree", "refuse"


class CannotUndo(ServiceError):
    """The caller's decision cannot be taken back now; the message says why."""


class AlreadyAnswered(ServiceError):
    """A player pressed Agree or Refuse a second time."""


@dataclass(frozen=True, slots=True)
class Undone:
    """A committed undo: the board and changed hands to show; `moves` how many were taken back."""

    user_id: int
    name: str
    moves: int
    board: Board
    hands: tuple[Hand, ...]
    same_mover: bool  # the seat to move is the one the previous board asked (redraw in place)


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """An undo waiting for the other players' consent (what the message asking them shows)."""

    request_id: int
    game: GameInfo
    user_id: int
    name: str
    voters: tuple[int, ...]
    moves: int


@dataclass(frozen=True, slots=True)
class UndoAnswer:
    """What one answer did: counted, or it decided the request (and then maybe the undo)."""

    request: UndoRequest
    agree: bool
    answered: int
    decided: str | None = None
    undone: Undone | None = None


@dataclass(frozen=True, slots=True)
class _Plan:
    """The moves an undo takes back and the state before them, from one replay."""

    first: MoveRow
    taken: int
    others: bool  # someone else's move is among them
    before: Any
    covers: int  # the seq of the last move still counting
    last: LastMove  # who made that move, and whether it was quiet


def decide(answers: Mapping[int, str], voters: int) -> str | None:
    """One refusal refuses; everyone agreeing agrees; else the request waits."""
    if REFUSE in answers.values():
        return REFUSED
    agreed = sum(1 for answer in answers.values() if answer == AGREE)
    return AGREED if agreed >= voters else None


class UndoBallots:
    """Undo requests as the table's questions (stored in undo_requests and undo_answers)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def read(self, question_id: int) -> Question[UndoRequestRow] | None:
        """The request with its answers, or None."""
        row = await self.store.undo_requests.get(question_id)
        if row is None:
            return None
        answers = {user: AGREE if agreed else REFUSE for user, agreed in row.answers.items()}
        choices = (AGREE, REFUSE)
        return Question(
            row.id, row.game_id, row.version, row.voters, choices, answers, row.result, row
        )

    async def cast(self, question_id: int, user_id: int, answer: str) -> None:
        """One answer."""
        await self.store.undo_requests.answer(question_id, user_id, answer == AGREE)

    async def close(self, question_id: int, result: str) -> None:
        """The request's decision."""
        await self.store.undo_requests.decide(question_id, result)


@database_down_told
class Undo:
    """Taking back decisions; the moves themselves stay in the log, marked undone."""

    def __init__(self, games: Games, commit: Committer, store: Store) -> None:
        self.games = games
        self.commit = commit
        self.store = store
        wording = Wording(
            "service.undo.none",
            REQUEST_OVER,
            "service.undo.not_voter",
            lambda: AlreadyAnswered(say("service.undo.already")),
        )
        self.table = AskTheTable(games, UndoBallots(store), decide, wording)

    async def ask(
        self, game_id: int, user_id: int, version: int | None = None
    ) -> Undone | UndoRequest:
        """/undo or Back: take back the caller's last decision now, or ask the others first.

        `version` is the Back button's (None: /undo, the current board).
        """
        async with self.games.locked(game_id, "active") as s:
            if version is not None and version != s.version:
                raise StaleAction(say("service.undo.stale_back"))
            active_seat(s, user_id)
            now = turn(s)
            if version is not None and (now is None or now.user_id != user_id):
                raise CannotUndo(say("service.undo.not_mover"))
            plan = await self._plan(s, user_id)
            voters = others(s, besides=user_id)
            if not plan.others or not voters:
                return await self._take_back(s, plan, user_id)
            request_id = await self.store.undo_requests.ask(
                game_id, s.version, user_id=user_id, seq=plan.first.seq, voters=voters
            )
            name = player_of(s, user_id).name
            return UndoRequest(request_id, info(s), user_id, name, voters, plan.taken)

    async def answer(self, request_id: int, user_id: int, agree: bool) -> UndoAnswer:
        """One player's Agree or Refuse; the last agreement carries the undo out (committed)."""

        async def answered(
            s: LiveGame,
            asked: Question[UndoRequestRow],
            answers: Mapping[int, str],
            decided: str | None,
        ) -> UndoAnswer:
            row = asked.row
            asker = s.player(row.user_id)
            name = asker.name if asker is not None else say("service.a_player")
            plan = await self._plan(s, row.user_id)
            request = UndoRequest(row.id, info(s), row.user_id, name, row.voters, plan.taken)
            if decided != AGREED:
                return UndoAnswer(request, agree, len(answers), decided)
            undone = await self._take_back(s, plan, row.user_id)
            return UndoAnswer(request, agree, len(answers), AGREED, undone)

        return await self.table.answer(request_id, user_id, AGREE if agree else REFUSE, answered)

    async def _plan(self, s: LiveGame, user_id: int) -> _Plan:
        """Which moves go and the state before them; CannotUndo when they may not go."""
        named = label(s.game, s.game_id)
        moves = await self.store.moves.of(s.game_id)
        mine = [i for i, move in enumerate(moves) if move.user_id == user_id]
        if not mine:
            raise CannotUndo(say("service.nothing_to_undo", title=named))
        first = mine[-1]
        game = s.game
        seated = sum(1 for p in s.players if p.seat is not None)
        states = [game.new_game(seated, s.record.seed, s.record.options)]
        try:
            for move in moves:
                states.append(game.apply(states[-1], game.decode(move.action)))
        except IllegalAction:
            states = []
        if not states or game.dump(states[-1]) != game.dump(s.state):
            raise CannotUndo(say("service.undo.not_replayable", title=named))
        tallies = {tuple(game.chance(state)) for state in states[first:]}
        if len(tallies) > 1:
            raise CannotUndo(say("service.undo.revealed"))
        previous = moves[first - 1] if first > 0 else None
        quiet = first > 0 and game.chance(states[first - 1]) == game.chance(states[first])
        return _Plan(
            first=moves[first],
            taken=len(moves) - first,
            others=any(move.user_id != user_id for move in moves[first:]),
            before=states[first],
            covers=0 if previous is None else previous.seq,
            last=LastMove(None if previous is None else previous.user_id, quiet),
        )

    async def _take_back(self, s: LiveGame, plan: _Plan, user_id: int) -> Undone:
        """Under the held lock: commit the rebuilt state as a new version, then report it."""
        shown_mover = s.to_move()
        write = self.store.moves.take_back(
            s.game_id,
            s.version,
            from_seq=plan.first.seq,
            user_id=user_id,
            state=s.game.dump(plan.before),
            covers=plan.covers,
            state_format=s.state_format,
            to_move=turn_code(s.game, plan.before),
        )
        board, hands = await self.commit.take_back(s, write, plan.before, plan.last)
        name = player_of(s, user_id).name
        return Undone(user_id, name, plan.taken, board, hands, shown_mover == s.to_move())
