"""Atlandice state (frozen, JSON-able), its mutable working copy and the action type."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from bot.engine import LogEntry, rng
from bot.games.atlandice.data import DICE_EACH_TWO, MARKET, TILES

Goods = tuple[int, int, int, int, int]  # count per kind 1..5
OVER = "over"  # the step once the game has ended


class Action(NamedTuple):
    """One decision: a verb letter and up to two small numbers (area, kind)."""

    verb: str  # t take, n take for neutral, k kind, a area, s area+kind, p pair, y yes, x no
    x: int = 0
    y: int = 0


@dataclass(frozen=True)
class State:
    """The whole game; areas and kinds are numbered 1..6 / 1..5 and stored at index n - 1."""

    players: int
    seed: int
    counter: int  # seeded draws used so far
    first: int  # start player of round 1
    round: int
    start: int  # start player of this round
    hand: int  # clock position
    stacks: tuple[tuple[int, ...], ...]  # per district: tile indexes, [0] active; () closed
    goods: tuple[tuple[int, ...], ...]  # per area: resources lying there, per kind
    held: tuple[tuple[int, ...], ...]  # per holder (seats, then neutral): per kind
    chips: tuple[int, ...]  # per holder: VP tokens (tiles and final scoring not included)
    won: tuple[tuple[int, ...], ...]  # per holder: tiles taken
    sub: int  # area of the submarine
    dice: tuple[int, ...]  # faces of the dice not yet taken, sorted
    taken: tuple[tuple[int, int], ...]  # this round: (seat, holder) per die taken
    step: str  # what happens next (a decision, or "over")
    area: int  # the area being searched
    nested: bool  # the search was started by a Jewelers (c) roll
    memo: int  # a half-made choice (kind or area)
    sunk: bool  # the hand reached the waves: the game ends after this round
    donor: int  # index in turn order during a donation
    line: tuple[str, ...]  # the log line of the search in progress, in parts
    log: tuple[LogEntry, ...]


NESTED = ("stacks", "goods", "held", "won")  # tuples of tuples in a State, lists of lists here
FLAT = ("chips", "dice", "taken", "line")  # tuples in a State, lists here


class Work:
    """A mutable copy of a State used inside apply, so the input is never touched.

    Its log is the state's (a tuple, never edited): new lines wait in `fresh` and `freeze`
    appends them once, so a decision no longer copies the whole log, which grows all game, in
    and out. Fields are copied by whole dicts, not one keyword argument each.
    """

    players: int
    seed: int
    counter: int
    first: int
    round: int
    start: int
    hand: int
    stacks: list[list[int]]
    goods: list[list[int]]
    held: list[list[int]]
    chips: list[int]
    won: list[list[int]]
    sub: int
    dice: list[int]
    taken: list[tuple[int, int]]
    step: str
    area: int
    nested: bool
    memo: int
    sunk: bool
    donor: int
    line: list[str]
    log: tuple[LogEntry, ...]  # the lines before this decision
    fresh: list[LogEntry]  # the lines this decision adds

    def __init__(self, **fields: Any) -> None:
        """A working copy with every field given (lists where the State has tuples)."""
        vars(self).update(fields)
        self.fresh = []

    def roll(self) -> int:
        """One die roll from the state's seed."""
        face = rng(self.seed, self.counter).randint(1, 6)
        self.counter += 1
        return face

    def roll_all(self, count: int) -> list[int]:
        """All the gates at once, from one seeded draw."""
        draw = rng(self.seed, self.counter)
        self.counter += 1
        return sorted(draw.randint(1, 6) for _ in range(count))

    def say(self, text: str) -> None:
        """Add a public log line."""
        self.fresh.append(LogEntry(text))

    def part(self, text: str) -> None:
        """Add a part to the log line of the current search."""
        self.line.append(text)

    def gain(self, holder: int, area: int, kind: int) -> None:
        """Move one resource from an area to a holder."""
        self.goods[area - 1][kind - 1] -= 1
        self.held[holder][kind - 1] += 1


