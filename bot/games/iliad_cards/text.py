"""Words for cards, units and seats, shared by the log, describe() and the views.

Every phrase is a message (data/locales, iliad_cards.po), so a reader in another language
gets the card game's own terms; the English words are the ones the game always used.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.iliad_cards.data import Table
from bot.games.iliad_cards.model import HARROW_PART, SEAT_NAMES, Unit, victory_kind, victory_value
from bot.i18n import LIST_COMMA, Text, listing, say

AMPHORA_NAMES = (
    say("iliad_cards.amphora.agamemnon"),
    say("iliad_cards.amphora.athena"),
    say("iliad_cards.amphora.poseidon"),
)
PROMPTS = {
    "turn": "iliad_cards.ask.turn",
    "put": "iliad_cards.ask.put",
    "foe": "iliad_cards.ask.foe",
    "hit": "iliad_cards.ask.hit",
    "pick": "iliad_cards.ask.pick",
}
CARD_NAMES = {  # army card code -> its name
    "hoplite1": "iliad_cards.card.hoplite1",
    "hoplite2": "iliad_cards.card.hoplite2",
    "hoplite3": "iliad_cards.card.hoplite3",
    "hoplite4": "iliad_cards.card.hoplite4",
    "archer": "iliad_cards.card.archer",
    "chariot": "iliad_cards.card.chariot",
    "elephant": "iliad_cards.card.elephant",
    "catapult": "iliad_cards.card.catapult",
    "ballista": "iliad_cards.card.ballista",
    "harrow": "iliad_cards.card.harrow",
    "horse": "iliad_cards.card.horse",
}
A_CARD = {  # army card code -> 'a Hoplite 3', 'an Archer'
    "hoplite1": "iliad_cards.a.hoplite1",
    "hoplite2": "iliad_cards.a.hoplite2",
    "hoplite3": "iliad_cards.a.hoplite3",
    "hoplite4": "iliad_cards.a.hoplite4",
    "archer": "iliad_cards.a.archer",
    "chariot": "iliad_cards.a.chariot",
    "elephant": "iliad_cards.a.elephant",
    "catapult": "iliad_cards.a.catapult",
    "ballista": "iliad_cards.a.ballista",
    "harrow": "iliad_cards.a.harrow",
    "horse": "iliad_cards.a.horse",
}
HERO_NAMES = {  # a hero's name in data/iliad_cards.json -> its message
    "Patroclus": "iliad_cards.hero.patroclus",
    "Diomedes": "iliad_cards.hero.diomedes",
    "Ajax": "iliad_cards.hero.ajax",
    "Menelaus": "iliad_cards.hero.menelaus",
    "Achilles": "iliad_cards.hero.achilles",
    "Odysseus": "iliad_cards.hero.odysseus",
}
VICTORY_NAMES = {
    "city": "iliad_cards.victory.city",
    "trireme": "iliad_cards.victory.trireme",
    "helen": "iliad_cards.victory.helen",
}
ATTACKER_NAMES = {
    "rider": "iliad_cards.attacker.rider",
    "chariot-h": "iliad_cards.attacker.chariot_harrow",
}
AN_ATTACKER = {  # attack choice -> 'an Archer', 'a Chariot with a Harrow'
    "archer": "iliad_cards.a.archer",
    "chariot": "iliad_cards.a.chariot",
    "catapult": "iliad_cards.a.catapult",
    "ballista": "iliad_cards.a.ballista",
    "rider": "iliad_cards.an_attacker.rider",
    "chariot-h": "iliad_cards.an_attacker.chariot_harrow",
}
TARGET_WORDS = {
    "archer": "iliad_cards.target.archer",
    "phalanx_last": "iliad_cards.target.phalanx_last",
    "phalanx_any": "iliad_cards.target.phalanx_any",
    "harrow": "iliad_cards.target.harrow",
    "elephant": "iliad_cards.target.elephant",
    "chariot": "iliad_cards.target.chariot",
    "catapult": "iliad_cards.target.catapult",
    "ballista": "iliad_cards.target.ballista",
}
ATTACKER_WORDS = {
    "archer": "iliad_cards.attackers.archer",
    "rider": "iliad_cards.attackers.rider",
    "chariot": "iliad_cards.attackers.chariot",
}


def seat(index: int) -> str:
    """The seat's name, as players see it."""
    return SEAT_NAMES[index]


def card_name(code: str, t: Table) -> str:
    """An army card's printed name."""
    key = CARD_NAMES.get(code)
    return say(key) if key else t.card(code).name


def a_card(code: str, t: Table) -> str:
    """'a Hoplite 3', 'an Archer'."""
    key = A_CARD.get(code)
    return say(key) if key else t.card(code).name


def hero_name(value: int, t: Table) -> str:
    """A hero's name: 'Achilles'."""
    name = t.hero_name(value)
    key = HERO_NAMES.get(name)
    return say(key) if key else name


def commas(items: Sequence[object]) -> Text:
    """Items joined by commas, as the reader's language writes a list."""
    return listing(items, LIST_COMMA)


