"""The typed shape of the card game's views: the game builds them, the renderer reads them."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from bot.engine.view import SeatView, View


class UnitView(TypedDict):
    """A group in an army: a phalanx, a hero or a card standing alone (with what it carries)."""

    kind: str
    strength: int
    label: str
    values: NotRequired[list[int]]  # a phalanx's hoplites, highest first
    text: NotRequired[str]  # a phalanx as "4-3-2"
    value: NotRequired[int]  # a hero's value
    name: NotRequired[str]  # a hero's name
    harrow: NotRequired[bool]
    rider: NotRequired[bool]


class VictoryView(TypedDict):
    """A victory card: its code, kind, VP and name."""

    card: str
    kind: str
    vp: int
    name: str


class CampView(TypedDict):
    """One seat's public side: army, strength, hand size, passing, collected cards and VP."""

    seat: int
    name: str
    units: list[UnitView]
    strength: int
    hand_size: int
    passed: bool
    pass_order: int | None
    victory: list[VictoryView]
    thanatos: list[int]
    amphoras: list[str]
    city_vp: int
    trireme_vp: int
    vp: int


class PendingView(TypedDict):
    """The card or attacker a split decision is about, and the opponent chosen so far."""

    verb: str
    name: str
    foe: int | None


class ChoicesView(TypedDict):
    """What the decision at hand picks among, so the board can mark what the prompt means."""

    army: int | None  # the seat whose army's cards are picked: put (own), hit (the one struck)
    units: list[int]  # indices into that camp's units
    new: bool  # put: the card may start a new phalanx or stand alone
    camps: list[int]  # foe: the armies that may be struck
    display: list[str]  # pick: the victory cards that may be taken


class OracleView(TypedDict):
    """This siege's oracle card."""

    kind: str  # gorgon or thanatos
    name: str


class HeroView(TypedDict):
    """A hero still to be taken this siege."""

    value: int
    name: str


class AmphoraView(TypedDict):
    """An amphora, its VP and who holds it."""

    name: str
    vp: int
    holder: int | None


class HandGroup(TypedDict):
    """One kind of card in a hand, with how many and what it does."""

    code: str
    kind: str
    name: str
    count: int
    hint: str


class IliadCardsView(View):
    """The table everyone sees: the siege, decks by size, display, amphoras, every camp."""

    recent: list[str]  # the newest public log lines, for the board image
    scores: list[int]  # each seat's VP so far (the shared running-score key)
    siege: int
    sieges_max: int | None
    phase: str  # turn, put, foe, hit, pick or over
    pending: PendingView | None
    choices: ChoicesView | None  # none on a turn's first decision (its choices are the hand's)
    oracle: OracleView | None
    oracle_deck: int
    display: list[VictoryView]
    victory_deck: int
    army_deck: int
    discard: int
    heroes: list[HeroView]
    start_player: int
    target_vp: int
    amphoras: list[AmphoraView]
    camps: list[CampView]


class IliadCardsPrivate(TypedDict):
    """One seat's secrets: its hand (codes, and grouped by kind) and the lines only it reads."""

    hand: list[str]
    hand_groups: list[HandGroup]
    log: list[str]


class IliadCardsSeatView(IliadCardsView, SeatView[IliadCardsPrivate]):
    """The table plus one seat's hand."""
