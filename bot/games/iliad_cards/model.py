"""State, units and actions of the Iliad card game, with their JSON forms."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, NamedTuple, TypeVar

from bot.engine import LogEntry, evolve

SEAT_NAMES = ("Nestor", "Idomeneus", "Philoctetes", "Thoas", "Eumelus")  # no hero or amphora
HARROW_PART = 9  # the `part` that names the Harrow sitting on a phalanx or Chariot
NO_PENDING = ("", "", -1)
T = TypeVar("T")


class Unit(NamedTuple):
    """One group in an army: a phalanx (hoplite values, highest first), a hero or a single card.

    `kind` is phalanx, archer, elephant, chariot, catapult, ballista or hero; `values` holds the
    hoplite values of a phalanx or the value of a hero; a phalanx or Chariot may carry a Harrow;
    an Elephant may carry an Archer (`rider`).
    """

    kind: str
    values: tuple[int, ...] = ()
    harrow: bool = False
    rider: bool = False


class Action(NamedTuple):
    """One small decision. verb: pass, play, attack, put, foe, hit or pick."""

    verb: str
    what: str = ""  # card code for play/pick, attacker choice for attack
    at: int = -1  # put: unit index (-1 new phalanx / alone); foe: seat; hit: unit index
    part: int = -1  # hit: card inside the unit (hoplite index, 1 = rider, HARROW_PART)


@dataclass(frozen=True)
class State:
    """The whole game; siege-by-siege fields are reset by the siege module."""

    players: int
    seed: int
    counter: int  # how many times chance has been used: rng(seed, counter)
    first_player: int
    siege: int  # number of the siege being fought, from 1
    oracle: str  # "gorgon", "thanatosN" (worth -N VP) or "" (two players / between sieges)
    oracle_deck: tuple[str, ...]
    victory_deck: tuple[str, ...]
    display: tuple[str, ...]
    army_deck: tuple[str, ...]
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    armies: tuple[tuple[Unit, ...], ...]
    heroes: tuple[int, ...]  # hero values still available this siege, lowest first
    won: tuple[tuple[str, ...], ...]  # victory cards collected per seat, e.g. "city2"
    penalties: tuple[tuple[int, ...], ...]  # Thanatos cards collected per seat (VP, <= 0)
    amphoras: tuple[int, int, int]  # holder of Agamemnon, Athena, Poseidon; -1 for nobody
    start_player: int
    current: int  # the seat to decide now; -1 once the game is over
    passed: tuple[int, ...]  # seats that passed this siege, in the order they passed
    phase: str  # turn, put, foe, hit, pick or over
    pending: tuple[str, str, int]  # (verb, what, foe) chosen so far in a split decision
    pickers: tuple[int, ...]  # seats in picking order, the next picker first
    picks_left: int
    end: str  # how the game ended ("" while it runs)
    log: tuple[LogEntry, ...]

    def but(self, **changes: Any) -> State:
        """A copy with `changes`, by evolve: the frozen __init__ would set each of the 27
        fields with a call of its own, and a decision makes about three copies."""
        return evolve(self, **changes)

    def with_log(self, *entries: LogEntry, **changes: Any) -> State:
        """A copy with `changes` applied and `entries` appended to the log."""
        return self.but(log=self.log + entries, **changes)


class Draft(State):
    """The working copy one `apply` makes of its input: `but` and `with_log` edit it in place.

    A decision passes its state through several steps (play, place, end the turn, begin the
    next), each asking for a changed copy; copying 27 fields at each step cost more than the
    rules. Only `apply` holds its draft, every field holds an immutable value (so a value read
    before an edit stays as it was), and `published` hands it out as a plain State. The lines a
    decision logs wait in `fresh` and join the log once, at the end: no step reads the log, and
    the log grows all game, so copying it for every line cost a walk over the whole game.
    """

    fresh: list[LogEntry]

    @classmethod
    def of(cls, state: State) -> Draft:
        """A draft holding the same field values as `state` (one dict copy)."""
        draft: Draft = object.__new__(cls)
        fields = draft.__dict__
        fields.update(state.__dict__)
        fields["fresh"] = []
        return draft

    def but(self, **changes: Any) -> State:
        """This draft with `changes` made to it."""
        self.__dict__.update(changes)
        return self

    def with_log(self, *entries: LogEntry, **changes: Any) -> State:
        """This draft with `changes` made and `entries` waiting to join the log."""
        self.__dict__.update(changes)
        self.fresh.extend(entries)
        return self

    def published(self) -> State:
        """The finished state, no longer editable (the draft is not to be used after this).

        The draft itself becomes the State (its class changes; a copy of its fields would
        cost as much as the rules of a small decision).
        """
        fields = self.__dict__
        fresh = fields.pop("fresh")
        if fresh:
            fields["log"] += tuple(fresh)
        state: State = object.__new__(State)
        state.__dict__.update(fields)
        return state


_FIELDS = tuple(field.name for field in fields(State))


def replaced(row: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`row` with the item at `index` replaced (per-seat tuples: hands, armies, cards won)."""
    return (*row[:index], value, *row[index + 1 :])


def victory_kind(card: str) -> str:
    """city, trireme or helen."""
    return card.rstrip("0123456789")


def victory_value(card: str) -> int:
    """The VP printed on a victory card code."""
    return int(card[len(victory_kind(card)) :])


def thanatos_penalty(oracle: str) -> int:
    """The VP (<= 0) of a Thanatos oracle code."""
    return -int(oracle[len("thanatos") :])


def _unit_json(unit: Unit) -> list[Any]:
    return [unit.kind, list(unit.values), unit.harrow, unit.rider]


def _unit_load(data: list[Any]) -> Unit:
    kind, values, harrow, rider = data
    return Unit(str(kind), tuple(int(v) for v in values), bool(harrow), bool(rider))


_STR_TUPLES = ("oracle_deck", "victory_deck", "display", "army_deck", "discard")
_INT_TUPLES = ("heroes", "passed", "pickers")


def dump(state: State) -> dict[str, Any]:
    """The full state as plain JSON."""
    data: dict[str, Any] = {}
    for name in _FIELDS:
        value = getattr(state, name)
        if name == "armies":
            value = [[_unit_json(u) for u in army] for army in value]
        elif name == "log":
            value = [entry.to_json() for entry in value]
        elif name in ("hands", "won", "penalties"):
            value = [list(row) for row in value]
        elif isinstance(value, tuple):
            value = list(value)
        data[name] = value
    return data


def load(data: Mapping[str, Any]) -> State:
    """Inverse of dump."""
    given: dict[str, Any] = dict(data)
    for name in _STR_TUPLES:
        given[name] = tuple(str(v) for v in given[name])
    for name in _INT_TUPLES:
        given[name] = tuple(int(v) for v in given[name])
    given["hands"] = tuple(tuple(str(c) for c in row) for row in given["hands"])
    given["won"] = tuple(tuple(str(c) for c in row) for row in given["won"])
    given["penalties"] = tuple(tuple(int(v) for v in row) for row in given["penalties"])
    given["armies"] = tuple(tuple(_unit_load(u) for u in army) for army in given["armies"])
    given["amphoras"] = tuple(int(v) for v in given["amphoras"])
    pending = given["pending"]
    given["pending"] = (str(pending[0]), str(pending[1]), int(pending[2]))
    given["log"] = tuple(LogEntry.from_json(entry) for entry in given["log"])
    return State(**given)
