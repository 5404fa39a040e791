"""What a player submits: their choices, /move autocomplete entries, what a typed move means."""

from __future__ import annotations

import re

from bot.i18n import LANGUAGES, say, words
from bot.service.boards import BoardBook
from bot.service.diff import normalise
from bot.service.errors import IllegalMove, NotYourTurn, StaleAction
from bot.service.model import Choice, Session
from bot.service.seats import AutomaticSeats

STALE = say("service.stale")
# A /move value picked from the autocomplete: the version it was offered at, then the code.
SUBMISSION = re.compile(r"(?P<version>\d{1,9}):(?P<code>\S+)")


def short(text: str, limit: int = 60) -> str:
    """Text cut to `limit` characters for quoting it back to a player."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Submissions(BoardBook, AutomaticSeats):
    """Turn checks and the reading of /move values, shared by every move path."""

    def _mover(self, s: Session, user_id: int) -> int:
        """The caller's seat, if they are the one to move now; else the right refusal."""
        seat = self._active_seat(s, user_id)
        to_move = s.game.to_move(s.state)
        if seat != to_move:
            who = s.user_at(to_move) if to_move is not None else None
            name: str = who.name if who is not None else say("service.someone_else")
            if who is not None and who.automatic:
                name = say("service.the_automatic_player")
            raise NotYourTurn(say("service.not_your_turn", name=name))
        return seat

    async def choices(self, game_id: int, user_id: int) -> list[Choice]:
        """The legal (code, text) choices for this user: empty unless they are to move."""
        s = await self._hot(game_id)
        turn = None if s is None else self._turn(s)
        if turn is None or turn.automatic or turn.user_id != user_id:
            return []
        return list(turn.choices)

    async def my_choices(self, game_id: int, user_id: int, version: int) -> list[Choice]:
        """The mover's choices for a 'Your move' button drawn at `version`."""
        s = await self._require(game_id, ("active",))
        if version != s.version:
            raise StaleAction(STALE)
        self._mover(s, user_id)
        return list(self._choices(s))

    async def entries(self, game_id: int, user_id: int) -> list[Choice]:
        """/move's autocomplete: each value is '<version>:<code>', the board it was offered on."""
        s = await self._hot(game_id)
        turn = None if s is None else self._turn(s)
        if turn is None or turn.automatic or turn.user_id != user_id:
            return []
        return [Choice(f"{turn.version}:{c.code}", c.text) for c in turn.choices]

    async def resolve(
        self, game_id: int, user_id: int, typed: str, seen: int | None
    ) -> tuple[str, int]:
        """The legal code a /move value means and the version it was chosen on, else a refusal.

        A value picked from the autocomplete carries its version ('12:k1'). Typed words or a
        bare code are taken against `seen`, the version of the game message when the command
        arrived: a copy of a move sent before that move's board was shown is refused as stale
        instead of being applied a second time.
        """
        s = await self._require(game_id, ("active",))
        wanted = typed.strip()
        choices = self._choices(s)
        picked = SUBMISSION.fullmatch(wanted)
        if picked is not None and not any(c.code == wanted for c in choices):
            version, wanted = int(picked["version"]), picked["code"]
        else:
            version = s.version if seen is None else seen
        if version != s.version:
            raise StaleAction(STALE)
        self._mover(s, user_id)
        if any(c.code == wanted for c in choices):
            return wanted, version
        typed_words = normalise(wanted)
        matches = [c.code for c in choices if typed_words in _said(c.text)]
        if len(matches) == 1:
            return matches[0], version
        if matches:
            raise IllegalMove(say("service.fits_several", typed=short(wanted)))
        raise IllegalMove(say("service.not_a_move", typed=short(wanted)))


def _said(text: str) -> set[str]:
    """A move's words in every language we speak, so a player may type them in theirs."""
    return {normalise(words(text, language)) for language in LANGUAGES}
