"""Computer players: seats the computer holds, its moves between human ones, and /hint.

A computer seat is a seats row with `controller = 'auto'`, a level and a synthetic negative
user id (see data/migrations/0009_computer_seats.sql); in memory it is a `Player` with
`automatic` and `level` set, named "Computer (<level>)" everywhere a name is shown. A seat whose
player resigned a game of 3 or more, or timed out and was voted so, is handed to the automatic
player the same way (`departure` says why). From then on it is played like any computer seat:
no DMs, no reminders, no turn clock, no vote. The computer never waits for a button: right
after any commit that leaves it to move, the caller asks `automatic_move` for the next move,
one committed move at a time (each shown like any other), until a person is to move or the
game is over.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from bot.ai import LEVELS, NORMAL, choose
from bot.engine import IllegalAction
from bot.i18n import say
from bot.service.checks import active_seat, title
from bot.service.commit import Committer
from bot.service.errors import (
    IllegalMove,
    InvalidOptions,
    NotYourTurn,
    Restarting,
    ServiceError,
    database_down_told,
)
from bot.service.games import Games
from bot.service.model import HINTS, OFF, GameInfo, MoveResult
from bot.service.pictures import info
from bot.service.state import LiveGame
from bot.service.thinking import Thinker

log = logging.getLogger(__name__)

ON = "on"
PLATFORM_OPTIONS = {HINTS: (ON, OFF)}  # options every game accepts; kept in flags, not options


class HintsOff(ServiceError):
    """The game was opened with hints=off."""


@dataclass(frozen=True, slots=True)
class HintChoice:
    """One of the search's top options: the move in words, its win chance, how often tried."""

    text: str
    win_chance: float
    visits: int


@dataclass(frozen=True, slots=True)
class Hint:
    """The computer's suggestion for the caller's own decision, and its estimated win chance;
    with its top three options and how many determinizations it searched in all."""

    info: GameInfo
    seat: int
    text: str
    win_chance: float | None
    choices: tuple[HintChoice, ...] = ()
    iterations: int = 0


def computer_name(level: str) -> str:
    """How a computer seat is named everywhere: lobby, boards, images and results."""
    return f"Computer ({level})"


def check_level(level: str | None) -> str:
    """A known level (default normal), or a refusal naming the levels."""
    chosen = (level or NORMAL).strip().lower()
    if chosen not in LEVELS:
        raise InvalidOptions(say("service.level", levels=", ".join(LEVELS)))
    return chosen


def platform_options(options: dict[str, object]) -> dict[str, str]:
    """Take the platform's options (hints=on/off) out of `options`; the flags they set."""
    flags: dict[str, str] = {}
    for name, allowed in PLATFORM_OPTIONS.items():
        if name not in options:
            continue
        value = str(options.pop(name)).lower()
        if value not in allowed:
            raise InvalidOptions(say("service.option_values", name=name, values=", ".join(allowed)))
        if value == OFF:
            flags[name] = OFF
    return flags


def computer_id(join_order: int) -> int:
    """The synthetic user id of a computer seat: below zero, so never a Discord user's."""
    return -(join_order + 1)


def _hint_seat(s: LiveGame, user_id: int) -> int:
    """The caller's seat if a hint may be given now; else the refusal, in words."""
    if s.record.flags.get(HINTS) == OFF:
        raise HintsOff(say("service.hints_off", title=title(s)))
    seat = active_seat(s, user_id)
    if s.to_move() != seat:
        raise NotYourTurn(say("service.hint_not_your_turn", title=title(s)))
    return seat


@database_down_told
class Computers:
    """The computer's moves and hints; `thinker` runs its decisions (the bot's process pool)."""

    def __init__(self, games: Games, commit: Committer, thinker: Thinker | None = None) -> None:
        self.games = games
        self.commit = commit
        self.thinker = Thinker() if thinker is None else thinker

    def games_waiting(self) -> list[int]:
        """Active games whose mover is the automatic player (to continue them at start)."""
        found = []
        for s in self.games.ongoing():
            seat = s.to_move()
            player = None if seat is None else s.user_at(seat)
            if player is not None and player.automatic:
                found.append(s.game_id)
        return found

    def _computer_turn(self, s: LiveGame) -> tuple[int, str, int, Any] | None:
        """Under the lock: (seat, level, version, state) when the computer is to move now."""
        if not self.games.holds(s) or s.status != "active":
            return None
        seat = s.to_move()
        player = None if seat is None else s.user_at(seat)
        if seat is None or player is None or not player.automatic:
            return None
        return seat, player.level or NORMAL, s.version, s.state

    async def move(self, game_id: int) -> MoveResult | None:
        """One committed move of the computer, if it is to move now; else None.

        The thought runs off the event loop and without the game's lock (a /board or a
        resignation need not wait for it); the move is played only if the game is still at the
        version it was thought for, else the computer thinks again about the new position.
        """
        s = await self.games.hot(game_id)
        if s is None:
            return None
        while True:
            async with s.lock:
                turn = self._computer_turn(s)
            if turn is None:
                return None
            seat, level, version, state = turn
            try:
                decision = await self.thinker.decide(
                    s.game, state, seat, s.record.seed, version, level
                )
            except IllegalAction:
                log.exception("game #%s: the computer found no move", game_id)
                return None
            except Restarting:
                return None  # the bot stops: the computer moves after the restart
            async with s.lock:
                now = self._computer_turn(s)
                if now is not None and now[2] == version and now[3] is state:
                    return await self._play(s, seat, decision.code)

    async def _play(self, s: LiveGame, seat: int, code: str) -> MoveResult:
        """Under the lock: the computer's move; a code the engine refuses gives the random one."""
        try:
            return await self.commit.play(s, seat, code, None)
        except IllegalMove:
            log.error(
                "game #%s: the computer chose an illegal move; playing a random one", s.game_id
            )
        fallback = choose(s.game, s.state, seat, s.record.seed, s.version)
        return await self.commit.play(s, seat, fallback, None)

    async def check_hint(self, game_id: int, user_id: int) -> None:
        """Refuse a /hint that `hint` would refuse, before the interaction is deferred."""
        _hint_seat(await self.games.require(game_id, ("active",)), user_id)

    async def hint(self, game_id: int, user_id: int) -> Hint:
        """The computer's suggestion (at normal) for the caller's own decision, now.

        Only the caller's seat is asked about, and only on their turn: the thought sees the
        real state but the computer reads what the seat cannot see only through
        `resample_hidden` for that seat, so the hint reveals nothing of the others' secrets.
        """
        s = await self.games.require(game_id, ("active",))
        async with s.lock:
            seat = _hint_seat(s, user_id)
            state, version = s.state, s.version
        decision = await self.thinker.decide(s.game, state, seat, s.record.seed, version, NORMAL)
        text = s.game.describe(s.game.decode(decision.code), state)
        choices = tuple(
            HintChoice(s.game.describe(s.game.decode(c.code), state), c.win_chance, c.visits)
            for c in decision.choices
        )
        return Hint(info(s), seat, text, decision.win_chance, choices, decision.iterations)
