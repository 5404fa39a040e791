"""What the ladder plays: every pair of kinds, seat-swapped, and how one game scores a pair.

A pair (a, b) at an N-seat table alternates its kinds around the table (a, b, a, ...), and
every game is played twice on the same seed, the second time with the kinds swapped, so
neither kind keeps the first move or the luck of a deal. A game scores each side its share of
the seat-against-seat comparisons: an a-seat placed better than a b-seat wins that
comparison, an equal place draws it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

CHEAP = frozenset({"random", "greedy", "easy"})  # kinds that decide in milliseconds


@dataclass(frozen=True)
class Budget:
    """Games per pair and table size: `games` for a pair with a costly level, else `cheap`."""

    games: int = 2
    cheap: int = 8

    def games_for(self, pair: tuple[str, str]) -> int:
        """An even number of games (seat-swapped twins) for this pair."""
        wanted = self.cheap if set(pair) <= CHEAP else self.games
        return max(2, wanted + wanted % 2)


@dataclass(frozen=True)
class Match:
    """One game of the ladder: the kind at each seat and the seed."""

    seats: tuple[str, ...]
    seed: int


def seats_for(pair: tuple[str, str], players: int, swapped: bool) -> tuple[str, ...]:
    """The pair's kinds alternating around the table, the second first when `swapped`."""
    first, second = (pair[1], pair[0]) if swapped else pair
    return tuple(first if seat % 2 == 0 else second for seat in range(players))


def matches(
    kinds: Sequence[str], players: int, budget: Budget, seed: int
) -> Iterator[tuple[tuple[str, str], Match]]:
    """Every pair's games at one table size, twins in a row on seeds seed, seed+1, ..."""
    for pair in combinations(kinds, 2):
        for number in range(budget.games_for(pair)):
            yield pair, Match(seats_for(pair, players, number % 2 == 1), seed + number // 2)


def pair_score(seats: Sequence[str], places: Sequence[int], pair: tuple[str, str]) -> float:
    """The first kind's share of the comparisons of its seats with the other kind's seats."""
    mine = [place for kind, place in zip(seats, places, strict=True) if kind == pair[0]]
    theirs = [place for kind, place in zip(seats, places, strict=True) if kind == pair[1]]
    if not mine or not theirs:
        raise ValueError(f"seats {seats} do not hold both of {pair}")
    total = 0.0
    for a in mine:
        for b in theirs:
            total += 1.0 if a < b else 0.5 if a == b else 0.0
    return total / (len(mine) * len(theirs))
