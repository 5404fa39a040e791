"""Squares, lines and neighbours of the 6x6 board, computed once."""

from __future__ import annotations

from functools import cache

from bot.i18n import say

SIZE = 6
SQUARES = tuple(range(SIZE * SIZE))
FILES = "abcdef"
LINE_NAMES = ("1", "2", "3", "4", "5", "6", "a", "b", "c", "d", "e", "f")
CENTRE = (14, 15, 20, 21)  # c3, d3, c4, d4


def square_name(square: int) -> str:
    """Index -> 'c3' (file a-f, rank 1-6; rank 1 is row 0)."""
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


SQUARE_NAMES = tuple(square_name(s) for s in SQUARES)
SQUARE_INDEX = {name: s for s, name in enumerate(SQUARE_NAMES)}


def _neighbours(square: int) -> tuple[int, ...]:
    row, col = divmod(square, SIZE)
    steps = ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col))
    return tuple(r * SIZE + c for r, c in steps if 0 <= r < SIZE and 0 <= c < SIZE)


NEIGHBOURS = tuple(_neighbours(s) for s in SQUARES)


def _line(index: int) -> tuple[int, ...]:
    if index < SIZE:
        return tuple(index * SIZE + col for col in range(SIZE))
    col = index - SIZE
    return tuple(row * SIZE + col for row in range(SIZE))


LINES = tuple(_line(i) for i in range(2 * SIZE))
LINES_OF = tuple(tuple(i for i, line in enumerate(LINES) if s in line) for s in SQUARES)


def line_label(index: int) -> str:
    """'row 3' or 'column c', as a player says it."""
    name = LINE_NAMES[index]
    return say("iliad.line.row", name=name) if index < SIZE else say("iliad.line.column", name=name)


def square_colour(square: int, blue_parity: int) -> int:
    """IL-1: the seat whose colour a square has (0 blue, 1 red), like a chessboard."""
    row, col = divmod(square, SIZE)
    return 0 if (row + col) % 2 == blue_parity else 1


@cache
def squares_of(colour: int, blue_parity: int) -> tuple[int, ...]:
    """Every square of one seat's colour."""
    return tuple(s for s in SQUARES if square_colour(s, blue_parity) == colour)
