"""Games by number, ongoing or over: which game a /board, /history or /hand means, and lists.

A server's players may look at the final board, the whole public log and their own final
hand of any started game of that server. A number from another server reads exactly like a
number no game has, so nothing about other servers' games is ever told.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import IllegalAction
from bot.i18n import say
from bot.service.catalogue import title_of
from bot.service.errors import GameBroken, GameNotFound, NotStarted
from bot.service.model import GameInfo
from bot.service.sessions import SessionCache, broken_refusal, outcome_of
from bot.store import GameEntry

LARGEST_NUMBER = 2**63 - 1  # sqlite's INTEGER: no game number is larger
BAD_NUMBER = say("service.bad_number", most=LARGEST_NUMBER)


@dataclass(frozen=True, slots=True)
class PastGame:
    """One line of a list of games: number, title, status and players, all public."""

    game_id: int
    title: str
    status: str
    players: tuple[str, ...]


class Archive(SessionCache):
    """Looks up any started game of a server by number, or a place's latest one."""

    async def pick_game(self, guild_id: int, place_id: int, number: int | None) -> GameInfo | None:
        """The game a viewing command means: game `number` of this server, else this place's
        ongoing game, else its latest started one; None when the place never had one."""
        if number is not None:
            return await self._shown_info(await self._numbered(guild_id, number))
        here = self.game_at(place_id)
        if here is not None:
            return here
        latest = await self.store.records.latest_at(place_id)
        return None if latest is None else await self._shown_info(latest)

    async def _numbered(self, guild_id: int, number: int) -> GameEntry:
        """Game `number` if it is this server's; any other number reads as no game at all."""
        if not 1 <= number <= LARGEST_NUMBER:
            raise GameNotFound(BAD_NUMBER)
        entry = await self.store.records.entry(number)
        if entry is None or entry.guild_id != guild_id:
            raise GameNotFound(say("service.no_game_here", game=number))
        return entry

    def _title(self, game_type: str) -> str:
        try:
            return title_of(self._games(game_type))
        except IllegalAction:
            return game_type[:40]

    async def _shown_info(self, entry: GameEntry) -> GameInfo:
        """The game's picture if there is something to show; else why not, in one sentence."""
        session = self._sessions.get(entry.id)
        if session is not None:
            return self._info(session)
        broken = self._broken.get(entry.id)
        if broken is not None:
            raise broken_refusal(broken)
        if entry.broken is not None:
            raise GameBroken(say("service.broken_abandoned", game=entry.id))
        if not entry.started:
            key = "service.cancelled_early"
            key = key if entry.status == "cancelled" else "service.abandoned_early"
            raise NotStarted(say(key, title=self._title(entry.game_type), game=entry.id))
        session, result = await self._viewable(entry.id)
        view = session.game.view(session.state, None)
        return self._info(session, outcome_of(view, result))

    async def public_log(self, game_id: int) -> list[str]:
        """Every public log line of a started game, oldest first (everyone may read these)."""
        session, _ = await self._viewable(game_id)
        return list(session.game.view(session.state, None)["log"])  # Texts: each reader's words

    async def recent_games(
        self, guild_id: int, *, user_id: int | None = None, number_prefix: str = ""
    ) -> list[PastGame]:
        """Up to 25 started games of a server, newest first (only `user_id`'s, if given),
        whose number starts with `number_prefix`: for choosing a game by number."""
        entries = await self.store.records.recent(
            guild_id, user_id=user_id, number_prefix=number_prefix
        )
        return [
            PastGame(
                e.id,
                self._title(e.game_type),
                e.status,
                tuple(await self.store.records.seated_names(e.id)),
            )
            for e in entries
        ]
