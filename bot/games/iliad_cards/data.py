"""The card table from data/iliad_cards.json, loaded and checked once, so rules read no literals."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.engine import load_data

ARMY_KINDS = (
    "hoplite",
    "archer",
    "chariot",
    "elephant",
    "catapult",
    "ballista",
    "harrow",
    "horse",
)
ATTACKERS = ("archer", "rider", "chariot", "catapult", "ballista")
TARGET_KINDS = (
    "archer",
    "phalanx_last",
    "phalanx_any",
    "harrow",
    "elephant",
    "chariot",
    "catapult",
    "ballista",
)
HARROW_HOSTS = ("phalanx", "chariot")
AMPHORAS = ("agamemnon", "athena", "poseidon")


@dataclass(frozen=True)
class ArmyCard:
    """One kind of army card: its code, rule kind, name, value (face or strength) and count."""

    code: str
    kind: str
    name: str
    value: int
    count: int


@dataclass(frozen=True, eq=False)
class Table:
    """Every number the rules use, as read from the data file."""

    hand_size: int
    draw_after_siege: int
    target_vp: int
    target_vp_two_players: int
    cards: tuple[ArmyCard, ...]
    max_phalanx: int
    strictly_descending: bool
    attack: dict[str, tuple[str, ...]]
    harrow_shields_from: tuple[str, ...]
    harrow_goes_on: tuple[str, ...]
    cities: tuple[int, ...]
    triremes: tuple[int, ...]
    helen: int
    thanatos: tuple[int, ...]
    gorgons: int
    heroes: tuple[tuple[int, str], ...]
    amphoras: dict[str, int]

    by_code: dict[str, ArmyCard]  # army cards keyed by code
    order: dict[str, int]  # position of each code in the table: hands are sorted this way
    kind_value: dict[str, int]  # what one non-hoplite card of a kind adds to an army
    by_kind: dict[tuple[str, int], str]  # (kind, hoplite value or 0) -> the first such code

    def card(self, code: str) -> ArmyCard:
        """The army card with this code."""
        return self.by_code[code]

    def code_for(self, kind: str, value: int = 0) -> str:
        """The card code of a kind (and, for a hoplite, its value)."""
        return self.by_kind[(kind, value if kind == "hoplite" else 0)]

    def hero_name(self, value: int) -> str:
        """The hero worth `value`."""
        return next(name for v, name in self.heroes if v == value)


def _ints(values: Any, what: str) -> tuple[int, ...]:
    if not isinstance(values, list) or not all(isinstance(v, int) for v in values):
        raise ValueError(f"{what} must be a list of whole numbers")
    return tuple(values)


def _cards(raw: list[dict[str, Any]]) -> tuple[ArmyCard, ...]:
    """IC-1: the army cards, their kinds and counts, checked."""
    cards = tuple(
        ArmyCard(str(c["code"]), str(c["kind"]), str(c["name"]), int(c["value"]), int(c["count"]))
        for c in raw
    )
    codes = [c.code for c in cards]
    if len(set(codes)) != len(codes):
        raise ValueError("army card codes must be unique")
    for card in cards:
        if card.kind not in ARMY_KINDS or card.count < 0:
            raise ValueError(f"bad army card {card}")
    for kind in ARMY_KINDS:
        if kind != "hoplite" and len({c.value for c in cards if c.kind == kind}) > 1:
            raise ValueError(f"every {kind} card must have the same value")
    return cards


def _attack(raw: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    table = {str(k): tuple(str(t) for t in v) for k, v in raw["targets"].items()}
    for attacker, targets in table.items():
        if attacker not in ATTACKERS or not set(targets) <= set(TARGET_KINDS):
            raise ValueError(f"unknown attacker or target in the attack table: {attacker}")
    if not set(raw["harrow_shields_from"]) <= set(ATTACKERS):
        raise ValueError("harrow_shields_from names an unknown attacker")
    if not set(raw["harrow_goes_on"]) <= set(HARROW_HOSTS):
        raise ValueError("harrow_goes_on names something a Harrow cannot sit on")
    return table


def _by_kind(cards: tuple[ArmyCard, ...]) -> dict[tuple[str, int], str]:
    """The code of each kind of card (hoplites by value), the first listed winning a tie."""
    found: dict[tuple[str, int], str] = {}
    for card in cards:
        found.setdefault((card.kind, card.value if card.kind == "hoplite" else 0), card.code)
    return found


def parse(raw: dict[str, Any]) -> Table:
    """A checked Table from the data file's JSON; raises ValueError naming what is wrong.

    IC-1 army cards, IC-2 victory cards, IC-3 oracle cards, IC-4 heroes, IC-5 amphoras.
    """
    heroes = tuple((int(h["value"]), str(h["name"])) for h in raw["heroes"]["cards"])
    if [v for v, _ in heroes] != sorted({v for v, _ in heroes}):
        raise ValueError("hero values must be distinct and listed lowest first")
    amphoras = {name: int(raw["amphoras"][name]) for name in AMPHORAS}
    cards = _cards(raw["army"]["cards"])
    table = Table(
        hand_size=int(raw["hand_size"]),
        draw_after_siege=int(raw["draw_after_siege"]),
        target_vp=int(raw["target_vp"]),
        target_vp_two_players=int(raw["target_vp_two_players"]),
        cards=cards,
        max_phalanx=int(raw["phalanx"]["max_cards"]),
        strictly_descending=bool(raw["phalanx"]["strictly_descending"]),
        attack=_attack(raw["attack"]),
        harrow_shields_from=tuple(raw["attack"]["harrow_shields_from"]),
        harrow_goes_on=tuple(raw["attack"]["harrow_goes_on"]),
        cities=_ints(raw["victory"]["cities"], "cities"),
        triremes=_ints(raw["victory"]["triremes"], "triremes"),
        helen=int(raw["victory"]["helen"]),
        thanatos=_ints(raw["oracle"]["thanatos"], "thanatos"),
        gorgons=int(raw["oracle"]["gorgon"]),
        heroes=heroes,
        amphoras=amphoras,
        by_code={card.code: card for card in cards},
        order={card.code: i for i, card in enumerate(cards)},
        kind_value={card.kind: card.value for card in cards if card.kind != "hoplite"},
        by_kind=_by_kind(cards),
    )
    if any(v > 0 for v in table.thanatos):
        raise ValueError("Thanatos cards are penalties: zero or less")
    if table.max_phalanx < 1 or table.hand_size < 0 or table.draw_after_siege < 0:
        raise ValueError("phalanx size and hand sizes must be positive")
    return table


@lru_cache(maxsize=1)
def table() -> Table:
    """The card table, read once per process."""
    return parse(load_data("iliad_cards"))
