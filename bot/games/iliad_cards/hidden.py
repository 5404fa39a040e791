"""What one seat cannot see, re-dealt: other hands, the army deck, the victory and oracle orders.

Everything else is public or remembered: armies, the display, collected cards, and the
discards (every discarded card was played or cleared in view). So the cards a seat cannot
place are the other hands and the army deck together; it knows how many each hand holds.

One refinement is left out: after the discards are shuffled into a new army deck, a seat with
a perfect memory knows that deck holds only those discards (less what was drawn since).
Re-dealing the pool as a whole ignores that; no view shows it, and a sampler only becomes a
little less sure than it could be.
"""

from __future__ import annotations

import random
import re
from functools import cache
from operator import is_
from typing import NamedTuple

from bot.engine import LogEntry
from bot.games.iliad_cards.data import Table, table
from bot.games.iliad_cards.model import State
from bot.games.iliad_cards.text import cards_list, seat
from bot.i18n import say


def resample_hidden(state: State, viewer: int, rng: random.Random) -> State:
    """A state `viewer` cannot tell apart from `state`, with a fresh seed.

    The other seats' hands and the army deck are shuffled together and dealt again, each hand
    keeping its size; the victory and oracle decks keep their cards in a new order. The other
    seats' private lines are rewritten to match their new hands (see `_redraw_history`).
    """
    t = table()
    others = [s for s in range(state.players) if s != viewer]
    pool = sorted([card for s in others for card in state.hands[s]] + list(state.army_deck))
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s], pool = _in_order(pool[:size], t), pool[size:]
    resampled = state.but(
        hands=tuple(hands),
        army_deck=tuple(pool),
        victory_deck=_shuffled(state.victory_deck, rng),
        oracle_deck=_shuffled(state.oracle_deck, rng),
    )
    log = state.log
    if others:
        marks, lines = _marks(log, state.players), list(log)
        for s in others:
            hand = [*hands[s], *_in_play(state, s)]
            _redraw_history(lines, marks[s], s, hand, t, rng)
        log = tuple(lines)
    return resampled.but(log=log, seed=rng.getrandbits(63))


def _shuffled(cards: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    order = sorted(cards)  # canonical order: the draw depends on rng alone
    rng.shuffle(order)
    return tuple(order)


def _in_order(cards: list[str], t: Table) -> tuple[str, ...]:
    """A hand in the order the engine keeps hands (the card table's)."""
    return tuple(sorted(cards, key=t.order.__getitem__))


@cache
def _played(who: int) -> re.Pattern[str]:
    """A public line saying `who` played a card from hand; group 1 names the card."""
    t = table()
    names = sorted((re.escape(c.name) for c in t.cards), key=len, reverse=True)
    return re.compile(rf"{re.escape(seat(who))} (?:plays an? ({'|'.join(names)})\b|sends a )")


def _in_play(state: State, who: int) -> list[str]:
    """The card `who` took from hand for a play still being decided (not yet in the log)."""
    verb, card, _ = state.pending
    mid_play = state.phase in ("put", "foe", "hit") and verb in ("play", "horse")
    return [card] if mid_play and state.current == who else []


PLAYED, DRAWN, HAND = "played", "drawn", "hand"
Mark = tuple[int, str, str | int]  # a log index, what the line tells, the card or the count


class _Marked(NamedTuple):
    """A log and, per seat, the lines that tell of its hand: a card it played (public), the
    cards it drew and its whole hand (its own private lines), oldest first."""

    log: tuple[LogEntry, ...]
    marks: tuple[tuple[Mark, ...], ...]


_KNOWN: dict[tuple[int, int], _Marked] = {}  # (id of the last line, length) -> a marked log
_MOST = 1 << 9  # then the table starts afresh (each entry holds its log: no id is reused)
_REACH = 16  # how many lines back a log's earlier self is looked for (a ply adds a few)


def _marks(log: tuple[LogEntry, ...], players: int) -> tuple[tuple[Mark, ...], ...]:
    """Each seat's telling lines in `log`; a log is read once, and a longer one (the log of a
    later state: the same line objects, and more) only from where its earlier self ends."""
    if not log:
        return ((),) * players
    found = _known(log, len(log))
    if found is not None:
        return found.marks
    for length in range(len(log) - 1, max(len(log) - _REACH, 0) - 1, -1):
        earlier = _known(log, length) if length else _Marked((), ((),) * players)
        if earlier is not None:
            break
    else:
        earlier, length = _Marked((), ((),) * players), 0
    added = _read(log, length, players)
    marks = tuple((*old, *new) for old, new in zip(earlier.marks, added, strict=True))
    if len(_KNOWN) >= _MOST:
        _KNOWN.clear()
    _KNOWN[id(log[-1]), len(log)] = _Marked(log, marks)
    return marks


def _known(log: tuple[LogEntry, ...], length: int) -> _Marked | None:
    """The marked log that is `log`'s first `length` lines, the very same line objects."""
    found = _KNOWN.get((id(log[length - 1]), length))
    if found is None or not all(map(is_, found.log, log[:length])):
        return None
    return found


def _read(log: tuple[LogEntry, ...], start: int, players: int) -> list[list[Mark]]:
    """The telling lines of each seat in `log[start:]`."""
    t = table()
    by_name, horse = {c.name: c.code for c in t.cards}, t.code_for("horse")
    marks: list[list[Mark]] = [[] for _ in range(players)]
    for index in range(start, len(log)):
        entry = log[index]
        if entry.seat is None:
            for who in range(players):
                match = _played(who).match(entry.text)
                if match:
                    marks[who].append((index, PLAYED, by_name[match[1]] if match[1] else horse))
        elif entry.text.startswith("You draw: ") and 0 <= entry.seat < players:
            listed = entry.text.removeprefix("You draw: ").removesuffix(".")
            count = 0 if listed == "nothing" else listed.count(", ") + 1
            marks[entry.seat].append((index, DRAWN, count))
        elif entry.text.startswith("Your hand: ") and 0 <= entry.seat < players:
            marks[entry.seat].append((index, HAND, ""))
    return marks


def _redraw_history(
    log: list[LogEntry],
    marks: tuple[Mark, ...],
    who: int,
    hand: list[str],
    t: Table,
    rng: random.Random,
) -> None:
    """`who`'s private lines, told backwards from its present `hand`, rewritten in `log`.

    Walking its telling lines from the end (a card being played now is in `hand` already), a
    card `who` played was in its hand before, and the cards it drew are any of the hand after
    the draw; so every earlier hand follows from the present one, and "Your hand: …" and
    "You draw: …" are rewritten to match, in place.
    """
    for index, told, what in reversed(marks):
        if told == PLAYED:
            hand.append(str(what))
        elif told == DRAWN:
            drawn = rng.sample(hand, min(len(hand), int(what)))
            for card in drawn:
                hand.remove(card)
            log[index] = LogEntry(say("iliad_cards.log.draw", cards=cards_list(drawn, t)), who)
        else:
            shown = cards_list(_in_order(hand, t), t)
            log[index] = LogEntry(say("iliad_cards.log.hand", cards=shown), who)
