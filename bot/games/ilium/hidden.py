"""What a seat cannot see in Ilium, drawn again: other historians and the order of decks."""

from __future__ import annotations

import random

from bot.engine import LogEntry, evolve
from bot.games.ilium.data import rules
from bot.games.ilium.model import OVER, State
from bot.games.ilium.text import historian_line


def resample_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A state `seat` cannot tell apart from `state` (IM-6, IM-7, IM-12).

    Unseen: the other seats' historian cards until the end reveals them, and the order of
    every deck (its contents are public: dealt cards minus the revealed ones), except the
    seat's own next card, which it may look at. With Strategic Expeditions decks have no order.
    """
    historians = state.historians if state.phase == OVER else _historians(state, seat, rng)
    decks = state.decks if state.strategic else _decks(state, seat, rng)
    return evolve(
        state,
        historians=historians,
        decks=decks,
        log=_private_lines(state, historians),
        seed=rng.getrandbits(63),
    )


def _historians(state: State, seat: int, rng: random.Random) -> tuple[int, ...]:
    """IM-7: the other seats hold distinct historians among the types `seat` does not hold."""
    mine = state.historians[seat]
    others = [kind for kind in range(len(rules().type_names)) if kind != mine]
    rng.shuffle(others)
    dealt = iter(others)
    return tuple(mine if s == seat else next(dealt) for s in range(state.players))


def _decks(state: State, seat: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """IM-6, IM-12: each deck shuffled again, the seat's own top card staying where it is."""
    decks = []
    for owner, deck in enumerate(state.decks):
        kept = deck[:1] if owner == seat else ()
        rest = sorted(deck[len(kept) :])  # canonical order: the draw depends on rng alone
        rng.shuffle(rest)
        decks.append((*kept, *rest))
    return tuple(decks)


def _private_lines(state: State, historians: tuple[int, ...]) -> tuple[LogEntry, ...]:
    """The log with every seat's private historian line telling its (new) historian."""
    return tuple(_private_line(state, entry, historians) for entry in state.log)


def _private_line(state: State, entry: LogEntry, historians: tuple[int, ...]) -> LogEntry:
    owner = entry.seat
    if owner is None or entry.text != historian_line(state.historians[owner]):
        return entry
    return LogEntry(historian_line(historians[owner]), owner)
