"""The typed shape of a league's standings as the image and the words show them: built by the
league feature from the pure core's standings, read by rendering/leagues (which may import
nothing else of the project's rules). Every figure is already written as a player reads it."""

from __future__ import annotations

from dataclasses import dataclass

TWO_PLAYER_BREAKS = ("buchholz", "berger")  # 2-player leagues: Buchholz, then Sonneborn-Berger
POD_BREAKS = ("opponents",)  # pods: the sum of the opponents' points


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One entrant's line: place (shared when points and tie-breaks are equal), their name as
    the table shows it, points and tie-breaks as written ("2½"), games played (a bye is one)."""

    place: int
    name: str
    points: str
    tiebreaks: tuple[str, ...]
    played: int
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class StandingsView:
    """A league's standings at one moment: which league, how far it has got, every entrant
    best first. `format` is "swiss", "round-robin" or "pods"; `status` is the league's
    ("signup", "running", "finished", "cancelled"); `name` is empty for a league known by
    its number only."""

    number: int
    game: str  # the game's id: its title is said in the reader's language
    format: str
    status: str
    round: int  # the latest round opened (0 before the start)
    rounds: int  # the rounds planned
    rows: tuple[StandingRow, ...]
    name: str = ""

    @property
    def breaks(self) -> tuple[str, ...]:
        """The tie-break columns, in the order they count."""
        return POD_BREAKS if self.format == "pods" else TWO_PLAYER_BREAKS

    @property
    def over(self) -> bool:
        """The last round has ended: the podium is final."""
        return self.status == "finished"
