"""Ratings and leaderboards: openskill's Plackett-Luce model over every finished game.

Why Plackett-Luce: it is openskill's model for free-for-all games of any number of players
with a full finishing order and shared places, which is exactly what our games report (2 to 5
seats, ties possible); the team models (Bradley-Terry, Thurstone-Mosteller) compare pairs and
suit team games. Defaults are openskill's (mu 25, sigma 25/3).

What counts [house]: a finished game only (abandoned and cancelled games never); a seat whose
player resigned or timed out ranks last, below every seat still played; each computer level
is one identity ("computer:normal"), so a level has a visible strength. When one identity
holds several seats of a game (two "normal" computers), each seat is rated from the same
prior and the identity keeps the average of the results: one game played, won if any seat won.
The number shown is openskill's conservative ordinal, mu - 3 sigma (0 for a newcomer).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot.engine import AnyGame, IllegalAction
from bot.i18n import say
from bot.service.catalogue import title_of
from bot.service.errors import UnknownGame, database_down_told
from bot.store import GLOBAL, Entrant, NewRating, RatingRow, Store

MODEL = PlackettLuce()
Z = 3.0  # the ordinal's width: mu - Z sigma is the rating shown
TOP = 10  # lines of a leaderboard
SERVER, EVERYWHERE = "this_server", "global"  # choice values; each its own words


def ordinal(mu: float, sigma: float) -> float:
    """The conservative single number a leaderboard shows."""
    return mu - Z * sigma


def rating_places(entrants: Sequence[Entrant]) -> list[int]:
    """Each seat's place for rating: the game's, except that a departed seat ranks last."""
    last = max(e.place for e in entrants) + 1
    return [last if e.departed else e.place for e in entrants]


def rate_entrants(
    entrants: Sequence[Entrant], priors: Mapping[str, tuple[float, float]]
) -> list[NewRating]:
    """New ratings of a finished game's identities from their priors (newcomers at default)."""
    places = rating_places(entrants)
    teams = [[MODEL.rating(*priors.get(e.player, (MODEL.mu, MODEL.sigma)))] for e in entrants]
    rated = MODEL.rate(teams, ranks=[float(p) for p in places])
    best = min(places)
    seen: dict[str, list[tuple[float, float, bool]]] = {}
    for entrant, place, team in zip(entrants, places, rated, strict=True):
        seen.setdefault(entrant.player, []).append((team[0].mu, team[0].sigma, place == best))
    return [
        NewRating(
            player=player,
            mu=sum(r[0] for r in results) / len(results),
            sigma=sum(r[1] for r in results) / len(results),
            won=any(r[2] for r in results),
        )
        for player, results in seen.items()
    ]


@dataclass(frozen=True, slots=True)
class LeaderLine:
    """One line of a leaderboard."""

    rank: int
    name: str
    rating: float
    games: int
    wins: int
    user_id: int | None


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """The top of a game's ratings in a scope, and the caller's own line when not in it."""

    title: str
    scope: str
    lines: tuple[LeaderLine, ...]
    own: LeaderLine | None


def _line(rank: int, row: RatingRow) -> LeaderLine:
    return LeaderLine(rank, row.name, ordinal(row.mu, row.sigma), row.games, row.wins, row.user_id)


@database_down_told
class Ratings:
    """Leaderboards and the admins' rebuild; the rating itself happens at the finishing commit."""

    def __init__(self, store: Store, lookup: Callable[[str], AnyGame]) -> None:
        self.store = store
        self.lookup = lookup

    def _title_of(self, game_type: str) -> str:
        try:
            return title_of(self.lookup(game_type))
        except IllegalAction as error:
            raise UnknownGame(say("service.unknown_game_list", name=game_type[:30])) from error

    async def leaderboard(
        self, guild_id: int, game_type: str, scope: str, user_id: int
    ) -> Leaderboard:
        """The best players of a game in this server (or everywhere) and the caller's rank."""
        title = self._title_of(game_type)
        where = GLOBAL if scope == EVERYWHERE else guild_id
        rows = await self.store.ratings.top(game_type, where, Z, TOP)
        lines = tuple(_line(n, row) for n, row in enumerate(rows, 1))
        own = None
        if all(line.user_id != user_id for line in lines):
            mine = await self.store.ratings.of(game_type, where, f"user:{user_id}")
            if mine is not None:
                own = _line(await self.store.ratings.rank(mine, Z), mine)
        return Leaderboard(title, scope, lines, own)

    async def rebuild(self) -> int:
        """Rate every finished game again from the stored records; how many were rated."""
        return await self.store.ratings.rebuild(rate_entrants)
