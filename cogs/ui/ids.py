"""The custom_id scheme: each kind of component declares its id's fields once, as a dataclass.

An id reads `sy:<kind>:<field>:<field>…`. An `int` field is ASCII digits (int() would also read
other scripts' digits), read once and refused past sqlite's INTEGER as a player's error, not a
crash; a `Literal` field is one of its words; a `str` field, always the last, is the rest of the
id (an action code). From one declaration come the template discord.py matches, the custom_id a
component carries and the typed fields a click is read into. The ids are the same bytes as
before this scheme, so buttons on messages posted long ago still work.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Literal, TypeVar, get_args, get_origin, get_type_hints

from bot.i18n import say
from bot.service import ServiceError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

PREFIX = "sy"
DIGITS = "[0-9]+"
REST = r"[^\s]+"
LARGEST = 2**63 - 1  # sqlite's INTEGER; no game number, version or page of ours is larger
NO_LONGER_WORKS = say("table.no_longer_works")


class BadComponent(ServiceError):
    """A custom_id or component no button of ours could have sent; told, never logged."""

    def __init__(self) -> None:
        super().__init__(NO_LONGER_WORKS)


def number(text: str) -> int:
    """One number of a matched custom_id, or BadComponent when no id of ours could hold it."""
    value = int(text)
    if value > LARGEST:
        raise BadComponent()
    return value


@dataclass(frozen=True)
class Part:
    """One field of an id: its name (the template's group), what it matches, how it is read."""

    name: str
    pattern: str
    read: Callable[[str], object]


def part(name: str, kind: object, last: bool) -> Part:
    """The part for a field typed `kind`; TypeError for a type no id can carry."""
    if kind is int:
        return Part(name, DIGITS, number)
    if kind is str and last:
        return Part(name, REST, str)
    if get_origin(kind) is Literal:
        return Part(name, "|".join(re.escape(word) for word in get_args(kind)), str)
    raise TypeError(f"id field {name}: an int, a Literal of words, or a str as the last field")


Key = TypeVar("Key", bound="DataclassInstance")


class IdScheme(Generic[Key]):
    """One kind of custom_id, made from the frozen dataclass `key` of its fields."""

    def __init__(self, kind: str, key: type[Key]) -> None:
        fields = dataclasses.fields(key)
        hints = get_type_hints(key)
        self.kind = kind
        self.key = key
        self._build: Callable[..., Key] = key
        self.parts = tuple(
            part(f.name, hints[f.name], n == len(fields) - 1) for n, f in enumerate(fields)
        )
        groups = (f"(?P<{p.name}>{p.pattern})" for p in self.parts)
        self.template = re.compile(":".join((PREFIX, kind, *groups)))

    def custom_id(self, key: Key) -> str:
        """The custom_id carrying these fields."""
        if not isinstance(key, self.key):
            raise TypeError(f"a {self.key.__name__} id cannot carry {key!r}")
        return ":".join((PREFIX, self.kind, *(str(getattr(key, p.name)) for p in self.parts)))

    def parse(self, match: re.Match[str]) -> Key:
        """The fields of a custom_id the template matched, typed; BadComponent if out of range."""
        return self._build(**{p.name: p.read(match[p.name]) for p in self.parts})

    def read(self, custom_id: str) -> Key | None:
        """The fields of a custom_id of this kind, or None for any other id."""
        match = self.template.fullmatch(custom_id)
        return None if match is None else self.parse(match)


# -- every kind of id, declared once -----------------------------------------------------------

LobbyVerb = Literal["join", "leave", "start", "cancel"]
YesNo = Literal["yes", "no"]
VoteChoice = Literal["wait", "skip", "computer", "end"]
Way = Literal["back", "next"]
VOTE_CHOICES: tuple[VoteChoice, ...] = get_args(VoteChoice)


@dataclass(frozen=True)
class MoveId:
    """A move button: pressing it plays `code` if the board is still at `version`."""

    game: int
    version: int
    code: str


@dataclass(frozen=True)
class PickId:
    """A select menu of moves (page `page`); the chosen option's value is the action code."""

    game: int
    version: int
    page: int


@dataclass(frozen=True)
class TurnId:
    """'Your move': opens the mover's private choices when they would reveal a hand."""

    game: int
    version: int


@dataclass(frozen=True)
class HandId:
    """'My hand': shows the caller's private view."""

    game: int


@dataclass(frozen=True)
class LobbyId:
    """Join / Leave / Start / Cancel on a lobby message."""

    game: int
    verb: LobbyVerb


@dataclass(frozen=True)
class RematchId:
    """Rematch: a new lobby with the same players."""

    game: int


@dataclass(frozen=True)
class VoteId:
    """One choice of a turn clock vote."""

    vote: int
    choice: VoteChoice


@dataclass(frozen=True)
class ResignId:
    """Confirm ('yes') or cancel ('no') a resignation that hands the seat over."""

    game: int
    verb: YesNo


@dataclass(frozen=True)
class BackId:
    """Back: the mover takes back their own last decision, if the board is still at `version`."""

    game: int
    version: int


@dataclass(frozen=True)
class ConsentId:
    """Agree ('yes') or refuse ('no') another player's undo."""

    request: int
    verb: YesNo


@dataclass(frozen=True)
class AddComputerId:
    """The lobby's level menu: choosing a level seats a computer player at it."""

    game: int


@dataclass(frozen=True)
class RemoveComputerId:
    """The lobby's Remove computer button: the last computer player added leaves."""

    game: int


@dataclass(frozen=True)
class ReplayId:
    """A replay viewer's ◀ ('back') or ▶ ('next'): show the board after `step` moves."""

    game: int
    step: int
    way: Way


LeagueVerb = Literal["signup", "withdraw"]


@dataclass(frozen=True)
class LeagueId:
    """Sign up / Withdraw on a league message."""

    league: int
    verb: LeagueVerb


@dataclass(frozen=True)
class TakeSeatId:
    """Take this seat: a person asks to take over `seat`, left to the automatic player."""

    game: int
    seat: int


@dataclass(frozen=True)
class SeatAnswerId:
    """Let them in ('yes') or keep the computer ('no') on a request to take a seat."""

    request: int
    verb: YesNo


MOVE = IdScheme("m", MoveId)
PICK = IdScheme("s", PickId)
TURN = IdScheme("t", TurnId)
HAND = IdScheme("h", HandId)
LOBBY = IdScheme("l", LobbyId)
REMATCH = IdScheme("r", RematchId)
VOTE = IdScheme("v", VoteId)
RESIGN = IdScheme("rs", ResignId)
BACK = IdScheme("b", BackId)
CONSENT = IdScheme("u", ConsentId)
ADD_COMPUTER = IdScheme("ca", AddComputerId)
REMOVE_COMPUTER = IdScheme("cr", RemoveComputerId)
REPLAY = IdScheme("rp", ReplayId)
LEAGUE = IdScheme("lg", LeagueId)
TAKE_SEAT = IdScheme("ts", TakeSeatId)
SEAT_ANSWER = IdScheme("sa", SeatAnswerId)
SCHEMES = (
    MOVE,
    PICK,
    TURN,
    HAND,
    LOBBY,
    REMATCH,
    VOTE,
    RESIGN,
    BACK,
    CONSENT,
    ADD_COMPUTER,
    REMOVE_COMPUTER,
    REPLAY,
    LEAGUE,
    TAKE_SEAT,
    SEAT_ANSWER,
)
# The components of a game message, each carrying its game: how an unrecorded board is found.
GAME_PARTS = (MOVE, PICK, TURN, HAND, BACK, TAKE_SEAT)


def ours(custom_id: str) -> bool:
    """Whether one of our components would take this custom_id (its numbers unchecked)."""
    return any(scheme.template.fullmatch(custom_id) for scheme in SCHEMES)


def game_of(custom_id: str) -> int | None:
    """The game a board's component belongs to (how an unrecorded board is found again)."""
    for scheme in GAME_PARTS:
        match = scheme.template.fullmatch(custom_id)
        if match is not None:
            return int(match["game"])
    return None


def vote_choice(text: str) -> VoteChoice:
    """A vote's choice as its id carries it; ValueError for a word no vote button has."""
    for choice in VOTE_CHOICES:
        if choice == text:
            return choice
    raise ValueError(f"no vote choice {text!r}")
