"""Ilium's immutable state and actions, and their JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, NamedTuple, TypeVar

from bot.engine import LogEntry

Token = tuple[int, int]  # (artifact type index, artifacts shown)
Cell = tuple[int, int]  # (seat, archaeologists); seat EMPTY: free; archaeologists 0: a cube
EMPTY = -1
FREE: Cell = (EMPTY, 0)

# Phases: who decides what next.
CARD = "card"  # Strategic Expeditions: the player picks a card value
PATH = "path"  # the player picks a pathway for the revealed group
SPACE = "space"  # ... then the empty space on it
CUBES = "cubes"  # ... then how many supply cubes to add
SITE = "site"  # excavation: the leader picks the site to take from
TOKEN = "token"  # excavation: a taker picks among lowest tokens of different types
FINISH = "finish"  # all value-4 tokens are out: end now or play on
DONE = "done"  # internal, never seen between decisions: the turn's actions are over
OVER = "over"

# The early-end option (IM-16).
UNUSED, DECLINED, TAKEN = "unused", "declined", "taken"

T = TypeVar("T")


class Action(NamedTuple):
    """One decision; `kind` names the phase it answers, `arg` the choice."""

    kind: str
    arg: int


@dataclass(frozen=True)
class State:
    """A whole game of Ilium between two decisions."""

    players: int
    seed: int
    counter: int
    strategic: bool
    vaults: bool
    first_player: int
    current: int  # the seat whose turn it is
    phase: str
    card: int  # the group size revealed this turn (0: not yet)
    path: int  # the pathway chosen this turn (-1: none yet)
    decks: tuple[tuple[int, ...], ...]  # per seat: cards left, top first
    played: tuple[tuple[int, ...], ...]  # per seat: cards revealed so far, oldest first
    cubes: tuple[int, ...]  # per seat: supply cubes left
    spaces: tuple[tuple[Cell, ...], ...]  # per pathway, from the shovel end
    sites: tuple[tuple[Token, ...], ...]  # per site, in taking order
    collected: tuple[tuple[Token, ...], ...]  # per seat, in the order taken
    historians: tuple[int, ...]  # per seat: the artifact type of its historian card
    early_end: str  # UNUSED, DECLINED or TAKEN
    takes: tuple[tuple[int, int], ...]  # excavation still to do: (taker, site), in order
    leader: int  # the excavation's first player (-1 outside an excavation)
    second: int  # the excavation's second player, if they qualify (-1 otherwise)
    ended: str  # how the game ended (Outcome.reason), "" while it goes on
    log: tuple[LogEntry, ...]


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


def dump(state: State) -> dict[str, Any]:
    """The full state as JSON-able data."""
    data: dict[str, Any] = {}
    for field in fields(state):
        value = getattr(state, field.name)
        if field.name == "log":
            data["log"] = [entry.to_json() for entry in value]
        else:
            data[field.name] = _lists(value)
    return data


def _lists(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_lists(item) for item in value]
    return value


def load(data: Mapping[str, Any]) -> State:
    """Inverse of dump."""
    values: dict[str, Any] = {}
    for field in fields(State):
        raw = data[field.name]
        if field.name == "log":
            values["log"] = tuple(LogEntry.from_json(entry) for entry in raw)
        elif isinstance(raw, list):
            values[field.name] = _tuples(raw)
        else:
            values[field.name] = raw
    return State(**values)


def swap(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of `items` with one entry replaced."""
    return (*items[:index], value, *items[index + 1 :])


def note(state: State, text: str, seat: int | None = None) -> tuple[LogEntry, ...]:
    """The state's log with one more line (public unless `seat` is given)."""
    return (*state.log, LogEntry(text, seat))
