"""The committer: an accepted action -> the engine -> one version-checked transaction -> result.

Every change of a game goes through here under the game's lock: the store write first (with
its version check; a move's carries its new version's deadlines), then the repository replaces
the game's parts (other changes write their deadlines now), and the result (board, changed
hands) is taken at that version. A
stale version reloads the game and says the board moved on; a database that went away
mid-write is answered by reading back whether the change counted.
"""

from __future__ import annotations

from collections.abc import Awaitable, Mapping
from contextlib import suppress
from dataclasses import replace
from typing import Any

from bot.engine import IllegalAction, OutcomeView
from bot.service.checks import STALE, turn_code
from bot.service.clock import Deadlines, TurnClocks
from bot.service.diff import Changes, move_changes
from bot.service.endings import read_result, stored_result
from bot.service.errors import (
    DATABASE_DOWN,
    SAVED_IN_RESTART,
    DatabaseDown,
    IllegalMove,
    StaleAction,
)
from bot.service.games import Games
from bot.service.model import LEFT_IN_ORDER, Board, GameInfo, Hand, MoveResult
from bot.service.pictures import Pictures, info
from bot.service.ratings import rate_entrants
from bot.service.since import after_move
from bot.service.state import GameRecord, Heard, LastMove, LiveGame
from bot.store import DatabaseUnavailable, StaleVersion, Store, StoreError

_KEEP: Any = object()


class Committer:
    """Commits changes of held games; built with the repository, the store and the clocks."""

    def __init__(self, games: Games, store: Store, pictures: Pictures, clocks: TurnClocks) -> None:
        self.games = games
        self.store = store
        self.pictures = pictures
        self.clocks = clocks

    async def write(self, s: LiveGame, write: Awaitable[int]) -> int:
        """Await a versioned store write; a stale version reloads the game and says so."""
        try:
            version = await write
        except StaleVersion:
            await self.games.reload(s)
            raise StaleAction(STALE) from None
        except DatabaseUnavailable as error:
            raise await self._unanswered(s, error) from None
        return version

    async def _unanswered(self, s: LiveGame, error: DatabaseUnavailable) -> DatabaseDown:
        """The database went away mid-write: say whether the change counted (read it back).

        Only a connection lost during COMMIT leaves that open; then the game is read again
        (if the database is back) so memory holds exactly what was stored, once.
        """
        before = s.version
        if error.maybe_committed:
            with suppress(StoreError):
                await self.games.reload(s)
            if s.version != before:
                return DatabaseDown(SAVED_IN_RESTART)
        return DatabaseDown(DATABASE_DOWN)

    async def save(
        self, s: LiveGame, write: Awaitable[int], record: GameRecord, *, state: Any = _KEEP
    ) -> None:
        """Await a versioned write; once stored, the game holds `record` (and `state`) at the
        new version."""
        version = await self.write(s, write)
        new = record._replace(version=version)
        if state is _KEEP:
            self.games.put(s, record=new)
        else:
            self.games.put(s, record=new, state=state)

    async def play(self, s: LiveGame, seat: int, code: str, user_id: int | None) -> MoveResult:
        """Apply one action for `seat` under the held lock, commit it, report what changed.

        `user_id` is None for the automatic player. Hands go only to seats a person holds.
        """
        game, before = s.game, s.state
        await self.games.refresh_heard(s)
        try:
            action = game.decode(code)
            after = game.apply(before, action)
        except IllegalAction as error:
            raise IllegalMove(*error.args) from error  # a Text keeps its id
        outcome = game.outcome(after)
        seen = self.games.recent.of(s.game_id)
        changes = move_changes(game, before, after, len(s.players), seen)
        quiet = game.chance(after) == game.chance(before)
        # The new version's deadlines go in the move's own transaction (none once it is over).
        planned = None if outcome is not None else self.clocks.plan(s, game.to_move(after))
        write = self.store.moves.record(
            s.game_id,
            s.version,
            seat=seat,
            action=game.encode(action),
            user_id=user_id,
            state=game.dump(after),
            result=None if outcome is None else stored_result(outcome),
            state_format=s.state_format,
            quiet=quiet,
            rate=rate_entrants,
            to_move=turn_code(game, after),
            deadlines=None if planned is None else planned.timers,
        )
        version_before = s.version
        version = await self.write(s, write)
        heard = after_move(s.heard, seat, version_before, version, len(changes.public["log"]))
        status = "finished" if outcome is not None else s.status
        record = s.record._replace(version=version, status=status)
        last = LastMove(user_id, quiet)
        board, hands = await self._moved(s, record, after, changes, last, heard, planned)
        return MoveResult(
            seat=seat,
            description=game.describe(action, before),
            public_lines=tuple(changes.lines),
            board=board,
            hands=hands if game.spec.has_private else (),
        )

    async def take_back(
        self, s: LiveGame, write: Awaitable[int], before: Any, last: LastMove
    ) -> tuple[Board, tuple[Hand, ...]]:
        """Commit an undo: the stored state is `before` again; the board and changed hands."""
        version = await self.write(s, write)
        seen = self.games.recent.of(s.game_id)
        changes = move_changes(s.game, s.state, before, len(s.players), seen)
        return await self._moved(s, s.record._replace(version=version), before, changes, last)

    async def _moved(
        self,
        s: LiveGame,
        record: GameRecord,
        state: Any,
        changes: Changes,
        last: LastMove,
        heard: Heard | None = None,
        planned: Deadlines | None = None,
    ) -> tuple[Board, tuple[Hand, ...]]:
        """After a stored change of the engine state: the new parts, the deadlines (`planned`:
        stored with the change, else written now), the result."""
        self.games.recent.keep(s.game_id, changes.seen)
        clock = None if planned is None else planned.clock
        self.games.put(s, record=record, state=state, last=last, heard=heard, clock=clock)
        if record.status == "active" and planned is None:
            await self.clocks.after_commit(s)
        board = self.pictures.board(s, changes.public)
        return board, self.pictures.hands(s, board.info, changes.seats)

    async def hand_over(self, s: LiveGame, seat: int, departure: str) -> None:
        """The automatic player takes `seat` (stored, then in memory); `departure` says why.
        The game's flags keep the order players left in (LEFT_IN_ORDER): a pod game the last
        person resigns is ranked by it."""
        left = [x for x in s.record.flags.get(LEFT_IN_ORDER, ()) if x != seat]
        flags = {**s.record.flags, LEFT_IN_ORDER: [*left, seat]}
        write = self.store.seats.hand_over(s.game_id, s.version, seat, departure, flags)
        players = tuple(
            replace(p, automatic=True, departure=departure) if p.seat == seat else p
            for p in s.players
        )
        await self.save(s, write, s.record._replace(players=players, flags=flags))

    async def end(
        self,
        s: LiveGame,
        status: str,
        flags: Mapping[str, Any],
        result: OutcomeView | None = None,
    ) -> GameInfo:
        """Store the end (and any platform-made result), then let the game go from memory."""
        merged = {**s.record.flags, **flags}
        stored = None if result is None else dict(result)
        rate = rate_entrants if status == "finished" else None
        write = self.store.games.end(
            s.game_id, s.version, status, result=stored, flags=merged, rate=rate
        )
        await self.save(s, write, s.record._replace(status=status, flags=merged))
        return info(s, None if result is None else read_result(result))
