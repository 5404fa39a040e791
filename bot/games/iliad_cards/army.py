"""One army on the table: strength (IC-8), where a card may go (IC-11), what may be hit (IC-12)."""

from __future__ import annotations

from functools import lru_cache

from bot.games.iliad_cards.data import Table
from bot.games.iliad_cards.model import HARROW_PART, Unit

Army = tuple[Unit, ...]
Target = tuple[int, int]  # (unit index, part)
SHIELDED_CHARIOT = "chariot-h"  # attack choice: a Chariot that carries a Harrow
ATTACK_CHOICES = ("archer", "ballista", "catapult", "chariot", SHIELDED_CHARIOT, "rider")
HORSE = "horse"  # in `exposure`: a Trojan Horse finds a card to discard
NEW = -1  # placement: a new phalanx, or a card standing alone


def unit_strength(unit: Unit, t: Table) -> int:
    """IC-8: a phalanx is the sum of its values times its cards; a hero its value."""
    if unit.kind == "phalanx":
        return sum(unit.values) * len(unit.values)
    if unit.kind == "hero":
        return unit.values[0]
    return t.kind_value.get(unit.kind, 0) + (t.kind_value.get("archer", 0) if unit.rider else 0)


@lru_cache(maxsize=1 << 13)
def strength(army: Army, t: Table) -> int:
    """The army's total strength (once per army: a Gorgon siege asks for every army each turn)."""
    return sum(unit_strength(unit, t) for unit in army)


def _first_of_each(army: Army, wanted: list[int]) -> list[int]:
    """Keep the first of identical units: choosing between twins changes nothing."""
    seen: set[Unit] = set()
    kept = []
    for index in wanted:
        if army[index] not in seen:
            seen.add(army[index])
            kept.append(index)
    return kept


def _can_extend(phalanx: Unit, value: int, t: Table) -> bool:
    if len(phalanx.values) >= t.max_phalanx:
        return False
    return not t.strictly_descending or phalanx.values[-1] > value


def harrow_hosts(army: Army, t: Table) -> list[int]:
    """IC-11: phalanxes and Chariots that carry no Harrow yet."""
    hosts = [i for i, u in enumerate(army) if u.kind in t.harrow_goes_on and not u.harrow]
    return _first_of_each(army, hosts)


def placements(army: Army, code: str, t: Table) -> list[int]:
    """IC-11: where a card from hand may go in its owner's army (NEW or a unit index), sorted."""
    card = t.card(code)
    if card.kind == "hoplite":
        onto = [
            i for i, u in enumerate(army) if u.kind == "phalanx" and _can_extend(u, card.value, t)
        ]
        return [NEW, *_first_of_each(army, onto)]
    if card.kind == "archer":
        free = [i for i, u in enumerate(army) if u.kind == "elephant" and not u.rider]
        return [NEW, *free[:1]]
    if card.kind == "harrow":
        return harrow_hosts(army, t)
    if card.kind == "horse":
        return []
    return [NEW]


def place(army: Army, code: str, at: int, t: Table) -> Army:
    """The army after a card from hand is put at a place given by `placements`."""
    card = t.card(code)
    if at == NEW:
        kind = "phalanx" if card.kind == "hoplite" else card.kind
        values = (card.value,) if card.kind == "hoplite" else ()
        return (*army, Unit(kind, values))
    unit = army[at]
    if card.kind == "hoplite":
        unit = unit._replace(values=(*unit.values, card.value))
    elif card.kind == "archer":
        unit = unit._replace(rider=True)
    else:
        unit = unit._replace(harrow=True)
    return (*army[:at], unit, *army[at + 1 :])


def attack_choice(unit: Unit) -> str | None:
    """How a unit is offered as an attacker (None: it cannot attack)."""
    if unit.kind == "elephant":
        return "rider" if unit.rider else None
    if unit.kind == "chariot" and unit.harrow:
        return SHIELDED_CHARIOT
    if unit.kind in ("archer", "chariot", "catapult", "ballista"):
        return unit.kind
    return None


def attacker_kind(choice: str) -> str:
    """The attack-table row of an attack choice."""
    return "chariot" if choice == SHIELDED_CHARIOT else choice


def attack_choices(army: Army, t: Table) -> list[str]:
    """The distinct attackers an army holds that the attack table knows, sorted."""
    found = {attack_choice(unit) for unit in army}
    return sorted(c for c in found if c is not None and attacker_kind(c) in t.attack)


def find_attacker(army: Army, choice: str) -> int:
    """The first unit that attacks as `choice`."""
    return next(i for i, unit in enumerate(army) if attack_choice(unit) == choice)


