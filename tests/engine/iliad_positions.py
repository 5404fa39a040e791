"""Hand-made Iliad positions for rule tests: a board drawn as text, tokens by code."""

from __future__ import annotations

from bot.engine import evolve
from bot.games.iliad import GAME
from bot.games.iliad.board import SQUARE_INDEX
from bot.games.iliad.model import State, Tile, Token, token_from_code


def tiles(**squares: str) -> tuple[Tile | None, ...]:
    """Board from keyword squares: c3="H5" is Hector's 5, d3="a2" Achilles's face-down 2.

    First letter: H = Hector (0), A = Achilles (1), lower-case when face down; then 1-5 or D.
    """
    board: list[Tile | None] = [None] * 36
    for name, text in squares.items():
        owner = 0 if text[0] in "Hh" else 1
        face_up = text[0].isupper()
        value = 0 if text[1] == "D" else int(text[1])
        board[SQUARE_INDEX[name]] = Tile(owner, value, face_up)
    return tuple(board)


def tokens(*codes: str) -> tuple[Token, ...]:
    """Tokens from their codes, e.g. tokens('Z8', 'C-5')."""
    return tuple(token_from_code(c) for c in codes)


def position(**changes: object) -> State:
    """A real new game (seed 1) with some fields replaced."""
    return evolve(GAME.new_game(2, 1), **changes)


def full_board_except(*empty: str) -> list[Tile | None]:
    """Every square filled with its colour owner's 1, except the named ones."""
    board: list[Tile | None] = []
    for square in range(36):
        row, col = divmod(square, 6)
        board.append(Tile((row + col) % 2, 1))
    for name in empty:
        board[SQUARE_INDEX[name]] = None
    return board
