"""Leagues for the tests: entrants by id and rating, rounds played by a rule."""

from __future__ import annotations

from collections.abc import Callable

from bot.leagues import Entrant, Format, League, Pairing, Result, Round, next_round, unplayed


def league(
    ratings: dict[int, float],
    format: Format = Format.SWISS,
    rounds: int = 3,
    seed: int = 7,
    players: int = 2,
    fewest: int = 2,
) -> League:
    """A league of the given entrants (id: rating), signed up in id order."""
    entrants = tuple(Entrant(user, rating) for user, rating in sorted(ratings.items()))
    return League(format, rounds, seed, entrants, players, fewest)


def lowest_id_first(pairing: Pairing) -> Result:
    """A result where the smaller id always places better (ties never happen)."""
    ranked = sorted(pairing.seats)
    return Result(tuple(ranked.index(user) + 1 for user in pairing.seats))


def play(
    the_league: League, count: int, rule: Callable[[Pairing], Result] = lowest_id_first
) -> list[Round]:
    """`count` rounds paired by the league and finished by the rule."""
    rounds: list[Round] = []
    for number in range(1, count + 1):
        tables = next_round(the_league, rounds)
        results = tuple(None if p.is_bye else rule(p) for p in tables)
        rounds.append(Round(number, tables, results))
    return rounds


def finished(number: int, tables: list[tuple[tuple[int, ...], tuple[int, ...] | None]]) -> Round:
    """A round written by hand: (seats, places) per table, places None for a bye."""
    pairings = tuple(Pairing(seats) for seats, _ in tables)
    round_ = unplayed(number, pairings)
    for table, (_, places) in enumerate(tables):
        if places is not None:
            round_ = round_.with_result(table, Result(places))
    return round_
