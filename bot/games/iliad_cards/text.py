"""Words for cards, units and seats, shared by the log, describe() and the views."""

from __future__ import annotations

from bot.games.iliad_cards.data import Table
from bot.games.iliad_cards.model import HARROW_PART, SEAT_NAMES, Unit, victory_kind, victory_value

AMPHORA_NAMES = ("Agamemnon", "Athena", "Poseidon")
PROMPTS = {
    "turn": "play a card, attack or pass",
    "put": "choose where the card goes",
    "foe": "choose whose army to strike",
    "hit": "choose the card to strike",
    "pick": "choose a victory card",
}


def seat(index: int) -> str:
    """The seat's name, as players see it."""
    return SEAT_NAMES[index]


def article(name: str) -> str:
    """'a' or 'an' before a card name."""
    return "an" if name[0].lower() in "aeiou" else "a"


def card_name(code: str, t: Table) -> str:
    """An army card's printed name."""
    return t.card(code).name


def a_card(code: str, t: Table) -> str:
    """'a Hoplite 3', 'an Archer'."""
    name = card_name(code, t)
    return f"{article(name)} {name}"


def cards_list(codes: list[str] | tuple[str, ...], t: Table) -> str:
    """'Archer, Hoplite 3, Hoplite 3' in hand order."""
    return ", ".join(card_name(code, t) for code in codes) or "nothing"


def victory_name(card: str) -> str:
    """'City 2', 'Trireme 1', 'Helen 5'."""
    return f"{victory_kind(card).capitalize()} {victory_value(card)}"


def oracle_name(oracle: str) -> str:
    """'Gorgon' or 'Thanatos (-1 VP)'."""
    if oracle == "gorgon":
        return "Gorgon"
    return f"Thanatos (-{oracle[len('thanatos') :]} VP)"


def phalanx_text(values: tuple[int, ...]) -> str:
    """'4-3-2'."""
    return "-".join(str(v) for v in values)


def unit_label(unit: Unit, t: Table) -> str:
    """'the 4-3 phalanx with a Harrow', 'the Elephant with an Archer', 'Achilles (5)'."""
    if unit.kind == "hero":
        return f"{t.hero_name(unit.values[0])} ({unit.values[0]})"
    name = (
        f"{phalanx_text(unit.values)} phalanx"
        if unit.kind == "phalanx"
        else t.card(t.code_for(unit.kind)).name
    )
    extra = " with a Harrow" if unit.harrow else " with an Archer" if unit.rider else ""
    return f"the {name}{extra}"


def part_label(unit: Unit, part: int, t: Table) -> str:
    """The card(s) a hit on `part` of `unit` takes away."""
    if part == HARROW_PART:
        return f"the Harrow on {unit_label(unit._replace(harrow=False), t)}"
    if unit.kind == "phalanx" and len(unit.values) == 1:
        harrow = " and its Harrow" if unit.harrow else ""
        return f"the lone Hoplite {unit.values[0]}{harrow}"
    if unit.kind == "phalanx":
        where = "last card" if part == len(unit.values) - 1 else f"card {part + 1}"
        return f"the Hoplite {unit.values[part]} ({where} of {unit_label(unit, t)})"
    if unit.kind == "elephant" and part == 1:
        return "the Archer riding an Elephant"
    if unit.rider:
        return "the Elephant and its Archer"
    if unit.harrow:
        return "the Chariot and its Harrow"
    return unit_label(unit, t)


def attacker_name(choice: str, t: Table) -> str:
    """'Archer on an Elephant', 'Chariot with a Harrow', 'Catapult'."""
    if choice == "rider":
        return "Archer on an Elephant"
    if choice == "chariot-h":
        return "Chariot with a Harrow"
    return card_name(t.code_for(choice), t)


TARGET_WORDS = {
    "archer": "an Archer",
    "phalanx_last": "a phalanx's last card",
    "phalanx_any": "any phalanx card",
    "harrow": "a Harrow",
    "elephant": "an Elephant",
    "chariot": "a Chariot",
    "catapult": "a Catapult",
    "ballista": "a Ballista",
}
ATTACKER_WORDS = {"archer": "Archers", "rider": "mounted Archers", "chariot": "Chariots"}


def _listed(words: list[str], conjunction: str) -> str:
    """'a, b or c'."""
    if len(words) < 2:
        return "".join(words) or "nothing"
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def _hits(attacker: str, t: Table) -> str:
    return _listed([TARGET_WORDS[k] for k in t.attack.get(attacker, ())], "or")


def card_hint(code: str, t: Table) -> str:
    """A one-line reminder of what a card does, built from the data table."""
    card = t.card(code)
    if card.kind == "hoplite":
        under = "a higher card" if t.strictly_descending else "any phalanx"
        return f"Value {card.value}. Starts a phalanx or goes under {under} ({t.max_phalanx} max)."
    if card.kind == "harrow":
        who = _listed([ATTACKER_WORDS.get(a, a + "s") for a in t.harrow_shields_from], "and")
        return f"On a phalanx or Chariot: shields it from {who}."
    if card.kind == "horse":
        return "Discards any opposing card but a hero, ignoring Harrows."
    value = f"Strength {card.value}. " if card.value else ""
    if card.kind == "elephant":
        return f"Carries an Archer, which then hits {_hits('rider', t)}."
    return f"{value}Hits {_hits(card.kind, t)}."
