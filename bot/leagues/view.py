"""The standings as a picture or a message shows them: a typed, frozen view with no store,
service or Discord in it, so a renderer is a pure function of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.leagues.model import Format
from bot.leagues.scores import Standing, points_text

# The tie-breaks' keys, in the order they count (a renderer or message words them).
TWO_PLAYER_BREAKS = ("buchholz", "sonneborn-berger")
POD_BREAKS = ("opponents",)


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One entrant's line: shared places are equal, points and tie-breaks as read ("2½")."""

    place: int
    user_id: int
    name: str
    points: str
    tiebreaks: tuple[str, ...]  # aligned with StandingsView.tiebreaks
    games: int  # games with a result, a bye counting as one
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class StandingsView:
    """A league's standings after its latest round: what the image and the text both show."""

    league: int  # the league's number
    game: str  # the game's id ("iliad")
    format: str  # "swiss", "round-robin" or "pods"
    round: int  # the latest round opened (0 before the start)
    rounds: int  # rounds planned
    finished: bool
    tiebreaks: tuple[str, ...]  # TWO_PLAYER_BREAKS or POD_BREAKS
    rows: tuple[StandingsRow, ...]  # best first
    cancelled: bool = False  # its organiser ended it early: these standings stay as they are
    name: str | None = None  # the name it was given; None: it is called by its number


def breaks_of(format: str) -> tuple[str, ...]:
    """The tie-break keys of a league's format."""
    return POD_BREAKS if format == Format.PODS.value else TWO_PLAYER_BREAKS


def standings_rows(table: Sequence[Standing], names: Mapping[int, str]) -> tuple[StandingsRow, ...]:
    """The core's standings as rows, each entrant by the name they signed up with."""
    return tuple(
        StandingsRow(
            s.rank,
            s.user_id,
            names.get(s.user_id, str(s.user_id)),
            points_text(s.points),
            tuple(points_text(b) for b in s.tiebreaks),
            s.played,
            s.withdrawn,
        )
        for s in table
    )
