"""The typed shape of Iliad's views, shared by the game (which builds them) and the renderer."""

from __future__ import annotations

from typing import TypedDict

from bot.engine.view import SeatView, View


class TileView(TypedDict):
    """A tile on the board; `tile` is None while it lies face down."""

    owner: int
    tile: str | None  # "1".."5" or "D"
    face_up: bool


class TokenView(TypedDict):
    """A success token: kind, points and how a player names it."""

    kind: str
    value: int
    label: str


class LastMove(TypedDict):
    """The newest public line and the squares that turn touched, for highlighting."""

    seat: int | None
    text: str
    squares: list[str]


class Marks(TypedDict):
    """What the prompt refers to, for the image to mark: the tile being moved, its choices."""

    moving: str | None  # the square of the tile an effect 1 or 2 is moving
    targets: list[str]  # squares the prompt offers: where it may go, or which tile to pick


class IliadView(View):
    """The table everyone sees: board, line-end tokens, reserve, collected tokens, sizes."""

    colours: list[str]
    turn: int  # whose turn it is (the token picker may be the other seat)
    turn_number: int
    phase: str  # place | effect | effect_target | order | token | over
    board: list[TileView | None]
    square_owner: list[int]
    lines: dict[str, list[TokenView | None]]
    reserve: list[TokenView]
    collected: list[list[TokenView]]
    scores: list[int]
    gods: list[list[str]]
    favour: list[bool]
    stack_sizes: list[int]
    hand_sizes: list[int]
    last_move: LastMove | None
    marks: Marks


class IliadPrivate(TypedDict):
    """One seat's secrets: its hand tiles and the lines only it reads (its draws)."""

    hand: list[str]
    log: list[str]


class IliadSeatView(IliadView, SeatView[IliadPrivate]):
    """The table plus one seat's hand."""
