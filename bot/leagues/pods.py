"""Pods for three- to five-player games: tables of the league's size grouped by standing (by
rating in round one), with tables of one seat less where the numbers do not divide."""

from __future__ import annotations

from collections.abc import Sequence

from bot.leagues.model import League, NotPairable, Pairing, Round
from bot.leagues.seats import seated, seeded_order
from bot.leagues.swiss import ranked


def pod_sizes(count: int, size: int, fewest: int) -> tuple[int, ...]:
    """Table sizes for `count` players: as few tables as possible, each of `size` or one less
    (never below `fewest`), the full ones first."""
    if count < max(fewest, 1) or size < 2:
        raise NotPairable(f"{count} players cannot fill a table of {size}")
    tables = -(-count // size)
    short = tables * size - count
    if short > tables or (short and size - 1 < fewest):
        raise NotPairable(f"{count} players do not split into tables of {size} and {size - 1}")
    return (size,) * (tables - short) + (size - 1,) * short


def pods_round(league: League, rounds: Sequence[Round]) -> tuple[Pairing, ...]:
    """The next round's tables: the standings cut into pods, best pod first."""
    players = ranked(league, rounds)
    sizes = pod_sizes(len(players), league.players, league.fewest)
    order = seeded_order(league, len(rounds) + 1, players)
    tables: list[Pairing] = []
    start = 0
    for size in sizes:
        tables.append(seated(rounds, players[start : start + size], order))
        start += size
    return tuple(tables)
