"""Taking over a seat: a person takes a seat the automatic player holds for a player who left.

Only a seat whose player resigned or timed out is offered (a computer chosen in the lobby never
is). The newcomer asks (the **Take this seat** button, `/seat take`); the people seated answer
through asking.py, the one "ask the table" mechanism: a majority decides, the host's answer
decides alone, all answered without a majority refuses. Unlike a turn clock vote, a request
stands while moves are made (the table may take its time): it ends when decided, when the
seat is taken, or when someone asks again after a turn's time limit of the game's pace. The
host may also seat a member at once (`/seat take player:`). The take-over is one versioned
commit; only after it does the newcomer get the seat's hand, and nobody else ever does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot.i18n import say
from bot.service.asking import AskTheTable, Question, Wording, majority
from bot.service.checks import host_only, others, title
from bot.service.clock import TurnClocks, pace_of
from bot.service.commit import Committer
from bot.service.errors import IllegalMove, NotAPlayer, ServiceError, database_down_told
from bot.service.games import Games
from bot.service.model import Board, GameInfo, Hand, Player
from bot.service.pictures import Pictures, info
from bot.service.state import LiveGame
from bot.store import SeatRequestRow, Store

YES, NO = "yes", "no"
TAKEN, REFUSED = "taken", "refused"


class SeatNotOffered(ServiceError):
    """No seat of this game may be taken over (or not the one named)."""


class AlreadySeated(ServiceError):
    """The would-be newcomer plays (or played) in this game already."""


class AlreadyAsked(ServiceError):
    """Someone else asked for this seat first; the table is deciding."""


class AlreadyAnsweredSeat(ServiceError):
    """A seated player answered this request before."""


class NotInServer(ServiceError):
    """The person named is not a member of the game's server."""


@dataclass(frozen=True, slots=True)
class SeatAsk:
    """An open request to take a seat, for the message asking the people seated."""

    request_id: int
    game: GameInfo
    seat: int
    user_id: int
    name: str  # the newcomer
    left: str  # the player who left the seat
    voters: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatTaken:
    """A committed take-over: the board with the new name, and the newcomer's hand."""

    game: GameInfo
    seat: int
    user_id: int
    name: str
    left: str
    board: Board
    hands: tuple[Hand, ...]


@dataclass(frozen=True, slots=True)
class SeatAnswer:
    """What one answer did: counted, or it decided (and, if agreed, the seat was taken)."""

    request: SeatAsk
    agree: bool
    answered: int
    decided: str | None = None
    taken: SeatTaken | None = None


def left_seats(s: LiveGame) -> list[Player]:
    """The seats a person may take over: held by the automatic player because theirs left."""
    return [p for p in s.players if p.automatic and p.departure is not None and not p.computer]


def offered(about: GameInfo) -> tuple[int, ...]:
    """The seats a game message offers with **Take this seat** (active games only)."""
    if about.status != "active":
        return ()
    seats = (p.seat for p in about.players if p.automatic and p.departure and not p.computer)
    return tuple(seat for seat in seats if seat is not None)


def still_left(s: LiveGame, asked: Question[SeatRequestRow]) -> bool:
    """A request stands while its seat is still left (moves in between do not end it)."""
    return any(p.seat == asked.row.seat for p in left_seats(s))


def decide(answers: Mapping[int, str], voters: int) -> str | None:
    """A majority's answer; once everyone answered without one, the seat is not given."""
    chosen = majority(answers, voters)
    if chosen is not None:
        return chosen
    return NO if len(answers) >= voters else None


