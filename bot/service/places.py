"""Where games are played: the game of a channel or thread, a server's games, a player's games.

Everything here is read from memory (ongoing games, and those that could not be loaded).
"""

from __future__ import annotations

from bot.service.games import Games
from bot.service.model import GameInfo
from bot.service.pictures import broken_info, info
from bot.store import ONGOING


class Places:
    """Ongoing games by place, server and player, as lists and buttons show them."""

    def __init__(self, games: Games) -> None:
        self.games = games

    def game_at(self, place_id: int) -> GameInfo | None:
        """The ongoing game in this channel or thread, if any."""
        s = self.games.at(place_id)
        return None if s is None else info(s)

    def in_threads_of(self, channel_id: int) -> list[GameInfo]:
        """The ongoing games played in threads of this channel, oldest first."""
        return [
            info(s)
            for s in self.games.ongoing()
            if s.record.channel_id == channel_id and s.record.thread_id is not None
        ]

    def guild_games(self, guild_id: int) -> list[GameInfo]:
        """Every ongoing game of a server (lobbies too), oldest first, with whose turn it is.

        Games that could not be loaded are listed too, with status "broken".
        """
        ongoing = [
            info(s)
            for s in self.games.ongoing()
            if s.record.guild_id == guild_id and s.status in ONGOING
        ]
        broken = [
            broken_info(b, self.games.lookup)
            for b in self.games.broken_games()
            if b.guild_id == guild_id
        ]
        return sorted(ongoing + broken, key=lambda found: found.game_id)

    def my_games(self, guild_id: int, user_id: int) -> list[GameInfo]:
        """Every ongoing game of this server where the user has a place, oldest first."""
        return [
            info(s)
            for s in self.games.ongoing()
            if s.record.guild_id == guild_id and s.player(user_id) is not None
        ]

    def broken_at(self, place_id: int) -> GameInfo | None:
        """The newest game of this channel or thread that could not be loaded, if any."""
        here = [b for b in self.games.broken_games() if b.place_id == place_id]
        return None if not here else broken_info(max(here, key=lambda b: b.id), self.games.lookup)

    def ongoing_count(self) -> int:
        """How many games are held in memory."""
        return self.games.count()
