"""What the league feature hands to cogs, and how stored rows become the pure core's values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.i18n import say
from bot.leagues import Entrant, Format, League, Pairing, Result, Round, Standing
from bot.leagues.view import StandingsRow, StandingsView, breaks_of, standings_rows
from bot.service.errors import ServiceError
from bot.store.leagues import LeagueEntrantRow, LeagueRoundRow, LeagueRow

LONGEST_NAME = 60
UNSAFE = set("@<>`*_~|\\")  # no mentions, channel links or Markdown in a name shown everywhere


class LeagueRefused(ServiceError):
    """A league request refused: the message says why, nothing was changed."""


def named(name: str | None) -> str | None:
    """A league's name as given, spaces tidied (None for none); refused when empty, too long,
    or holding characters that would mention, link or format in Discord."""
    if name is None:
        return None
    tidy = " ".join(name.split())
    if not 1 <= len(tidy) <= LONGEST_NAME or UNSAFE & set(tidy) or not tidy.isprintable():
        raise LeagueRefused(say("league.bad_name", most=LONGEST_NAME))
    return tidy


@dataclass(frozen=True, slots=True)
class Entered:
    """One entrant as the league message lists them."""

    user_id: int
    name: str
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class LeagueInfo:
    """A league as cogs show it: its terms, its entrants, how far it has got."""

    id: int
    name: str | None  # None: called by its number
    guild_id: int
    channel_id: int
    message_id: int | None
    organiser_id: int
    game_type: str
    format: str
    rounds: int
    players: int
    pace: str
    status: str
    signup_until: str | None
    entrants: tuple[Entered, ...]
    round: int  # the latest round opened (0 before the start)


@dataclass(frozen=True, slots=True)
class TableToOpen:
    """A table whose game the cog opens in its own thread: players in seat order."""

    league_id: int
    round: int
    position: int
    game_type: str
    pace: str
    options: dict[str, Any]
    players: tuple[tuple[int, str], ...]

    @property
    def key(self) -> str:
        """What its game's flags carry, so a game opened but never recorded is found again."""
        return f"{self.league_id}:{self.round}:{self.position}"


@dataclass(frozen=True, slots=True)
class Progress:
    """What changed in a league on its own: a round opened (tables to open, byes), it ended
    (the podium), or it could not start at its deadline (waiting)."""

    info: LeagueInfo
    tables: tuple[TableToOpen, ...] = ()
    byes: tuple[str, ...] = ()
    podium: tuple[StandingsRow, ...] = ()
    waiting: bool = False  # its sign-up deadline passed with too few entrants to pair

    @property
    def finished(self) -> bool:
        """The last round has ended: the result message names the podium."""
        return self.info.status == "finished"


def info_of(
    row: LeagueRow, entrants: Sequence[LeagueEntrantRow], rounds: int, planned: int
) -> LeagueInfo:
    """The league as cogs see it."""
    return LeagueInfo(
        id=row.id,
        name=row.name,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        message_id=row.message_id,
        organiser_id=row.organiser_id,
        game_type=row.game_type,
        format=row.format,
        rounds=planned,
        players=row.players,
        pace=row.pace,
        status=row.status,
        signup_until=row.signup_until,
        entrants=tuple(Entered(e.user_id, e.display_name, e.withdrawn) for e in entrants),
        round=rounds,
    )


def core_league(row: LeagueRow, entrants: Sequence[LeagueEntrantRow], fewest: int) -> League:
    """The pure core's league from its rows."""
    return League(
        Format(row.format),
        row.rounds,
        row.seed,
        tuple(Entrant(e.user_id, e.rating, e.withdrawn) for e in entrants),
        row.players,
        fewest,
    )


def core_rounds(rows: Sequence[LeagueRoundRow]) -> list[Round]:
    """The pure core's rounds from their rows (a table without places plays on)."""
    return [
        Round(
            r.number,
            tuple(Pairing(t.seats) for t in r.tables),
            tuple(None if t.places is None else Result(t.places) for t in r.tables),
        )
        for r in rows
    ]


def standings_view(
    info: LeagueInfo, table: Sequence[Standing], names: Mapping[int, str]
) -> StandingsView:
    """The standings as the image and the message show them."""
    return StandingsView(
        league=info.id,
        game=info.game_type,
        format=info.format,
        round=info.round,
        rounds=info.rounds,
        finished=info.status == "finished",
        cancelled=info.status == "cancelled",
        name=info.name,
        tiebreaks=breaks_of(info.format),
        rows=standings_rows(table, names),
    )


def exported(info: LeagueInfo, rounds: Sequence[LeagueRoundRow]) -> dict[str, Any]:
    """`/league export`: entrants, rounds, pairings, game numbers and results as JSON."""
    return {
        "league": info.id,
        "name": info.name,
        "game": info.game_type,
        "format": info.format,
        "rounds_planned": info.rounds,
        "players_per_game": info.players,
        "pace": info.pace,
        "status": info.status,
        "entrants": [
            {"user_id": e.user_id, "name": e.name, "withdrawn": e.withdrawn} for e in info.entrants
        ],
        "rounds": [
            {
                "round": r.number,
                "opened_at": r.opened_at,
                "ended_at": r.ended_at,
                "tables": [
                    {
                        "seats": list(t.seats),
                        "bye": len(t.seats) == 1,
                        "game": t.game_id,
                        "places": None if t.places is None else list(t.places),
                    }
                    for t in r.tables
                ],
            }
            for r in rounds
        ],
    }
