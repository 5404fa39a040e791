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
    for s in others:
        log = _redraw_history(resampled.but(log=log), s, t, rng)
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


def _redraw_history(state: State, who: int, t: Table, rng: random.Random) -> tuple[LogEntry, ...]:
    """`who`'s private lines, told backwards from its present hand.

    Walking the log from the end (a card being played now first), a card `who` played was in
    its hand before, and the cards it
    drew are any of the hand after the draw; so every earlier hand follows from the present
    one, and "Your hand: …" and "You draw: …" are rewritten to match, in place.
    """
    by_name = {c.name: c.code for c in t.cards}
    horse = t.code_for("horse")
    hand = [*state.hands[who], *_in_play(state, who)]
    log = list(state.log)
    for index in range(len(log) - 1, -1, -1):
        entry = log[index]
        if entry.seat is None:
            match = _played(who).match(entry.text)
            if match:
                hand.append(by_name[match[1]] if match[1] else horse)
        elif entry.seat == who and entry.text.startswith("You draw: "):
            listed = entry.text.removeprefix("You draw: ").removesuffix(".")
            count = 0 if listed == "nothing" else min(len(hand), listed.count(", ") + 1)
            drawn = rng.sample(hand, count)
            for card in drawn:
                hand.remove(card)
            log[index] = LogEntry(say("iliad_cards.log.draw", cards=cards_list(drawn, t)), who)
        elif entry.seat == who and entry.text.startswith("Your hand: "):
            shown = cards_list(_in_order(hand, t), t)
            log[index] = LogEntry(say("iliad_cards.log.hand", cards=shown), who)
    return tuple(log)
