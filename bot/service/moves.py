"""Playing a game: the mover's choices, what a typed move means, moves, resigning, abandoning."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.i18n import LANGUAGES, say, words
from bot.service.checks import STALE, active_seat, host_only, mover, short
from bot.service.commit import Committer
from bot.service.diff import normalise
from bot.service.endings import RESIGNATION, resignation_outcome, stored_result
from bot.service.errors import IllegalMove, NotHost, StaleAction, database_down_told
from bot.service.games import Games
from bot.service.model import Board, Choice, GameInfo, MoveResult
from bot.service.pictures import Pictures, broken_info, choices, turn
from bot.service.state import LiveGame

RESIGNED = "resigned"
# A /move value picked from the autocomplete: the version it was offered at, then the code.
SUBMISSION = re.compile(r"(?P<version>\d{1,9}):(?P<code>\S+)")


def _said(text: str) -> set[str]:
    """A move's words in every language we speak, so a player may type them in theirs."""
    return {normalise(words(text, language)) for language in LANGUAGES}


def hands_over_on_resigning(s: LiveGame, user_id: int) -> bool:
    """Whether a resignation hands the seat to the computer (others play on) or ends the game."""
    others = [p for p in s.players if not p.automatic and p.user_id != user_id]
    return len(s.players) > 2 and bool(others)


@database_down_told
class Moves:
    """Turn checks and moves; each move committed before it returns."""

    def __init__(self, games: Games, commit: Committer, pictures: Pictures) -> None:
        self.games = games
        self.commit = commit
        self.pictures = pictures

    async def move(
        self, game_id: int, user_id: int, code: str, version: int | None = None
    ) -> MoveResult:
        """Check turn and version, apply through the engine, commit, then report what changed.

        `version` is the one the player saw (a button's); None means "the current board".
        The result carries the new board and each changed seat's hand, taken under the lock
        at the committed version: the caller shows them and never asks again.
        """
        async with self.games.locked(game_id, "active") as s:
            if version is not None and version != s.version:
                raise StaleAction(STALE)
            return await self.commit.play(s, mover(s, user_id), code, user_id)

    async def choices(self, game_id: int, user_id: int) -> list[Choice]:
        """The legal (code, text) choices for this user: empty unless they are to move."""
        s = await self.games.hot(game_id)
        now = None if s is None else turn(s)
        if now is None or now.automatic or now.user_id != user_id:
            return []
        return list(now.choices)

    async def my_choices(self, game_id: int, user_id: int, version: int) -> list[Choice]:
        """The mover's choices for a 'Your move' button drawn at `version`."""
        s = await self.games.require(game_id, ("active",))
        if version != s.version:
            raise StaleAction(STALE)
        mover(s, user_id)
        return list(choices(s))

    async def entries(self, game_id: int, user_id: int) -> list[Choice]:
        """/move's autocomplete: each value is '<version>:<code>', the board it was offered on."""
        s = await self.games.hot(game_id)
        now = None if s is None else turn(s)
        if now is None or now.automatic or now.user_id != user_id:
            return []
        return [Choice(f"{now.version}:{c.code}", c.text) for c in now.choices]

    async def resolve(
        self, game_id: int, user_id: int, typed: str, seen: int | None
    ) -> tuple[str, int]:
        """The legal code a /move value means and the version it was chosen on, else a refusal.

        A value picked from the autocomplete carries its version ('12:k1'). Typed words or a
        bare code are taken against `seen`, the version of the game message when the command
        arrived: a copy of a move sent before that move's board was shown is refused as stale
        instead of being applied a second time.
        """
        s = await self.games.require(game_id, ("active",))
        wanted = typed.strip()
        offered = choices(s)
        picked = SUBMISSION.fullmatch(wanted)
        if picked is not None and not any(c.code == wanted for c in offered):
            version, wanted = int(picked["version"]), picked["code"]
        else:
            version = s.version if seen is None else seen
        if version != s.version:
            raise StaleAction(STALE)
        mover(s, user_id)
        if any(c.code == wanted for c in offered):
            return wanted, version
        typed_words = normalise(wanted)
        matches = [c.code for c in offered if typed_words in _said(c.text)]
        if len(matches) == 1:
            return matches[0], version
        if matches:
            raise IllegalMove(say("service.fits_several", typed=short(wanted)))
        raise IllegalMove(say("service.not_a_move", typed=short(wanted)))

    async def resign_hands_over(self, game_id: int, user_id: int) -> bool:
        """Whether resigning now would hand the caller's seat over (the game going on).

        Refuses like `resign` would (not a player, seat already left, game not running), so
        the cog asks for confirmation only when a resignation is possible.
        """
        s = await self.games.require(game_id, ("active",))
        active_seat(s, user_id)
        return hands_over_on_resigning(s, user_id)

    async def resign(self, game_id: int, user_id: int) -> Board:
        """A player gives up. With 2 players, or when nobody else is left, the game ends
        (reason "resignation", the resigning seat ranked last); otherwise the automatic player
        takes the seat, it is recorded as resigned, and the game goes on for the others.

        Returns the board after it: final, or still active with the seat marked automatic.
        """
        async with self.games.locked(game_id, "active") as s:
            seat = active_seat(s, user_id)
            if hands_over_on_resigning(s, user_id):
                await self.commit.hand_over(s, seat, RESIGNED)
                return self.pictures.board(s)
            outcome = resignation_outcome(seat, s.record.names(), s.record.departed())
            flags = {"ended_by": RESIGNATION, "resigned_seat": seat}
            result = stored_result(outcome)
            await self.commit.end(s, "finished", flags, result)
            return self.pictures.board(s, result=result)

    async def abandon(self, game_id: int, user_id: int, *, moderator: bool = False) -> GameInfo:
        """Host or moderator: stop a lobby or game for good (status "abandoned")."""
        broken = self.games.broken(game_id)
        if broken is not None:
            if not moderator and user_id != broken.host_id:
                raise NotHost(say("service.host_only.abandon_broken", game=game_id))
            version = await self.games.end_broken(game_id)
            ended = replace(broken, status="abandoned", version=version)
            return broken_info(ended, self.games.lookup, "abandoned")
        async with self.games.locked(game_id, "lobby", "active") as s:
            if not moderator:
                host_only(s, user_id, "service.host_only.abandon")
            return await self.commit.end(s, "abandoned", {"ended_by": "abandon", "by": user_id})
