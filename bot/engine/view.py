"""The typed shape of every view, and what the platform shows beside one.

A view is JSON a game builds for one viewer. The public view (seat None) is what everyone may
see. A seat's view is exactly the public view plus `seat` and `private`: every secret of that
seat lives under `private` and nowhere else, so one mechanism strips them (the conformance
suite checks it). Games extend `View` with their own keys and `SeatView` with their own
`private` type; renderers read those game types.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar

from bot.i18n import ENGLISH, from_json, say, words

P = TypeVar("P")
RESULT_WORDS = "words"  # the key of a stored result holding the messages behind its words

PUBLIC_KEYS = ("game", "players", "seats", "first_player", "to_move", "prompt", "log", "outcome")
SEAT_KEYS = ("seat", "private")


class OutcomeView(TypedDict):
    """A finished game's result as JSON (Outcome.to_dict)."""

    scores: list[int]
    ranking: list[int]
    winners: list[int]
    reason: str
    summary: str
    breakdown: list[str]


class View(TypedDict):
    """What every view has: the game, its seats, whose turn, the prompt, the log, the result."""

    game: str
    players: int
    seats: list[str]
    first_player: int
    to_move: int | None
    prompt: str  # what the seat to move must decide now, in words; the result once over
    log: list[str]  # public lines only; a seat's private lines are under `private`
    outcome: OutcomeView | None


class SeatView(View, Generic[P]):
    """One seat's view: the public view plus whose it is and that seat's secrets."""

    seat: int
    private: P


def is_seat_view(view: Mapping[str, Any]) -> bool:
    """Whether a view was drawn for one seat (it carries that seat's secrets)."""
    return "private" in view


def public_part(view: Mapping[str, Any]) -> dict[str, Any]:
    """The view without a seat's additions: equal to the public view by contract."""
    return {key: value for key, value in view.items() if key not in SEAT_KEYS}


@dataclass(frozen=True, slots=True)
class ViewContext:
    """What the platform adds beside a game's view; the service never writes into a view.

    `names` are the players' display names by seat, `status` the game's status (lobby, active,
    finished, cancelled, abandoned), `result` the result the platform decided when the engine
    did not (a resignation), `language` the catalogue the image's words are drawn in (the
    server's for boards, the reader's for hands); renderers and cogs read these from here.
    """

    names: tuple[str, ...] = ()
    status: str = "active"
    result: OutcomeView | None = None
    language: str = ENGLISH

    def outcome(self, view: View) -> OutcomeView | None:
        """The result to show (the platform's when it ended the game, else the engine's), its
        summary and breakdown in the context's language."""
        shown = self.result if self.result is not None else view["outcome"]
        if shown is None:
            return None
        said = shown.get(RESULT_WORDS)
        if isinstance(said, dict):  # a stored result keeps its messages beside the English
            summary, lines = from_json(said.get("summary")), said.get("breakdown", [])
            breakdown = [from_json(line) for line in lines]
        else:
            summary, breakdown = shown["summary"], list(shown["breakdown"])
        return {
            **shown,
            "summary": self.words(summary),
            "breakdown": [self.words(line) for line in breakdown],
        }

    def words(self, value: object) -> str:
        """A message from the view (a prompt, a log line) in the context's language."""
        return words(value, self.language)

    def say(self, key: str, /, **params: object) -> str:
        """An image label in the context's language (ids live in the `table` catalogue)."""
        return words(say(key, **params), self.language)

    def name(self, seat: int, seats: Sequence[str]) -> str:
        """How to call a seat: the player's name, else the game's seat name."""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.words(self.names[seat])
        return self.words(seats[seat]) if 0 <= seat < len(seats) else f"seat {seat + 1}"
