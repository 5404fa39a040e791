"""Iliad's immutable state, tokens, tiles and actions, with their JSON and text forms."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from bot.engine import IllegalAction, LogEntry
from bot.games.iliad.data import GODS, KIND_CODES

DOLOS = 0
KIND_BY_CODE = {code: kind for kind, code in KIND_CODES.items()}


@dataclass(frozen=True, order=True)
class Token:
    """A success token: a god with points, +10, a negative one or a marriage."""

    kind: str
    value: int

    @property
    def is_god(self) -> bool:
        """Gods count only their best token each (IL-13)."""
        return self.kind in GODS

    @property
    def label(self) -> str:
        """How a player names it: 'Zeus 8', '+10', '-5', 'Marriage'."""
        if self.kind == "bonus":
            return f"+{self.value}"
        if self.kind == "curse":
            return f"\u2212{-self.value}"
        if self.kind == "marriage":
            return "Marriage"
        return f"{self.kind.title()} {self.value}"

    @property
    def code(self) -> str:
        """Short text for action codes: Z8, B10, C-5, M0."""
        return f"{KIND_CODES[self.kind]}{self.value}"

    def to_view(self) -> dict[str, Any]:
        """JSON for views."""
        return {"kind": self.kind, "value": self.value, "label": self.label}


TOKEN_CODE = re.compile(r"([ZATPHBCM])(-?\d{1,2})")


def token_from_code(code: str) -> Token:
    """Inverse of Token.code; raises IllegalAction on garbage."""
    match = TOKEN_CODE.fullmatch(code)
    if not match:
        raise IllegalAction(f"{code!r} is not a token.")
    return Token(KIND_BY_CODE[match[1]], int(match[2]))


@dataclass(frozen=True)
class Tile:
    """A tile on the board: its owner, value (0 is Dolos) and whether it still shows its face."""

    owner: int
    value: int
    face_up: bool = True


def tile_name(value: int) -> str:
    """'5' or 'Dolos'."""
    return "Dolos" if value == DOLOS else str(value)


def tile_code(value: int) -> str:
    """'5' or 'D'."""
    return "D" if value == DOLOS else str(value)


class Action(NamedTuple):
    """One small decision: kind plus up to two text arguments (tile, square, token or line)."""

    kind: str
    target: str = ""
    detail: str = ""


PLACE, DECLINE, LIFT, MOVE, FLIP, GIVE, TAKE, SCORE, CHOOSE = (
    "place",
    "decline",
    "lift",
    "move",
    "flip",
    "give",
    "take",
    "score",
    "choose",
)
PREFIX = {PLACE: "p", DECLINE: "x", LIFT: "l", MOVE: "m", FLIP: "f", GIVE: "g", TAKE: "t"}
PREFIX |= {SCORE: "s", CHOOSE: "k"}
KIND_BY_PREFIX = {p: k for k, p in PREFIX.items()}
SQUARE = r"[a-f][1-6]"
TOKEN = TOKEN_CODE.pattern
CODE_SHAPES = {
    PLACE: re.compile(rf"([1-5D])({SQUARE})"),
    DECLINE: re.compile(r"()"),
    LIFT: re.compile(rf"({SQUARE})"),
    MOVE: re.compile(rf"({SQUARE})"),
    FLIP: re.compile(rf"({SQUARE})"),
    GIVE: re.compile(rf"({TOKEN})"),
    TAKE: re.compile(rf"({TOKEN})"),
    SCORE: re.compile(r"([1-6a-f])"),
    CHOOSE: re.compile(rf"({TOKEN})"),
}


def encode(action: Action) -> str:
    """'p5c3', 'x', 'lb4', 'mc5', 'fd4', 'gZ8', 'tA7', 's3', 'kZ8'."""
    return PREFIX[action.kind] + action.target + action.detail


def decode(text: str) -> Action:
    """Inverse of encode; raises IllegalAction on anything else."""
    kind = KIND_BY_PREFIX.get(text[:1])
    shape = CODE_SHAPES[kind].fullmatch(text[1:]) if kind else None
    if kind is None or shape is None:
        raise IllegalAction(f"{text!r} is not an Iliad move.")
    if kind == PLACE:
        return Action(kind, shape[1], shape[2])
    if kind in (GIVE, TAKE, CHOOSE):
        token_from_code(shape[1])
    return Action(kind, shape[1])


@dataclass(frozen=True)
class State:
    """Everything about an Iliad game; the stacks' order is secret and never leaves the server."""

    seed: int
    first_player: int
    turn: int  # whose turn it is (the token picker may be the other seat)
    turn_number: int
    phase: str  # place | effect | effect_target | order | token | over
    board: tuple[Tile | None, ...]
    ends: tuple[Token | None, ...]  # line i has ends 2i (west/south) and 2i+1 (east/north)
    reserve: tuple[Token, ...]
    collected: tuple[tuple[Token, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    stacks: tuple[tuple[int, ...], ...]
    placed: int | None = None  # square of the tile placed this turn
    lifted: int | None = None  # square of the tile being moved by effect 1 or 2
    given: Token | None = None  # token handed back by effect 3
    due: tuple[int, ...] = ()  # full lines still to score this turn
    scoring: int | None = None  # the line whose winner is choosing a token
    winner: int | None = None  # that line's winner
    last_squares: tuple[int, ...] = ()  # squares the last turn touched, for highlighting
    last_seat: int | None = None  # who made that turn
    log: tuple[LogEntry, ...] = ()
