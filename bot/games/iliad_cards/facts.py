"""What a turn asks of every army on the table, worked out once per army (IC-8, IC-11, IC-12).

Listing a turn (IC-10) asks each army what it holds and what it is open to, and a Gorgon siege
asks each army's strength (IC-15); the armies of the seats not moving are the same tuples turn
after turn. So one army's answers are kept as one small record, found again by the army's
identity (no walk over its units to hash it) or else by its value, and "what may hit what" is a
set of bits: how open the other armies are is a few ORs.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from bot.games.iliad_cards.army import (
    ATTACK_CHOICES,
    HORSE,
    Army,
    attackers,
    exposure,
    strength,
    takes_harrow,
)
from bot.games.iliad_cards.data import Table

BIT = {choice: 1 << k for k, choice in enumerate((*ATTACK_CHOICES, HORSE))}
HORSE_BIT = BIT[HORSE]
ATTACK_BITS = 1 << len(ATTACK_CHOICES)  # every set of attack choices is a number below this


class Facts(NamedTuple):
    """One army's answers to a turn's questions."""

    open_to: int  # BITs of the attackers (and HORSE) that find something to hit in it (IC-12)
    attackers: int  # BITs of the attack choices it holds
    takes_harrow: bool  # a Harrow has somewhere to go in it (IC-11)
    strength: int  # IC-8


def bits(choices: frozenset[str] | tuple[str, ...]) -> int:
    """The BITs of some attack choices (and HORSE)."""
    return sum(BIT[choice] for choice in choices)


@lru_cache(maxsize=1 << 13)
def _worked_out(army: Army, t: Table) -> Facts:
    """An army's facts, by its value."""
    return Facts(
        bits(exposure(army, t)), bits(attackers(army, t)), takes_harrow(army, t), strength(army, t)
    )


_KNOWN: dict[int, tuple[Army, Table, Facts]] = {}  # id(army) -> the army (kept alive), facts
_MOST = 1 << 12  # then the table starts afresh


def facts(army: Army, t: Table) -> Facts:
    """The facts of `army`: by identity when it was asked before, else worked out by value.

    The entry holds the army itself, so its id cannot be reused while the entry lasts.
    """
    known = _KNOWN.get(id(army))
    if known is not None and known[0] is army and known[1] is t:
        return known[2]
    found = _worked_out(army, t)
    if len(_KNOWN) >= _MOST:
        _KNOWN.clear()
    _KNOWN[id(army)] = (army, t, found)
    return found


def open_to(armies: tuple[Army, ...], me: int, t: Table) -> int:
    """BITs of what finds something to hit in some army other than seat `me`'s."""
    found = 0
    for seat, army in enumerate(armies):
        if seat != me:
            found |= facts(army, t).open_to
    return found
