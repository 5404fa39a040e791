"""The next round of any league, by its format."""

from __future__ import annotations

from collections.abc import Sequence

from bot.leagues.model import Format, League, Pairing, Result, Round
from bot.leagues.pods import pods_round
from bot.leagues.roundrobin import circle_length, round_robin_round
from bot.leagues.swiss import swiss_round


def planned_rounds(league: League) -> int:
    """How many rounds the league plays: its own count, or a round-robin's full circle."""
    if league.format is Format.ROUND_ROBIN:
        return circle_length(len(league.entrants))
    return league.rounds


def next_round(league: League, rounds: Sequence[Round]) -> tuple[Pairing, ...]:
    """The tables of the round after `rounds`, from the seed and the standings alone."""
    if league.format is Format.ROUND_ROBIN:
        return round_robin_round(league, len(rounds) + 1)
    if league.format is Format.PODS:
        return pods_round(league, rounds)
    return swiss_round(league, rounds)


def forfeit(league: League, pairing: Pairing) -> Result | None:
    """A table with a withdrawn entrant ends before it starts: they lose, the others share the
    win (None when everyone there still plays, or for a bye)."""
    gone = {e.user_id for e in league.entrants if e.withdrawn}
    if pairing.is_bye or not gone & set(pairing.seats):
        return None
    staying = sum(1 for u in pairing.seats if u not in gone)
    return Result(tuple(1 if u not in gone else staying + 1 for u in pairing.seats))
