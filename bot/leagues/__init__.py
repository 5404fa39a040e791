"""Leagues and tournaments (issue 26), the pure half: pairing and scoring from a league's seed,
entrants and finished rounds; nothing here touches Discord, the store or the service."""

from bot.leagues.model import (
    Entrant,
    Format,
    League,
    NotPairable,
    Pairing,
    Result,
    Round,
    unplayed,
)
from bot.leagues.pairing import forfeit, next_round, planned_rounds
from bot.leagues.pods import pod_sizes
from bot.leagues.roundrobin import schedule
from bot.leagues.scores import Standing, place_points, points_text, standings

__all__ = [
    "Entrant",
    "Format",
    "League",
    "NotPairable",
    "Pairing",
    "Result",
    "Round",
    "Standing",
    "forfeit",
    "next_round",
    "place_points",
    "planned_rounds",
    "pod_sizes",
    "points_text",
    "schedule",
    "standings",
    "unplayed",
]
