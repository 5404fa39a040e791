"""Iliad's immutable state, tokens, tiles and actions, with their JSON and text forms."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from bot.engine import IllegalAction, LogEntry
from bot.games.iliad.data import GODS, KIND_CODES
from bot.i18n import say

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
            return say("iliad.token.marriage")
        return say("iliad.token.god", god=god_name(self.kind), value=self.value)

    @property
    def code(self) -> str:
        """Short text for action codes: Z8, B10, C-5, M0."""
        return f"{KIND_CODES[self.kind]}{self.value}"


TOKEN_CODE = re.compile(r"([ZATPHBCM])(-?\d{1,2})")


def token_from_code(code: str) -> Token:
    """Inverse of Token.code; raises IllegalAction on garbage."""
    match = TOKEN_CODE.fullmatch(code)
    if not match:
        raise IllegalAction(say("iliad.bad_token", code=repr(code)))
    return Token(KIND_BY_CODE[match[1]], int(match[2]))


@dataclass(frozen=True)
class Tile:
    """A tile on the board: its owner, value (0 is Dolos) and whether it still shows its face."""

    owner: int
    value: int
    face_up: bool = True


def tile_name(value: int) -> str:
    """'5' or 'Dolos' (a word each language may spell its own way)."""
    return say("iliad.tile.dolos") if value == DOLOS else str(value)


def god_name(kind: str) -> str:
    """'Zeus', 'Athena': the gods keep the names their language gives them."""
    return say(GOD_NAMES[kind])


GOD_NAMES = {
    "zeus": "iliad.god.zeus",
    "apollo": "iliad.god.apollo",
    "athena": "iliad.god.athena",
    "poseidon": "iliad.god.poseidon",
    "aphrodite": "iliad.god.aphrodite",
}


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


def dump(state: State) -> dict[str, Any]:
    """Full JSON, secrets included: server side only."""
    return {
        "seed": state.seed,
        "first_player": state.first_player,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": state.phase,
        "board": [None if t is None else [t.owner, t.value, t.face_up] for t in state.board],
        "ends": [None if t is None else t.code for t in state.ends],
        "reserve": [t.code for t in state.reserve],
        "collected": [[t.code for t in mine] for mine in state.collected],
        "hands": [list(h) for h in state.hands],
        "stacks": [list(s) for s in state.stacks],
        "placed": state.placed,
        "lifted": state.lifted,
        "given": None if state.given is None else state.given.code,
        "due": list(state.due),
        "scoring": state.scoring,
        "winner": state.winner,
        "last_squares": list(state.last_squares),
        "last_seat": state.last_seat,
        "log": [e.to_json() for e in state.log],
    }


def load(data: Mapping[str, Any]) -> State:
    """Inverse of dump."""
    board = tuple(
        None if t is None else Tile(int(t[0]), int(t[1]), bool(t[2])) for t in data["board"]
    )
    return State(
        seed=int(data["seed"]),
        first_player=int(data["first_player"]),
        turn=int(data["turn"]),
        turn_number=int(data["turn_number"]),
        phase=str(data["phase"]),
        board=board,
        ends=tuple(None if c is None else token_from_code(c) for c in data["ends"]),
        reserve=tuple(token_from_code(c) for c in data["reserve"]),
        collected=tuple(tuple(token_from_code(c) for c in mine) for mine in data["collected"]),
        hands=tuple(tuple(int(v) for v in h) for h in data["hands"]),
        stacks=tuple(tuple(int(v) for v in s) for s in data["stacks"]),
        placed=data["placed"],
        lifted=data["lifted"],
        given=None if data["given"] is None else token_from_code(data["given"]),
        due=tuple(int(d) for d in data["due"]),
        scoring=data["scoring"],
        winner=data["winner"],
        last_squares=tuple(int(s) for s in data["last_squares"]),
        last_seat=data["last_seat"],
        log=tuple(LogEntry.from_json(e) for e in data["log"]),
    )
