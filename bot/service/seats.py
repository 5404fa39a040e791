"""Seats the automatic player holds: handing a seat over, and playing it between human moves.

A seat is handed over when its player resigns a game of 3 or more, or when the other players
vote so after a turn clock ran out. The seat row records it (`controller = 'auto'`, and why:
`departure`), so a restart knows. The automatic player never waits for a button: right after
any commit that leaves an automatic seat to move, the caller asks `automatic_move` for the
next move, one committed move at a time (each shown like any other), until a person is to move
or the game is over.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

from bot.ai import NORMAL, choose
from bot.engine import IllegalAction
from bot.i18n import say
from bot.service.errors import IllegalMove, NotAPlayer, Restarting
from bot.service.model import MoveResult, Session
from bot.service.sessions import SessionCache, label
from bot.service.thinking import Thinker

log = logging.getLogger(__name__)

RESIGNED = "resigned"
TIMED_OUT = "timed out"


class AutomaticSeats(SessionCache):
    """Hand-over and automatic play; the move path itself is the service's (`_play`).

    `thinker` runs the computer's decisions; the bot replaces it with one on its process pool.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.thinker = Thinker()  # each service its own: a stop abandons only its thoughts

    async def _play(self, s: Session, seat: int, code: str, user_id: int | None) -> MoveResult:
        raise NotImplementedError

    async def _write(self, s: Session, write: Awaitable[int]) -> int:
        raise NotImplementedError

    def _active_seat(self, s: Session, user_id: int) -> int:
        """The caller's seat while they still hold it; refused once it is the computer's."""
        player = self._seat_of(s, user_id)
        if player.automatic:
            raise NotAPlayer(say("service.left", title=label(s.game, s.game_id)))
        assert player.seat is not None
        return player.seat

    async def _hand_over(self, s: Session, seat: int, departure: str) -> None:
        """Under the held lock: the automatic player takes `seat` (stored, then in memory)."""
        write = self.store.seats.hand_over(s.game_id, s.version, seat, departure)
        s.version = await self._write(s, write)
        s.players = [
            replace(p, automatic=True, departure=departure) if p.seat == seat else p
            for p in s.players
        ]

    async def resign_hands_over(self, game_id: int, user_id: int) -> bool:
        """Whether resigning now would hand the caller's seat over (the game going on).

        Refuses like `resign` would (not a player, seat already left, game not running), so
        the cog asks for confirmation only when a resignation is possible.
        """
        s = await self._require(game_id, ("active",))
        self._active_seat(s, user_id)
        others = [p for p in s.players if not p.automatic and p.user_id != user_id]
        return len(s.players) > 2 and bool(others)

    def automatic_games(self) -> list[int]:
        """Active games whose mover is the automatic player (to continue them at start)."""
        waiting = []
        for game_id, s in sorted(self._sessions.items()):
            seat = s.to_move()
            player = None if seat is None else s.user_at(seat)
            if player is not None and player.automatic:
                waiting.append(game_id)
        return waiting

    def _computer_turn(self, s: Session) -> tuple[int, str, int, Any] | None:
        """Under the lock: (seat, level, version, state) when the computer is to move now."""
        if self._sessions.get(s.game_id) is not s or s.status != "active":
            return None
        seat = s.to_move()
        player = None if seat is None else s.user_at(seat)
        if seat is None or player is None or not player.automatic:
            return None
        return seat, player.level or NORMAL, s.version, s.state

    async def automatic_move(self, game_id: int) -> MoveResult | None:
        """One committed move of the computer, if it is to move now; else None.

        The thought runs off the event loop and without the game's lock (a /board or a
        resignation need not wait for it); the move is played only if the game is still at the
        version it was thought for, else the computer thinks again about the new position.
        """
        s = await self._hot(game_id)
        if s is None:
            return None
        while True:
            async with s.lock:
                turn = self._computer_turn(s)
            if turn is None:
                return None
            seat, level, version, state = turn
            try:
                decision = await self.thinker.decide(s.game, state, seat, s.seed, version, level)
            except IllegalAction:
                log.exception("game #%s: the computer found no move", game_id)
                return None
            except Restarting:
                return None  # the bot stops: the computer moves after the restart
            async with s.lock:
                now = self._computer_turn(s)
                if now is not None and now[2] == version and now[3] is state:
                    return await self._play_computer(s, seat, decision.code)

    async def _play_computer(self, s: Session, seat: int, code: str) -> MoveResult:
        """Under the lock: the computer's move; a code the engine refuses gives the random one."""
        try:
            return await self._play(s, seat, code, None)
        except IllegalMove:
            log.error(
                "game #%s: the computer chose an illegal move; playing a random one", s.game_id
            )
        return await self._play(s, seat, choose(s.game, s.state, seat, s.seed, s.version), None)
