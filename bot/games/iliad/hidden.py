"""What one seat cannot see, re-dealt: the opponent's hand and stack, and its own stack order.

Face-down tiles are not re-dealt: every tile was placed face up and named in the public log
("Hector places 4 on c3"), and a face-down tile moved by an effect is followed square by
square, so a seat with a good memory knows every face-down value. The board stays as it is.
"""

from __future__ import annotations

import random
import re

from bot.engine import LogEntry, evolve
from bot.games.iliad.data import Rules
from bot.games.iliad.model import State, tile_name
from bot.i18n import listing, say

_VALUE = {"Dolos": 0, **{str(v): v for v in range(1, 6)}}


def resample_hidden(state: State, seat: int, rules: Rules, rng: random.Random) -> State:
    """A state `seat` cannot tell apart from `state`, with a fresh seed.

    The opponent's hand and stack hold the tiles of theirs not on the board, in an order
    `seat` never saw: they are shuffled together and dealt again, hand size kept. `seat`
    knows its own hand but not its stack's order, which is shuffled. The opponent's private
    lines are rewritten so their history matches the new hand (see `_redraw_history`).
    """
    other = 1 - seat
    own = sorted(state.stacks[seat])  # canonical orders: the draw depends on rng alone
    rng.shuffle(own)
    pool = sorted([*state.hands[other], *state.stacks[other]])
    rng.shuffle(pool)
    held = len(state.hands[other])
    hands, stacks = list(state.hands), list(state.stacks)
    hands[other], stacks[other] = tuple(sorted(pool[:held])), tuple(pool[held:])
    stacks[seat] = tuple(own)
    resampled = evolve(state, hands=tuple(hands), stacks=tuple(stacks))
    log = _redraw_history(resampled, other, rules, rng)
    return evolve(resampled, log=log, seed=rng.getrandbits(63))


def _redraw_history(
    state: State, other: int, rules: Rules, rng: random.Random
) -> tuple[LogEntry, ...]:
    """`other`'s private lines, told backwards from its present hand.

    Walking the log from the end, a tile `other` placed was in its hand before, and a tile it
    drew is any tile of the hand after the draw; so every earlier hand follows from the present
    one, and the lines "Your hand: …" and "You draw …" are rewritten to match, in place.
    """
    placed = re.compile(rf"{re.escape(rules.seat_names[other])} places (Dolos|[1-5]) on ")
    hand = list(state.hands[other])
    log = list(state.log)
    for index in range(len(log) - 1, -1, -1):
        entry = log[index]
        if entry.seat is None:
            match = placed.match(entry.text)
            if match:
                hand.append(_VALUE[match[1]])
        elif entry.seat == other and entry.text.startswith("You draw "):
            count = min(len(hand), entry.text.count(" and ") + 1)
            drawn = rng.sample(hand, count)
            for value in drawn:
                hand.remove(value)
            log[index] = LogEntry(say("iliad.log.draw", tiles=_tiles(drawn)), other)
        elif entry.seat == other and entry.text.startswith("Your hand: "):
            log[index] = LogEntry(say("iliad.log.hand", tiles=_tiles(sorted(hand))), other)
    return tuple(log)


def _tiles(values: list[int]) -> str:
    return listing(tile_name(v) for v in values)
