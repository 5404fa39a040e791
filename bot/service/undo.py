"""Undo: a player takes back their own last decision, if nothing hidden came out since.

The moves to take back are the caller's last live move and every move after it. They may go
only if each of them left the engine's chance tally unchanged (`Game.chance`: no roll, draw or
card turned up, so nothing revealed has to be forgotten). When they are the caller's alone (the
turn is still theirs, or nobody else acted yet) the undo happens at once; otherwise every other
person seated must agree by button. The state before is rebuilt by replaying the live moves from
the seed, stored as a new version with the moves marked undone (replays skip them), so old
buttons stay stale and a restart continues from the rebuilt state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine import IllegalAction
from bot.i18n import say
from bot.service.diff import move_changes
from bot.service.errors import GameNotFound, NotAPlayer, ServiceError, StaleAction
from bot.service.model import Board, GameInfo, Hand, Session
from bot.service.seats import AutomaticSeats
from bot.service.sessions import label, turn_code
from bot.store import AlreadyVoted, MoveRow, UndoRequestRow

REQUEST_OVER = say("service.undo.over")
AGREED, REFUSED = "agreed", "refused"


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
    last_user: int | None  # who made that move
    last_quiet: bool


class Undos(AutomaticSeats):
    """Taking back decisions; the moves themselves stay in the log, marked undone."""

    async def _schedule_after_commit(self, s: Session) -> None:
        raise NotImplementedError

    async def undo(
        self, game_id: int, user_id: int, version: int | None = None
    ) -> Undone | UndoRequest:
        """/undo or Back: take back the caller's last decision now, or ask the others first.

        `version` is the Back button's (None: /undo, the current board).
        """
        async with self._locked(game_id, "active") as s:
            if version is not None and version != s.version:
                raise StaleAction(say("service.undo.stale_back"))
            self._active_seat(s, user_id)
            turn = self._turn(s)
            if version is not None and (turn is None or turn.user_id != user_id):
                raise CannotUndo(say("service.undo.not_mover"))
            plan = await self._plan(s, user_id)
            voters = tuple(p.user_id for p in s.players if not p.automatic and p.user_id != user_id)
            if not plan.others or not voters:
                return await self._take_back(s, plan, user_id)
            request_id = await self.store.undo_requests.ask(
                game_id, s.version, user_id=user_id, seq=plan.first.seq, voters=voters
            )
            name = self._seat_of(s, user_id).name
            return UndoRequest(request_id, self._info(s), user_id, name, voters, plan.taken)

    async def _plan(self, s: Session, user_id: int) -> _Plan:
        """Which moves go and the state before them; CannotUndo when they may not go."""
        title = label(s.game, s.game_id)
        moves = await self.store.moves.of(s.game_id)
        mine = [i for i, move in enumerate(moves) if move.user_id == user_id]
        if not mine:
            raise CannotUndo(say("service.nothing_to_undo", title=title))
        first = mine[-1]
        game = s.game
        seated = sum(1 for p in s.players if p.seat is not None)
        states = [game.new_game(seated, s.seed, s.options)]
        try:
            for move in moves:
                states.append(game.apply(states[-1], game.decode(move.action)))
        except IllegalAction:
            states = []
        if not states or game.dump(states[-1]) != game.dump(s.state):
            raise CannotUndo(say("service.undo.not_replayable", title=title))
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
            last_user=None if previous is None else previous.user_id,
            last_quiet=quiet,
        )

    async def _take_back(self, s: Session, plan: _Plan, user_id: int) -> Undone:
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
        s.version = await self._write(s, write)
        changes = move_changes(
            s.game, s.state, plan.before, len(s.players), self._recent.of(s.game_id)
        )
        s.state = plan.before
        self._recent.keep(s.game_id, changes.seen)
        s.last_user, s.last_quiet = plan.last_user, plan.last_quiet
        await self._schedule_after_commit(s)
        board = self._board(s, changes.public)
        held = {p.seat for p in s.players if not p.automatic}
        hands = tuple(
            self._hand(s, seat, board.info, view=view)
            for seat, view in changes.seats.items()
            if seat in held
        )
        name = self._seat_of(s, user_id).name
        same = shown_mover == s.to_move()
        return Undone(user_id, name, plan.taken, board, hands, same)

    async def _request_row(self, request_id: int) -> UndoRequestRow:
        row = await self.store.undo_requests.get(request_id)
        if row is None:
            raise GameNotFound(say("service.undo.none"))
        return row

    async def answer_undo(self, request_id: int, user_id: int, agree: bool) -> UndoAnswer:
        """One player's Agree or Refuse; the last agreement carries the undo out (committed)."""
        row = await self._request_row(request_id)
        s = await self._hot(row.game_id)
        if s is None or row.result is not None:
            raise StaleAction(REQUEST_OVER)
        async with s.lock:
            if self._sessions.get(row.game_id) is not s or s.version != row.version:
                raise StaleAction(REQUEST_OVER)
            row = await self._request_row(request_id)
            if row.result is not None:
                raise StaleAction(REQUEST_OVER)
            if user_id not in row.voters:
                raise NotAPlayer(say("service.undo.not_voter", title=label(s.game, s.game_id)))
            try:
                await self.store.undo_requests.answer(request_id, user_id, agree)
            except AlreadyVoted:
                raise AlreadyAnswered(say("service.undo.already")) from None
            answers = {**row.answers, user_id: agree}
            asker = s.player(row.user_id)
            name = asker.name if asker is not None else say("service.a_player")
            plan = await self._plan(s, row.user_id)
            request = UndoRequest(row.id, self._info(s), row.user_id, name, row.voters, plan.taken)
            if not agree:
                await self.store.undo_requests.decide(request_id, REFUSED)
                return UndoAnswer(request, agree, len(answers), REFUSED)
            if not all(answers.get(voter) for voter in row.voters):
                return UndoAnswer(request, agree, len(answers))
            undone = await self._take_back(s, plan, row.user_id)
            await self.store.undo_requests.decide(request_id, AGREED)
            return UndoAnswer(request, agree, len(answers), AGREED, undone)
