"""A player's reliability (/stats, the lobby): how long they take to move at each pace, and how
many of their latest games they left by a timeout or a resignation.

Read from their latest 50 finished games in the server. A game counts as left when the
automatic player took their seat (resigned or timed out, whether or not someone took it over
later), or when the game ended because they resigned or their time ran out. Time to move is
the time from the move before to theirs, as /stats measures it; the median per pace.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from statistics import median

from bot.service.errors import database_down_told
from bot.store import Store

RECENT = 50  # games looked at
SHOWN_FROM = 5  # the lobby shows a player's figures once they played this many games
_SEAT_ENDINGS = ("resigned_seat", "timed_out_seat")  # game flags naming the seat that ended it


@dataclass(frozen=True, slots=True)
class PlayerReliability:
    """A player's figures over their latest games."""

    games: int
    left: int
    median_move_seconds: Mapping[str, float]  # pace name -> median seconds to move

    @property
    def left_share(self) -> float:
        """The share of the games they left (0 without games)."""
        return self.left / self.games if self.games else 0.0


def _flags(stored: str) -> dict[str, object]:
    """A game's flags; an unreadable column counts as none (it cannot hide the game)."""
    try:
        found = json.loads(stored)
    except (TypeError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def left_game(seat: int, departed: bool, flags: Mapping[str, object]) -> bool:
    """Whether the player left this game: handed to the computer, or ended by their leaving."""
    return departed or any(flags.get(key) == seat for key in _SEAT_ENDINGS)


def move_durations(
    times: Iterable[tuple[int, int | None, str]], user_id: int
) -> dict[int, list[float]]:
    """Per game: the seconds each of the player's moves took since the move before it."""
    taken: dict[int, list[float]] = {}
    before: tuple[int, str] | None = None
    for game_id, mover, at in times:
        if mover == user_id and before is not None and before[0] == game_id:
            spent = (datetime.fromisoformat(at) - datetime.fromisoformat(before[1])).total_seconds()
            taken.setdefault(game_id, []).append(max(spent, 0.0))
        before = (game_id, at)
    return taken


def reliability(
    recent: Sequence[tuple[int, int, bool, str]],
    times: Iterable[tuple[int, int | None, str]],
    user_id: int,
) -> PlayerReliability:
    """The figures from the latest games (game, seat, left, flags) and the moves' times."""
    durations = move_durations(times, user_id)
    per_pace: dict[str, list[float]] = {}
    left = 0
    for game_id, seat, departed, stored in recent:
        flags = _flags(stored)
        left += left_game(seat, departed, flags)
        pace = str(flags.get("pace") or "")
        if pace and durations.get(game_id):
            per_pace.setdefault(pace, []).extend(durations[game_id])
    medians = {pace: median(spent) for pace, spent in sorted(per_pace.items())}
    return PlayerReliability(len(recent), left, medians)


@database_down_told
class Reliability:
    """Players' reliability figures in a server, read from the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def of(self, guild_id: int, user_id: int) -> PlayerReliability:
        """One player's figures over their latest finished games in this server."""
        recent = await self.store.records.recent_seats(guild_id, user_id, RECENT)
        times = await self.store.records.move_times(guild_id, user_id)
        wanted = {game_id for game_id, *_ in recent}
        return reliability(recent, (t for t in times if t[0] in wanted), user_id)

    async def shown_in_lobby(
        self, guild_id: int | None, user_ids: Iterable[int]
    ) -> dict[int, PlayerReliability]:
        """The figures of the people (not computers) who played enough games to show them."""
        if guild_id is None:
            return {}
        found = {}
        for user_id in user_ids:
            if user_id > 0:
                figures = await self.of(guild_id, user_id)
                if figures.games >= SHOWN_FROM:
                    found[user_id] = figures
        return found
