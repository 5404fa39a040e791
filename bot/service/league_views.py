"""The league's standings as the view the standings image and its words are drawn from
(bot.leagues.viewtypes), made from what `Leagues.standings` answers."""

from __future__ import annotations

from collections.abc import Sequence

from bot.leagues.viewtypes import StandingRow, StandingsView
from bot.service.league_values import LeagueInfo, StandingLine


def standings_view(info: LeagueInfo, lines: Sequence[StandingLine]) -> StandingsView:
    """One frozen view of a league's standings: the image, its alt text and the text all read
    it, so they cannot disagree."""
    return StandingsView(
        number=info.id,
        game=info.game_type,
        format=info.format,
        status=info.status,
        round=info.round,
        rounds=info.rounds,
        rows=tuple(
            StandingRow(
                place=line.rank,
                name=line.name,
                points=line.points,
                tiebreaks=line.tiebreaks,
                played=line.played,
                withdrawn=line.withdrawn,
            )
            for line in lines
        ),
    )