class SeatBallots:
    """Take-over requests as the table's questions (seat_requests and seat_answers)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def read(self, question_id: int) -> Question[SeatRequestRow] | None:
        """The request with its answers as yes / no, or None."""
        row = await self.store.takeovers.get(question_id)
        if row is None:
            return None
        answers = {user: YES if agree else NO for user, agree in row.answers.items()}
        result = None if row.result is None else (YES if row.result == TAKEN else NO)
        return Question(
            row.id, row.game_id, row.version, row.voters, (YES, NO), answers, result, row
        )

    async def cast(self, question_id: int, user_id: int, answer: str) -> None:
        """One answer."""
        await self.store.takeovers.answer(question_id, user_id, answer == YES)

    async def close(self, question_id: int, result: str) -> None:
        """The decision: the seat taken or not."""
        await self.store.takeovers.decide(question_id, TAKEN if result == YES else REFUSED)


@database_down_told
class SeatTaking:
    """Requests to take a left seat, the table's answers, and the take-over commit."""

    def __init__(
        self, games: Games, commit: Committer, store: Store, clocks: TurnClocks, pictures: Pictures
    ) -> None:
        self.games = games
        self.commit = commit
        self.store = store
        self.clocks = clocks
        self.pictures = pictures
        wording = Wording(
            "service.seat.no_request",
            say("service.seat.request_over"),
            "service.seat.not_voter",
            lambda: AlreadyAnsweredSeat(say("service.seat.already_answered")),
        )
        self.ballots = SeatBallots(store)
        self.table = AskTheTable(games, self.ballots, decide, wording, still_left)

    async def ask(
        self, game_id: int, user_id: int, name: str, seat: int | None, guild_id: int | None
    ) -> SeatAsk:
        """The caller asks to take a left seat (`seat`, or the only one): the table is asked."""
        s = await self.games.require(game_id, ("active",))
        async with s.lock:
            chosen = await self._check(s, user_id, seat, guild_id)
            voters = others(s, besides=user_id)
            if not voters:
                raise SeatNotOffered(say("service.seat.nobody_to_ask", title=title(s)))
            asked = await self.store.takeovers.ask(
                game_id,
                s.version,
                seat=chosen.seat or 0,
                newcomer=(user_id, name),
                voters=voters,
                lapse_after=pace_of(s).turn_limit,
            )
            if asked is None:
                raise AlreadyAsked(say("service.seat.already_asked", title=title(s)))
            return SeatAsk(asked, info(s), chosen.seat or 0, user_id, name, chosen.name, voters)

    async def appoint(
        self,
        game_id: int,
        host_id: int,
        newcomer: tuple[int, str],
        seat: int | None,
        *,
        guild_id: int | None,
        in_server: bool,
    ) -> SeatTaken:
        """The host decides: `newcomer` (user id, name) takes the seat at once."""
        s = await self.games.require(game_id, ("active",))
        async with s.lock:
            host_only(s, host_id, "service.seat.host_only")
            if not in_server:
                raise NotInServer(say("service.seat.not_in_server"))
            chosen = await self._check(s, newcomer[0], seat, guild_id)
            return await self._take(s, chosen, *newcomer)

    async def answer(self, request_id: int, user_id: int, agree: bool) -> SeatAnswer:
        """One seated person's answer; a majority (or the host alone) decides at once."""
        answer = YES if agree else NO

        async def counted(
            s: LiveGame,
            asked: Question[SeatRequestRow],
            answers: Mapping[int, str],
            decided: str | None,
        ) -> SeatAnswer:
            row = asked.row
            chosen = s.user_at(row.seat)
            left = chosen.name if chosen is not None else ""
            request = SeatAsk(
                row.id, info(s), row.seat, row.user_id, row.display_name, left, row.voters
            )
            alone = decided is None and user_id == s.record.host_id  # the host decides alone
            decided = answer if alone else decided
            if decided is None:
                return SeatAnswer(request, agree, len(answers))
            taken = None
            if decided == YES and chosen is not None:
                taken = await self._take(s, chosen, row.user_id, row.display_name, row.id)
            if alone:  # asking.py closes a question only on its rule's decision
                await self.ballots.close(row.id, decided)
            return SeatAnswer(request, agree, len(answers), TAKEN if taken else REFUSED, taken)

        return await self.table.answer(request_id, user_id, answer, counted)

    async def _check(
        self, s: LiveGame, user_id: int, seat: int | None, guild_id: int | None
    ) -> Player:
        """Under the lock: the left seat to take, or the refusal (already seated, elsewhere)."""
        if guild_id != s.record.guild_id:
            raise NotInServer(say("service.seat.not_in_server"))
        if s.player(user_id) is not None or any(
            h.user_id == user_id for h in await self.store.takeovers.holders(s.game_id)
        ):
            raise AlreadySeated(say("service.seat.already_seated", title=title(s)))
        free = left_seats(s)
        if not free:
            raise SeatNotOffered(say("service.seat.none", title=title(s)))
        if seat is None and len(free) == 1:
            return free[0]
        found = next((p for p in free if seat is not None and p.seat == seat), None)
        if found is None:
            numbers = ", ".join(str((p.seat or 0) + 1) for p in free)
            raise IllegalMove(say("service.seat.which", title=title(s), seats=numbers))
        return found

    async def _take(
        self, s: LiveGame, chosen: Player, user_id: int, name: str, deciding: int | None = None
    ) -> SeatTaken:
        """Under the lock: commit the take-over, then the board and the newcomer's hand."""
        seat = chosen.seat
        if seat is None or s.player(user_id) is not None:
            raise NotAPlayer(say("service.seat.already_seated", title=title(s)))
        log_lines = len(self.pictures.view(s, None)["log"])
        write = self.store.takeovers.take(
            s.game_id, s.version, seat, (user_id, name), log_lines, deciding
        )
        players = tuple(
            replace(p, user_id=user_id, name=name, automatic=False, departure=None, dm_ok=True)
            if p.seat == seat
            else p
            for p in s.players
        )
        await self.commit.save(s, write, s.record._replace(players=players))
        await self.clocks.after_commit(s)  # the newcomer's turn clock, if they are to move
        board = self.pictures.board(s)
        views = {seat: self.pictures.view(s, seat)} if s.game.spec.has_private else {}
        hands = self.pictures.hands(s, board.info, views)
        return SeatTaken(board.info, seat, user_id, name, chosen.name, board, hands)