def _unit_targets(unit: Unit, kinds: tuple[str, ...], shielded: bool) -> list[int]:
    """Parts of one unit an attacker may hit, given its target kinds."""
    parts: list[int] = []
    guarded = shielded and unit.harrow
    if unit.kind == "phalanx" and not guarded:
        if "phalanx_any" in kinds:
            parts += range(len(unit.values))
        elif "phalanx_last" in kinds:
            parts.append(len(unit.values) - 1)
    elif unit.kind == "elephant":
        parts += [0] if "elephant" in kinds else []
        parts += [1] if unit.rider and "archer" in kinds else []
    elif unit.kind in kinds and unit.kind != "hero" and not (unit.kind == "chariot" and guarded):
        parts.append(0)
    if unit.harrow and "harrow" in kinds:
        parts.append(HARROW_PART)
    return parts


def targets(army: Army, choice: str, t: Table) -> list[Target]:
    """IC-12: what an attacker may hit in one opposing army (twins offered once), sorted."""
    kind = attacker_kind(choice)
    kinds = t.attack.get(kind, ())
    shielded = kind in t.harrow_shields_from
    return [
        (i, part)
        for i in _first_of_each(army, list(range(len(army))))
        for part in _unit_targets(army[i], kinds, shielded)
    ]


def has_targets(army: Army, choice: str, t: Table) -> bool:
    """Whether `targets` would offer anything (without listing it or sorting out twins)."""
    kind = attacker_kind(choice)
    kinds = t.attack.get(kind, ())
    shielded = kind in t.harrow_shields_from
    return any(_unit_targets(unit, kinds, shielded) for unit in army)


def has_horse_targets(army: Army) -> bool:
    """Whether `horse_targets` would offer anything: some card that is not a hero."""
    return any(
        unit.kind != "hero" and (unit.kind != "phalanx" or unit.values or unit.rider or unit.harrow)
        for unit in army
    )


def horse_targets(army: Army) -> list[Target]:
    """IC-11: a Trojan Horse may discard any card but a hero, ignoring Harrows."""
    found: list[Target] = []
    for i in _first_of_each(army, list(range(len(army)))):
        unit = army[i]
        if unit.kind == "hero":
            continue
        found += [(i, p) for p in range(len(unit.values))] if unit.kind == "phalanx" else [(i, 0)]
        found += [(i, 1)] if unit.rider else []
        found += [(i, HARROW_PART)] if unit.harrow else []
    return found


def unit_cards(unit: Unit, t: Table) -> list[str]:
    """The army cards a unit is made of (a hero is no army card)."""
    if unit.kind == "hero":
        return []
    if unit.kind == "phalanx":
        cards = [t.code_for("hoplite", v) for v in unit.values]
    else:
        cards = [t.code_for(unit.kind)]
    cards += [t.code_for("archer")] if unit.rider else []
    cards += [t.code_for("harrow")] if unit.harrow else []
    return cards


def remove(army: Army, target: Target, t: Table) -> tuple[Army, list[str]]:
    """The army after one card goes, and the cards discarded (IC-12: riders share fates)."""
    index, part = target
    unit = army[index]
    if part == HARROW_PART:
        kept: Unit | None = unit._replace(harrow=False)
        gone = [t.code_for("harrow")]
    elif unit.kind == "elephant" and part == 1:
        kept, gone = unit._replace(rider=False), [t.code_for("archer")]
    elif unit.kind == "phalanx" and len(unit.values) > 1:
        values = unit.values[:part] + unit.values[part + 1 :]
        kept, gone = unit._replace(values=values), [t.code_for("hoplite", unit.values[part])]
    else:
        kept, gone = None, unit_cards(unit, t)
    rest = army[:index] + ((kept,) if kept is not None else ()) + army[index + 1 :]
    return rest, gone


# Facts about one army, worked out once per army: a turn asks them of every army on the table,
# and the armies of the seats not moving are the same tuples turn after turn (an army is an
# immutable value, so a fact found once stays true). The table is part of the key.


@lru_cache(maxsize=1 << 13)
def exposure(army: Army, t: Table) -> frozenset[str]:
    """IC-11 / IC-12: the attack choices (and HORSE) that find something to hit in `army`."""
    found: frozenset[str] = frozenset()
    for unit in army:
        found |= unit_exposure(unit, t)
    return found


@lru_cache(maxsize=1 << 12)
def unit_exposure(unit: Unit, t: Table) -> frozenset[str]:
    """`exposure` of a single unit: an army is open to whatever one of its units is open to."""
    army = (unit,)
    found = {choice for choice in ATTACK_CHOICES if has_targets(army, choice, t)}
    if has_horse_targets(army):
        found.add(HORSE)
    return frozenset(found)


@lru_cache(maxsize=1 << 13)
def attackers(army: Army, t: Table) -> tuple[str, ...]:
    """`attack_choices` of an army, as a tuple worked out once per army."""
    return tuple(attack_choices(army, t))


@lru_cache(maxsize=1 << 13)
def takes_harrow(army: Army, t: Table) -> bool:
    """IC-11: whether a Harrow has somewhere to go in `army`."""
    return bool(harrow_hosts(army, t))