def thaw(state: State) -> Work:
    """A working copy of a state."""
    work: Work = object.__new__(Work)
    copied = vars(work)
    copied.update(vars(state))
    for name in NESTED:
        copied[name] = list(map(list, copied[name]))
    for name in FLAT:
        copied[name] = list(copied[name])
    work.fresh = []
    return work


def freeze(work: Work) -> State:
    """The frozen state of a working copy."""
    state: State = object.__new__(State)
    values = vars(state)
    values.update(vars(work))  # the frozen __init__ would set each field with a call of its own
    for name in NESTED:
        values[name] = tuple(map(tuple, values[name]))
    for name in FLAT:
        values[name] = tuple(values[name])
    fresh = values.pop("fresh")
    if fresh:
        values["log"] = work.log + tuple(fresh)
    return state


Table = State | Work  # read-only helpers accept either


def holders(table: Table) -> int:
    """Seats plus the neutral player (AT-18: two-player games only)."""
    return table.players + (1 if table.players == 2 else 0)


def is_closed(table: Table, district: int) -> bool:
    """A district whose third tile is gone (AT-10)."""
    return not table.stacks[district - 1]


def area_of(table: Table, face: int) -> int:
    """Where a die showing `face` lies: 6s and closed districts go to the black market."""
    return MARKET if face == MARKET or is_closed(table, face) else face


def active_tile(table: Table, area: int) -> int | None:
    """Index of the active tile at an area (None at the market or a closed district)."""
    if area == MARKET or is_closed(table, area):
        return None
    return table.stacks[area - 1][0]


def symbols_at(table: Table, area: int, market_symbols: int) -> int:
    """Pointer symbols of an area's active tile (or the market's)."""
    tile = active_tile(table, area)
    return market_symbols if tile is None else TILES[tile].symbols


def kinds_at(table: Table, area: int) -> list[int]:
    """Resource kinds lying at an area."""
    return [k for k, n in enumerate(table.goods[area - 1], start=1) if n]


def dice_areas(table: Table) -> list[int]:
    """Areas that hold at least one die not yet taken, ascending."""
    return sorted({area_of(table, face) for face in table.dice})


def open_areas(table: Table) -> list[int]:
    """Open districts and the black market."""
    return [a for a in (1, 2, 3, 4, 5) if not is_closed(table, a)] + [MARKET]


def takes_per_round(table: Table) -> int:
    """Dice taken each round: all but one."""
    return 2 * DICE_EACH_TWO if table.players == 2 else 2 * table.players


def seat_to_take(table: Table) -> int:
    """The seat whose turn it is to take a die."""
    return (table.start + len(table.taken)) % table.players


def dice_received(table: Table, holder: int) -> int:
    """Dice whose search went to `holder` this round."""
    return sum(1 for _, got in table.taken if got == holder)


def given_to_neutral(table: Table, seat: int) -> bool:
    """Whether a seat already gave its die to the neutral player this round."""
    return any(s == seat and got == 2 for s, got in table.taken)


def taken_by(table: Table, seat: int) -> int:
    """Dice a seat took this round (kept or given)."""
    return sum(1 for s, _ in table.taken if s == seat)


def dump_state(state: State) -> dict[str, Any]:
    """JSON form of a state."""
    out: dict[str, Any] = {}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "log":
            out[f.name] = [entry.to_json() for entry in value]
        elif isinstance(value, tuple):
            out[f.name] = [list(v) if isinstance(v, tuple) else v for v in value]
        else:
            out[f.name] = value
    return out


def _tuples(value: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(tuple(v) if isinstance(v, list) else v for v in value)


def load_state(data: Mapping[str, Any]) -> State:
    """Inverse of dump_state."""
    values: dict[str, Any] = {}
    for f in fields(State):
        raw = data[f.name]
        if f.name == "log":
            values[f.name] = tuple(LogEntry.from_json(e) for e in raw)
        elif isinstance(raw, list):
            values[f.name] = _tuples(raw)
        else:
            values[f.name] = raw
    return State(**values)
