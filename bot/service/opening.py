"""Opening a game at a place: which game, on which terms, the place held, the host seated.

Both a new /play lobby and a rematch open here; nothing is written until every term is known.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import AnyGame, IllegalAction
from bot.i18n import say
from bot.service.catalogue import title_of
from bot.service.checks import short, title
from bot.service.clock import TurnClocks
from bot.service.computers import platform_options
from bot.service.errors import ChannelBusy, InvalidOptions, UnknownGame
from bot.service.games import Games
from bot.service.model import OWN_THREAD, GameInfo
from bot.service.pace import Pace
from bot.service.pictures import info
from bot.store import PlaceTaken, Store


def new_seed() -> int:
    """A fresh random 63-bit seed for a new game (stored with it)."""
    return random.SystemRandom().getrandbits(63)


class Openings:
    """Creates lobbies for the lobby feature (a new game, or a rematch of one)."""

    def __init__(self, games: Games, store: Store, clocks: TurnClocks) -> None:
        self.games = games
        self.store = store
        self.clocks = clocks

    def engine(self, game_type: str) -> AnyGame:
        """The game type's engine, or the refusal naming an unknown game."""
        try:
            return self.games.lookup(game_type)
        except IllegalAction as error:
            raise UnknownGame(say("service.unknown_game", name=short(game_type, 30))) from error

    async def busy(self, place_id: int) -> ChannelBusy:
        """The refusal for a place that has a game already, naming that game."""
        here = self.games.at(place_id)
        row = None
        if here is None:
            row = await self.store.games.ongoing_at(place_id)
        game_id = here.game_id if here is not None else (row.id if row is not None else 0)
        status = here.status if here else (row.status if row else "lobby")
        named = title(here) if here else say("service.game", game=game_id)
        key = "service.busy.lobby" if status == "lobby" else "service.busy.active"
        return ChannelBusy(say(key, title=named), game_id)

    async def create(
        self,
        game: AnyGame,
        *,
        guild_id: int | None,
        channel_id: int,
        thread_id: int | None,
        players: Sequence[tuple[int, str]],
        options: Mapping[str, str],
        pace: str,
        own_thread: bool = False,
        extra: Mapping[str, str] | None = None,
    ) -> GameInfo:
        """A new lobby at the place with `players` seated (the first hosts), or ChannelBusy."""
        place = thread_id if thread_id is not None else channel_id
        if self.games.at(place) is not None:
            raise await self.busy(place)
        try:
            row = await self.store.games.create(
                game_type=game.spec.id,
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=thread_id,
                host_id=players[0][0],
                players=players,
                seed=new_seed(),
                options=options,
                flags={
                    "pace": pace,
                    **({"thread": OWN_THREAD} if own_thread else {}),
                    **(extra or {}),
                },
            )
        except PlaceTaken:
            raise await self.busy(place) from None
        return info(await self.games.hold_new(row))

    async def terms(
        self,
        guild_id: int | None,
        game_type: str,
        options: Mapping[str, object] | None,
        pace: str | None,
    ) -> tuple[AnyGame, dict[str, Any], Pace, dict[str, str]]:
        """The game, its resolved options, its pace and the platform's flags (hints=off), or
        the refusal; nothing is written. Platform options never reach the engine."""
        game = self.engine(game_type)
        chosen = await self.clocks.pace_for(guild_id, pace)
        given = dict(options or {})
        try:
            extra = platform_options(given)
            resolved = game.spec.resolve_options(given)
        except IllegalAction as error:
            why = say("service.bad_options", title=title_of(game), why=error.args[0])
            raise InvalidOptions(why) from error
        return game, dict(resolved), chosen, extra
