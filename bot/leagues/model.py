"""A league's typed values: who plays, how rounds are paired, who met whom and how it ended."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Format(StrEnum):
    """How a league pairs its rounds (issue 26 §2)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    PODS = "pods"


class NotPairable(ValueError):
    """The entrants cannot be paired as the league asks (too few, or pods that do not fit)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player signed up: their rating orders round one; a withdrawn one is paired no more."""

    user_id: int
    rating: float = 0.0
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class League:
    """What pairing and scoring need of a league: its format, length, seed and entrants."""

    format: Format
    rounds: int
    seed: int
    entrants: tuple[Entrant, ...]
    players: int = 2  # seats per game: 2 for Swiss and round-robin, the pod size for pods
    fewest: int = 2  # the game's smallest table: a short pod never goes below it

    def entrant(self, user_id: int) -> Entrant:
        """The entrant with that id (KeyError for a stranger: a caller's bug)."""
        for entrant in self.entrants:
            if entrant.user_id == user_id:
                return entrant
        raise KeyError(user_id)

    def active(self) -> tuple[Entrant, ...]:
        """Entrants still playing, in sign-up order."""
        return tuple(e for e in self.entrants if not e.withdrawn)


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of a round: user ids in seat order (first seat first); one seat is a bye."""

    seats: tuple[int, ...]

    @property
    def is_bye(self) -> bool:
        """A bye: the entrant sits out and scores a win."""
        return len(self.seats) == 1


@dataclass(frozen=True, slots=True)
class Result:
    """How a table ended: each seat's place (1 is first), aligned with the pairing's seats;
    equal places are shared (a 2-player draw is (1, 1))."""

    places: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Round:
    """A round's tables and, where a table has ended, its result (None while it plays)."""

    number: int
    pairings: tuple[Pairing, ...]
    results: tuple[Result | None, ...]

    def finished(self) -> bool:
        """Every table has a result (a bye needs none)."""
        return all(
            r is not None or p.is_bye for p, r in zip(self.pairings, self.results, strict=True)
        )

    def with_result(self, table: int, result: Result) -> Round:
        """This round with one table's result set (tables count from 0)."""
        results = list(self.results)
        results[table] = result
        return Round(self.number, self.pairings, tuple(results))


def unplayed(number: int, pairings: tuple[Pairing, ...]) -> Round:
    """A round just paired: no table has a result yet."""
    return Round(number, pairings, tuple(None for _ in pairings))
