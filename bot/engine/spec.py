"""Static descriptions of games and their results, shared by every game and the platform."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine.errors import IllegalAction
from bot.engine.view import OutcomeView


@dataclass(frozen=True)
class OptionSpec:
    """One lobby option of a game (a variant switch), with its allowed values and default."""

    name: str
    description: str
    choices: tuple[str, ...]
    default: str


@dataclass(frozen=True)
class GameSpec:
    """What the lobby and help need to know about a game before any state exists."""

    id: str
    title: str
    min_players: int
    max_players: int
    max_plies: int
    seat_names: tuple[str, ...]
    options: tuple[OptionSpec, ...] = ()
    summary: str = ""
    # False: no seat ever sees more than the public view (every private part stays empty), so
    # there is no hand to send or show.
    has_private: bool = True

    def resolve_options(self, given: Mapping[str, object] | None) -> dict[str, str]:
        """Fill in defaults and reject unknown names or values before they reach a game."""

        given = dict(given or {})
        resolved: dict[str, str] = {}
        for option in self.options:
            value = str(given.pop(option.name, option.default))
            if value not in option.choices:
                raise IllegalAction(f"{option.name} must be one of {', '.join(option.choices)}.")
            resolved[option.name] = value
        if given:
            raise IllegalAction(f"{self.title} has no option {', '.join(sorted(given))}.")
        return resolved

    def check_players(self, players: int) -> None:
        """Refuse a seat count the game is not made for."""

        if not self.min_players <= players <= self.max_players:
            raise IllegalAction(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {players}."
            )


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game, with enough detail to check it by hand."""

    scores: tuple[int, ...]
    ranking: tuple[int, ...]  # place per seat: 1 is first; equal places are a shared rank
    reason: str  # a short word a simulator can count, e.g. "favour", "points", "tie-break"
    summary: str  # one sentence a player reads
    breakdown: tuple[str, ...] = field(default=())  # one line per seat (or more), plain words

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat ranked first."""
        return tuple(seat for seat, place in enumerate(self.ranking) if place == 1)

    def to_dict(self) -> OutcomeView:
        """JSON form for storage and views."""
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winners": list(self.winners),
            "reason": self.reason,
            "summary": self.summary,
            "breakdown": list(self.breakdown),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """Inverse of to_dict."""
        return cls(
            scores=tuple(data["scores"]),
            ranking=tuple(data["ranking"]),
            reason=str(data["reason"]),
            summary=str(data["summary"]),
            breakdown=tuple(data["breakdown"]),
        )


def ranking_from_keys(keys: list[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3 …) from per-seat sort keys where higher is better."""
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
