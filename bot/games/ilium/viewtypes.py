"""The typed shape of Ilium's views, shared by the game (which builds them) and the renderer."""

from __future__ import annotations

from typing import TypedDict

from bot.engine.view import SeatView, View


class IliumOptions(TypedDict):
    """The variants chosen in the lobby."""

    strategic: bool
    vaults: bool


class IliumSite(TypedDict):
    """A dig site: letter, numeral, drawing place, and its tokens in taking order."""

    name: str
    numeral: int
    x: float
    y: float
    closed: bool
    tokens: list[list[int]]  # [artifact type, value]


class IliumPathway(TypedDict):
    """A pathway and what stands on it, per space from the shovel end."""

    name: str
    shovel: int
    far: int
    open: bool
    done: bool
    chosen: bool
    spaces: list[list[int] | None]  # None empty, [seat, n] a group, [seat, 0] a cube


class IliumSeat(TypedDict):
    """One seat's public supplies and collected tokens."""

    name: str
    colour: str
    deck: int
    archaeologists_left: int
    cubes: int
    played: list[int]
    collected: list[list[int]]
    tokens_by_type: list[int]
    artifacts_by_type: list[int]
    cards_left: dict[str, int] | None  # Strategic Expeditions only: cards left per value


class IliumExcavation(TypedDict):
    """The excavation being decided: the pathway, its leader and second, the takes to come."""

    path: str
    leader: int
    second: int | None
    takes: list[list[int | str]]  # [taker seat, site letter]


class IliumScore(TypedDict):
    """One seat's final tally after its donation."""

    points: int
    majorities: int
    sets: int
    tokens_by_type: list[int]
    artifacts_by_type: list[int]


class IliumFinal(TypedDict):
    """What the end reveals: historians, donations and every tally."""

    historians: list[str]
    donations: list[list[int] | None]
    set_points: int
    scores: list[IliumScore]


class IliumView(View):
    """Ilium's public view: the board, the table, the excavation in progress, the end."""

    colours: list[str]
    options: IliumOptions
    phase: str
    current: int
    card: int | None
    types: list[str]
    trigger_value: int
    triggers_out: bool
    early_end: str
    sites: list[IliumSite]
    pathways: list[IliumPathway]
    table: list[IliumSeat]
    excavation: IliumExcavation | None
    final: IliumFinal | None


class IliumPrivate(TypedDict):
    """What only one seat sees: its historian, its next card (or hand) and its own log lines."""

    historian: str
    next_card: int | None  # the top card of its deck (None with Strategic Expeditions)
    hand: dict[str, int] | None  # Strategic Expeditions: cards left per value
    log: list[str]


class IliumSeatView(IliumView, SeatView[IliumPrivate]):
    """The public view plus one seat's secrets."""
