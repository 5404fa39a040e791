"""What a turn asks of every army on the table, worked out once per army (IC-8, IC-11, IC-12).

Listing a turn (IC-10) asks each army what it holds and what it is open to, and a Gorgon siege
asks each army's strength (IC-15); the armies of the seats not moving are the same tuples turn
after turn. So one army's answers are kept as one small record, found again by the army's
identity (no walk over its units to hash it) or else by its value, and "what may hit what" is a
set of bits: how open the other armies are is a few ORs. Each fact holds of an army when it
holds of one of its units (strength is their sum), so a new army is worked out from its units'
facts, kept per unit.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from bot.games.iliad_cards.army import (
    ATTACK_CHOICES,
    HORSE,
    Army,
    attack_choices,
    harrow_hosts,
    unit_exposure,
    unit_strength,
)
from bot.games.iliad_cards.data import Table
from bot.games.iliad_cards.model import Unit

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


@lru_cache(maxsize=1 << 12)
def _unit_facts(unit: Unit, t: Table) -> Facts:
    """One unit's facts: an army's are its units' taken together (each fact is per unit)."""
    alone = (unit,)
    return Facts(
        bits(unit_exposure(unit, t)),
        bits(tuple(attack_choices(alone, t))),
        bool(harrow_hosts(alone, t)),
        unit_strength(unit, t),
    )


def _worked_out(army: Army, t: Table) -> Facts:
    """An army's facts from its units': open to and holding what any unit is, strength summed."""
    open_to = attackers = strength = 0
    takes_harrow = False
    for unit in army:
        known = _unit_facts(unit, t)
        open_to |= known.open_to
        attackers |= known.attackers
        takes_harrow = takes_harrow or known.takes_harrow
        strength += known.strength
    return Facts(open_to, attackers, takes_harrow, strength)


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
    known = _KNOWN
    for seat, army in enumerate(armies):
        if seat != me:
            entry = known.get(id(army))  # `facts` inlined: a turn asks this of every army
            if entry is not None and entry[0] is army and entry[1] is t:
                found |= entry[2].open_to
            else:
                found |= facts(army, t).open_to
    return found
