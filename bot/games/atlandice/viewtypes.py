"""The typed shape of Atlandice's views, shared by the game (which builds them) and the renderer."""

from __future__ import annotations

from typing import TypedDict

from bot.engine.view import SeatView, View


class AtlandiceClock(TypedDict):
    """The doom clock: where its hand stands, where the waves are, which spaces bear a symbol."""

    hand: int
    end: int
    symbols: dict[str, str]  # space number -> "inventory:<resource>", "inventory:all", "donation"


class AtlandiceTile(TypedDict):
    """An active district tile."""

    name: str
    effect: str
    short: str
    symbols: int


class AtlandiceArea(TypedDict):
    """A district (1-5) or the black market (6): what lies there, its dice, its tile."""

    number: int
    name: str
    resource: str | None
    closed: bool
    goods: dict[str, int]
    dice: list[int]
    submarine: bool
    symbols: int
    tile: AtlandiceTile | None
    face_down: int  # tiles still under the active one (their order is the one secret)


class AtlandicePick(TypedDict):
    """A resource lying in an area that the decision at hand may pick."""

    area: int
    resource: str


class AtlandiceHolder(TypedDict):
    """A seat, or the neutral player of a two-player game."""

    name: str
    seat: int | None
    neutral: bool
    goods: dict[str, int]
    tiles: list[str]
    chips: int
    vp: int


class AtlandiceView(View):
    """Atlandice's public view: the whole table (nothing is secret but the face-down order)."""

    round: int
    start_player: int
    scores: list[int]  # each seat's VP as the table stands (the shared running-score key)
    clock: AtlandiceClock
    sunk: bool
    areas: list[AtlandiceArea]
    submarine: int
    holders: list[AtlandiceHolder]
    dice_left: int
    takes_left: int
    step: str
    searching: int | None
    choices: list[int]  # the areas (1-6) the decision at hand picks among, for the image to mark
    resource_choices: list[AtlandicePick]  # the resources in areas it picks among, likewise
    final: list[dict[str, int]] | None  # per holder once over: resource -> final majority VP


class AtlandicePrivate(TypedDict):
    """What only one seat sees: nothing but lines the log may address to it alone."""

    log: list[str]


class AtlandiceSeatView(AtlandiceView, SeatView[AtlandicePrivate]):
    """The public view plus whose it is."""
