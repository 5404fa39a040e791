"""Asking the table: one question to the other players, their answers, a decision, or a lapse.

The turn clock vote and the undo consent are the same mechanism: a question stored for one
version of a game, the people who may answer it (everyone seated but the one it is about), one
answer each, and a rule that decides from the answers so far. A question lapses once the game
has moved on from its version (or ended), unless its feature says otherwise (`stands`); once
decided it is closed and answers no more. What a decision does is the feature's: it is
carried out under the game's lock, committed first, and only then is the question closed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from bot.i18n import Text, say
from bot.service.checks import title
from bot.service.errors import GameNotFound, IllegalMove, NotAPlayer, ServiceError, StaleAction
from bot.service.games import Games
from bot.service.state import LiveGame
from bot.store import AlreadyVoted

R = TypeVar("R")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Question(Generic[R]):
    """A stored question: its game and version, who may answer what, and the answers so far."""

    id: int
    game_id: int
    version: int
    voters: tuple[int, ...]
    choices: tuple[str, ...]
    answers: Mapping[int, str]
    result: str | None
    row: R  # the stored row, for what only its feature reads (the seat voted on, the moves)


class Ballots(Protocol[R]):
    """Where one kind of question is stored."""

    async def read(self, question_id: int) -> Question[R] | None:
        """The question with its answers, or None."""

    async def cast(self, question_id: int, user_id: int, answer: str) -> None:
        """One answer; AlreadyVoted on a second one from the same person."""

    async def close(self, question_id: int, result: str) -> None:
        """Store the decision (once)."""


@dataclass(frozen=True, slots=True)
class Wording:
    """What the players read when an answer is refused."""

    missing: str  # message key: no such question
    over: Text  # the question lapsed or was decided
    not_voter: str  # message key (its `title` filled): the caller may not answer
    already: Callable[[], ServiceError]  # the refusal of a second answer


Rule = Callable[[Mapping[int, str], int], str | None]  # answers, how many voters -> decision
Stands = Callable[[LiveGame, "Question[Any]"], bool]  # whether a question may still be answered
CarryOut = Callable[[LiveGame, Question[R], Mapping[int, str], str | None], Awaitable[T]]


def same_version(s: LiveGame, asked: Question[Any]) -> bool:
    """The usual lapse: a question stands only while the game is at the version it was asked."""
    return s.version == asked.version


def majority(answers: Mapping[int, str], voters: int) -> str | None:
    """The answer more than half of the voters gave, if there is one yet."""
    for answer in set(answers.values()):
        if 2 * sum(1 for given in answers.values() if given == answer) > voters:
            return answer
    return None


class AskTheTable(Generic[R]):
    """Takes answers to one kind of question; `rule` decides, the caller carries it out;
    `stands` says whether an open question may still be answered (by default: the game is
    still at its version)."""

    def __init__(
        self,
        games: Games,
        ballots: Ballots[R],
        rule: Rule,
        wording: Wording,
        stands: Stands = same_version,
    ) -> None:
        self.games = games
        self.ballots = ballots
        self.rule = rule
        self.wording = wording
        self.stands = stands

    async def question(self, question_id: int) -> Question[R]:
        """The stored question, or the refusal for one that does not exist."""
        found = await self.ballots.read(question_id)
        if found is None:
            raise GameNotFound(say(self.wording.missing))
        return found

    async def answer(
        self, question_id: int, user_id: int, answer: str, carry_out: CarryOut[R, T]
    ) -> T:
        """One person's answer; `carry_out` runs under the game's lock with the answers so far
        and the decision (None: not decided yet); a decision is stored after it."""
        asked = await self.question(question_id)
        s = await self.games.hot(asked.game_id)
        if s is None or asked.result is not None:
            raise StaleAction(self.wording.over)
        async with s.lock:
            if not self.games.holds(s) or not self.stands(s, asked):
                raise StaleAction(self.wording.over)
            asked = await self.question(question_id)  # another answer may have decided it
            if asked.result is not None:
                raise StaleAction(self.wording.over)
            if user_id not in asked.voters:
                raise NotAPlayer(say(self.wording.not_voter, title=title(s)))
            if answer not in asked.choices:
                raise IllegalMove(say("service.vote.not_a_choice"))
            try:
                await self.ballots.cast(question_id, user_id, answer)
            except AlreadyVoted:
                raise self.wording.already() from None
            answers = {**asked.answers, user_id: answer}
            decided = self.rule(answers, len(asked.voters))
            done = await carry_out(s, asked, answers, decided)
            if decided is not None:
                await self.ballots.close(question_id, decided)
            return done
