"""The public facts behind a game page's player summaries and a league's page (issue 28).

A player summary is reached through a game page's own token and a seat number, never a user
id: the seat's player as the table names them, and their record in this game on this server as
/stats and /leaderboard show it (games, wins, rating and rank, average score, time to move,
streak). A league's page is its standings (with the tie-breaks) and its rounds: each table's
players by the names they signed up with, its places once played, and its game's page where
that page is on. Nothing here carries a user id out.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.leagues.view import StandingsView
from bot.service.catalogue import title_of
from bot.service.games import Games
from bot.service.leagues import Leagues
from bot.service.model import Player
from bot.service.ratings import Z, ordinal
from bot.service.stats import GameStats, game_stats
from bot.store import Store
from bot.store.ratings import identity
from bot.store.web import GAME

PLAYED = ("active", "finished", "abandoned")  # games with seats and moves: a page to show


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One seat's player and their record of this game on this server (None: no finished
    game yet; a computer player's is its level's rating line)."""

    game_id: int
    game_type: str
    title: str  # the game's title, a message
    seat: int
    name: str  # as the table shows it (a computer player as its level's words, a message)
    computer: bool
    record: GameStats | None
    rating: float | None
    rank: int | None


@dataclass(frozen=True, slots=True)
class LeagueTable:
    """One table of a round: the players in seat order, their places once played, the game's
    number and its page's token where the page is on."""

    position: int
    names: tuple[str, ...]
    places: tuple[int, ...] | None
    bye: bool
    game_id: int | None
    page: str | None


@dataclass(frozen=True, slots=True)
class LeagueRoundPage:
    """One round: its number, whether it has ended, its tables."""

    number: int
    ended: bool
    tables: tuple[LeagueTable, ...]


@dataclass(frozen=True, slots=True)
class LeaguePage:
    """A league's page: its game's title, its status, the standings and every round."""

    title: str
    status: str
    pace: str
    standings: StandingsView
    rounds: tuple[LeagueRoundPage, ...]


async def player_summary(
    games: Games, store: Store, game_id: int, seat: int
) -> PlayerSummary | None:
    """The summary of a seat of a played game, or None (no such seat, or a game never played)."""
    row = await store.games.get(game_id)
    if row is None or row.status not in PLAYED or row.broken is not None:
        return None
    taken = [s for s in await store.seats.of(game_id) if s.seat == seat]
    if not taken:
        return None
    s, guild = taken[0], row.guild_id or 0
    player = Player(s.user_id, s.display_name, s.join_order, s.seat, level=s.level)
    found = await store.ratings.of(row.game_type, guild, identity(s.user_id, s.level, None))
    rating = None if found is None else ordinal(found.mu, found.sigma)
    rank = None if found is None else await store.ratings.rank(found, Z)
    if player.computer:
        record = None if found is None else _level_record(row.game_type, found.games, found.wins)
    else:
        played = await store.records.played_seats(guild, s.user_id)
        times = await store.records.move_times(guild, s.user_id)
        mine = [r for r in game_stats(played, times, s.user_id) if r.game_type == row.game_type]
        record = mine[0] if mine else None
    title = title_of(games.lookup(row.game_type))
    return PlayerSummary(
        game_id,
        row.game_type,
        title,
        seat,
        player.shown_name,
        player.computer,
        record,
        rating,
        rank,
    )


def _level_record(game_type: str, games: int, wins: int) -> GameStats:
    """A computer level's record: its rating line's games and wins (it has no /stats)."""
    return GameStats(game_type, games, wins, None, None, 0, None)


async def league_page(games: Games, leagues: Leagues, store: Store, league_id: int) -> LeaguePage:
    """A league's standings and rounds (game pages linked only where they are on)."""
    row = await store.leagues.get(league_id)
    assert row is not None  # a live league page's league (leagues are never deleted)
    standings = await leagues.standings(league_id, row.guild_id)
    names = {e.user_id: e.display_name for e in await store.leagues.entrants(league_id)}
    rounds = []
    for r in await store.leagues.rounds(league_id):
        tables = []
        for t in r.tables:
            page = None if t.game_id is None else await store.web.live(GAME, t.game_id)
            tables.append(
                LeagueTable(
                    t.position,
                    tuple(names.get(user, "?") for user in t.seats),
                    t.places,
                    len(t.seats) == 1,
                    t.game_id,
                    None if page is None else page.token,
                )
            )
        rounds.append(LeagueRoundPage(r.number, r.ended_at is not None, tuple(tables)))
    title = title_of(games.lookup(row.game_type))
    return LeaguePage(title, row.status, row.pace, standings, tuple(rounds))
