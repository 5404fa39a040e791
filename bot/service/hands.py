"""Hands: what one player may see of a game, and the direct message that shows it to them."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import say
from bot.service.checks import label, player_of
from bot.service.errors import NoHands, NotAPlayer, NotStarted, database_down_told
from bot.service.games import Games
from bot.service.model import Hand
from bot.service.pictures import Pictures, info, outcome_of
from bot.store import ONGOING, Store


@database_down_told
class Hands:
    """Players' hands, and which DM shows each (kept per game while it is in memory)."""

    def __init__(self, games: Games, store: Store, pictures: Pictures) -> None:
        self.games = games
        self.store = store
        self.pictures = pictures
        self._dms: dict[int, dict[int, int | None]] = {}  # game -> user -> hand DM
        games.when_dropped(self._forget)

    def _forget(self, game_id: int) -> None:
        self._dms.pop(game_id, None)

    async def show(self, game_id: int, user_id: int) -> Hand:
        """What one player may see: the public view plus their own secrets (/hand, My hand)."""
        s, result = await self.games.started(game_id)
        named = label(s.game, game_id)
        if not s.game.spec.has_private:
            raise NoHands(say("service.no_hands", title=named))
        if s.player(user_id) is None and s.status not in ONGOING:
            raise NotAPlayer(say("service.not_your_hand", title=named))
        seat = player_of(s, user_id).seat
        if seat is None:
            raise NotStarted(say("service.not_started", title=named))
        async with s.lock:
            view = self.pictures.view(s, seat)
            about = info(s, outcome_of(view, result))
            return self.pictures.hand(s, seat, about, result, view)

    async def message(self, game_id: int, user_id: int) -> int | None:
        """The DM that shows this player's hand in this game (edited in place), if any; read
        once per game in memory, since every hand that changes asks for it."""
        if self.games.held(game_id) is None:  # over: nothing to keep it for
            return await self.store.seats.hand_message(game_id, user_id)
        known = self._dms.setdefault(game_id, {})
        if user_id not in known:
            known[user_id] = await self.store.seats.hand_message(game_id, user_id)
        return known[user_id]

    async def set_message(self, game_id: int, user_id: int, message_id: int | None) -> None:
        """Record the player's hand DM, so later hands (even after a restart) edit it."""
        self._dms.get(game_id, {}).pop(user_id, None)
        await self.store.seats.set_hand_message(game_id, user_id, message_id)
        if self.games.held(game_id) is not None:
            self._dms.setdefault(game_id, {})[user_id] = message_id

    async def set_dm_ok(self, game_id: int, user_id: int, ok: bool) -> None:
        """Record whether DMs to this player work in this game (false after a failed DM)."""
        s = self.games.held(game_id)
        if s is not None:
            player_of(s, user_id)
            players = tuple(replace(p, dm_ok=ok) if p.user_id == user_id else p for p in s.players)
            self.games.put(s, record=s.record._replace(players=players))
        await self.store.seats.set_dm_ok(game_id, user_id, ok)
