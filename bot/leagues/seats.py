"""What every pairing method shares: the seeded order of equals, who met whom, and which of a
table's players takes the first seat (the one who had it least so far)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from bot.leagues.model import League, Pairing, Round


def seeded_order(league: League, number: int, users: Iterable[int]) -> dict[int, int]:
    """A position per user, shuffled by the league's seed and the round: the last tie-break,
    the same on every replay (a string seed is hashed by SHA-512, not by Python's hash)."""
    shuffled = sorted(users)
    random.Random(f"league:{league.seed}:round:{number}").shuffle(shuffled)
    return {user: position for position, user in enumerate(shuffled)}


def met(rounds: Sequence[Round]) -> frozenset[frozenset[int]]:
    """Every pair of entrants who have sat at one table."""
    return frozenset(
        frozenset((a, b))
        for played in rounds
        for pairing in played.pairings
        for a in pairing.seats
        for b in pairing.seats
        if a != b
    )


def byes(rounds: Sequence[Round]) -> frozenset[int]:
    """Entrants who have had a bye."""
    return frozenset(p.seats[0] for played in rounds for p in played.pairings if p.is_bye)


def seat_balance(rounds: Sequence[Round], user: int) -> tuple[int, int]:
    """(first seats minus other seats, the round they last sat first or -1): lower goes first."""
    balance, last_first = 0, -1
    for played in rounds:
        for pairing in played.pairings:
            if pairing.is_bye or user not in pairing.seats:
                continue
            if pairing.seats[0] == user:
                balance, last_first = balance + 1, played.number
            else:
                balance -= 1
    return balance, last_first


def seated(rounds: Sequence[Round], players: Sequence[int], order: dict[int, int]) -> Pairing:
    """A table with the first seat to whoever had it least (then longest ago, then the seeded
    order); the others keep the order they were grouped in."""
    first = min(players, key=lambda user: (*seat_balance(rounds, user), order[user]))
    return Pairing((first, *(user for user in players if user != first)))