def cards_list(codes: list[str] | tuple[str, ...], t: Table) -> str:
    """'Archer, Hoplite 3, Hoplite 3' in hand order."""
    if not codes:
        return say("iliad_cards.nothing")
    return commas([card_name(code, t) for code in codes])


def victory_name(card: str) -> str:
    """'City 2', 'Trireme 1', 'Helen 5'."""
    return say(VICTORY_NAMES[victory_kind(card)], value=victory_value(card))


def oracle_name(oracle: str) -> str:
    """'Gorgon' or 'Thanatos (-1 VP)'."""
    if oracle == "gorgon":
        return say("iliad_cards.oracle.gorgon")
    return say("iliad_cards.oracle.thanatos", vp=oracle[len("thanatos") :])


def phalanx_text(values: tuple[int, ...]) -> str:
    """'4-3-2'."""
    return "-".join(str(v) for v in values)


def unit_label(unit: Unit, t: Table) -> str:
    """'the 4-3 phalanx with a Harrow', 'the Elephant with an Archer', 'Achilles (5)'."""
    if unit.kind == "hero":
        return unit_words(unit, t)
    return say("iliad_cards.unit.the", unit=unit_words(unit, t))


def unit_words(unit: Unit, t: Table) -> str:
    """A unit without its article: '4-3 phalanx with a Harrow', 'Achilles (5)'."""
    if unit.kind == "hero":
        value = unit.values[0]
        return say("iliad_cards.unit.hero", hero=hero_name(value, t), value=value)
    if unit.kind == "phalanx":
        label: str = say("iliad_cards.unit.phalanx", values=phalanx_text(unit.values))
    else:
        label = card_name(t.code_for(unit.kind), t)
    if unit.harrow:
        return say("iliad_cards.unit.with_harrow", unit=label)
    if unit.rider:
        return say("iliad_cards.unit.with_archer", unit=label)
    return label


def part_label(unit: Unit, part: int, t: Table) -> str:
    """The card(s) a hit on `part` of `unit` takes away."""
    if part == HARROW_PART:
        return say("iliad_cards.part.harrow", unit=unit_label(unit._replace(harrow=False), t))
    if unit.kind == "phalanx" and len(unit.values) == 1:
        key = "iliad_cards.part.lone_harrow" if unit.harrow else "iliad_cards.part.lone"
        return say(key, value=unit.values[0])
    if unit.kind == "phalanx":
        value, of = unit.values[part], unit_label(unit, t)
        if part == len(unit.values) - 1:
            return say("iliad_cards.part.hoplite_last", value=value, unit=of)
        return say("iliad_cards.part.hoplite", value=value, number=part + 1, unit=of)
    if unit.kind == "elephant" and part == 1:
        return say("iliad_cards.part.rider")
    if unit.rider:
        return say("iliad_cards.part.elephant_archer")
    if unit.harrow:
        return say("iliad_cards.part.chariot_harrow")
    return unit_label(unit, t)


def attacker_name(choice: str, t: Table) -> str:
    """'Archer on an Elephant', 'Chariot with a Harrow', 'Catapult'."""
    key = ATTACKER_NAMES.get(choice)
    return say(key) if key else card_name(t.code_for(choice), t)


def an_attacker(choice: str, t: Table) -> str:
    """'an Archer on an Elephant', 'a Catapult'."""
    key = AN_ATTACKER.get(choice)
    return say(key) if key else choice


def _listed(words: list[str], conjunction: str) -> str:
    """'a, b or c' (`conjunction`: the message joining the last item)."""
    if len(words) < 2:
        return words[0] if words else say("iliad_cards.nothing")
    return say(conjunction, items=commas(words[:-1]), last=words[-1])


def _hits(attacker: str, t: Table) -> str:
    targets: list[str] = [say(TARGET_WORDS[k]) for k in t.attack.get(attacker, ())]
    return _listed(targets, "iliad_cards.list.or")


def card_hint(code: str, t: Table) -> str:
    """A one-line reminder of what a card does, built from the data table."""
    card = t.card(code)
    if card.kind == "hoplite":
        key = (
            "iliad_cards.hint.hoplite" if t.strictly_descending else "iliad_cards.hint.hoplite_any"
        )
        return say(key, value=card.value, most=t.max_phalanx)
    if card.kind == "harrow":
        who = [say(ATTACKER_WORDS[a]) if a in ATTACKER_WORDS else a for a in t.harrow_shields_from]
        return say("iliad_cards.hint.harrow", attackers=_listed(who, "iliad_cards.list.and"))
    if card.kind == "horse":
        return say("iliad_cards.hint.horse")
    if card.kind == "elephant":
        return say("iliad_cards.hint.elephant", targets=_hits("rider", t))
    if card.value:
        return say("iliad_cards.hint.strength", value=card.value, targets=_hits(card.kind, t))
    return say("iliad_cards.hint.hits", targets=_hits(card.kind, t))
